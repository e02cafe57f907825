//===- HostIntrinsics.h - dav-3510 intrinsics on the host CPU ---*- C++ -*-===//
//
// A host (x86 / any CPU) implementation of the Ascend C vocabulary that
// `ascreg-translate --ascreg-to-ascendc` emits, so that emitted kernels
// compile with the host g++/clang++ and run bit-exactly like the ascreg
// interpreter: every intrinsic forwards to the semantics library
// (ascreg::semantics, link AscRegSemantics).
//
//   - address-space and function qualifiers: __ubuf__, __simd_vf__,
//     __simd_callee__, __aicore__ expand to nothing;
//   - register types with the C API names: vector_int8_t, vector_uint8_t,
//     vector_int16_t, vector_uint16_t, vector_half, vector_bfloat16_t,
//     vector_int32_t, vector_uint32_t, vector_float (one 256-byte register)
//     and vector_bool (256-bit predicate); a C-style cast between register
//     types reinterprets the bits, like the vendor's reference casts;
//   - scalar types half (_Float16) and bfloat16_t (16-bit storage); the
//     emitter spells their constants `__builtin_bit_cast(half, (uint16_t)
//     0x3C00U)` (g++ >= 11 and clang have the builtin; both types are
//     trivially copyable 16-bit types, so every bit pattern survives);
//   - mem_bar(VST_LD) ... (the vendor's MEM_TYPE literals): a no-op, the
//     host runs the pipes in program order;
//   - operand literals: MODE_ZEROING, POST_UPDATE, PAT_ALL ... PAT_ALLF,
//     NORM, DINTLV_B32, NORM_B8/B16/B32, ONEPT_B8/B16/B32, LOWER/HIGHER, POS_LOWEST, INC_ORDER;
//   - the intrinsics, in the out-parameter form the emitter produces
//     (docs/dav3510.md, "Emission conventions"): pset_bN, plt_bN, pand, por,
//     pxor, pnot, ppack, punpack, pintlv_b32, vlds, vsts, vcadd, vcmax, vcmin,
//     vcgadd, vcgmax, vcgmin, vcpadd, vgather2, vselr, vbr, vdup, vci, vcmp_*,
//     vsel, vadd, vmax,
//     vmin, vsub, vmul, vabs, vand, vor, vxor, vnot, vadds, vmuls, vmaxs,
//     vmins, vcmps_*, vshl, vshr, vshls, vshrs, vintlv, vdintlv, vcvt, vtrc;
//   - vector_int64_t / vector_uint64_t (one register of 32 64-bit lanes, the
//     64-bit side of vcvt) and the conversion literals ROUND_R ... ROUND_O,
//     RS_DISABLE / RS_ENABLE, PART_EVEN / PART_ODD, PART_P0 ... PART_P3;
//   - the CTRL register: get_ctrl / set_ctrl read and write
//     ascreg_host::profile().ctrl (bits 48, 50, 59, 60; the other bits are
//     kept as written), and asc_vf_call<f>(args...) calls the vector
//     function f.
//
// The Unified Buffer: a host program that sets ascreg_host::currentUB() to a
// semantics::UnifiedBuffer and passes pointers into it (placed by the
// placement rule, UnifiedBuffer::bindArguments) gets the interpreter's UB
// model: vlds / vsts / vgather2 may reach past their buffer but not outside
// UB (a runtime error, reported through ascreg_host::onRuntimeError), and
// vsts records what it writes so that only written buffers are copied back.
// Without a current UB, pointers are plain host pointers and are not
// checked. Scalar UB accesses (`x = p[i]`) are never checked. Not a model of
// the hardware's timing.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_HOSTINTRINSICS_H
#define ASCREG_ASCENDC_HOSTINTRINSICS_H

#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/Dav3510.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Semantics/RegApiForms.h"
#include "ascreg/Semantics/RuntimeError.h"
#include "ascreg/Semantics/ScalarForms.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/Shifts.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#define __ubuf__
#define __gm__
#define __simd_vf__
#define __simd_callee__
#define __aicore__
/// An emitted entry's UB scratch array (`__ubuf__ T name[n]` for the vendor
/// compiler): here an array in the modelled UB (ascreg_host::UBScratch).
#define ASCREG_UB_SCRATCH(T, name, n)                                                              \
  ::ascreg_host::UBScratch<T> name##_storage(n);                                                   \
  T *const name = name##_storage.data()

typedef _Float16 half;
struct bfloat16_t {
  uint16_t bits;
};

