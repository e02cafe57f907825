//===- SemanticsCalls.h - checked calls into the semantics library -*- C++ -*-===//
//
// The one place where the twin's API calls (Reg and C forms) reach the
// semantics library: each function checks what the ascreg verifier or the
// interpreter would (the legal type tables, UB bounds and alignment) with
// an error at the user's call, then calls the op's semantics entry point
// under ascreg_host::profile() (the semantic profile and CTRL state every
// path runs with). Inputs are copied first, so a destination may alias a
// source (`Add(acc, acc, x, m)`).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_SEMANTICSCALLS_H
#define ASCREG_ASCENDC_TWIN_SEMANTICSCALLS_H

#include "ascreg/AscendC/twin/RegTypes.h"
#include "ascreg/AscendC/twin/UB.h"

#include <string>
#include <type_traits>

namespace ascreg {
namespace twin {

inline void requireLegal(bool legal, const char *call, const std::string &what, const Loc &loc) {
  if (!legal)
    fail(loc, call,
         what + " is not a legal type combination (docs/semantics.md lists the legal "
                "ones)");
}

/// The raw bits of `v` as an element of type T (converted as C++ converts,
/// bfloat16_t from a number rounding to nearest even).
template <class T, class U> uint64_t scalarBits(U v) {
  if constexpr (std::is_same_v<T, bfloat16_t>) {
    if constexpr (std::is_same_v<U, bfloat16_t>)
      return v.bits;
    else
      return S::f32ToBF16(static_cast<float>(v));
  } else {
    return ascreg_host::bitsOf(static_cast<T>(v));
  }
}

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

/// The memory element type of a load / store must have the register's size.
template <class T, class R> constexpr void checkMemoryType() {
  using M = std::remove_cv_t<T>;
  static_assert(ElemOf<M>::valid, "the __ubuf__ pointer's element type is not a Reg API type");
  static_assert(sizeof(M) == sizeof(typename R::ActualT),
                "the __ubuf__ pointer's element type and the register's differ in size");
}
template <class T> constexpr bool isNormStore(AscendC::Reg::StoreDist d) {
  using D = AscendC::Reg::StoreDist;
  constexpr unsigned bytes = sizeof(T) == 8 ? 4 : sizeof(T);
  return d == D::DIST_NORM || (d == D::DIST_NORM_B8 && bytes == 1) ||
         (d == D::DIST_NORM_B16 && bytes == 2) || (d == D::DIST_NORM_B32 && bytes == 4);
}

template <class T, class R> void loadAlign(R &dst, const T *src, const char *call, const Loc &loc) {
  checkMemoryType<T, R>();
  constexpr S::RegType t = R::regType();
  const uint8_t *p = checkRegisterRead(src, t.bytes(), call, loc);
  S::loadAlign(t, p, dst.bits());
}

/// The UB bytes [first, last) that a store of mask `m` writes, relative to
/// its address (first == last: none).
inline void activeBytes(S::RegType t, const S::Mask &m, uint64_t &first, uint64_t &last) {
  first = last = 0;
  unsigned w = S::elemBytes(t.elem);
  bool any = false;
  for (unsigned i = 0; i < t.lanes(); ++i)
    if (m.laneActive(t, i)) {
      if (!any)
        first = uint64_t(i) * w;
      last = uint64_t(i + 1) * w;
      any = true;
    }
}

template <class T, class R>
void storeAlign(T *dst, const R &src, const vector_bool &mask, const char *call, const Loc &loc) {
  checkMemoryType<T, R>();
  constexpr S::RegType t = R::regType();
  uint64_t first, last;
  activeBytes(t, mask.m, first, last);
  uint8_t *p = checkWrite(dst, first, last, /*aligned=*/true, call, loc);
  S::storeAlign(t, src.bits(), mask.m, p);
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

inline S::ReduceKind reduceKind(AscendC::Reg::ReduceType t) {
  return t == AscendC::Reg::ReduceType::MAX   ? S::ReduceKind::Max
         : t == AscendC::Reg::ReduceType::MIN ? S::ReduceKind::Min
                                              : S::ReduceKind::Sum;
}
inline const char *reduceName(S::ReduceKind k) {
  return k == S::ReduceKind::Sum ? "sum" : k == S::ReduceKind::Max ? "max" : "min";
}

inline void reduce(S::ReduceKind k, S::RegType dst, S::RegType src, const S::Reg &in,
                   const vector_bool &mask, S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalReduce(k, dst, src), call,
               std::string("reduce <") + reduceName(k) + "> from " + typeName(src) + " to " +
                   typeName(dst),
               loc);
  S::Reg a = in;
  S::reduce(ascreg_host::profile(), k, dst, src, a, mask.m, out);
}

inline void pairReduceSum(S::RegType t, const S::Reg &in, const vector_bool &mask, S::Reg &out,
                          const char *call, const Loc &loc) {
  requireLegal(S::isLegalPairReduce(t), call, "pair_reduce_sum of " + typeName(t), loc);
  S::Reg a = in;
  S::pairReduceSum(ascreg_host::profile(), t, a, mask.m, out);
}

/// A gather of `dst` lanes from the UB elements of `unitBytes` bytes at
/// `base`: the base aligned, every active index inside UB.
inline void gather(S::RegType dst, const void *base, unsigned unitBytes, S::RegType index,
                   const S::Reg &idx, const vector_bool &mask, S::Reg &out, const char *call,
                   const Loc &loc) {
  S::ElemKind src = S::gatherSourceKind(dst.elem, unitBytes);
  requireLegal(S::isLegalGather(dst, src, index), call,
               "gather of " + typeName(dst) + " from " + S::elemName(src) + " with " +
                   typeName(index) + " indices",
               loc);
  uint64_t a = ubAddress(base, call, loc);
  checkAligned(a, call, loc);
  S::Reg i = idx;
  S::Status st = S::gather(ascreg_host::profile(), dst, src, index, ub().data() + a,
                           (ub().capacity() - a) / unitBytes, i, mask.m, out);
  if (!st.ok)
    fail(loc, call,
         "lane " + std::to_string(st.lane) + " gathers index " + std::to_string(st.value) + " of " +
             std::to_string(unitBytes) + "-byte elements from UB " + hexAddress(a) +
             ", outside the Unified Buffer of " + std::to_string(ub().capacity()) + " bytes");
}

inline void gatherReg(S::RegType t, const S::Reg &src, S::RegType index, const S::Reg &idx,
                      S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalGatherReg(t, index), call,
               "gather_reg of " + typeName(t) + " with " + typeName(index) + " indices", loc);
  S::Reg a = src, i = idx;
  S::gatherReg(t, a, i, out);
}

inline S::ComparePred comparePred(AscendC::Reg::CMPMODE m) {
  using C = AscendC::Reg::CMPMODE;
  switch (m) {
  case C::LT:
    return S::ComparePred::LT;
  case C::GT:
    return S::ComparePred::GT;
  case C::EQ:
    return S::ComparePred::EQ;
  case C::LE:
    return S::ComparePred::LE;
  case C::GE:
    return S::ComparePred::GE;
  case C::NE:
    break;
  }
  return S::ComparePred::NE;
}

inline void compare(S::ComparePred p, S::RegType t, const S::Reg &a, const S::Reg &b,
                    const vector_bool &mask, vector_bool &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalCompare(t), call, "compare of " + typeName(t), loc);
  S::Reg x = a, y = b;
  S::Mask m = mask.m;
  S::compare(ascreg_host::profile(), p, t, x, y, m, out.m);
}

