//===- ascreg-run.cpp - run ascreg kernels on the CPU -----------*- C++ -*-===//
//
//   ascreg-run KERNEL.mlir [--entry=NAME] [--mode=interp|jit|check] [--arg=SPEC]...
//              [--out=I:FILE.npy]... [--print] [--trace] [--ub-capacity=BYTES] [--repeat=N]
//   SPEC: FILE.npy | i32:V | i64:V | index:V | f32:V | f16:V
//
// The command-line contract is section 8a of the semantics contract
// (docs/semantics.md). Every error prints one message with a source location
// (or the offending argument) and exits non-zero.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Debugging/Bisect.h"
#include "ascreg/Debugging/PassPlugins.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Import/Import.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/Interpreter/Npy.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Report/Report.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Support/LocationText.h"
#include "ascreg/Support/OutputFile.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>

using namespace mlir;
namespace cl = llvm::cl;
namespace sem = ::ascreg::semantics;
using ::ascreg::debugging::describeElement;

static cl::OptionCategory runCat("ascreg-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.mlir>"), cl::init("-"),
                                      cl::cat(runCat));
static cl::opt<std::string> entry("entry", cl::desc("Entry function (default: kernel)"),
                                  cl::init("kernel"), cl::cat(runCat));
static cl::opt<std::string> cxxFunction("function",
                                        cl::desc("C++ input: the vector function to import"),
                                        cl::cat(runCat));
static cl::list<std::string> cxxIncludeDirs("I", cl::desc("C++ input: include directory"),
                                            cl::Prefix, cl::cat(runCat));
static cl::list<std::string> cxxDefines("D", cl::desc("C++ input: macro NAME[=VALUE]"),
                                        cl::Prefix, cl::cat(runCat));
static cl::opt<std::string> mode("mode", cl::desc("interp | jit | check (default: interp)"),
                                 cl::init("interp"), cl::cat(runCat));
static cl::list<std::string> argSpecs("arg",
                                      cl::desc("Entry parameter, in order: FILE.npy | i32:V | "
                                               "i64:V | index:V | f32:V | f16:V"),
                                      cl::cat(runCat));
static cl::list<std::string> outSpecs("out", cl::desc("I:FILE.npy - write memref parameter I"),
                                      cl::cat(runCat));
static cl::opt<bool> printArgs("print", cl::desc("Print every memref argument after the run"),
                               cl::cat(runCat));
static cl::opt<bool> trace("trace", cl::desc("Trace every executed ascreg op"), cl::cat(runCat));
static cl::opt<uint64_t> ubCapacity("ub-capacity",
                                    cl::desc("Usable UB bytes (default 253952 = 248 KiB)"),
                                    cl::init(248 * 1024), cl::cat(runCat));
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

