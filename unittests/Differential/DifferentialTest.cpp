//===- DifferentialTest.cpp - interpreter vs JIT, bit for bit ---*- C++ -*-===//
//
// Every conformance kernel (examples/conformance) runs on random inputs
// that mix the edge classes (NaN payloads, +-0, +-inf, ties, subnormals, f16
// values whose sums overflow, empty and partial masks, counts ending
// mid-register, 64-bit carries and equal high words, extreme and garbage
// indices in inactive lanes or high index bits) through the interpreter and
// through the vector lowering + JIT, and every memref parameter must agree
// bit for bit. The kernels are loaded, lowered and compiled by the driver
// (LoadedKernel, driver::runPipeline, PreparedKernel) and every case is
// compared twice (compareOnCases, ../Common/LoadedKernel.h): by check mode's
// comparison (driver::compareCheckRuns, NaN payloads open where the
// NaN-payload analysis says) and independently by firstMismatch, which
// reads the kernel's name: NaN payloads compared only for NaN-ness in the
// outputs of additions (reduce sum, pair_reduce_sum), as the contract allows.
//
// Size: ASCREG_DIFF_CASES cases per kernel (default 1000); seed:
// ASCREG_DIFF_SEED. The long run: ASCREG_DIFF_CASES=100000.
//
// Semantic profiles (Profiles.*): every candidate other than the documented
// one of every open point runs the kernels the point affects
// (../Common/ProfileCases.h) under a profile recorded in the module
// (ascreg.semantics) on all three paths, ASCREG_PROFILE_CASES cases per
// kernel and candidate (default 200), and must agree bit for bit; a planted
// input per point shows that the candidate reaches every path (its bits
// differ from the documented interpreter's).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/RegApiForms.h"
#include "ascreg/Semantics/ScalarForms.h"
#include "ascreg/Semantics/Shifts.h"

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
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

using namespace conformance;

class Differential : public ::testing::TestWithParam<std::string> {};

using ascreg::driver::PreparedKernel;
using ascreg::driver::PrepareOptions;
using ascreg::driver::RunMode;

/// The other path of a comparison, built from the parsed module.
enum class Path { Jit, Dav3510 };

/// `module` after convert-ascreg-to-dav (the driver's pipeline step), the
/// kernel prepared for the interpreter in `prepared`.
::testing::AssertionResult prepareDav(mlir::ModuleOp module,
                                      mlir::OwningOpRef<mlir::ModuleOp> &lowered,
                                      std::optional<PreparedKernel> &prepared) {
  lowered = mlir::cast<mlir::ModuleOp>(module->clone());
  std::string error;
  if (mlir::failed(ascreg::driver::runPipeline(*lowered, "convert-ascreg-to-dav", error)))
    return ::testing::AssertionFailure() << "convert-ascreg-to-dav failed " << error;
  auto dav = PreparedKernel::prepare(*lowered, "kernel", RunMode::Interp, PrepareOptions());
  if (mlir::failed(dav))
    return ::testing::AssertionFailure() << "the dav-lowered kernel does not compile";
  prepared.emplace(std::move(*dav));
  return ::testing::AssertionSuccess();
}

