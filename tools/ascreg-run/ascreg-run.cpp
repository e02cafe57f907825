//===- ascreg-run.cpp - run ascreg kernels on the CPU -----------*- C++ -*-===//
//
//   ascreg-run KERNEL.mlir [--entry=NAME] [--mode=interp|jit|check] [--arg=SPEC]...
//              [--out=I:FILE.npy]... [--print] [--trace] [--ub-capacity=BYTES] [--repeat=N]
//   ascreg-run --serve     (runs read from stdin, one process start: Serve.cpp)
//   SPEC: FILE.npy | i32:V | i64:V | index:V | f32:V | f16:V | bf16:V | f64:V
//
// The command-line contract is section 8a of the semantics contract
// (docs/semantics.md). This file only maps the options onto a
// driver::RunRequest: the corridor from the kernel to the result is the
// driver's (ascreg/Driver/Run.h, docs/architecture.md "The hallway").
//
//===----------------------------------------------------------------------===//
#include "Serve.h"

#include "ascreg/Debugging/PassPlugins.h"
#include "ascreg/Driver/Run.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
namespace sem = ::ascreg::semantics;
namespace driver = ::ascreg::driver;

static cl::OptionCategory runCat("ascreg-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.mlir | kernel.cpp>"),
                                      cl::init("-"), cl::cat(runCat));
static cl::opt<std::string> entry("entry", cl::desc("Entry function (default: kernel)"),
                                  cl::init("kernel"), cl::cat(runCat));
static cl::opt<std::string> mode("mode", cl::desc("interp | jit | check (default: interp)"),
                                 cl::init("interp"), cl::cat(runCat));
static cl::list<std::string> argSpecs("arg",
                                      cl::desc("Entry parameter, in order: FILE.npy | i32:V | "
                                               "i64:V | index:V | f32:V | f16:V | bf16:V"),
                                      cl::cat(runCat));
static cl::list<std::string> outSpecs("out", cl::desc("I:FILE.npy - write memref parameter I"),
                                      cl::cat(runCat));
static cl::opt<bool> printArgs("print", cl::desc("Print every memref argument after the run"),
                               cl::cat(runCat));
static cl::opt<bool> trace("trace", cl::desc("Trace every executed ascreg op"), cl::cat(runCat));
static cl::opt<uint64_t> ubCapacity(
    "ub-capacity",
    cl::desc("Usable UB bytes (default 253952 = 248 KiB: semantics::kDefaultUBCapacity)"),
    cl::init(sem::kDefaultUBCapacity), cl::cat(runCat));
static cl::opt<unsigned> repeat("repeat",
                                cl::desc("Run N times after one preparation; report "
                                         "the median time on stderr"),
                                cl::init(0), cl::cat(runCat));
static cl::opt<bool>
    noRuntimeChecks("jit-no-checks",
                    cl::desc("JIT without the cf.assert checks of UB accesses and gather indices"),
                    cl::cat(runCat));
static cl::opt<unsigned> jitOptLevel("jit-opt", cl::desc("LLVM optimization level of the JIT"),
                                     cl::init(2), cl::cat(runCat));
static cl::opt<std::string>
    jitCache("jit-cache",
             cl::desc("Directory of the JIT's cache of compiled kernels, or 'off' (default: "
                      "$ASCREG_JIT_CACHE, else $XDG_CACHE_HOME/ascreg/jit or ~/.cache/ascreg/jit)"),
             cl::cat(runCat));
static cl::opt<std::string> jitCacheSize(
    "jit-cache-size",
    cl::desc("Size limit of the JIT's cache: bytes, optionally with K, M or G, 0 for none; the "
             "least recently used kernels are removed (default: $ASCREG_JIT_CACHE_SIZE, else 64M)"),
    cl::cat(runCat));
static cl::opt<std::string>
    passPipeline("pass-pipeline",
                 cl::desc("Run this pass pipeline on the module before executing it, e.g. "
                          "'builtin.module(convert-ascreg-to-dav)' to run the dav-3510 lowering"),
                 cl::init(""), cl::cat(runCat));
static cl::opt<std::string>
    checkList("check",
              cl::desc("Debugging checks of the interpreter run: a list of init, bounds, align, "
                       "coverage, ub, or all (docs/debugging.md); findings exit 1"),
              cl::init(""), cl::cat(runCat));
static cl::opt<bool> checkWarn("check-warn",
                               cl::desc("Report the checks' findings as warnings and exit 0"),
                               cl::cat(runCat));
static cl::opt<unsigned>
    checkLimit("check-limit",
               cl::desc("Record at most this many distinct findings (default 100, 0: no limit); "
                        "the run goes on to its end"),
               cl::init(100), cl::cat(runCat));
static cl::list<std::string>
    explainSpecs("explain",
                 cl::desc("I:E[,E|E-F...] - explain where elements E of memref parameter I come "
                          "from: the store that wrote each, and the ops before it"),
                 cl::cat(runCat));