namespace {

/// One bound argument: scalar bits, or a buffer with the .npy it came from.
struct Bound {
  bool isBuffer = false;
  bool uninitialized = false; // --arg=FILE.npy:uninit
  bool output = false;        // named by an --out
  uint64_t bits = 0;
  ::ascreg::NpyArray npy;    // the input as read (kept to reset before each run)
  std::vector<uint8_t> work; // the buffer the kernel runs on
};

int fail(const llvm::Twine &msg) {
  llvm::errs() << "ascreg-run: error: " << msg << "\n";
  return 1;
}

/// The .npy dtypes a memref element type accepts.
std::string acceptedDtypes(Type elem) {
  unsigned bytes = elem.getIntOrFloatBitWidth() / 8;
  if (elem.isF16())
    return "<f2";
  if (elem.isBF16())
    return "<u2 (bf16 bits)";
  if (elem.isF32())
    return "<f4";
  if (elem.isF64())
    return "<f8";
  auto it = cast<IntegerType>(elem);
  std::string b = std::to_string(bytes);
  std::string pre = bytes == 1 ? "|" : "<";
  if (it.isSigned())
    return pre + "i" + b;
  if (it.isUnsigned())
    return pre + "u" + b;
  return pre + "i" + b + " or " + pre + "u" + b;
}

bool dtypeMatches(Type elem, const ::ascreg::NpyArray &a) {
  if (!elem.isIntOrFloat() || a.itemBytes * 8 != elem.getIntOrFloatBitWidth())
    return false;
  if (elem.isBF16())
    return a.kind == 'u';
  if (isa<FloatType>(elem))
    return a.kind == 'f';
  auto it = cast<IntegerType>(elem);
  if (it.isSigned())
    return a.kind == 'i';
  if (it.isUnsigned())
    return a.kind == 'u';
  return a.kind == 'i' || a.kind == 'u';
}

/// Parses "TYPE:VALUE" for a scalar parameter of type `t`.
LogicalResult parseScalar(StringRef spec, Type t, unsigned index, uint64_t &bits) {
  auto [tyName, value] = spec.split(':');
  std::string expect;
  llvm::raw_string_ostream os(expect);
  t.print(os);
  if (tyName != expect) {
    fail(llvm::formatv("--arg {0} is '{1}' but parameter {0} has type {2}; pass {2}:VALUE", index,
                       spec, expect));
    return failure();
  }
  if (t.isIntOrIndex()) {
    unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
    llvm::APInt v;
    StringRef digits = value;
    bool negative = digits.consume_front("-");
    if (digits.getAsInteger(0, v)) {
      fail(llvm::formatv("--arg {0}: '{1}' is not an integer", index, value));
      return failure();
    }
    if (negative) {
      v = v.zext(std::max(v.getBitWidth(), 1u) + 1);
      v.negate();
    }
    // Accept the signed and the unsigned range of the width.
    if (negative ? v.getSignificantBits() > w : v.getActiveBits() > w) {
      fail(llvm::formatv("--arg {0}: {1} does not fit in {2}", index, value, expect));
      return failure();
    }
    // getAsInteger gives the narrowest APInt: zero-extend non-negative values.
    llvm::APInt wide = negative ? v.sextOrTrunc(64) : v.zextOrTrunc(64);
    bits = wide.getZExtValue() & (w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1);
    return success();
  }
  double d;
  if (value.getAsDouble(d)) {
    fail(llvm::formatv("--arg {0}: '{1}' is not a number", index, value));
    return failure();
  }
  if (t.isF32()) {
    float f = static_cast<float>(d);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    bits = u;
  } else if (t.isF16()) {
    bits = sem::f32ToF16(static_cast<float>(d));
  } else if (t.isBF16()) {
    bits = sem::f32ToBF16(static_cast<float>(d));
  } else if (t.isF64()) {
    std::memcpy(&bits, &d, 8);
  } else {
    fail(llvm::formatv("--arg {0}: parameter type {1} is not supported", index, expect));
    return failure();
  }
  return success();
}

void printBuffer(llvm::raw_ostream &os, unsigned index, Type type, const Bound &b) {
  auto mt = cast<MemRefType>(type);
  Type elem = mt.getElementType();
  unsigned eb = b.npy.itemBytes;
  uint64_t n = b.npy.numElements();
  // The .npy's dtype says whether integers are signed.
  sem::NumberFormat f = ::ascreg::debugging::numberFormatOf(elem);
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

/// Checks the output files before the run (docs/semantics.md, "Outputs";
/// ascreg/Support/OutputFile.h): none names an input (the kernel, an --arg,
/// a profile or plugin file) or another output, and each can be written.
LogicalResult validateOutputs(ArrayRef<std::pair<unsigned, std::string>> outs,
                              ArrayRef<std::string> args, const std::vector<Bound> &bound) {
  ::ascreg::OutputPlan plan;
  plan.addInput(inputFile, "the kernel ('" + inputFile + "')");
  for (unsigned i = 0; i < args.size() && i < bound.size(); ++i) {
    if (!bound[i].isBuffer)
      continue;
    StringRef file = args[i];
    file.consume_back(":uninit");
    plan.addInput(file, llvm::formatv("--arg {0} ('{1}')", i, file).str());
  }
  if (llvm::sys::fs::is_regular_file(semanticsProfile))
    plan.addInput(semanticsProfile, "--semantics ('" + semanticsProfile + "')");
  for (const std::string &plugin : passPlugins)
    plan.addInput(plugin, "--load-pass-plugin ('" + plugin + "')");
  for (auto &[param, path] : outs)
    if (auto err = plan.addOutput(path, llvm::formatv("--out={0}:{1}", param, path).str())) {
      fail(llvm::toString(std::move(err)));
      return failure();
    }
  if (!reportFile.empty())
    if (auto err = plan.addOutput(reportFile, "--report=" + reportFile)) {
      fail(llvm::toString(std::move(err)));
      return failure();
    }
  return success();
}

/// Writes the --out files after a successful run, all or nothing
/// (writeNpyFiles: temporary files renamed over the targets once all are
/// written); on a write error (a full disk) no output is left half-written.
LogicalResult writeOutputs(ArrayRef<std::pair<unsigned, std::string>> outs,
                           const std::vector<Bound> &bound) {
  std::vector<::ascreg::NpyArray> arrays;
  arrays.reserve(outs.size());
  std::vector<std::pair<std::string, const ::ascreg::NpyArray *>> files;
  for (auto &[i, path] : outs) {
    arrays.push_back(bound[i].npy);
    arrays.back().data = bound[i].work;
    files.push_back({path, &arrays.back()});
  }
  if (auto err = ::ascreg::writeNpyFiles(files)) {
    fail(llvm::toString(std::move(err)) + " (no --out file was written)");
    return failure();
  }
  return success();
}

/// Parses "I:E[,E|E-F...]" (elements E, ranges E-F inclusive).
LogicalResult parseExplain(StringRef spec, unsigned numParams, const std::vector<Bound> &bound,
                           ::ascreg::interp::ExplainRequest &req) {
  auto [idx, list] = spec.split(':');
  if (idx.getAsInteger(10, req.argument) || list.empty()) {
    fail("--explain must be I:E[,E|E-F...], got '" + spec + "'");
    return failure();
  }
  if (req.argument >= numParams || !bound[req.argument].isBuffer) {
    fail(llvm::formatv("--explain={0}: parameter {1} is not a memref parameter", spec,
                       req.argument));
    return failure();
  }
  uint64_t n = bound[req.argument].npy.numElements();
  SmallVector<StringRef> items;
  list.split(items, ',');
  for (StringRef item : items) {
    auto [a, b] = item.split('-');
    uint64_t first, last;
    bool openRange = item.contains('-') && b.empty(); // "E-": the end is missing
    if (a.getAsInteger(10, first) || openRange ||
        (b.empty() ? (last = first, false) : b.getAsInteger(10, last)) || last < first) {
      fail("--explain=" + spec + ": '" + item + "' is not an element or a range E-F");
      return failure();
    }
    if (last >= n) {
      fail(llvm::formatv("--explain={0}: element {1} is outside the {2} elements of parameter {3}",
                         spec, last, n, req.argument));
      return failure();
    }
    if (last - first >= 4096) {
      fail("--explain=" + spec + ": at most 4096 elements per range");
      return failure();
    }
    for (uint64_t e = first; e <= last; ++e)
      req.elements.push_back(e);
  }
  req.depth = explainDepth;
  return success();
}

/// The buffers' current contents in parameter order (empty for scalars).
std::vector<std::vector<uint8_t>> workBuffers(const std::vector<Bound> &set) {
  std::vector<std::vector<uint8_t>> out;
  for (const Bound &b : set)
    out.push_back(b.isBuffer ? b.work : std::vector<uint8_t>());
  return out;
}

/// Prints "explain: parameter I element E = V (0x..)" and the provenance tree.
void printExplanations(func::FuncOp fn, const std::vector<Bound> &set,
                       ArrayRef<::ascreg::interp::Explanation> explained, StringRef indent = "") {
  for (const ::ascreg::interp::Explanation &x : explained) {
    Type elem = cast<MemRefType>(fn.getArgumentTypes()[x.argument]).getElementType();
    unsigned eb = set[x.argument].npy.itemBytes;
    uint64_t v = 0;
    std::memcpy(&v, set[x.argument].work.data() + x.element * eb, eb);
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("explain: parameter {0} element {1} = {2} ({3})\n", x.argument, x.element,
                        describeElement(elem, v), llvm::format_hex(v, 2 + 2 * eb));
    ::ascreg::interp::printExplanation(os, x);
    for (StringRef line : llvm::split(StringRef(text).rtrim('\n'), '\n'))
      llvm::outs() << indent << line << "\n";
  }
}

/// --report with --bisect-pipeline: the run before the pipeline and the run
/// after the first pass that changes the results side by side (traced when
/// the interpreter runs that stage, else its buffers only).
LogicalResult writeBisectReport(func::FuncOp fn, const std::vector<Bound> &bound,
                                const ::ascreg::debugging::BisectResult &result,
                                const ::ascreg::debugging::BisectOptions &options) {
  namespace rpt = ::ascreg::report;
  namespace dbg = ::ascreg::debugging;
  rpt::ReportData data =
      rpt::describeKernel(fn, inputFile, "bisect", argSpecs, options.interp.profile);
  data.pipeline = bisectPipeline;
  auto record = [&](ModuleOp m, StringRef label) {
    auto f = m.lookupSymbol<func::FuncOp>(options.entry);
    std::vector<Bound> copy = bound;
    data.runs.push_back(rpt::recordRun(
        f, options.interp,
        [&] {
          std::vector<::ascreg::interp::Arg> args;
          for (Bound &b : copy) {
            if (b.isBuffer) {
              b.work = b.npy.data;
              args.push_back(::ascreg::interp::Arg::buffer(b.work.data(), b.npy.numElements()));
            } else {
              args.push_back(::ascreg::interp::Arg::scalar(b.bits));
            }
          }
          return args;
        },
        data.caps, label));
  };
  record(*result.before, "before the pipeline");
  if (result.firstDiffering) {
    const dbg::BisectStage &st = result.stages[*result.firstDiffering];
    std::string label =
        llvm::formatv("after pass {0} '{1}'", *result.firstDiffering, st.pass).str();
    if (st.executor == dbg::Executor::Interpreter) {
      record(*result.after, label);
    } else {
      rpt::ReportRun run;
      run.label = label + " (" + dbg::executorName(st.executor) + ")";
      run.error = st.failure;
      for (unsigned i = 0; i < bound.size() && i < result.afterBuffers.size(); ++i)
        if (bound[i].isBuffer && !result.afterBuffers[i].empty())
          run.buffers.push_back(
              rpt::bufferOf(fn, i, result.afterBuffers[i].data(), bound[i].npy.numElements()));
      data.runs.push_back(std::move(run));
    }
  }
  if (auto err = rpt::writeReportFile(reportFile, data)) {
    fail(llvm::toString(std::move(err)));
    return failure();
  }
  return success();
}

/// --bisect-pipeline: the report of ascreg::debugging::bisectPipeline; exit
/// 1 when a pass changes the results, 0 when none does.
int runBisect(ModuleOp module, func::FuncOp fn, const std::vector<Bound> &bound,
              std::vector<::ascreg::interp::ExplainRequest> explains,
              const ::ascreg::debugging::BisectOptions &options) {
  namespace dbg = ::ascreg::debugging;
  std::vector<dbg::KernelInput> inputs;
  for (const Bound &b : bound) {
    dbg::KernelInput in;
    in.isBuffer = b.isBuffer;
    in.bytes = b.npy.data;
    in.numElements = b.isBuffer ? b.npy.numElements() : 0;
    in.bits = b.bits;
    inputs.push_back(std::move(in));
  }
  auto result = dbg::bisectPipeline(module, bisectPipeline, inputs, options);
  if (failed(result))
    return 1;
  auto &stages = result->stages;
  llvm::outs() << llvm::formatv("bisect: {0} passes; the kernel ran on the same inputs before the "
                                "pipeline and after each pass, compared bit for bit\n",
                                stages.size() - 1);
  size_t width = 20;
  for (auto &st : stages)
    width = std::max(width, st.pass.size());
  for (size_t i = 0; i < stages.size(); ++i) {
    const dbg::BisectStage &st = stages[i];
    std::string name = i == 0 ? std::string("before the pipeline") : st.pass;
    std::string verdict = i == 0         ? std::string("reference")
                          : st.cannotRun ? std::string("cannot run here")
                          : st.runFailed ? "FAILS: " + StringRef(st.failure).split('\n').first.str()
                          : st.diff.count
                              ? llvm::formatv("DIFFERS: {0} elements", st.diff.count).str()
                              : std::string("identical");
    llvm::outs() << llvm::formatv("  {0,2} {1} {2,-11} {3}\n", i == 0 ? "" : std::to_string(i),
                                  name + std::string(width - name.size(), ' '),
                                  dbg::executorName(st.executor), verdict);
    if (!st.note.empty())
      llvm::outs() << "        (" << st.note << ")\n";
  }
  if (!result->firstDiffering) {
    llvm::outs() << "bisect: no pass changes the results\n";
    if (!reportFile.empty() && failed(writeBisectReport(fn, bound, *result, options)))
      return 1;
    return 0;
  }
  size_t bad = *result->firstDiffering;
  const dbg::BisectStage &st = stages[bad];
  if (!reportFile.empty() && failed(writeBisectReport(fn, bound, *result, options)))
    return 1;
  llvm::outs() << llvm::formatv("bisect: the results first differ after pass {0} '{1}'\n", bad,
                                st.pass);
  if (st.runFailed)
    llvm::outs() << "  the run after it fails:\n  " << st.failure << "\n";
  for (const dbg::ElementDiff &d : st.diff.first) {
    Type elem = cast<MemRefType>(fn.getArgumentTypes()[d.argument]).getElementType();
    unsigned eb = elem.getIntOrFloatBitWidth() / 8;
    llvm::outs() << llvm::formatv(
        "  parameter {0} element {1}: before {2} ({3}), after {4} ({5})\n", d.argument, d.element,
        describeElement(elem, d.expected), llvm::format_hex(d.expected, 2 + 2 * eb),
        describeElement(elem, d.actual), llvm::format_hex(d.actual, 2 + 2 * eb));
  }
  if (st.diff.count > st.diff.first.size())
    llvm::outs() << llvm::formatv("  ... {0} more\n", st.diff.count - st.diff.first.size());
  if (explains.empty())
    return 1;
  // Where the two runs diverge: the same elements explained in both.
  auto explainIn = [&](ModuleOp m, dbg::Executor ex, StringRef label) {
    llvm::outs() << label << ":\n";
    auto f = m.lookupSymbol<func::FuncOp>(options.entry);
    if (ex != dbg::Executor::Interpreter || !f) {
      llvm::outs() << "    (the JIT ran this stage: provenance needs the interpreter)\n";
      return;
    }
    auto k = ::ascreg::interp::CompiledKernel::compile(f, options.interp);
    if (failed(k))
      return;
    std::vector<Bound> copy = bound;
    std::vector<::ascreg::interp::Arg> args;
    for (Bound &b : copy) {
      if (b.isBuffer) {
        b.work = b.npy.data;
        args.push_back(::ascreg::interp::Arg::buffer(b.work.data(), b.npy.numElements()));
      } else {
        args.push_back(::ascreg::interp::Arg::scalar(b.bits));
      }
    }
    auto explained = (*k)->explain(args, explains);
    if (succeeded(explained))
      printExplanations(f, copy, *explained, "    ");
  };
  explainIn(*result->before, stages[0].executor, "before the pipeline");
  explainIn(*result->after, st.executor, llvm::formatv("after pass {0} '{1}'", bad, st.pass).str());
  return 1;
}

int runMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(runCat);
  cl::ParseCommandLineOptions(argc, argv,
                              "ascreg-run: execute ascreg kernels on the CPU, bit-exactly with "
                              "dav-3510 (semantics: " +
                                  std::string(sem::kSemanticsVersion) + ")\n");

  if (mode != "interp" && mode != "jit" && mode != "check")
    return fail("--mode must be interp, jit or check, got '" + mode + "'");

  DialectRegistry registry;
  ::ascreg::registerAllDialects(registry);
  ::ascreg::registerAllPasses();
  for (const std::string &path : passPlugins)
    if (auto err = ::ascreg::debugging::loadPassPlugin(path))
      return fail("--load-pass-plugin=" + path + ": " + llvm::toString(std::move(err)));
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);

