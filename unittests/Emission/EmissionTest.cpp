//===- EmissionTest.cpp - emitted Ascend C vs the interpreter ---*- C++ -*-===//
//
// Every conformance kernel (examples/conformance) was translated at build
// time by `ascreg-translate --ascreg-to-ascendc` and compiled on the host
// against include/ascreg/AscendC/HostIntrinsics.h. This test runs each
// emitted kernel and the interpreter (on the original ascreg kernel) on the
// same random inputs with the edge classes of the differential suite (NaN
// payloads, +-0, +-inf, ties, subnormals, f16 overflow, empty and partial
// masks, counts ending mid-register, 64-bit carries and equal high words,
// garbage in inactive gather indices and in high index bits) and requires
// every buffer to agree bit for bit; NaN payloads of additions (reduce sum,
// pair_reduce_sum) are compared only for NaN-ness, as the contract allows.
// The input generator is the one of unittests/Differential/DifferentialTest.cpp.
//
// Size: ASCREG_EMIT_CASES cases per kernel (default 500); seed:
// ASCREG_DIFF_SEED.
//
//===----------------------------------------------------------------------===//
#include "EmittedKernel.h"

#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include "../Common/ConformanceCases.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace conformance;

const std::map<std::string, ascreg_emission::Invoker> &emitted() {
  static const std::map<std::string, ascreg_emission::Invoker> m = [] {
    std::map<std::string, ascreg_emission::Invoker> r;
    for (auto &e : ascreg_emission::allKernels())
      r[e.name] = e.invoke;
    return r;
  }();
  return m;
}

uint64_t gTotalCases = 0, gTotalKernels = 0;

/// The Unified Buffer the emitted kernels run in (default capacity).
ascreg::semantics::UnifiedBuffer &ub() {
  static ascreg::semantics::UnifiedBuffer arena;
  static bool reserved = [] {
    std::string error;
    return arena.reserve(ascreg::semantics::kDefaultUBCapacity, error);
  }();
  (void)reserved;
  return arena;
}

class Emission : public ::testing::TestWithParam<std::string> {};

TEST(EmissionSet, EveryConformanceKernelWasEmitted) {
  std::vector<std::string> names = kernelNames();
  EXPECT_EQ(names.size(), emitted().size());
  for (const std::string &n : names)
    EXPECT_TRUE(emitted().count(n)) << n << " has no emitted kernel";
}

TEST_P(Emission, EmittedEqualsInterpreter) {
  const std::string name = GetParam();
  auto it = emitted().find(name);
  ASSERT_NE(it, emitted().end()) << name << " was not emitted";
  const ascreg_emission::Invoker &kernel = it->second;

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
  const char *otherName = "emitted Ascend C";

  std::vector<std::string> parts = split(name);
  uint64_t cases = envOr("ASCREG_EMIT_CASES", 500);
  Gen g{std::mt19937_64(envOr("ASCREG_DIFF_SEED", 20261129) ^ std::hash<std::string>()(name))};

  for (uint64_t c = 0; c < cases; ++c) {
    Case k = makeCase(parts, g);
    std::vector<Buffer> &bufs = k.buffers;
    std::vector<uint64_t> &scalars = k.scalars;
    unsigned repeat = k.repeat;
    std::vector<Buffer> a = bufs, b = bufs;
    std::vector<ascreg::interp::Arg> argsA;
    for (Buffer &x : a)
      argsA.push_back(ascreg::interp::Arg::buffer(x.bytes.data(), x.n()));
    for (uint64_t s : scalars)
      argsA.push_back(ascreg::interp::Arg::scalar(s));
    ASSERT_TRUE(mlir::succeeded((*interp)->run(argsA))) << name << " case " << c;
    // The emitted kernel runs in a Unified Buffer placed by the same rule.
    std::vector<ascreg::semantics::UBArgument> ubArgs;
    for (Buffer &x : b)
      ubArgs.push_back({x.bytes.data(), x.bytes.size()});
    std::vector<uint64_t> addresses;
    std::string error;
    ASSERT_TRUE(ub().bindArguments(ubArgs, addresses, error)) << error;
    std::vector<void *> ptrs;
    for (uint64_t addr : addresses)
      ptrs.push_back(ub().data() + addr);
    ascreg_emission::setCurrentUB(&ub());
    kernel(ptrs.data(), scalars.data());
    ascreg_emission::setCurrentUB(nullptr);
    ub().copyOut(ubArgs, addresses);
    std::string diff = firstMismatch(parts, a, b);
    if (!diff.empty())
      FAIL() << name << " case " << c << ": " << diff << " (interpreter vs " << otherName
             << "; repeat " << repeat << ", first scalar " << scalars[0] << ")";
  }
  gTotalCases += cases;
  ++gTotalKernels;
}

INSTANTIATE_TEST_SUITE_P(Conformance, Emission, ::testing::ValuesIn(kernelNames()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

/// Prints kernels x cases at the end of the run.
class Summary : public ::testing::Environment {
public:
  void TearDown() override {
    std::printf("[ascreg] emitted Ascend C vs interpreter: %llu kernels x cases = %llu runs\n",
                static_cast<unsigned long long>(gTotalKernels),
                static_cast<unsigned long long>(gTotalCases));
  }
};
const auto *kSummary = ::testing::AddGlobalTestEnvironment(new Summary);

} // namespace
