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
// every buffer to agree bit for bit. The interpreter's kernel is loaded and
// prepared by the driver (LoadedKernel, PreparedKernel) and each case is
// compared twice (compareOnCases, ../Common/LoadedKernel.h): by check mode's
// comparison (driver::compareCheckRuns) and independently by firstMismatch
// (NaN payloads of additions, reduce sum and pair_reduce_sum, compared only
// for NaN-ness, as the contract allows). The input generator is the one of
// unittests/Differential/DifferentialTest.cpp.
//
// Size: ASCREG_EMIT_CASES cases per kernel (default 500); seed:
// ASCREG_DIFF_SEED.
//
// Semantic profiles (EmissionProfiles.*): for every candidate other than
// the documented one, the emitted kernels the point affects
// (../Common/ProfileCases.h) run with that profile set in the host header
// at run time (ascreg_host::profile()) against the interpreter running the
// module with the profile recorded; ASCREG_PROFILE_CASES cases per kernel
// and candidate (default 200). ctrl.float_mode is the exception: an emitted
// kernel sets its own CTRL state on entry (the one it was lowered with), so
// a run-time profile cannot change it; it is covered by kernels emitted
// from modules that record the profile (ProfiledEmission.*).
//
//===----------------------------------------------------------------------===//
#include "EmittedKernel.h"

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Prepare.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include "../Common/ConformanceCases.h"
#include "../Common/LoadedKernel.h"
#include "../Common/ProfileCases.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
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

/// Runs the emitted `kernel` on the buffers `b`, bound in the Unified
/// Buffer by the interpreter's placement rule, and copies the outputs back
/// into `b`. "" or why the buffers could not be bound.
std::string runEmitted(const ascreg_emission::Invoker &kernel, std::vector<Buffer> &b,
                       const std::vector<uint64_t> &scalars) {
  ub().clearArguments();
  for (Buffer &x : b)
    ub().addArgument(x.bytes.data(), x.bytes.size());
  std::string error;
  if (!ub().bindArguments(error))
    return error;
  std::vector<void *> ptrs;
  for (size_t i = 0; i < ub().numArguments(); ++i)
    ptrs.push_back(ub().argumentInArena(i));
  ascreg_emission::setCurrentUB(&ub());
  kernel(ptrs.data(), scalars.data());
  ascreg_emission::setCurrentUB(nullptr);
  ub().copyOut();
  return "";
}

class Emission : public ::testing::TestWithParam<std::string> {};

TEST(EmissionSet, EveryConformanceKernelWasEmitted) {
  std::vector<std::string> names = kernelNames();
  size_t conformance = 0; // NAME@PROFILE entries are the profiled emissions
  for (const auto &e : emitted())
    conformance += e.first.find('@') == std::string::npos;
  EXPECT_EQ(names.size(), conformance);
  for (const std::string &n : names)
    EXPECT_TRUE(emitted().count(n)) << n << " has no emitted kernel";
}

TEST_P(Emission, EmittedEqualsInterpreter) {
  const std::string name = GetParam();
  auto it = emitted().find(name);
  ASSERT_NE(it, emitted().end()) << name << " was not emitted";
  const ascreg_emission::Invoker &kernel = it->second;

  LoadedKernel loaded;
  ASSERT_EQ(loaded.load(std::string(kConformanceDir) + "/" + name + ".mlir"), "");
  auto interp = ascreg::driver::PreparedKernel::prepare(loaded.fn, ascreg::driver::RunMode::Interp,
                                                        ascreg::driver::PrepareOptions());
  ASSERT_TRUE(mlir::succeeded(interp));

  std::vector<std::string> parts = split(name);
  uint64_t cases = envOr("ASCREG_EMIT_CASES", 500);
  Gen g = caseGen(name);
  // The emitted kernel runs in a Unified Buffer placed by the same rule.
  auto emittedRun = [&](std::vector<Buffer> &b, const std::vector<uint64_t> &scalars) {
    return runEmitted(kernel, b, scalars);
  };
  EXPECT_EQ(compareOnCases(
                name, loaded.fn, *interp, emittedRun, "emitted Ascend C", cases,
                [&](uint64_t) { return makeCase(parts, g); },
                [&](const std::vector<Buffer> &a, const std::vector<Buffer> &b) {
                  return firstMismatch(parts, a, b);
                }),
            "");
  gTotalCases += cases;
  ++gTotalKernels;
}