  std::string errorMessage;
  auto file = openInputFile(inputFile, &errorMessage);
  if (!file)
    return fail(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context, llvm::errs());

  // A C++ kernel (.asc, .cpp) is imported (docs/import.md), MLIR parsed.
  ascreg::ImportOptions importOptions;
  importOptions.function = cxxFunction;
  importOptions.includeDirs.assign(cxxIncludeDirs.begin(), cxxIncludeDirs.end());
  importOptions.defines.assign(cxxDefines.begin(), cxxDefines.end());
  OwningOpRef<ModuleOp> module =
      ascreg::importOrParseKernel(inputFile, sourceMgr, &context, importOptions);
  if (!module)
    return 1; // the parser, importer or verifier printed the diagnostic
  // An imported function is the entry unless --entry names one.
  if (ascreg::isCxxKernelSource(inputFile) && entry.getNumOccurrences() == 0) {
    auto fns = llvm::to_vector(module->getOps<func::FuncOp>());
    if (fns.size() != 1)
      return fail(inputFile + " has " + std::to_string(fns.size()) +
                  " vector functions: pick one with --function=NAME");
    entry.setValue(fns.front().getSymName().str());
  }

  if (!semanticsProfile.empty()) {
    sem::Profile profile;
    std::string error;
    if (failed(ascreg::resolveProfile(semanticsProfile, profile, error)))
      return fail("--semantics: " + error);
    ascreg::recordProfile(*module, profile);
  }

