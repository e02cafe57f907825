//===- RegisterOps.h - instructions on registers, masks and UB --*- C++ -*-===//
//
// One payload per op shape of the ascreg and dav dialects. Each `run`
// forwards to the semantics library (ascreg::semantics), which is the one
// definition of what the op computes; Bindings.cpp maps the ops of both
// dialects onto these payloads.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_REGISTEROPS_H
#define ASCREG_LIB_INTERPRETER_REGISTEROPS_H

#include "Machine.h"

#include "ascreg/Semantics/Dav3510.h"

namespace ascreg {
namespace interp {

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

/// create_mask / pset_bN: a mask fixed at compile time.
struct MaskConstantInst {
  static constexpr Flow flow = Flow::Next;
  uint32_t constant; // index into Machine::maskConstants
  MaskRef result;
  void run(Machine &m) const { m.mask(result) = m.maskConstants[constant]; }
};

/// update_mask / plt_bN POST_UPDATE.
struct UpdateMaskInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType lanes;
  ScalarRef count;
  MaskRef mask;
  ScalarRef rest;
  void run(Machine &m) const {
    uint32_t left;
    sem::updateMask(lanes, static_cast<uint32_t>(m.scalar(count)), m.mask(mask), left);
    m.scalar(rest) = left;
  }
};

enum class MaskLogic : uint8_t { And, Or };

/// mask_and / mask_or.
struct MaskLogicInst {
  static constexpr Flow flow = Flow::Next;
  MaskLogic logic;
  MaskRef lhs, rhs, result;
  void run(Machine &m) const {
    if (logic == MaskLogic::And)
      sem::maskAnd(m.mask(lhs), m.mask(rhs), m.mask(result));
    else
      sem::maskOr(m.mask(lhs), m.mask(rhs), m.mask(result));
  }
};

/// mask_not (lanes of a register type).
struct MaskNotInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType lanes;
  MaskRef input, result;
  void run(Machine &m) const { sem::maskNot(lanes, m.mask(input), m.mask(result)); }
};

/// pand / por with a governing predicate.
struct PredicateLogicInst {
  static constexpr Flow flow = Flow::Next;
  MaskLogic logic;
  MaskRef lhs, rhs, governing, result;
  void run(Machine &m) const {
    if (logic == MaskLogic::And)
      sem::dav::pand(m.mask(lhs), m.mask(rhs), m.mask(governing), m.mask(result));
    else
      sem::dav::por(m.mask(lhs), m.mask(rhs), m.mask(governing), m.mask(result));
  }
};

/// pnot with a governing predicate.
struct PredicateNotInst {
  static constexpr Flow flow = Flow::Next;
  MaskRef input, governing, result;
  void run(Machine &m) const { sem::dav::pnot(m.mask(input), m.mask(governing), m.mask(result)); }
};

/// ppack / punpack of the lower or higher half.
struct PredicatePackInst {
  static constexpr Flow flow = Flow::Next;
  bool unpack;
  bool higherHalf;
  MaskRef input, result;
  void run(Machine &m) const {
    if (unpack)
      sem::dav::punpack(m.mask(input), higherHalf, m.mask(result));
    else
      sem::dav::ppack(m.mask(input), higherHalf, m.mask(result));
  }
};

/// pintlv_b32.
struct PredicateInterleaveInst {
  static constexpr Flow flow = Flow::Next;
  MaskRef lhs, rhs, low, high;
  void run(Machine &m) const {
    sem::dav::pintlvB32(m.mask(lhs), m.mask(rhs), m.mask(low), m.mask(high));
  }
};

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

/// load_align / vlds: copies the register out of UB, or, when the compiler
/// proved that no UB write happens before its last use, makes the register
/// slot point at the UB bytes (a view).
struct LoadAlignInst {
  static constexpr Flow flow = Flow::MayFail;
  sem::RegType type;
  bool view;
  BufferRef base;
  ScalarRef offset;
  RegRef result;
  bool run(Machine &m, const Inst &inst) const {
    std::optional<uint64_t> addr =
        m.registerAccess(inst, m.buffer(base), m.scalar(offset), type.bytes());
    if (!addr)
      return false;
    if (view)
      m.setView(result, *addr);
    else
      sem::loadAlign(type, m.ubData() + *addr, m.regOut(result));
    return true;
  }
};

/// vlds DIST_DINTLV_B32: 512 bytes, even words to one register, odd to the other.
struct LoadDeinterleaveInst {
  static constexpr Flow flow = Flow::MayFail;
  BufferRef base;
  ScalarRef offset;
  RegRef even, odd;
  bool run(Machine &m, const Inst &inst) const {
    std::optional<uint64_t> addr =
        m.registerAccess(inst, m.buffer(base), m.scalar(offset), 2 * sem::kVLBytes);
    if (!addr)
      return false;
    sem::dav::vldsDintlvB32(m.ubData() + *addr, m.regOut(even), m.regOut(odd));
    return true;
  }
};

/// store_align / vsts: the active lanes only.
struct StoreAlignInst {
  static constexpr Flow flow = Flow::MayFail;
  sem::RegType type;
  RegRef value;
  BufferRef base;
  ScalarRef offset;
  MaskRef mask;
  bool run(Machine &m, const Inst &inst) const {
    std::optional<uint64_t> addr =
        m.registerAccess(inst, m.buffer(base), m.scalar(offset), type.bytes());
    if (!addr)
      return false;
    sem::storeAlign(type, m.reg(value), m.mask(mask), m.ubData() + *addr);
    m.ub.noteWrite(*addr, type.bytes());
    return true;
  }
};

