//===- ProfileCases.h - conformance runs per semantic profile ---*- C++ -*-===//
//
// Shared by the tests that run kernels under every non-documented candidate
// of every open point (Differential: interpreter vs JIT vs dav-3510
// lowering; Emission: emitted Ascend C vs interpreter): which kernels each
// point affects, inputs focused on what the candidate changes, test-local
// kernels for the ops no conformance kernel has (elementwise add / max / min
// / compare, an 8-bit gather whose mask has odd bits set), and the planted
// inputs on which a candidate and the documented choice must give different
// bits.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_COMMON_PROFILECASES_H
#define ASCREG_UNITTESTS_COMMON_PROFILECASES_H

#include "ConformanceCases.h"

#include "ascreg/Semantics/Profile.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace conformance {

/// A kernel a candidate runs on: a conformance kernel (examples/conformance)
/// or a test-local one (localKernelSource), optionally without its own CTRL
/// state (`ascreg.ctrl` removed, so that the profile's applies).
struct ProfileKernel {
  const char *name;
  bool dropCtrl = false;
};

/// One open point and the kernels whose bits it changes.
struct PointKernels {
  const char *key;
  std::vector<ProfileKernel> kernels;
};

/// The kernels per point, chosen by op and type (Profile.h says which ops
/// each point affects).
inline const std::vector<PointKernels> &pointKernels() {
  static const std::vector<PointKernels> table = {
      {"sum.rounding",
       {{"reduce_sum_f16_f16"}, {"reduce_sum_f16_f16_ctrl0000"}, {"reduce_sum_f32_f32"}}},
      {"add.nan",
       {{"reduce_sum_f16_f16"},
        {"reduce_sum_f32_f32"},
        {"pair_reduce_sum_f16"},
        {"pair_reduce_sum_f32"},
        {"local_binary_f16"},
        {"local_binary_f32"},
        {"sub_f16"},
        {"mul_f32"},
        {"sub_bf16"},
        {"mul_bf16"},
        {"adds_f16"},
        {"adds_f32"}}},
      {"maxmin.nan",
       {{"reduce_max_f16_f16"},
        {"reduce_min_f32_f32"},
        {"reduce_max_f32_f32"},
        {"reduce_min_f16_f16"},
        {"local_binary_f16"},
        {"local_binary_f32"},
        {"maxs_f16"},
        {"mins_f32"}}},
      {"maxmin.empty",
       {{"reduce_max_f16_f16"},
        {"reduce_min_f16_f16"},
        {"reduce_max_f32_f32"},
        {"reduce_min_f32_f32"}}},
      {"pair.single_lane",
       {{"pair_reduce_sum_f16"}, {"pair_reduce_sum_f16_ctrl0000"}, {"pair_reduce_sum_f32"}}},
      {"compare.subnormals",
       {{"reduce_max_f16_f16"},
        {"reduce_min_f16_f16"},
        {"reduce_max_f32_f32"},
        {"reduce_min_f32_f32"},
        {"local_binary_f16"},
        {"local_binary_f32"},
        {"maxs_f32"},
        {"compares_f16"},
        {"compares_f32"}}},
      {"gather.mask", {{"gather_i16_i8_u16"}, {"gather_u16_u8_u16"}, {"local_gather8_i16_i8_u16"}}},
      {"cast.widen_mask",
       {{"cast_f32_f16_odd"},
        {"cast_i32_i16_odd"},
        {"cast_f16_u8_odd"},
        {"cast_u32_u8_p1"},
        {"cast_i32_i8_p3"},
        {"cast_f32_bf16_even"}}},
      {"mul.f16_saturation",
       {{"mul_f16_ctrl0000"}, {"mul_f16", /*dropCtrl=*/false}, {"muls_f16_ctrl0000"}}},
      {"abs.float", {{"abs_f16"}, {"abs_f32"}}},
      {"arith.subnormals",
       {{"sub_f16"},
        {"sub_f32"},
        {"sub_bf16"},
        {"mul_f16"},
        {"mul_f32"},
        {"mul_bf16"},
        {"muls_f32"}}},
      {"shift.range",
       {{"shift_left_i32"},
        {"shift_left_i8"},
        {"shift_lefts_i16"},
        {"shift_right_u16"},
        {"shift_left_u64"},
        {"shift_rights_i64x2"}}},
      {"shift.negative",
       {{"shift_right_i32"},
        {"shift_left_u8"},
        {"shift_rights_i16"},
        {"shift_lefts_u32"},
        {"shift_right_i64"},
        {"shift_lefts_u64x2"}}},
      {"shift.signed_left",
       {{"shift_left_i16"},
        {"shift_lefts_i8"},
        {"shift_left_i32"},
        {"shift_right_i64x2"},
        {"shift_lefts_i64"}}},
      {"ctrl.float_mode",
       {{"reduce_sum_f16_f16"},
        {"pair_reduce_sum_f16"},
        {"local_binary_f16"},
        {"sub_f16"},
        {"mul_f16"},
        {"adds_f16"},
        {"muls_f16"},
        {"cast_f16_f32_even", /*dropCtrl=*/true},
        {"truncate_f16", /*dropCtrl=*/true}}},
  };
  return table;
}

