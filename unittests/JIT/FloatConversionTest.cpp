//===- FloatConversionTest.cpp - arith.truncf / arith.extf vs MPFR --------===//
//
// The scalar float conversions of arith, as IEEE 754 defines them, on the
// interpreter and on the JIT (at -O0 and -O2): arith.truncf f32 -> f16 /
// bf16 and f64 -> f32 / f16 / bf16 under each of the five rounding modes,
// and arith.extf f16 / bf16 -> f32 / f64 and f32 -> f64.
//
// The oracle is written here from IEEE 754 with MPFR and calls no ascreg
// code: the exact source value, rounded once to the destination's precision
// and exponent range (mpfr_subnormalize); ties away from zero from the two
// neighbours and their exact midpoint; overflow to inf or MAX as the mode
// rounds; a NaN comes out quiet with its sign and top payload bits (what
// x86 conversions and APFloat do).
//
// Inputs: every 16-bit pattern for the widenings from f16 / bf16; for the
// others the boundary classes at every exponent of the destination (exact,
// tie, tie +-1 source ulp, all dropped bits set), the overflow thresholds,
// the source's subnormals, zeros, infinities, NaNs (signalling NaNs whose
// kept payload is zero, and f32 signalling NaNs with 16 zero low bits, which
// LLVM's bf16 handling kept signalling), and random patterns.
//
//===----------------------------------------------------------------------===//
#include "../Common/MpfrFloat.h"

#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using ascreg::interp::Arg;

using namespace ascreg::test::mpfr_float;
using Mode = Rounding;

constexpr Mode kModes[] = {Mode::NearestEven, Mode::NearestAway, Mode::Downward, Mode::Upward,
                           Mode::TowardZero};
const char *arithName(Mode m) {
  switch (m) {
  case Mode::NearestEven:
    return "to_nearest_even";
  case Mode::NearestAway:
    return "to_nearest_away";
  case Mode::Downward:
    return "downward";
  case Mode::Upward:
    return "upward";
  case Mode::TowardZero:
    return "toward_zero";
  }
  return "";
}

