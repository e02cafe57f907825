//===- ProfileOverrideTest.cpp - one per-run profile rule, two engines ---===//
//
// interp::Options::profile and jit::Options::profile are the same per-run
// override (ascreg::effectiveProfile): it wins over the module's record, and
// a kernel's own CTRL state (ascreg.ctrl) still wins over its CTRL. An f16
// add decides it: 65504 + 65504 is +inf (0x7C00) and NaN + 1 the NaN
// (0x7E00) with CTRL[48] = 1, 65504 (0x7BFF) and +0 with CTRL[48] = 0
// (docs/semantics.md 10.4). The expected bits are those hand-computed ones.
//
//===----------------------------------------------------------------------===//
#include "BothEngines.h"

#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace sem = ascreg::semantics;
using ascreg::interp::Arg;

// @add records nothing itself (the module's profile decides its CTRL[48]);
// @add_own sets its CTRL state (CTRL[48] = 1, inf/NaN kept) itself.
constexpr const char *kModule = R"mlir(
module attributes {ascreg.semantics = #ascreg.profile<ctrl.float_mode = saturating>} {
  func.func @add(%a: memref<128xf16>, %b: memref<128xf16>, %out: memref<128xf16>) {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %x = ascreg.load_align %a[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %y = ascreg.load_align %b[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.add %x, %y, %m : !ascreg.vreg<128xf16>
    ascreg.store_align %s, %out[%c0], %m : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
  func.func @add_own(%a: memref<128xf16>, %b: memref<128xf16>, %out: memref<128xf16>)
      attributes {ascreg.ctrl = #ascreg.ctrl<float_overflow = inf_nan>} {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %x = ascreg.load_align %a[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %y = ascreg.load_align %b[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.add %x, %y, %m : !ascreg.vreg<128xf16>
    ascreg.store_align %s, %out[%c0], %m : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
}
)mlir";

constexpr uint16_t kInf = 0x7C00, kMax = 0x7BFF, kNaN = 0x7E00, kZero = 0x0000;

struct Result {
  uint16_t overflow, nan;
  bool operator==(const Result &o) const { return overflow == o.overflow && nan == o.nan; }
};

class ProfileOverride : public ::testing::Test {
protected:
  void SetUp() override {
    ascreg::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    module = mlir::parseSourceString<mlir::ModuleOp>(kModule, &ctx, "profile-override.mlir");
    ASSERT_TRUE(module);
  }

  /// Lanes 0 and 1 of `entry`'s result on 65504 + 65504 and NaN + 1, run by
  /// the interpreter or the JIT under the per-run profile `override`.
  Result run(const char *entry, bool jit, const std::optional<sem::Profile> &override) {
    std::vector<uint16_t> a(128, 0x3C00), b(128, 0x3C00), out(128, 0xFFFF);
    a[0] = b[0] = kMax;
    a[1] = kNaN;
    std::vector<Arg> args = {Arg::buffer(a.data(), 128), Arg::buffer(b.data(), 128),
                             Arg::buffer(out.data(), 128)};
    EXPECT_TRUE(runOnEngine(*module, entry, args, jit, override))
        << entry << (jit ? " jit" : " interpreter");
    EXPECT_EQ(out[2], 0x4000) << "1 + 1";
    return {out[0], out[1]};
  }

  mlir::DialectRegistry registry;
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

sem::Profile spelled(const char *spec) {
  sem::Profile p;
  std::string error;
  EXPECT_TRUE(sem::parseProfile(spec, p, error)) << error;
  return p;
}

TEST_F(ProfileOverride, WinsOverTheRecordOnBothEngines) {
  for (bool jit : {false, true}) {
    SCOPED_TRACE(jit ? "jit" : "interpreter");
    EXPECT_EQ(run("add", jit, std::nullopt), (Result{kMax, kZero})); // the record: saturating
    EXPECT_EQ(run("add", jit, spelled("documented")), (Result{kInf, kNaN}));
    EXPECT_EQ(run("add", jit, spelled("ctrl.float_mode=saturating")), (Result{kMax, kZero}));
  }
}

TEST_F(ProfileOverride, TheKernelsOwnCtrlWinsOverTheOverride) {
  for (bool jit : {false, true}) {
    SCOPED_TRACE(jit ? "jit" : "interpreter");
    EXPECT_EQ(run("add_own", jit, std::nullopt), (Result{kInf, kNaN}));
    EXPECT_EQ(run("add_own", jit, spelled("ctrl.float_mode=saturating")), (Result{kInf, kNaN}));
  }
}

TEST_F(ProfileOverride, TheRuleIsEffectiveProfile) {
  auto fn = module->lookupSymbol<mlir::func::FuncOp>("add");
  auto own = module->lookupSymbol<mlir::func::FuncOp>("add_own");
  EXPECT_FALSE(ascreg::effectiveProfile(fn).ctrl.floatNonSat);
  EXPECT_TRUE(ascreg::effectiveProfile(fn, spelled("documented")).ctrl.floatNonSat);
  EXPECT_TRUE(
      ascreg::effectiveProfile(own, spelled("ctrl.float_mode=saturating")).ctrl.floatNonSat);
  EXPECT_EQ(ascreg::effectiveProfile(fn, spelled("sum.rounding=round_once")).sumRounding,
            sem::SumRounding::RoundOnce);
}

} // namespace
