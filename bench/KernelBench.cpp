//===- KernelBench.cpp - whole kernels: interpreter vs JIT ----------------===//
//
// Three groups of benchmarks (scripts/bench.sh runs them and summarises):
//
//   BM_Kernel/<kernel>/interp|jit   every reduce, pair_reduce and gather
//       conformance kernel (examples/conformance; benchedKernel) on the same
//       UB-sized inputs through the interpreter and the JIT (runtime checks
//       on). items_processed = source elements per run
//       (gathered elements for gathers); fast_ns = a fast run (Samples). The
//       interpreter also reports ns_per_instr = time per executed interpreter
//       instruction and ub_copy_ns = time of a run whose loop does not execute
//       (the UB copies).
//   BM_Dispatch/...                 what the interpreter costs by itself:
//       scalar_loop: ns per executed instruction of a loop of cheap arith ops
//       (scalar_loop_cancellable: the same with a cancel flag set, as Python
//       runs kernels);
//       reduce_max_f32: ns the interpreter adds around one simd::reduce call.
//   BM_SumExactVsUnordered/<T>/...  the JIT's exact adjacent-pair-tree sum
//       (ascreg reduce <sum>) vs an upstream-only kernel whose
//       vector.reduction <add> may reassociate (and, for reference, one that
//       must add in lane order).
//
// Inputs are finite random values and full counts, so no NaN or masked-off
// fast paths are measured. Hand-made counters use thread CPU time and the
// 10th percentile of the runs (see Samples). Nothing here asserts on time.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include "../unittests/Common/ConformanceCases.h"
#include "../unittests/Common/LoadedKernel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <time.h>
#include <vector>

namespace sem = ascreg::semantics;
using ascreg::driver::PreparedKernel;
using ascreg::driver::RunMode;
using ascreg::interp::Arg;

