//===- InPlaceTest.cpp - buffer arguments bound in place --------*- C++ -*-===//
//
// placeArguments hands out the kernel's UB at the addresses where a run puts
// its buffers; arguments passed there are bound in place (no copy in or
// out) on the interpreter and the JIT, with the results of a copied run and
// every check kept: an access outside UB still fails at its op, and memory
// in UB at another argument's place is refused. Expected values are plain
// integer arithmetic.
//
//===----------------------------------------------------------------------===//
#include "ParsedModule.h"

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using ascreg::interp::Arg;

// out[r*64 + i] = a[r*64 + i] + b[r*64 + i] for `n` registers; then one
// store `far` elements past `out` (0: inside it; large: outside UB).
constexpr const char *kModule = R"mlir(
func.func @kernel(%a: memref<?xi32>, %b: memref<?xi32>, %out: memref<?xi32>, %n: index, %far: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
  scf.for %r = %c0 to %n step %c1 {
    %o = arith.muli %r, %c64 : index
    %x = ascreg.load_align %a[%o] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %y = ascreg.load_align %b[%o] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %s = ascreg.add %x, %y, %m : !ascreg.vreg<64xi32>
    ascreg.store_align %s, %out[%o], %m : !ascreg.vreg<64xi32>, memref<?xi32>
  }
  %x0 = ascreg.load_align %out[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
  ascreg.store_align %x0, %out[%far], %m : !ascreg.vreg<64xi32>, memref<?xi32>
  return
}
)mlir";

struct Kernels : ParsedModule {
  std::unique_ptr<ascreg::interp::CompiledKernel> interp;
  std::unique_ptr<ascreg::jit::JitKernel> jit;
  Kernels() : ParsedModule(kModule, "inplace.mlir") {
    auto fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
    interp = std::move(*ascreg::interp::CompiledKernel::compile(fn));
    jit = std::move(*ascreg::jit::JitKernel::compile(*module, "kernel"));
  }
};

using Place = std::function<mlir::FailureOr<std::vector<void *>>(llvm::ArrayRef<uint64_t>)>;
using Run = std::function<mlir::LogicalResult(llvm::ArrayRef<Arg>)>;

void checkInPlace(Kernels &k, const Place &place, const Run &run, const char *path) {
  SCOPED_TRACE(path);
  for (uint64_t regs : {3u, 1u, 4u}) {
    uint64_t n = regs * 64;
    auto places = place({n, n, n});
    ASSERT_TRUE(mlir::succeeded(places)) << k.diagnostics;
    auto *a = static_cast<int32_t *>((*places)[0]), *b = static_cast<int32_t *>((*places)[1]),
         *out = static_cast<int32_t *>((*places)[2]);
    std::vector<int32_t> want(n);
    for (uint64_t i = 0; i < n; ++i) {
      a[i] = int32_t(i * 2654435761u);
      b[i] = int32_t(i * 40503u) - 7;
      out[i] = -1;
      want[i] = int32_t(uint32_t(a[i]) + uint32_t(b[i]));
    }
    ASSERT_TRUE(mlir::succeeded(run({Arg::buffer(a, n), Arg::buffer(b, n), Arg::buffer(out, n),
                                     Arg::scalar(regs), Arg::scalar(0)})))
        << k.diagnostics;
    EXPECT_EQ(std::vector<int32_t>(out, out + n), want) << regs << " registers";

    // The same run on the caller's own memory, copied in and out.
    std::vector<int32_t> ca(a, a + n), cb(b, b + n), cout(n, -1);
    ASSERT_TRUE(
        mlir::succeeded(run({Arg::buffer(ca.data(), n), Arg::buffer(cb.data(), n),
                             Arg::buffer(cout.data(), n), Arg::scalar(regs), Arg::scalar(0)})));
    EXPECT_EQ(cout, want);
  }

  // Bounds are checked as ever: a store outside UB fails at its op.
  auto places = place({64, 64, 64});
  ASSERT_TRUE(mlir::succeeded(places));
  k.diagnostics.clear();
  std::vector<Arg> args = {Arg::buffer((*places)[0], 64), Arg::buffer((*places)[1], 64),
                           Arg::buffer((*places)[2], 64), Arg::scalar(1), Arg::scalar(1 << 20)};
  EXPECT_TRUE(mlir::failed(run(args)));
  EXPECT_NE(k.diagnostics.find("inplace.mlir\":15:3): 'ascreg.store_align' op UB access outside "
                               "the Unified Buffer"),
            std::string::npos)
      << k.diagnostics;

  // UB memory at another argument's place is refused, not copied from.
  k.diagnostics.clear();
  std::swap(args[0], args[1]);
  args[4] = Arg::scalar(0);
  EXPECT_TRUE(mlir::failed(run(args)));
  EXPECT_NE(k.diagnostics.find("buffer argument 0 lies in the Unified Buffer but not at its UB "
                               "address 0"),
            std::string::npos)
      << k.diagnostics;

  // Sizes that do not fit, or do not match the parameters.
  k.diagnostics.clear();
  EXPECT_TRUE(mlir::failed(place({64, 64})));
  EXPECT_TRUE(mlir::failed(place({64, 64, uint64_t(1) << 20})));
  EXPECT_NE(k.diagnostics.find("kernel takes 3 buffer arguments, got 2 sizes to place"),
            std::string::npos)
      << k.diagnostics;
  EXPECT_NE(k.diagnostics.find("UB capacity exceeded: buffer argument 2"), std::string::npos)
      << k.diagnostics;
}

TEST(InPlace, InterpreterBindsPlacedBuffersInPlace) {
  Kernels k;
  ASSERT_TRUE(k.interp && k.jit) << k.diagnostics;
  checkInPlace(
      k, [&](llvm::ArrayRef<uint64_t> n) { return k.interp->placeArguments(n); },
      [&](llvm::ArrayRef<Arg> a) { return k.interp->run(a); }, "interpreter");
}

TEST(InPlace, JitBindsPlacedBuffersInPlace) {
  Kernels k;
  ASSERT_TRUE(k.interp && k.jit) << k.diagnostics;
  checkInPlace(
      k, [&](llvm::ArrayRef<uint64_t> n) { return k.jit->placeArguments(n); },
      [&](llvm::ArrayRef<Arg> a) { return k.jit->run(a); }, "JIT");
}

} // namespace
