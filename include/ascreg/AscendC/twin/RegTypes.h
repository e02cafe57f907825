//===- RegTypes.h - the Reg API's types and enums on the host ---*- C++ -*-===//
//
// The types of the vendor's Reg API (AscendC::Reg, alias AscendC::MicroAPI)
// for the host twin: RegTensor<T, RegTrait>, MaskReg, RegTrait, CastTrait
// and the enums with the vendor's enumerator values (regapi-facts.md §1,
// dav3510-facts.md §3). Written from those facts; nothing is copied from the
// vendor's headers.
//
// A RegTensor holds the register's bits as the semantics library does
// (semantics::Reg: 256 bytes, 512 for the 64-bit two-register form, logical
// lanes in natural order). Every RegTensor has the same layout and is
// may_alias, so the vendor's reference casts `(RegTensor<uint16_t>&)reg`
// reinterpret the bits, as on the NPU.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_REGTYPES_H
#define ASCREG_ASCENDC_TWIN_REGTYPES_H

#include "ascreg/AscendC/twin/Core.h"

#include <cstdint>
#include <type_traits>

namespace AscendC {
namespace Reg {

/// The "no type given" default of the functions' first template parameter.
struct DefaultType {};

/// The vendor's MaskPattern values (ALL = 0 ... VL128 = 9, M3, M4, H, Q, ALLF =
/// 15) are the semantics library's: one enum.
using MaskPattern = ascreg::semantics::MaskPattern;
enum class MaskMergeMode { UNKNOWN, MERGING, ZEROING };
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };
enum class PairReduce { SUM = 0 };
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class RoundMode : uint8_t {
  CAST_NONE = 0,
  CAST_RINT,
  CAST_FLOOR,
  CAST_CEIL,
  CAST_ROUND,
  CAST_TRUNC,
  CAST_ODD,
  CAST_HYBRID,
  CAST_EVEN,
  CAST_ZERO,
  UNKNOWN = 0xFF
};
enum class RegLayout { UNKNOWN = -1, ZERO, ONE, TWO, THREE };
enum class SatMode { UNKNOWN = -1, NO_SAT, SAT };
enum class IndexOrder { INCREASE_ORDER, DECREASE_ORDER };
enum class HighLowPart { LOWEST, HIGHEST };
enum class PostLiteral { POST_MODE_NORMAL, POST_MODE_UPDATE };
enum class LoadDist {
  DIST_NORM = 0,
  DIST_BRC_B8,
  DIST_BRC_B16,
  DIST_BRC_B32,
  DIST_US_B8 = 6,
  DIST_US_B16,
  DIST_DS_B8,
  DIST_DS_B16,
  DIST_BDINTLV,
  DIST_DINTLV_B8,
  DIST_DINTLV_B16,
  DIST_UNPACK_B8,
  DIST_UNPACK_B16,
  DIST_BLK,
  DIST_E2B_B16,
  DIST_E2B_B32,
  DIST_UNPACK_B32,
  DIST_DINTLV_B32,
  DIST_UNPACK4_B8,
  DIST_SPLT4CHN_B8,
  DIST_SPLT2CHN_B8,
  DIST_SPLT2CHN_B16
};
enum class StoreDist {
  DIST_NORM_B8 = 0,
  DIST_NORM_B16,
  DIST_NORM_B32,
  DIST_FIRST_ELEMENT_B8,
  DIST_FIRST_ELEMENT_B16,
  DIST_FIRST_ELEMENT_B32,
  DIST_PACK_B16,
  DIST_PACK_B32,
  DIST_INTLV_B8,
  DIST_INTLV_B16,
  DIST_PACK_B64,
  DIST_INTLV_B32,
  DIST_PACK4_B32,
  DIST_MRG4CHN_B8,
  DIST_MRG2CHN_B8,
  DIST_MRG2CHN_B16,
  DIST_NORM
};

struct CastTrait {
  RegLayout layoutMode = RegLayout::UNKNOWN;
  SatMode satMode = SatMode::UNKNOWN;
  MaskMergeMode mrgMode = MaskMergeMode::UNKNOWN;
  RoundMode roundMode = RoundMode::UNKNOWN;
};
inline constexpr CastTrait castTrait{};

struct RegTrait {
  int REG_NUM = 1;
};
inline constexpr RegTrait RegTraitNumOne{1};
inline constexpr RegTrait RegTraitNumTwo{2};

/// A predicate register (256 bits, one per data byte): the C API's
/// vector_bool.
using MaskReg = vector_bool;

} // namespace Reg
} // namespace AscendC

