//===- UnsupportedForms.h - vendor overloads the twin does not model -*- C++ -*-===//
//
// Overloads of the vendor's Reg API (regapi-facts.md §1, dav3510-facts.md
// §3) beside the forms the twin supports: each one declared here fails to
// compile with a static_assert naming the call and the form, instead of a
// "no matching function" list of the supported overloads. Written from the
// documented signatures; the parameter types are only as precise as needed
// to catch the form without taking a supported call.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_UNSUPPORTEDFORMS_H
#define ASCREG_ASCENDC_TWIN_UNSUPPORTEDFORMS_H

#include "ascreg/AscendC/twin/ArithOps.h"
#include "ascreg/AscendC/twin/RegOps.h"

namespace AscendC {
namespace Reg {

/// The vendor's address register of the AddrReg load / store forms; no
/// function of the twin takes one.
struct AddrReg {};

// Add / Sub with a carry (borrow) output mask: `Sub(carry, dst, src0, src1,
// mask)` (regapi-ops-facts.md §3; i32 / u32 only on the NPU).
#define ASCREG_TWIN_CARRY_FORM(NAME)                                                               \
  template <typename T = DefaultType, MaskMergeMode mode = MaskMergeMode::ZEROING, typename U>     \
  ASCREG_OP("unsupported")                                                                         \
  void NAME(MaskReg &, U &, U &, U &, const MaskReg &) {                                           \
    static_assert(ascreg::twin::kUnsupported<U>,                                                   \
                  #NAME " with a carry output mask is not supported by the ascreg host twin yet"); \
  }
ASCREG_TWIN_CARRY_FORM(Add)
ASCREG_TWIN_CARRY_FORM(Sub)
#undef ASCREG_TWIN_CARRY_FORM

// Abs of a complex register into a real one: the destination and source
// registers have different types (regapi-ops-facts.md §5).
template <typename T = DefaultType, typename U = DefaultType,
          MaskMergeMode mode = MaskMergeMode::ZEROING, typename S, typename V,
          std::enable_if_t<!std::is_same_v<S, V>, int> = 0>
ASCREG_OP("unsupported")
void Abs(S &, V &, const MaskReg &) {
  static_assert(ascreg::twin::kUnsupported<S, V>,
                "Abs of a complex register into a real one (a source register of another type "
                "than the destination) is not supported by the ascreg host twin yet");
}

// The dual-register loads and stores (DIST_DINTLV_Bn / DIST_INTLV_Bn):
// `LoadAlign<T, dist>(dst0, dst1, src)`, `StoreAlign<T, dist>(dst, src0,
// src1, mask)`, and DataCopy likewise.
#define ASCREG_TWIN_DUAL_FORMS(LOAD, STORE)                                                        \
  template <typename T = DefaultType, auto dist = LoadDist::DIST_NORM, typename U,                 \
            typename... Rest, std::enable_if_t<kIsRegTensor<U>, int> = 0>                          \
  ASCREG_OP("unsupported")                                                                         \
  void LOAD(U &, U &, __ubuf__ T *, Rest &&...) {                                                  \
    static_assert(ascreg::twin::kUnsupported<U>,                                                   \
                  #LOAD " into two registers (DIST_DINTLV_Bn) is not supported by the ascreg "     \
                        "host twin yet");                                                          \
  }                                                                                                \
  template <typename T = DefaultType, auto dist = StoreDist::DIST_NORM, typename U,                \
            typename... Rest, std::enable_if_t<kIsRegTensor<U>, int> = 0>                          \
  ASCREG_OP("unsupported")                                                                         \
  void STORE(__ubuf__ T *, U &, U &, Rest &&...) {                                                 \
    static_assert(ascreg::twin::kUnsupported<U>,                                                   \
                  #STORE " of two registers (DIST_INTLV_Bn) is not supported by the ascreg host "  \
                         "twin yet");                                                              \
  }
ASCREG_TWIN_DUAL_FORMS(LoadAlign, StoreAlign)
ASCREG_TWIN_DUAL_FORMS(DataCopy, DataCopy)
#undef ASCREG_TWIN_DUAL_FORMS

// The loads and stores of a MaskReg (plds / psts) and the AddrReg forms.
template <typename T = DefaultType, auto... V>
ASCREG_OP("unsupported")
void LoadAlign(MaskReg &, __ubuf__ T *, ...) {
  static_assert(ascreg::twin::kUnsupported<T>,
                "LoadAlign of a MaskReg is not supported by the ascreg host twin yet");
}
template <typename T = DefaultType, auto... V>
ASCREG_OP("unsupported")
void StoreAlign(__ubuf__ T *, MaskReg &, ...) {
  static_assert(ascreg::twin::kUnsupported<T>,
                "StoreAlign of a MaskReg is not supported by the ascreg host twin yet");
}
template <typename T = DefaultType, auto... V, typename U>
ASCREG_OP("unsupported")
void LoadAlign(U &, __ubuf__ T *, AddrReg, ...) {
  static_assert(ascreg::twin::kUnsupported<U>,
                "LoadAlign with an AddrReg offset is not supported by the ascreg host twin yet");
}
template <typename T = DefaultType, auto... V, typename U>
ASCREG_OP("unsupported")
void StoreAlign(__ubuf__ T *, U &, AddrReg, ...) {
  static_assert(ascreg::twin::kUnsupported<U>,
                "StoreAlign with an AddrReg offset is not supported by the ascreg host twin yet");
}

// More calls the twin has no function for (dav3510-facts.md §3; the others
// are at the end of RegOps.h).
ASCREG_TWIN_UNSUPPORTED(AddC)
ASCREG_TWIN_UNSUPPORTED(SubC)
ASCREG_TWIN_UNSUPPORTED(Mull)
ASCREG_TWIN_UNSUPPORTED(Log)
ASCREG_TWIN_UNSUPPORTED(Log2)
ASCREG_TWIN_UNSUPPORTED(Log10)
ASCREG_TWIN_UNSUPPORTED(Move)
ASCREG_TWIN_UNSUPPORTED(Unsqueeze)
ASCREG_TWIN_UNSUPPORTED(GatherMask)
ASCREG_TWIN_UNSUPPORTED(PrefixSum)
ASCREG_TWIN_UNSUPPORTED(StoreUnAlignPost)
ASCREG_TWIN_UNSUPPORTED(CreateAddrReg)

} // namespace Reg
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_UNSUPPORTEDFORMS_H