/// Cases per (candidate, kernel): ASCREG_PROFILE_CASES, default 200.
/// One candidate (other than the documented one) of one open point: the
/// parameter of the per-candidate test suites.
struct CandidateParam {
  std::string point;
  unsigned candidate;
};

/// Every non-documented candidate of every point but `exceptPoint`.
inline std::vector<CandidateParam> nonDocumentedCandidates(const char *exceptPoint = "") {
  std::vector<CandidateParam> out;
  unsigned n = 0;
  const ascreg::semantics::ProfilePoint *points = ascreg::semantics::profilePoints(n);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned c = 1; c < points[i].numCandidates; ++c)
      if (std::string(points[i].key) != exceptPoint)
        out.push_back({points[i].key, c});
  return out;
}

/// The gtest name of a candidate: "sum_rounding_1".
inline std::string candidateTestName(const CandidateParam &p) {
  std::string n = p.point + "_" + std::to_string(p.candidate);
  for (char &c : n)
    if (c == '.')
      c = '_';
  return n;
}

inline uint64_t profileCases() { return envOr("ASCREG_PROFILE_CASES", 200); }

/// The profile that picks candidate `c` of `point` and documents the rest.
inline ascreg::semantics::Profile candidateProfile(const ascreg::semantics::ProfilePoint &point,
                                                   unsigned c) {
  ascreg::semantics::Profile p = ascreg::semantics::documentedProfile();
  point.set(p, c);
  return p;
}

/// A test run once per CandidateParam: `point`, the candidate's `profile`
/// (the rest documented) and the `kernels` the point affects.
class EachCandidate : public ::testing::TestWithParam<CandidateParam> {
protected:
  void SetUp() override {
    point = ascreg::semantics::findProfilePoint(GetParam().point.c_str());
    ASSERT_NE(point, nullptr) << GetParam().point;
    profile = candidateProfile(*point, GetParam().candidate);
    for (const PointKernels &p : pointKernels())
      if (GetParam().point == p.key)
        kernels = &p.kernels;
    ASSERT_NE(kernels, nullptr) << "no kernels for " << GetParam().point;
  }
  const ascreg::semantics::ProfilePoint *point = nullptr;
  ascreg::semantics::Profile profile;
  const std::vector<ProfileKernel> *kernels = nullptr;
};

//===----------------------------------------------------------------------===//
// Test-local kernels
//===----------------------------------------------------------------------===//