  if (!passPipeline.empty()) {
    // Anchored ("builtin.module(a,b)") or a plain list of module passes.
    std::string text = passPipeline;
    if (!StringRef(text).starts_with("builtin.module("))
      text = "builtin.module(" + text + ")";
    std::string errors;
    if (failed(ascreg::checkPipelineLimits(passPipeline, errors)))
      return fail("--pass-pipeline: " + errors);
    llvm::raw_string_ostream errOS(errors);
    FailureOr<OpPassManager> parsed = parsePassPipeline(text, errOS);
    if (failed(parsed))
      return fail("--pass-pipeline: " + errors);
    PassManager pm(&context);
    static_cast<OpPassManager &>(pm) = std::move(*parsed);
    if (failed(pm.run(*module)))
      return 1; // the pass printed its diagnostic
  }

  auto fn = module->lookupSymbol<func::FuncOp>(entry);
  if (!fn)
    return fail("no function @" + entry + " in " + inputFile + " (set it with --entry)");

  unsigned numParams = fn.getNumArguments();
  if (argSpecs.size() != numParams) {
    std::string sig;
    llvm::raw_string_ostream os(sig);
    llvm::interleaveComma(fn.getArgumentTypes(), os);
    return fail(llvm::formatv("@{0} takes {1} parameters ({2}), got {3} --arg", entry, numParams,
                              sig, argSpecs.size()));
  }