void runDifferential(const std::string &name, Path path) {
  LoadedKernel loaded;
  ASSERT_EQ(loaded.load(std::string(kConformanceDir) + "/" + name + ".mlir"), "");
  // The interpreter, and the JIT beside it on the JIT path (check mode's
  // executors).
  auto kernel = PreparedKernel::prepare(*loaded.module, "kernel",
                                        path == Path::Jit ? RunMode::Check : RunMode::Interp,
                                        PrepareOptions());
  ASSERT_TRUE(mlir::succeeded(kernel));
  mlir::OwningOpRef<mlir::ModuleOp> lowered;
  std::optional<PreparedKernel> dav;
  PathRun other;
  if (path == Path::Jit) {
    other = preparedPath(*kernel, RunMode::Jit);
  } else {
    // The kernel after convert-ascreg-to-dav, executed by the interpreter.
    ASSERT_TRUE(prepareDav(*loaded.module, lowered, dav));
    other = preparedPath(*dav, RunMode::Interp);
  }
  const char *otherName = path == Path::Jit ? "JIT" : "dav-3510 lowering";

  std::vector<std::string> parts = split(name);
  Gen g = caseGen(name);
  EXPECT_EQ(compareOnCases(
                name, loaded.fn, *kernel, other, otherName, envOr("ASCREG_DIFF_CASES", 1000),
                [&](uint64_t c) {
                  // A 16-bit source: every bit pattern first, then the random cases.
                  if (std::optional<Case> every = everyPatternCase(parts, c, g))
                    return *every;
                  return makeCase(parts, g);
                },
                [&](const std::vector<Buffer> &a, const std::vector<Buffer> &b) {
                  return firstMismatch(parts, a, b);
                }),
            "");
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

/// The sub / mul / abs / bitwise kernels are exactly the legal types of the
/// semantics library's tables (scripts/gen-conformance.py writes them).
TEST(ConformanceSet, OneLaneArithKernelPerLegalType) {
  namespace sem = ascreg::semantics;
  const sem::RegType types[] = {
      {sem::ElemKind::I8},    {sem::ElemKind::U8},   {sem::ElemKind::I16}, {sem::ElemKind::U16},
      {sem::ElemKind::F16},   {sem::ElemKind::BF16}, {sem::ElemKind::I32}, {sem::ElemKind::U32},
      {sem::ElemKind::F32},   {sem::ElemKind::I64},  {sem::ElemKind::U64}, {sem::ElemKind::I64, 2},
      {sem::ElemKind::U64, 2}};
  auto name = [](const char *op, sem::RegType t) {
    return std::string(op) + "_" + sem::elemName(t.elem) + (t.numRegs == 2 ? "x2" : "");
  };
  std::set<std::string> want, have;
  for (sem::RegType t : types) {
    for (sem::ArithKind k : {sem::ArithKind::Sub, sem::ArithKind::Mul, sem::ArithKind::And,
                             sem::ArithKind::Or, sem::ArithKind::Xor})
      if (sem::isLegalArith(k, t))
        want.insert(name(sem::arithName(k), t));
    for (sem::UnaryKind k : {sem::UnaryKind::Abs, sem::UnaryKind::Not})
      if (sem::isLegalUnary(k, t))
        want.insert(name(sem::unaryName(k), t));
  }
  for (const std::string &n : kernelNames()) {
    std::vector<std::string> parts = split(n);
    if ((isLaneBinary(parts[0]) || isLaneUnary(parts[0])) && parts.size() == 2)
      have.insert(n);
  }
  EXPECT_EQ(want, have);
  EXPECT_EQ(want.size(), 73u); // sub 13, mul 11, and / or / xor 10 each, abs 7, not 12
}

/// The Reg API form kernels (duplicate_lane_T, ...) are exactly the legal
/// types of the semantics library's tables.
TEST(ConformanceSet, OneRegApiFormKernelPerLegalType) {
  namespace sem = ascreg::semantics;
  std::set<std::string> want, have;
  for (unsigned k = 0; k <= unsigned(sem::ElemKind::U64); ++k)
    for (uint8_t regs : {1, 2})
      if (sem::RegType t{sem::ElemKind(k), regs}; sem::isLegalDuplicateLane(t))
        want.insert(std::string("duplicate_lane_") + sem::elemName(t.elem) +
                    (regs == 2 ? "x2" : ""));
  for (unsigned k = 0; k <= unsigned(sem::ElemKind::U64); ++k)
    if (sem::isLegalStoreFirst({sem::ElemKind(k), 1}))
      want.insert(std::string("store_first_") + sem::elemName(sem::ElemKind(k)));
  for (const std::string &n : kernelNames())
    if (n.rfind("duplicate_lane_", 0) == 0 || n.rfind("store_first_", 0) == 0)
      have.insert(n);
  EXPECT_EQ(want, have);
  EXPECT_EQ(want.size(), 13u + 9u); // duplicate_lane: every register type; store_first: 8-32 bit
  // governed_mask: the four operations, one type per mask stride (1, 2, 4, 8, x2).
  unsigned governed = 0;
  for (const std::string &n : kernelNames())
    governed += n.rfind("governed_mask_", 0) == 0;
  EXPECT_EQ(governed, 4u * 5u);
}

/// The adds / muls / maxs / mins / compares kernels are exactly the legal
/// types of the semantics library's tables.
TEST(ConformanceSet, OneScalarFormKernelPerLegalType) {
  namespace sem = ascreg::semantics;
  std::set<std::string> want, have;
  for (const auto &[t, type] : regTypeTokens()) {
    for (sem::ScalarFormKind k : {sem::ScalarFormKind::Adds, sem::ScalarFormKind::Muls,
                                  sem::ScalarFormKind::Maxs, sem::ScalarFormKind::Mins})
      if (sem::isLegalScalarForm(k, t))
        want.insert(std::string(sem::scalarFormName(k)) + "_" + type);
    if (sem::isLegalCompareScalar(t))
      want.insert("compares_" + type);
  }
  for (const std::string &n : kernelNames()) {
    std::vector<std::string> parts = split(n);
    if (isScalarForm(parts[0]) && parts.size() == 2)
      have.insert(n);
  }
  EXPECT_EQ(want, have);
  EXPECT_EQ(want.size(), 58u); // adds / maxs / mins / compares 12 each, muls 10
}

/// The reduce_data_block kernels are exactly the legal types of the
/// semantics library's table, once per kind.
TEST(ConformanceSet, OneReduceDataBlockKernelPerLegalType) {
  namespace sem = ascreg::semantics;
  std::set<std::string> want, have;
  const std::pair<sem::ReduceKind, const char *> kinds[] = {
      {sem::ReduceKind::Sum, "sum"}, {sem::ReduceKind::Max, "max"}, {sem::ReduceKind::Min, "min"}};
  for (auto [k, name] : kinds)
    for (unsigned d = 0; d <= unsigned(sem::ElemKind::U64); ++d)
      for (unsigned s = 0; s <= unsigned(sem::ElemKind::U64); ++s)
        if (sem::isLegalReduceDataBlock(k, {sem::ElemKind(d)}, {sem::ElemKind(s)}))
          want.insert(std::string("reduce_data_block_") + name + "_" +
                      sem::elemName(sem::ElemKind(d)) + "_" + sem::elemName(sem::ElemKind(s)));
  for (const std::string &n : kernelNames())
    if (isReduceDataBlock(split(n)) && n.find("_ctrl") == std::string::npos)
      have.insert(n);
  EXPECT_EQ(want, have);
  EXPECT_EQ(want.size(), 3u * 6u); // sum / max / min of i16 u16 f16 i32 u32 f32
}

/// The shift kernels are exactly the legal types of isLegalShift, each in
/// the register and the scalar form.
TEST(ConformanceSet, OneShiftKernelPerLegalType) {
  namespace sem = ascreg::semantics;
  std::set<std::string> want, have;
  for (const auto &[t, type] : regTypeTokens())
    if (sem::isLegalShift(t))
      for (sem::ShiftKind k : {sem::ShiftKind::Left, sem::ShiftKind::Right})
        for (bool scalar : {false, true})
          want.insert(std::string(sem::shiftName(k, scalar)) + "_" + type);
  for (const std::string &n : kernelNames()) {
    std::vector<std::string> parts = split(n);
    if ((isShift(parts[0]) || isShiftScalar(parts[0])) && parts.size() == 2)
      have.insert(n);
  }
  EXPECT_EQ(want, have);
  EXPECT_EQ(want.size(), 40u); // 10 types x shift_left / shift_right / shift_lefts / shift_rights
}

INSTANTIATE_TEST_SUITE_P(Conformance, Differential, ::testing::ValuesIn(kernelNames()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

//===----------------------------------------------------------------------===//
// Semantic profiles
//===----------------------------------------------------------------------===//

namespace sem = ascreg::semantics;

/// One kernel loaded by the driver in its own context, runnable on every
/// path under the profile recorded in it.
struct ProfiledKernel {
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module, lowered;
  mlir::func::FuncOp fn;
  /// The interpreter and the JIT (check mode's executors); the dav-3510
  /// lowering's interpreter.
  std::optional<PreparedKernel> kernel, dav;

  /// Parses `k` (a conformance or test-local kernel), records `profile` in
  /// the module and prepares the three paths.
  ::testing::AssertionResult build(const ProfileKernel &k, const sem::Profile &profile) {
    ascreg::driver::SessionOptions options;
    options.loadAllDialects = true;
    ctx = ascreg::driver::makeContext(options);
    ascreg::driver::LoadFailure failure;
    std::string local = localKernelSource(k.name), error;
    if (local.empty())
      module = ascreg::driver::parseKernelFile(
          *ctx, std::string(kConformanceDir) + "/" + k.name + ".mlir", failure, error);
    else
      module = ascreg::driver::parseKernelText(*ctx, local, k.name, failure);
    if (!module)
      return ::testing::AssertionFailure() << "cannot parse " << k.name << " " << error;
    fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
    if (k.dropCtrl)
      fn->removeAttr(ascreg::AscRegDialect::getCtrlAttrName());
    ascreg::recordProfile(*module, profile);
    auto prepared = PreparedKernel::prepare(*module, "kernel", RunMode::Check, PrepareOptions());
    if (mlir::failed(prepared))
      return ::testing::AssertionFailure() << k.name << ": interpreter or JIT compile failed";
    kernel.emplace(std::move(*prepared));
    if (auto r = prepareDav(*module, lowered, dav); !r)
      return r << " (" << k.name << ")";
    // The recorded profile survives the dav-3510 lowering.
    if (!ascreg::hasRecordedProfile(*lowered) ||
        sem::printProfile(ascreg::kernelProfile(*lowered)) !=
            sem::printProfile(ascreg::kernelProfile(*module)))
      return ::testing::AssertionFailure() << k.name << ": the dav lowering lost the profile";
    return ::testing::AssertionSuccess();
  }
};

class Profiles : public EachCandidate {};

uint64_t gProfileRuns = 0, gProfileKernels = 0;

/// Under the candidate: interpreter == JIT == dav-3510 lowering, on every
/// kernel the point affects.
TEST_P(Profiles, EveryPathAgrees) {
  const uint64_t cases = profileCases();
  for (const ProfileKernel &k : *kernels) {
    ProfiledKernel pk;
    ASSERT_TRUE(pk.build(k, profile));
    auto agree = [&](const std::vector<Buffer> &a, const std::vector<Buffer> &b) {
      return profileMismatch(k.name, profile, a, b);
    };
    const std::pair<PathRun, const char *> others[] = {
        {preparedPath(*pk.kernel, RunMode::Jit), "JIT"},
        {preparedPath(*pk.dav, RunMode::Interp), "dav-3510 lowering"}};
    for (const auto &[other, otherName] : others) {
      Gen g = caseGen(std::string(k.name) + point->key); // the same cases for both
      EXPECT_EQ(compareOnCases(
                    k.name, pk.fn, *pk.kernel, other, otherName, cases,
                    [&](uint64_t) { return makeProfileCase(point->key, k.name, g); }, agree),
                "")
          << sem::printProfile(profile);
    }
    gProfileRuns += cases;
    ++gProfileKernels;
  }
}

/// A planted input per point on which the candidate and the documented
/// choice give different bits: the kernel, the count, and the source lanes
/// to set (every other lane keeps `fill`).
struct Planted {
  const char *point;
  ProfileKernel kernel;
  uint64_t count;
  uint64_t fill;
  std::vector<std::pair<unsigned, uint64_t>> lanes;
  uint64_t amount = 0; ///< every lane of a shift kernel's amount register
};

const std::vector<Planted> &plantedInputs() {
  static const std::vector<Planted> planted = {
      // O1: 1.0 + 127 x 2^-11: every node rounds the 2^-11 steps away or not.
      {"sum.rounding", {"reduce_sum_f16_f16"}, 128, 0x1000, {{0, 0x3C00}}},
      // A signalling NaN's payload (propagate: quieted, kept).
      {"add.nan", {"reduce_sum_f32_f32"}, 64, 0x3F800000, {{3, 0x7F800001}}},
      {"maxmin.nan", {"reduce_max_f16_f16"}, 128, 0x3C00, {{5, 0xFE01}}},
      {"maxmin.empty", {"reduce_min_f32_f32"}, 0, 0x3F800000, {}},
      // -0 alone in its pair: -0 + (+0) = +0, or -0 itself.
      {"pair.single_lane", {"pair_reduce_sum_f16"}, 1, 0x3C00, {{0, 0x8000}}},
      // Every lane -1 but a positive subnormal: it is the max, or +0.
      {"compare.subnormals", {"reduce_max_f32_f32"}, 64, 0xBF800000, {{7, 0x00000001}}},
      // Bits 0 and 2 on: lanes 0, 1 (result type) or 0, 2 (source type).
      {"gather.mask", {"gather_i16_i8_u16"}, 2, 0, {}},
      // Only source lane 0 on: odd part reads bits 4k+2 (none) or 4k (k = 0).
      {"cast.widen_mask", {"cast_f32_f16_odd"}, 1, 0x3C00, {}},
      // 65504 + 65504: +inf, or 65504 in the saturating mode.
      {"ctrl.float_mode", {"reduce_sum_f16_f16"}, 2, 0x7BFF, {}},
      // f16 300 * 300 with CTRL[48] = 0: 65504 (ctrl) or +inf (never).
      {"mul.f16_saturation", {"mul_f16_ctrl0000"}, 128, 0x5CB0, {}},
      // abs of -NaN payload 1: 0x7E01 (clear_sign) or 0x7E00 (canonical).
      {"abs.float", {"abs_f16"}, 128, 0xFE01, {}},
      // (2^-70)^2 = 2^-140: the subnormal 0x200 (keep) or +0 (flush).
      {"arith.subnormals", {"mul_f32"}, 64, 0x1C800000, {}},
      // i32 0x80000001 << 32: 0 (as_beyond) or 0x80000001 unchanged (low_bits).
      {"shift.range", {"shift_left_i32"}, 64, 0x80000001, {}, 32},
      // 0x100 >> -4: 0x1000 (reverse) or 0 (out_of_range).
      {"shift.negative", {"shift_right_i32"}, 64, 0x100, {}, 0xFFFFFFFC},
      // i16 0x4001 << 1: 0x8002 (wrap) or 0x0002 (keep_sign).
      {"shift.signed_left", {"shift_left_i16"}, 128, 0x4001, {}, 1},
  };
  return planted;
}

/// The planted input of `p` (repeat 1).
Case plantedCase(const Planted &p) {
  Gen g{std::mt19937_64(1)};
  Case k = makeProfileCase("", p.kernel.name, g); // buffers of a valid shape
  std::vector<std::string> parts = inputFamily(p.kernel.name);
  k.scalars.back() = 1; // repeat
  k.scalars[0] = p.count;
  if (parts[0] == "gather") {
    // base[i] = i + 1, index lane i = i: a lane's result names its index.
    Buffer &base = k.buffers[0];
    for (uint64_t i = 0; i < base.n(); ++i)
      base.set(i, (i + 1) & 0x7F);
    Buffer &ix = k.buffers[1];
    for (uint64_t i = 0; i < ix.n(); ++i)
      ix.set(i, i % base.n());
  } else {
    // Both operands of a sub / mul / and / ... kernel take the planted lanes.
    for (unsigned in = 0; in < (isLaneBinary(parts[0]) ? 2u : 1u); ++in) {
      Buffer &src = k.buffers[in];
      for (uint64_t i = 0; i < src.n(); ++i)
        src.set(i, p.fill);
      for (auto [lane, bits] : p.lanes)
        src.set(lane, bits);
    }
  }
  if (isShift(parts[0])) {
    Buffer &n = k.buffers[1];
    for (uint64_t i = 0; i < n.n(); ++i)
      n.set(i, p.amount);
  }
  const bool twoInputs = parts[0] == "gather" || isLaneBinary(parts[0]) || isShift(parts[0]);
  for (Buffer &b : k.buffers) // outputs start at 0
    if (&b != &k.buffers[0] && !(twoInputs && &b == &k.buffers[1]))
      std::fill(b.bytes.begin(), b.bytes.end(), 0);
  return k;
}

/// Each candidate reaches every path: on the planted input, the three
/// paths under the candidate agree with each other and differ from the
/// interpreter under the documented profile (so a path that ignored the
/// profile would fail EveryPathAgrees).
TEST_P(Profiles, PlantedInputDiffersFromDocumented) {
  auto it = std::find_if(plantedInputs().begin(), plantedInputs().end(),
                         [&](const Planted &p) { return GetParam().point == p.point; });
  ASSERT_NE(it, plantedInputs().end()) << "no planted input for " << GetParam().point;
  ProfiledKernel documented, candidate;
  ASSERT_TRUE(documented.build(it->kernel, sem::documentedProfile()));
  ASSERT_TRUE(candidate.build(it->kernel, profile));
  Case in = plantedCase(*it);
  std::vector<Buffer> ref = in.buffers, a = in.buffers, b = in.buffers, d = in.buffers;
  auto argsRef = argsOf(ref, in.scalars), argsA = argsOf(a, in.scalars),
       argsB = argsOf(b, in.scalars), argsD = argsOf(d, in.scalars);
  ASSERT_TRUE(mlir::succeeded(documented.kernel->run(RunMode::Interp, argsRef)));
  ASSERT_TRUE(mlir::succeeded(candidate.kernel->run(RunMode::Interp, argsA)));
  ASSERT_TRUE(mlir::succeeded(candidate.kernel->run(RunMode::Jit, argsB)));
  ASSERT_TRUE(mlir::succeeded(candidate.dav->run(RunMode::Interp, argsD)));
  const char *names[] = {"interpreter", "JIT", "dav-3510 lowering"};
  std::vector<Buffer> *outs[] = {&a, &b, &d};
  for (unsigned i = 0; i < 3; ++i) {
    EXPECT_FALSE(firstMismatch({"exact"}, ref, *outs[i]).empty())
        << names[i] << " under " << GetParam().point << " gives the documented bits";
    EXPECT_EQ(firstMismatch({"exact"}, a, *outs[i]), "") << names[i] << " vs interpreter";
  }
}

INSTANTIATE_TEST_SUITE_P(Candidates, Profiles, ::testing::ValuesIn(nonDocumentedCandidates()),
                         [](const ::testing::TestParamInfo<CandidateParam> &info) {
                           return candidateTestName(info.param);
                         });

/// Prints the profile runs at the end.
class ProfileSummary : public ::testing::Environment {
public:
  void TearDown() override {
    if (gProfileKernels)
      std::printf("[ascreg] profiles: %llu (candidate, kernel) pairs x cases = %llu runs on 3 "
                  "paths\n",
                  static_cast<unsigned long long>(gProfileKernels),
                  static_cast<unsigned long long>(gProfileRuns));
  }
};
const auto *kProfileSummary = ::testing::AddGlobalTestEnvironment(new ProfileSummary);

} // namespace