static cl::opt<unsigned> explainDepth("explain-depth",
                                      cl::desc("Producing ops to follow back (default 4)"),
                                      cl::init(4), cl::cat(runCat));
static cl::opt<std::string> bisectPipeline(
    "bisect-pipeline",
    cl::desc("Run the kernel before the pipeline and after each of its passes on the same inputs "
             "and report the first pass after which a buffer differs (docs/debugging.md)"),
    cl::init(""), cl::cat(runCat));
static cl::list<std::string>
    passPlugins("load-pass-plugin",
                cl::desc("Load passes from a plugin library (for --pass-pipeline and "
                         "--bisect-pipeline)"),
                cl::cat(runCat));
static cl::opt<std::string>
    reportFile("report",
               cl::desc("Write an HTML report of the run (registers, masks, UB byte map, "
                        "findings; with --mode=check the two runs side by side): docs/report.md"),
               cl::init(""), cl::cat(runCat));
// Test-only: flips bit 0 of element E of parameter I after the JIT run, a
// planted divergence for the report's tests.
static cl::opt<std::string> perturbJit("test-perturb-jit", cl::desc("I:E (tests only)"),
                                       cl::init(""), cl::Hidden, cl::cat(runCat));
static cl::opt<std::string> semanticsProfile(
    "semantics",
    cl::desc("The semantic profile of the run: 'documented' (default), key=candidate,... or a "
             "profile JSON file from `ascreg-probe ingest`; recorded in the module "
             "(ascreg.semantics) so every path and lowering runs with it (docs/semantics.md "
             "section 8)"),
    cl::init(""), cl::cat(runCat));
static cl::opt<uint64_t> maxSteps("max-steps",
                                  cl::desc("Loop iterations and branches allowed per run"),
                                  cl::init(uint64_t(1) << 32), cl::cat(runCat));

static int runMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  ::ascreg::registerImportCLOptions(runCat);
  cl::HideUnrelatedOptions(runCat);
  cl::ParseCommandLineOptions(argc, argv,
                              "ascreg-run: execute ascreg kernels on the CPU, bit-exactly with "
                              "dav-3510 (semantics: " +
                                  std::string(sem::kSemanticsVersion) + ")\n");
  auto fail = [](const llvm::Twine &msg) {
    llvm::errs() << "ascreg-run: error: " << msg << "\n";
    return 1;
  };

  driver::RunRequest req;
  std::optional<driver::RunMode> runMode = driver::parseRunMode(mode);
  if (!runMode)
    return fail("--mode must be " + driver::kRunModeNames + ", got '" + mode + "'");
  req.mode = *runMode;
  req.modeGiven = mode.getNumOccurrences() != 0;
  // Plugins register their passes before any pipeline is read.
  (void)driver::sessionRegistry();
#ifdef ASCREG_STATIC_LLVM
  // A plugin links libMLIR.so: its passes would use a second MLIR.
  if (!passPlugins.empty())
    return fail("--load-pass-plugin: this ascreg-run links MLIR statically "
                "(ASCREG_STATIC_LLVM); load plugins with a default build");
#endif
  for (const std::string &path : passPlugins)
    if (auto err = ::ascreg::debugging::loadPassPlugin(path))
      return fail("--load-pass-plugin=" + path + ": " + llvm::toString(std::move(err)));
  req.passPlugins.assign(passPlugins.begin(), passPlugins.end());

  req.input = inputFile;
  req.entry = entry;
  req.entryGiven = entry.getNumOccurrences() != 0;
  req.cxx = ::ascreg::importOptionsFromCL();
  req.args.assign(argSpecs.begin(), argSpecs.end());
  req.outs.assign(outSpecs.begin(), outSpecs.end());
  req.print = printArgs;
  req.trace = trace;
  if (ubCapacity.getNumOccurrences())
    req.ubCapacity = ubCapacity;
  req.repeat = repeat;
  req.jitRuntimeChecks = !noRuntimeChecks;
  req.jitOptLevel = jitOptLevel;
  if (jitCache.getNumOccurrences())
    req.jitCache = jitCache == "off" ? std::string() : jitCache.getValue();
  if (jitCacheSize.getNumOccurrences())
    req.jitCacheSize = jitCacheSize.getValue();
  req.pipeline = passPipeline;
  req.checks = checkList;
  req.checkWarn = checkWarn;
  req.checkLimit = checkLimit;
  req.explain.assign(explainSpecs.begin(), explainSpecs.end());
  req.explainDepth = explainDepth;
  req.bisectPipeline = bisectPipeline;
  req.report = reportFile;
  req.perturbJit = perturbJit;
  req.profile = semanticsProfile;
  req.maxSteps = maxSteps;
  return driver::runKernel(req);
}

int main(int argc, char **argv) {
  if (argc == 2 && llvm::StringRef(argv[1]) == "--serve")
    return ::ascreg::run::serveRuns(runMain);
  return runMain(argc, argv);
}