inline void binary(S::BinaryKind k, S::RegType t, const S::Reg &a, const S::Reg &b,
                   const vector_bool &mask, S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalBinary(t), call, std::string(call) + " of " + typeName(t), loc);
  S::Reg x = a, y = b;
  S::binary(ascreg_host::profile(), k, t, x, y, mask.m, out);
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

/// The round mode of a CastTrait / Truncate (none: the pair's default).
struct RoundChoice {
  bool given = false;
  S::RoundMode mode = S::RoundMode::Rint;
  const char *unsupported = nullptr; // a vendor mode ascreg does not model
};
inline RoundChoice castRound(AscendC::Reg::RoundMode m) {
  using R = AscendC::Reg::RoundMode;
  switch (m) {
  case R::CAST_RINT:
    return {true, S::RoundMode::Rint};
  case R::CAST_ROUND:
    return {true, S::RoundMode::Round};
  case R::CAST_FLOOR:
    return {true, S::RoundMode::Floor};
  case R::CAST_CEIL:
    return {true, S::RoundMode::Ceil};
  case R::CAST_TRUNC:
    return {true, S::RoundMode::Trunc};
  case R::CAST_ODD:
    return {true, S::RoundMode::Odd};
  case R::CAST_HYBRID:
    return {true, S::RoundMode::Rint, "RoundMode::CAST_HYBRID"};
  case R::CAST_EVEN:
    return {true, S::RoundMode::Rint, "RoundMode::CAST_EVEN"};
  case R::CAST_ZERO:
    return {true, S::RoundMode::Rint, "RoundMode::CAST_ZERO"};
  case R::CAST_NONE:
  case R::UNKNOWN:
    break;
  }
  return {};
}
/// Truncate's CAST_NONE is RINT (cast-facts §2.1).
inline RoundChoice truncateRound(AscendC::Reg::RoundMode m) {
  RoundChoice r = castRound(m);
  if (!r.given)
    r = {true, S::RoundMode::Rint};
  return r;
}
inline S::CastPart castPart(AscendC::Reg::RegLayout l) {
  using L = AscendC::Reg::RegLayout;
  return l == L::ONE     ? S::CastPart::P1
         : l == L::TWO   ? S::CastPart::P2
         : l == L::THREE ? S::CastPart::P3
                         : S::CastPart::P0;
}

