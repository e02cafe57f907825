//===- CastOracleTest.cpp - vcvt / vtrc against an MPFR oracle ------------===//
//
// The oracle below is written from cast-facts.md alone and never calls the
// code under test: it takes the exact value of the source lane into MPFR,
// rounds it to the destination format with MPFR's own rounding (emin +
// mpfr_subnormalize for subnormals; RNDN/RNDD/RNDU/RNDZ; ties-away from the
// RNDZ/RNDA neighbours and their exact midpoint; Odd = RNDZ, then LSB |= 1
// when inexact), and applies the fact sheet's range rules. Integer results
// go through mpfr_rint/round/floor/ceil/trunc and GMP (clamp, or mod 2^N).
//
//  - Exhaustive: every bit pattern of every 8- and 16-bit source type, every
//    legal destination, every legal round mode, saturation off and on:
//    ref::castLane == oracle; and every pattern, placed in whole registers,
//    every part, four CTRL states, two masks: simd::cast == ref::cast on every
//    compiled SIMD target. The same for vtrc on f16/bf16.
//  - f32 sources: boundary classes (ties at every target precision including
//    subnormal targets, overflow thresholds, NaN payloads, integer range edges
//    and +-0.5 around them) and ASCREG_CAST_RANDOM (default 10^6) random
//    inputs; 32/64-bit integer sources: edges and random values.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "../Common/MpfrFloat.h"

#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/SimdTargets.h"

#include <gmp.h>
#include <mpfr.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <thread>

using namespace ascreg::semantics;
using namespace ascreg::semantics::test;