namespace ascreg_host {
namespace S = ::ascreg::semantics;
using S::ElemKind;

/// One register of lanes of kind K (the semantics' Reg; bytes [0, 256) used).
template <ElemKind K> struct Vec {
  static constexpr ElemKind kind = K;
  S::Reg r;
  Vec() { std::memset(&r, 0, sizeof(r)); }
  /// `(vector_uint32_t) v`: the same bits seen with other lanes.
  template <ElemKind J> explicit Vec(const Vec<J> &o) : r(o.r) {}
};
struct Pred {
  S::Mask m;
  Pred() { std::memset(&m, 0, sizeof(m)); }
};

template <ElemKind K> constexpr S::RegType rt() { return S::RegType{K, 1}; }
/// The predicate ops' lane types (as the interpreter: unsigned of the width).
constexpr S::RegType laneType(unsigned bits) {
  return S::RegType{bits == 8 ? ElemKind::U8 : bits == 16 ? ElemKind::U16 : ElemKind::U32, 1};
}
/// The semantic choices the intrinsics run with (a host program may set it).
/// Initially: the environment variable ASCREG_HOST_PROFILE if set, else the
/// macro ASCREG_HOST_PROFILE (the emitter defines it to the profile a kernel
/// was lowered with, `ascreg.semantics`), else the documented profile; the
/// value is a profile spelling (semantics::parseProfile). The environment
/// lets one build stand in for an NPU of any profile (docs/probes.md).
inline S::Profile initialProfile() {
  const char *spec = std::getenv("ASCREG_HOST_PROFILE");
#ifdef ASCREG_HOST_PROFILE
  if (!spec)
    spec = ASCREG_HOST_PROFILE;
#endif
  S::Profile p = S::documentedProfile();
  std::string error;
  if (spec && !S::parseProfile(spec, p, error)) {
    std::fprintf(stderr, "ASCREG_HOST_PROFILE: %s\n", error.c_str());
    std::exit(2);
  }
  return p;
}
inline S::Profile &profile() {
  static thread_local S::Profile p = initialProfile();
  return p;
}
/// The Unified Buffer the running kernel's pointers point into (none: plain
/// host pointers).
inline S::UnifiedBuffer *&currentUB() {
  static thread_local S::UnifiedBuffer *ub = nullptr;
  return ub;
}
/// Called with a runtime error of an intrinsic (default: print and abort).
inline void (*&onRuntimeError())(const S::RuntimeError &, const char *intrinsic) {
  static thread_local void (*handler)(const S::RuntimeError &, const char *) =
      [](const S::RuntimeError &e, const char *intrinsic) {
        std::fprintf(stderr, "%s: %s\n", intrinsic,
                     e.message(currentUB() ? currentUB()->capacity() : 0).c_str());
        std::abort();
      };
  return handler;
}
/// Checks a register access of `bytes` at `p` against the current UB;
/// false after reporting. `buffer` is where the access's pointer came from.
inline bool checkRegisterAccess(const void *p, uint64_t bytes, const char *intrinsic,
                                uint64_t alignment = S::kUBAlignment) {
  S::UnifiedBuffer *ub = currentUB();
  if (!ub)
    return true;
  int64_t addr = static_cast<const uint8_t *>(p) - ub->data();
  if (addr < 0 || !S::insideUB(static_cast<uint64_t>(addr), bytes, ub->capacity())) {
    onRuntimeError()(S::RuntimeError{S::RuntimeErrorKind::RegisterAccessOutsideUB,
                                     {0, addr, 1, static_cast<int64_t>(bytes)}},
                     intrinsic);
    return false;
  }
  if (addr % alignment != 0) {
    onRuntimeError()(S::RuntimeError{S::RuntimeErrorKind::MisalignedAccess, {0, addr, 1}},
                     intrinsic);
    return false;
  }
  return true;
}

/// A UB scratch array an emitted entry declares (ASCREG_UB_SCRATCH): with a
/// current UB, placed after everything placed so far (the interpreter's
/// memref.alloc rule: the same address, so the same alignment and bounds
/// checks) and released when the entry returns; one that does not fit is a
/// runtime error (AllocationExceedsUB). Without a current UB, host memory.
template <class T> class UBScratch {
public:
  explicit UBScratch(uint64_t n) {
    ub = currentUB();
    if (ub) {
      savedTop = ub->allocationTop();
      uint64_t at = 0;
      if (ub->allocate(n * sizeof(T), at)) {
        p = reinterpret_cast<T *>(ub->data() + at);
        return;
      }
      onRuntimeError()(S::RuntimeError{S::RuntimeErrorKind::AllocationExceedsUB,
                                       {static_cast<int64_t>(n * sizeof(T)),
                                        static_cast<int64_t>(S::alignToUB(savedTop))}},
                       "ASCREG_UB_SCRATCH");
    }
    host.assign(n * sizeof(T) + S::kUBAlignment, 0);
    uintptr_t a = reinterpret_cast<uintptr_t>(host.data());
    p = reinterpret_cast<T *>((a + S::kUBAlignment - 1) & ~uintptr_t(S::kUBAlignment - 1));
  }
  ~UBScratch() {
    if (ub)
      ub->setAllocationTop(savedTop);
  }
  UBScratch(const UBScratch &) = delete;
  UBScratch &operator=(const UBScratch &) = delete;
  T *data() const { return p; }

private:
  S::UnifiedBuffer *ub = nullptr;
  uint64_t savedTop = 0;
  std::vector<uint8_t> host;
  T *p = nullptr;
};

/// Raw bits of a scalar operand, zero-extended.
template <class T> uint64_t bitsOf(T v) {
  static_assert(sizeof(T) <= 8, "scalar operand wider than 64 bits");
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
template <class P> const uint8_t *bytes(const P *p) { return reinterpret_cast<const uint8_t *>(p); }
template <class P> uint8_t *bytes(P *p) { return reinterpret_cast<uint8_t *>(p); }

} // namespace ascreg_host

typedef ascreg_host::Vec<ascreg::semantics::ElemKind::I8> vector_int8_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::U8> vector_uint8_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::I16> vector_int16_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::U16> vector_uint16_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::F16> vector_half;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::BF16> vector_bfloat16_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::I32> vector_int32_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::U32> vector_uint32_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::F32> vector_float;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::I64> vector_int64_t;
typedef ascreg_host::Vec<ascreg::semantics::ElemKind::U64> vector_uint64_t;
typedef ascreg_host::Pred vector_bool;

// Operand literals (the vendor's spellings; values only matter on the host).
enum AscMergeMode { MODE_ZEROING };
enum AscPostMode { POST_UPDATE };
enum AscLoadDist { NORM, DINTLV_B32 };
enum AscStoreDist { NORM_B8, NORM_B16, NORM_B32, ONEPT_B8, ONEPT_B16, ONEPT_B32 };
enum AscHalfPart { LOWER, HIGHER };
enum AscPos { POS_LOWEST };
enum AscOrder { INC_ORDER };
// UB barrier directions (the vendor's MEM_TYPE, include/c_api/reg_compute/reg_vector.h).
enum AscMemType {
  VV_ALL,
  VST_VLD,
  VLD_VST,
  VST_VST,
  VS_ALL,
  VST_LD,
  VLD_ST,
  VST_ST,
  SV_ALL,
  ST_VLD,
  LD_VST,
  ST_VST,
  SS_ALL,
  ST_LD,
  LD_ST,
  ST_ST
};
/// Orders UB accesses of two pipes on the NPU; the host is in order already.
inline void mem_bar(AscMemType) {}
// Numeric values are the vendor's PAT_* encodings (ALLF = 15).
enum AscPattern {
  PAT_ALL = 0,
  PAT_VL1,
  PAT_VL2,
  PAT_VL3,
  PAT_VL4,
  PAT_VL8,
  PAT_VL16,
  PAT_VL32,
  PAT_VL64,
  PAT_VL128,
  PAT_M3,
  PAT_M4,
  PAT_H,
  PAT_Q,
  PAT_ALLF = 15
};

// Conversion operands (cast-facts §1 "Operand encodings"; the semantics
// library's RoundMode / CastPart share the numbering).
enum AscRound { ROUND_R = 0, ROUND_A, ROUND_F, ROUND_C, ROUND_Z, ROUND_O };
enum AscSat { RS_DISABLE = 0, RS_ENABLE = 1 };
enum AscPart { PART_EVEN = 0, PART_ODD = 1 };
enum AscPartT { PART_P0 = 0, PART_P1, PART_P2, PART_P3 };

namespace ascreg_host {
inline S::MaskPattern pattern(AscPattern p) { return static_cast<S::MaskPattern>(p); }
} // namespace ascreg_host

//===----------------------------------------------------------------------===//
// CTRL and vector-function calls (scalar code around the vector function)
//===----------------------------------------------------------------------===//

namespace ascreg_host {
/// The CTRL bits the semantics do not model, as last written.
inline uint64_t &ctrlOtherBits() {
  static thread_local uint64_t bits = S::kCtrlResetValue;
  return bits;
}
} // namespace ascreg_host

inline int64_t get_ctrl() {
  return static_cast<int64_t>(
      ascreg::semantics::encodeCtrl(ascreg_host::profile().ctrl, ascreg_host::ctrlOtherBits()));
}
inline void set_ctrl(int64_t value) {
  ascreg_host::ctrlOtherBits() = static_cast<uint64_t>(value);
  ascreg_host::profile().ctrl = ascreg::semantics::decodeCtrl(static_cast<uint64_t>(value));
}
/// `asc_vf_call<f>(args...)`: runs the vector function f.
template <auto F, class... A> inline void asc_vf_call(A... args) { F(args...); }

//===----------------------------------------------------------------------===//
// Predicates
//===----------------------------------------------------------------------===//

#define ASCREG_HOST_PSET_PLT(BITS)                                                                 \
  inline vector_bool pset_b##BITS(AscPattern p) {                                                  \
    vector_bool o;                                                                                 \
    ascreg::semantics::createMask(ascreg_host::laneType(BITS), ascreg_host::pattern(p), o.m);      \
    return o;                                                                                      \
  }                                                                                                \
  inline vector_bool plt_b##BITS(uint32_t &n, AscPostMode) {                                       \
    vector_bool o;                                                                                 \
    uint32_t rest = 0;                                                                             \
    ascreg::semantics::updateMask(ascreg_host::laneType(BITS), n, o.m, rest);                      \
    n = rest;                                                                                      \
    return o;                                                                                      \
  }