namespace {

using namespace conformance;

/// UB bytes the per-register buffers of a kernel should fill (of 248 KiB);
/// the rest leaves room for a gather base and the 32-byte alignment padding.
constexpr uint64_t kBufferBytes = 200 * 1024;
/// Elements in a gather base (a few thousand, so the indices spread out).
constexpr uint64_t kGatherBaseElems = 4096;

[[noreturn]] void fatal(const std::string &msg) {
  llvm::errs() << "ascreg-bench-kernels: " << msg << "\n";
  std::exit(1);
}

/// CPU time of this thread in ns, like Google Benchmark's cpu_time column:
/// the machine may be shared, and CPU time is less disturbed by that than
/// wall time (idle MLIR/LLVM worker threads do not count). The hand-made
/// counters below use it.
double cpuNs() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

/// Run times of one measured quantity; fast() is their 10th percentile. On a
/// shared machine a low percentile is the most reproducible figure: the mean
/// and median move with the neighbours' load, and the minimum catches the
/// odd clock glitch.
struct Samples {
  std::vector<double> ns;
  void add(double t) { ns.push_back(t); }
  double fast() {
    if (ns.empty())
      return 0;
    auto k = ns.begin() + ns.size() / 10;
    std::nth_element(ns.begin(), k, ns.end());
    return *k;
  }
};

//===----------------------------------------------------------------------===//
// Parsing and compiling (cached: Google Benchmark calls a benchmark function
// several times while it picks the iteration count).
//===----------------------------------------------------------------------===//

/// The driver's context (ascreg/Driver/Session.h), as ascreg-run makes it.
mlir::MLIRContext &context() {
  // Leaked: the JIT-compiled kernels of cache() must go first (main).
  static mlir::MLIRContext *ctx = [] {
    ascreg::driver::SessionOptions options;
    options.loadAllDialects = true;
    return ascreg::driver::makeContext(options).release();
  }();
  return *ctx;
}

struct Compiled {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::optional<PreparedKernel> interp, jit;
};

std::map<std::string, std::unique_ptr<Compiled>> &cache() {
  static std::map<std::string, std::unique_ptr<Compiled>> kernels;
  return kernels;
}

/// Parses `source` (a file path if `isFile`) once under `key`, as the
/// driver parses a kernel (limits, verification); the interpreter and JIT
/// forms are compiled on first use.
Compiled &parsed(const std::string &key, const std::string &source, bool isFile) {
  auto &slot = cache()[key];
  if (slot)
    return *slot;
  slot = std::make_unique<Compiled>();
  ascreg::driver::LoadFailure failure;
  std::string error;
  slot->module = isFile ? ascreg::driver::parseKernelFile(context(), source, failure, error)
                        : ascreg::driver::parseKernelText(context(), source, key, failure);
  if (!slot->module)
    fatal("cannot parse kernel " + key + (error.empty() ? "" : ": " + error));
  return *slot;
}

/// @kernel of `c` prepared for `mode` (the driver's step, as ascreg-run
/// --mode=interp / jit prepares it: default options, JIT runtime checks on).
PreparedKernel &prepare(Compiled &c, RunMode mode,
                        const ascreg::driver::PrepareOptions &options = {}) {
  std::optional<PreparedKernel> &slot = mode == RunMode::Jit ? c.jit : c.interp;
  if (!slot) {
    auto k = PreparedKernel::prepare(*c.module, "kernel", mode, options);
    if (mlir::failed(k))
      fatal(std::string("cannot compile @kernel for ") + ascreg::driver::runModeName(mode).str());
    slot = std::move(*k);
  }
  return *slot;
}

/// The interpreter's instruction count of the last run of `k`.
double executedInstructions(PreparedKernel &k) {
  return double(k.interpreter()->executedInstructions());
}

//===----------------------------------------------------------------------===//
// Conformance kernels: names, types, inputs
//===----------------------------------------------------------------------===//

// kernelNames, split, Tok, tok, Buffer: unittests/Common/ConformanceCases.h.

/// Finite values of moderate size (f16 sums of a register stay finite).
uint64_t randomValue(const Tok &t, std::mt19937_64 &rng) {
  uint64_t v = rng();
  if (t.elem == "f16")
    return sem::f32ToF16(float(int(v % 2001) - 1000) / 8);
  if (t.elem == "bf16")
    return sem::f32ToBF16(float(int(v % 2001) - 1000) / 8);
  if (t.elem == "f32") {
    float f = float(int(v % 200001) - 100000) / 64;
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  return t.bytes() == 8 ? v : v & ((uint64_t(1) << (8 * t.bytes())) - 1);
}

/// One kernel's inputs, in parameter order: buffers, then scalars
/// (see scripts/gen-conformance.py for the signatures).
struct BenchCase {
  std::vector<Buffer> buffers;
  std::vector<uint64_t> scalars;
  uint64_t elements = 0; // source elements processed per run
  std::vector<Arg> args() { return argsOf(buffers, scalars); }
};

/// The kernels whose inputs makeBenchCase builds: the reduce, pair_reduce
/// and gather families this benchmark is about. The other conformance
/// kernels (lane arithmetic, casts, reduce_data_block, ...) take other
/// parameters; the differential suites run them.
bool benchedKernel(const std::string &name) {
  std::vector<std::string> p = split(name);
  return (p[0] == "reduce" && !isReduceDataBlock(p)) || p[0] == "pair" || p[0] == "gather";
}

BenchCase makeBenchCase(const std::string &name) {
  std::vector<std::string> p = split(name);
  std::mt19937_64 rng(std::hash<std::string>()(name));
  BenchCase c;
  if (p[0] == "reduce" || p[0] == "pair") {
    // reduce_{kind}_{DST}_{SRC} / pair_reduce_sum_{T}: (src, dst, count, repeat)
    Tok dst = tok(p[0] == "pair" ? p[3] : p[2]), src = tok(p[3]);
    uint64_t repeat = kBufferBytes / (src.regBytes() + dst.regBytes());
    Buffer s{std::vector<uint8_t>(repeat * src.regBytes()), src.bytes()};
    for (uint64_t i = 0; i < s.n(); ++i)
      s.set(i, randomValue(src, rng));
    Buffer d{std::vector<uint8_t>(repeat * dst.regBytes()), dst.bytes()};
    c.elements = repeat * src.lanes();
    c.buffers = {s, d};
    c.scalars = {c.elements, repeat};
  } else if (p[1] != "reg") {
    // gather_{DST}_{SRC}_{IDX}: (base, index, dst, count, repeat)
    Tok dst = tok(p[1]), src = tok(p[2]), idx = tok(p[3]);
    uint64_t repeat = kBufferBytes / (idx.regBytes() + dst.regBytes());
    Buffer b{std::vector<uint8_t>(kGatherBaseElems * src.bytes()), src.bytes()};
    for (uint64_t i = 0; i < b.n(); ++i)
      b.set(i, randomValue(src, rng));
    // In-range element indices in every lane (the index register may have
    // more lanes than the result; the extra ones are in range too).
    Buffer ix{std::vector<uint8_t>(repeat * idx.regBytes()), idx.bytes()};
    for (uint64_t i = 0; i < ix.n(); ++i)
      ix.set(i, rng() % kGatherBaseElems);
    Buffer d{std::vector<uint8_t>(repeat * dst.regBytes()), dst.bytes()};
    c.elements = repeat * dst.lanes();
    c.buffers = {b, ix, d};
    c.scalars = {c.elements, repeat};
  } else {
    // gather_reg_{T}_{IDX}: (src, index, dst, repeat); one index register.
    Tok t = tok(p[2]), idx = tok(p[3]);
    uint64_t repeat = (kBufferBytes - idx.regBytes()) / (2 * t.regBytes());
    Buffer s{std::vector<uint8_t>(repeat * t.regBytes()), t.bytes()};
    for (uint64_t i = 0; i < s.n(); ++i)
      s.set(i, randomValue(t, rng));
    Buffer ix{std::vector<uint8_t>(idx.regBytes()), idx.bytes()};
    for (uint64_t i = 0; i < ix.n(); ++i)
      ix.set(i, rng() % t.lanes());
    Buffer d{std::vector<uint8_t>(repeat * t.regBytes()), t.bytes()};
    c.elements = repeat * t.lanes();
    c.buffers = {s, ix, d};
    c.scalars = {repeat};
  }
  return c;
}

/// Runs `kernel` on `args` in the timed loop; aborts the benchmark on failure.
/// One untimed run first: the ExecutionEngine generates machine code on the
/// first symbol lookup, i.e. in the first JIT run. Besides Google Benchmark's
/// mean, records fast_ns = the 10th percentile of the runs (see Samples) and
/// returns it.
double timedRuns(benchmark::State &st, PreparedKernel &kernel, RunMode path,
                 const std::vector<Arg> &args) {
  if (mlir::failed(kernel.run(path, args))) {
    st.SkipWithError("kernel run failed");
    return 0;
  }
  Samples runs;
  for (auto _ : st) {
    double t0 = cpuNs();
    if (mlir::failed(kernel.run(path, args))) {
      st.SkipWithError("kernel run failed");
      break;
    }
    runs.add(cpuNs() - t0);
  }
  double fast = runs.fast();
  st.counters["fast_ns"] = fast;
  return fast;
}

void benchKernel(benchmark::State &st, const std::string &name, bool useJit) {
  Compiled &c = parsed(name, std::string(kConformanceDir) + "/" + name + ".mlir", /*isFile=*/true);
  BenchCase in = makeBenchCase(name);
  std::vector<Arg> args = in.args();
  if (useJit) {
    timedRuns(st, prepare(c, RunMode::Jit), RunMode::Jit, args);
  } else {
    PreparedKernel &k = prepare(c, RunMode::Interp);
    // The fixed cost of a run: the same buffers with repeat = 0 (the last
    // parameter of every conformance kernel), so the loop does not run; this
    // is mostly copying the buffers into and out of the UB arena, which both
    // the interpreter and the JIT do on every run. Sampled before and after
    // the timed loop (see Samples).
    std::vector<Arg> empty = args;
    empty.back() = Arg::scalar(0);
    Samples copy;
    auto sampleCopy = [&] {
      for (int i = 0; i < 32; ++i) {
        double t0 = cpuNs();
        (void)k.run(RunMode::Interp, empty);
        copy.add(cpuNs() - t0);
      }
    };
    sampleCopy();
    double best = timedRuns(st, k, RunMode::Interp, args);
    double instr = executedInstructions(k); // of the last (full) run
    sampleCopy();
    st.counters["ub_copy_ns"] = copy.fast();
    st.counters["instr"] = instr;
    st.counters["ns_per_instr"] = best / instr;
  }
  st.SetItemsProcessed(int64_t(st.iterations()) * int64_t(in.elements));
  st.counters["elements"] = double(in.elements);
}

//===----------------------------------------------------------------------===//
// Interpreter dispatch overhead
//===----------------------------------------------------------------------===//

/// (i) A loop of only cheap scalar ops: four independent addi chains.
const char *kScalarLoop = R"mlir(
module {
  func.func @kernel(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %z = arith.constant 0 : i32
    %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z, %c = %z, %d = %z)
        -> (i32, i32, i32, i32) {
      %a1 = arith.addi %a, %one : i32
      %b1 = arith.addi %b, %one : i32
      %c2 = arith.addi %c, %one : i32
      %d1 = arith.addi %d, %one : i32
      scf.yield %a1, %b1, %c2, %d1 : i32, i32, i32, i32
    }
    return
  }
}
)mlir";