/// Elementwise ops on f16 / f32 with the inputs of reduce_max_T_T: lane i of
/// register r and lane i+1 (mod VL) of the same register, under the count's
/// mask; four result registers per source register (max, min, add, and 1.0
/// where a < b else 0). Input family: reduce_max_T_T with a 4x dst.
inline std::string localBinarySource(const std::string &t) {
  const bool f16 = t == "f16";
  const std::string vl = f16 ? "128" : "64", idx = f16 ? "u16" : "u32", is = f16 ? "i16" : "i32";
  const std::string v = "!ascreg.vreg<" + vl + "x" + t + ">";
  const std::string iv = "!ascreg.vreg<" + vl + "x" + idx + ">";
  return "module attributes {ascreg.target = \"dav-3510\"} {\n"
         "  func.func @kernel(%src: memref<?x" +
         t + ">, %dst: memref<?x" + t +
         ">, %count: i32, %repeat: index) {\n"
         "    %c0 = arith.constant 0 : index\n"
         "    %c1 = arith.constant 1 : index\n"
         "    %c4 = arith.constant 4 : index\n"
         "    %vl = arith.constant " +
         vl +
         " : index\n"
         "    %one_i = arith.constant 1 : " +
         is +
         "\n"
         "    %one = arith.constant 1.0 : " +
         t +
         "\n"
         "    %zero = arith.constant 0.0 : " +
         t +
         "\n"
         "    %all = ascreg.create_mask <ALL> for " +
         v +
         "\n"
         "    %rot = ascreg.arange %one_i : " +
         is + " -> " + iv +
         "\n"
         "    %ones = ascreg.duplicate %one : " +
         t + " -> " + v +
         "\n"
         "    %zeros = ascreg.duplicate %zero : " +
         t + " -> " + v +
         "\n"
         "    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %count) -> (i32) {\n"
         "      %soff = arith.muli %r, %vl : index\n"
         "      %a = ascreg.load_align %src[%soff] : memref<?x" +
         t + "> -> " + v +
         "\n"
         "      %b = ascreg.gather_reg %a[%rot] : " +
         v + ", " + iv +
         "\n"
         "      %m, %rest = ascreg.update_mask %n for " +
         v +
         "\n"
         "      %mx = ascreg.max %a, %b, %m : " +
         v +
         "\n"
         "      %mn = ascreg.min %a, %b, %m : " +
         v +
         "\n"
         "      %ad = ascreg.add %a, %b, %m : " +
         v +
         "\n"
         "      %lt = ascreg.compare <lt> %a, %b, %m : " +
         v +
         "\n"
         "      %lv = ascreg.select %lt, %ones, %zeros : " +
         v +
         "\n"
         "      %q = arith.muli %soff, %c4 : index\n"
         "      %q1 = arith.addi %q, %vl : index\n"
         "      %q2 = arith.addi %q1, %vl : index\n"
         "      %q3 = arith.addi %q2, %vl : index\n"
         "      ascreg.store_align %mx, %dst[%q], %all : " +
         v + ", memref<?x" + t +
         ">\n"
         "      ascreg.store_align %mn, %dst[%q1], %all : " +
         v + ", memref<?x" + t +
         ">\n"
         "      ascreg.store_align %ad, %dst[%q2], %all : " +
         v + ", memref<?x" + t +
         ">\n"
         "      ascreg.store_align %lv, %dst[%q3], %all : " +
         v + ", memref<?x" + t +
         ">\n"
         "      scf.yield %rest : i32\n"
         "    }\n"
         "    return\n"
         "  }\n"
         "}\n";
}

/// gather_i16_i8_u16 whose mask is made for the 8-bit type (every bit of a
/// prefix set, odd ones included), so that gather.mask = source reads bits
/// the result-type mask of the conformance kernel never sets.
inline std::string localGather8Source() {
  return "module attributes {ascreg.target = \"dav-3510\"} {\n"
         "  func.func @kernel(%base: memref<?xi8>, %index: memref<?xi16>, %dst: memref<?xi16>, "
         "%count: i32, %repeat: index) {\n"
         "    %c0 = arith.constant 0 : index\n"
         "    %c1 = arith.constant 1 : index\n"
         "    %vl = arith.constant 128 : index\n"
         "    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xi16>\n"
         "    %left = scf.for %r = %c0 to %repeat step %c1 iter_args(%n = %count) -> (i32) {\n"
         "      %off = arith.muli %r, %vl : index\n"
         "      %idx = ascreg.load_align %index[%off] : memref<?xi16> -> !ascreg.vreg<128xu16>\n"
         "      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<256xu8>\n"
         "      %res = ascreg.gather %base[%idx], %mask : memref<?xi8>, !ascreg.vreg<128xu16> -> "
         "!ascreg.vreg<128xi16>\n"
         "      ascreg.store_align %res, %dst[%off], %all : !ascreg.vreg<128xi16>, memref<?xi16>\n"
         "      scf.yield %rest : i32\n"
         "    }\n"
         "    return\n"
         "  }\n"
         "}\n";
}