ASCREG_HOST_PSET_PLT(8)
ASCREG_HOST_PSET_PLT(16)
ASCREG_HOST_PSET_PLT(32)
#undef ASCREG_HOST_PSET_PLT

inline void pand(vector_bool &d, vector_bool a, vector_bool b, vector_bool g) {
  ascreg::semantics::dav::pand(a.m, b.m, g.m, d.m);
}
inline void por(vector_bool &d, vector_bool a, vector_bool b, vector_bool g) {
  ascreg::semantics::dav::por(a.m, b.m, g.m, d.m);
}
inline void pxor(vector_bool &d, vector_bool a, vector_bool b, vector_bool g) {
  ascreg::semantics::dav::pxor(a.m, b.m, g.m, d.m);
}
inline void pnot(vector_bool &d, vector_bool a, vector_bool g) {
  ascreg::semantics::dav::pnot(a.m, g.m, d.m);
}
inline void ppack(vector_bool &d, vector_bool a, AscHalfPart part) {
  ascreg::semantics::dav::ppack(a.m, part == HIGHER, d.m);
}
inline void punpack(vector_bool &d, vector_bool a, AscHalfPart part) {
  ascreg::semantics::dav::punpack(a.m, part == HIGHER, d.m);
}
inline void pintlv_b32(vector_bool &d0, vector_bool &d1, vector_bool a, vector_bool b) {
  ascreg::semantics::dav::pintlvB32(a.m, b.m, d0.m, d1.m);
}

