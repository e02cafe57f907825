//===- SuperinstructionTest.cpp - fused loops, bit for bit ------*- C++ -*-===//
//
// A plain interpreter run executes the common loops (load, update_mask, an
// op, store) as one instruction each (lib/Interpreter/Superinstructions.h);
// with Options::fuseLoops off it dispatches the same instructions one by
// one, and a traced or checked run compiles no fused instruction at all.
// These tests show that the fused path is taken exactly in plain runs, and
// that it computes what the unfused path computes: every conformance kernel
// with a fused loop on random edge-class inputs (NaN payloads, empty and
// partial masks, counts ending mid-register), the same buffers bit for bit
// and the same instruction count as with fuseLoops off, and the same
// buffers as a traced run; hand-computed reduce-max results for a partial,
// an empty and a NaN register and an empty loop; a model's results for
// reduce max and f32 / f16 pair sums stored over their own source (the
// fused loop must not write into UB where that overlaps the source) and
// for f16 pair sums under both CTRL[48] states; and the same error,
// instruction count and UB contents when the step limit or a store outside
// UB stops the loop midway. The iterations run without per-iteration checks
// follow other bounds and steps and write past the destination into the
// next buffer; the gather loop stores whole registers and stops at an index
// outside UB as the unfused loop does.
//
// Size: ASCREG_FUSED_CASES cases per kernel (default 40).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/IR/Diagnostics.h"

#include <gtest/gtest.h>

#include "../Common/ConformanceCases.h"
#include "../Common/LoadedKernel.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

using namespace conformance;
using ascreg::interp::Arg;
using ascreg::interp::CompiledKernel;
using ascreg::interp::Options;

/// A trace sink that keeps nothing: a traced run, compiled without fusion.
struct NullSink : ascreg::interp::TraceSink {
  void onEvent(const ascreg::interp::TraceEvent &) override {}
};

std::unique_ptr<CompiledKernel> compile(mlir::func::FuncOp fn, const Options &options) {
  auto k = CompiledKernel::compile(fn, options);
  return succeeded(k) ? std::move(*k) : nullptr;
}

/// A kernel compiled with `options` twice: as a plain run does (its loop
/// fused: one superinstruction) and with Options::fuseLoops off.
struct FusedAndUnfused {
  std::unique_ptr<CompiledKernel> fused, unfused;
  explicit FusedAndUnfused(mlir::func::FuncOp fn, const Options &options = {}) {
    Options off = options;
    off.fuseLoops = false;
    fused = compile(fn, options);
    unfused = compile(fn, off);
  }
  /// Both compiled, and the fused one with one fused loop.
  ::testing::AssertionResult ok() const {
    if (!fused || !unfused)
      return ::testing::AssertionFailure() << "does not compile";
    if (fused->numFusedLoops() != 1)
      return ::testing::AssertionFailure() << fused->numFusedLoops() << " fused loops";
    return ::testing::AssertionSuccess();
  }
  std::vector<CompiledKernel *> both() const { return {fused.get(), unfused.get()}; }
};

/// The four loops of bench/interp_vs_jit.py --filter limit.
const char *const kBenchLoops[] = {"reduce_max_f32_f32", "reduce_sum_f16_f16",
                                   "pair_reduce_sum_f32", "gather_f32_f32_u32"};

TEST(Superinstructions, OnlyPlainRunsFuse) {
  for (const char *name : kBenchLoops) {
    SCOPED_TRACE(name);
    LoadedKernel loaded;
    ASSERT_EQ(loaded.load(std::string(kConformanceDir) + "/" + name + ".mlir"), "");
    NullSink sink;
    Options traced, checked, off;
    traced.traceSink = &sink;
    checked.checks.init = true;
    off.fuseLoops = false;
    auto plain = compile(loaded.fn, {}), withTrace = compile(loaded.fn, traced),
         withChecks = compile(loaded.fn, checked), unfused = compile(loaded.fn, off);
    ASSERT_TRUE(plain && withTrace && withChecks && unfused);
    EXPECT_EQ(plain->numFusedLoops(), 1u);
    EXPECT_EQ(withTrace->numFusedLoops(), 0u);
    EXPECT_EQ(withChecks->numFusedLoops(), 0u);
    EXPECT_EQ(unfused->numFusedLoops(), 0u);
    // The same instructions, fused or not.
    EXPECT_EQ(plain->numInstructions(), unfused->numInstructions());
  }
}

