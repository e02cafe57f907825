//===- ascreg-import.cpp - a Reg API C++ kernel as ascreg MLIR ------------===//
//
//   ascreg-import kernel.asc [-o kernel.mlir] [--function=NAME] [-I DIR] [-D NAME[=V]]
//
// Imports every instantiated vector function (__simd_vf__) and
// __VEC_SCOPE__ block of a C++ file (docs/import.md). Errors are located in
// the C++ file; exit status 1 and no output file on any error.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Import/Import.h"
#include "ascreg/InitAll.h"
#include "ascreg/Support/InputFile.h"
#include "ascreg/Support/OutputFile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory importCat("ascreg-import options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.asc|kernel.cpp>"),
                                      cl::Required, cl::cat(importCat));
static cl::opt<std::string> outputFile("o", cl::desc("Output file (default: stdout)"),
                                       cl::value_desc("file"), cl::init("-"), cl::cat(importCat));
static cl::opt<bool> debugInfo("mlir-print-debuginfo-locs",
                               cl::desc("Print the C++ location of every op"), cl::init(false),
                               cl::cat(importCat));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ascreg::registerImportCLOptions(importCat);
  cl::HideUnrelatedOptions(importCat);
  cl::ParseCommandLineOptions(argc, argv, "ascreg-import: a Reg API C++ kernel as ascreg MLIR\n");

  DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context, llvm::errs());

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = ascreg::openBoundedInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "ascreg-import: " << error << "\n";
    return 1;
  }
  if (!ascreg::isCxxKernelSource(inputFile)) {
    llvm::errs() << "ascreg-import: " << inputFile
                 << " is not a C++ source (.asc, .cpp, .cc, .cxx, .C)\n";
    return 1;
  }
  OwningOpRef<ModuleOp> module = ascreg::importCxxKernel(inputFile, file->getBuffer(), &context,
                                                         ascreg::importOptionsFromCL());
  if (!module)
    return 1;

  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (debugInfo)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false).useLocalScope();
  module->print(os, flags);
  os << "\n";
  if (outputFile == "-") {
    llvm::outs() << text;
    return 0;
  }
  // The project's output rule: the target is replaced only by a whole file.
  if (llvm::Error e = ascreg::writeOutputFile(outputFile, text)) {
    llvm::errs() << "ascreg-import: " << llvm::toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}