//===----------------------------------------------------------------------===//
// Data movement (offsets in elements of the pointer's type)
//===----------------------------------------------------------------------===//

template <ascreg::semantics::ElemKind K, class P, class O>
inline void vlds(ascreg_host::Vec<K> &d, const P *base, O offset, AscLoadDist) {
  if (!ascreg_host::checkRegisterAccess(base + offset, ascreg::semantics::kVLBytes, "vlds"))
    return;
  ascreg::semantics::loadAlign(ascreg_host::rt<K>(), ascreg_host::bytes(base + offset), d.r);
}
template <ascreg::semantics::ElemKind K, class P, class O>
inline void vlds(ascreg_host::Vec<K> &d0, ascreg_host::Vec<K> &d1, const P *base, O offset,
                 AscLoadDist) {
  static_assert(sizeof(P) == 4, "DINTLV_B32 loads 32-bit words");
  if (!ascreg_host::checkRegisterAccess(base + offset, 2 * ascreg::semantics::kVLBytes, "vlds"))
    return;
  ascreg::semantics::dav::vldsDintlvB32(ascreg_host::bytes(base + offset), d0.r, d1.r);
}
template <ascreg::semantics::ElemKind K, class P, class O>
inline void vsts(ascreg_host::Vec<K> v, P *base, O offset, AscStoreDist dist, vector_bool m) {
  if (dist == ONEPT_B8 || dist == ONEPT_B16 || dist == ONEPT_B32) { // lane 0, no mask
    if (!ascreg_host::checkRegisterAccess(base + offset, sizeof(P), "vsts", sizeof(P)))
      return;
    ascreg::semantics::storeFirst(ascreg_host::rt<K>(), v.r, ascreg_host::bytes(base + offset));
    if (ascreg::semantics::UnifiedBuffer *ub = ascreg_host::currentUB())
      ub->noteWrite(static_cast<uint64_t>(ascreg_host::bytes(base + offset) - ub->data()),
                    sizeof(P));
    return;
  }
  if (!ascreg_host::checkRegisterAccess(base + offset, ascreg::semantics::kVLBytes, "vsts"))
    return;
  ascreg::semantics::storeAlign(ascreg_host::rt<K>(), v.r, m.m, ascreg_host::bytes(base + offset));
  if (ascreg::semantics::UnifiedBuffer *ub = ascreg_host::currentUB())
    ub->noteWrite(static_cast<uint64_t>(ascreg_host::bytes(base + offset) - ub->data()),
                  ascreg::semantics::kVLBytes);
}

