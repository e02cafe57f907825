//===- LaneArith.h - sub, mul, abs and the bitwise register ops -*- C++ -*-===//
//
// The lane-wise arithmetic of issue 27 (docs/semantics.md 2.20, 2.21): one
// lane function per op, zeroing inactive lanes like add. Same conventions as
// Semantics.h (raw lane bits, ref:: reference, simd:: Highway kernels, the
// unqualified entry points are simd::).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_LANEARITH_H
#define ASCREG_SEMANTICS_LANEARITH_H

#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {

/// Two-operand lane ops beside BinaryKind's add / max / min.
enum class ArithKind : uint8_t { Sub, Mul, And, Or, Xor };
/// One-operand lane ops.
enum class UnaryKind : uint8_t { Abs, Not };

/// The op's mnemonic ("sub", "abs", ...).
const char *arithName(ArithKind k);
const char *unaryName(UnaryKind k);

/// The vendor's legal element types on 950 (docs/regapi-ops-facts.md 3-7),
/// in the one-register form and, for 64-bit kinds, the two-register form.
bool isLegalArith(ArithKind k, RegType t);
bool isLegalUnary(UnaryKind k, RegType t);

#define ASCREG_LANE_ARITH_OPS                                                                      \
  void arith(const Profile &prof, ArithKind k, RegType t, const Reg &a, const Reg &b,              \
             const Mask &m, Reg &out);                                                             \
  void unary(const Profile &prof, UnaryKind k, RegType t, const Reg &a, const Mask &m, Reg &out);

namespace ref {
ASCREG_LANE_ARITH_OPS
} // namespace ref
namespace simd {
ASCREG_LANE_ARITH_OPS
} // namespace simd
#undef ASCREG_LANE_ARITH_OPS

/// The NaN an invalid operation (inf - inf, 0 * inf) gives when no operand
/// is a NaN: the x86 "default NaN" that `add` inherits from the host, sign
/// set (0xFE00, 0xFFC0, 0xFFC00000).
constexpr uint64_t invalidNaNBits(ElemKind k) {
  return k == ElemKind::F16 ? 0xFE00 : k == ElemKind::BF16 ? 0xFFC0 : 0xFFC00000u;
}
/// A NaN made quiet, payload kept (the quiet bit is the mantissa's top bit).
constexpr uint64_t quietNaNBits(ElemKind k, uint64_t bits) {
  return bits | (k == ElemKind::F16 ? 0x0200 : k == ElemKind::BF16 ? 0x0040 : 0x00400000u);
}

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_LANEARITH_H
