//===- ConformanceCases.h - random inputs for conformance kernels -*- C++ -*-===//
//
// Shared by the tests that run every conformance kernel (examples/conformance)
// on two execution paths and compare them bit for bit (Differential,
// Emission): the kernel list, an input generator biased towards the edge
// classes (NaN payloads, +-0, +-inf, ties, subnormals, f16 values whose sums
// overflow, empty and partial masks, counts ending mid-register, 64-bit
// carries and equal high words, extreme and garbage indices in inactive
// lanes or high index bits), and the bitwise comparison.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_COMMON_CONFORMANCECASES_H
#define ASCREG_UNITTESTS_COMMON_CONFORMANCECASES_H

#include "ascreg/Semantics/Cast.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <functional>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace conformance {

inline const char *kConformanceDir = ASCREG_SOURCE_DIR "/examples/conformance";

inline std::vector<std::string> kernelNames() {
  std::vector<std::string> names;
  if (DIR *d = opendir(kConformanceDir)) {
    while (dirent *e = readdir(d)) {
      std::string n = e->d_name;
      if (n.size() > 5 && n.substr(n.size() - 5) == ".mlir")
        names.push_back(n.substr(0, n.size() - 5));
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline uint64_t envOr(const char *name, uint64_t dflt) {
  const char *v = std::getenv(name);
  return v ? std::strtoull(v, nullptr, 0) : dflt;
}

/// Element kinds by token; `x2` = two-register form.
struct Tok {
  std::string elem;
  bool two = false;
  unsigned bytes() const {
    if (elem == "i8" || elem == "u8")
      return 1;
    if (elem == "i16" || elem == "u16" || elem == "f16" || elem == "bf16")
      return 2;
    if (elem == "i32" || elem == "u32" || elem == "f32")
      return 4;
    return 8;
  }
  unsigned lanes() const { return 256 / bytes() * (two ? 2 : 1); }
  unsigned regBytes() const { return two ? 512 : 256; }
  bool isFloat() const { return elem == "f16" || elem == "bf16" || elem == "f32"; }
  /// A float kind's exponent field (the bits of +inf): a value is finite
  /// unless all of it is set, and then a NaN if any mantissa bit below it is.
  uint64_t exponentBits() const {
    return elem == "f16" ? 0x7c00 : elem == "bf16" ? 0x7f80 : 0x7f800000;
  }
  bool isNaNBits(uint64_t v) const {
    const uint64_t exponent = exponentBits(), mantissa = (exponent & ~(exponent - 1)) - 1;
    return (v & exponent) == exponent && (v & mantissa);
  }
};
inline Tok tok(const std::string &s) {
  Tok t;
  t.two = s.size() > 2 && s.substr(s.size() - 2) == "x2";
  t.elem = t.two ? s.substr(0, s.size() - 2) : s;
  return t;
}

inline std::vector<std::string> split(const std::string &s) {
  std::vector<std::string> out;
  size_t p = 0;
  while (true) {
    size_t q = s.find('_', p);
    out.push_back(s.substr(p, q - p));
    if (q == std::string::npos)
      break;
    p = q + 1;
  }
  // Op names with an underscore stay one part (duplicate_lane_f32 ->
  // {duplicate_lane, f32}).
  if (out.size() > 1 &&
      ((out[0] == "duplicate" && out[1] == "lane") || (out[0] == "store" && out[1] == "first"))) {
    out[0] += "_" + out[1];
    out.erase(out.begin() + 1);
  }
  if (out.size() > 1 && out[0] == "shift") { // shift_lefts_u8 -> {shift_lefts, u8}
    out[0] += "_" + out[1];
    out.erase(out.begin() + 1);
  }
  if (out.size() > 2 && out[0] == "governed" && out[1] == "mask") { // governed_mask_and_f16
    out[0] += "_" + out[1] + "_" + out[2];
    out.erase(out.begin() + 1, out.begin() + 3);
  }
  return out;
}

/// Random values of one element kind, biased towards the edge classes.
struct Gen {
  std::mt19937_64 rng;
  uint64_t bits(unsigned bytes) {
    uint64_t v = rng();
    return bytes == 8 ? v : v & ((uint64_t(1) << (8 * bytes)) - 1);
  }
  unsigned pick(unsigned n) { return static_cast<unsigned>(rng() % n); }

  uint64_t floatValue(const Tok &t) {
    // f16 / bf16 / f32 encodings of the edge classes.
    bool f16 = t.elem == "f16", bf16 = t.elem == "bf16";
    auto enc = [&](float f) -> uint64_t {
      uint32_t u;
      std::memcpy(&u, &f, 4);
      if (bf16)
        return u >> 16;
      if (!f16)
        return u;
      // f16 of a small integer or simple value (exact).
      uint16_t h;
      _Float16 x = static_cast<_Float16>(f);
      std::memcpy(&h, &x, 2);
      return h;
    };
    switch (pick(12)) {
    case 0:
      return bits(t.bytes()); // any bit pattern
    case 1:
      return enc(static_cast<float>(static_cast<int>(pick(5)) - 2)); // ties
    case 2:
      return f16 ? 0x8000 : bf16 ? 0x8000 : 0x80000000; // -0
    case 3:
      return 0; // +0
    case 4:
      return f16 ? 0x7c00 : bf16 ? 0x7f80 : 0x7f800000; // +inf
    case 5:
      return f16 ? 0xfc00 : bf16 ? 0xff80 : 0xff800000; // -inf
    case 6: {                                           // NaNs with payloads
      uint64_t payload = bits(t.bytes()) | 1;
      if (f16)
        return 0x7c00 | (payload & 0x3ff) | (pick(2) ? 0x8000 : 0);
      if (bf16)
        return 0x7f80 | (payload & 0x7f) | (pick(2) ? 0x8000 : 0);
      return 0x7f800000 | (payload & 0x7fffff) | (pick(2) ? 0x80000000u : 0);
    }
    case 7:
      return f16 ? (pick(2) ? 0x7a00 : 0xfa00) : enc(pick(2) ? 3.0e38f : -3.0e38f); // huge
    case 8:
      return f16    ? (bits(2) & 0x83ff)
             : bf16 ? (bits(2) & 0x807f)
                    : (bits(4) & 0x807fffff); // subnormal
    default:
      return enc(static_cast<float>(static_cast<int>(pick(2001)) - 1000) / 8.0f);
    }
  }
  /// floatValue without its NaNs and infinities: a sum of many lanes that
  /// meets one is NaN or infinite whatever its rounding, so the rounding of
  /// a 128-lane tree is only seen in registers without them.
  uint64_t finiteFloatValue(const Tok &t) {
    const uint64_t exponent = t.exponentBits();
    for (;;) {
      uint64_t v = floatValue(t);
      if ((v & exponent) != exponent)
        return v;
    }
  }
  uint64_t intValue(const Tok &t) {
    unsigned b = t.bytes();
    uint64_t mask = b == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * b)) - 1;
    switch (pick(8)) {
    case 0:
      return 0;
    case 1:
      return mask; // -1 / max unsigned
    case 2:
      return (mask >> 1); // signed max
    case 3:
      return (mask >> 1) + 1; // signed min
    case 4:
      return pick(4); // ties
    case 5:
      return b == 8 ? (0x7fffffffull << 32) | bits(4) : bits(b); // equal high words
    case 6:
      return b == 8 ? 0xffffffffull + pick(3) : bits(b); // 32-bit carries
    default:
      return bits(b);
    }
  }
  uint64_t value(const Tok &t) { return t.isFloat() ? floatValue(t) : intValue(t); }
};

/// The semantics library's element kind of a token.
inline ascreg::semantics::ElemKind elemKind(const std::string &t) {
  using K = ascreg::semantics::ElemKind;
  static const std::pair<const char *, K> kinds[] = {
      {"i8", K::I8},   {"u8", K::U8},     {"i16", K::I16}, {"u16", K::U16},
      {"f16", K::F16}, {"bf16", K::BF16}, {"i32", K::I32}, {"u32", K::U32},
      {"f32", K::F32}, {"i64", K::I64},   {"u64", K::U64}};
  for (auto &[name, k] : kinds)
    if (t == name)
      return k;
  return K::U8;
}

/// Conversion inputs: the source type's edge classes (NaN payloads, +-0,
/// +-inf, subnormals, integer extremes) and the destination's rounding ties,
/// overflow thresholds, subnormal grid and integer range edges, encoded
/// exactly in the source type (a value it cannot hold falls back to random
/// bits).
struct CastValues {
  Gen &g;
  Tok src, dst;

  /// Float parameters: precision p (with the implicit bit), emin, emax.
  static void format(const Tok &t, int &p, int &emin, int &emax) {
    if (t.elem == "f16")
      p = 11, emin = -14, emax = 15;
    else if (t.elem == "bf16")
      p = 8, emin = -126, emax = 127;
    else
      p = 24, emin = -126, emax = 127;
  }
  /// Bits of x in the source type if exact, else nothing.
  bool exactBits(double x, uint64_t &out) const {
    if (src.isFloat()) {
      float f = static_cast<float>(x);
      if (static_cast<double>(f) != x && !std::isnan(x))
        return false;
      uint32_t u;
      std::memcpy(&u, &f, 4);
      if (src.elem == "f32") {
        out = u;
        return true;
      }
      if (src.elem == "bf16") {
        if (u & 0xFFFF)
          return false;
        out = u >> 16;
        return true;
      }
      _Float16 h = static_cast<_Float16>(f);
      if (static_cast<float>(h) != f)
        return false;
      uint16_t hb;
      std::memcpy(&hb, &h, 2);
      out = hb;
      return true;
    }
    if (x != std::floor(x))
      return false;
    unsigned bits = 8 * src.bytes();
    bool isSigned = src.elem[0] == 'i';
    double lo = isSigned ? -std::ldexp(1.0, bits - 1) : 0.0;
    double hi = isSigned ? std::ldexp(1.0, bits - 1) : std::ldexp(1.0, bits); // exclusive
    if (x < lo || x >= hi)
      return false;
    int64_t v = x < 0 ? static_cast<int64_t>(x) : static_cast<int64_t>(static_cast<uint64_t>(x));
    out = static_cast<uint64_t>(v) & (bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1);
    return true;
  }
  double sign() { return g.pick(2) ? 1.0 : -1.0; }

  uint64_t next() {
    uint64_t bits;
    double x;
    switch (g.pick(10)) {
    case 0:
      return g.bits(src.bytes());
    case 1: // the source's own edge classes (NaN payloads, +-0, +-inf, subnormals, extremes)
      return g.value(src);
    case 2: // halfway between two results (ties), or just off the tie
      x = tie();
      break;
    case 3:
    case 4:
      x = edge();
      break;
    case 5: // the destination's subnormal grid, or |x| < 1 for integers
      if (dst.isFloat()) {
        int p, emin, emax;
        format(dst, p, emin, emax);
        x = sign() * (1 + g.pick(13)) / 4.0 * std::ldexp(1.0, emin - p + 1);
      } else {
        x = sign() * (1 + g.pick(7)) / 8.0;
      }
      break;
    case 6: // wide range
      x = sign() * std::ldexp(1.0 + g.pick(1 << 20) / 1048576.0, int(g.pick(80)) - 20);
      break;
    default: // moderate values with fractions
      x = (static_cast<double>(g.pick(8001)) - 4000.0) / (1 << g.pick(6));
      break;
    }
    if (exactBits(x, bits))
      return bits;
    return g.bits(src.bytes());
  }

  double tie() {
    if (dst.isFloat()) {
      int p, emin, emax;
      format(dst, p, emin, emax);
      int e = emin - 1 + int(g.pick(unsigned(emax - emin + 2)));
      int q = std::max(e, emin) - (p - 1);
      double n = static_cast<double>((e >= emin ? (uint64_t(1) << (p - 1)) : 0) +
                                     g.bits(8) % (uint64_t(1) << (p - 1)));
      double off = g.pick(4) == 0 ? (g.pick(2) ? 1.0 : -1.0) / 64.0 : 0.0;
      return sign() * std::ldexp(n + 0.5 + off, q);
    }
    double k = g.pick(2) ? static_cast<double>(g.pick(600)) - 300.0
                         : std::ldexp(static_cast<double>(g.bits(4)), -int(g.pick(20)));
    return std::floor(k) + 0.5 + (g.pick(4) == 0 ? 0.25 * sign() : 0.0);
  }

  double edge() {
    if (src.isFloat() || dst.isFloat()) {
      if (dst.isFloat()) {
        int p, emin, emax;
        format(dst, p, emin, emax);
        double top = std::ldexp(1.0, emax + 1), ulp = std::ldexp(1.0, emax - p + 1);
        const double cands[] = {
            top - ulp, top - ulp / 2, top - ulp / 2 - ulp / 8, top - ulp / 2 + ulp / 8,
            top,       2 * top};
        return sign() * cands[g.pick(6)];
      }
    }
    // Integer destination: its range edges (and beyond), with fractions.
    unsigned bits = 8 * dst.bytes();
    bool isSigned = dst.elem[0] == 'i';
    double hi = isSigned ? std::ldexp(1.0, bits - 1) - 1 : std::ldexp(1.0, bits) - 1;
    double lo = isSigned ? -std::ldexp(1.0, bits - 1) : 0.0;
    const double cands[] = {lo, hi, hi + 1, lo - 1, 2 * hi + 2, std::ldexp(1.0, 40), -1.0};
    double x = cands[g.pick(7)];
    if (src.isFloat())
      x += 0.25 * static_cast<double>(int(g.pick(5)) - 2);
    return x;
  }
};

/// Result registers per source register of a conversion kernel: one per
/// round mode of the pair (or one) times sat off / on (or one).
inline unsigned castVariants(const std::vector<std::string> &parts) {
  if (parts[0] == "truncate")
    return 5;
  const auto *pair = ascreg::semantics::findCastPair(elemKind(parts[1]), elemKind(parts[2]));
  if (!pair)
    return 1;
  unsigned rounds = pair->hasRound ? unsigned(__builtin_popcount(pair->roundModes)) : 1;
  return rounds * (pair->hasSat ? 2 : 1);
}

/// sub / mul / and / or / xor kernels take two input registers, abs / not one.
inline bool isLaneBinary(const std::string &op) {
  return op == "sub" || op == "mul" || op == "and" || op == "or" || op == "xor";
}
inline bool isLaneUnary(const std::string &op) { return op == "abs" || op == "not"; }
/// The Reg API forms whose kernels take (src, dst, count, repeat) like abs.
inline bool isRegApiForm(const std::string &op) {
  return op == "duplicate_lane" || op == "store_first" || op.rfind("governed_mask_", 0) == 0;
}

/// reduce_data_block_{sum,max,min}_{DST}_{SRC}[_ctrlABCD] kernels.
inline bool isReduceDataBlock(const std::vector<std::string> &parts) {
  return parts.size() >= 6 && parts[0] == "reduce" && parts[1] == "data" && parts[2] == "block";
}
/// adds / muls / maxs / mins / compares kernels: a register and a scalar.
inline bool isScalarForm(const std::string &op) {
  return op == "adds" || op == "muls" || op == "maxs" || op == "mins" || op == "compares";
}

/// shift_left / shift_right kernels (a data and an amount register) and
/// shift_lefts / shift_rights kernels (a register and an i16 scalar).
inline bool isShift(const std::string &op) { return op == "shift_left" || op == "shift_right"; }
inline bool isShiftScalar(const std::string &op) {
  return op == "shift_lefts" || op == "shift_rights";
}

struct Buffer {
  std::vector<uint8_t> bytes;
  unsigned elemBytes;
  uint64_t n() const { return bytes.size() / elemBytes; }
  void set(uint64_t i, uint64_t v) { std::memcpy(bytes.data() + i * elemBytes, &v, elemBytes); }
};

/// Every valid register type with its token in kernel names (i16, i64x2).
inline std::vector<std::pair<ascreg::semantics::RegType, std::string>> regTypeTokens() {
  namespace sem = ascreg::semantics;
  std::vector<std::pair<sem::RegType, std::string>> r;
  for (unsigned e = 0; e <= unsigned(sem::ElemKind::U64); ++e)
    for (uint8_t regs : {1, 2}) {
      sem::RegType t{sem::ElemKind(e), regs};
      if (sem::isValidRegType(t))
        r.push_back({t, std::string(sem::elemName(t.elem)) + (regs == 2 ? "x2" : "")});
    }
  return r;
}

/// A buffer of `bytes` bytes of `elemBytes`-byte elements, element i being
/// the i-th call of `next()` (in order, so a seed gives the same inputs).
template <class Next> Buffer filled(size_t bytes, unsigned elemBytes, Next next) {
  Buffer b{std::vector<uint8_t>(bytes), elemBytes};
  for (uint64_t i = 0; i < b.n(); ++i)
    b.set(i, next());
  return b;
}

/// One input set: the memref buffers, then the scalars, in parameter order.
struct Case {
  std::vector<Buffer> buffers;
  std::vector<uint64_t> scalars;
  unsigned repeat = 1;
};

/// The element count of a loop over `repeat` registers of t's lanes:
/// mostly the edges (none, one, all, one short, one register short, more
/// than all), else any.
inline uint64_t tailCount(Gen &g, const Tok &t, unsigned repeat) {
  uint64_t total = uint64_t(repeat) * t.lanes();
  uint64_t counts[] = {
      0, 1, total, total, total - 1, t.lanes() - 1, g.pick(total + 1), 0xffffffffull};
  return counts[g.pick(8)];
}

/// The random inputs of `key` (a kernel's name, with its profile point if
/// any): ASCREG_DIFF_SEED (default 20261129) mixed with the key, so each
/// kernel has its own stream and a failure reproduces alone.
inline Gen caseGen(const std::string &key) {
  return Gen{std::mt19937_64(envOr("ASCREG_DIFF_SEED", 20261129) ^ std::hash<std::string>()(key))};
}

/// Cases of a cast or truncate kernel with a 16-bit source that together
/// hold every source bit pattern once, all lanes active: the 512 registers
/// of 65536 patterns in as few cases as the default UB holds with their
/// results (source and results of one case within 248 KiB). None for other
/// kernels, or past the last such case.
inline std::optional<Case> everyPatternCase(const std::vector<std::string> &parts, uint64_t c,
                                            Gen &g) {
  if (parts[0] != "cast" && parts[0] != "truncate")
    return std::nullopt;
  Tok dst = tok(parts[1]), src = tok(parts[0] == "cast" ? parts[2] : parts[1]);
  if (src.bytes() != 2)
    return std::nullopt;
  const unsigned variants = castVariants(parts);
  unsigned repeat = 128; // registers per case: a power of two that fits
  while (repeat * 256u * (1 + variants) > 253952u)
    repeat /= 2;
  const uint64_t perCase = uint64_t(repeat) * src.lanes();
  if (c >= 65536 / perCase)
    return std::nullopt;
  uint64_t pattern = c * perCase;
  Case k;
  k.buffers = {filled(repeat * 256, 2, [&] { return pattern++; }),
               filled(repeat * variants * 256, dst.bytes(), [&] { return g.bits(dst.bytes()); })};
  k.scalars = {perCase, repeat};
  k.repeat = repeat;
  return k;
}

/// Additions (reduce sum, pair_reduce_sum, adds, reduce_data_block sum) may
/// produce NaNs whose payload the contract does not fix: those compare by
/// NaN-ness only.
inline bool isAdditive(const std::vector<std::string> &parts) {
  return parts[0] == "pair" || (parts[0] == "reduce" && parts[1] == "sum") || parts[0] == "adds" ||
         (isReduceDataBlock(parts) && parts[3] == "sum");
}

/// Random inputs for the kernel whose name is split into `parts`
/// (reduce_max_f16_f16 -> {reduce, max, f16, f16}).
inline Case makeCase(const std::vector<std::string> &parts, Gen &g) {
  std::vector<Buffer> bufs;
  std::vector<uint64_t> scalars; // appended after the buffers, in parameter order
  unsigned repeat = 1 + g.pick(3);
  bool isGather = parts[0] == "gather";
  bool isReg = isGather && parts[1] == "reg";
  if (parts[0] == "cast" || parts[0] == "truncate") {
    // cast_{DST}_{SRC}[_{PART}][_ctrlABCD] / truncate_{T}[_ctrlABCD]:
    // (src, dst, count, repeat); dst holds repeat * variants registers.
    Tok dst = tok(parts[1]), src = tok(parts[0] == "cast" ? parts[2] : parts[1]);
    unsigned variants = castVariants(parts);
    CastValues values{g, src, dst};
    Buffer s = filled(repeat * 256, src.bytes(), [&] { return values.next(); });
    Buffer d = filled(repeat * variants * 256, dst.bytes(), [&] { return g.bits(dst.bytes()); });
    uint64_t total = uint64_t(repeat) * src.lanes();
    // Mostly every lane (the values matter most), sometimes a partial mask.
    uint64_t counts[] = {total, 0xffffffffull, total, g.pick(total + 1), src.lanes() - 1, 0};
    bufs = {s, d};
    scalars = {counts[g.pick(6)], repeat};
  } else if (isLaneBinary(parts[0]) || isLaneUnary(parts[0]) || isRegApiForm(parts[0])) {
    // {sub,mul,and,or,xor}_{T}[_ctrlABCD]: (a, b, dst, count, repeat);
    // {abs,not,duplicate_lane,store_first,governed_mask_K}_{T}: (src, dst, count, repeat).
    Tok t = tok(parts[1]);
    for (unsigned k = 0; k < (isLaneBinary(parts[0]) ? 2u : 1u); ++k) {
      Buffer in = filled(repeat * t.regBytes(), t.bytes(), [&] { return g.value(t); });
      bufs.push_back(in);
    }
    Buffer d = filled(repeat * t.regBytes(), t.bytes(), [&] { return g.bits(t.bytes()); });
    bufs.push_back(d);
    scalars = {tailCount(g, t, repeat), repeat};
  } else if (isShift(parts[0]) || isShiftScalar(parts[0])) {
    // shift_{left,right}_{T}: (a, amounts, dst, count, repeat);
    // shift_{lefts,rights}_{T}: (a, dst, count, repeat, i16 scalar). Amounts
    // are mostly the edges: 0, 1, w - 1, w, w + 1, negative ones; 64-bit
    // lanes add the word sequence's (31..33, the int32 and int16 wraps of
    // 32 -+ n, amounts whose low word is 0 such as INT64_MIN).
    Tok t = tok(parts[1]);
    const int64_t w = int64_t(8 * t.bytes());
    auto amount = [&] {
      const int64_t edges[] = {0, 1, w - 1, w, w + 1, -1, -w, -w - 1};
      const int64_t edges64[] = {31,
                                 32,
                                 33,
                                 -32,
                                 -33,
                                 INT64_MIN,
                                 1LL << 32,
                                 (1LL << 32) + 4,
                                 INT32_MAX,
                                 INT32_MIN,
                                 INT32_MAX - 20,
                                 INT32_MIN + 20,
                                 32767,
                                 -32768};
      if (w == 64 && g.pick(3) == 0)
        return edges64[g.pick(sizeof edges64 / sizeof *edges64)];
      return g.pick(3) ? edges[g.pick(8)] : int64_t(g.pick(unsigned(4 * w))) - 2 * w;
    };
    Buffer in = filled(repeat * t.regBytes(), t.bytes(), [&] { return g.value(t); });
    bufs.push_back(in);
    if (isShift(parts[0])) {
      Buffer n = filled(repeat * t.regBytes(), t.bytes(),
                        [&] { return g.pick(8) ? uint64_t(amount()) : g.bits(t.bytes()); });
      bufs.push_back(n);
    }
    Buffer d = filled(repeat * t.regBytes(), t.bytes(), [&] { return g.bits(t.bytes()); });
    bufs.push_back(d);
    scalars = {tailCount(g, t, repeat), repeat};
    if (isShiftScalar(parts[0]))
      scalars.push_back(uint64_t(g.pick(8) ? amount() : int64_t(int16_t(g.bits(2)))) & 0xFFFF);
  } else if (isScalarForm(parts[0])) {
    // {adds,muls,maxs,mins}_{T}[_ctrlABCD] / compares_{T}: (src, dst, count,
    // repeat, scalar bits); the scalar is often one of the lanes (ties).
    Tok t = tok(parts[1]);
    Buffer in = filled(repeat * t.regBytes(), t.bytes(), [&] { return g.value(t); });
    Buffer d = filled(repeat * t.regBytes(), t.bytes(), [&] { return g.bits(t.bytes()); });
    uint64_t total = uint64_t(repeat) * t.lanes();
    uint64_t counts[] = {
        0, 1, total, total, total - 1, t.lanes() - 1, g.pick(total + 1), 0xffffffffull};
    uint64_t scalar = 0;
    std::memcpy(&scalar, in.bytes.data() + g.pick(unsigned(in.n())) * t.bytes(), t.bytes());
    bufs = {in, d};
    scalars = {counts[g.pick(8)], repeat, g.pick(2) ? scalar : g.value(t)};
  } else if (!isGather) {
    // reduce_{kind}_{DST}_{SRC} / pair_reduce_sum_{T} /
    // reduce_data_block_{kind}_{DST}_{SRC}: (src, dst, count, repeat)
    const bool block = isReduceDataBlock(parts);
    Tok dst = tok(block ? parts[4] : parts[0] == "pair" ? parts[3] : parts[2]);
    Tok src = tok(block ? parts[5] : parts[3]);
    // Half of the float sums see finite lanes only (finiteFloatValue).
    const bool finite = isAdditive(parts) && src.isFloat() && g.pick(2);
    Buffer s = filled(repeat * 256 * (src.two ? 2 : 1), src.bytes(),
                      [&] { return finite ? g.finiteFloatValue(src) : g.value(src); });
    Buffer d =
        filled(repeat * 256 * (dst.two ? 2 : 1), dst.bytes(), [&] { return g.bits(dst.bytes()); });
    uint64_t total = uint64_t(repeat) * src.lanes();
    uint64_t counts[] = {0,
                         1,
                         total,
                         total - 1,
                         src.lanes() - 1,
                         g.pick(total + 1),
                         g.pick(total + 1),
                         0xffffffffull};
    bufs = {s, d};
    scalars = {counts[g.pick(8)], repeat};
  } else if (!isReg) {
    // gather_{DST}_{SRC}_{IDX}: (base, index, dst, count, repeat)
    Tok dst = tok(parts[1]), src = tok(parts[2]), idx = tok(parts[3]);
    uint64_t baseN = 1 + g.pick(g.pick(2) ? 64 : 4096);
    baseN = (baseN + 31) / 32 * 32;
    Buffer b{std::vector<uint8_t>(baseN * src.bytes()), src.bytes()};
    for (uint64_t i = 0; i < baseN; ++i)
      b.set(i, g.value(src));
    Buffer ix{std::vector<uint8_t>(repeat * 256 * (idx.two ? 2 : 1)), idx.bytes()};
    uint64_t total = uint64_t(repeat) * dst.lanes();
    uint64_t counts[] = {
        0, 1, total, total - 1, dst.lanes() - 1, g.pick(total + 1), g.pick(total + 1)};
    uint64_t count = counts[g.pick(7)];
    // Lane l of register r is active iff r * VL + l < count; only active
    // lanes need valid indices (inactive ones get garbage on purpose).
    unsigned idxLanes = idx.lanes();
    for (unsigned r = 0; r < repeat; ++r)
      for (unsigned l = 0; l < idxLanes; ++l) {
        bool used = l < dst.lanes() && uint64_t(r) * dst.lanes() + l < count;
        uint64_t v;
        if (used) {
          unsigned k = g.pick(4);
          v = k == 0 ? 0 : k == 1 ? baseN - 1 : g.pick(static_cast<unsigned>(baseN));
          if (idx.bytes() == 8)
            v |= g.bits(4) << 32; // high bits are ignored
        } else {
          v = g.bits(idx.bytes());
        }
        ix.set(uint64_t(r) * idxLanes + l, v);
      }
    Buffer d =
        filled(repeat * 256 * (dst.two ? 2 : 1), dst.bytes(), [&] { return g.bits(dst.bytes()); });
    bufs = {b, ix, d};
    scalars = {count, repeat};
  } else {
    // gather_reg_{T}_{IDX}: (src, index, dst, repeat)
    Tok t = tok(parts[2]);
    Buffer s = filled(repeat * 256, t.bytes(), [&] { return g.value(t); });
    Buffer ix = filled(256, t.bytes(), [&] { return g.bits(t.bytes()); });
    Buffer d{std::vector<uint8_t>(repeat * 256), t.bytes()};
    bufs = {s, ix, d};
    scalars = {repeat};
  }

  return Case{bufs, scalars, repeat};
}

/// The failure of case c of kernel `name`: the interpreter's outputs and
/// `other`'s differ as `diff` says (firstMismatch).
inline std::string caseFailure(const std::string &name, uint64_t c, const std::string &diff,
                               const char *other, const Case &k) {
  return name + " case " + std::to_string(c) + ": " + diff + " (interpreter vs " + other +
         "; repeat " + std::to_string(k.repeat) + ", first scalar " + std::to_string(k.scalars[0]) +
         ")";
}

/// "" if `a` and `b` agree bit for bit (modulo NaN payloads of additions),
/// else where and how they differ.
inline std::string firstMismatch(const std::vector<std::string> &parts,
                                 const std::vector<Buffer> &a, const std::vector<Buffer> &b) {
  std::string dstTok = parts[0] == "pair"         ? parts[3]
                       : isReduceDataBlock(parts) ? parts[4]
                       : parts[0] == "reduce"     ? parts[2]
                       : parts[0] == "adds"       ? parts[1]
                                                  : "";
  bool floatAdd = isAdditive(parts) && tok(dstTok).isFloat();
  for (size_t p = 0; p < a.size(); ++p) {
    if (a[p].bytes == b[p].bytes)
      continue;
    unsigned eb = a[p].elemBytes;
    for (uint64_t e = 0; e < a[p].n(); ++e) {
      uint64_t x = 0, y = 0;
      std::memcpy(&x, a[p].bytes.data() + e * eb, eb);
      std::memcpy(&y, b[p].bytes.data() + e * eb, eb);
      if (x == y)
        continue;
      // Only the results differ between paths: they are of the dst kind.
      if (floatAdd && tok(dstTok).isNaNBits(x) && tok(dstTok).isNaNBits(y))
        continue;
      std::ostringstream os;
      os << "parameter " << p << " element " << e << ": 0x" << std::hex << x << " vs 0x" << y;
      return os.str();
    }
  }
  return "";
}

} // namespace conformance

#endif
