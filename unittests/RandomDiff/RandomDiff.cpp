//===- RandomDiff.cpp - random kernels on every execution path --*- C++ -*-===//
//
//   ascreg-random-diff FILE... [--paths=interp,jit,dav,emit] [--cases=N]
//                     [--first-case=C] [--seed=S] [--plant=KIND] [--work-dir=DIR]
//                     [--jit-opt=N] [--emit-opt=N] [--times] [-v]
//
// Runs the random kernels of scripts/rdiff/gen_kernels.py (several per file,
// separated by `// -----`) on every execution path and compares the results
// bit for bit with the interpreter's:
//   interp  the interpreter on the kernel (the reference);
//   jit     the vector lowering + LLVM JIT (all kernels of a file in one
//           jit::JitModule: one LLVM compilation per file);
//   dav     the interpreter on the kernel after convert-ascreg-to-dav;
//   emit    the Ascend C that ascreg-translate --ascreg-to-ascendc would
//           print, compiled on the host with the host intrinsics header
//           (all kernels of a file in one shared object, cached by content)
//           and run in a Unified Buffer placed by the same rule.
// Inputs: the `// rdiff-args:` line of each kernel gives the parameters;
// buffers get random values biased to the edge classes (NaN payloads, +-0,
// +-inf, subnormals, integer extremes), scalars random values of their range.
// The results are compared by the driver's rule (driver::compareRuns,
// ascreg-run --mode=check's comparison): bit for bit, two NaNs equal only in
// a float buffer an addition's NaN may reach (Debugging/NaNPayloads.h) and
// in the lanes the `// rdiff-nan-payloads-open:` line names (the %out slots
// that hold such a float register as i64 words, which the buffer's own type
// cannot show). Kernels are compiled by the driver's step
// (driver::PreparedKernel, prepareKernels). A kernel that fails on the
// interpreter must fail on every path (and the paths' buffers are then not
// compared: a failed run leaves them untouched).
//
// Output: one line per disagreement, `MISMATCH kernel K case C: PATH ...`,
// and a summary line. Exit status 0 if every kernel agreed on every path, 1
// on a disagreement or a path that cannot compile a kernel that verifies, 2
// on bad input (a kernel that does not parse or verify, a bad args line).
//
// --plant=dav-min-as-max perturbs the dav path (every ascreg.min becomes
// ascreg.max before the lowering): a planted bug to show that the driver and
// the reducer (scripts/rdiff/reduce.py) catch and shrink a divergence.
// --plant=jit-reject-first makes the first kernel of a file fail the JIT
// (a call, which the host lowering refuses): the file's batched JIT
// compilation fails and the report must still name that kernel alone.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Debugging/DiagnosticText.h"
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include "../Common/ConformanceCases.h"

#include <chrono>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace mlir;
namespace cl = llvm::cl;
namespace sem = ::ascreg::semantics;

static cl::list<std::string> inputFiles(cl::Positional, cl::desc("<kernels.mlir>..."),
                                        cl::OneOrMore);
static cl::opt<std::string> pathList("paths", cl::desc("Paths to compare with the interpreter"),
                                     cl::init("jit,dav,emit"));
static cl::opt<unsigned> numCases("cases", cl::desc("Input sets per kernel"), cl::init(3));
static cl::opt<unsigned> firstCase("first-case", cl::desc("Index of the first input set"),
                                   cl::init(0));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the inputs"), cl::init(1));
static cl::opt<std::string> plant("plant",
                                  cl::desc("Planted bug: dav-min-as-max (the dav path "
                                           "lowers ascreg.min as ascreg.max) or "
                                           "jit-reject-first (the file's first kernel "
                                           "cannot be JIT-compiled)"),
                                  cl::init(""));
static cl::opt<std::string> workDir("work-dir",
                                    cl::desc("Where emitted kernels are compiled and cached "
                                             "(default: $TMPDIR/ascreg-rdiff)"),
                                    cl::init(""));
static cl::opt<unsigned> jitOpt("jit-opt", cl::desc("LLVM optimization level of the JIT"),
                                cl::init(0));