namespace {

/// The documented profile with the CTRL state `ctrl`.
Profile profileWith(const Ctrl &ctrl) {
  Profile p = documentedProfile();
  p.ctrl = ctrl;
  return p;
}

//===----------------------------------------------------------------------===//
// The oracle
//===----------------------------------------------------------------------===//

using namespace ascreg::test::mpfr_float;

Format ofmt(EK k) { return k == EK::F16 ? kF16 : k == EK::BF16 ? kBF16 : kF32; }

struct Mz {
  mpz_t v;
  Mz() { mpz_init2(v, 192); }
  ~Mz() { mpz_clear(v); }
  Mz(const Mz &) = delete;
  Mz &operator=(const Mz &) = delete;
};

/// The source lane: its class and exact value.
struct Src {
  enum Cls { Finite, Inf, NaN } cls = Finite;
  bool neg = false;
  uint64_t nanMant = 0; // NaN: the stored mantissa field
  unsigned mantBits = 0;
  Mp x;
};

void setSource(Src &s, EK k, uint64_t bits) {
  if (isFloat(k)) {
    Format f = ofmt(k);
    uint64_t mant = bits & ((uint64_t(1) << f.mantBits) - 1);
    uint64_t e = (bits >> f.mantBits) & ((uint64_t(1) << f.expBits) - 1);
    s.neg = (bits & f.signBit()) != 0;
    s.mantBits = f.mantBits;
    if (e == (uint64_t(1) << f.expBits) - 1) {
      s.cls = mant ? Src::NaN : Src::Inf;
      s.nanMant = mant;
      return;
    }
    s.cls = Src::Finite;
    setFinite(s.x, bits, f);
    return;
  }
  s.cls = Src::Finite;
  unsigned w = 8 * elemBytes(k);
  if (w < 64)
    bits &= (uint64_t(1) << w) - 1;
  if (isSignedInt(k)) {
    int64_t v = w == 64 ? int64_t(bits) : int64_t(bits << (64 - w)) >> (64 - w);
    mpfr_set_sj(s.x.v, v, MPFR_RNDN);
  } else {
    mpfr_set_uj(s.x.v, bits, MPFR_RNDN);
  }
  s.neg = mpfr_sgn(s.x.v) < 0;
}

/// The IEEE rounding a vcvt round mode names (all but ODD).
Rounding ieeeRounding(RoundMode m) {
  switch (m) {
  case RoundMode::Round:
    return Rounding::NearestAway;
  case RoundMode::Floor:
    return Rounding::Downward;
  case RoundMode::Ceil:
    return Rounding::Upward;
  case RoundMode::Trunc:
  case RoundMode::Odd:
    return Rounding::TowardZero;
  case RoundMode::Rint:
    break;
  }
  return Rounding::NearestEven;
}

/// Result of one rounding to a float format, before the SAT/NO_SAT choice.
struct FloatResult {
  uint64_t noSat, sat;
};

/// facts §2.1 (modes), §2.2 (NaN/inf/overflow), §5 (correctly rounded,
/// subnormals exact); NaN payload [decision]: quiet, top payload bits kept.
FloatResult oracleToFloat(EK dst, const Src &s, RoundMode m) {
  const Format f = ofmt(dst);
  const uint64_t sign = s.neg ? f.signBit() : 0;
  if (s.cls == Src::NaN) {
    uint64_t payload = s.mantBits >= f.mantBits ? s.nanMant >> (s.mantBits - f.mantBits)
                                                : s.nanMant << (f.mantBits - s.mantBits);
    return {sign | f.infBits() | f.quietBit() | payload, 0};
  }
  if (s.cls == Src::Inf)
    return {sign | f.infBits(), sign | f.maxBits()};
  Mp y;
  bool setLsb = false;
  if (m == RoundMode::Odd) // von Neumann: truncate, then the LSB if inexact
    setLsb = roundToFormat(y, s.x.v, f, MPFR_RNDZ) != 0;
  else
    roundIeee(y, s.x.v, f, ieeeRounding(m));
  if (aboveMax(y.v, f)) // overflow: +-inf under every mode (conflict #9)
    return {sign | f.infBits(), sign | f.maxBits()};
  uint64_t bits = encode(f, y.v);
  if (setLsb)
    bits |= 1;
  return {bits, bits};
}

/// y = the source rounded to an integral value under m (exact: Mp's 64
/// bits hold every integral result); the other modes truncate.
void roundIntegral(Mp &y, const Src &s, RoundMode m) {
  switch (m) {
  case RoundMode::Rint:
    mpfr_rint(y.v, s.x.v, MPFR_RNDN);
    break; // ties to even
  case RoundMode::Round:
    mpfr_round(y.v, s.x.v);
    break; // ties away
  case RoundMode::Floor:
    mpfr_floor(y.v, s.x.v);
    break;
  case RoundMode::Ceil:
    mpfr_ceil(y.v, s.x.v);
    break;
  default:
    mpfr_trunc(y.v, s.x.v);
    break;
  }
}

/// The source rounded to an integer under m (exact, any magnitude).
void oracleRoundInteger(mpz_t z, const Src &s, RoundMode m) {
  Mp y;
  roundIntegral(y, s, m);
  mpfr_get_z(z, y.v, MPFR_RNDN);
}

struct IntResult {
  uint64_t noSat, sat;
};

/// facts §2.2: NaN -> 0, +-inf -> max/min (both modes); SAT clamps; NO_SAT
/// keeps the low N bits of the exact integer (two's complement).
IntResult oracleIntFromInteger(EK dst, const Src &s, const mpz_t z) {
  const unsigned n = 8 * elemBytes(dst);
  const uint64_t mask = n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
  // The range [lo, hi] as values and as n-bit patterns.
  const bool isSigned = isSignedInt(dst);
  const int64_t loS = isSigned ? -int64_t(mask >> 1) - 1 : 0;
  const uint64_t hiU = isSigned ? mask >> 1 : mask;
  const uint64_t loBits = uint64_t(loS) & mask, hiBits = hiU;
  if (s.cls == Src::NaN)
    return {0, 0};
  if (s.cls == Src::Inf)
    return s.neg ? IntResult{loBits, loBits} : IntResult{hiBits, hiBits};
  thread_local Mz r;
  mpz_fdiv_r_2exp(r.v, z, n); // z mod 2^n, in [0, 2^n)
  IntResult res;
  res.noSat = mpz_get_ui(r.v);
  if (mpz_cmp_si(z, loS) < 0)
    res.sat = loBits;
  else if (mpz_cmp_ui(z, hiU) > 0)
    res.sat = hiBits;
  else
    res.sat = res.noSat;
  return res;
}

IntResult oracleToInt(EK dst, const Src &s, RoundMode m) {
  thread_local Mz z;
  if (s.cls == Src::Finite)
    oracleRoundInteger(z.v, s, m);
  return oracleIntFromInteger(dst, s, z.v);
}

/// Oracle of one cast lane: (NO_SAT, SAT) results.
std::pair<uint64_t, uint64_t> oracleCast(EK dst, EK src, uint64_t bits, RoundMode m) {
  Src s;
  setSource(s, src, bits);
  if (isFloat(dst)) {
    FloatResult r = oracleToFloat(dst, s, m);
    return {r.noSat, r.sat};
  }
  IntResult r = oracleToInt(dst, s, m);
  return {r.noSat, r.sat};
}

/// vtrc: the integral value in the same format (always representable); NaN
/// made quiet (NO_SAT) or 0 (SAT); inf kept (NO_SAT) or +-MAX (SAT).
std::pair<uint64_t, uint64_t> oracleTruncate(EK t, uint64_t bits, RoundMode m) {
  const Format f = ofmt(t);
  Src s;
  setSource(s, t, bits);
  const uint64_t sign = s.neg ? f.signBit() : 0;
  if (s.cls == Src::NaN)
    return {bits | f.quietBit(), 0};
  if (s.cls == Src::Inf)
    return {bits, sign | f.maxBits()};
  Mp y;
  roundIntegral(y, s, m);
  uint64_t r = encode(f, y.v);
  return {r, r};
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::vector<RoundMode> modesOf(const CastPairInfo &p) {
  std::vector<RoundMode> r;
  if (!p.hasRound)
    return {RoundMode::Rint};
  for (unsigned i = 0; i < kNumRoundModes; ++i)
    if (p.roundModes & (1u << i))
      r.push_back(RoundMode(i));
  return r;
}

const RoundMode kFive[] = {RoundMode::Rint, RoundMode::Round, RoundMode::Floor, RoundMode::Ceil,
                           RoundMode::Trunc};

std::string pairName(const CastPairInfo &p) {
  return std::string(elemName(p.src)) + "->" + elemName(p.dst);
}

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

/// Counts comparisons and keeps the first few disagreements.
struct Tally {
  std::atomic<uint64_t> checks{0}, failures{0};
  std::mutex mu;
  std::vector<std::string> firstFailures;
  void fail(const std::string &what) {
    if (failures++ < 20) {
      std::lock_guard<std::mutex> lock(mu);
      firstFailures.push_back(what);
    }
  }
  void report(const char *name) {
    for (const std::string &f : firstFailures)
      ADD_FAILURE() << f;
    EXPECT_EQ(failures.load(), 0u) << name;
    std::printf("[ %s ] %llu comparisons, %llu disagreements\n", name,
                (unsigned long long)checks.load(), (unsigned long long)failures.load());
  }
};

/// Checks castLane for one source pattern against the oracle, for every
/// legal mode and both saturation settings.
void checkLane(const CastPairInfo &p, uint64_t bits, Tally &t) {
  for (RoundMode m : modesOf(p)) {
    auto [noSat, sat] = oracleCast(p.dst, p.src, bits, m);
    const uint64_t got[2] = {ref::castLane(p, bits, m, false), ref::castLane(p, bits, m, true)};
    const uint64_t want[2] = {noSat, sat};
    for (int s = 0; s < 2; ++s) {
      ++t.checks;
      if (got[s] != want[s])
        t.fail(pairName(p) + " " + roundModeName(m) + (s ? " sat" : " nosat") + " src " +
               hex(bits) + ": ref " + hex(got[s]) + " oracle " + hex(want[s]));
    }
  }
}

void checkTruncateLane(EK k, uint64_t bits, Tally &t) {
  for (RoundMode m : kFive) {
    auto [noSat, sat] = oracleTruncate(k, bits, m);
    const uint64_t got[2] = {ref::truncateLane(k, bits, m, false),
                             ref::truncateLane(k, bits, m, true)};
    const uint64_t want[2] = {noSat, sat};
    for (int s = 0; s < 2; ++s) {
      ++t.checks;
      if (got[s] != want[s])
        t.fail(std::string("vtrc ") + elemName(k) + " " + roundModeName(m) +
               (s ? " sat" : " nosat") + " src " + hex(bits) + ": ref " + hex(got[s]) + " oracle " +
               hex(want[s]));
    }
  }
}

/// Runs body(i) for i in [0, n) on all hardware threads (MPFR is thread-safe
/// when built with TLS, as Debian's is).
template <class F> void parallelFor(uint64_t n, F body) {
  unsigned threads = mpfr_buildopt_tls_p() ? std::max(1u, std::thread::hardware_concurrency()) : 1;
  if (threads == 1 || n < 1024) {
    for (uint64_t i = 0; i < n; ++i)
      body(i);
    return;
  }
  std::atomic<uint64_t> next{0};
  std::vector<std::thread> pool;
  for (unsigned k = 0; k < threads; ++k)
    pool.emplace_back([&] {
      for (uint64_t start; (start = next.fetch_add(4096)) < n;)
        for (uint64_t i = start; i < std::min(n, start + 4096); ++i)
          body(i);
    });
  for (auto &th : pool)
    th.join();
}

std::vector<const CastPairInfo *> pairsFrom(std::initializer_list<EK> srcs) {
  std::vector<const CastPairInfo *> r;
  for (const CastPairInfo &p : allCastPairs())
    for (EK s : srcs)
      if (p.src == s)
        r.push_back(&p);
  return r;
}

//===----------------------------------------------------------------------===//
// Oracle self-checks (hand-computed, so the oracle itself is trusted)
//===----------------------------------------------------------------------===//

TEST(CastOracleSelf, HandValues) {
  using U2 = std::pair<uint64_t, uint64_t>;
  // 65520 = 0x477FF000 is halfway between 65504 and 2^16.
  EXPECT_EQ(oracleCast(EK::F16, EK::F32, 0x477FF000, RoundMode::Rint), U2(0x7C00, 0x7BFF));
  EXPECT_EQ(oracleCast(EK::F16, EK::F32, 0x477FF000, RoundMode::Trunc), U2(0x7BFF, 0x7BFF));
  // 2^-25 (0x33000000) is half the smallest f16 subnormal: RINT -> 0, ROUND -> 1 ulp, ODD -> 1 ulp.
  EXPECT_EQ(oracleCast(EK::F16, EK::F32, 0x33000000, RoundMode::Rint).first, 0x0000u);
  EXPECT_EQ(oracleCast(EK::F16, EK::F32, 0x33000000, RoundMode::Round).first, 0x0001u);
  EXPECT_EQ(oracleCast(EK::F16, EK::F32, 0x33000000, RoundMode::Odd).first, 0x0001u);
  EXPECT_EQ(oracleCast(EK::F16, EK::F32, 0xB3000000, RoundMode::Floor).first, 0x8001u);
  // 2.5 -> s32.
  EXPECT_EQ(oracleCast(EK::I32, EK::F32, 0x40200000, RoundMode::Rint).first, 2u);
  EXPECT_EQ(oracleCast(EK::I32, EK::F32, 0x40200000, RoundMode::Round).first, 3u);
  EXPECT_EQ(oracleCast(EK::I32, EK::F32, 0xC0200000, RoundMode::Floor).first,
            uint64_t(uint32_t(-3)));
  // half 257 -> u8: 1 / 255.
  EXPECT_EQ(oracleCast(EK::U8, EK::F16, 0x5C04, RoundMode::Rint), U2(1, 255));
  // 2^40 -> s32 NO_SAT: low 32 bits 0; SAT: INT32_MAX.
  EXPECT_EQ(oracleCast(EK::I32, EK::F32, 0x53800000, RoundMode::Rint), U2(0, 0x7FFFFFFF));
  // ceil(-0.5) in f32 is -0.
  EXPECT_EQ(oracleTruncate(EK::F32, 0xBF000000, RoundMode::Ceil).first, 0x80000000u);
}

//===----------------------------------------------------------------------===//
// Exhaustive: 8- and 16-bit sources, lane level
//===----------------------------------------------------------------------===//

TEST(CastOracle, ExhaustiveLanes8And16) {
  Tally t;
  for (const CastPairInfo *p : pairsFrom({EK::I8, EK::U8, EK::I16, EK::U16, EK::F16, EK::BF16})) {
    const uint64_t n = uint64_t(1) << (8 * elemBytes(p->src));
    parallelFor(n, [&](uint64_t bits) { checkLane(*p, bits, t); });
  }
  t.report("castLane vs MPFR, all 8/16-bit patterns x legal targets x modes x sat");
}

TEST(CastOracle, ExhaustiveTruncate16) {
  Tally t;
  for (EK k : {EK::F16, EK::BF16})
    parallelFor(65536, [&](uint64_t bits) { checkTruncateLane(k, bits, t); });
  t.report("truncateLane vs MPFR, all f16/bf16 patterns x 5 modes x sat");
}

//===----------------------------------------------------------------------===//
// Registers: simd::cast == ref::cast on every target
//===----------------------------------------------------------------------===//

/// The CTRL states that decide saturation: per instruction with the operand
/// off/on, and global with CTRL[48]/CTRL[59] in both combinations that matter.
std::vector<std::pair<Ctrl, bool>> ctrlStates() {
  Ctrl perInstr;
  perInstr.globalSat = false;
  Ctrl globalDefault; // 48 = 1 (float NO_SAT), 59 = 0 (int SAT)
  Ctrl globalFlipped;
  globalFlipped.floatNonSat = false;
  globalFlipped.intTruncate = true;
  return {{perInstr, false}, {perInstr, true}, {globalDefault, true}, {globalFlipped, false}};
}

std::vector<Mask> testMasks(Gen &g) {
  Mask all;
  for (auto &w : all.w)
    w = ~uint64_t(0);
  Mask rnd;
  for (auto &w : rnd.w)
    w = g.bits64();
  Mask sparse; // about one bit in four
  for (auto &w : sparse.w)
    w = g.bits64() & g.bits64();
  return {all, rnd, sparse};
}

unsigned numParts(const CastPairInfo &p) { return p.parts ? p.parts : 1; }

/// Registers in which part `part` reads every value of `values` once; the
/// lanes the part does not read hold random bits.
std::vector<Reg> packRegisters(const CastPairInfo &p, unsigned part,
                               const std::vector<uint64_t> &values, Gen &g) {
  const unsigned ws = elemBytes(p.src), wd = elemBytes(p.dst);
  const unsigned srcLanes = kVLBytes / ws;
  const unsigned ratio = wd > ws ? wd / ws : 1;
  const unsigned perReg = srcLanes / ratio;
  std::vector<Reg> regs;
  for (size_t base = 0; base < values.size(); base += perReg) {
    Reg r;
    for (auto &b : r.b)
      b = uint8_t(g.bits64());
    for (unsigned k = 0; k < perReg; ++k) {
      uint64_t v = values[(base + k) % values.size()];
      std::memcpy(r.b + (ratio * k + part) * ws, &v, ws);
    }
    regs.push_back(r);
  }
  return regs;
}

::testing::AssertionResult sameBytes(const Reg &a, const Reg &b) {
  for (unsigned i = 0; i < 2 * kVLBytes; ++i)
    if (a.b[i] != b.b[i])
      return ::testing::AssertionFailure()
             << "byte " << i << ": ref " << hex(a.b[i]) << " simd " << hex(b.b[i]);
  return ::testing::AssertionSuccess();
}

/// simd::cast == ref::cast for the given values of p's source type on every
/// compiled target, every part and legal mode, the first `numCtrl` CTRL
/// states; the three mask kinds take turns over the registers. Returns the
/// number of register comparisons.
uint64_t compareRegisters(const CastPairInfo &p, const std::vector<uint64_t> &values, Gen &g,
                          unsigned numCtrl = 4) {
  const std::vector<int64_t> targets = simd::availableTargets();
  const auto states = ctrlStates();
  uint64_t count = 0;
  for (unsigned part = 0; part < numParts(p); ++part) {
    std::vector<Reg> regs = packRegisters(p, part, values, g);
    for (RoundMode mode : modesOf(p))
      for (unsigned c = 0; c < numCtrl; ++c) {
        auto [ctrl, satOp] = states[c];
        if (!p.hasSat)
          satOp = false;
        CastSpec spec{p.dst, p.src, mode, satOp, CastPart(part)};
        for (size_t ri = 0; ri < regs.size(); ++ri) {
          const Reg &in = regs[ri];
          const Mask m = testMasks(g)[(ri + c + unsigned(mode)) % 3];
          Reg want, got;
          std::memset(want.b, 0xA5, sizeof want.b); // bytes [256, 512) must stay untouched
          ref::cast(profileWith(ctrl), spec, in, m, want);
          for (int64_t target : targets) {
            simd::forceTarget(target);
            std::memset(got.b, 0xA5, sizeof got.b);
            simd::cast(profileWith(ctrl), spec, in, m, got);
            ++count;
            auto same = sameBytes(want, got);
            if (!same) {
              ADD_FAILURE() << pairName(p) << " " << roundModeName(mode) << " part " << part
                            << " target " << simd::targetNameOf(target) << " sat "
                            << castSaturates(p, satOp, ctrl) << ": " << same.message();
              simd::forceTarget(0);
              return count;
            }
          }
        }
      }
  }
  simd::forceTarget(0);
  return count;
}

TEST(CastSimd, ExhaustiveRegisters8And16) {
  Gen g(1);
  uint64_t count = 0;
  for (const CastPairInfo *p : pairsFrom({EK::I8, EK::U8, EK::I16, EK::U16, EK::F16, EK::BF16})) {
    std::vector<uint64_t> all(uint64_t(1) << (8 * elemBytes(p->src)));
    for (uint64_t i = 0; i < all.size(); ++i)
      all[i] = i;
    count += compareRegisters(*p, all, g);
  }
  std::string names;
  for (int64_t target : simd::availableTargets())
    names += std::string(" ") + simd::targetNameOf(target);
  std::printf(
      "[ simd::cast vs ref::cast ] %llu register comparisons (all 8/16-bit patterns; targets%s)\n",
      (unsigned long long)count, names.c_str());
}

TEST(CastSimd, ExhaustiveTruncate16) {
  Gen g(2);
  const std::vector<int64_t> targets = simd::availableTargets();
  uint64_t count = 0;
  for (EK k : {EK::F16, EK::BF16, EK::F32}) {
    std::vector<Reg> regs;
    const unsigned lanes = kVLBytes / elemBytes(k);
    const uint64_t n = k == EK::F32 ? 1u << 16 : 65536; // f32: random and edge patterns
    for (uint64_t base = 0; base < n; base += lanes) {
      Reg r;
      for (unsigned i = 0; i < lanes; ++i) {
        uint64_t v = k == EK::F32 ? (g.chance(30)   ? g.edge(k)
                                     : g.chance(50) ? g.moderate(k)
                                                    : g.bits64())
                                  : base + i;
        std::memcpy(r.b + i * elemBytes(k), &v, elemBytes(k));
      }
      regs.push_back(r);
    }
    const auto states = ctrlStates();
    for (RoundMode mode : kFive)
      for (unsigned c = 0; c < states.size(); ++c)
        for (size_t ri = 0; ri < regs.size(); ++ri) {
          const Reg &in = regs[ri];
          const Ctrl &ctrl = states[c].first;
          const Mask m = testMasks(g)[(ri + c + unsigned(mode)) % 3];
          Reg want, got;
          std::memset(want.b, 0x5A, sizeof want.b);
          ref::truncate(profileWith(ctrl), k, mode, in, m, want);
          for (int64_t target : targets) {
            simd::forceTarget(target);
            std::memset(got.b, 0x5A, sizeof got.b);
            simd::truncate(profileWith(ctrl), k, mode, in, m, got);
            ++count;
            ASSERT_TRUE(sameBytes(want, got))
                << "vtrc " << elemName(k) << " " << roundModeName(mode) << " "
                << simd::targetNameOf(target);
          }
        }
  }
  simd::forceTarget(0);
  std::printf("[ simd::truncate vs ref::truncate ] %llu register comparisons\n",
              (unsigned long long)count);
}

//===----------------------------------------------------------------------===//
// f32 sources: boundary classes and random inputs
//===----------------------------------------------------------------------===//

uint32_t f32Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

/// Boundary classes of f32 inputs, written from the formats alone.
std::vector<uint64_t> f32Boundaries() {
  std::vector<uint64_t> v;
  auto addWithNeighbours = [&](uint32_t bits, int radius) {
    for (int d = -radius; d <= radius; ++d)
      for (uint32_t sign : {0u, 0x80000000u}) {
        uint32_t mag = (bits & 0x7FFFFFFF) + uint32_t(d);
        if (mag <= 0x7F800000) // no wrap into NaN through the neighbours
          v.push_back(sign | mag);
      }
  };
  // Zeros, subnormals, normals' edges, MAX, inf.
  for (uint32_t b : {0x00000000u, 0x00000001u, 0x00000002u, 0x007FFFFFu, 0x00800000u, 0x00400000u,
                     0x7F7FFFFFu, 0x7F800000u, 0x3F800000u})
    addWithNeighbours(b, 2);
  // NaNs: quiet/signalling, payload only in the low bits (lost by f16/bf16), top bits, all ones.
  for (uint32_t mant : {0x000001u, 0x001FFFu, 0x002000u, 0x00FFFFu, 0x010000u, 0x200000u, 0x3FFFFFu,
                        0x400000u, 0x400001u, 0x7FFFFFu, 0x155555u, 0x6AAAAAu})
    for (uint32_t sign : {0u, 0x80000000u})
      v.push_back(sign | 0x7F800000u | mant);
  // Every power of two in range.
  for (int e = -149; e <= 127; ++e)
    addWithNeighbours(f32Bits(std::ldexp(1.0f, e)), 2);
  // Ties and near-ties at f16 precision: the midpoint of adjacent finite f16
  // values, exact in f32: every subnormal and the first normals, and for
  // every normal exponent the mantissas 0..15 and 1008..1023 (incl. MAX..2^16).
  for (uint32_t h = 0; h < 0x7C00; ++h) {
    uint32_t mant = h & 0x3FF;
    if (h >= 0x800 && mant >= 16 && mant < 1008)
      continue;
    double lo = h < 0x400 ? std::ldexp(double(h), -24)
                          : std::ldexp(double(mant | 0x400), int(h >> 10) - 25);
    double ulp = h < 0x400 ? std::ldexp(1.0, -24) : std::ldexp(1.0, int(h >> 10) - 25);
    addWithNeighbours(f32Bits(float(lo + ulp / 2)), 1);
    if (h % 64 == 0)
      addWithNeighbours(f32Bits(float(lo + ulp / 4)), 1);
  }
  // Ties at bf16 precision: the f32 whose low 16 bits are 0x8000, for every
  // bf16 exponent (incl. subnormals and MAX..2^128) and 8 mantissas each.
  for (uint32_t e = 0; e < 0xFF; ++e)
    for (uint32_t m : {0u, 1u, 2u, 3u, 0x40u, 0x55u, 0x7Eu, 0x7Fu})
      addWithNeighbours((((e << 7) | m) << 16) | 0x8000, 1);
  // Integer targets: n, n +- 0.5, n +- 0.25 for small n; the range edges of
  // s8/u8/s16/u16/s32/s64 and the f32 neighbours around them.
  for (int n = -300; n <= 300; ++n)
    for (double d : {0.0, 0.5, -0.5, 0.25, 0.75, 1.5, 2.5})
      v.push_back(f32Bits(float(n + d)));
  for (double edge : {128.0, 256.0, 32768.0, 65536.0, 2147483648.0, 4294967296.0,
                      9223372036854775808.0, 18446744073709551616.0, 8388608.0, 16777216.0})
    for (double s : {1.0, -1.0})
      for (double d : {-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5}) {
        float f = float(s * edge + d);
        addWithNeighbours(f32Bits(f), 2);
      }
  return v;
}

/// All f32 conversions of one input against the oracle. The rounding work is
/// shared: one integer per mode serves s32/s16/s64 and vtrc.
void checkF32Input(uint32_t bits, Tally &t) {
  for (const CastPairInfo *p : {findCastPair(EK::F16, EK::F32), findCastPair(EK::BF16, EK::F32)}) {
    checkLane(*p, bits, t);
  }
  Src s;
  setSource(s, EK::F32, bits);
  const CastPairInfo *ints[] = {findCastPair(EK::I32, EK::F32), findCastPair(EK::I16, EK::F32),
                                findCastPair(EK::I64, EK::F32)};
  const Format f = ofmt(EK::F32);
  for (RoundMode m : kFive) {
    thread_local Mz z;
    if (s.cls == Src::Finite)
      oracleRoundInteger(z.v, s, m);
    for (const CastPairInfo *p : ints) {
      IntResult want = oracleIntFromInteger(p->dst, s, z.v);
      const uint64_t got[2] = {ref::castLane(*p, bits, m, false), ref::castLane(*p, bits, m, true)};
      const uint64_t exp[2] = {want.noSat, want.sat};
      for (int k = 0; k < 2; ++k) {
        ++t.checks;
        if (got[k] != exp[k])
          t.fail(pairName(*p) + " " + roundModeName(m) + (k ? " sat" : " nosat") + " src " +
                 hex(bits) + ": ref " + hex(got[k]) + " oracle " + hex(exp[k]));
      }
    }
    // vtrc f32: the same integer, as f32 (NaN quiet; inf kept; never SAT).
    uint64_t want;
    if (s.cls == Src::NaN)
      want = bits | f.quietBit();
    else if (s.cls == Src::Inf)
      want = bits;
    else {
      Mp y;
      mpfr_set_z(y.v, z.v, MPFR_RNDN);
      if (mpfr_zero_p(y.v) && s.neg)
        mpfr_neg(y.v, y.v, MPFR_RNDN); // an integral zero keeps the source's sign
      want = encode(f, y.v);
    }
    ++t.checks;
    uint64_t got = ref::truncateLane(EK::F32, bits, m, false);
    if (got != want)
      t.fail(std::string("vtrc f32 ") + roundModeName(m) + " src " + hex(bits) + ": ref " +
             hex(got) + " oracle " + hex(want));
  }
}

/// Random f32 bits: half uniform, half with the exponent in the interesting
/// range of the targets (f16/bf16 subnormals up to beyond 2^64).
uint32_t randomF32(std::mt19937_64 &rng) {
  uint64_t r = rng();
  if (r & 1)
    return uint32_t(r >> 32);
  uint32_t e = 90 + uint32_t((r >> 8) % 110); // 2^-37 .. 2^72
  return (uint32_t(r >> 63) << 31) | (e << 23) | (uint32_t(r >> 32) & 0x7FFFFF);
}

uint64_t randomCount() {
  if (const char *s = std::getenv("ASCREG_CAST_RANDOM"))
    return std::strtoull(s, nullptr, 10);
  return 1000000;
}

/// The index of the first random input (ASCREG_CAST_RANDOM_FIRST, a multiple
/// of 4096, default 0): input i depends on i alone, so a long run can be split
/// into parts (scripts/cast-long-run.sh) that check exactly the inputs of one
/// run.
uint64_t randomFirst() {
  if (const char *s = std::getenv("ASCREG_CAST_RANDOM_FIRST"))
    return std::strtoull(s, nullptr, 10) / 4096 * 4096;
  return 0;
}

TEST(CastOracle, F32Boundaries) {
  Tally t;
  std::vector<uint64_t> v = f32Boundaries();
  parallelFor(v.size(), [&](uint64_t i) { checkF32Input(uint32_t(v[i]), t); });
  std::printf("[ f32 boundary inputs ] %zu\n", v.size());
  t.report("castLane/truncateLane vs MPFR, f32 boundary classes");
}

TEST(CastOracle, F32Random) {
  const uint64_t n = randomCount(), first = randomFirst();
  Tally t;
  auto start = std::chrono::steady_clock::now();
  parallelFor((n + 4095) / 4096, [&](uint64_t chunk) {
    std::mt19937_64 rng(0x5EED0000 + first / 4096 + chunk);
    for (uint64_t i = chunk * 4096; i < std::min(n, (chunk + 1) * 4096); ++i)
      checkF32Input(randomF32(rng), t);
  });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ f32 random inputs ] %llu (inputs %llu..%llu) in %.1f s (ASCREG_CAST_RANDOM=N "
              "to change)\n",
              (unsigned long long)n, (unsigned long long)first, (unsigned long long)(first + n - 1),
              secs);
  t.report("castLane/truncateLane vs MPFR, random f32");
}

TEST(CastSimd, F32Registers) {
  Gen g(3);
  std::vector<uint64_t> values = f32Boundaries();
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50000; ++i)
    values.push_back(randomF32(rng));
  uint64_t count = 0;
  for (const CastPairInfo *p : pairsFrom({EK::F32}))
    count += compareRegisters(*p, values, g, /*numCtrl=*/2); // per instruction: NO_SAT and SAT
  std::printf("[ simd::cast vs ref::cast, f32 sources ] %llu register comparisons\n",
              (unsigned long long)count);
}

