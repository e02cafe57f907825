//===- Semantics.h - Bit-exact semantics of the ascreg ops -------*- C++ -*-===//
//
// The single source of truth for what every ascreg op computes on dav-3510
// (Ascend 950). No MLIR dependency: any host code (interpreter, JIT runtime
// checks, emitted-C++ host header, tests) can use it.
//
// Two implementations share these signatures:
//   ascreg::semantics::ref::*   plain scalar reference, written for clarity and
//                               following docs/semantics.md literally;
//   ascreg::semantics::simd::*  Highway kernels (runtime dispatch), bit-identical
//                               to the reference.
// The unqualified ascreg::semantics::* entry points forward to simd::.
//
// Register model: a Reg holds the *logical* lanes of a value in natural
// little-endian element order. One-register values use bytes [0, 256); the
// 64-bit two-register form (64 lanes) uses bytes [0, 512). The physical
// de-interleaved layout of the two-register form is a dav-3510 lowering detail
// and never appears here.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_SEMANTICS_H
#define ASCREG_SEMANTICS_SEMANTICS_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "ascreg/Semantics/Profile.h"

namespace ascreg {
namespace semantics {

/// Version of the semantics tables; stamped into traces and tool output.
inline constexpr const char *kSemanticsVersion = "dav-3510 contract 1";

inline constexpr unsigned kVLBytes = 256;  // one vector register
inline constexpr unsigned kMaskBits = 256; // one bit per data byte

enum class ElemKind : uint8_t { I8, U8, I16, U16, F16, BF16, I32, U32, F32, I64, U64 };

constexpr unsigned elemBytes(ElemKind k) {
  switch (k) {
  case ElemKind::I8:
  case ElemKind::U8:
    return 1;
  case ElemKind::I16:
  case ElemKind::U16:
  case ElemKind::F16:
  case ElemKind::BF16:
    return 2;
  case ElemKind::I32:
  case ElemKind::U32:
  case ElemKind::F32:
    return 4;
  case ElemKind::I64:
  case ElemKind::U64:
    return 8;
  }
  return 0;
}
constexpr bool isFloat(ElemKind k) {
  return k == ElemKind::F16 || k == ElemKind::BF16 || k == ElemKind::F32;
}
constexpr bool isSignedInt(ElemKind k) {
  return k == ElemKind::I8 || k == ElemKind::I16 || k == ElemKind::I32 || k == ElemKind::I64;
}
constexpr bool isUnsignedInt(ElemKind k) {
  return k == ElemKind::U8 || k == ElemKind::U16 || k == ElemKind::U32 || k == ElemKind::U64;
}
/// Token used in type names, file names and traces: i8 u8 i16 u16 f16 bf16 i32 u32 f32 i64 u64.
const char *elemName(ElemKind k);

/// How the bits of one number read: the element kinds of registers and the
/// scalar types of kernel parameters (f64 and i1 have no ElemKind). Tools
/// print and compare numbers through this, so every one agrees on the text
/// of a value and on what is a NaN.
struct NumberFormat {
  enum Class : uint8_t { Signed, Unsigned, IEEE, BFloat } cls;
  uint8_t bytes; // 1, 2, 4 or 8 (IEEE: 2 = binary16, 4 = binary32, 8 = binary64)
};
constexpr NumberFormat numberFormat(ElemKind k) {
  const uint8_t b = uint8_t(elemBytes(k));
  if (k == ElemKind::BF16)
    return {NumberFormat::BFloat, b};
  if (k == ElemKind::F16 || k == ElemKind::F32)
    return {NumberFormat::IEEE, b};
  return {isSignedInt(k) ? NumberFormat::Signed : NumberFormat::Unsigned, b};
}
/// True for the NaN encodings (exponent all ones, mantissa not zero).
constexpr bool isNaN(NumberFormat f, uint64_t bits) {
  if (f.cls == NumberFormat::BFloat)
    return (bits & 0x7FFF) > 0x7F80;
  if (f.cls != NumberFormat::IEEE)
    return false;
  switch (f.bytes) {
  case 2:
    return (bits & 0x7FFF) > 0x7C00;
  case 4:
    return (bits & 0x7FFFFFFFu) > 0x7F800000u;
  default:
    return (bits & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
  }
}
/// The text of a number: integers in decimal (sign by the format); f16 and
/// bf16 as printf %g, f32 as %.9g and f64 as %.17g (the last two read back
/// to the same bits); NaN as nan or -nan.
std::string formatNumber(NumberFormat f, uint64_t bits);

/// The type of a register value: element kind plus register count
/// (2 only for the 64-bit two-register form).
struct RegType {
  ElemKind elem;
  uint8_t numRegs = 1;
  constexpr unsigned lanes() const { return kVLBytes / elemBytes(elem) * numRegs; }
  constexpr unsigned bytes() const { return kVLBytes * numRegs; }
  /// Mask bits per lane: the element width in bytes, except the two-register
  /// 64-bit form, which uses the 32-bit layout (lane i at bit 4*i).
  constexpr unsigned maskStride() const { return numRegs == 2 ? 4 : elemBytes(elem); }
  constexpr bool operator==(const RegType &o) const {
    return elem == o.elem && numRegs == o.numRegs;
  }
};

/// A register value (see the register model above).
struct alignas(32) Reg {
  uint8_t b[2 * kVLBytes];
};

/// A 256-bit mask register, bit i = bit (i % 64) of w[i / 64].
struct alignas(32) Mask {
  uint64_t w[4];
  bool bit(unsigned i) const { return (w[i >> 6] >> (i & 63)) & 1; }
  void set(unsigned i, bool v) {
    if (v)
      w[i >> 6] |= uint64_t(1) << (i & 63);
    else
      w[i >> 6] &= ~(uint64_t(1) << (i & 63));
  }
  /// Lane `lane` of a value of type `t` is active iff bit maskStride*lane is set.
  bool laneActive(RegType t, unsigned lane) const { return bit(t.maskStride() * lane); }
};

/// The vendor's numbering (MaskPattern / PAT_*): ALLF is 15, 14 is unused. The
/// dialect's enum, the C API literals and this one share the values, so
/// converting between them is a cast.
enum class MaskPattern : uint8_t {
  ALL,
  VL1,
  VL2,
  VL3,
  VL4,
  VL8,
  VL16,
  VL32,
  VL64,
  VL128,
  M3,
  M4,
  H,
  Q,
  ALLF = 15
};
/// The lanes pattern `p` enables in a type of `lanes` lanes: lanes
/// [0, prefix), or, when `period` is not 0, every period-th lane from lane 0
/// (M3, M4). ALLF enables none.
struct PatternLanes {
  unsigned prefix = 0;
  unsigned period = 0;
};
constexpr PatternLanes patternLanes(MaskPattern p, unsigned lanes) {
  unsigned prefix = 0;
  switch (p) {
  case MaskPattern::ALL:
    prefix = lanes;
    break;
  case MaskPattern::VL1:
  case MaskPattern::VL2:
  case MaskPattern::VL3:
  case MaskPattern::VL4:
    prefix = unsigned(p); // the vendor numbers VL1..VL4 as 1..4
    break;
  case MaskPattern::VL8:
  case MaskPattern::VL16:
  case MaskPattern::VL32:
  case MaskPattern::VL64:
  case MaskPattern::VL128:
    prefix = 8u << (unsigned(p) - unsigned(MaskPattern::VL8));
    break;
  case MaskPattern::H:
    prefix = lanes / 2;
    break;
  case MaskPattern::Q:
    prefix = lanes / 4;
    break;
  case MaskPattern::M3:
    return {0, 3};
  case MaskPattern::M4:
    return {0, 4};
  case MaskPattern::ALLF:
    break;
  }
  // [decision] VLk with k > VL_T activates every lane.
  return {prefix < lanes ? prefix : lanes, 0};
}
static_assert(patternLanes(MaskPattern::VL3, 64).prefix == 3 &&
              patternLanes(MaskPattern::VL128, 256).prefix == 128 &&
              patternLanes(MaskPattern::VL128, 64).prefix == 64);

enum class ReduceKind : uint8_t { Sum, Max, Min };
enum class BinaryKind : uint8_t { Add, Max, Min };
enum class ComparePred : uint8_t { EQ, NE, LT, LE, GT, GE };

// ---- Scalar helpers (f16 / bf16 by value, IEEE RNE) ----
float f16ToF32(uint16_t h);
uint16_t f32ToF16(float f); // RNE, non-saturating (overflow -> +-inf), NaN stays NaN
float bf16ToF32(uint16_t h);
uint16_t f32ToBF16(float f); // RNE, NaN stays NaN
/// An f16 arithmetic result in the saturating mode (CTRL[48] = 0): +-inf ->
/// +-65504, NaN -> +0, anything else unchanged.
constexpr uint16_t saturateF16(uint16_t h) {
  return (h & 0x7FFF) > 0x7C00 ? 0 : (h & 0x7FFF) == 0x7C00 ? uint16_t((h & 0x8000) | 0x7BFF) : h;
}

/// The positive default NaN of a float kind (0x7E00, 0x7FC0, 0x7FC00000):
/// what the `canonical` NaN candidates (Profile) give.
constexpr uint64_t canonicalNaNBits(ElemKind k) {
  return k == ElemKind::F16 ? 0x7E00 : k == ElemKind::BF16 ? 0x7FC0 : 0x7FC00000u;
}
/// `bits` of a float kind with a subnormal value replaced by the zero of its
/// sign (the `flush` candidate of compare.subnormals); anything else as is.
constexpr uint64_t flushSubnormalBits(ElemKind k, uint64_t bits) {
  const uint64_t sign = k == ElemKind::F32 ? 0x80000000u : 0x8000;
  const uint64_t expMask = k == ElemKind::F32 ? 0x7F800000u : k == ElemKind::F16 ? 0x7C00 : 0x7F80;
  return (bits & expMask) == 0 ? bits & sign : bits;
}

/// The mask bit stride of a gather of `dst` lanes from `src` elements under
/// the profile's gather.mask: the result type's, or the 8-bit source's.
unsigned gatherMaskStride(const Profile &prof, RegType dst, ElemKind src);

// ---- Legality (the exact tables of docs/semantics.md; the verifier uses the same sets) ----
bool isLegalReduce(ReduceKind k, RegType dst, RegType src);
bool isLegalPairReduce(RegType t);
bool isLegalGather(RegType dst, ElemKind src, RegType index);
/// The element kind a UB gather reads from a buffer whose elements (the
/// gather's index unit) have `unitBytes` bytes: 8-bit sources are read as
/// u8 or i8 after the destination's signedness (both are zero-extended into
/// the 16-bit lane), wider ones as the destination kind (on the dav-3510
/// path 64-bit data is gathered as 32-bit words into 32-bit registers).
ElemKind gatherSourceKind(ElemKind dst, unsigned unitBytes);
bool isLegalGatherReg(RegType data, RegType index);
// Added: types of the companion ops (section 7) and register-type validity.
/// numRegs is 1, or 2 for the 64-bit two-register form.
bool isValidRegType(RegType t);
/// arange: every kind except bf16 (unsigned kinds wrap like the signed ones).
bool isLegalArange(RegType t);
/// compare and binary add/max/min: every kind except bf16.
bool isLegalCompare(RegType t);
bool isLegalBinary(RegType t);

/// Outcome of an op that can fail at run time.
struct Status {
  bool ok = true;
  unsigned lane = 0;  // offending lane
  uint64_t value = 0; // offending index value
};

#define ASCREG_SEMANTICS_OPS                                                                       \
  /* Masks. */                                                                                     \
  void createMask(RegType t, MaskPattern p, Mask &out);                                            \
  /* lanes [0, min(count, VL_T)) active; rest = count < VL_T ? 0 : count - VL_T. */                \
  void updateMask(RegType t, uint32_t count, Mask &out, uint32_t &rest);                           \
  void maskAnd(const Mask &a, const Mask &b, Mask &out);                                           \
  void maskOr(const Mask &a, const Mask &b, Mask &out);                                            \
  /* Inverts the lanes of type t; sets only the lowest bit of each group. */                       \
  void maskNot(RegType t, const Mask &a, Mask &out);                                               \
  /* Compute. */                                                                                   \
  void reduce(const Profile &prof, ReduceKind k, RegType dst, RegType src, const Reg &in,          \
              const Mask &m, Reg &out);                                                            \
  void pairReduceSum(const Profile &prof, RegType t, const Reg &in, const Mask &m, Reg &out);      \
  /* base: the UB buffer, baseElems elements of kind src. Lanes counted on dst. */                 \
  Status gather(const Profile &prof, RegType dst, ElemKind src, RegType index,                     \
                const uint8_t *base, uint64_t baseElems, const Reg &idx, const Mask &m, Reg &out); \
  void gatherReg(RegType t, const Reg &src, const Reg &idx, Reg &out);                             \
  /* Companions. Scalars are raw bits of the element type (low bits of the uint64_t). */           \
  void duplicate(RegType t, uint64_t scalarBits, const Mask *m, Reg &out);                         \
  void arange(RegType t, uint64_t startBits, Reg &out);                                            \
  void compare(const Profile &prof, ComparePred p, RegType t, const Reg &a, const Reg &b,          \
               const Mask &m, Mask &out);                                                          \
  void select(RegType t, const Mask &m, const Reg &a, const Reg &b, Reg &out);                     \
  void binary(const Profile &prof, BinaryKind k, RegType t, const Reg &a, const Reg &b,            \
              const Mask &m, Reg &out);                                                            \
  /* UB data movement on an already bounds- and alignment-checked address. */                      \
  void loadAlign(RegType t, const uint8_t *src, Reg &out);                                         \
  void storeAlign(RegType t, const Reg &in, const Mask &m, uint8_t *dst);

namespace ref {
ASCREG_SEMANTICS_OPS
} // namespace ref
namespace simd {
ASCREG_SEMANTICS_OPS
/// Name of the Highway target chosen at run time (e.g. "AVX2").
const char *targetName();
/// One reduce resolved ahead: kind, types and the chosen target's kernel
/// fixed, so a call skips the dispatch on all of them. For an interpreter
/// that compiles a kernel once and runs it many times.
using ReduceKernel = void (*)(const Reg &in, const Mask &m, Reg &out);
/// The kernel computing reduce(prof, k, dst, src, ...) on the chosen target
/// (forceTarget afterwards does not change it), or null where only the general
/// entry point does (other profile choices, wide/64-bit sums, scalar targets).
ReduceKernel reduceKernel(const Profile &prof, ReduceKind k, RegType dst, RegType src);
} // namespace simd
// Default entry points: the SIMD kernels.
using namespace simd;

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_SEMANTICS_H