/// IEEE 754 conversion of the bits `bits` of format s to format d.
uint64_t oracle(uint64_t bits, const Format &s, const Format &d, Mode mode) {
  const bool neg = bits & s.signBit();
  const uint64_t sign = neg ? d.signBit() : 0;
  const uint64_t e = (bits >> s.mantBits) & ((uint64_t(1) << s.expBits) - 1);
  const uint64_t mant = bits & s.mantMask();
  if (e == (uint64_t(1) << s.expBits) - 1) {
    if (mant == 0)
      return sign | d.infBits();
    uint64_t payload = d.mantBits >= s.mantBits ? mant << (d.mantBits - s.mantBits)
                                                : mant >> (s.mantBits - d.mantBits);
    return sign | d.infBits() | d.quietBit() | payload;
  }
  Mp x, y;
  setFinite(x, bits, s);
  roundIeee(y, x.v, d, mode);
  if (mpfr_zero_p(y.v))
    return sign; // the sign of the source, also when a nonzero value rounds to 0
  if (aboveMax(y.v, d)) {
    bool toInf = mode == Mode::NearestEven || mode == Mode::NearestAway ||
                 (mode == Mode::Upward && !neg) || (mode == Mode::Downward && neg);
    return sign | (toInf ? d.infBits() : d.maxBits());
  }
  return encode(d, y.v);
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Source patterns of s that probe every rounding decision of s -> d.
std::vector<uint64_t> narrowingInputs(const Format &s, const Format &d, unsigned randomCount) {
  std::mt19937_64 rng(0xA5C0 + s.width() * 7 + d.p);
  std::vector<uint64_t> out;
  const uint64_t sInf = s.infBits(), sSign = s.signBit();
  auto both = [&](uint64_t b) {
    out.push_back(b);
    out.push_back(b | sSign);
  };
  // Zeros, infinities, NaNs of every kind.
  both(0);
  both(sInf);
  both(sInf | s.quietBit());
  both(sInf | 1);                                          // sNaN, kept payload zero
  both(sInf | s.quietBit() | 1);                           // qNaN, kept payload zero
  both(sInf | (uint64_t(1) << (s.mantBits - d.mantBits))); // sNaN, kept payload 1
  both(sInf | (uint64_t(1) << (s.mantBits - 2)));          // sNaN, top payload bit
  both(sInf | s.mantMask());                               // all payload bits
  if (s.mantBits >= 16)
    both(sInf | (uint64_t(0x01) << 16)); // an f32 sNaN with 16 zero low bits (0x7F810000)
  // The source's subnormals and smallest normals.
  for (uint64_t m : {uint64_t(1), uint64_t(2), uint64_t(3), s.mantMask(), s.mantMask() >> 1,
                     uint64_t(1) << (s.mantBits - 1)})
    both(m);
  both(uint64_t(1) << s.mantBits);
  // Every exponent from below d's smallest subnormal to above d's MAX.
  const int eLo = std::max(d.emin - d.p - 3, s.emin - 1), eHi = d.emax + 2;
  for (int E = eLo; E <= eHi; ++E) {
    uint64_t biased = uint64_t(E + s.bias());
    if (E < s.emin || biased >= (uint64_t(1) << s.expBits) - 1)
      continue;
    // Bits of the source mantissa that d drops at this exponent.
    int dropped = int(s.mantBits) - int(d.mantBits) + std::max(0, d.emin - E);
    for (int k = 0; k < 12; ++k) {
      uint64_t mant = rng() & s.mantMask();
      if (dropped <= int(s.mantBits)) {
        uint64_t low = (uint64_t(1) << dropped) - 1, half = uint64_t(1) << (dropped - 1);
        const uint64_t pattern[] = {0, half, half - 1, half + 1, low, 1};
        mant = (mant & ~low) | (k < 6 ? pattern[k] : rng() & low);
      }
      both((biased << s.mantBits) | mant);
    }
  }
  // MAX of d in s, and the overflow threshold MAX + half an ulp, +-1.
  {
    const int E = d.emax; // the exponent of MAX
    uint64_t biased = uint64_t(E + s.bias());
    uint64_t dMant = ((uint64_t(1) << (d.p - 1)) - 1) << (s.mantBits - d.mantBits);
    uint64_t halfUlp = uint64_t(1) << (s.mantBits - d.mantBits - 1);
    uint64_t maxBits = (biased << s.mantBits) | dMant;
    for (uint64_t b : {maxBits, maxBits + 1, maxBits - 1, maxBits + halfUlp - 1, maxBits + halfUlp,
                       maxBits + halfUlp + 1, maxBits + 2 * halfUlp - 1})
      both(b);
  }
  for (unsigned i = 0; i < randomCount; ++i)
    out.push_back(s.width() == 64 ? rng() : rng() & ((uint64_t(1) << s.width()) - 1));
  return out;
}

std::vector<uint64_t> allPatterns16() {
  std::vector<uint64_t> out(65536);
  for (uint64_t i = 0; i < out.size(); ++i)
    out[i] = i;
  return out;
}

//===----------------------------------------------------------------------===//
// Running a conversion on every path
//===----------------------------------------------------------------------===//

std::string kernelText(const Format &s, const Format &d, const std::string &op) {
  std::string S = s.name, D = d.name;
  return "func.func @kernel(%in: memref<?x" + S + ">, %out: memref<?x" + D +
         ">, %n: index) {\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %c1 = arith.constant 1 : index\n"
         "  scf.for %i = %c0 to %n step %c1 {\n"
         "    %x = memref.load %in[%i] : memref<?x" +
         S + ">\n    %y = " + op + " : " + S + " to " + D +
         "\n    memref.store %y, %out[%i] : memref<?x" + D + ">\n  }\n  return\n}\n";
}

/// `values` (bits of s) converted by the kernel on the interpreter and the
/// JIT at -O0 and -O2, each checked against `expected`.
void checkAllPaths(const Format &s, const Format &d, const std::string &op,
                   const std::vector<uint64_t> &values, const std::vector<uint64_t> &expected) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  std::string text = kernelText(s, d, op);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx, "conversion.mlir");
  ASSERT_TRUE(module) << text;
  auto fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
  auto interp = ascreg::interp::CompiledKernel::compile(fn);
  ASSERT_TRUE(mlir::succeeded(interp)) << text;
  std::vector<std::pair<std::string, std::function<mlir::LogicalResult(llvm::ArrayRef<Arg>)>>>
      paths;
  paths.push_back({"interp", [&](llvm::ArrayRef<Arg> a) { return (*interp)->run(a); }});
  std::vector<std::unique_ptr<ascreg::jit::JitKernel>> jits;
  for (unsigned opt : {0u, 2u}) {
    ascreg::jit::Options o;
    o.optLevel = opt;
    auto jit = ascreg::jit::JitKernel::compile(*module, "kernel", o);
    ASSERT_TRUE(mlir::succeeded(jit)) << text;
    jits.push_back(std::move(*jit));
    ascreg::jit::JitKernel *k = jits.back().get();
    paths.push_back(
        {"jit -O" + std::to_string(opt), [k](llvm::ArrayRef<Arg> a) { return k->run(a); }});
  }
  const size_t sBytes = s.width() / 8, dBytes = d.width() / 8;
  constexpr size_t kChunk = 4096; // in and out fit the Unified Buffer
  for (auto &[name, run] : paths) {
    unsigned failures = 0;
    for (size_t at = 0; at < values.size(); at += kChunk) {
      size_t n = std::min(kChunk, values.size() - at);
      std::vector<uint8_t> in(n * sBytes), out(n * dBytes, 0xEE);
      for (size_t i = 0; i < n; ++i)
        std::memcpy(&in[i * sBytes], &values[at + i], sBytes);
      std::vector<Arg> args = {Arg::buffer(in.data(), n), Arg::buffer(out.data(), n),
                               Arg::scalar(n)};
      ASSERT_TRUE(mlir::succeeded(run(args))) << name << "\n" << text;
      for (size_t i = 0; i < n; ++i) {
        uint64_t got = 0;
        std::memcpy(&got, &out[i * dBytes], dBytes);
        if (got != expected[at + i] && ++failures <= 5)
          ADD_FAILURE() << name << ": " << op << " : " << s.name << " to " << d.name << " of 0x"
                        << std::hex << values[at + i] << " gave 0x" << got << ", IEEE 754: 0x"
                        << expected[at + i];
      }
    }
    EXPECT_EQ(failures, 0u) << name << ": " << op << " : " << s.name << " to " << d.name;
  }
}