/// Every conformance kernel with a fused loop: fused == unfused, bit for
/// bit, on the conformance inputs; and the same instruction count.
TEST(Superinstructions, FusedEqualsUnfusedOnEveryFusedKernel) {
  uint64_t cases = envOr("ASCREG_FUSED_CASES", 40);
  unsigned fusedKernels = 0;
  for (const std::string &name : kernelNames()) {
    LoadedKernel loaded;
    ASSERT_EQ(loaded.load(std::string(kConformanceDir) + "/" + name + ".mlir"), "");
    auto plain = compile(loaded.fn, {});
    ASSERT_TRUE(plain) << name;
    if (!plain->numFusedLoops())
      continue;
    ++fusedKernels;
    NullSink sink;
    Options traced, off;
    traced.traceSink = &sink;
    off.fuseLoops = false;
    auto unfused = compile(loaded.fn, off), withTrace = compile(loaded.fn, traced);
    ASSERT_TRUE(unfused && withTrace) << name;
    std::vector<std::string> parts = split(name);
    Gen g{std::mt19937_64(20261202 ^ std::hash<std::string>()(name))};
    for (uint64_t c = 0; c < cases; ++c) {
      Case k = makeCase(parts, g);
      std::vector<Buffer> a = k.buffers, b = k.buffers, t = k.buffers;
      auto argsA = argsOf(a, k.scalars), argsB = argsOf(b, k.scalars), argsT = argsOf(t, k.scalars);
      ASSERT_TRUE(succeeded(plain->run(argsA))) << name << " case " << c;
      ASSERT_TRUE(succeeded(unfused->run(argsB))) << name << " case " << c;
      ASSERT_TRUE(succeeded(withTrace->run(argsT))) << name << " case " << c;
      for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(a[i].bytes, b[i].bytes) << name << " case " << c << " buffer " << i;
        ASSERT_EQ(a[i].bytes, t[i].bytes) << name << " case " << c << " buffer " << i;
      }
      ASSERT_EQ(plain->executedInstructions(), unfused->executedInstructions())
          << name << " case " << c;
    }
  }
  // reduce (sum / max / min, every type), pair_reduce_sum, gather and
  // reduce_data_block kernels: far more than the four benchmark loops.
  EXPECT_GE(fusedKernels, 60u);
}

//===----------------------------------------------------------------------===//
// reduce <max> f32, hand-computed
//===----------------------------------------------------------------------===//

struct ReduceMax {
  LoadedKernel loaded;
  std::string diagnostics;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  ReduceMax() {
    EXPECT_EQ(loaded.load(std::string(kConformanceDir) + "/reduce_max_f32_f32.mlir"), "");
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        loaded.ctx.get(), [this](mlir::Diagnostic &d) {
          llvm::raw_string_ostream os(diagnostics);
          os << d.getLocation() << ": " << d << "\n";
          return mlir::success();
        });
  }
};

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

