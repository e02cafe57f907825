//===- ascreg-opt.cpp - ascreg optimizer driver -----------------*- C++ -*-===//
//
// MlirOptMain with the ascreg dialect, its passes, and the upstream dialects
// and passes kernels and lowerings use (func, arith, scf, memref, vector,
// index, cf, math, emitc, llvm). The input passes ascreg's parse limits
// first (ascreg/Support/ParseLimits.h: an input that would abort MLIR's
// parser gets a located error), so this is MlirOptMain's argv form written
// out: the input is read once (it may be stdin) and checked before it is
// handed over. Pass pipelines given on the command line pass the pipeline
// limits. A C++ kernel (docs/import.md) is imported first and handed over
// as MLIR text that keeps every op's C++ location.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Import/Import.h"
#include "ascreg/InitAll.h"
#include "ascreg/Support/InputFile.h"
#include "ascreg/Support/OutputFile.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

/// The arguments after the program name, with response files `@FILE`
/// expanded as the option parser expands them; none if one cannot be read
/// (the option parser has reported it).
static llvm::SmallVector<std::string> expandedArguments(int argc, char **argv) {
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver(allocator);
  llvm::SmallVector<const char *> args(argv + 1, argv + argc);
  if (!llvm::cl::ExpandResponseFiles(saver, llvm::cl::TokenizeGNUCommandLine, args))
    return {};
  return llvm::SmallVector<std::string>(args.begin(), args.end());
}

/// MlirOptMain hands --pass-pipeline (also spelled -p, or read from a
/// response file) and pass options (`--inline=op-pipelines=...`) to
/// mlir::parsePassPipeline, which recurses per nesting level: each argument
/// (a pass option read from a response file once crashed the parser) and
/// the option's final value pass the pipeline limits first.
static mlir::LogicalResult checkPipelineArguments(llvm::ArrayRef<std::string> args) {
  std::string error;
  for (auto [i, arg] : llvm::enumerate(args)) {
    // `--name=value` is reported as the option's, at a character of the value.
    llvm::StringRef name, value = arg;
    if (value.starts_with("-") && value.contains('='))
      std::tie(name, value) = value.split('=');
    if (mlir::failed(ascreg::checkPipelineLimits(value, error))) {
      if (name.empty())
        llvm::errs() << "argument " << i + 1 << ": " << error << "\n";
      else
        llvm::errs() << name << ": " << error << "\n";
      return mlir::failure();
    }
  }
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("pass-pipeline"); // a cl::opt<std::string> (mlir/Pass/PassRegistry.h)
  if (it != options.end() &&
      mlir::failed(ascreg::checkPipelineLimits(
          static_cast<llvm::cl::opt<std::string> *>(it->second)->getValue(), error))) {
    llvm::errs() << "--pass-pipeline: " << error << "\n";
    return mlir::failure();
  }
  return mlir::success();
}

/// MLIR's options of ascreg-opt that name a file MLIR writes itself: they
/// never name the input or -o (--log-actions-to=KERNEL once emptied the
/// kernel and exited 0). Given as `--name=FILE` or `--name FILE`.
static constexpr llvm::StringLiteral kWrittenFileOptions[] = {
    "log-actions-to", "mlir-generate-reproducer", "mlir-pass-pipeline-crash-reproducer"};

static llvm::Error planWrittenFiles(llvm::ArrayRef<std::string> args, ascreg::OutputPlan &plan) {
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (!arg.consume_front("-"))
      continue;
    arg.consume_front("-");
    for (llvm::StringRef option : kWrittenFileOptions) {
      llvm::StringRef file;
      if (arg == option && i + 1 < args.size())
        file = args[i + 1];
      else if (arg.starts_with(option) && arg.drop_front(option.size()).starts_with("="))
        file = arg.drop_front(option.size() + 1);
      else
        continue;
      if (file.empty() || file == "-")
        continue;
      if (llvm::Error err = plan.addOutput(file, "--" + option.str() + "=" + file.str()))
        return err;
    }
  }
  return llvm::Error::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  ascreg::registerAllPasses();
  ascreg::registerImportCLOptions(llvm::cl::getGeneralCategory());
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "ascreg optimizer driver (dav-3510)\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses()) // no input to read
    return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, input, output, registry));

  llvm::SmallVector<std::string> args = expandedArguments(argc, argv);
  if (mlir::failed(checkPipelineArguments(args)))
    return 1;
  // The output-file rule (ascreg/Support/OutputFile.h): no output replaces
  // the input or another output; only a successful run writes -o.
  ascreg::OutputPlan plan;
  plan.addInput(input, "ascreg-opt");
  if (llvm::Error err = planWrittenFiles(args, plan)) {
    llvm::errs() << "ascreg-opt: error: " << llvm::toString(std::move(err)) << "\n";
    return 1;
  }

  if (input == "-" && llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = ascreg::openBoundedInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (ascreg::isCxxKernelSource(input) &&
      !(file = ascreg::importAsMLIRText(*file, registry, ascreg::importOptionsFromCL())))
    return 1;
  {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef(), /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    mlir::MLIRContext context;
    mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
    if (mlir::failed(ascreg::checkParseLimits(sourceMgr, &context)))
      return 1;
  }
  if (output != "-") {
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::Error err = plan.addOutput(output, "-o " + output);
    if (!err && mlir::failed(mlir::MlirOptMain(os, std::move(file), registry, config)))
      return 1;
    if (!err)
      err = ascreg::writeOutputFile(output, text);
    if (err) {
      llvm::errs() << "ascreg-opt: error: " << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
    return 0;
  }
  std::unique_ptr<llvm::ToolOutputFile> out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  out->keep();
  return 0;
}