void checkConversion(const Format &s, const Format &d, const std::string &op, Mode mode,
                     const std::vector<uint64_t> &values) {
  std::vector<uint64_t> expected;
  expected.reserve(values.size());
  for (uint64_t v : values)
    expected.push_back(oracle(v, s, d, mode));
  checkAllPaths(s, d, op, values, expected);
}

void checkTruncation(const Format &s, const Format &d) {
  std::vector<uint64_t> values = narrowingInputs(s, d, 4000);
  for (Mode m : kModes) {
    SCOPED_TRACE(arithName(m));
    std::string op = std::string("arith.truncf %x ") + arithName(m);
    checkConversion(s, d, op, m, values);
  }
}

//===----------------------------------------------------------------------===//
// The oracle's own fixed points (hand-computed from IEEE 754)
//===----------------------------------------------------------------------===//

TEST(FloatConversionOracle, AgreesWithHandComputedValues) {
  // 1 + 2^-11 is the tie between f16 1.0 and 1 + 2^-10.
  const uint64_t tie = 0x3F801000; // f32
  EXPECT_EQ(oracle(tie, kF32, kF16, Mode::NearestEven), 0x3C00u);
  EXPECT_EQ(oracle(tie, kF32, kF16, Mode::NearestAway), 0x3C01u);
  EXPECT_EQ(oracle(tie, kF32, kF16, Mode::Upward), 0x3C01u);
  EXPECT_EQ(oracle(tie, kF32, kF16, Mode::Downward), 0x3C00u);
  EXPECT_EQ(oracle(tie | 0x80000000u, kF32, kF16, Mode::Downward), 0xBC01u);
  // 65520 (f32 0x477FF000) is the f16 overflow tie: inf to nearest, MAX toward zero.
  EXPECT_EQ(oracle(0x477FF000, kF32, kF16, Mode::NearestEven), 0x7C00u);
  EXPECT_EQ(oracle(0x477FF000, kF32, kF16, Mode::TowardZero), 0x7BFFu);
  EXPECT_EQ(oracle(0xC77FF000, kF32, kF16, Mode::Upward), 0xFBFFu);
  EXPECT_EQ(oracle(0xC77FF000, kF32, kF16, Mode::Downward), 0xFC00u);
  // f32 sNaN 0x7F800001 -> f16: quiet, payload bits dropped: 0x7E00.
  EXPECT_EQ(oracle(0x7F800001, kF32, kF16, Mode::NearestEven), 0x7E00u);
  // f32 sNaN 0x7F810000 -> bf16 0x7FC1 (quiet bit set).
  EXPECT_EQ(oracle(0x7F810000, kF32, kBF16, Mode::NearestEven), 0x7FC1u);
  // bf16 sNaN 0xFF81 -> f32 0xFFC10000.
  EXPECT_EQ(oracle(0xFF81, kBF16, kF32, Mode::NearestEven), 0xFFC10000u);
  // f64 1 + 2^-11 + 2^-40 -> f16: one rounding gives 1 + 2^-10 (through
  // f32 it would be the tie, then 1.0).
  EXPECT_EQ(oracle(0x3FF0020000001000ull, kF64, kF16, Mode::NearestEven), 0x3C01u);
  // The smallest f16 subnormal's half rounds to even (0), up (0x0001).
  EXPECT_EQ(oracle(0x33000000, kF32, kF16, Mode::NearestEven), 0x0000u);
  EXPECT_EQ(oracle(0x33000000, kF32, kF16, Mode::NearestAway), 0x0001u);
  EXPECT_EQ(oracle(0xB3000000, kF32, kF16, Mode::Upward), 0x8000u);
}

