//===- JitModuleTest.cpp - several kernels in one JIT compilation -*- C++ -*-===//
//
// jit::JitModule compiles several functions of one module at once (what
// ascreg-random-diff does per file). Each entry must run like a JitKernel:
// its own parameters and results, the runtime checks with the failing op's
// diagnostic, the caller's buffers untouched by a failed run, and the shared
// UB arena must not leak one entry's data into the next run. Expected values
// are computed here with plain integer arithmetic, not by any ascreg path.
//
//===----------------------------------------------------------------------===//
#include "ParsedModule.h"

#include "ascreg/JIT/JitKernel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using ascreg::interp::Arg;

// @add: out = a + b (i32, wrapping); @max: out = max(a, b) (signed i32);
// @stray: stores a register 4 MiB past its buffer, outside the 248 KiB UB.
const std::string kModule = kModuleWithAdd + binaryI32Function("max") +
                            R"mlir(  func.func @stray(%a: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %far = arith.constant 1048576 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %x = ascreg.load_align %a[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    ascreg.store_align %x, %out[%c0], %m : !ascreg.vreg<64xi32>, memref<?xi32>
    ascreg.store_align %x, %out[%far], %m : !ascreg.vreg<64xi32>, memref<?xi32>
    return
  }
}
)mlir";

struct Fixture : ParsedModule {
  Fixture() : ParsedModule(kModule, "two-entries.mlir") {}
};

std::vector<int32_t> randomValues(std::mt19937 &rng) {
  std::vector<int32_t> v(64);
  for (int32_t &x : v)
    x = static_cast<int32_t>(rng());
  v[0] = INT32_MAX; // the add wraps here
  v[1] = INT32_MIN;
  return v;
}

TEST(JitModule, EntriesRunTheirOwnFunctionsAndErrorsStayInTheirRun) {
  Fixture f;
  ASSERT_TRUE(f.module);
  std::string &diagnostics = f.diagnostics;
  auto compiled = ascreg::jit::JitModule::compile(*f.module, {"add", "stray", "max"});
  ASSERT_TRUE(mlir::succeeded(compiled)) << diagnostics;
  ascreg::jit::JitModule &jit = **compiled;
  ASSERT_EQ(jit.numEntries(), 3u);

  std::mt19937 rng(20261130);
  for (int round = 0; round < 3; ++round) {
    std::vector<int32_t> a = randomValues(rng), b = randomValues(rng);
    b[0] = 1;
    std::vector<int32_t> sum(64, 7), max(64, 7);
    std::vector<int32_t> wantSum(64), wantMax(64);
    for (int i = 0; i < 64; ++i) {
      wantSum[i] = static_cast<int32_t>(static_cast<uint32_t>(a[i]) + static_cast<uint32_t>(b[i]));
      wantMax[i] = std::max(a[i], b[i]);
    }
    ASSERT_TRUE(mlir::succeeded(jit.run(
        0, {Arg::buffer(a.data(), 64), Arg::buffer(b.data(), 64), Arg::buffer(sum.data(), 64)})))
        << diagnostics;
    EXPECT_EQ(sum, wantSum) << "round " << round;

    // The stray store fails with the op's location; `out` keeps its values
    // although the first store of the run reached it in UB.
    std::vector<int32_t> out(64, -5);
    diagnostics.clear();
    EXPECT_TRUE(mlir::failed(jit.run(1, {Arg::buffer(a.data(), 64), Arg::buffer(out.data(), 64)})));
    EXPECT_NE(diagnostics.find("loc(\"two-entries.mlir\":27:5): 'ascreg.store_align' op UB access "
                               "outside the Unified Buffer"),
              std::string::npos)
        << diagnostics;
    EXPECT_EQ(out, std::vector<int32_t>(64, -5));

    // The next entry runs on clean UB after the failed run.
    diagnostics.clear();
    ASSERT_TRUE(mlir::succeeded(jit.run(
        2, {Arg::buffer(a.data(), 64), Arg::buffer(b.data(), 64), Arg::buffer(max.data(), 64)})))
        << diagnostics;
    EXPECT_EQ(max, wantMax) << "round " << round;
  }
}

TEST(JitModule, BadCallsAndMissingEntriesAreReported) {
  Fixture f;
  ASSERT_TRUE(f.module);
  std::string &diagnostics = f.diagnostics;
  EXPECT_TRUE(mlir::failed(ascreg::jit::JitModule::compile(*f.module, {"add", "nope"})));
  EXPECT_NE(diagnostics.find("no function @nope to JIT-compile"), std::string::npos) << diagnostics;

  auto compiled = ascreg::jit::JitModule::compile(*f.module, {"max", "add"});
  ASSERT_TRUE(mlir::succeeded(compiled));
  std::vector<int32_t> a(64, 1);
  diagnostics.clear();
  EXPECT_TRUE(mlir::failed((*compiled)->run(1, {Arg::buffer(a.data(), 64)})));
  EXPECT_NE(diagnostics.find("kernel takes 3 arguments, got 1"), std::string::npos) << diagnostics;
}

} // namespace

// ascreg.duplicate of a bf16 scalar moves its bits. LLVM's x86 code generator
// widens bf16 scalars to f32 and narrows them back through __truncsfbf2; that
// round trip must not quiet a signalling NaN (found by random-program
// differential testing: 0x7F87 came back as 0x7FC7, 0xFF91 as 0xFFD1).
constexpr const char *kDuplicateBF16 = R"mlir(
func.func @kernel(%b: memref<?xbf16>, %x: bf16) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xbf16>
  %v = ascreg.duplicate %x : bf16 -> !ascreg.vreg<128xbf16>
  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xbf16>, memref<?xbf16>
  return
}
)mlir";

TEST(JitKernel, DuplicateOfABF16ScalarKeepsEveryBitPattern) {
  ParsedModule parsed(kDuplicateBF16, "dup.mlir");
  auto &module = parsed.module;
  ASSERT_TRUE(module);
  for (unsigned opt : {0u, 2u}) {
    ascreg::jit::Options o;
    o.optLevel = opt;
    auto kernel = ascreg::jit::JitKernel::compile(*module, "kernel", o);
    ASSERT_TRUE(succeeded(kernel));
    // Signalling and quiet NaNs of both signs, +-inf, +-0, a subnormal, 1.5.
    for (uint16_t bits :
         {0x7F87, 0xFF91, 0x7F81, 0x7FC7, 0xFFC0, 0x7F80, 0xFF80, 0x0000, 0x8000, 0x0001, 0x3FC0}) {
      std::vector<uint16_t> out(128, 0x1234);
      std::vector<Arg> args = {Arg::buffer(out.data(), out.size()), Arg::scalar(bits)};
      ASSERT_TRUE(succeeded((*kernel)->run(args)));
      for (uint16_t lane : out)
        ASSERT_EQ(lane, bits) << "jit-opt " << opt;
    }
  }
}
