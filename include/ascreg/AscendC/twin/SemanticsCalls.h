//===- SemanticsCalls.h - checked calls into the semantics library -*- C++ -*-===//
//
// The one place where the twin's API calls (Reg and C forms) reach the
// semantics library: each function checks what the ascreg verifier or the
// interpreter would (the legal type tables, UB bounds and alignment) with
// an error at the user's call, then calls the op's semantics entry point
// under ascreg_host::profile() (the semantic profile and CTRL state every
// path runs with). Inputs are copied first, so a destination may alias a
// source (`Add(acc, acc, x, m)`). With tracing on, each then records its
// ascreg op at the user's call (Trace.h).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_SEMANTICSCALLS_H
#define ASCREG_ASCENDC_TWIN_SEMANTICSCALLS_H

#include "ascreg/AscendC/twin/RegTypes.h"
#include "ascreg/AscendC/twin/Trace.h"
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

/// A first-element store (DIST_FIRST_ELEMENT_Bn, LaneFormOps.h): not a NORM
/// store's overload.
constexpr bool isFirstElementDist(AscendC::Reg::StoreDist d) {
  using D = AscendC::Reg::StoreDist;
  return d == D::DIST_FIRST_ELEMENT_B8 || d == D::DIST_FIRST_ELEMENT_B16 ||
         d == D::DIST_FIRST_ELEMENT_B32;
}

/// A register load of type `t` from UB pointer `src` into `out` (at
/// `outAddr`, the user's register).
inline void loadRegister(const void *src, S::RegType t, S::Reg &out, const void *outAddr,
                         const char *call, const Loc &loc) {
  const uint8_t *p = checkRegisterRead(src, t.bytes(), call, loc);
  S::loadAlign(t, p, out);
  if (trace::Recorder *tr = trace::call(loc)) {
    trace::Recorder::Memory m = tr->memory(src, t.elem, 0, t.bytes(), /*exactBase=*/false);
    S::RegType mt = trace::memoryRegType(t, m.region->kind);
    std::string load = "ascreg.load_align %" + m.region->name + "[" + m.offset +
                       "] : " + m.region->type() + " -> " + trace::vregType(mt);
    if (mt == t)
      tr->defReg(outAddr, out, t, load);
    else
      tr->defReg(outAddr, out, t, tr->bitcastOf(tr->temp(load), mt, t));
  }
}
template <class T, class R> void loadAlign(R &dst, const T *src, const char *call, const Loc &loc) {
  checkMemoryType<T, R>();
  loadRegister(src, R::regType(), dst.bits(), &dst, call, loc);
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

/// A store of the active lanes of register `src` (at `srcAddr`) to UB
/// pointer `dst`.
inline void storeRegister(void *dst, const S::Reg &src, const void *srcAddr, S::RegType t,
                          const vector_bool &mask, const char *call, const Loc &loc) {
  uint64_t first, last;
  activeBytes(t, mask.m, first, last);
  uint8_t *p = checkWrite(dst, first, last, /*aligned=*/true, call, loc);
  trace::Recorder *tr = trace::call(loc);
  trace::Recorder::Memory m;
  if (tr) {
    std::string v = tr->reg(srcAddr, src, t), mk = tr->mask(&mask, mask.m);
    m = tr->memory(dst, t.elem, first, last, /*exactBase=*/false);
    S::RegType mt = trace::memoryRegType(t, m.region->kind);
    if (!(mt == t))
      v = tr->temp(tr->bitcastOf(v, t, mt));
    tr->emit("ascreg.store_align " + v + ", %" + m.region->name + "[" + m.offset + "], " + mk +
             " : " + trace::vregType(mt) + ", " + m.region->type());
  }
  S::storeAlign(t, src, mask.m, p);
  if (tr)
    tr->stored(*m.region, m.byteOffset + first, m.byteOffset + last);
}
template <class T, class R>
void storeAlign(T *dst, const R &src, const vector_bool &mask, const char *call, const Loc &loc) {
  checkMemoryType<T, R>();
  storeRegister(dst, src.bits(), &src, R::regType(), mask, call, loc);
}

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

inline void updateMask(S::RegType t, uint32_t &count, vector_bool &out, const Loc &loc) {
  uint32_t in = count, rest = 0;
  S::updateMask(t, in, out.m, rest);
  count = rest;
  if (trace::Recorder *tr = trace::call(loc))
    tr->defMask(&out, out.m, "ascreg.update_mask " + tr->i32(in) + " for " + trace::vregType(t),
                "rest");
}
inline void createMask(S::RegType t, S::MaskPattern pattern, vector_bool &out, const Loc &loc) {
  S::createMask(t, pattern, out.m);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defMask(&out, out.m,
                std::string("ascreg.create_mask <") + trace::patternName(pattern) + "> for " +
                    trace::vregType(t));
}
/// The vendor's mask logic `dst = op(a[, b]) & governing` on all 256 bits
/// (pnot / pand / por): mask_not over u8 lanes, mask_and / mask_or, then
/// mask_and with the governing mask.
enum class MaskLogic { Not, And, Or };
inline void maskLogic(MaskLogic op, vector_bool &dst, const vector_bool &a, const vector_bool *b,
                      const vector_bool &governing, const Loc &loc) {
  S::Mask x = a.m, g = governing.m, y = b ? b->m : S::Mask{};
  trace::Recorder *tr = trace::call(loc);
  std::string tx, ty, tg;
  if (tr) {
    tx = tr->mask(&a, x);
    ty = b ? tr->mask(b, y) : "";
    tg = tr->mask(&governing, g);
  }
  for (unsigned w = 0; w < 4; ++w)
    dst.m.w[w] = (op == MaskLogic::Not   ? ~x.w[w]
                  : op == MaskLogic::And ? x.w[w] & y.w[w]
                                         : x.w[w] | y.w[w]) &
                 g.w[w];
  if (tr) {
    std::string inner =
        op == MaskLogic::Not
            ? tr->temp("ascreg.mask_not " + tx + " for " +
                       trace::vregType(S::RegType{S::ElemKind::U8}))
            : tr->temp(std::string(op == MaskLogic::And ? "ascreg.mask_and " : "ascreg.mask_or ") +
                       tx + ", " + ty);
    tr->defMask(&dst, dst.m, "ascreg.mask_and " + inner + ", " + tg);
  }
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
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, dst,
               std::string("ascreg.reduce <") + reduceName(k) + "> " + tr->reg(&in, a, src) + ", " +
                   tr->mask(&mask, mask.m) + " : " + trace::vregType(src) + " -> " +
                   trace::vregType(dst));
}