TEST(Superinstructions, ReduceMaxPartialEmptyAndNaNRegisters) {
  ReduceMax k;
  FusedAndUnfused kernels(k.loaded.fn);
  ASSERT_TRUE(kernels.ok());
  // Four registers, 100 active lanes: register 0 full (its maximum 7.5 at
  // lanes 9 and 40: the first wins; -0 and +0 elsewhere), register 1 lanes
  // 0..35 (its maximum 35 at lane 35, lane 36 = 1000 is inactive; a NaN at
  // lane 50, inactive too), register 2 empty (-inf, index 0, though it
  // holds a NaN at lane 3 and 1e30), register 3 empty.
  std::vector<uint32_t> src(4 * 64), want(4 * 64, 0);
  for (unsigned i = 0; i < 64; ++i)
    src[i] = bitsOf(i % 2 ? -0.0f : 0.0f);
  src[9] = src[40] = bitsOf(7.5f);
  src[20] = bitsOf(-3.0f);
  for (unsigned i = 0; i < 64; ++i)
    src[64 + i] = bitsOf(float(i) - 0.0f);
  src[64 + 36] = bitsOf(1000.0f);
  src[64 + 50] = 0x7FC00001;
  src[128 + 3] = 0x7FC00002;
  src[128 + 4] = bitsOf(1e30f);
  want[0] = bitsOf(7.5f), want[1] = 9;
  want[64] = bitsOf(35.0f), want[65] = 35;
  want[128] = 0xFF800000, want[129] = 0;
  want[192] = 0xFF800000, want[193] = 0;
  for (CompiledKernel *kernel : kernels.both()) {
    std::vector<uint32_t> in = src, out(4 * 64, 0xDEADBEEF);
    ASSERT_TRUE(succeeded(
        kernel->run({Arg::buffer(in.data(), in.size()), Arg::buffer(out.data(), out.size()),
                     Arg::scalar(100), Arg::scalar(4)})))
        << k.diagnostics;
    EXPECT_EQ(out, want);
    // Per register: load, update_mask, reduce, store, latch; outside the
    // loop: 4 constants, create_mask, the copies of the lower bound and the
    // count, enter, the copy of the result and the return.
    EXPECT_EQ(kernel->executedInstructions(), 10u + 4 * 5);
  }
  // An active NaN wins over every number, by position: the first one, with
  // its payload (lane 7 before lane 12).
  src[64 + 7] = 0xFFC00007;
  src[64 + 12] = 0x7F800001;
  want[64] = 0xFFC00007, want[65] = 7;
  for (CompiledKernel *kernel : kernels.both()) {
    std::vector<uint32_t> in = src, out(4 * 64, 0xDEADBEEF);
    ASSERT_TRUE(succeeded(
        kernel->run({Arg::buffer(in.data(), in.size()), Arg::buffer(out.data(), out.size()),
                     Arg::scalar(100), Arg::scalar(4)})));
    EXPECT_EQ(out, want);
  }
  // No iteration: nothing is stored.
  for (CompiledKernel *kernel : kernels.both()) {
    std::vector<uint32_t> in = src, out(4 * 64, 0xDEADBEEF);
    ASSERT_TRUE(succeeded(
        kernel->run({Arg::buffer(in.data(), in.size()), Arg::buffer(out.data(), out.size()),
                     Arg::scalar(100), Arg::scalar(0)})));
    EXPECT_EQ(out, std::vector<uint32_t>(4 * 64, 0xDEADBEEF));
    EXPECT_EQ(kernel->executedInstructions(), 10u);
  }
}

/// Writes `text` to a file in the test's temporary directory; its path.
std::string writeKernel(const std::string &name, const std::string &text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

/// An op's result stored over its own source: register r is read at element
/// L r (L lanes) and the op's result stored at element (L + D) r of the same
/// buffer (D lanes: 32 bytes), exactly over the source for r = 0 and then 32
/// bytes further each register, over the source's upper lanes and the next
/// source. The op may not write into UB directly where that overlaps its
/// source (a pair sum would overwrite lanes it has not read when the result
/// lands in the source's upper half); the fused loop must give what the
/// instructions give one by one, and what a plain model of the loop gives.
struct StoredOverSource {
  const char *name, *elem, *op; // op: the text after "%res = "
  unsigned lanes;
};

/// The kernel of StoredOverSource `c`.
std::string storedOverSourceKernel(const StoredOverSource &c) {
  const std::string reg = "!ascreg.vreg<" + std::to_string(c.lanes) + "x" + c.elem + ">";
  const std::string mem = std::string("memref<?x") + c.elem + ">";
  const unsigned step = c.lanes + (c.lanes == 64 ? 8 : 16);
  return "func.func @kernel(%buf: " + mem +
         R"mlir(, %count: i32, %repeat: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cl = arith.constant )mlir" +
         std::to_string(c.lanes) + R"mlir( : index
  %cs = arith.constant )mlir" +
         std::to_string(step) + R"mlir( : index
  %all = ascreg.create_mask <ALL> for )mlir" +
         reg + R"mlir(
  %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %count) -> (i32) {
    %soff = arith.muli %r, %cl : index
    %v = ascreg.load_align %buf[%soff] : )mlir" +
         mem + " -> " + reg + R"mlir(
    %mask, %rest = ascreg.update_mask %n for )mlir" +
         reg + R"mlir(
    %res = )mlir" +
         c.op + R"mlir(
    %doff = arith.muli %r, %cs : index
    ascreg.store_align %res, %buf[%doff], %all : )mlir" +
         reg + ", " + mem + R"mlir(
    scf.yield %rest : i32
  }
  return
}
)mlir";
}

