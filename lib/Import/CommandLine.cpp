//===- CommandLine.cpp - the importer's options of every tool ------------===//
//
// --function, -I and -D as ascreg-import, ascreg-run, ascreg-opt and
// ascreg-translate take them (docs/import.md, "Where a C++ kernel is
// accepted"), and the C++ kernel as MLIR text for the tools that parse
// text themselves.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Import/Import.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace cl = llvm::cl;

namespace ascreg {

namespace {
struct ImportCLOptions {
  explicit ImportCLOptions(cl::OptionCategory &cat)
      : function("function",
                 cl::desc("C++ kernel: the vector function to import (C++ name or "
                          "symbol)"),
                 cl::cat(cat)),
        includeDirs("I", cl::desc("C++ kernel: include directory"), cl::Prefix, cl::cat(cat)),
        defines("D", cl::desc("C++ kernel: macro NAME[=VALUE]"), cl::Prefix, cl::cat(cat)) {}
  cl::opt<std::string> function;
  cl::list<std::string> includeDirs;
  cl::list<std::string> defines;
};

std::optional<ImportCLOptions> &clOptions() {
  static std::optional<ImportCLOptions> options;
  return options;
}
} // namespace

void registerImportCLOptions(cl::OptionCategory &category) {
  if (!clOptions())
    clOptions().emplace(category);
}

ImportOptions importOptionsFromCL() {
  ImportOptions options;
  if (const std::optional<ImportCLOptions> &cl = clOptions()) {
    options.function = cl->function;
    options.includeDirs.assign(cl->includeDirs.begin(), cl->includeDirs.end());
    options.defines.assign(cl->defines.begin(), cl->defines.end());
  }
  return options;
}

std::unique_ptr<llvm::MemoryBuffer> importAsMLIRText(const llvm::MemoryBuffer &input,
                                                     const mlir::DialectRegistry &registry,
                                                     const ImportOptions &options) {
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(input.getMemBufferRef(),
                                                                /*RequiresNullTerminator=*/false),
                               llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      importCxxKernel(input.getBufferIdentifier(), input.getBuffer(), &context, options);
  if (!module)
    return nullptr;
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  // Not named as the C++ file: a diagnostic at a C++ location must show
  // the C++ line, which the handler then reads from the file itself.
  return llvm::MemoryBuffer::getMemBufferCopy(text, input.getBufferIdentifier() + " (imported)");
}

} // namespace ascreg