static cl::opt<unsigned> emitOpt("emit-opt",
                                 cl::desc("Optimization level of the host compiler for the "
                                          "emitted kernels (0 compiles about 3x faster)"),
                                 cl::init(1));
static cl::opt<std::string> hostCxx("host-cxx",
                                    cl::desc("C++ compiler for the emitted kernels (default: the "
                                             "compiler that built ascreg)"),
                                    cl::init(ASCREG_RDIFF_CXX));
static cl::opt<bool> jitChecks("jit-checks",
                               cl::desc("JIT with the runtime checks (the kernels are valid by "
                                        "construction; the checks only cost compile time)"),
                               cl::init(false));
static cl::opt<bool> verbose("v", cl::desc("Print every kernel's result and the time per phase"));
static cl::opt<bool> printTimes("times", cl::desc("Print the time per phase"));

namespace {

struct ArgSpec {
  enum Kind { Buffer, Int, Float } kind;
  std::string elem; // buffers: the memref element; floats: f16/bf16/f32
  uint64_t count = 0, lo = 0, hi = 0;
  unsigned bytes = 0;
};

using ascreg::driver::PreparedKernel;
using ascreg::driver::RunMode;

using Buffers = std::vector<std::vector<uint8_t>>;

/// Seconds spent per path (compile, run), for the summary.
std::map<std::string, double> timeSpent;
struct Timer {
  std::string what;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  explicit Timer(std::string w) : what(std::move(w)) {}
  ~Timer() {
    timeSpent[what] +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

struct Kernel {
  std::string tag; // the `// rdiff-kernel:` line, or "kernel K"
  std::string text;
  std::vector<ArgSpec> args;
  std::vector<ascreg::driver::OpenNaNLanes> open; // the rdiff-nan-payloads-open lanes
  OwningOpRef<ModuleOp> module, davModule;
  func::FuncOp fn;           // @kernel of `module`
  std::vector<bool> nanOpen; // unspecifiedNaNPayloadParams(fn)
  // After the modules: the compiled forms point at their ops.
  std::optional<PreparedKernel> interp, dav, jit; // jit: prepared with the file's others
  std::string cpp;                                // emitted Ascend C ("" if not emitted)
  int emitSlot = -1;                              // index in the shared object's table
  bool broken = false;                            // a path failed to compile it (reported)
};

unsigned elemBytes(StringRef e) {
  if (e.ends_with("8"))
    return 1;
  if (e.ends_with("16"))
    return 2;
  if (e.ends_with("32"))
    return 4;
  return 8;
}

/// The element token of the input generator for a memref element type.
std::string genToken(StringRef e) {
  if (e.starts_with("si"))
    return ("i" + e.drop_front(2)).str();
  if (e.starts_with("ui"))
    return ("u" + e.drop_front(2)).str();
  return e.str();
}

bool parseArgs(StringRef line, Kernel &k, std::string &error) {
  SmallVector<StringRef> words;
  line.split(words, ' ', -1, false);
  for (StringRef w : words) {
    SmallVector<StringRef> f;
    w.split(f, ':');
    ArgSpec a;
    if (f[0] == "buf" && f.size() == 3) {
      a.kind = ArgSpec::Buffer;
      a.elem = f[1].str();
      a.bytes = elemBytes(f[1]);
      if (f[2].getAsInteger(10, a.count))
        return error = "bad buffer size in '" + w.str() + "'", false;
    } else if ((f[0] == "i32" || f[0] == "index" || f[0] == "i64") && f.size() == 3) {
      a.kind = ArgSpec::Int;
      a.elem = f[0].str();
      if (f[1].getAsInteger(10, a.lo) || f[2].getAsInteger(10, a.hi) || a.lo > a.hi)
        return error = "bad range in '" + w.str() + "'", false;
    } else if ((f[0] == "f16" || f[0] == "bf16" || f[0] == "f32") && f.size() == 1) {
      a.kind = ArgSpec::Float;
      a.elem = f[0].str();
    } else {
      return error = "bad parameter '" + w.str() + "'", false;
    }
    k.args.push_back(a);
  }
  return true;
}

bool parseOpen(MLIRContext &ctx, StringRef line, Kernel &k, std::string &error) {
  SmallVector<StringRef> words;
  line.split(words, ' ', -1, false);
  for (StringRef w : words) {
    // P:ELEM (the whole buffer parameter P) or P@S:ELEM (512-byte slot S).
    auto [where, elem] = w.split(':');
    auto [param, slot] = where.split('@');
    ascreg::driver::OpenNaNLanes o;
    uint64_t s = 0;
    o.lane = llvm::StringSwitch<Type>(elem)
                 .Case("f16", Float16Type::get(&ctx))
                 .Case("bf16", BFloat16Type::get(&ctx))
                 .Case("f32", Float32Type::get(&ctx))
                 .Default(Type());
    if (param.getAsInteger(10, o.param) || (!slot.empty() && slot.getAsInteger(10, s)) ||
        o.param >= k.args.size() || k.args[o.param].kind != ArgSpec::Buffer || !o.lane)
      return error = "bad open-NaN entry '" + w.str() + "'", false;
    uint64_t size = k.args[o.param].count * k.args[o.param].bytes;
    o.begin = slot.empty() ? 0 : s * 512;
    o.end = slot.empty() ? size : std::min(size, o.begin + 512);
    k.open.push_back(o);
  }
  return true;
}

/// "" if `got` equals `want` by the driver's rule (driver::compareRuns).
std::string compare(const Kernel &k, const Buffers &want, const Buffers &got) {
  std::vector<ArrayRef<uint8_t>> x, y; // per parameter, empty for scalars
  size_t b = 0;
  for (const ArgSpec &a : k.args) {
    bool isBuffer = a.kind == ArgSpec::Buffer;
    x.push_back(isBuffer ? ArrayRef<uint8_t>(want[b]) : ArrayRef<uint8_t>());
    y.push_back(isBuffer ? ArrayRef<uint8_t>(got[b]) : ArrayRef<uint8_t>());
    b += isBuffer;
  }
  ascreg::driver::CheckComparison cmp =
      ascreg::driver::compareRuns(k.fn, x, y, /*limit=*/1, k.open, k.nanOpen);
  if (!cmp.count)
    return "";
  const ascreg::driver::Mismatch &d = cmp.first.front();
  const ArgSpec &a = k.args[d.argument];
  return llvm::formatv("parameter {0} ({1} x {2}) element {3}: interp {4}, got {5}", d.argument,
                       a.count, a.elem, d.element, llvm::format_hex(d.expected, 2 + 2 * a.bytes),
                       llvm::format_hex(d.actual, 2 + 2 * a.bytes))
      .str();
}

/// One input set of a kernel: deterministic in (seed, tag, case).
void makeInputs(const Kernel &k, unsigned c, Buffers &bufs, std::vector<uint64_t> &scalars) {
  uint64_t h = std::hash<std::string>()(k.tag) ^ (seed * 0x9E3779B97F4A7C15ull) ^
               (uint64_t(c) * 0xD1B54A32D192ED03ull);
  conformance::Gen g{std::mt19937_64(h)};
  bufs.clear();
  scalars.clear();
  for (const ArgSpec &a : k.args) {
    if (a.kind == ArgSpec::Buffer) {
      conformance::Tok t = conformance::tok(genToken(a.elem));
      std::vector<uint8_t> b(a.count * a.bytes);
      for (uint64_t i = 0; i < a.count; ++i) {
        uint64_t v = g.value(t);
        std::memcpy(b.data() + i * a.bytes, &v, a.bytes);
      }
      bufs.push_back(std::move(b));
    } else if (a.kind == ArgSpec::Int) {
      uint64_t span = a.hi - a.lo;
      uint64_t pick[] = {a.lo, a.hi, a.lo + (span > 0), a.hi - (span > 0),
                         a.lo + (span == UINT64_MAX ? g.rng() : g.rng() % (span + 1))};
      scalars.push_back(pick[g.pick(5)]);
    } else {
      scalars.push_back(g.floatValue(conformance::tok(a.elem)));
    }
  }
}

std::vector<ascreg::interp::Arg> makeArgs(Buffers &bufs, const Kernel &k,
                                          const std::vector<uint64_t> &scalars) {
  std::vector<ascreg::interp::Arg> args;
  size_t b = 0, s = 0;
  for (const ArgSpec &a : k.args) {
    if (a.kind == ArgSpec::Buffer)
      args.push_back(ascreg::interp::Arg::buffer(bufs[b++].data(), a.count));
    else
      args.push_back(ascreg::interp::Arg::scalar(scalars[s++]));
  }
  return args;
}

/// The planted bug of the dav path.
void plantBug(ModuleOp m) {
  if (plant != "dav-min-as-max")
    return;
  m.walk([](ascreg::MinOp op) {
    OpBuilder b(op);
    auto max = ascreg::MaxOp::create(b, op.getLoc(), op.getResult().getType(), op.getLhs(),
                                     op.getRhs(), op.getMask(), op.getModeAttr());
    op.getResult().replaceAllUsesWith(max.getResult());
    op.erase();
  });
}

/// The emitted kernels of one input file, compiled into a shared object.
struct EmittedLibrary {
  void *handle = nullptr;
  using RunFn = int (*)(unsigned, void *const *, const uint64_t *, sem::UnifiedBuffer *, char *,
                        size_t);
  RunFn run = nullptr;
  ~EmittedLibrary() {
    if (handle)
      dlclose(handle);
  }
};

std::string defaultWorkDir() {
  llvm::SmallString<128> dir;
  llvm::sys::path::system_temp_directory(/*erasedOnReboot=*/true, dir);
  llvm::sys::path::append(dir, "ascreg-rdiff");
  return dir.str().str();
}

/// Writes all emitted kernels into one C++ file, compiles it (unless a
/// shared object of the same content exists) and loads it.
bool buildEmitted(std::vector<Kernel> &kernels, EmittedLibrary &lib, std::string &error) {
  std::string tu = "// Generated by ascreg-random-diff: emitted kernels, one namespace each.\n"
                   "#include \"ascreg/AscendC/HostIntrinsics.h\"\n"
                   "#include \"EmittedKernel.h\"\n#include <csetjmp>\n#include <cstdio>\n\n";
  std::string table;
  int slot = 0;
  for (size_t i = 0; i < kernels.size(); ++i) {
    if (kernels[i].cpp.empty() || kernels[i].broken)
      continue;
    kernels[i].emitSlot = slot++;
    tu += llvm::formatv("namespace k{0} {{\n{1}}\n", i, kernels[i].cpp).str();
    table += llvm::formatv("      ascreg_emission::makeInvoker(&k{0}::kernel),\n", i).str();
  }
  if (slot == 0)
    return true;
  tu += R"cpp(
namespace {
thread_local std::jmp_buf *unwind;
thread_local char *errorText;
thread_local size_t errorSize;
} // namespace

extern "C" int ascreg_rdiff_run(unsigned k, void *const *buffers, const uint64_t *scalars,
                                ascreg::semantics::UnifiedBuffer *ub, char *err, size_t errLen) {
  static const ascreg_emission::Invoker table[] = {
)cpp" + table +
        R"cpp(  };
  std::jmp_buf here;
  unwind = &here;
  errorText = err;
  errorSize = errLen;
  ascreg_host::currentUB() = ub;
  ascreg_host::onRuntimeError() = [](const ascreg::semantics::RuntimeError &e, const char *what) {
    std::snprintf(errorText, errorSize, "%s: %s", what, e.message(ascreg_host::currentUB()->capacity()).c_str());
    std::longjmp(*unwind, 1);
  };
  int failed = setjmp(here);
  if (!failed)
    table[k](buffers, scalars);
  ascreg_host::currentUB() = nullptr;
  return failed;
}
)cpp";
  std::string dir = workDir.empty() ? defaultWorkDir() : workDir.getValue();
  if (auto ec = llvm::sys::fs::create_directories(dir))
    return error = "cannot create " + dir + ": " + ec.message(), false;
  // A bare name is looked up on PATH, as a shell would. The cache key names
  // the compiler by the path that runs and the file it resolves to: a bare
  // name that PATH maps to another compiler, or a symlink that now points
  // to another version, does not reuse the objects of the old one.
  std::string compiler = hostCxx;
  if (!StringRef(compiler).contains('/')) {
    auto found = llvm::sys::findProgramByName(compiler);
    if (!found)
      return error = "host compiler '" + compiler + "' not found on PATH", false;
    compiler = *found;
  }
  SmallString<256> compilerReal;
  if (llvm::sys::fs::real_path(compiler, compilerReal))
    compilerReal = compiler; // (ExecuteAndWait reports a missing file)
  std::string key = llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(
                                    tu + compiler + "\n" + compilerReal.str().str() +
                                    ASCREG_RDIFF_SEMANTICS_LIB + std::to_string(emitOpt))),
                                /*LowerCase=*/true)
                        .substr(0, 24);
  std::string base = dir + "/emitted-" + key;
  std::string so = base + ".so";
  if (!llvm::sys::fs::exists(so)) {
    std::string cpp = base + ".cpp";
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(cpp, ec);
      if (ec)
        return error = "cannot write " + cpp + ": " + ec.message(), false;
      os << tu;
    }
    // Compile to a temporary name and rename: concurrent drivers share the cache.
    std::string tmp = base + llvm::formatv(".{0}.tmp.so", ::getpid()).str();
    std::vector<std::string> cmd = {compiler,
                                    "-std=c++20",
                                    "-O" + std::to_string(emitOpt),
                                    "-fPIC",
                                    "-shared",
                                    "-fdiagnostics-color=never",
                                    "-w",
                                    "-I" ASCREG_SOURCE_DIR "/include/ascreg/AscendC/host",
                                    "-I" ASCREG_SOURCE_DIR "/include",
                                    "-I" ASCREG_BINARY_DIR "/include",
                                    "-I" ASCREG_SOURCE_DIR "/unittests/Emission",
                                    cpp,
                                    "-o",
                                    tmp,
                                    ASCREG_RDIFF_SEMANTICS_LIB};
    for (StringRef l : llvm::split(ASCREG_RDIFF_LINK, ';'))
      if (!l.empty())
        cmd.push_back(l.str());
    SmallVector<StringRef> argv(cmd.begin(), cmd.end());
    std::string msg;
    std::string log = base + ".log";
    std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log), StringRef(log)};
    int rc = llvm::sys::ExecuteAndWait(cmd[0], argv, std::nullopt, redirects, 0, 0, &msg);
    if (rc != 0) {
      auto text = llvm::MemoryBuffer::getFile(log);
      return error = "host compilation of the emitted kernels failed (" + cpp + "): " +
                     (text && !(*text)->getBuffer().empty()
                          ? (*text)->getBuffer().take_front(4000).str()
                          : (msg.empty() ? "exit code " + std::to_string(rc) : msg)),
             false;
    }
    if (auto ec = llvm::sys::fs::rename(tmp, so))
      return error = "cannot rename " + tmp + ": " + ec.message(), false;
  }
  lib.handle = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib.handle)
    return error = std::string("cannot load ") + so + ": " + dlerror(), false;
  lib.run = reinterpret_cast<EmittedLibrary::RunFn>(dlsym(lib.handle, "ascreg_rdiff_run"));
  if (!lib.run)
    return error = "no ascreg_rdiff_run in " + so, false;
  return true;
}