_Float16 halfOf(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, 2);
  return h;
}
uint16_t bitsOfHalf(_Float16 h) {
  uint16_t u;
  std::memcpy(&u, &h, 2);
  return u;
}

/// The register an op of StoredOverSource stores for source `in` (lanes of
/// `lanes` bits each, given as uint32_t) with its first `active` lanes
/// active: reduce <max> f32 (the maximum and its first lane, -inf and 0
/// for none; no NaN in `in`), or the pair sums (an inactive lane adds +0;
/// f16 sums rounded once from their exact f32 sum, `saturate`: CTRL[48] = 0,
/// an overflow gives the largest finite value of its sign). Lanes past the
/// result's are 0.
std::vector<uint32_t> modelOp(const std::string &name, const std::vector<uint32_t> &in,
                              unsigned active, bool saturate = false) {
  const unsigned lanes = static_cast<unsigned>(in.size());
  std::vector<uint32_t> out(lanes, 0);
  if (name == "reduce_max_f32") {
    float best = -INFINITY;
    uint32_t lane = 0;
    for (unsigned l = 0; l < active; ++l) {
      float x;
      std::memcpy(&x, &in[l], 4);
      if (x > best)
        best = x, lane = l;
    }
    out[0] = bitsOf(best);
    out[1] = lane;
    return out;
  }
  for (unsigned i = 0; i < lanes / 2; ++i) {
    const uint32_t a = 2 * i < active ? in[2 * i] : 0, b = 2 * i + 1 < active ? in[2 * i + 1] : 0;
    if (name == "pair_reduce_sum_f32") {
      float x, y;
      std::memcpy(&x, &a, 4);
      std::memcpy(&y, &b, 4);
      out[i] = bitsOf(x + y);
    } else {
      const float sum = float(halfOf(uint16_t(a))) + float(halfOf(uint16_t(b)));
      uint16_t h = bitsOfHalf(static_cast<_Float16>(sum));
      if (saturate && (h & 0x7FFF) == 0x7C00)
        h = uint16_t((h & 0x8000) | 0x7BFF);
      out[i] = h;
    }
  }
  return out;
}

