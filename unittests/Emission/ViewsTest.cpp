//===- ViewsTest.cpp - memref views and UB scratch on every path -*- C++ -*-===//
//
// examples/views/views_scratch.mlir uses every memref view and allocation op
// of the kernel language (docs/semantics.md, "Buffers, views and scratch").
// It runs on the interpreter, the vector lowering + JIT, the dav-3510
// lowering (interpreted) and as emitted Ascend C compiled on the host (the
// translation is done at build time, CMakeLists.txt), on random inputs; every
// path's output buffers must equal a scalar C++ model of the kernel written
// here from its specification, bit for bit.
//
//===----------------------------------------------------------------------===//
#include "ascreg/AscendC/HostIntrinsics.h"

#include "ascreg/Conversion/Passes.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace k_views {
#include "gen/views_scratch.inc"
} // namespace k_views

namespace {

namespace sem = ascreg::semantics;
using Buffers = std::vector<std::vector<int32_t>>; // src (256), dst (128)
using Path = std::function<void(Buffers &, uint64_t off, uint64_t len)>;

/// The kernel's specification (the header of views_scratch.mlir).
void model(Buffers &b, uint64_t off, uint64_t len) {
  uint32_t sum = 0;
  for (uint64_t i = 0; i < std::min<uint64_t>(len, 64); ++i)
    sum += static_cast<uint32_t>(b[0][off + i]);
  b[1][0] = static_cast<int32_t>(sum);
  b[1][1] = static_cast<int32_t>(len);
  for (uint64_t i = 0; i < 64; ++i)
    b[1][64 + i] = b[0][off + i];
}

std::vector<ascreg::interp::Arg> argsOf(Buffers &b, uint64_t off, uint64_t len) {
  return {ascreg::interp::Arg::buffer(b[0].data(), b[0].size()),
          ascreg::interp::Arg::buffer(b[1].data(), b[1].size()), ascreg::interp::Arg::scalar(off),
          ascreg::interp::Arg::scalar(len)};
}

TEST(Views, EveryPathEqualsTheModel) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::string file = std::string(ASCREG_SOURCE_DIR) + "/examples/views/views_scratch.mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(file, &ctx);
  ASSERT_TRUE(module) << "cannot parse " << file;
  auto interp =
      ascreg::interp::CompiledKernel::compile(module->lookupSymbol<mlir::func::FuncOp>("kernel"));
  ASSERT_TRUE(mlir::succeeded(interp));
  auto jit = ascreg::jit::JitKernel::compile(*module, "kernel");
  ASSERT_TRUE(mlir::succeeded(jit));
  mlir::OwningOpRef<mlir::ModuleOp> lowered = mlir::cast<mlir::ModuleOp>((*module)->clone());
  mlir::PassManager pm(&ctx);
  pm.addPass(ascreg::createConvertAscRegToDavPass());
  ASSERT_TRUE(mlir::succeeded(pm.run(*lowered)));
  auto dav =
      ascreg::interp::CompiledKernel::compile(lowered->lookupSymbol<mlir::func::FuncOp>("kernel"));
  ASSERT_TRUE(mlir::succeeded(dav));

  // The emitted kernel in a Unified Buffer placed as the interpreter places
  // its arguments (its scratch then lands where the interpreter's does).
  sem::UnifiedBuffer ub;
  std::string error;
  ASSERT_TRUE(ub.reserve(sem::kDefaultUBCapacity, error)) << error;
  Path emitted = [&](Buffers &b, uint64_t off, uint64_t len) {
    std::vector<sem::UBArgument> args = {{b[0].data(), b[0].size() * 4},
                                         {b[1].data(), b[1].size() * 4}};
    ASSERT_TRUE(ub.bindArguments(args, error)) << error;
    ascreg_host::currentUB() = &ub;
    k_views::kernel(reinterpret_cast<int32_t *>(ub.argumentInArena(0)),
                    reinterpret_cast<int32_t *>(ub.argumentInArena(1)), static_cast<uint32_t>(off),
                    static_cast<uint32_t>(len));
    ascreg_host::currentUB() = nullptr;
    ub.copyOut();
  };
  auto run = [](ascreg::interp::CompiledKernel &k) -> Path {
    return [&k](Buffers &b, uint64_t off, uint64_t len) {
      ASSERT_TRUE(mlir::succeeded(k.run(argsOf(b, off, len))));
    };
  };
  std::vector<std::pair<const char *, Path>> paths = {
      {"interpreter", run(**interp)},
      {"JIT",
       [&](Buffers &b, uint64_t off, uint64_t len) {
         ASSERT_TRUE(mlir::succeeded((*jit)->run(argsOf(b, off, len))));
       }},
      {"dav-3510 lowering", run(**dav)},
      {"emitted Ascend C", emitted}};

  std::mt19937_64 g(20261201);
  for (int c = 0; c < 200; ++c) {
    Buffers input = {std::vector<int32_t>(256), std::vector<int32_t>(128)};
    for (auto &buf : input)
      for (int32_t &x : buf)
        x = static_cast<int32_t>(g());
    uint64_t off = 8 * (g() % 25); // the window stays in src: off + 64 <= 256
    uint64_t len = g() % 65;
    Buffers expected = input;
    model(expected, off, len);
    for (auto &[name, path] : paths) {
      Buffers got = input;
      path(got, off, len);
      ASSERT_EQ(got, expected) << name << ", case " << c << " (off " << off << ", len " << len
                               << ")";
    }
  }
}

} // namespace