  // Bind the arguments.
  std::vector<Bound> bound(numParams);
  for (unsigned i = 0; i < numParams; ++i) {
    Type t = fn.getArgumentTypes()[i];
    StringRef spec = argSpecs[i];
    // FILE.npy:uninit marks a buffer whose contents are not defined on entry.
    bool uninit = spec.consume_back(":uninit");
    if (uninit && !isa<MemRefType>(t))
      return fail(llvm::formatv("--arg {0}: ':uninit' marks a buffer, but parameter {0} is the "
                                "scalar {1}",
                                i, t));
    bound[i].uninitialized = uninit;
    if (auto mt = dyn_cast<MemRefType>(t)) {
      // (Before anything reads the type's shape: memref<f32> has no dimension 0.)
      if (failed(::ascreg::ubBufferParameterElementBytes(fn.getArgument(i))))
        return 1;
      if (!spec.ends_with(".npy"))
        return fail(llvm::formatv("--arg {0} is '{1}' but parameter {0} is {2}; pass a .npy file",
                                  i, spec, t));
      auto arr = ::ascreg::readNpy(spec);
      if (!arr)
        return fail(llvm::toString(arr.takeError()));
      if (!dtypeMatches(mt.getElementType(), *arr))
        return fail(llvm::formatv("--arg {0}: '{1}' has dtype {2} but parameter {0} is {3}, "
                                  "which takes {4}",
                                  i, spec, arr->descr(), t, acceptedDtypes(mt.getElementType())));
      if (!mt.isDynamicDim(0) && static_cast<uint64_t>(mt.getDimSize(0)) != arr->numElements())
        return fail(llvm::formatv("--arg {0}: '{1}' has {2} elements but parameter {0} is {3}", i,
                                  spec, arr->numElements(), t));
      bound[i].isBuffer = true;
      bound[i].npy = std::move(*arr);
    } else {
      if (spec.ends_with(".npy"))
        return fail(
            llvm::formatv("--arg {0} is a .npy file but parameter {0} is the scalar {1}", i, t));
      if (failed(parseScalar(spec, t, i, bound[i].bits)))
        return 1;
    }
  }

