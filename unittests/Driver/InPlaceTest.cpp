//===- InPlaceTest.cpp - the driver's steps for in-place front doors ------===//
//
// What the Python package, the C API and the frontend example take from the
// driver: a per-run profile from its text on both executors, the checks
// from their text, a kernel prepared from its function, the JIT added to a
// prepared kernel on first use, and check mode on a caller's buffers bound
// in place (checkInPlace), on the conformance kernel adds_f16 (dst = a + s
// on `count` lanes). Expected values are worked out by hand, with s = 65504
// (0x7BFF, the largest finite f16): 65504 + 65504 is +inf (0x7C00) in the
// documented (non-saturating) float mode and 65504 saturating; NaN + s is
// the NaN (0x7E00), saturating +0; 1 + 65504 rounds to 65504 in both
// (docs/semantics.md 10.4).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "../Common/ConformanceCases.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ascreg;
using driver::InPlaceCheck;
using driver::PreparedKernel;
using driver::RunMode;

namespace {

constexpr uint16_t kMax = 0x7BFF, kNaN = 0x7E00, kOne = 0x3C00;

struct Fixture {
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn;
  std::vector<uint16_t> a, out;
  std::vector<std::string> errors;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;

  Fixture() : a(128, kOne), out(128, 0xFFFF) {
    driver::SessionOptions options;
    options.loadAllDialects = true;
    ctx = driver::makeContext(options);
    handler =
        std::make_unique<mlir::ScopedDiagnosticHandler>(ctx.get(), [this](mlir::Diagnostic &d) {
          errors.push_back(d.str());
          return mlir::success();
        });
    driver::LoadFailure failure;
    std::string error;
    module = driver::parseKernelFile(
        *ctx, std::string(conformance::kConformanceDir) + "/adds_f16.mlir", failure, error);
    if (module)
      fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
    a[0] = kMax;
    a[1] = kNaN;
  }
  /// (a, dst, count = 128, repeat = 1, s = 65504).
  std::vector<interp::Arg> args() {
    return {interp::Arg::buffer(a.data(), 128), interp::Arg::buffer(out.data(), 128),
            interp::Arg::scalar(128), interp::Arg::scalar(1), interp::Arg::scalar(kMax)};
  }
  /// Lanes 0 and 1 of `o` as 0xLLLLHHHH, after checking lanes 2.. are 65504.
  uint32_t result(const std::vector<uint16_t> &o) const {
    for (int i = 2; i < 128; ++i)
      EXPECT_EQ(o[i], kMax) << "lane " << i;
    return uint32_t(o[0]) << 16 | o[1];
  }
};

TEST(DriverInPlace, PerRunProfileTextReachesBothExecutors) {
  Fixture f;
  ASSERT_TRUE(f.fn);
  for (const char *profile : {"", "documented", "ctrl.float_mode=saturating"}) {
    driver::PrepareOptions options;
    ASSERT_FALSE(bool(options.setProfileText(profile))) << profile;
    auto k = PreparedKernel::prepare(f.fn, RunMode::Check, options);
    ASSERT_TRUE(mlir::succeeded(k)) << profile;
    uint32_t want = llvm::StringRef(profile).contains("saturating") ? 0x7BFF0000u : 0x7C007E00u;
    for (RunMode path : {RunMode::Interp, RunMode::Jit}) {
      f.out.assign(128, 0xFFFF);
      ASSERT_TRUE(mlir::succeeded(k->run(path, f.args())));
      EXPECT_EQ(f.result(f.out), want) << profile << " " << driver::runModeName(path).str();
    }
  }
  // A bad profile: the reason, and the profile left as it was.
  driver::PrepareOptions options;
  ASSERT_FALSE(bool(options.setProfileText("ctrl.float_mode=saturating")));
  llvm::Error bad = options.setProfileText("ctrl.float_mode=sometimes");
  ASSERT_TRUE(bool(bad));
  EXPECT_NE(llvm::toString(std::move(bad)).find("'sometimes' is not a candidate"),
            std::string::npos);
  EXPECT_TRUE(options.interp.profile && options.jit.profile);
  // Empty: no per-run profile (the module's record decides).
  ASSERT_FALSE(bool(options.setProfileText("")));
  EXPECT_FALSE(options.interp.profile || options.jit.profile);
}

TEST(DriverInPlace, ChecksFromText) {
  driver::PrepareOptions options;
  ASSERT_FALSE(bool(options.setChecks("init,bounds", 7u)));
  EXPECT_TRUE(options.interp.checks.init && options.interp.checks.bounds);
  EXPECT_FALSE(options.interp.checks.ub);
  EXPECT_EQ(options.interp.checks.maxFindings, 7u);
  ASSERT_FALSE(bool(options.setChecks("all")));
  EXPECT_EQ(options.interp.checks.maxFindings, 100u); // the checks' default
  llvm::Error bad = options.setChecks("speed");
  ASSERT_TRUE(bool(bad));
  EXPECT_NE(llvm::toString(std::move(bad)).find("unknown check 'speed'"), std::string::npos);
}

TEST(DriverInPlace, JitAddedOnFirstUse) {
  Fixture f;
  ASSERT_TRUE(f.fn);
  driver::PrepareOptions options;
  auto k = PreparedKernel::prepare(f.fn, RunMode::Interp, options);
  ASSERT_TRUE(mlir::succeeded(k));
  EXPECT_TRUE(k->hasInterpreter());
  EXPECT_FALSE(k->hasJit());
  auto *interpreter = k->interpreter();
  ASSERT_TRUE(mlir::succeeded(k->addExecutors(*f.module, "kernel", RunMode::Check, options)));
  EXPECT_TRUE(k->hasJit());
  EXPECT_EQ(k->interpreter(), interpreter); // kept, not compiled again
  ASSERT_TRUE(mlir::succeeded(k->run(RunMode::Jit, f.args())));
  EXPECT_EQ(f.result(f.out), 0x7C007E00u);
  // A missing entry fails with a diagnostic.
  PreparedKernel empty;
  EXPECT_TRUE(mlir::failed(empty.addExecutors(*f.module, "nope", RunMode::Jit, options)));
  EXPECT_FALSE(empty.hasJit());
  ASSERT_FALSE(f.errors.empty());
  EXPECT_NE(f.errors.back().find("no function @nope"), std::string::npos);
}

TEST(DriverInPlace, FunctionOutsideAModuleHasNoJit) {
  Fixture f;
  ASSERT_TRUE(f.fn);
  mlir::OwningOpRef<mlir::func::FuncOp> alone = f.fn.clone();
  EXPECT_TRUE(mlir::succeeded(PreparedKernel::prepare(*alone, RunMode::Interp, {})));
  EXPECT_TRUE(mlir::failed(PreparedKernel::prepare(*alone, RunMode::Jit, {})));
  ASSERT_FALSE(f.errors.empty());
  EXPECT_NE(f.errors.back().find("is in none"), std::string::npos);
}

TEST(DriverInPlace, CheckOnTheCallersBuffers) {
  Fixture f;
  ASSERT_TRUE(f.fn);
  auto k = PreparedKernel::prepare(f.fn, RunMode::Check, {});
  ASSERT_TRUE(mlir::succeeded(k));
  InPlaceCheck check = driver::checkInPlace(*k, f.fn, f.args(), /*limit=*/4);
  ASSERT_EQ(check.failure, InPlaceCheck::Failure::None);
  EXPECT_EQ(check.comparison.count, 0u);
  EXPECT_EQ(f.result(f.out), 0x7C007E00u); // the interpreter's, in place
  ASSERT_EQ(check.jitBuffers.size(), 5u);
  std::vector<uint16_t> jitOut(128);
  ASSERT_EQ(check.jitBuffers[1].size(), 256u);
  EXPECT_TRUE(check.jitBuffers[2].empty()); // a scalar
  std::memcpy(jitOut.data(), check.jitBuffers[1].data(), 256);
  EXPECT_EQ(f.result(jitOut), 0x7C007E00u);
}

TEST(DriverInPlace, CheckReportsWhereThePathsDiffer) {
  // A planted difference: the interpreter saturates, the JIT does not.
  Fixture f;
  ASSERT_TRUE(f.fn);
  driver::PrepareOptions options;
  ASSERT_FALSE(bool(options.setProfileText("ctrl.float_mode=saturating")));
  options.jit.profile.reset();
  auto k = PreparedKernel::prepare(f.fn, RunMode::Check, options);
  ASSERT_TRUE(mlir::succeeded(k));
  InPlaceCheck check = driver::checkInPlace(*k, f.fn, f.args(), /*limit=*/1);
  ASSERT_EQ(check.failure, InPlaceCheck::Failure::None);
  EXPECT_EQ(check.comparison.count, 2u); // lanes 0 and 1 of %dst
  ASSERT_EQ(check.comparison.first.size(), 1u);
  const driver::Mismatch &m = check.comparison.first.front();
  EXPECT_EQ(m.argument, 1u);
  EXPECT_EQ(m.element, 0u);
  EXPECT_EQ(m.expected, 0x7BFFu);
  EXPECT_EQ(m.actual, 0x7C00u);
}

TEST(DriverInPlace, FailedInterpreterRunLeavesTheBuffers) {
  // Two 256-byte buffers do not fit a 256-byte UB: the interpreter refuses
  // them before running, the JIT does not run, nothing is written.
  Fixture f;
  ASSERT_TRUE(f.fn);
  driver::PrepareOptions options;
  options.setUBCapacity(256);
  auto k = PreparedKernel::prepare(f.fn, RunMode::Check, options);
  ASSERT_TRUE(mlir::succeeded(k));
  InPlaceCheck check = driver::checkInPlace(*k, f.fn, f.args(), /*limit=*/1);
  EXPECT_EQ(check.failure, InPlaceCheck::Failure::Interpreter);
  EXPECT_EQ(check.comparison.count, 0u);
  EXPECT_EQ(f.out, std::vector<uint16_t>(128, 0xFFFF));
  EXPECT_FALSE(f.errors.empty());
}

} // namespace