TEST(Superinstructions, OpStoredOverItsSource) {
  const StoredOverSource cases[] = {
      {"reduce_max_f32", "f32",
       "ascreg.reduce <max> %v, %mask : !ascreg.vreg<64xf32> -> "
       "!ascreg.vreg<64xf32>",
       64},
      {"pair_reduce_sum_f32", "f32", "ascreg.pair_reduce_sum %v, %mask : !ascreg.vreg<64xf32>", 64},
      {"pair_reduce_sum_f16", "f16", "ascreg.pair_reduce_sum %v, %mask : !ascreg.vreg<128xf16>",
       128}};
  for (const StoredOverSource &c : cases) {
    SCOPED_TRACE(c.name);
    LoadedKernel loaded;
    ASSERT_EQ(loaded.load(writeKernel(std::string("superinstruction-overlap-") + c.name + ".mlir",
                                      storedOverSourceKernel(c))),
              "");
    FusedAndUnfused kernels(loaded.fn);
    ASSERT_TRUE(kernels.ok());
    // The store of register r lands 32 r bytes past its source: up to a
    // whole register further (r = 8), then beyond the next source's start.
    const bool f16 = c.lanes == 128;
    const unsigned repeat = 10, count = 8 * c.lanes + c.lanes / 2 + 1;
    const unsigned store = c.lanes + (f16 ? 16 : 8), elems = repeat * store;
    // Small integers and halves: every sum exact, in f16 too.
    std::vector<uint32_t> src(elems);
    for (size_t i = 0; i < src.size(); ++i) {
      const float x = float((i * 37) % 101) * 0.5f - 25.0f;
      src[i] = f16 ? bitsOfHalf(static_cast<_Float16>(x)) : bitsOf(x);
    }
    std::vector<uint32_t> want = src;
    unsigned n = count;
    for (unsigned r = 0; r < repeat; ++r) {
      const unsigned active = std::min(n, c.lanes);
      n -= active;
      std::vector<uint32_t> in(want.begin() + c.lanes * r, want.begin() + c.lanes * (r + 1));
      std::vector<uint32_t> out = modelOp(c.name, in, active);
      std::copy(out.begin(), out.end(), want.begin() + store * r);
    }
    for (CompiledKernel *kernel : kernels.both()) {
      if (f16) {
        std::vector<uint16_t> buf(src.begin(), src.end());
        ASSERT_TRUE(succeeded(kernel->run(
            {Arg::buffer(buf.data(), buf.size()), Arg::scalar(count), Arg::scalar(repeat)})));
        EXPECT_EQ(std::vector<uint32_t>(buf.begin(), buf.end()), want);
      } else {
        std::vector<uint32_t> buf = src;
        ASSERT_TRUE(succeeded(kernel->run(
            {Arg::buffer(buf.data(), buf.size()), Arg::scalar(count), Arg::scalar(repeat)})));
        EXPECT_EQ(buf, want);
      }
    }
    EXPECT_EQ(kernels.fused->executedInstructions(), kernels.unfused->executedInstructions());
  }
}

/// pair_reduce_sum f16 under both CTRL[48] states (the conformance kernel
/// without and with `float_overflow = saturate`): pairs of large values of
/// one sign overflow to +-inf, or to the largest finite value of their sign
/// when f16 arithmetic saturates; the fused and the unfused loop give the
/// model's registers.
TEST(Superinstructions, PairReduceF16UnderBothCtrlStates) {
  for (const char *name : {"pair_reduce_sum_f16", "pair_reduce_sum_f16_ctrl0000"}) {
    SCOPED_TRACE(name);
    const bool saturate = std::string(name).find("ctrl") != std::string::npos;
    LoadedKernel loaded;
    ASSERT_EQ(loaded.load(std::string(kConformanceDir) + "/" + name + ".mlir"), "");
    FusedAndUnfused kernels(loaded.fn);
    ASSERT_TRUE(kernels.ok());
    const unsigned repeat = 4, count = 3 * 128 + 37;
    std::vector<uint16_t> src(repeat * 128);
    for (size_t i = 0; i < src.size(); ++i) {
      // 40000 + 40000 overflows; mixed signs and small values do not.
      const float x = i % 3 == 2 ? float(i % 7) - 3.0f : (i % 8 < 4 ? 40000.0f : -40000.0f);
      src[i] = bitsOfHalf(static_cast<_Float16>(x + float(i % 5) * 32.0f));
    }
    std::vector<uint16_t> want(repeat * 128);
    unsigned n = count;
    for (unsigned r = 0; r < repeat; ++r) {
      const unsigned active = std::min(n, 128u);
      n -= active;
      std::vector<uint32_t> in(src.begin() + 128 * r, src.begin() + 128 * (r + 1));
      std::vector<uint32_t> out = modelOp("pair_reduce_sum_f16", in, active, saturate);
      std::copy(out.begin(), out.end(), want.begin() + 128 * r);
    }
    // Some pairs overflow in full and in partial registers.
    EXPECT_NE(std::find(want.begin(), want.end(), saturate ? 0x7BFF : 0x7C00), want.end());
    EXPECT_NE(std::find(want.begin(), want.end(), saturate ? 0xFBFF : 0xFC00), want.end());
    for (CompiledKernel *kernel : kernels.both()) {
      std::vector<uint16_t> in = src, out(repeat * 128, 0xDEAD);
      ASSERT_TRUE(succeeded(
          kernel->run({Arg::buffer(in.data(), in.size()), Arg::buffer(out.data(), out.size()),
                       Arg::scalar(count), Arg::scalar(repeat)})));
      EXPECT_EQ(out, want);
    }
  }
}

