//===- ascreg-translate.cpp - ascreg translations ---------------*- C++ -*-===//
//
// mlirTranslateMain with
//   --ascreg-to-ascendc  an ascreg (or already dav-lowered) kernel to Ascend C
//                        source: the Ascend C pipeline (buildAscendCPipeline:
//                        convert-ascreg-to-dav, canonicalize + cse, the
//                        emission passes), then EmitC's C++ emitter;
//   --mlir-to-cpp        an EmitC module printed as C++ (upstream's emitter).
// The output compiles for the NPU with the vendor toolchain, and on the host
// with include/ascreg/AscendC/HostIntrinsics.h (docs/dav3510.md).
//
// Both translations check the input against ParseLimits.h before MLIR's
// parser sees it (upstream's TranslateFromMLIRRegistration parses with no
// such hook), so mlir-to-cpp is registered here rather than by
// registerToCppTranslation.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/InitAll.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace {

using FromMLIR = std::function<LogicalResult(Operation *, raw_ostream &)>;

/// What TranslateFromMLIRRegistration does (the ascreg dialects, parse with
/// an implicit module, verify, translate), with the parse limits checked
/// first.
TranslateFunction checkedFromMLIR(FromMLIR translate) {
  return [translate](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
                     MLIRContext *ctx) -> LogicalResult {
    DialectRegistry registry;
    ascreg::registerAllDialects(registry);
    ctx->appendDialectRegistry(registry);
    if (failed(ascreg::checkParseLimits(*sourceMgr, ctx)))
      return failure();
    OwningOpRef<Operation *> op =
        parseSourceFileForTool(sourceMgr, ParserConfig(ctx), /*insertImplicitModule=*/true);
    if (!op || failed(verify(*op)))
      return failure();
    return translate(op.get(), os);
  };
}

llvm::cl::opt<bool> declareVariablesAtTop(
    "declare-variables-at-top",
    llvm::cl::desc("--mlir-to-cpp: declare variables at top when emitting C/C++"),
    llvm::cl::init(false));
llvm::cl::opt<std::string> fileId("file-id",
                                  llvm::cl::desc("--mlir-to-cpp: emit emitc.file ops with this id"),
                                  llvm::cl::init(""));

} // namespace

int main(int argc, char **argv) {
  TranslateRegistration toAscendC(
      "ascreg-to-ascendc", "translate an ascreg kernel to Ascend C (dav-3510 intrinsics)",
      checkedFromMLIR([](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        return ascreg::translateToAscendC(module, os);
      }));
  TranslateRegistration toCpp("mlir-to-cpp", "translate an EmitC module to C++",
                              checkedFromMLIR([](Operation *op, raw_ostream &os) {
                                return emitc::translateToCpp(op, os, declareVariablesAtTop, fileId);
                              }));
  return failed(mlirTranslateMain(argc, argv, "ascreg translation driver (dav-3510 Ascend C)"));
}