inline void pairReduceSum(S::RegType t, const S::Reg &in, const vector_bool &mask, S::Reg &out,
                          const char *call, const Loc &loc) {
  requireLegal(S::isLegalPairReduce(t), call, "pair_reduce_sum of " + typeName(t), loc);
  S::Reg a = in;
  S::pairReduceSum(ascreg_host::profile(), t, a, mask.m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               "ascreg.pair_reduce_sum " + tr->reg(&in, a, t) + ", " + tr->mask(&mask, mask.m) +
                   " : " + trace::vregType(t));
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
  S::Mask m = mask.m;
  S::Status st = S::gather(ascreg_host::profile(), dst, src, index, ub().data() + a,
                           (ub().capacity() - a) / unitBytes, i, m, out);
  if (!st.ok)
    fail(loc, call,
         "lane " + std::to_string(st.lane) + " gathers index " + std::to_string(st.value) + " of " +
             std::to_string(unitBytes) + "-byte elements from UB " + hexAddress(a) +
             ", outside the Unified Buffer of " + std::to_string(ub().capacity()) + " bytes");
  if (trace::Recorder *tr = trace::call(loc)) {
    std::string ti = tr->reg(&idx, i, index), tm = tr->mask(&mask, m);
    // The base is the parameter; the elements the active lanes read are synced.
    trace::Recorder::Memory mem = tr->memory(base, src, 0, 0, /*exactBase=*/true);
    unsigned stride = S::gatherMaskStride(ascreg_host::profile(), dst, src);
    unsigned ib = S::elemBytes(index.elem);
    for (unsigned l = 0; l < dst.lanes(); ++l)
      if (m.bit(stride * l)) {
        uint64_t e = 0;
        std::memcpy(&e, i.b + uint64_t(l) * ib, ib);
        if (index.elem == S::ElemKind::U64)
          e &= 0xFFFFFFFFu;
        tr->sync(*mem.region, e * unitBytes, (e + 1) * unitBytes);
      }
    tr->defReg(&out, out, dst,
               "ascreg.gather %" + mem.region->name + "[" + ti + "], " + tm + " : " +
                   mem.region->type() + ", " + trace::vregType(index) + " -> " +
                   trace::vregType(dst));
  }
}

inline void gatherReg(S::RegType t, const S::Reg &src, S::RegType index, const S::Reg &idx,
                      S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalGatherReg(t, index), call,
               "gather_reg of " + typeName(t) + " with " + typeName(index) + " indices", loc);
  S::Reg a = src, i = idx;
  S::gatherReg(t, a, i, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               "ascreg.gather_reg " + tr->reg(&src, a, t) + "[" + tr->reg(&idx, i, index) +
                   "] : " + trace::vregType(t) + ", " + trace::vregType(index));
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

