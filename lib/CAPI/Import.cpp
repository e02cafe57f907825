//===- Import.cpp - C API: load a kernel file, C++ included -----*- C++ -*-===//
#include "ascreg-c/Import.h"

#include "ascreg/Import/Import.h"
#include "ascreg/Support/InputFile.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static std::vector<std::string> strings(const MlirStringRef *refs, intptr_t n) {
  std::vector<std::string> out;
  for (intptr_t i = 0; refs && i < n; ++i)
    out.push_back(unwrap(refs[i]).str());
  return out;
}

MlirModule ascregLoadKernelFile(MlirContext ctx, MlirStringRef path,
                                const AscregImportOptions *options) {
  MLIRContext *context = unwrap(ctx);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = ascreg::openBoundedInputFile(unwrap(path), &error);
  if (!file) {
    emitError(UnknownLoc::get(context)) << "ascregLoadKernelFile: " << error;
    return MlirModule{nullptr};
  }
  ascreg::ImportOptions cxx;
  if (options) {
    cxx.function = unwrap(options->function).str();
    cxx.defines = strings(options->defines, options->numDefines);
    cxx.includeDirs = strings(options->includeDirs, options->numIncludeDirs);
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = ascreg::importOrParseKernel(sourceMgr, ParserConfig(context), cxx);
  return wrap(module.release());
}