/// reduce <max> f32 of each active-lane prefix, as the conformance kernel
/// stores it: the maximum in lane 0 and its first lane in lane 1 (-inf and 0
/// for no active lane), the other lanes +0. No NaN in `reg`.
std::vector<uint32_t> maxRegister(const float *reg, unsigned active) {
  std::vector<uint32_t> out(64, 0);
  float best = -INFINITY;
  uint32_t lane = 0;
  for (unsigned l = 0; l < active; ++l)
    if (reg[l] > best)
      best = reg[l], lane = l;
  out[0] = bitsOf(best);
  out[1] = lane;
  return out;
}

/// A loop from %lo to %hi by %step whose register r is stored at element
/// 64 r of %dst, past its end into %tail (placed right after it): the
/// iterations the fused loop runs without per-iteration checks step with
/// the loop's own bounds, and what they write reaches the caller's buffer
/// beyond the destination (the written range decides what is copied back).
TEST(Superinstructions, UncheckedIterationsFollowTheBoundsAndReachTheNextBuffer) {
  const std::string path = writeKernel("superinstruction-bounds.mlir", R"mlir(
func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %tail: memref<?xf32>, %count: i32,
                  %lo: index, %hi: index, %step: index) {
  %c64 = arith.constant 64 : index
  %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %left = scf.for %r = %lo to %hi step %step iter_args(%n = %count) -> (i32) {
    %soff = arith.muli %r, %c64 : index
    %v = ascreg.load_align %src[%soff] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
    %res = ascreg.reduce <max> %v, %mask : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %doff = arith.muli %r, %c64 : index
    ascreg.store_align %res, %dst[%doff], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    scf.yield %rest : i32
  }
  return
}
)mlir");
  LoadedKernel loaded;
  ASSERT_EQ(loaded.load(path), "");
  FusedAndUnfused kernels(loaded.fn);
  ASSERT_TRUE(kernels.ok());
  struct Run {
    unsigned lo, hi, step, count, dstRegs;
  };
  // 0..3 by 1: registers 0 and 1 full in %dst, register 2 (10 lanes) in
  // %tail. 1..6 by 2: registers 1 (full) and 3 (10 lanes) in %dst, 5 (no
  // lane) in %tail.
  for (Run run : {Run{0, 3, 1, 2 * 64 + 10, 2}, Run{1, 6, 2, 64 + 10, 4}}) {
    SCOPED_TRACE(run.lo);
    const unsigned srcRegs = run.hi, tailRegs = 2;
    std::vector<float> src(srcRegs * 64);
    for (size_t i = 0; i < src.size(); ++i)
      src[i] = float((i * 53) % 89) - 40.0f;
    // The destination and tail as one array: register r at element 64 r.
    std::vector<uint32_t> want((run.dstRegs + tailRegs) * 64, 0xDEADBEEF);
    unsigned n = run.count;
    for (unsigned r = run.lo; r < run.hi; r += run.step) {
      unsigned active = n < 64 ? n : 64;
      n -= active;
      std::vector<uint32_t> reg = maxRegister(&src[64 * r], active);
      std::copy(reg.begin(), reg.end(), want.begin() + 64 * r);
    }
    for (CompiledKernel *kernel : kernels.both()) {
      std::vector<float> in = src;
      std::vector<uint32_t> dst(run.dstRegs * 64, 0xDEADBEEF), tail(tailRegs * 64, 0xDEADBEEF);
      ASSERT_TRUE(succeeded(
          kernel->run({Arg::buffer(in.data(), in.size()), Arg::buffer(dst.data(), dst.size()),
                       Arg::buffer(tail.data(), tail.size()), Arg::scalar(run.count),
                       Arg::scalar(run.lo), Arg::scalar(run.hi), Arg::scalar(run.step)})));
      dst.insert(dst.end(), tail.begin(), tail.end());
      EXPECT_EQ(dst, want);
    }
    EXPECT_EQ(kernels.fused->executedInstructions(), kernels.unfused->executedInstructions());
  }
}