/// The ascreg spelling of a predicate, in ComparePred order.
inline const char *comparePredName(S::ComparePred p) {
  static const char *const names[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return names[unsigned(p)];
}

inline void compare(S::ComparePred p, S::RegType t, const S::Reg &a, const S::Reg &b,
                    const vector_bool &mask, vector_bool &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalCompare(t), call, "compare of " + typeName(t), loc);
  S::Reg x = a, y = b;
  S::Mask m = mask.m;
  S::compare(ascreg_host::profile(), p, t, x, y, m, out.m);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defMask(&out, out.m,
                std::string("ascreg.compare <") + comparePredName(p) + "> " + tr->reg(&a, x, t) +
                    ", " + tr->reg(&b, y, t) + ", " + tr->mask(&mask, m) + " : " +
                    trace::vregType(t));
}

/// dst = mask ? a : b, lane by lane.
inline void select(S::RegType t, const vector_bool &mask, const S::Reg &a, const S::Reg &b,
                   S::Reg &out, const Loc &loc) {
  S::Reg x = a, y = b;
  S::Mask m = mask.m;
  S::select(t, m, x, y, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               "ascreg.select " + tr->mask(&mask, m) + ", " + tr->reg(&a, x, t) + ", " +
                   tr->reg(&b, y, t) + " : " + trace::vregType(t));
}

inline const char *binaryName(S::BinaryKind k) {
  return k == S::BinaryKind::Add ? "add" : k == S::BinaryKind::Max ? "max" : "min";
}

inline void binary(S::BinaryKind k, S::RegType t, const S::Reg &a, const S::Reg &b,
                   const vector_bool &mask, S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalBinary(t), call, std::string(call) + " of " + typeName(t), loc);
  S::Reg x = a, y = b;
  S::Mask m = mask.m;
  S::binary(ascreg_host::profile(), k, t, x, y, m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               std::string("ascreg.") + binaryName(k) + " " + tr->reg(&a, x, t) + ", " +
                   tr->reg(&b, y, t) + ", " + tr->mask(&mask, m) + " : " + trace::vregType(t));
}

/// Every lane (or every active lane, inactive ones 0) set to `bits`.
inline void duplicate(S::RegType t, uint64_t bits, const vector_bool *mask, S::Reg &out,
                      const Loc &loc) {
  S::Mask m = mask ? mask->m : S::Mask{};
  S::duplicate(t, bits, mask ? &m : nullptr, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               "ascreg.duplicate " + tr->constant(t.elem, bits) +
                   (mask ? ", " + tr->mask(mask, m) : std::string()) + " : " +
                   trace::scalarType(t.elem) + " -> " + trace::vregType(t));
}
inline void arange(S::RegType t, uint64_t start, S::Reg &out, const char *call, const Loc &loc) {
  requireLegal(S::isLegalArange(t), call, "arange of " + typeName(t), loc);
  S::arange(t, start, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, t,
               "ascreg.arange " + tr->constant(t.elem, start) + " : " + trace::scalarType(t.elem) +
                   " -> " + trace::vregType(t));
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
  S::Mask m = mask.m;
  S::cast(ascreg_host::profile(), spec, a, m, out);
  if (trace::Recorder *tr = trace::call(loc)) {
    S::RegType from{src}, to{dst};
    std::string op = "ascreg.cast " + tr->reg(&in, a, from) + ", " + tr->mask(&mask, m);
    if (pair->hasRound)
      op += std::string(" round <") + S::roundModeName(spec.round) + ">";
    if (pair->hasSat)
      op += spec.satOperand ? " sat <on>" : " sat <off>";
    if (pair->parts)
      op += std::string(" part <") + S::castPartName(spec.part, pair->parts) + ">";
    tr->defReg(&out, out, to, op + " : " + trace::vregType(from) + " -> " + trace::vregType(to));
  }
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
  S::Mask m = mask.m;
  S::truncate(ascreg_host::profile(), t, round.mode, a, m, out);
  if (trace::Recorder *tr = trace::call(loc))
    tr->defReg(&out, out, S::RegType{t},
               "ascreg.truncate " + tr->reg(&in, a, S::RegType{t}) + ", " + tr->mask(&mask, m) +
                   " round <" + S::roundModeName(round.mode) +
                   "> : " + trace::vregType(S::RegType{t}));
}

} // namespace twin
} // namespace ascreg

#endif // ASCREG_ASCENDC_TWIN_SEMANTICSCALLS_H