//===----------------------------------------------------------------------===//
// Reductions and gathers
//===----------------------------------------------------------------------===//

/// reduce / vcadd, vcmax, vcmin.
struct ReduceInst {
  static constexpr Flow flow = Flow::Next;
  sem::ReduceKind kind;
  sem::RegType resultType, sourceType;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::reduce(m.profile(), kind, resultType, sourceType, m.reg(source), m.mask(mask),
                m.regOut(result));
  }
};

/// pair_reduce_sum / vcpadd.
struct PairReduceSumInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::pairReduceSum(m.profile(), type, m.reg(source), m.mask(mask), m.regOut(result));
  }
};

/// gather / vgather2: the base buffer's elements are read as `source` units
/// (`unitsPerElement` of them per buffer element: 2 when the dav path gathers
/// 64-bit data as 32-bit words). Indices may reach past the buffer, up to the
/// end of UB.
struct GatherInst {
  static constexpr Flow flow = Flow::MayFail;
  sem::RegType resultType, indexType;
  sem::ElemKind source;
  BufferRef base;
  RegRef index;
  MaskRef mask;
  RegRef result;
  bool run(Machine &m, const Inst &inst) const {
    const Buffer &buf = m.buffer(base);
    if (buf.ubAddr % sem::kUBAlignment != 0) {
      m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::MisalignedGatherBase,
                                     {static_cast<int64_t>(buf.ubAddr)}});
      return false;
    }
    unsigned unit = sem::elemBytes(source);
    uint64_t unitsToEnd = (m.ub.capacity() - buf.ubAddr) / unit;
    sem::Status st =
        sem::gather(m.profile(), resultType, source, indexType, m.ubData() + buf.ubAddr, unitsToEnd,
                    m.reg(index), m.mask(mask), m.regOut(result));
    if (st.ok)
      return true;
    m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::GatherOutsideUB,
                                   {static_cast<int64_t>(st.value), st.lane,
                                    static_cast<int64_t>(buf.ubAddr), unit}});
    return false;
  }
};

/// gather_reg / vselr.
struct GatherRegInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  RegRef source, index, result;
  void run(Machine &m) const {
    sem::gatherReg(type, m.reg(source), m.reg(index), m.regOut(result));
  }
};

//===----------------------------------------------------------------------===//
// Lane-wise and companions
//===----------------------------------------------------------------------===//

/// duplicate / vbr (no mask) and vdup (zeroing mask).
struct DuplicateInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  bool masked;
  ScalarRef scalar;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::duplicate(type, m.scalar(scalar), masked ? &m.mask(mask) : nullptr, m.regOut(result));
  }
};

/// vdup with a register: lane 0 to the active lanes.
struct DuplicateLaneInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::dav::vdupLane0(type, m.reg(source), m.mask(mask), m.regOut(result));
  }
};

/// arange / vci.
struct ArangeInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  ScalarRef start;
  RegRef result;
  void run(Machine &m) const { sem::arange(type, m.scalar(start), m.regOut(result)); }
};

/// compare / vcmp_*.
struct CompareInst {
  static constexpr Flow flow = Flow::Next;
  sem::ComparePred predicate;
  sem::RegType type;
  RegRef lhs, rhs;
  MaskRef mask, result;
  void run(Machine &m) const {
    sem::compare(m.profile(), predicate, type, m.reg(lhs), m.reg(rhs), m.mask(mask),
                 m.mask(result));
  }
};

/// select / vsel: mask ? onTrue : onFalse per lane.
struct SelectInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  MaskRef mask;
  RegRef onTrue, onFalse, result;
  void run(Machine &m) const {
    sem::select(type, m.mask(mask), m.reg(onTrue), m.reg(onFalse), m.regOut(result));
  }
};

/// add / max / min and vadd / vmax / vmin (zeroing).
struct BinaryInst {
  static constexpr Flow flow = Flow::Next;
  sem::BinaryKind kind;
  sem::RegType type;
  RegRef lhs, rhs;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::binary(m.profile(), kind, type, m.reg(lhs), m.reg(rhs), m.mask(mask), m.regOut(result));
  }
};

/// vand (zeroing).
struct BitwiseAndInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  RegRef lhs, rhs;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::dav::vand(type, m.reg(lhs), m.reg(rhs), m.mask(mask), m.regOut(result));
  }
};

/// vadds / vmuls / vshls / vshrs (zeroing).
struct ScalarOperandInst {
  static constexpr Flow flow = Flow::Next;
  sem::dav::ScalarOp kind;
  sem::RegType type;
  RegRef lhs;
  ScalarRef scalar;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::dav::scalarOp(kind, type, m.reg(lhs), m.scalar(scalar), m.mask(mask), m.regOut(result));
  }
};

/// vintlv / vdintlv.
struct InterleaveInst {
  static constexpr Flow flow = Flow::Next;
  bool deinterleave;
  sem::RegType type;
  RegRef lhs, rhs, first, second;
  void run(Machine &m) const {
    if (deinterleave)
      sem::dav::vdintlv(type, m.reg(lhs), m.reg(rhs), m.regOut(first), m.regOut(second));
    else
      sem::dav::vintlv(type, m.reg(lhs), m.reg(rhs), m.regOut(first), m.regOut(second));
  }
};

/// bitcast / reinterpret: the same bytes.
struct ReinterpretInst {
  static constexpr Flow flow = Flow::Next;
  uint32_t bytes;
  RegRef source, result;
  void run(Machine &m) const { std::memcpy(m.regOut(result).b, m.reg(source).b, bytes); }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_REGISTEROPS_H