/// Runs the emitted kernel `k` on `bufs` in a Unified Buffer placed by the
/// interpreter's rule.
LogicalResult runEmitted(EmittedLibrary &lib, const Kernel &k, Buffers &bufs,
                         const std::vector<uint64_t> &scalars, std::string &error) {
  static sem::UnifiedBuffer ub;
  static bool reserved = ub.reserve(sem::kDefaultUBCapacity, error);
  if (!reserved)
    return failure();
  ub.clearArguments();
  for (auto &b : bufs)
    ub.addArgument(b.data(), b.size());
  if (!ub.bindArguments(error))
    return failure();
  std::vector<void *> ptrs;
  for (size_t i = 0; i < ub.numArguments(); ++i)
    ptrs.push_back(ub.argumentInArena(i));
  char message[512] = "";
  if (lib.run(k.emitSlot, ptrs.data(), scalars.data(), &ub, message, sizeof(message))) {
    error = message;
    return failure();
  }
  ub.copyOut();
  return success();
}

/// The driver's options of every path (the interpreter's and the JIT's
/// defaults but for --jit-opt and --jit-checks; no JIT cache).
ascreg::driver::PrepareOptions prepareOptions() {
  ascreg::driver::PrepareOptions o;
  o.jit.optLevel = jitOpt;
  o.jit.runtimeChecks = jitChecks;
  return o;
}