//===----------------------------------------------------------------------===//
// Reductions and gathers
//===----------------------------------------------------------------------===//

#define ASCREG_HOST_REDUCE(NAME, KIND)                                                             \
  template <ascreg::semantics::ElemKind D, ascreg::semantics::ElemKind Sr>                         \
  inline void NAME(ascreg_host::Vec<D> &d, ascreg_host::Vec<Sr> s, vector_bool m, AscMergeMode) {  \
    ascreg::semantics::reduce(ascreg_host::profile(), ascreg::semantics::ReduceKind::KIND,         \
                              ascreg_host::rt<D>(), ascreg_host::rt<Sr>(), s.r, m.m, d.r);         \
  }
ASCREG_HOST_REDUCE(vcadd, Sum)
ASCREG_HOST_REDUCE(vcmax, Max)
ASCREG_HOST_REDUCE(vcmin, Min)
#undef ASCREG_HOST_REDUCE

/// One reduce per 32-byte block (reduce_data_block, docs/semantics.md 2.26).
#define ASCREG_HOST_BLOCK_REDUCE(NAME, KIND)                                                       \
  template <ascreg::semantics::ElemKind D, ascreg::semantics::ElemKind Sr>                         \
  inline void NAME(ascreg_host::Vec<D> &d, ascreg_host::Vec<Sr> s, vector_bool m, AscMergeMode) {  \
    ascreg::semantics::reduceDataBlock(ascreg_host::profile(),                                     \
                                       ascreg::semantics::ReduceKind::KIND, ascreg_host::rt<D>(),  \
                                       ascreg_host::rt<Sr>(), s.r, m.m, d.r);                      \
  }
ASCREG_HOST_BLOCK_REDUCE(vcgadd, Sum)
ASCREG_HOST_BLOCK_REDUCE(vcgmax, Max)
ASCREG_HOST_BLOCK_REDUCE(vcgmin, Min)
#undef ASCREG_HOST_BLOCK_REDUCE

template <ascreg::semantics::ElemKind K>
inline void vcpadd(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> s, vector_bool m, AscMergeMode) {
  ascreg::semantics::pairReduceSum(ascreg_host::profile(), ascreg_host::rt<K>(), s.r, m.m, d.r);
}