//===----------------------------------------------------------------------===//
// 32- and 64-bit integer sources
//===----------------------------------------------------------------------===//

std::vector<uint64_t> intInputs(EK k, uint64_t randomN) {
  const unsigned w = 8 * elemBytes(k);
  const uint64_t mask = w == 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
  std::vector<uint64_t> v;
  // Every power of two and its neighbours, both signs; the narrow types' edges.
  for (unsigned e = 0; e < w; ++e)
    for (int64_t d = -3; d <= 3; ++d) {
      uint64_t x = (uint64_t(1) << e) + uint64_t(d); // unsigned: wraps, no UB
      v.push_back(x & mask);
      v.push_back((0 - x) & mask);
    }
  // Ties for f32: 2^24 + odd multiples of halves of the f32 ulp, up the range.
  for (unsigned e = 24; e < w; ++e)
    for (uint64_t m : {1ull, 3ull, 5ull, 0xFFFFFFull})
      for (int64_t d = -1; d <= 1; ++d) {
        uint64_t half = uint64_t(1) << (e - 24);
        uint64_t x = (uint64_t(1) << e) + m * half + uint64_t(d);
        v.push_back(x & mask);
        v.push_back((0 - x) & mask);
      }
  std::mt19937_64 rng(w);
  for (uint64_t i = 0; i < randomN; ++i) {
    uint64_t r = rng();
    unsigned len = 1 + unsigned(rng() % w); // random magnitudes of every length
    v.push_back((len == 64 ? r : r & ((uint64_t(1) << len) - 1)) & mask);
    v.push_back((0 - v.back()) & mask);
  }
  return v;
}

