//===- CheckedParse.cpp - upstream's C API parsers behind the limits ------===//
//
// A C API program parses its kernels with upstream's C API
// (mlirModuleCreateParse & co., linked from libMLIRCAPIIR.a), which hands
// the text straight to MLIR's parsers: 10,000 unary `-` in an affine map
// or 7,000 nested `[` killed the program (ascreg/Support/ParseLimits.h).
// AscRegCAPI's users link with --wrap for each parsing entry point
// (lib/CAPI/CMakeLists.txt), so their calls land here: the text passes the
// parse limits (a located error diagnostic and a null result otherwise)
// before the real function sees it.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Support/InputFile.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

using namespace mlir;

extern "C" {
MlirModule __real_mlirModuleCreateParse(MlirContext, MlirStringRef);
MlirModule __real_mlirModuleCreateParseFromFile(MlirContext, MlirStringRef);
MlirOperation __real_mlirOperationCreateParse(MlirContext, MlirStringRef, MlirStringRef);
MlirType __real_mlirTypeParseGet(MlirContext, MlirStringRef);
MlirAttribute __real_mlirAttributeParseGet(MlirContext, MlirStringRef);
MlirLogicalResult __real_mlirParsePassPipeline(MlirOpPassManager, MlirStringRef, MlirStringCallback,
                                               void *);
MlirLogicalResult __real_mlirOpPassManagerAddPipeline(MlirOpPassManager, MlirStringRef,
                                                      MlirStringCallback, void *);
}

/// Whether `text` (named `name` in the diagnostic) passes the parse limits;
/// if not, an error diagnostic on `ctx` says where and why.
static bool withinLimits(MlirContext ctx, llvm::StringRef text, llvm::StringRef name) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, name, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  return succeeded(ascreg::checkParseLimits(sourceMgr, unwrap(ctx)));
}

/// Whether a pass pipeline passes the pipeline limits; if not, the error
/// goes to the callback (as upstream reports a pipeline it cannot parse).
static bool pipelineWithinLimits(MlirStringRef pipeline, MlirStringCallback callback,
                                 void *userData) {
  std::string error;
  if (succeeded(ascreg::checkPipelineLimits(unwrap(pipeline), error)))
    return true;
  if (callback)
    callback(mlirStringRefCreate(error.data(), error.size()), userData);
  return false;
}

extern "C" {

MlirModule __wrap_mlirModuleCreateParse(MlirContext ctx, MlirStringRef module) {
  if (!withinLimits(ctx, unwrap(module), ""))
    return MlirModule{nullptr};
  return __real_mlirModuleCreateParse(ctx, module);
}

MlirModule __wrap_mlirModuleCreateParseFromFile(MlirContext ctx, MlirStringRef fileName) {
  // Read and parse here: the limits need the text, and a device or FIFO
  // must not be read without bound (a missing file is left to the real
  // function's diagnostic).
  llvm::StringRef name = unwrap(fileName);
  if (name != "-" && !llvm::sys::fs::exists(name))
    return __real_mlirModuleCreateParseFromFile(ctx, fileName);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = ascreg::openBoundedInputFile(name, &error);
  if (!file) {
    emitError(FileLineColLoc::get(unwrap(ctx), name, 0, 0)) << error;
    return MlirModule{nullptr};
  }
  if (!withinLimits(ctx, file->getBuffer(), name))
    return MlirModule{nullptr};
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(file->getBuffer(), ParserConfig(unwrap(ctx)), name);
  return MlirModule{module ? module.release().getOperation() : nullptr};
}

MlirOperation __wrap_mlirOperationCreateParse(MlirContext ctx, MlirStringRef sourceStr,
                                              MlirStringRef sourceName) {
  if (!withinLimits(ctx, unwrap(sourceStr), unwrap(sourceName)))
    return MlirOperation{nullptr};
  return __real_mlirOperationCreateParse(ctx, sourceStr, sourceName);
}

MlirType __wrap_mlirTypeParseGet(MlirContext ctx, MlirStringRef type) {
  if (!withinLimits(ctx, unwrap(type), ""))
    return MlirType{nullptr};
  return __real_mlirTypeParseGet(ctx, type);
}

MlirAttribute __wrap_mlirAttributeParseGet(MlirContext ctx, MlirStringRef attr) {
  if (!withinLimits(ctx, unwrap(attr), ""))
    return MlirAttribute{nullptr};
  return __real_mlirAttributeParseGet(ctx, attr);
}

MlirLogicalResult __wrap_mlirParsePassPipeline(MlirOpPassManager passManager,
                                               MlirStringRef pipeline, MlirStringCallback callback,
                                               void *userData) {
  if (!pipelineWithinLimits(pipeline, callback, userData))
    return mlirLogicalResultFailure();
  return __real_mlirParsePassPipeline(passManager, pipeline, callback, userData);
}

MlirLogicalResult __wrap_mlirOpPassManagerAddPipeline(MlirOpPassManager passManager,
                                                      MlirStringRef pipelineElements,
                                                      MlirStringCallback callback, void *userData) {
  if (!pipelineWithinLimits(pipelineElements, callback, userData))
    return mlirLogicalResultFailure();
  return __real_mlirOpPassManagerAddPipeline(passManager, pipelineElements, callback, userData);
}

} // extern "C"