/// The MLIR of a test-local kernel, or "" for a conformance kernel.
inline std::string localKernelSource(const std::string &name) {
  if (name == "local_binary_f16")
    return localBinarySource("f16");
  if (name == "local_binary_f32")
    return localBinarySource("f32");
  if (name == "local_gather8_i16_i8_u16")
    return localGather8Source();
  return "";
}

/// The conformance kernel whose inputs (makeCase) a kernel takes, split.
inline std::vector<std::string> inputFamily(const std::string &name) {
  if (name == "local_binary_f16")
    return split("reduce_max_f16_f16");
  if (name == "local_binary_f32")
    return split("reduce_max_f32_f32");
  if (name == "local_gather8_i16_i8_u16")
    return split("gather_i16_i8_u16");
  return split(name);
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Lane `i` of buffer `b` (raw bits).
inline uint64_t laneOf(const Buffer &b, uint64_t i) {
  uint64_t v = 0;
  std::memcpy(&v, b.bytes.data() + i * b.elemBytes, b.elemBytes);
  return v;
}

/// The inputs of a sub / mul / abs kernel focused on `point`: subnormals and
/// tiny normals (subnormal products) for arith.subnormals, large values (f16
/// products past 65504) for mul.f16_saturation, NaNs for abs.float; half of
/// the lanes keep makeCase's value.
inline void focusLaneInputs(const std::string &point, const std::vector<std::string> &parts,
                            Case &k, Gen &g) {
  const Tok t = tok(parts[1]);
  const bool f16 = t.elem == "f16", bf16 = t.elem == "bf16";
  const unsigned mantBits = f16 ? 10 : bf16 ? 7 : 23;
  const uint64_t sign = uint64_t(1) << (8 * t.bytes() - 1), mant = (uint64_t(1) << mantBits) - 1;
  const unsigned inputs = isLaneBinary(parts[0]) ? 2 : 1;
  for (unsigned b = 0; b < inputs; ++b)
    for (uint64_t i = 0; i < k.buffers[b].n(); ++i) {
      if (g.pick(2))
        continue;
      const uint64_t s = g.pick(2) ? sign : 0, m = g.bits(t.bytes()) & mant;
      if (point == "arith.subnormals") // a subnormal, or 2^-10 .. 2^-6 (f16) / ~2^-70
        k.buffers[b].set(
            i, s | (g.pick(2) ? m | 1
                              : uint64_t(f16 ? 5 + g.pick(4) : 55 + g.pick(10)) << mantBits | m));
      else if (point == "mul.f16_saturation" && f16) // 256 .. 65504: products overflow
        k.buffers[b].set(i, s | uint64_t(23 + g.pick(8)) << 10 | m);
      else if (point == "abs.float") // NaNs of either sign, payloads
        k.buffers[b].set(i, s | ((sign - 1) & ~mant) | m | 1);
    }
}

/// A random input of kernel `name`, focused on what `point`'s candidates
/// change: moderate values of many exponents for sum rounding, subnormals
/// next to zeros and negatives for compare.subnormals, empty masks for
/// maxmin.empty, odd counts with -0 / NaN / inf in the single active lane
/// for pair.single_lane, valid indices in every lane for gather.mask (a
/// lane the documented mask leaves off may be on), partial masks for the
/// mask points. The edge classes of makeCase stay in the rest.
inline Case makeProfileCase(const std::string &point, const std::string &name, Gen &g) {
  std::vector<std::string> parts = inputFamily(name);
  Case k = makeCase(parts, g);
  if (name.rfind("local_binary", 0) == 0) { // four result registers per source register
    Buffer &d = k.buffers[1];
    d.bytes.resize(d.bytes.size() * 4);
    for (uint64_t i = 0; i < d.n(); ++i)
      d.set(i, g.bits(d.elemBytes));
  }
  const bool isGather = parts[0] == "gather";
  const bool isCast = parts[0] == "cast" || parts[0] == "truncate";
  Buffer &src = k.buffers[0];
  const uint64_t total = isGather ? 0 : src.n();
  const bool f16 = src.elemBytes == 2;
  uint64_t &count = k.scalars[0];
  const bool focus = g.pick(4) != 0; // a quarter stays plain makeCase
  if (!focus && point != "gather.mask")
    return k;
  if (point == "sum.rounding") {
    // sign, exponent in a range of 8 binades, random significand.
    for (uint64_t i = 0; i < src.n(); ++i)
      src.set(i, f16 ? (g.bits(2) & 0x83FF) | uint64_t(9 + g.pick(8)) << 10
                     : (g.bits(4) & 0x807FFFFFu) | uint64_t(118 + g.pick(8)) << 23);
    if (g.pick(2))
      count = total;
  } else if (point == "compare.subnormals") {
    for (uint64_t i = 0; i < src.n(); ++i) {
      uint64_t sign = g.pick(2) ? (f16 ? 0x8000 : 0x80000000u) : 0;
      switch (g.pick(4)) {
      case 0: // a subnormal
        src.set(i, sign | (g.bits(src.elemBytes) & (f16 ? 0x3FF : 0x7FFFFF)) | 1);
        break;
      case 1: // +-0
        src.set(i, sign);
        break;
      case 2: // a negative normal
        src.set(i, f16 ? 0xBC00 : 0xBF800000u);
        break;
      default:
        break; // makeCase's value
      }
    }
  } else if (point == "maxmin.empty") {
    if (g.pick(2))
      count = 0;
  } else if (point == "pair.single_lane") {
    count = 2 * g.pick(unsigned(total / 2)) + 1; // the last active pair has one lane
    const uint64_t single[] = {f16 ? 0x8000u : 0x80000000u, f16 ? 0x7C01u : 0x7F800001u,
                               f16 ? 0x7C00u : 0x7F800000u, f16 ? 0xFC00u : 0xFF800000u};
    src.set(count - 1, single[g.pick(4)]);
  } else if (point == "gather.mask") {
    const uint64_t baseN = k.buffers[0].n();
    Buffer &ix = k.buffers[1];
    for (uint64_t i = 0; i < ix.n(); ++i)
      ix.set(i, laneOf(ix, i) % baseN);
  } else if (point == "cast.widen_mask" && isCast) {
    count = g.pick(unsigned(total + 1));
  } else if (isLaneBinary(parts[0]) || isLaneUnary(parts[0])) {
    focusLaneInputs(point, parts, k, g);
  }
  return k;
}

/// "" if `a` and `b` (outputs of kernel `name` under `p`) agree bit for bit,
/// except NaN payloads of additions while add.nan = propagate leaves them to
/// the operands (the contract compares those by NaN-ness): reduce sum, pair
/// sum, and the add register of local_binary_T; else where they differ.
inline std::string profileMismatch(const std::string &name, const ascreg::semantics::Profile &p,
                                   const std::vector<Buffer> &a, std::vector<Buffer> b) {
  if (p.addNaN == ascreg::semantics::AddNaN::Canonical)
    return firstMismatch({"exact"}, a, b);
  if (name.rfind("local_binary_", 0) != 0)
    return firstMismatch(inputFamily(name), a, b);
  // Parameter 1: (max, min, add, a < b) registers per source register.
  const unsigned eb = a[1].elemBytes, lanes = 256 / eb;
  auto isNaN = [&](uint64_t v) {
    return eb == 2 ? (v & 0x7FFF) > 0x7C00 : (v & 0x7FFFFFFFu) > 0x7F800000u;
  };
  for (uint64_t e = 0; e < a[1].n(); ++e)
    if (e / lanes % 4 == 2 && isNaN(laneOf(a[1], e)) && isNaN(laneOf(b[1], e)))
      b[1].set(e, laneOf(a[1], e));
  return firstMismatch({"exact"}, a, b);
}

} // namespace conformance

#endif