//===----------------------------------------------------------------------===//
// Every conversion on every path
//===----------------------------------------------------------------------===//

TEST(FloatConversion, TruncFF32ToF16RoundsOnceInEveryMode) { checkTruncation(kF32, kF16); }
TEST(FloatConversion, TruncFF32ToBF16RoundsOnceInEveryMode) { checkTruncation(kF32, kBF16); }
TEST(FloatConversion, TruncFF64ToF32RoundsOnceInEveryMode) { checkTruncation(kF64, kF32); }
TEST(FloatConversion, TruncFF64ToF16RoundsOnceInEveryMode) { checkTruncation(kF64, kF16); }
TEST(FloatConversion, TruncFF64ToBF16RoundsOnceInEveryMode) { checkTruncation(kF64, kBF16); }

TEST(FloatConversion, ExtFFromF16AndBF16IsExactForEveryPattern) {
  for (const Format *s : {&kF16, &kBF16})
    for (const Format *d : {&kF32, &kF64}) {
      SCOPED_TRACE(std::string(s->name) + " to " + d->name);
      checkConversion(*s, *d, "arith.extf %x", Mode::NearestEven, allPatterns16());
    }
}

TEST(FloatConversion, ExtFF32ToF64IsExact) {
  checkConversion(kF32, kF64, "arith.extf %x", Mode::NearestEven,
                  narrowingInputs(kF32, kBF16, 4000));
}

} // namespace
