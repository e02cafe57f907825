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
// registerToCppTranslation. The driver is mlirTranslateMain's, written out
// (one translation, no chains) so that -o follows ascreg's output-file rule
// (ascreg/Support/OutputFile.h): mlirTranslateMain opens the output itself.
// A C++ kernel (docs/import.md) is imported first and translated from MLIR
// text that keeps every op's C++ location.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Import/Import.h"
#include "ascreg/InitAll.h"
#include "ascreg/Support/InputFile.h"
#include "ascreg/Support/OutputFile.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

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

llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional, llvm::cl::desc("<input file>"),
                                         llvm::cl::init("-"));
llvm::cl::opt<std::string> outputFilename("o", llvm::cl::desc("Output filename"),
                                          llvm::cl::value_desc("filename"), llvm::cl::init("-"));
llvm::cl::opt<std::string> inputSplitMarker(
    "split-input-file", llvm::cl::ValueOptional, llvm::cl::callback([](const std::string &marker) {
      if (marker.empty()) // the flag alone: the default marker
        inputSplitMarker.setValue(kDefaultSplitMarker);
    }),
    llvm::cl::desc("Split the input file into chunks using the given or default marker and "
                   "translate each chunk independently"),
    llvm::cl::init(""));
llvm::cl::opt<std::string>
    outputSplitMarker("output-split-marker",
                      llvm::cl::desc("Split marker to use for merging the output"),
                      llvm::cl::init(""));
llvm::cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    llvm::cl::desc("Check that emitted diagnostics match expected-* lines on the corresponding "
                   "line"),
    llvm::cl::init(false));

int fail(llvm::Error err) {
  llvm::errs() << "ascreg-translate: error: " << llvm::toString(std::move(err)) << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
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
  llvm::cl::opt<const Translation *, false, TranslationParser> translation(
      llvm::cl::desc("Translation to perform"), llvm::cl::Required);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerTranslationCLOptions();
  ascreg::registerImportCLOptions(llvm::cl::getGeneralCategory());
  llvm::cl::ParseCommandLineOptions(argc, argv, "ascreg translation driver (dav-3510 Ascend C)\n");

  // The output-file rule (ascreg/Support/OutputFile.h): -o never names the
  // input, and only a successful run writes it (mlirTranslateMain truncated
  // it first and removed it, a device node included, when the run failed).
  ascreg::OutputPlan plan;
  plan.addInput(inputFilename, "ascreg-translate");
  if (outputFilename != "-")
    if (llvm::Error err = plan.addOutput(outputFilename, "-o " + outputFilename))
      return fail(std::move(err));
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = ascreg::openBoundedInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (ascreg::isCxxKernelSource(inputFilename)) {
    DialectRegistry registry;
    ascreg::registerAllDialects(registry);
    input = ascreg::importAsMLIRText(*input, registry, ascreg::importOptionsFromCL());
    if (!input)
      return 1;
  }

  // One context per chunk of --split-input-file, as mlirTranslateMain.
  auto translateChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                            raw_ostream &os) -> LogicalResult {
    if (!chunk->getBuffer().ends_with('\0')) // a chunk need not end in NUL
      chunk =
          llvm::MemoryBuffer::getMemBufferCopy(chunk->getBuffer(), chunk->getBufferIdentifier());
    MLIRContext context;
    context.printOpOnDiagnostic(!verifyDiagnostics);
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    if (verifyDiagnostics) {
      SourceMgrDiagnosticVerifierHandler handler(*sourceMgr, &context);
      (void)(*translation)(sourceMgr, os, &context);
      return handler.verify();
    }
    SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
    return (*translation)(sourceMgr, os, &context);
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(splitAndProcessBuffer(std::move(input), translateChunk, os, inputSplitMarker,
                                   outputSplitMarker)))
    return 1;
  if (outputFilename == "-") {
    llvm::outs() << text;
    return 0;
  }
  if (llvm::Error err = ascreg::writeOutputFile(outputFilename, text))
    return fail(std::move(err));
  return 0;
}