/// Gather from UB; the element type of `base` is the gather unit (8-bit
/// units are zero-extended into 16-bit lanes). With a current UB, indices may
/// reach up to its end; without one they are not checked.
template <ascreg::semantics::ElemKind D, class P, ascreg::semantics::ElemKind I>
inline void vgather2(ascreg_host::Vec<D> &d, const P *base, ascreg_host::Vec<I> index,
                     vector_bool m) {
  namespace S = ascreg::semantics;
  S::ElemKind src = S::gatherSourceKind(D, sizeof(P));
  uint64_t units = uint64_t(1) << 40;
  int64_t baseAddr = 0;
  if (S::UnifiedBuffer *ub = ascreg_host::currentUB()) {
    baseAddr = ascreg_host::bytes(base) - ub->data();
    if (baseAddr < 0 || static_cast<uint64_t>(baseAddr) > ub->capacity() ||
        baseAddr % S::kUBAlignment != 0) {
      ascreg_host::onRuntimeError()(
          S::RuntimeError{S::RuntimeErrorKind::MisalignedGatherBase, {baseAddr}}, "vgather2");
      return;
    }
    units = (ub->capacity() - static_cast<uint64_t>(baseAddr)) / sizeof(P);
  }
  S::Status st = S::gather(ascreg_host::profile(), ascreg_host::rt<D>(), src, ascreg_host::rt<I>(),
                           ascreg_host::bytes(base), units, index.r, m.m, d.r);
  if (!st.ok)
    ascreg_host::onRuntimeError()(S::RuntimeError{S::RuntimeErrorKind::GatherOutsideUB,
                                                  {static_cast<int64_t>(st.value), st.lane,
                                                   baseAddr, static_cast<int64_t>(sizeof(P))}},
                                  "vgather2");
}
template <ascreg::semantics::ElemKind K, ascreg::semantics::ElemKind I>
inline void vselr(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> s, ascreg_host::Vec<I> index) {
  ascreg::semantics::gatherReg(ascreg_host::rt<K>(), s.r, index.r, d.r);
}

//===----------------------------------------------------------------------===//
// Lane-wise
//===----------------------------------------------------------------------===//

template <ascreg::semantics::ElemKind K, class T>
inline void vbr(ascreg_host::Vec<K> &d, T scalar) {
  ascreg::semantics::duplicate(ascreg_host::rt<K>(), ascreg_host::bitsOf(scalar), nullptr, d.r);
}
template <ascreg::semantics::ElemKind K, class T>
inline void vdup(ascreg_host::Vec<K> &d, T scalar, vector_bool m, AscMergeMode) {
  ascreg::semantics::duplicate(ascreg_host::rt<K>(), ascreg_host::bitsOf(scalar), &m.m, d.r);
}
/// Duplicate(dst, srcReg, mask) with LOWEST: lane 0 of src to the active lanes.
template <ascreg::semantics::ElemKind K>
inline void vdup(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> s, vector_bool m, AscPos,
                 AscMergeMode) {
  ascreg::semantics::dav::vdupLane0(ascreg_host::rt<K>(), s.r, m.m, d.r);
}
template <ascreg::semantics::ElemKind K, class T>
inline void vci(ascreg_host::Vec<K> &d, T start, AscOrder) {
  ascreg::semantics::arange(ascreg_host::rt<K>(), ascreg_host::bitsOf(start), d.r);
}

#define ASCREG_HOST_VCMP(NAME, PRED)                                                               \
  template <ascreg::semantics::ElemKind K>                                                         \
  inline void NAME(vector_bool &d, ascreg_host::Vec<K> a, ascreg_host::Vec<K> b, vector_bool m) {  \
    ascreg::semantics::compare(ascreg_host::profile(), ascreg::semantics::ComparePred::PRED,       \
                               ascreg_host::rt<K>(), a.r, b.r, m.m, d.m);                          \
  }
ASCREG_HOST_VCMP(vcmp_eq, EQ)
ASCREG_HOST_VCMP(vcmp_ne, NE)
ASCREG_HOST_VCMP(vcmp_lt, LT)
ASCREG_HOST_VCMP(vcmp_le, LE)
ASCREG_HOST_VCMP(vcmp_gt, GT)
ASCREG_HOST_VCMP(vcmp_ge, GE)
#undef ASCREG_HOST_VCMP

template <ascreg::semantics::ElemKind K>
inline void vsel(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, ascreg_host::Vec<K> b,
                 vector_bool m) {
  ascreg::semantics::select(ascreg_host::rt<K>(), m.m, a.r, b.r, d.r);
}

// The zeroing ops on two registers: the semantics entry point FN (binary:
// add / max / min, arith: the others) with its kind.
#define ASCREG_HOST_TWO_REG(NAME, FN, KIND)                                                        \
  template <ascreg::semantics::ElemKind K>                                                         \
  inline void NAME(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, ascreg_host::Vec<K> b,           \
                   vector_bool m, AscMergeMode) {                                                  \
    ascreg::semantics::FN(ascreg_host::profile(), ascreg::semantics::KIND, ascreg_host::rt<K>(),   \
                          a.r, b.r, m.m, d.r);                                                     \
  }
