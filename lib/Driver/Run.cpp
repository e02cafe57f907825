//===- Run.cpp - the corridor from kernel source to result ------*- C++ -*-===//
#include "Runner.h"

#include "ascreg/Debugging/ElementBits.h"
#include "ascreg/Driver/Bisect.h"
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Report.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/ElementFormat.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/LocationText.h"
#include "ascreg/Support/OutputFile.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <chrono>
#include <cstring>

using namespace mlir;
namespace sem = ::ascreg::semantics;

namespace ascreg {
namespace driver {

namespace {

SessionOptions sessionOptions(llvm::raw_ostream &err) {
  SessionOptions o;
  // Dialects load as the kernel and the passes need them (as in the Python
  // package): loading all up front was a third of a cached JIT run.
  o.echo = &err;
  return o;
}

void printBuffer(llvm::raw_ostream &os, unsigned index, Type type, const BoundArgument &b) {
  auto mt = cast<MemRefType>(type);
  Type elem = mt.getElementType();
  unsigned eb = b.npy.itemBytes;
  uint64_t n = b.npy.numElements();
  // The .npy's dtype says whether integers are signed.
  sem::NumberFormat f = debugging::numberFormatOf(elem);
  if (!isa<FloatType>(elem))
    f.cls = b.npy.kind == 'u' ? sem::NumberFormat::Unsigned : sem::NumberFormat::Signed;
  os << "arg" << index << ": " << type << " (" << n << " elements) = [";
  for (uint64_t i = 0; i < n; ++i) {
    if (i)
      os << ", ";
    uint64_t v = 0;
    std::memcpy(&v, b.work.data() + i * eb, eb);
    os << sem::formatNumber(f, v);
  }
  os << "]\n";
}

/// The median of `times` (sorted here).
double median(std::vector<double> &times) {
  std::sort(times.begin(), times.end());
  size_t n = times.size();
  return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

} // namespace

Runner::Runner(const RunRequest &req, llvm::raw_ostream &out, llvm::raw_ostream &err)
    : req(req), out(out), err(err), session(sessionOptions(err)) {}

int Runner::fail(const llvm::Twine &msg) {
  err << "ascreg-run: error: " << msg << "\n";
  return 1;
}

int Runner::run() {
  LoadFailure loadFailure;
  std::string error;
  module = session.parseFile(req.input, loadFailure, error, &req.cxx);
  if (loadFailure == LoadFailure::Io)
    return fail(error);
  if (!module)
    return 1; // the parser, importer or verifier printed the diagnostic
  // An imported C++ function is the entry unless --entry names one.
  entry = req.entry;
  if (isCxxKernelSource(req.input) && !req.entryGiven) {
    auto fns = llvm::to_vector(module->getOps<func::FuncOp>());
    if (fns.size() != 1)
      return fail(req.input + " has " + std::to_string(fns.size()) +
                  " vector functions: pick one with --function=NAME");
    entry = fns.front().getSymName().str();
  }

  if (!req.profile.empty() && failed(applyProfile(*module, req.profile, error)))
    return fail("--semantics: " + error);
  if (!req.pipeline.empty() && failed(runPipeline(*module, req.pipeline, error)))
    return error.empty() ? 1 : fail("--pass-pipeline: " + error); // else the pass printed it

  fn = module->lookupSymbol<func::FuncOp>(entry);
  if (!fn)
    return fail("no function @" + entry + " in " + req.input + " (set it with --entry)");
  unsigned numParams = fn.getNumArguments();
  auto bindings = bindArgumentSpecs(fn, req.args);
  if (!bindings) {
    std::string msg = llvm::toString(bindings.takeError());
    return msg.empty() ? 1 : fail(msg); // empty: reported at the parameter
  }
  bound = std::move(*bindings);

  // Outputs: checked before anything runs (ascreg/Support/OutputFile.h):
  // none names an input or another output, and each can be written.
  std::vector<std::pair<unsigned, std::string>> outs;
  for (StringRef spec : req.outs) {
    auto [idx, path] = spec.split(':');
    unsigned i;
    if (idx.getAsInteger(10, i) || path.empty())
      return fail("--out must be I:FILE.npy, got '" + spec + "'");
    if (i >= numParams || !bound[i].isBuffer)
      return fail(llvm::formatv("--out={0}: parameter {1} is not a memref parameter of @{2}", spec,
                                i, entry));
    outs.push_back({i, path.str()});
    bound[i].output = true;
  }
  OutputPlan plan;
  plan.addInput(req.input, "the kernel ('" + req.input + "')");
  for (unsigned i = 0; i < numParams; ++i) {
    if (!bound[i].isBuffer)
      continue;
    StringRef file = req.args[i];
    file.consume_back(":uninit");
    plan.addInput(file, llvm::formatv("--arg {0} ('{1}')", i, file).str());
  }
  if (llvm::sys::fs::is_regular_file(req.profile))
    plan.addInput(req.profile, "--semantics ('" + req.profile + "')");
  for (const std::string &plugin : req.passPlugins)
    plan.addInput(plugin, "--load-pass-plugin ('" + plugin + "')");
  for (auto &[param, path] : outs)
    if (auto e = plan.addOutput(path, llvm::formatv("--out={0}:{1}", param, path).str()))
      return fail(llvm::toString(std::move(e)));
  if (!req.report.empty())
    if (auto e = plan.addOutput(req.report, "--report=" + req.report))
      return fail(llvm::toString(std::move(e)));

  std::vector<interp::ExplainRequest> explains;
  for (StringRef spec : req.explain) {
    explains.emplace_back();
    if (failed(parseExplain(spec, explains.back())))
      return 1;
  }

  PrepareOptions prepare;
  prepare.setUBCapacity(req.ubCapacity.value_or(sem::kDefaultUBCapacity));
  prepare.interp.maxSteps = req.maxSteps;
  prepare.jit.runtimeChecks = req.jitRuntimeChecks;
  prepare.jit.optLevel = req.jitOptLevel;
  if (auto e = prepare.setJitCache(req.jitCache, req.jitCacheSize))
    return fail((req.jitCacheSize ? "--jit-cache-size: " : "") + llvm::toString(std::move(e)));
  interp::Options &options = prepare.interp;

  if (!req.bisectPipeline.empty()) {
    // Bisection compares runs: it writes no output and runs no checks.
    if (!outs.empty() || !req.checks.empty() || req.modeGiven || req.repeat || req.print)
      return fail("--bisect-pipeline compares runs of its own: it takes none of --out, --check, "
                  "--mode, --repeat, --print");
    BisectOptions bisect;
    bisect.entry = entry;
    bisect.prepare = prepare;
    return runBisect(explains, bisect);
  }
  if (!req.checks.empty()) {
    auto checks = interp::CheckOptions::parse(req.checks, error);
    if (!checks)
      return fail("--check: " + error);
    if (req.mode == RunMode::Jit)
      return fail("--check runs the interpreter: use --mode=interp or --mode=check");
    checks->maxFindings = req.checkLimit;
    options.checks = *checks;
    // The UB check measures the footprint; give the run room to reach it.
    if (checks->ub && !req.ubCapacity)
      options.ubCapacity = kUBCheckCapacity;
  }
  if (req.trace)
    options.trace = &out;
  if (!req.report.empty() && req.mode == RunMode::Jit)
    return fail("--report draws the interpreter's trace: use --mode=interp or --mode=check");
  auto prepared = PreparedKernel::prepare(*module, entry, req.mode, prepare,
                                          /*withInterpreter=*/!explains.empty());
  if (failed(prepared))
    return 1;
  PreparedKernel &kernel = *prepared;

  // --repeat binds the buffers in place (the kernel's UB at their placed
  // addresses, placeArguments) so that the timed runs copy nothing into UB
  // or back: each run's inputs are written there again before its clock
  // starts. Empty when they do not fit; the copying runs then report it.
  auto placeInUB = [&](std::vector<BoundArgument> &set, RunMode path) {
    std::vector<uint64_t> sizes;
    for (const BoundArgument &b : set)
      if (b.isBuffer)
        sizes.push_back(b.npy.numElements());
    ScopedDiagnosticHandler quiet(&session.context(), [](Diagnostic &) { return success(); });
    FailureOr<std::vector<void *>> places = kernel.placeArguments(path, sizes);
    return succeeded(places) ? *places : std::vector<void *>();
  };
  // Runs one path `runs` times on fresh copies of the inputs; reports timing.
  auto timed = [&](std::vector<BoundArgument> &set, RunMode path) -> bool {
    unsigned runs = std::max(1u, req.repeat);
    std::vector<void *> places;
    if (req.repeat > 0)
      places = placeInUB(set, path);
    std::vector<double> times;
    for (unsigned r = 0; r < runs; ++r) {
      resetBuffers(set);
      auto args = engineArguments(set);
      if (!places.empty())
        for (size_t i = 0, k = 0; i < set.size(); ++i)
          if (set[i].isBuffer) {
            std::memcpy(places[k], set[i].work.data(), set[i].work.size());
            args[i].data = places[k++];
          }
      auto start = std::chrono::steady_clock::now();
      LogicalResult ok = kernel.run(path, args);
      auto end = std::chrono::steady_clock::now();
      if (failed(ok))
        return false; // the working buffers still hold the inputs
      times.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
    if (!places.empty())
      for (size_t i = 0, k = 0; i < set.size(); ++i)
        if (set[i].isBuffer)
          std::memcpy(set[i].work.data(), places[k++], set[i].work.size());
    if (req.repeat > 0) {
      err << llvm::formatv("ascreg-run: {0} runs, median {1:f3} us per run (min {2:f3} us)", runs,
                           median(times), times.front());
      if (req.mode == RunMode::Check)
        err << " [" << runModeName(path) << "]";
      err << "\n";
    }
    return true;
  };
  // --report: a traced interpreter run of its own on fresh inputs (recorded
  // with its error if it fails), and the JIT's buffers or error beside it in
  // check mode. A failed run is reported too: that is when a picture helps.
  auto writeReport = [&](const std::vector<BoundArgument> *jitBound,
                         StringRef jitError = "") -> bool {
    namespace rpt = ::ascreg::report;
    rpt::ReportData data =
        rpt::describeKernel(fn, req.input, runModeName(req.mode), req.args, options.profile);
    data.pipeline = req.pipeline;
    std::vector<BoundArgument> copy = bound;
    data.runs.push_back(recordReportRun(
        fn, prepare,
        [&] {
          resetBuffers(copy);
          return engineArguments(copy);
        },
        data.caps, "interpreter"));
    if (jitBound) {
      rpt::ReportRun jit;
      jit.label = "JIT";
      jit.error = jitError.str();
      for (unsigned i = 0; i < numParams; ++i)
        if ((*jitBound)[i].isBuffer)
          jit.buffers.push_back(
              rpt::bufferOf(fn, i, (*jitBound)[i].work.data(), (*jitBound)[i].npy.numElements()));
      data.runs.push_back(std::move(jit));
    }
    if (auto e = rpt::writeReportFile(req.report, data)) {
      fail(llvm::toString(std::move(e)));
      return false;
    }
    return true;
  };

  if (req.mode == RunMode::Interp) {
    bool ran = timed(bound, RunMode::Interp);
    if (!req.report.empty() && !writeReport(nullptr))
      return 1;
    if (!ran)
      return 1;
  }
  if (req.mode == RunMode::Jit && !timed(bound, RunMode::Jit))
    return 1;
  if (req.mode == RunMode::Check) {
    // The interpreter validates the inputs (bounds, alignment, indices) first.
    std::vector<BoundArgument> jitBound = bound;
    if (!timed(bound, RunMode::Interp)) {
      if (!req.report.empty())
        writeReport(nullptr);
      return 1;
    }
    std::string jitError; // for the report; printed as usual too
    bool jitRan;
    {
      ScopedDiagnosticHandler capture(&session.context(), [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error)
          jitError += locationText(d.getLocation(), /*fileBaseName=*/true) + ": " + d.str() + "\n";
        return failure(); // on to the handler that prints it
      });
      jitRan = timed(jitBound, RunMode::Jit);
    }
    if (!jitRan) {
      if (!req.report.empty())
        writeReport(&jitBound, jitError);
      return 1;
    }
    if (!req.perturbJit.empty()) {
      auto [i, e] = StringRef(req.perturbJit).split(':');
      unsigned p = 0;
      uint64_t el = 0;
      if (i.getAsInteger(10, p) || e.getAsInteger(10, el) || p >= numParams ||
          !jitBound[p].isBuffer || el >= jitBound[p].npy.numElements())
        return fail("--test-perturb-jit must name an element I:E of a memref parameter");
      jitBound[p].work[el * jitBound[p].npy.itemBytes] ^= 1;
    }
    if (!req.report.empty() && !writeReport(&jitBound))
      return 1;
    CheckComparison cmp = compareCheckRuns(fn, buffersOf(bound), buffersOf(jitBound), /*limit=*/1);
    if (cmp.count) {
      const Mismatch &d = cmp.first.front();
      semantics::NumberFormat f = debugging::numberFormatOf(
          cast<MemRefType>(fn.getArgumentTypes()[d.argument]).getElementType());
      out << llvm::formatv("mismatch: parameter {0} element {1}: interp {2}, jit {3}\n", d.argument,
                           d.element, semantics::formatElement(f, d.expected),
                           semantics::formatElement(f, d.actual));
      return 1;
    }
    out << "identical\n";
  }

  // The checks' findings: compiler-style diagnostics; exit 1 unless warned.
  bool findings = kernel.hasInterpreter() && kernel.interpreter()->emitFindings(req.checkWarn);

  if (!explains.empty()) {
    // Explained on fresh copies of the inputs: the same run again, recorded.
    std::vector<BoundArgument> copy = bound;
    resetBuffers(copy);
    auto args = engineArguments(copy);
    auto explained = kernel.interpreter()->explain(args, explains);
    if (failed(explained))
      return 1;
    printExplanations(copy, *explained);
  }

  // A run that reports findings as errors writes no output (exit 1).
  if (findings && !req.checkWarn) {
    if (!outs.empty())
      err << "ascreg-run: the checks found errors: no --out file was written\n";
    return 1;
  }
  // The --out files, all or nothing (writeNpyFiles: temporary files renamed
  // over the targets once all are written).
  std::vector<NpyArray> arrays;
  arrays.reserve(outs.size());
  std::vector<std::pair<std::string, const NpyArray *>> files;
  for (auto &[i, path] : outs) {
    arrays.push_back(bound[i].npy);
    arrays.back().data = bound[i].work;
    files.push_back({path, &arrays.back()});
  }
  if (auto e = writeNpyFiles(files))
    return fail(llvm::toString(std::move(e)) + " (no --out file was written)");
  if (req.print)
    for (unsigned i = 0; i < numParams; ++i)
      if (bound[i].isBuffer)
        printBuffer(out, i, fn.getArgumentTypes()[i], bound[i]);
  return 0;
}

int runKernel(const RunRequest &request, llvm::raw_ostream &out, llvm::raw_ostream &err) {
  Runner runner(request, out, err);
  return runner.run();
}

} // namespace driver
} // namespace ascreg