/// JIT-compiles the kernels of a file in one LLVM compilation: their @kernel
/// functions, renamed @kernel_<i>, in one module `batch` (kept: diagnostics
/// point into it). A kernel whose module holds more than its @kernel, or
/// other module attributes than the first kernel's, is compiled alone; if the
/// batch fails, every kernel is, so that `fail(i)` names the kernel at fault.
void compileJit(MLIRContext &ctx, std::vector<Kernel> &kernels, OwningOpRef<ModuleOp> &batch,
                ascreg::debugging::DiagnosticText &diags, llvm::function_ref<void(size_t)> fail) {
  std::vector<size_t> together, alone;
  std::vector<std::string> names;
  if (plant == "jit-reject-first")
    for (Kernel &k : kernels)
      if (!k.broken) {
        auto fn = k.module->lookupSymbol<func::FuncOp>("kernel");
        OpBuilder b(&fn.front().front());
        func::CallOp::create(b, fn.getLoc(), fn, fn.getArguments());
        break;
      }
  for (size_t i = 0; i < kernels.size(); ++i) {
    Kernel &k = kernels[i];
    if (k.broken)
      continue;
    Block *body = k.module->getBody();
    bool onlyKernel = body->getOperations().size() == 1 && isa<func::FuncOp>(body->front());
    if (!batch && onlyKernel) {
      batch = ModuleOp::create(k.module->getLoc());
      (*batch)->setAttrs((*k.module)->getAttrDictionary());
    }
    if (!onlyKernel || (*batch)->getAttrDictionary() != (*k.module)->getAttrDictionary()) {
      alone.push_back(i);
      continue;
    }
    auto fn = cast<func::FuncOp>(body->front().clone());
    names.push_back(llvm::formatv("kernel_{0}", i).str());
    fn.setSymName(names.back());
    batch->getBody()->push_back(fn);
    together.push_back(i);
  }
  if (!together.empty()) {
    auto jit = ascreg::driver::prepareKernels(*batch, names, RunMode::Jit, prepareOptions());
    if (succeeded(jit)) {
      for (size_t e = 0; e < together.size(); ++e)
        kernels[together[e]].jit = std::move((*jit)[e]);
    } else {
      diags.take(); // reported per kernel below
      alone.insert(alone.end(), together.begin(), together.end());
      llvm::sort(alone);
    }
  }
  for (size_t i : alone) {
    auto jit =
        PreparedKernel::prepare(*kernels[i].module, "kernel", RunMode::Jit, prepareOptions());
    if (failed(jit)) {
      fail(i);
      continue;
    }
    kernels[i].jit = std::move(*jit);
  }
}