TEST(CastOracle, Int32And64Sources) {
  Tally t;
  for (EK src : {EK::I32, EK::U32, EK::I64}) {
    std::vector<uint64_t> v = intInputs(src, randomCount() / 20);
    for (const CastPairInfo *p : pairsFrom({src}))
      parallelFor(v.size(), [&](uint64_t i) { checkLane(*p, v[i], t); });
  }
  t.report("castLane vs MPFR, i32/u32/i64 sources (edges + random)");
}

TEST(CastSimd, Int32And64Registers) {
  Gen g(4);
  uint64_t count = 0;
  for (EK src : {EK::I32, EK::U32, EK::I64}) {
    std::vector<uint64_t> v = intInputs(src, 5000);
    for (const CastPairInfo *p : pairsFrom({src}))
      count += compareRegisters(*p, v, g);
  }
  std::printf("[ simd::cast vs ref::cast, 32/64-bit int sources ] %llu register comparisons\n",
              (unsigned long long)count);
}

//===----------------------------------------------------------------------===//
// Chains
//===----------------------------------------------------------------------===//

TEST(CastOracle, ChainsRoundOnce) {
  // Every suggested chain from an 8/16-bit source, run with one round mode
  // (and SAT, or NO_SAT) at every step, equals the oracle's direct correctly
  // rounded conversion for every source value whose result lies in dst's
  // range (so it does not depend on saturation), under every mode. This
  // includes every value representable in both ends.
  const EK core[] = {EK::I8,  EK::U8,  EK::I16, EK::U16, EK::F16, EK::BF16,
                     EK::I32, EK::U32, EK::F32, EK::I64, EK::U64};
  Tally t;
  for (EK src : {EK::I8, EK::U8, EK::I16, EK::U16, EK::F16, EK::BF16})
    for (EK dst : core) {
      std::vector<EK> chain = suggestCastChain(dst, src);
      if (dst == src || isLegalCast(dst, src) || chain.empty())
        continue;
      parallelFor(uint64_t(1) << (8 * elemBytes(src)), [&](uint64_t bits) {
        Src s;
        setSource(s, src, bits);
        if (s.cls != Src::Finite)
          return;
        for (RoundMode m : kFive) {
          uint64_t want;
          if (isFloat(dst)) {
            FloatResult r = oracleToFloat(dst, s, m);
            if (r.noSat != r.sat)
              continue; // overflow: steps may saturate differently
            want = r.sat;
          } else { // the rounded integer must lie in dst's range
            thread_local Mz z;
            oracleRoundInteger(z.v, s, m);
            const unsigned n = 8 * elemBytes(dst);
            const bool inRange =
                isSignedInt(dst)
                    ? mpz_sizeinbase(z.v, 2) < n ||
                          mpz_cmp_si(z.v, n == 64 ? INT64_MIN : -(int64_t(1) << (n - 1))) == 0
                    : mpz_sgn(z.v) >= 0 && mpz_sizeinbase(z.v, 2) <= n;
            if (!inRange)
              continue;
            want = oracleIntFromInteger(dst, s, z.v).sat;
          }
          for (bool satSteps : {false, true}) {
            uint64_t v = bits;
            for (size_t i = 0; i + 1 < chain.size(); ++i)
              v = ref::castLane(*findCastPair(chain[i + 1], chain[i]), v, m, satSteps);
            ++t.checks;
            if (v != want)
              t.fail(describeCastChain(chain) + " " + roundModeName(m) +
                     (satSteps ? " sat" : " nosat") + " src " + hex(bits) + ": chain " + hex(v) +
                     " oracle " + hex(want));
          }
        }
      });
    }
  t.report(
      "suggested chains from 8/16-bit sources vs the direct correctly rounded result (in range)");
}

} // namespace