/// The gather loop of the benchmark: hand-computed registers (the inactive
/// lanes of the partial third register and of the empty fourth are 0, and
/// whole registers are stored), then an index outside UB in the third
/// register: the fused loop stops with the unfused loop's error,
/// instruction count and UB contents.
TEST(Superinstructions, GatherStoresWholeRegistersAndStopsAtAnIndexOutsideUB) {
  LoadedKernel loaded;
  ASSERT_EQ(loaded.load(std::string(kConformanceDir) + "/gather_f32_f32_u32.mlir"), "");
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(loaded.ctx.get(), [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diagnostics);
    os << d << "\n";
    return mlir::success();
  });
  FusedAndUnfused kernels(loaded.fn);
  ASSERT_TRUE(kernels.ok());
  const unsigned repeat = 4, count = 2 * 64 + 9;
  std::vector<float> base(128);
  for (unsigned i = 0; i < 128; ++i)
    base[i] = float(i) * 0.5f - 7.0f;
  std::vector<uint32_t> index(repeat * 64), want(repeat * 64, 0);
  for (unsigned r = 0; r < repeat; ++r)
    for (unsigned l = 0; l < 64; ++l) {
      index[64 * r + l] = (l * 5 + r * 3) % 128;
      if (r < 2 || (r == 2 && l < 9))
        want[64 * r + l] = bitsOf(base[index[64 * r + l]]);
    }
  for (CompiledKernel *kernel : kernels.both()) {
    std::vector<float> b = base;
    std::vector<uint32_t> ix = index, dst(repeat * 64, 0xDEADBEEF);
    ASSERT_TRUE(succeeded(kernel->run(
        {Arg::buffer(b.data(), b.size()), Arg::buffer(ix.data(), ix.size()),
         Arg::buffer(dst.data(), dst.size()), Arg::scalar(count), Arg::scalar(repeat)})))
        << diagnostics;
    EXPECT_EQ(dst, want);
  }
  EXPECT_EQ(kernels.fused->executedInstructions(), kernels.unfused->executedInstructions());

  // Active lane 4 of register 2 reads far outside UB. Bound in place, the
  // failed run leaves registers 0 and 1 stored and registers 2 and 3
  // untouched.
  struct Stop {
    std::string diagnostics;
    uint64_t executed;
    std::vector<uint32_t> dst;
  };
  auto stop = [&](CompiledKernel &kernel) {
    diagnostics.clear();
    auto places = kernel.placeArguments({128, repeat * 64, repeat * 64});
    EXPECT_TRUE(succeeded(places)) << diagnostics;
    auto *b = static_cast<float *>((*places)[0]);
    auto *ix = static_cast<uint32_t *>((*places)[1]), *dst = static_cast<uint32_t *>((*places)[2]);
    std::copy(base.begin(), base.end(), b);
    std::copy(index.begin(), index.end(), ix);
    ix[2 * 64 + 4] = 0x7FFFFFF0;
    std::fill(dst, dst + repeat * 64, 0xDEADBEEF);
    EXPECT_TRUE(failed(
        kernel.run({Arg::buffer(b, 128), Arg::buffer(ix, repeat * 64),
                    Arg::buffer(dst, repeat * 64), Arg::scalar(count), Arg::scalar(repeat)})));
    return Stop{diagnostics, kernel.executedInstructions(),
                std::vector<uint32_t>(dst, dst + repeat * 64)};
  };
  Stop a = stop(*kernels.fused), b = stop(*kernels.unfused);
  EXPECT_NE(a.diagnostics.find("gather"), std::string::npos) << a.diagnostics;
  EXPECT_EQ(a.diagnostics, b.diagnostics);
  EXPECT_EQ(a.executed, b.executed);
  EXPECT_EQ(a.dst, b.dst);
  std::vector<uint32_t> stored(want.begin(), want.begin() + 2 * 64);
  stored.resize(repeat * 64, 0xDEADBEEF);
  EXPECT_EQ(a.dst, stored);
}