INSTANTIATE_TEST_SUITE_P(Conformance, Emission, ::testing::ValuesIn(kernelNames()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

//===----------------------------------------------------------------------===//
// Semantic profiles
//===----------------------------------------------------------------------===//

namespace sem = ascreg::semantics;

uint64_t gProfileRuns = 0, gProfileKernels = 0;

/// Runs the emitted kernel `name` and the interpreter on `cases` inputs
/// focused on `point`; the interpreter runs the module with `profile`
/// recorded, the emitted kernel with `hostProfile` set in the host header
/// before each call. Returns the first mismatch, or "".
std::string runUnderProfile(const std::string &name, const std::string &point,
                            const sem::Profile &profile, const sem::Profile &hostProfile,
                            uint64_t cases, bool dropCtrl = false,
                            const std::string &emittedName = "") {
  auto it = emitted().find(emittedName.empty() ? name : emittedName);
  if (it == emitted().end())
    return name + " was not emitted";
  LoadedKernel loaded;
  if (std::string error = loaded.load(std::string(kConformanceDir) + "/" + name + ".mlir");
      !error.empty())
    return error;
  mlir::OwningOpRef<mlir::ModuleOp> &module = loaded.module;
  mlir::func::FuncOp fn = loaded.fn;
  if (dropCtrl)
    fn->removeAttr(ascreg::AscRegDialect::getCtrlAttrName());
  ascreg::recordProfile(*module, profile);
  auto interp = ascreg::driver::PreparedKernel::prepare(fn, ascreg::driver::RunMode::Interp,
                                                        ascreg::driver::PrepareOptions());
  if (mlir::failed(interp))
    return name + ": the interpreter cannot compile it";
  Gen g = caseGen(name + point);
  auto emittedRun = [&](std::vector<Buffer> &b, const std::vector<uint64_t> &scalars) {
    ascreg_emission::setHostProfile(hostProfile);
    std::string error = runEmitted(it->second, b, scalars);
    ascreg_emission::setHostProfile(sem::documentedProfile());
    return error;
  };
  return compareOnCases(
      name, fn, *interp, emittedRun, "emitted Ascend C", cases,
      [&](uint64_t) { return makeProfileCase(point, name, g); },
      [&](const std::vector<Buffer> &a, const std::vector<Buffer> &b) {
        return profileMismatch(name, profile, a, b);
      });
}

/// Every non-documented candidate but ctrl.float_mode's: an emitted kernel
/// sets its own CTRL state on entry, so a run-time host profile cannot
/// change it (ProfiledEmission covers it).
class EmissionProfiles : public EachCandidate {};

/// Under the candidate (set at run time in the host header): emitted ==
/// interpreter on every emitted kernel the point affects.
TEST_P(EmissionProfiles, EmittedEqualsInterpreter) {
  const uint64_t cases = profileCases();
  unsigned ran = 0;
  for (const ProfileKernel &k : *kernels) {
    if (!localKernelSource(k.name).empty()) // test-local kernels are not emitted
      continue;
    EXPECT_EQ(runUnderProfile(k.name, point->key, profile, profile, cases, k.dropCtrl), "")
        << sem::printProfile(profile);
    ++ran;
    gProfileRuns += cases;
    ++gProfileKernels;
  }
  EXPECT_GT(ran, 0u);
}

/// The host header honours the run-time profile: the emitted kernel under
/// the documented host profile against the interpreter under the candidate
/// must differ on the planted-style inputs of the point (a planted
/// divergence: if this passed with 0 mismatches, the comparison above
/// would prove nothing).
TEST_P(EmissionProfiles, DocumentedHostDiffersFromCandidate) {
  // Some kernel of the point must show the difference within a few cases.
  bool differs = false;
  for (const ProfileKernel &k : *kernels)
    if (localKernelSource(k.name).empty() && !differs)
      differs = !runUnderProfile(k.name, point->key, profile, sem::documentedProfile(),
                                 profileCases(), k.dropCtrl)
                     .empty();
  EXPECT_TRUE(differs) << "the documented host header gave the bits of "
                       << sem::printProfile(profile);
}

/// Kernels emitted from modules that record a profile (CMakeLists.txt,
/// ASCREG_PROFILED_EMISSION): the emitted entry sets the profile's CTRL
/// state itself, so the host profile here keeps the documented CTRL (the
/// other choices are what the emitted ASCREG_HOST_PROFILE gives a host
/// program); the interpreter runs the module with the profile recorded.
TEST(ProfiledEmission, EmittedEqualsInterpreter) {
  unsigned ran = 0;
  for (const auto &[key, invoke] : emitted()) {
    size_t at = key.find('@');
    if (at == std::string::npos)
      continue;
    const std::string name = key.substr(0, at), spelling = key.substr(at + 1);
    sem::Profile profile, host;
    std::string error;
    ASSERT_TRUE(sem::parseProfile(spelling.c_str(), profile, error)) << error;
    host = profile;
    host.ctrl = sem::documentedProfile().ctrl;
    EXPECT_EQ(runUnderProfile(name, "ctrl.float_mode", profile, host, profileCases(), false, key),
              "")
        << key;
    // Planted: the documented interpreter must see different bits (f16
    // overflow: +inf, saturated: 65504).
    EXPECT_NE(runUnderProfile(name, "ctrl.float_mode", sem::documentedProfile(), host,
                              profileCases(), false, key),
              "")
        << key << " gave the documented bits";
    ++ran;
  }
  EXPECT_EQ(ran, 3u);
}

INSTANTIATE_TEST_SUITE_P(Candidates, EmissionProfiles,
                         ::testing::ValuesIn(nonDocumentedCandidates("ctrl.float_mode")),
                         [](const ::testing::TestParamInfo<CandidateParam> &info) {
                           return candidateTestName(info.param);
                         });

/// Prints kernels x cases at the end of the run.
class Summary : public ::testing::Environment {
public:
  void TearDown() override {
    std::printf("[ascreg] emitted Ascend C vs interpreter: %llu kernels x cases = %llu runs\n",
                static_cast<unsigned long long>(gTotalKernels),
                static_cast<unsigned long long>(gTotalCases));
    if (gProfileKernels)
      std::printf("[ascreg] profiles: %llu (candidate, kernel) pairs x cases = %llu runs\n",
                  static_cast<unsigned long long>(gProfileKernels),
                  static_cast<unsigned long long>(gProfileRuns));
  }
};
const auto *kSummary = ::testing::AddGlobalTestEnvironment(new Summary);

} // namespace
