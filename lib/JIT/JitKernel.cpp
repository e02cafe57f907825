//===- JitKernel.cpp - JIT-compile and run an ascreg kernel -----*- C++ -*-===//
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;

namespace ascreg {
namespace jit {

namespace {
/// The memref descriptor of a rank-1 memref (StridedMemRefType<T, 1>); the
/// layout does not depend on the element type.
struct Descriptor1D {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

struct Param {
  bool isMemRef;
  unsigned bytes; // scalar size
};
} // namespace

struct JitKernel::Impl {
  std::unique_ptr<ExecutionEngine> engine;
  std::string symbol;
  std::vector<Param> params;
};

JitKernel::JitKernel() : impl(std::make_unique<Impl>()) {}
JitKernel::~JitKernel() = default;

FailureOr<std::unique_ptr<JitKernel>> JitKernel::compile(ModuleOp module, StringRef entry,
                                                         const Options &options) {
  static std::once_flag initOnce;
  std::call_once(initOnce, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  MLIRContext *ctx = module.getContext();
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);

  auto fn = module.lookupSymbol<func::FuncOp>(entry);
  if (!fn) return module.emitError() << "no function @" << entry << " to JIT-compile";
  std::unique_ptr<JitKernel> kernel(new JitKernel());
  for (Type t : fn.getArgumentTypes()) {
    Param p;
    p.isMemRef = isa<MemRefType>(t);
    p.bytes = p.isMemRef ? 0 : (t.isIndex() ? 8 : (t.getIntOrFloatBitWidth() + 7) / 8);
    kernel->impl->params.push_back(p);
  }
  kernel->impl->symbol = ("_mlir_ciface_" + entry).str();

  OwningOpRef<ModuleOp> lowered = cast<ModuleOp>(module->clone());
  auto loweredFn = lowered->lookupSymbol<func::FuncOp>(entry);
  loweredFn->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(), UnitAttr::get(ctx));
  PassManager pm(ctx);
  ascreg::LowerToLLVMOptions lowerOptions;
  lowerOptions.runtimeChecks = options.runtimeChecks;
  ascreg::buildLowerToLLVMPipeline(pm, lowerOptions);
  if (failed(pm.run(*lowered))) return failure();

  auto transformer = makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel =
      options.optLevel >= 3   ? llvm::CodeGenOptLevel::Aggressive
      : options.optLevel == 0 ? llvm::CodeGenOptLevel::None
                              : llvm::CodeGenOptLevel::Default;
  auto engine = ExecutionEngine::create(*lowered, engineOptions);
  if (!engine)
    return module.emitError() << "JIT compilation failed: " << llvm::toString(engine.takeError());
  kernel->impl->engine = std::move(*engine);
  return kernel;
}

LogicalResult JitKernel::run(ArrayRef<interp::Arg> args) {
  const auto &params = impl->params;
  if (args.size() != params.size()) {
    llvm::errs() << "ascreg JIT: kernel takes " << params.size() << " arguments, got "
                 << args.size() << "\n";
    return failure();
  }
  std::vector<Descriptor1D> descriptors(args.size());
  std::vector<Descriptor1D *> descriptorPtrs(args.size());
  std::vector<uint64_t> scalars(args.size());
  llvm::SmallVector<void *> packed;
  for (size_t i = 0; i < args.size(); ++i) {
    if (params[i].isMemRef) {
      descriptors[i] = {args[i].data, args[i].data, 0,
                        static_cast<int64_t>(args[i].numElements), 1};
      descriptorPtrs[i] = &descriptors[i];
      packed.push_back(&descriptorPtrs[i]);
    } else {
      scalars[i] = args[i].bits; // little-endian: narrower scalars are the low bytes
      packed.push_back(&scalars[i]);
    }
  }
  if (llvm::Error err = impl->engine->invokePacked(impl->symbol, packed)) {
    llvm::errs() << "ascreg JIT: " << llvm::toString(std::move(err)) << "\n";
    return failure();
  }
  return success();
}

} // namespace jit
} // namespace ascreg
