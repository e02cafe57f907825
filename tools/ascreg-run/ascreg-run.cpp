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
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/Interpreter/Npy.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstring>

using namespace mlir;
namespace cl = llvm::cl;
namespace sem = ::ascreg::semantics;

static cl::OptionCategory runCat("ascreg-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<kernel.mlir>"), cl::init("-"),
                                      cl::cat(runCat));
static cl::opt<std::string> entry("entry", cl::desc("Entry function (default: kernel)"),
                                  cl::init("kernel"), cl::cat(runCat));
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
    passPipeline("pass-pipeline",
                 cl::desc("Run this pass pipeline on the module before executing it, e.g. "
                          "'builtin.module(convert-ascreg-to-dav)' to run the dav-3510 lowering"),
                 cl::init(""), cl::cat(runCat));
static cl::opt<uint64_t> maxSteps("max-steps",
                                  cl::desc("Loop iterations and branches allowed per run"),
                                  cl::init(uint64_t(1) << 32), cl::cat(runCat));

namespace {

/// One bound argument: scalar bits, or a buffer with the .npy it came from.
struct Bound {
  bool isBuffer = false;
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

/// NaN payloads are not compared between paths (docs/semantics.md).
bool isNaNBits(Type elem, uint64_t bits) {
  if (elem.isF16())
    return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff);
  if (elem.isBF16())
    return (bits & 0x7f80) == 0x7f80 && (bits & 0x7f);
  if (elem.isF32())
    return (bits & 0x7f800000) == 0x7f800000 && (bits & 0x7fffff);
  if (elem.isF64())
    return (bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (bits & 0xfffffffffffffull);
  return false;
}

std::string describeBits(Type elem, uint64_t v) {
  std::string out;
  llvm::raw_string_ostream os(out);
  if (elem.isF16())
    os << llvm::format("%g", sem::f16ToF32(static_cast<uint16_t>(v)));
  else if (elem.isBF16())
    os << llvm::format("%g", sem::bf16ToF32(static_cast<uint16_t>(v)));
  else if (elem.isF32()) {
    float f;
    uint32_t u = static_cast<uint32_t>(v);
    std::memcpy(&f, &u, 4);
    os << llvm::format("%.9g", f);
  } else {
    os << v;
  }
  return out;
}

void printBuffer(llvm::raw_ostream &os, unsigned index, Type type, const Bound &b) {
  auto mt = cast<MemRefType>(type);
  Type elem = mt.getElementType();
  unsigned eb = b.npy.itemBytes;
  uint64_t n = b.npy.numElements();
  os << "arg" << index << ": " << type << " (" << n << " elements) = [";
  for (uint64_t i = 0; i < n; ++i) {
    if (i)
      os << ", ";
    uint64_t v = 0;
    std::memcpy(&v, b.work.data() + i * eb, eb);
    if (elem.isF16())
      os << llvm::format("%g", sem::f16ToF32(static_cast<uint16_t>(v)));
    else if (elem.isBF16())
      os << llvm::format("%g", sem::bf16ToF32(static_cast<uint16_t>(v)));
    else if (elem.isF32()) {
      float f;
      uint32_t u = static_cast<uint32_t>(v);
      std::memcpy(&f, &u, 4);
      os << llvm::format("%.9g", f);
    } else if (elem.isF64()) {
      double d;
      std::memcpy(&d, &v, 8);
      os << llvm::format("%.17g", d);
    } else if (b.npy.kind == 'u') {
      os << v;
    } else {
      unsigned s = 64 - eb * 8;
      os << (static_cast<int64_t>(v << s) >> s);
    }
  }
  os << "]\n";
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

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1; // the parser or verifier printed the diagnostic

  if (!passPipeline.empty()) {
    // Anchored ("builtin.module(a,b)") or a plain list of module passes.
    std::string text = passPipeline;
    if (!StringRef(text).starts_with("builtin.module("))
      text = "builtin.module(" + text + ")";
    std::string errors;
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
    if (auto mt = dyn_cast<MemRefType>(t)) {
      if (!spec.ends_with(".npy"))
        return fail(llvm::formatv("--arg {0} is '{1}' but parameter {0} is {2}; pass a .npy file",
                                  i, spec, t));
      auto arr = ::ascreg::readNpy(spec);
      if (!arr)
        return fail(llvm::toString(arr.takeError()));
      if (!mt.getElementType().isIntOrFloat() || !dtypeMatches(mt.getElementType(), *arr))
        return fail(llvm::formatv("--arg {0}: '{1}' has dtype {2} but parameter {0} is {3}, "
                                  "which takes {4}",
                                  i, spec, arr->descr(), t,
                                  mt.getElementType().isIntOrFloat()
                                      ? acceptedDtypes(mt.getElementType())
                                      : std::string("no .npy")));
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
  }

  ::ascreg::interp::Options options;
  options.ubCapacity = ubCapacity;
  options.maxSteps = maxSteps;
  if (trace)
    options.trace = &llvm::outs();
  std::unique_ptr<::ascreg::interp::CompiledKernel> interpKernel;
  std::unique_ptr<::ascreg::jit::JitKernel> jitKernel;
  if (mode != "jit") {
    auto k = ::ascreg::interp::CompiledKernel::compile(fn, options);
    if (failed(k))
      return 1;
    interpKernel = std::move(*k);
  }
  if (mode != "interp") {
    ::ascreg::jit::Options jitOptions;
    jitOptions.runtimeChecks = !noRuntimeChecks;
    jitOptions.ubCapacity = ubCapacity;
    jitOptions.optLevel = jitOptLevel;
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
      args.push_back(b.isBuffer ? ::ascreg::interp::Arg::buffer(b.work.data(), b.npy.numElements())
                                : ::ascreg::interp::Arg::scalar(b.bits));
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

  if (mode == "interp" && !timed(bound, "interp", runInterp))
    return 1;
  if (mode == "jit" && !timed(bound, "jit", runJit))
    return 1;
  if (mode == "check") {
    // The interpreter validates the inputs (bounds, alignment, indices) first.
    std::vector<Bound> jitBound = bound;
    if (!timed(bound, "interp", runInterp))
      return 1;
    if (!timed(jitBound, "jit", runJit))
      return 1;
    for (unsigned i = 0; i < numParams; ++i) {
      if (!bound[i].isBuffer)
        continue;
      Type elem = cast<MemRefType>(fn.getArgumentTypes()[i]).getElementType();
      unsigned eb = bound[i].npy.itemBytes;
      for (uint64_t e = 0; e < bound[i].npy.numElements(); ++e) {
        uint64_t x = 0, y = 0;
        std::memcpy(&x, bound[i].work.data() + e * eb, eb);
        std::memcpy(&y, jitBound[i].work.data() + e * eb, eb);
        if (x == y || (isNaNBits(elem, x) && isNaNBits(elem, y)))
          continue;
        llvm::outs() << llvm::formatv("mismatch: parameter {0} element {1}: interp {2} ({3}), jit "
                                      "{4} ({5})\n",
                                      i, e, llvm::format_hex(x, 2 + 2 * eb), describeBits(elem, x),
                                      llvm::format_hex(y, 2 + 2 * eb), describeBits(elem, y));
        return 1;
      }
    }
    llvm::outs() << "identical\n";
  }

  for (auto &[i, path] : outs) {
    ::ascreg::NpyArray out = bound[i].npy;
    out.data = bound[i].work;
    if (auto err = ::ascreg::writeNpy(path, out))
      return fail(llvm::toString(std::move(err)));
  }
  if (printArgs)
    for (unsigned i = 0; i < numParams; ++i)
      if (bound[i].isBuffer)
        printBuffer(llvm::outs(), i, fn.getArgumentTypes()[i], bound[i]);
  return 0;
}

} // namespace

int main(int argc, char **argv) { return runMain(argc, argv); }