ASCREG_HOST_TWO_REG(vadd, binary, BinaryKind::Add)
ASCREG_HOST_TWO_REG(vmax, binary, BinaryKind::Max)
ASCREG_HOST_TWO_REG(vmin, binary, BinaryKind::Min)
ASCREG_HOST_TWO_REG(vsub, arith, ArithKind::Sub)
ASCREG_HOST_TWO_REG(vmul, arith, ArithKind::Mul)
ASCREG_HOST_TWO_REG(vor, arith, ArithKind::Or)
ASCREG_HOST_TWO_REG(vxor, arith, ArithKind::Xor)
#undef ASCREG_HOST_TWO_REG

#define ASCREG_HOST_UNARY(NAME, KIND)                                                              \
  template <ascreg::semantics::ElemKind K>                                                         \
  inline void NAME(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, vector_bool m, AscMergeMode) {   \
    ascreg::semantics::unary(ascreg_host::profile(), ascreg::semantics::UnaryKind::KIND,           \
                             ascreg_host::rt<K>(), a.r, m.m, d.r);                                 \
  }
ASCREG_HOST_UNARY(vabs, Abs)
ASCREG_HOST_UNARY(vnot, Not)
#undef ASCREG_HOST_UNARY

template <ascreg::semantics::ElemKind K>
inline void vand(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, ascreg_host::Vec<K> b,
                 vector_bool m, AscMergeMode) {
  ascreg::semantics::dav::vand(ascreg_host::rt<K>(), a.r, b.r, m.m, d.r);
}

// The shifts (docs/semantics.md 2.26): the amount register has the signed
// lanes of the width; a scalar amount is its signed value.
#define ASCREG_HOST_SHIFT(NAME, NAMES, KIND)                                                       \
  template <ascreg::semantics::ElemKind K, ascreg::semantics::ElemKind N>                          \
  inline void NAME(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, ascreg_host::Vec<N> n,           \
                   vector_bool m, AscMergeMode) {                                                  \
    ascreg::semantics::shift(ascreg_host::profile(), ascreg::semantics::ShiftKind::KIND,           \
                             ascreg_host::rt<K>(), a.r, n.r, m.m, d.r);                            \
  }                                                                                                \
  template <ascreg::semantics::ElemKind K, class T,                                                \
            class = std::enable_if_t<std::is_integral_v<T>>>                                       \
  inline void NAMES(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, T scalar, vector_bool m,        \
                    AscMergeMode) {                                                                \
    ascreg::semantics::shiftScalar(ascreg_host::profile(), ascreg::semantics::ShiftKind::KIND,     \
                                   ascreg_host::rt<K>(), a.r,                                      \
                                   int64_t(static_cast<std::make_signed_t<T>>(scalar)), m.m, d.r); \
  }
ASCREG_HOST_SHIFT(vshl, vshls, Left)
ASCREG_HOST_SHIFT(vshr, vshrs, Right)
#undef ASCREG_HOST_SHIFT

// The scalar forms (docs/semantics.md 2.25): the scalar's bits in the element type.
#define ASCREG_HOST_SCALAR_FORM(NAME, KIND)                                                        \
  template <ascreg::semantics::ElemKind K, class T>                                                \
  inline void NAME(ascreg_host::Vec<K> &d, ascreg_host::Vec<K> a, T scalar, vector_bool m,         \
                   AscMergeMode) {                                                                 \
    ascreg::semantics::scalarForm(ascreg_host::profile(), ascreg::semantics::ScalarFormKind::KIND, \
                                  ascreg_host::rt<K>(), a.r, ascreg_host::bitsOf(scalar), m.m,     \
                                  d.r);                                                            \
  }
ASCREG_HOST_SCALAR_FORM(vadds, Adds)
ASCREG_HOST_SCALAR_FORM(vmuls, Muls)
ASCREG_HOST_SCALAR_FORM(vmaxs, Maxs)
ASCREG_HOST_SCALAR_FORM(vmins, Mins)
#undef ASCREG_HOST_SCALAR_FORM

#define ASCREG_HOST_VCMPS(NAME, PRED)                                                              \
  template <ascreg::semantics::ElemKind K, class T>                                                \
  inline void NAME(vector_bool &d, ascreg_host::Vec<K> a, T scalar, vector_bool m) {               \
    ascreg::semantics::compareScalar(ascreg_host::profile(), ascreg::semantics::ComparePred::PRED, \
                                     ascreg_host::rt<K>(), a.r, ascreg_host::bitsOf(scalar), m.m,  \
                                     d.m);                                                         \
  }