/// CAST_NONE on a rounding pair: RINT where the vendor's library makes it
/// RINT (cast-facts §2.1), else no mode ascreg models.
inline bool noneIsRint(S::ElemKind dst, S::ElemKind src) {
  using K = S::ElemKind;
  return (src == K::F32 && dst == K::F16) || (src == K::F16 && (dst == K::I8 || dst == K::U8)) ||
         (src == K::I16 && dst == K::F16) || (src == K::I32 && dst == K::F32);
}

inline void cast(S::ElemKind dst, S::ElemKind src, RoundChoice round, bool sat, S::CastPart part,
                 const S::Reg &in, const vector_bool &mask, S::Reg &out, const Loc &loc) {
  const S::CastPairInfo *pair = S::findCastPair(dst, src);
  S::CastSpec spec{dst, src};
  if (pair) {
    if (round.unsupported)
      fail(loc, "Cast",
           std::string(round.unsupported) + " is not supported by the ascreg host twin");
    if (pair->hasRound) {
      if (!round.given && !noneIsRint(dst, src))
        fail(loc, "Cast",
             "CastTrait without a round mode: give one for " + S::describeCastPair(*pair) +
                 " (the vendor's library picks a mode ascreg does not model)");
      spec.round = round.mode;
    }
    spec.satOperand = pair->hasSat && sat;
    spec.part = pair->parts ? part : S::CastPart::P0;
  }
  std::string error = S::castSpecError(spec);
  if (!error.empty())
    fail(loc, "Cast", error);
  S::Reg a = in;
  S::cast(ascreg_host::profile(), spec, a, mask.m, out);
}

inline void truncate(S::ElemKind t, RoundChoice round, const S::Reg &in, const vector_bool &mask,
                     S::Reg &out, const Loc &loc) {
  if (round.unsupported)
    fail(loc, "Truncate",
         std::string(round.unsupported) + " is not supported by the ascreg host twin");
  std::string error = S::truncateError(t, round.mode);
  if (!error.empty())
    fail(loc, "Truncate", error);
  S::Reg a = in;
  S::truncate(ascreg_host::profile(), t, round.mode, a, mask.m, out);
}

} // namespace twin
} // namespace ascreg

#endif // ASCREG_ASCENDC_TWIN_SEMANTICSCALLS_H