/// `cancellable`: with a cancel flag (Options::cancel) set, as the Python
/// package and a Ctrl-C handler run kernels.
void benchScalarLoop(benchmark::State &st, bool cancellable) {
  const uint64_t n = 1 << 12;
  static std::atomic<bool> cancel{false};
  Compiled &c = parsed(cancellable ? "scalar_loop_cancellable" : "scalar_loop", kScalarLoop, false);
  ascreg::driver::PrepareOptions options;
  if (cancellable)
    options.interp.cancel = &cancel;
  PreparedKernel &k = prepare(c, RunMode::Interp, options);
  std::vector<Arg> args = {Arg::scalar(n)};
  if (mlir::failed(k.run(RunMode::Interp, args))) {
    st.SkipWithError("run failed");
    return;
  }
  Samples runs;
  for (auto _ : st) {
    double t0 = cpuNs();
    if (mlir::failed(k.run(RunMode::Interp, args)))
      st.SkipWithError("run failed");
    runs.add(cpuNs() - t0);
  }
  double instr = executedInstructions(k);
  st.counters["instr_per_iter"] = instr / double(n);
  st.counters["ns_per_instr"] = runs.fast() / instr;
}

/// (ii) load_align + reduce <max> f32 of the same UB register in a loop; the
/// same loop without the reduce is timed too, so the difference is the
/// interpreter's time per reduce op (handler, operand/result slots, the
/// SIMD kernel itself).
std::string reduceLoop(bool withReduce) {
  return std::string(R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
)mlir") +
         (withReduce ? "      %r = ascreg.reduce <max> %v, %all : !ascreg.vreg<64xf32> -> "
                       "!ascreg.vreg<64xf32>\n"
                     : "") +
         R"mlir(    }
    return
  }
}
)mlir";
}