int runFile(MLIRContext &ctx, StringRef file, const llvm::StringSet<> &paths, uint64_t &numKernels,
            uint64_t &numRuns, uint64_t &numMismatches) {
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer) {
    llvm::errs() << "ascreg-random-diff: cannot read " << file << "\n";
    return 2;
  }
  // The file's JIT batch (compileJit), declared first: the kernels' JIT
  // forms point at its functions and go first.
  OwningOpRef<ModuleOp> jitBatch;
  // Split into kernels.
  std::vector<Kernel> kernels;
  {
    SmallVector<StringRef> lines;
    (*buffer)->getBuffer().split(lines, '\n');
    std::string current;
    auto flush = [&] {
      if (StringRef(current).trim().empty())
        return;
      Kernel k;
      k.text = current;
      kernels.push_back(std::move(k));
      current.clear();
    };
    for (StringRef l : lines) {
      if (l.trim() == "// -----") {
        flush();
        continue;
      }
      current += l.str() + "\n";
    }
    flush();
  }
  int status = 0;
  ascreg::debugging::DiagnosticText diags(&ctx);
  for (size_t i = 0; i < kernels.size(); ++i) {
    Kernel &k = kernels[i];
    k.tag = llvm::formatv("{0} kernel {1}", file, i).str();
    std::string error;
    bool haveArgs = false;
    for (StringRef l : llvm::split(k.text, '\n')) {
      if (l.consume_front("// rdiff-kernel:"))
        k.tag = l.trim().str();
      else if (l.consume_front("// rdiff-args:"))
        haveArgs = parseArgs(l.trim(), k, error);
      else if (l.consume_front("// rdiff-nan-payloads-open:") && haveArgs &&
               !parseOpen(ctx, l.trim(), k, error))
        haveArgs = false;
    }
    if (!haveArgs) {
      llvm::outs() << "BAD-INPUT kernel " << i << " (" << k.tag
                   << "): " << (error.empty() ? "no // rdiff-args: line" : error) << "\n";
      status = 2;
      k.broken = true;
      continue;
    }
    ascreg::driver::LoadFailure loadFailure;
    k.module = ascreg::driver::parseKernelText(ctx, k.text, k.tag, loadFailure);
    func::FuncOp fn = k.module ? k.module->lookupSymbol<func::FuncOp>("kernel") : nullptr;
    if (!fn || fn.getNumArguments() != k.args.size()) {
      llvm::outs() << "BAD-INPUT kernel " << i << " (" << k.tag << "): "
                   << (k.module ? "no @kernel matching the args line"
                       : loadFailure == ascreg::driver::LoadFailure::Parse ? "does not parse"
                                                                           : "does not verify")
                   << "\n"
                   << diags.take() << "\n";
      status = 2;
      k.broken = true;
      continue;
    }
    auto fail = [&](StringRef path) {
      llvm::outs() << "COMPILE-FAILURE kernel " << i << " (" << k.tag << "): " << path << ": "
                   << diags.take() << "\n";
      status = std::max(status, 1);
      k.broken = true;
    };
    k.fn = fn;
    k.nanOpen = ascreg::debugging::unspecifiedNaNPayloadParams(fn);
    auto interp = PreparedKernel::prepare(*k.module, "kernel", RunMode::Interp, prepareOptions());
    if (failed(interp)) {
      fail("interp");
      continue;
    }
    k.interp = std::move(*interp);
    if (paths.contains("dav")) {
      Timer t("dav compile");
      OwningOpRef<ModuleOp> lowered = cast<ModuleOp>((*k.module)->clone());
      plantBug(*lowered);
      PassManager pm(&ctx);
      pm.addPass(ascreg::createConvertAscRegToDavPass());
      FailureOr<PreparedKernel> dav = failure();
      if (succeeded(pm.run(*lowered)))
        dav = PreparedKernel::prepare(*lowered, "kernel", RunMode::Interp, prepareOptions());
      if (failed(dav)) {
        fail("dav");
        continue;
      }
      k.dav = std::move(*dav);
      k.davModule = std::move(lowered); // the compiled kernel refers to its ops
    }
    if (paths.contains("emit")) {
      // ascreg-translate --ascreg-to-ascendc.
      Timer t("emit translate");
      OwningOpRef<ModuleOp> m = cast<ModuleOp>((*k.module)->clone());
      llvm::raw_string_ostream os(k.cpp);
      if (failed(ascreg::translateToAscendC(*m, os))) {
        k.cpp.clear();
        fail("emit");
        continue;
      }
    }
  }

  // After the other paths: a kernel that failed them is not JIT-compiled.
  if (paths.contains("jit")) {
    Timer t("jit compile");
    compileJit(ctx, kernels, jitBatch, diags, [&](size_t i) {
      llvm::outs() << "COMPILE-FAILURE kernel " << i << " (" << kernels[i].tag
                   << "): jit: " << diags.take() << "\n";
      status = std::max(status, 1);
      kernels[i].broken = true;
    });
  }

  EmittedLibrary lib;
  if (paths.contains("emit")) {
    std::string error;
    Timer t("emit host compile");
    if (!buildEmitted(kernels, lib, error)) {
      llvm::outs() << "COMPILE-FAILURE " << file << ": emit: " << error << "\n";
      return 1;
    }
  }

  for (size_t i = 0; i < kernels.size(); ++i) {
    Kernel &k = kernels[i];
    if (k.broken)
      continue;
    ++numKernels;
    bool agreed = true;
    for (unsigned c = firstCase; c < firstCase + numCases; ++c) {
      Buffers inputs;
      std::vector<uint64_t> scalars;
      makeInputs(k, c, inputs, scalars);
      Buffers want = inputs;
      auto args = makeArgs(want, k, scalars);
      bool refOk = succeeded(k.interp->run(RunMode::Interp, args));
      std::string refError = diags.take();
      ++numRuns;
      auto check = [&](StringRef path, bool ok, const std::string &error, const Buffers &got) {
        ++numRuns;
        std::string what;
        if (ok != refOk)
          what = refOk ? "failed where the interpreter succeeded: " + error
                       : "succeeded where the interpreter failed: " + refError;
        else if (ok)
          what = compare(k, want, got);
        if (what.empty())
          return;
        agreed = false;
        ++numMismatches;
        llvm::outs() << "MISMATCH kernel " << i << " case " << c << ": " << path << ": " << what
                     << " [" << k.tag << "]\n";
      };
      if (k.jit) {
        Buffers got = inputs;
        auto a = makeArgs(got, k, scalars);
        bool ok = succeeded(k.jit->run(RunMode::Jit, a));
        check("jit", ok, diags.take(), got);
      }
      if (k.dav) {
        Buffers got = inputs;
        auto a = makeArgs(got, k, scalars);
        bool ok = succeeded(k.dav->run(RunMode::Interp, a));
        check("dav", ok, diags.take(), got);
      }
      if (lib.run && k.emitSlot >= 0) {
        Buffers got = inputs;
        std::string error;
        bool ok = succeeded(runEmitted(lib, k, got, scalars, error));
        check("emit", ok, error, got);
      }
    }
    if (!agreed)
      status = std::max(status, 1);
    else if (verbose)
      llvm::outs() << "ok kernel " << i << " [" << k.tag << "]\n";
  }
  return status;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "ascreg-random-diff: random kernels on every execution path\n");
  llvm::StringSet<> paths;
  for (StringRef p : llvm::split(pathList, ',')) {
    p = p.trim();
    if (p.empty() || p == "interp")
      continue;
    if (p != "jit" && p != "dav" && p != "emit") {
      llvm::errs() << "ascreg-random-diff: unknown path '" << p << "' (jit, dav, emit)\n";
      return 2;
    }
    paths.insert(p);
  }
  if (!plant.empty() && plant != "dav-min-as-max" && plant != "jit-reject-first") {
    llvm::errs() << "ascreg-random-diff: unknown --plant '" << plant << "'\n";
    return 2;
  }

  // The driver's context and parse step (ascreg/Driver/Session.h).
  ascreg::driver::SessionOptions sessionOptions;
  sessionOptions.loadAllDialects = true;
  sessionOptions.threading = true; // a batch module holds many kernels
  std::unique_ptr<MLIRContext> context = ascreg::driver::makeContext(sessionOptions);
  MLIRContext &ctx = *context;

  auto start = std::chrono::steady_clock::now();
  uint64_t kernels = 0, runs = 0, mismatches = 0;
  int status = 0;
  for (const std::string &f : inputFiles)
    status = std::max(status, runFile(ctx, f, paths, kernels, runs, mismatches));
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (verbose || printTimes)
    for (auto &[what, secs] : timeSpent)
      llvm::outs() << llvm::formatv("  {0}: {1:f2} s\n", what, secs);
  llvm::outs() << llvm::formatv(
      "ascreg-random-diff: {0} kernels, {1} cases each, {2} runs, "
      "{3} mismatches, paths interp,{4}{5} ({6:f1} s)\n",
      kernels, numCases, runs, mismatches,
      llvm::join(llvm::map_range(paths, [](auto &e) { return e.getKey(); }), ","),
      plant.empty() ? "" : " [planted: " + plant + "]", seconds);
  return status;
}
