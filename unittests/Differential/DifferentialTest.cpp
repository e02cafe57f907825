//===- DifferentialTest.cpp - interpreter vs JIT, bit for bit ---*- C++ -*-===//
//
// Every conformance kernel (examples/conformance) runs on random inputs
// that mix the edge classes (NaN payloads, +-0, +-inf, ties, subnormals, f16
// values whose sums overflow, empty and partial masks, counts ending
// mid-register, 64-bit carries and equal high words, extreme and garbage
// indices in inactive lanes or high index bits) through the interpreter and
// through the vector lowering + JIT, and every memref parameter must agree
// bit for bit. NaN payloads are compared only for NaN-ness in the outputs of
// additions (reduce sum, pair_reduce_sum), as the contract allows.
//
// Size: ASCREG_DIFF_CASES cases per kernel (default 1000); seed:
// ASCREG_DIFF_SEED. The long run: ASCREG_DIFF_CASES=100000.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Semantics/Cast.h"

#include "mlir/Pass/PassManager.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include "../Common/ConformanceCases.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace conformance;

class Differential : public ::testing::TestWithParam<std::string> {};

using Runner = std::function<mlir::LogicalResult(llvm::ArrayRef<ascreg::interp::Arg>)>;

/// The other path of a comparison, built from the parsed module.
enum class Path { Jit, Dav3510 };

void runDifferential(const std::string &name, Path path) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::string file = std::string(kConformanceDir) + "/" + name + ".mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(file, &ctx);
  ASSERT_TRUE(module) << "cannot parse " << file;
  auto fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
  ASSERT_TRUE(fn);
  auto interp = ascreg::interp::CompiledKernel::compile(fn);
  ASSERT_TRUE(mlir::succeeded(interp));
  std::unique_ptr<ascreg::jit::JitKernel> jitKernel;
  std::unique_ptr<ascreg::interp::CompiledKernel> davKernel;
  mlir::OwningOpRef<mlir::ModuleOp> lowered;
  Runner other;
  if (path == Path::Jit) {
    auto jit = ascreg::jit::JitKernel::compile(*module, "kernel");
    ASSERT_TRUE(mlir::succeeded(jit));
    jitKernel = std::move(*jit);
    other = [&](llvm::ArrayRef<ascreg::interp::Arg> a) { return jitKernel->run(a); };
  } else {
    // The kernel after convert-ascreg-to-dav, executed by the interpreter.
    lowered = mlir::cast<mlir::ModuleOp>((*module)->clone());
    mlir::PassManager pm(&ctx);
    pm.addPass(ascreg::createConvertAscRegToDavPass());
    ASSERT_TRUE(mlir::succeeded(pm.run(*lowered)));
    auto dav = ascreg::interp::CompiledKernel::compile(
        lowered->lookupSymbol<mlir::func::FuncOp>("kernel"));
    ASSERT_TRUE(mlir::succeeded(dav));
    davKernel = std::move(*dav);
    other = [&](llvm::ArrayRef<ascreg::interp::Arg> a) { return davKernel->run(a); };
  }
  const char *otherName = path == Path::Jit ? "JIT" : "dav-3510 lowering";

  std::vector<std::string> parts = split(name);
  uint64_t cases = envOr("ASCREG_DIFF_CASES", 1000);
  Gen g{std::mt19937_64(envOr("ASCREG_DIFF_SEED", 20261129) ^ std::hash<std::string>()(name))};

  for (uint64_t c = 0; c < cases; ++c) {
    Case k = makeCase(parts, g);
    std::vector<Buffer> &bufs = k.buffers;
    std::vector<uint64_t> &scalars = k.scalars;
    unsigned repeat = k.repeat;
    std::vector<Buffer> a = bufs, b = bufs;
    auto args = [&](std::vector<Buffer> &set) {
      std::vector<ascreg::interp::Arg> out;
      for (Buffer &x : set)
        out.push_back(ascreg::interp::Arg::buffer(x.bytes.data(), x.n()));
      for (uint64_t s : scalars)
        out.push_back(ascreg::interp::Arg::scalar(s));
      return out;
    };
    auto argsA = args(a), argsB = args(b);
    ASSERT_TRUE(mlir::succeeded((*interp)->run(argsA))) << name << " case " << c;
    ASSERT_TRUE(mlir::succeeded(other(argsB))) << name << " case " << c << " (" << otherName << ")";
    std::string diff = firstMismatch(parts, a, b);
    if (!diff.empty())
      FAIL() << name << " case " << c << ": " << diff << " (interpreter vs " << otherName
             << "; repeat " << repeat << ", first scalar " << scalars[0] << ")";
  }
}

TEST_P(Differential, InterpreterEqualsJit) { runDifferential(GetParam(), Path::Jit); }
TEST_P(Differential, InterpreterEqualsDav3510Lowering) {
  runDifferential(GetParam(), Path::Dav3510);
}

/// scripts/gen-conformance.py writes one cast kernel per legal pair x part of
/// the semantics library's table, and no other.
TEST(ConformanceSet, OneCastKernelPerLegalPairAndPart) {
  namespace sem = ascreg::semantics;
  std::vector<std::string> want;
  for (const sem::CastPairInfo &p : sem::allCastPairs()) {
    std::string name = std::string("cast_") + sem::elemName(p.dst) + "_" + sem::elemName(p.src);
    if (p.parts == 0)
      want.push_back(name);
    for (unsigned i = 0; i < p.parts; ++i)
      want.push_back(name + "_" + sem::castPartName(sem::CastPart(i), p.parts));
  }
  std::vector<std::string> have;
  for (const std::string &n : kernelNames())
    if (n.rfind("cast_", 0) == 0 && n.find("_ctrl") == std::string::npos)
      have.push_back(n);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(want, have);
  EXPECT_EQ(want.size(), 76u); // 6 same-width pairs, 27 2:1 pairs x 2, 4 4:1 pairs x 4
}

INSTANTIATE_TEST_SUITE_P(Conformance, Differential, ::testing::ValuesIn(kernelNames()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

} // namespace