ASCREG_HOST_VCMPS(vcmps_eq, EQ)
ASCREG_HOST_VCMPS(vcmps_ne, NE)
ASCREG_HOST_VCMPS(vcmps_lt, LT)
ASCREG_HOST_VCMPS(vcmps_le, LE)
ASCREG_HOST_VCMPS(vcmps_gt, GT)
ASCREG_HOST_VCMPS(vcmps_ge, GE)
#undef ASCREG_HOST_VCMPS

template <ascreg::semantics::ElemKind K>
inline void vintlv(ascreg_host::Vec<K> &d0, ascreg_host::Vec<K> &d1, ascreg_host::Vec<K> a,
                   ascreg_host::Vec<K> b) {
  ascreg::semantics::dav::vintlv(ascreg_host::rt<K>(), a.r, b.r, d0.r, d1.r);
}
template <ascreg::semantics::ElemKind K>
inline void vdintlv(ascreg_host::Vec<K> &d0, ascreg_host::Vec<K> &d1, ascreg_host::Vec<K> a,
                    ascreg_host::Vec<K> b) {
  ascreg::semantics::dav::vdintlv(ascreg_host::rt<K>(), a.r, b.r, d0.r, d1.r);
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

namespace ascreg_host {
/// The operands of one vcvt call, in the order given.
struct CvtOperands {
  S::CastSpec spec;
  char order[4] = {}; // 'R', 'S', 'P' as they came
  unsigned n = 0;
  void add(AscRound r) { spec.round = static_cast<S::RoundMode>(r), order[n++ & 3] = 'R'; }
  void add(AscSat sat) { spec.satOperand = sat == RS_ENABLE, order[n++ & 3] = 'S'; }
  void add(AscPart p) { spec.part = static_cast<S::CastPart>(p), order[n++ & 3] = 'P'; }
  void add(AscPartT p) { spec.part = static_cast<S::CastPart>(p), order[n++ & 3] = 'P'; }
  void add(AscMergeMode) {}
};
/// The vendor's operand order of `pair` (cast-facts §4): R, S, PART; S, R
/// for bf16 -> f16.
inline std::string vendorOrder(const S::CastPairInfo &pair) {
  std::string o;
  if (pair.satBeforeRound)
    o = "SR";
  else
    o = std::string(pair.hasRound ? "R" : "") + (pair.hasSat ? "S" : "");
  return o + (pair.parts ? "P" : "");
}
[[noreturn]] inline void badConversion(const char *what, const std::string &why) {
  std::fprintf(stderr, "%s: %s\n", what, why.c_str());
  std::abort();
}
} // namespace ascreg_host

/// vcvt(dst, src, mask, <the pair's operands in the vendor's order>, MODE_ZEROING).
/// An operand list that is not the vendor's form of the pair aborts.
template <ascreg::semantics::ElemKind D, ascreg::semantics::ElemKind Sr, class... Ops>
inline void vcvt(ascreg_host::Vec<D> &d, const ascreg_host::Vec<Sr> &s, const vector_bool &m,
                 Ops... ops) {
  namespace S = ascreg::semantics;
  ascreg_host::CvtOperands o;
  o.spec.dst = D;
  o.spec.src = Sr;
  (o.add(ops), ...);
  const S::CastPairInfo *pair = S::findCastPair(D, Sr);
  std::string error = S::castSpecError(o.spec);
  if (!error.empty())
    ascreg_host::badConversion("vcvt", error);
  if (std::string(o.order, o.n) != ascreg_host::vendorOrder(*pair))
    ascreg_host::badConversion("vcvt", "operands " + std::string(o.order, o.n) + " of " +
                                           S::describeCastPair(*pair) + " are not in the order " +
                                           ascreg_host::vendorOrder(*pair));
  S::cast(ascreg_host::profile(), o.spec, s.r, m.m, d.r);
}

/// vtrc(dst, src, ROUND_x, mask, MODE_ZEROING): the mask after the round mode.
template <ascreg::semantics::ElemKind K>
inline void vtrc(ascreg_host::Vec<K> &d, const ascreg_host::Vec<K> &s, AscRound r,
                 const vector_bool &m, AscMergeMode) {
  namespace S = ascreg::semantics;
  std::string error = S::truncateError(K, static_cast<S::RoundMode>(r));
  if (!error.empty())
    ascreg_host::badConversion("vtrc", error);
  S::truncate(ascreg_host::profile(), K, static_cast<S::RoundMode>(r), s.r, m.m, d.r);
}

#endif // ASCREG_ASCENDC_HOSTINTRINSICS_H