void benchReduceDispatch(benchmark::State &st) {
  const uint64_t n = 1 << 11; // short parts: many samples of each
  PreparedKernel &withOp = prepare(parsed("reduce_loop", reduceLoop(true), false), RunMode::Interp);
  PreparedKernel &without = prepare(parsed("load_loop", reduceLoop(false), false), RunMode::Interp);
  std::mt19937_64 rng(7);
  std::vector<float> src(64);
  for (float &f : src)
    f = float(int(rng() % 200001) - 100000) / 64;
  std::vector<Arg> args = {Arg::buffer(src.data(), src.size()), Arg::scalar(n)};

  const sem::RegType f32{sem::ElemKind::F32};
  sem::Reg in, out;
  std::memset(in.b, 0, sizeof in.b);
  std::memcpy(in.b, src.data(), 256);
  sem::Mask all;
  sem::simd::createMask(f32, sem::MaskPattern::ALL, all);

  if (mlir::failed(withOp.run(RunMode::Interp, args)) ||
      mlir::failed(without.run(RunMode::Interp, args))) {
    st.SkipWithError("run failed");
    return;
  }
  // Each iteration times the three parts separately (n reduce-loop
  // iterations each) and keeps a fast run of each part (see Samples): the
  // difference of two disturbed means would be mostly noise. The real_time of
  // this benchmark is the sum of the parts and not meaningful by itself.
  Samples with, withoutOp, direct;
  for (auto _ : st) {
    double t0 = cpuNs();
    if (mlir::failed(withOp.run(RunMode::Interp, args)))
      st.SkipWithError("run failed");
    with.add(cpuNs() - t0);
    t0 = cpuNs();
    if (mlir::failed(without.run(RunMode::Interp, args)))
      st.SkipWithError("run failed");
    withoutOp.add(cpuNs() - t0);
    t0 = cpuNs();
    for (uint64_t i = 0; i < n; ++i) {
      benchmark::DoNotOptimize(in);
      sem::simd::reduce(::ascreg::semantics::documentedProfile(), sem::ReduceKind::Max, f32, f32,
                        in, all, out);
      benchmark::DoNotOptimize(out);
    }
    direct.add(cpuNs() - t0);
  }
  if (!st.iterations())
    return;
  double nsWith = with.fast();
  double interpPerOp = (nsWith - withoutOp.fast()) / double(n);
  double directPerOp = direct.fast() / double(n);
  // 1.0 when the interpreter executes exactly one extra instruction (the
  // reduce) per loop iteration.
  st.counters["reduce_instr_per_iter"] =
      (executedInstructions(withOp) - executedInstructions(without)) / double(n);
  st.counters["interp_ns_per_iter"] = nsWith / double(n);
  st.counters["interp_ns_per_reduce"] = interpPerOp;
  st.counters["simd_ns_per_reduce"] = directPerOp;
  st.counters["overhead_ns_per_reduce"] = interpPerOp - directPerOp;
}

//===----------------------------------------------------------------------===//
// Cost of exactness in the JIT
//===----------------------------------------------------------------------===//