namespace ascreg {
namespace twin {

/// The element kind of a scalar type of the API (ElemKind of `void` for a
/// type that has none).
template <class T> struct ElemOf {
  static constexpr bool valid = false;
};
#define ASCREG_TWIN_ELEM(TYPE, KIND)                                                               \
  template <> struct ElemOf<TYPE> {                                                                \
    static constexpr bool valid = true;                                                            \
    static constexpr S::ElemKind kind = S::ElemKind::KIND;                                         \
  };
ASCREG_TWIN_ELEM(int8_t, I8)
ASCREG_TWIN_ELEM(uint8_t, U8)
ASCREG_TWIN_ELEM(int16_t, I16)
ASCREG_TWIN_ELEM(uint16_t, U16)
ASCREG_TWIN_ELEM(half, F16)
ASCREG_TWIN_ELEM(bfloat16_t, BF16)
ASCREG_TWIN_ELEM(int32_t, I32)
ASCREG_TWIN_ELEM(uint32_t, U32)
ASCREG_TWIN_ELEM(float, F32)
ASCREG_TWIN_ELEM(int64_t, I64)
ASCREG_TWIN_ELEM(uint64_t, U64)
#undef ASCREG_TWIN_ELEM
} // namespace twin
} // namespace ascreg

namespace AscendC {
namespace Reg {

/// One register of T lanes (RegTraitNumTwo: the 64-bit two-register form).
template <typename T, const RegTrait &regTrait = RegTraitNumOne>
struct __attribute__((may_alias)) RegTensor {
  static_assert(
      ascreg::twin::ElemOf<T>::valid,
      "RegTensor<T>: T is not an element type of the Reg API (int8_t, uint8_t, "
      "int16_t, uint16_t, half, bfloat16_t, int32_t, uint32_t, float, int64_t, uint64_t)");
  static_assert(regTrait.REG_NUM == 1 || (regTrait.REG_NUM == 2 && sizeof(T) == 8),
                "RegTensor: RegTraitNumTwo is for 64-bit elements only");
  using ActualT = T;
  static constexpr int REG_NUM = regTrait.REG_NUM;
  static constexpr ascreg::semantics::ElemKind kind = ascreg::twin::ElemOf<T>::kind;
  /// The register type the semantics library computes with.
  static constexpr ascreg::semantics::RegType regType() {
    return ascreg::semantics::RegType{kind, uint8_t(REG_NUM)};
  }

  ascreg_host::Vec<kind> vec; // bits [0, 256 * REG_NUM)

  /// The C API's register (vector_float, ...): the same bits.
  operator ascreg_host::Vec<kind> &() { return vec; }
  operator const ascreg_host::Vec<kind> &() const { return vec; }
  ascreg::semantics::Reg &bits() { return vec.r; }
  const ascreg::semantics::Reg &bits() const { return vec.r; }
};

} // namespace Reg
} // namespace AscendC

namespace ascreg {
namespace twin {

template <class R> struct IsRegTensor : std::false_type {};
template <class T, const AscendC::Reg::RegTrait &Tr>
struct IsRegTensor<AscendC::Reg::RegTensor<T, Tr>> : std::true_type {};
template <class R> inline constexpr bool kIsRegTensor = IsRegTensor<std::remove_cv_t<R>>::value;

/// T, if given, must be the register's element type (the vendor checks it).
template <class Given, class Actual>
inline constexpr bool kTypeMatches =
    std::is_same_v<Given, AscendC::Reg::DefaultType> || std::is_same_v<Given, Actual>;

/// The register type of a call's T and RegTrait (UpdateMask, CreateMask).
template <class T, const AscendC::Reg::RegTrait &Tr> constexpr S::RegType regTypeOf() {
  static_assert(ElemOf<T>::valid, "not an element type of the Reg API");
  return S::RegType{ElemOf<T>::kind, uint8_t(Tr.REG_NUM)};
}

/// "f32", "i64x2": the ascreg spelling of a register type in messages.
inline std::string typeName(S::RegType t) {
  return std::string(S::elemName(t.elem)) + (t.numRegs == 2 ? "x2" : "");
}

} // namespace twin
} // namespace ascreg

#endif // ASCREG_ASCENDC_TWIN_REGTYPES_H