  // Outputs.
  std::vector<std::pair<unsigned, std::string>> outs;
  for (StringRef spec : outSpecs) {
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
  if (failed(validateOutputs(outs, argSpecs, bound)))
    return 1;
  std::vector<::ascreg::interp::ExplainRequest> explains;
  for (StringRef spec : explainSpecs) {
    explains.emplace_back();
    if (failed(parseExplain(spec, numParams, bound, explains.back())))
      return 1;
  }

  ::ascreg::interp::Options options;
  options.ubCapacity = ubCapacity;
  options.maxSteps = maxSteps;
  ::ascreg::jit::Options jitOptions;
  jitOptions.runtimeChecks = !noRuntimeChecks;
  jitOptions.ubCapacity = ubCapacity;
  jitOptions.optLevel = jitOptLevel;
  jitOptions.cacheDir = !jitCache.getNumOccurrences() ? ::ascreg::jit::defaultCacheDir()
                        : jitCache == "off"           ? std::string()
                                                      : jitCache.getValue();

  if (!bisectPipeline.empty()) {
    // Bisection compares runs: it writes no output and runs no checks.
    if (!outs.empty() || !checkList.empty() || mode.getNumOccurrences() || repeat || printArgs)
      return fail("--bisect-pipeline compares runs of its own: it takes none of --out, --check, "
                  "--mode, --repeat, --print");
    ::ascreg::debugging::BisectOptions bisect;
    bisect.entry = entry;
    bisect.interp = options;
    bisect.jit = jitOptions;
    return runBisect(*module, fn, bound, explains, bisect);
  }
  if (!checkList.empty()) {
    std::string error;
    auto checks = ::ascreg::interp::CheckOptions::parse(checkList, error);
    if (!checks)
      return fail("--check: " + error);
    if (mode == "jit")
      return fail("--check runs the interpreter: use --mode=interp or --mode=check");
    checks->maxFindings = checkLimit;
    options.checks = *checks;
    // The UB check measures the footprint; give the run room to reach it.
    if (checks->ub && ubCapacity.getNumOccurrences() == 0)
      options.ubCapacity = 64 * 1024 * 1024;
  }
  if (trace)
    options.trace = &llvm::outs();
  if (!reportFile.empty() && mode == "jit")
    return fail("--report draws the interpreter's trace: use --mode=interp or --mode=check");
  std::unique_ptr<::ascreg::interp::CompiledKernel> interpKernel;
  std::unique_ptr<::ascreg::jit::JitKernel> jitKernel;
  if (mode != "jit" || !explains.empty()) {
    auto k = ::ascreg::interp::CompiledKernel::compile(fn, options);
    if (failed(k))
      return 1;
    interpKernel = std::move(*k);
  }
  if (mode != "interp") {
    auto k = ::ascreg::jit::JitKernel::compile(*module, entry, jitOptions);
    if (failed(k))
      return 1;
    jitKernel = std::move(*k);
  }

  auto reset = [&](std::vector<Bound> &set) {
    for (Bound &b : set)
      if (b.isBuffer)
        b.work = b.npy.data;
  };
  auto makeArgs = [&](std::vector<Bound> &set) {
    std::vector<::ascreg::interp::Arg> args;
    for (Bound &b : set)
      if (b.isBuffer) {
        args.push_back(::ascreg::interp::Arg::buffer(b.work.data(), b.npy.numElements()));
        args.back().uninitialized = b.uninitialized;
        args.back().output = b.output;
      } else {
        args.push_back(::ascreg::interp::Arg::scalar(b.bits));
      }
    return args;
  };
  // Runs one path `runs` times on fresh copies of the inputs; reports timing.
  auto timed =
      [&](std::vector<Bound> &set, llvm::StringRef label,
          llvm::function_ref<LogicalResult(llvm::ArrayRef<::ascreg::interp::Arg>)> fn) -> bool {
    unsigned runs = std::max(1u, static_cast<unsigned>(repeat));
    std::vector<double> times;
    for (unsigned r = 0; r < runs; ++r) {
      reset(set);
      auto args = makeArgs(set);
      auto start = std::chrono::steady_clock::now();
      LogicalResult ok = fn(args);
      auto end = std::chrono::steady_clock::now();
      if (failed(ok))
        return false;
      times.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
    if (repeat > 0) {
      std::sort(times.begin(), times.end());
      double median = times.size() % 2
                          ? times[times.size() / 2]
                          : (times[times.size() / 2 - 1] + times[times.size() / 2]) / 2;
      llvm::errs() << llvm::formatv(
          "ascreg-run: {0} runs, median {1:f3} us per run (min {2:f3} us)", runs, median,
          times.front());
      if (mode == "check")
        llvm::errs() << " [" << label << "]";
      llvm::errs() << "\n";
    }
    return true;
  };
  auto runInterp = [&](llvm::ArrayRef<::ascreg::interp::Arg> a) { return interpKernel->run(a); };
  auto runJit = [&](llvm::ArrayRef<::ascreg::interp::Arg> a) { return jitKernel->run(a); };
  // --report: a traced interpreter run of its own on fresh inputs (recorded
  // with its error if it fails), and the JIT's buffers or error beside it in
  // check mode. A failed run is reported too: that is when a picture helps.
  auto writeReport = [&](const std::vector<Bound> *jitBound, StringRef jitError = "") -> bool {
    namespace rpt = ::ascreg::report;
    rpt::ReportData data = rpt::describeKernel(fn, inputFile, mode, argSpecs, options.profile);
    data.pipeline = passPipeline;
    std::vector<Bound> copy = bound;
    data.runs.push_back(rpt::recordRun(
        fn, options,
        [&] {
          reset(copy);
          return makeArgs(copy);
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
    if (auto err = rpt::writeReportFile(reportFile, data)) {
      fail(llvm::toString(std::move(err)));
      return false;
    }
    return true;
  };

  if (mode == "interp") {
    bool ran = timed(bound, "interp", runInterp);
    if (!reportFile.empty() && !writeReport(nullptr))
      return 1;
    if (!ran)
      return 1;
  }
  if (mode == "jit" && !timed(bound, "jit", runJit))
    return 1;
  if (mode == "check") {
    // The interpreter validates the inputs (bounds, alignment, indices) first.
    std::vector<Bound> jitBound = bound;
    if (!timed(bound, "interp", runInterp)) {
      if (!reportFile.empty())
        writeReport(nullptr);
      return 1;
    }
    std::string jitError; // for the report; printed as usual too
    bool jitRan;
    {
      ScopedDiagnosticHandler capture(&context, [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error)
          jitError += ::ascreg::locationText(d.getLocation(), /*fileBaseName=*/true) + ": " +
                      d.str() + "\n";
        return failure(); // on to the handler that prints it
      });
      jitRan = timed(jitBound, "jit", runJit);
    }
    if (!jitRan) {
      if (!reportFile.empty())
        writeReport(&jitBound, jitError);
      return 1;
    }
    if (!perturbJit.empty()) {
      auto [i, e] = StringRef(perturbJit).split(':');
      unsigned p = 0;
      uint64_t el = 0;
      if (i.getAsInteger(10, p) || e.getAsInteger(10, el) || p >= numParams ||
          !jitBound[p].isBuffer || el >= jitBound[p].npy.numElements())
        return fail("--test-perturb-jit must name an element I:E of a memref parameter");
      jitBound[p].work[el * jitBound[p].npy.itemBytes] ^= 1;
    }
    if (!reportFile.empty() && !writeReport(&jitBound))
      return 1;
    auto cmp = ::ascreg::debugging::compareBuffers(fn, workBuffers(bound), workBuffers(jitBound),
                                                   /*limit=*/1);
    if (cmp.count) {
      const auto &d = cmp.first.front();
      Type elem = cast<MemRefType>(fn.getArgumentTypes()[d.argument]).getElementType();
      unsigned eb = bound[d.argument].npy.itemBytes;
      llvm::outs() << llvm::formatv("mismatch: parameter {0} element {1}: interp {2} ({3}), jit "
                                    "{4} ({5})\n",
                                    d.argument, d.element, llvm::format_hex(d.expected, 2 + 2 * eb),
                                    describeElement(elem, d.expected),
                                    llvm::format_hex(d.actual, 2 + 2 * eb),
                                    describeElement(elem, d.actual));
      return 1;
    }
    llvm::outs() << "identical\n";
  }

  // The checks' findings: compiler-style diagnostics; exit 1 unless warned.
  bool findings = interpKernel && interpKernel->emitFindings(checkWarn);

  if (!explains.empty()) {
    // Explained on fresh copies of the inputs: the same run again, recorded.
    std::vector<Bound> copy = bound;
    reset(copy);
    auto args = makeArgs(copy);
    auto explained = interpKernel->explain(args, explains);
    if (failed(explained))
      return 1;
    printExplanations(fn, copy, *explained);
  }

  // A run that reports findings as errors writes no output (exit 1).
  if (findings && !checkWarn) {
    if (!outs.empty())
      llvm::errs() << "ascreg-run: the checks found errors: no --out file was written\n";
    return 1;
  }
  if (failed(writeOutputs(outs, bound)))
    return 1;
  if (printArgs)
    for (unsigned i = 0; i < numParams; ++i)
      if (bound[i].isBuffer)
        printBuffer(llvm::outs(), i, fn.getArgumentTypes()[i], bound[i]);
  return 0;
}

} // namespace

int main(int argc, char **argv) { return runMain(argc, argv); }