/// Runs `kernel` on buffers bound in place (so a failed run leaves in UB
/// what it wrote) and returns the diagnostics, the instruction count and the
/// destination's bytes.
struct Stopped {
  std::string diagnostics;
  uint64_t executed;
  std::vector<uint32_t> dst;
};
Stopped runInPlace(ReduceMax &k, CompiledKernel &kernel, uint64_t srcRegs, uint64_t dstRegs,
                   uint64_t repeat) {
  k.diagnostics.clear();
  auto places = kernel.placeArguments({srcRegs * 64, dstRegs * 64});
  EXPECT_TRUE(succeeded(places)) << k.diagnostics;
  auto *src = static_cast<uint32_t *>((*places)[0]), *dst = static_cast<uint32_t *>((*places)[1]);
  for (uint64_t i = 0; i < srcRegs * 64; ++i)
    src[i] = bitsOf(float(i % 97));
  for (uint64_t i = 0; i < dstRegs * 64; ++i)
    dst[i] = 0xDEADBEEF;
  EXPECT_TRUE(failed(kernel.run({Arg::buffer(src, srcRegs * 64), Arg::buffer(dst, dstRegs * 64),
                                 Arg::scalar(1000), Arg::scalar(repeat)})));
  return {k.diagnostics, kernel.executedInstructions(),
          std::vector<uint32_t>(dst, dst + dstRegs * 64)};
}

/// The run of runInPlace with `options`, fused and with fuseLoops off.
std::pair<Stopped, Stopped> stoppedRuns(ReduceMax &k, Options options, uint64_t srcRegs,
                                        uint64_t dstRegs, uint64_t repeat) {
  FusedAndUnfused kernels(k.loaded.fn, options);
  if (::testing::AssertionResult ok = kernels.ok(); !ok) {
    ADD_FAILURE() << ok.message() << "\n" << k.diagnostics;
    return {};
  }
  Stopped a = runInPlace(k, *kernels.fused, srcRegs, dstRegs, repeat);
  return {a, runInPlace(k, *kernels.unfused, srcRegs, dstRegs, repeat)};
}

TEST(Superinstructions, StepLimitStopsTheFusedLoopWhereItStopsTheUnfusedOne) {
  ReduceMax k;
  Options options;
  options.maxSteps = 3; // the enter and two latches
  auto [a, b] = stoppedRuns(k, options, 8, 8, 8);
  EXPECT_NE(a.diagnostics.find("reduce_max_f32_f32.mlir\":10:13): 'scf.for' op step limit"),
            std::string::npos)
      << a.diagnostics; // at the loop
  EXPECT_EQ(a.diagnostics, b.diagnostics);
  // Three registers stored (the third latch fails), the rest untouched.
  EXPECT_EQ(a.executed, 8u + 3 * 5); // what precedes the loop, three iterations
  EXPECT_EQ(a.executed, b.executed);
  EXPECT_EQ(a.dst, b.dst);
  ASSERT_EQ(a.dst.size(), 8u * 64);
  EXPECT_EQ(a.dst[2 * 64], bitsOf(94.0f)); // register 2: 128..191 % 97 = 31..94
  EXPECT_EQ(a.dst[2 * 64 + 1], 63u);
  EXPECT_EQ(a.dst[3 * 64], 0xDEADBEEF);
}

TEST(Superinstructions, StoreOutsideUBStopsTheFusedLoopWhereItStopsTheUnfusedOne) {
  ReduceMax k;
  Options options;
  // src at UB 0 (2 registers), dst at 512 (2 registers): the store of
  // register r writes [512 + 256 r, 768 + 256 r), outside a 2 KiB UB from
  // r = 6 on; the loads stay inside up to r = 7.
  options.ubCapacity = 2048;
  auto [a, b] = stoppedRuns(k, options, 2, 2, 10);
  EXPECT_NE(a.diagnostics.find("'ascreg.store_align' op UB access outside the Unified Buffer"),
            std::string::npos)
      << a.diagnostics;
  EXPECT_EQ(a.diagnostics, b.diagnostics);
  EXPECT_EQ(a.executed, 8u + 6 * 5 + 4); // the store of register 6 fails
  EXPECT_EQ(a.executed, b.executed);
  EXPECT_EQ(a.dst, b.dst);
}

} // namespace
