//===- TestAscRegPasses.cpp - planted miscompiles for pass bisection ------===//
//
// A pass plugin (ascreg-run --load-pass-plugin, mlir-opt --load-pass-plugin)
// with passes that are wrong on purpose, so that the tests of
// `ascreg-run --bisect-pipeline` can check it names the pass that breaks a
// kernel:
//   test-ascreg-drop-first-iteration  every outermost scf.for that contains an
//                                     ascreg op starts one step later;
//   test-ascreg-swap-reduce-kind      ascreg.reduce <max> becomes <min> and
//                                     <min> becomes <max>.
// Like a frontend's own plugin, it links only the shared MLIR library and
// touches ascreg ops by name: a second copy of the ascreg dialect in the
// plugin would have its own TypeIDs.
//
//===----------------------------------------------------------------------===//
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

namespace {

bool containsAscRegOp(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return inner->getName().getDialectNamespace() == "ascreg" ? WalkResult::interrupt()
                                                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

struct DropFirstIteration : public PassWrapper<DropFirstIteration, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropFirstIteration)
  StringRef getArgument() const final { return "test-ascreg-drop-first-iteration"; }
  StringRef getDescription() const final {
    return "Test only, wrong on purpose: outermost scf.for loops over ascreg ops skip their "
           "first iteration";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    getOperation()->walk<WalkOrder::PreOrder>([](scf::ForOp loop) {
      if (!containsAscRegOp(loop))
        return WalkResult::advance();
      OpBuilder b(loop);
      Value lb = arith::AddIOp::create(b, loop.getLoc(), loop.getLowerBound(), loop.getStep());
      loop.getLowerBoundMutable().assign(lb);
      return WalkResult::skip();
    });
  }
};

struct SwapReduceKind : public PassWrapper<SwapReduceKind, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SwapReduceKind)
  StringRef getArgument() const final { return "test-ascreg-swap-reduce-kind"; }
  StringRef getDescription() const final {
    return "Test only, wrong on purpose: ascreg.reduce <max> and <min> trade places";
  }
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() != "ascreg.reduce")
        return;
      Attribute kind = op->getAttr("kind");
      std::string text;
      llvm::raw_string_ostream os(text);
      kind.print(os);
      std::string swapped = text;
      if (size_t at = text.find("max"); at != std::string::npos)
        swapped.replace(at, 3, "min");
      else if (size_t at = text.find("min"); at != std::string::npos)
        swapped.replace(at, 3, "max");
      if (Attribute attr = parseAttribute(swapped, ctx))
        op->setAttr("kind", attr);
    });
  }
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscRegTestPasses", LLVM_VERSION_STRING, []() {
            PassRegistration<DropFirstIteration>();
            PassRegistration<SwapReduceKind>();
          }};
}
