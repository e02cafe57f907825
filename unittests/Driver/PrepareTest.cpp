//===- PrepareTest.cpp - a loaded kernel compiled for a RunMode -----------===//
//
// driver::PreparedKernel: the executors a mode prepares, repeated runs on
// bound arguments with both, kernels prepared together, the options both
// executors share, a module already lowered to the LLVM dialect (pass
// bisection's stages). Expected values are computed here by hand.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ascreg;
using driver::PreparedKernel;
using driver::RunMode;

namespace {

/// dst[i] = a[i] + b[i] on one f32 register; @twice: dst[i] = a[i] + a[i].
const char *kAdd = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x = ascreg.load_align %a[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %y = ascreg.load_align %b[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %s = ascreg.add %x, %y, %all : !ascreg.vreg<64xf32>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
  func.func @twice(%a: memref<?xf32>, %b: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x = ascreg.load_align %a[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %s = ascreg.add %x, %x, %all : !ascreg.vreg<64xf32>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

struct Fixture {
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<float> a, b, dst;
  Fixture() : a(64), b(64), dst(64, -1.0f) {
    driver::SessionOptions options;
    options.loadAllDialects = true;
    ctx = driver::makeContext(options);
    driver::LoadFailure failure;
    module = driver::parseKernelText(*ctx, kAdd, "add", failure);
    for (int i = 0; i < 64; ++i) {
      a[i] = float(i);
      b[i] = float(1000 * i);
    }
  }
  std::vector<interp::Arg> args() {
    return {interp::Arg::buffer(a.data(), 64), interp::Arg::buffer(b.data(), 64),
            interp::Arg::buffer(dst.data(), 64)};
  }
};

TEST(PreparedKernel, ModesPrepareTheirExecutors) {
  Fixture f;
  ASSERT_TRUE(f.module);
  driver::PrepareOptions options;
  for (RunMode mode : {RunMode::Interp, RunMode::Jit, RunMode::Check}) {
    auto k = PreparedKernel::prepare(*f.module, "add", mode, options);
    ASSERT_TRUE(mlir::succeeded(k)) << driver::runModeName(mode).str();
    EXPECT_EQ(k->hasInterpreter(), mode != RunMode::Jit);
    EXPECT_EQ(k->hasJit(), mode != RunMode::Interp);
  }
  auto explained = PreparedKernel::prepare(*f.module, "add", RunMode::Jit, options,
                                           /*withInterpreter=*/true);
  ASSERT_TRUE(mlir::succeeded(explained));
  EXPECT_TRUE(explained->hasInterpreter() && explained->hasJit());
}

TEST(PreparedKernel, RunsRepeatedlyOnBothPaths) {
  Fixture f;
  ASSERT_TRUE(f.module);
  auto k = PreparedKernel::prepare(*f.module, "add", RunMode::Check, {});
  ASSERT_TRUE(mlir::succeeded(k));
  for (RunMode path : {RunMode::Interp, RunMode::Jit, RunMode::Interp})
    for (int run = 0; run < 2; ++run) {
      f.dst.assign(64, -1.0f);
      f.b[5] = float(run); // a new input each run
      ASSERT_TRUE(mlir::succeeded(k->run(path, f.args())));
      EXPECT_EQ(f.dst[5], 5.0f + float(run)) << driver::runModeName(path).str();
      EXPECT_EQ(f.dst[63], 63.0f + 63000.0f);
    }
}

TEST(PreparedKernel, KernelsPreparedTogether) {
  Fixture f;
  ASSERT_TRUE(f.module);
  auto ks = driver::prepareKernels(*f.module, {"twice", "add"}, RunMode::Jit, {});
  ASSERT_TRUE(mlir::succeeded(ks));
  ASSERT_EQ(ks->size(), 2u);
  ASSERT_TRUE(mlir::succeeded((*ks)[0].run(RunMode::Jit, f.args())));
  EXPECT_EQ(f.dst[7], 14.0f);
  ASSERT_TRUE(mlir::succeeded((*ks)[1].run(RunMode::Jit, f.args())));
  EXPECT_EQ(f.dst[7], 7007.0f);
  // A missing entry fails the whole batch.
  EXPECT_TRUE(mlir::failed(driver::prepareKernels(*f.module, {"add", "nope"}, RunMode::Jit, {})));
}

TEST(PreparedKernel, SharedOptionsReachBothExecutors) {
  // Three 256-byte buffers do not fit a 512-byte UB: both paths refuse.
  Fixture f;
  ASSERT_TRUE(f.module);
  driver::PrepareOptions options;
  options.setUBCapacity(512);
  auto k = PreparedKernel::prepare(*f.module, "add", RunMode::Check, options);
  ASSERT_TRUE(mlir::succeeded(k));
  mlir::ScopedDiagnosticHandler quiet(f.ctx.get(),
                                      [](mlir::Diagnostic &) { return mlir::success(); });
  EXPECT_TRUE(mlir::failed(k->run(RunMode::Interp, f.args())));
  EXPECT_TRUE(mlir::failed(k->run(RunMode::Jit, f.args())));
  options.setUBCapacity(1024);
  auto roomy = PreparedKernel::prepare(*f.module, "add", RunMode::Check, options);
  ASSERT_TRUE(mlir::succeeded(roomy));
  EXPECT_TRUE(mlir::succeeded(roomy->run(RunMode::Interp, f.args())));
  EXPECT_TRUE(mlir::succeeded(roomy->run(RunMode::Jit, f.args())));
}

TEST(PreparedKernel, LoweredModuleRunsInTheJitAsItIs) {
  Fixture f;
  ASSERT_TRUE(f.module);
  mlir::OwningOpRef<mlir::ModuleOp> lowered = mlir::cast<mlir::ModuleOp>((*f.module)->clone());
  std::string error;
  ASSERT_TRUE(mlir::succeeded(driver::runPipeline(*lowered, "ascreg-lower-to-llvm", error)))
      << error;
  auto signature = f.module->lookupSymbol<mlir::func::FuncOp>("add");
  auto k = PreparedKernel::prepareLowered(*lowered, signature, "add", {});
  ASSERT_TRUE(mlir::succeeded(k));
  EXPECT_TRUE(k->hasJit());
  EXPECT_FALSE(k->hasInterpreter());
  ASSERT_TRUE(mlir::succeeded(k->run(RunMode::Jit, f.args())));
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(f.dst[i], float(i) + float(1000 * i)) << i;
}

} // namespace