/// reduce <sum> of the conformance kernel's signature with upstream dialects
/// only: inactive lanes selected to 0, one vector.reduction per register,
/// the sum in lane 0 of an otherwise zero register. `fastmath<reassoc>` lets
/// LLVM reduce as a shuffle tree in any order (llvm.vector.reduce.fadd with
/// reassoc); without it LLVM must add the lanes one by one in lane order.
std::string unorderedSum(const std::string &elem, unsigned lanes, bool reassoc) {
  std::string vec = "vector<" + std::to_string(lanes) + "x" + elem + ">";
  std::string mem = "memref<?x" + elem + ">";
  std::string text = R"mlir(
module {
  func.func @kernel(%src: MEM, %dst: MEM, %count: i32, %repeat: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vl = arith.constant LANES : index
    %zero = arith.constant dense<0.0> : VEC
    %n0 = arith.index_castui %count : i32 to index
    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %n0) -> (index) {
      %off = arith.muli %r, %vl : index
      %v = vector.load %src[%off] : MEM, VEC
      %active = arith.minui %n, %vl : index
      %m = vector.create_mask %active : vector<LANESxi1>
      %x = arith.select %m, %v, %zero : vector<LANESxi1>, VEC
      %s = vector.reduction <add>, %x FASTMATH : VEC into ELEM
      %res = vector.insert %s, %zero [0] : ELEM into VEC
      vector.store %res, %dst[%off] : MEM, VEC
      %rest = arith.subi %n, %active : index
      scf.yield %rest : index
    }
    return
  }
}
)mlir";
  auto replaceAll = [&](const std::string &from, const std::string &to) {
    for (size_t p; (p = text.find(from)) != std::string::npos;)
      text.replace(p, from.size(), to);
  };
  replaceAll("MEM", mem);
  replaceAll("VEC", vec);
  replaceAll("LANES", std::to_string(lanes));
  replaceAll("ELEM", elem);
  replaceAll("FASTMATH", reassoc ? "fastmath<reassoc>" : "");
  return text;
}

enum class SumVariant { Exact, Unordered, Sequential };

void benchSum(benchmark::State &st, const std::string &elem, SumVariant variant) {
  std::string name = "reduce_sum_" + elem + "_" + elem;
  unsigned lanes = elem == "f32" ? 64 : 128;
  Compiled &c = variant == SumVariant::Exact
                    ? parsed(name, std::string(kConformanceDir) + "/" + name + ".mlir", true)
                : variant == SumVariant::Unordered
                    ? parsed(name + ".unordered", unorderedSum(elem, lanes, true), false)
                    : parsed(name + ".sequential", unorderedSum(elem, lanes, false), false);
  // The JIT runs the same pipeline (convert-ascreg-to-vector is a no-op on
  // the upstream-only kernels), the same LLVM -O2 and ExecutionEngine, and
  // passes the arguments the same way, so only the reduction differs.
  PreparedKernel &k = prepare(c, RunMode::Jit);
  BenchCase in = makeBenchCase(name); // same inputs as BM_Kernel/<name>
  std::vector<Arg> args = in.args();
  timedRuns(st, k, RunMode::Jit, args);
  st.SetItemsProcessed(int64_t(st.iterations()) * int64_t(in.elements));
  st.counters["elements"] = double(in.elements);
}

void registerAll() {
  for (const std::string &name : kernelNames())
    for (bool useJit : {false, true})
      if (benchedKernel(name))
        benchmark::RegisterBenchmark(
            ("BM_Kernel/" + name + (useJit ? "/jit" : "/interp")).c_str(),
            [name, useJit](benchmark::State &st) { benchKernel(st, name, useJit); })
            ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_Dispatch/scalar_loop", [](benchmark::State &st) {
    benchScalarLoop(st, false);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_Dispatch/scalar_loop_cancellable", [](benchmark::State &st) {
    benchScalarLoop(st, true);
  })->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_Dispatch/reduce_max_f32", benchReduceDispatch)
      ->Unit(benchmark::kMicrosecond);
  for (std::string elem : {"f32", "f16"})
    for (auto [suffix, v] :
         {std::pair{"exact", SumVariant::Exact}, std::pair{"unordered", SumVariant::Unordered},
          std::pair{"sequential", SumVariant::Sequential}})
      benchmark::RegisterBenchmark(("BM_SumExactVsUnordered/" + elem + "/" + suffix).c_str(),
                                   [elem, v = v](benchmark::State &st) { benchSum(st, elem, v); })
          ->Unit(benchmark::kMicrosecond);
}

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  registerAll();
  benchmark::AddCustomContext("simd_target", sem::simd::targetName());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  // Free the JIT-compiled code while LLVM's global state is still alive
  // (static destruction order would not guarantee that).
  cache().clear();
  return 0;
}
