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

#include "ascreg/Semantics/Cast.h"
#include "ascreg/Semantics/Dav3510.h"
#include "ascreg/Semantics/GatherKernel.h"
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/PairReduceKernel.h"
#include "ascreg/Semantics/RegApiForms.h"

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
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->cleanMask(result);
    return ShadowAction::Run;
  }
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
  ShadowAction shadow(Machine &m, const Inst &) const {
    ShadowState &s = *m.shadow;
    uint8_t t = s.scalar(count);
    s.setScalar(rest, t, s.scalarOrigin[count.slot]);
    MaskTaint mt;
    if (t) // which lanes are active is not known: all of them are tainted
      for (unsigned l = 0; l < lanes.lanes(); ++l) {
        if (t & kUndef)
          mt.undef.set(lanes.maskStride() * l, true);
        if (t & kOutOfBuffer)
          mt.outOfBuffer.set(lanes.maskStride() * l, true);
      }
    s.mask(mask) = mt;
    s.maskOrigin[mask.slot] = s.scalarOrigin[count.slot];
    return ShadowAction::Run;
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
  ShadowAction shadow(Machine &m, const Inst &) const {
    ShadowState &s = *m.shadow;
    MaskTaint a = s.mask(lhs), b = s.mask(rhs);
    sem::maskOr(a.undef, b.undef, s.mask(result).undef);
    sem::maskOr(a.outOfBuffer, b.outOfBuffer, s.mask(result).outOfBuffer);
    s.maskOrigin[result.slot] = a.clean() ? s.maskOrigin[rhs.slot] : s.maskOrigin[lhs.slot];
    return ShadowAction::Run;
  }
};

/// mask_not (lanes of a register type).
struct MaskNotInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType lanes;
  MaskRef input, result;
  void run(Machine &m) const { sem::maskNot(lanes, m.mask(input), m.mask(result)); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    m.shadow->copyMask(input, result); // the same bits, negated: the same taint
    return ShadowAction::Run;
  }
};

/// governed_mask / pand, por, pxor.
struct PredicateLogicInst {
  static constexpr Flow flow = Flow::Next;
  sem::MaskLogicKind logic;
  MaskRef lhs, rhs, governing, result;
  void run(Machine &m) const {
    sem::governedMaskLogic(logic, m.mask(lhs), m.mask(rhs), m.mask(governing), m.mask(result));
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    ShadowState &s = *m.shadow;
    MaskTaint a = s.mask(lhs), b = s.mask(rhs), g = s.mask(governing), r;
    sem::maskOr(a.undef, b.undef, r.undef);
    sem::maskOr(r.undef, g.undef, r.undef);
    sem::maskOr(a.outOfBuffer, b.outOfBuffer, r.outOfBuffer);
    sem::maskOr(r.outOfBuffer, g.outOfBuffer, r.outOfBuffer);
    s.mask(result) = r;
    return ShadowAction::Run;
  }
};

/// governed_mask_not / pnot.
struct PredicateNotInst {
  static constexpr Flow flow = Flow::Next;
  MaskRef input, governing, result;
  void run(Machine &m) const {
    sem::governedMaskNot(m.mask(input), m.mask(governing), m.mask(result));
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    ShadowState &s = *m.shadow;
    MaskTaint a = s.mask(input), g = s.mask(governing), r;
    sem::maskOr(a.undef, g.undef, r.undef);
    sem::maskOr(a.outOfBuffer, g.outOfBuffer, r.outOfBuffer);
    s.mask(result) = r;
    return ShadowAction::Run;
  }
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
  ShadowAction shadow(Machine &m, const Inst &) const {
    // The same bit movement on the taint bits.
    ShadowState &s = *m.shadow;
    MaskTaint in = s.mask(input), r;
    if (unpack) {
      sem::dav::punpack(in.undef, higherHalf, r.undef);
      sem::dav::punpack(in.outOfBuffer, higherHalf, r.outOfBuffer);
    } else {
      sem::dav::ppack(in.undef, higherHalf, r.undef);
      sem::dav::ppack(in.outOfBuffer, higherHalf, r.outOfBuffer);
    }
    s.mask(result) = r;
    return ShadowAction::Run;
  }
};

/// pintlv_b32.
struct PredicateInterleaveInst {
  static constexpr Flow flow = Flow::Next;
  MaskRef lhs, rhs, low, high;
  void run(Machine &m) const {
    sem::dav::pintlvB32(m.mask(lhs), m.mask(rhs), m.mask(low), m.mask(high));
  }
  ShadowAction shadow(Machine &m, const Inst &) const {
    ShadowState &s = *m.shadow;
    MaskTaint a = s.mask(lhs), b = s.mask(rhs), lo, hi;
    sem::dav::pintlvB32(a.undef, b.undef, lo.undef, hi.undef);
    sem::dav::pintlvB32(a.outOfBuffer, b.outOfBuffer, lo.outOfBuffer, hi.outOfBuffer);
    s.mask(low) = lo;
    s.mask(high) = hi;
    return ShadowAction::Run;
  }
};

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

/// The shadow's check of a register access at `base` + `offset`: a tainted
/// offset is reported first, then the access itself is checked.
inline Machine::CheckedAccess checkRegisterAccess(Machine &m, const Inst &inst, BufferRef base,
                                                  ElementOffset offset, unsigned bytes,
                                                  bool aligned) {
  m.shadow->checkAddress(m, inst, offset.index);
  return m.checkAccess(inst, m.buffer(base), m.elementOffset(offset), bytes, aligned);
}

/// load_align / vlds: copies the register out of UB, or, when the compiler
/// proved that no UB write happens before its last use, makes the register
/// slot point at the UB bytes (a view).
struct LoadAlignInst {
  static constexpr Flow flow = Flow::MayFail;
  sem::RegType type;
  bool view;
  BufferRef base;
  ElementOffset offset;
  RegRef result;
  bool run(Machine &m, const Inst &inst) const {
    std::optional<uint64_t> addr =
        m.registerAccess(inst, m.buffer(base), m.elementOffset(offset), type.bytes());
    if (!addr)
      return false;
    if (view)
      m.setView(result, *addr);
    else
      sem::loadAlign(type, m.ubData() + *addr, m.regOut(result));
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    Machine::CheckedAccess a = checkRegisterAccess(m, inst, base, offset, type.bytes(), true);
    if (a.skip) { // an undefined register of zeros
      m.resetView(result);
      std::memset(m.regOut(result).b, 0, sizeof(sem::Reg));
      std::memset(s.reg(result).b, kUndef, type.bytes());
      s.summary(result) = kUndef;
      s.regOrigin[result.slot] = inst.op;
      return ShadowAction::Skip;
    }
    if (!a.valid)
      return ShadowAction::Run;
    s.summary(result) = s.readRange(a.addr, type.bytes(), buf.ubAddr, buf.end(), s.reg(result).b);
    s.regOrigin[result.slot] = inst.op;
    return ShadowAction::Run;
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
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    Machine::CheckedAccess a =
        checkRegisterAccess(m, inst, base, ElementOffset{offset}, 2 * sem::kVLBytes, true);
    if (!a.valid)
      return a.skip ? ShadowAction::Skip : ShadowAction::Run;
    uint8_t taint[2 * sem::kVLBytes];
    uint8_t t = s.readRange(a.addr, sizeof taint, buf.ubAddr, buf.end(), taint);
    sem::dav::vldsDintlvB32(taint, s.reg(even), s.reg(odd)); // taint moves like the words
    s.summary(even) = s.summary(odd) = t;
    s.regOrigin[even.slot] = s.regOrigin[odd.slot] = inst.op;
    return ShadowAction::Run;
  }
};

/// store_align / vsts: the active lanes only.
struct StoreAlignInst {
  static constexpr Flow flow = Flow::MayFail;
  sem::RegType type;
  RegRef value;
  BufferRef base;
  ElementOffset offset;
  MaskRef mask;
  bool run(Machine &m, const Inst &inst) const {
    std::optional<uint64_t> addr =
        m.registerAccess(inst, m.buffer(base), m.elementOffset(offset), type.bytes());
    if (!addr)
      return false;
    // The value may be a view of the UB bytes it is stored over (a load
    // whose last use is this store, Compiler::mayViewUB): sem::storeAlign
    // handles the overlap.
    sem::storeAlign(type, m.reg(value), m.mask(mask), m.ubData() + *addr);
    m.ub.noteWrite(*addr, type.bytes());
    return true;
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    Machine::CheckedAccess a = checkRegisterAccess(m, inst, base, offset, type.bytes(), true);
    if (!a.valid)
      return a.skip ? ShadowAction::Skip : ShadowAction::Run;
    uint8_t maskTaint = checkMaskUse(m, inst, mask, type);
    const sem::Mask &mk = m.mask(mask);
    unsigned w = sem::elemBytes(type.elem);
    bool inside = buf.holds(a.addr, type.bytes());
    if (!s.summary(value) && !maskTaint) {
      // Clean data: the active lanes' bytes become initialised and written.
      sem::Reg marks;
      std::memset(marks.b, kUBInit | kUBWritten, type.bytes());
      sem::storeAlign(type, marks, mk, s.ub + a.addr);
      if (a.addr + type.bytes() > s.ubDirtyEnd)
        s.ubDirtyEnd = a.addr + type.bytes();
    } else {
      s.reportTaintedLanes(m, inst, value, type, type.lanes(), UseKind::Store, "stores",
                           [&](unsigned l) { return mk.laneActive(type, l); });
      const MaskTaint &mt = s.mask(mask);
      for (unsigned l = 0; l < type.lanes(); ++l) {
        uint8_t mlt = mt.laneTaint(type, l);
        if (!mk.laneActive(type, l) && !mlt)
          continue;
        for (unsigned i = 0; i < w; ++i)
          s.writeByte(a.addr + l * w + i, uint8_t(s.reg(value).b[l * w + i] | mlt));
      }
    }
    if (s.options.bounds && !inside)
      s.reportLanes(
          m, inst, FindingKind::OutOfBufferWrite, UseKind::Store, type.lanes(), "writes lanes ",
          " outside its buffer of " + buf.elementsText(),
          [&](unsigned l) { return mk.laneActive(type, l) && !buf.holds(a.addr + l * w, w); });
    return ShadowAction::Run;
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
  /// The kernel of this reduce, resolved when compiled; null: sem::reduce.
  sem::simd::ReduceKernel kernel = nullptr;
  void run(Machine &m) const { compute(m, m.reg(source), m.mask(mask), m.regOut(result)); }
  /// run on operands looked up by the caller (a fused loop's).
  void compute(const Machine &m, const sem::Reg &in, const sem::Mask &mk, sem::Reg &out) const {
    if (kernel)
      return kernel(in, mk, out);
    sem::reduce(m.profile(), kind, resultType, sourceType, in, mk, out);
  }
  /// After run: a max / min result holds the value in lane 0 and the lane
  /// it came from in lane 1 (the first NaN, or the first of equal values).
  void decide(Machine &m, TraceDecision &d) const {
    if (kind == sem::ReduceKind::Sum) {
      d.kind = TraceDecision::Kind::TreeSum;
      return;
    }
    d.kind = TraceDecision::Kind::Extremum;
    d.isMax = kind == sem::ReduceKind::Max;
    const sem::Mask &mk = m.mask(mask);
    for (unsigned l = 0; l < sourceType.lanes(); ++l)
      d.activeLanes += mk.laneActive(sourceType, l);
    if (!d.activeLanes)
      return;
    unsigned w = sem::elemBytes(resultType.elem);
    uint64_t value = 0, lane = 0;
    std::memcpy(&value, m.reg(result).b, w);
    std::memcpy(&lane, m.reg(result).b + w, w);
    d.winner = static_cast<unsigned>(lane);
    d.firstNaN = sem::isNaN(sem::numberFormat(resultType.elem), value);
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    uint8_t maskTaint = checkMaskUse(m, inst, mask, sourceType);
    s.cleanReg(result);
    if (!s.summary(source) && !maskTaint)
      return ShadowAction::Run;
    // Any tainted active (or possibly active) source lane taints the value
    // (and the index of max / min).
    const sem::Mask &mk = m.mask(mask);
    const MaskTaint &mt = s.mask(mask);
    uint8_t t = 0;
    for (unsigned l = 0; l < sourceType.lanes(); ++l) {
      bool unknown = mt.undef.laneActive(sourceType, l) || mt.outOfBuffer.laneActive(sourceType, l);
      if (mk.laneActive(sourceType, l) || unknown)
        t |= s.laneTaint(source, sourceType, l);
    }
    t |= maskTaint;
    if (!t)
      return ShadowAction::Run;
    unsigned w = sem::elemBytes(resultType.elem);
    unsigned lanes = kind == sem::ReduceKind::Sum ? 1 : 2;
    std::memset(s.reg(result).b, t, lanes * w);
    s.summary(result) = t;
    s.regOrigin[result.slot] =
        s.summary(source) ? s.regOrigin[source.slot] : s.maskOrigin[mask.slot];
    return ShadowAction::Run;
  }
};

/// The shadow of a reduction of each group of `perGroup` lanes of `source`
/// into result lane g (pair_reduce_sum: 2, reduce_data_block: a 32-byte
/// block); lanes past the groups are 0. Lane g is tainted by the lanes of
/// its group that are active or whose mask bit is unknown, and by those bits.
inline ShadowAction shadowGroupReduce(Machine &m, const Inst &inst, sem::RegType sourceType,
                                      RegRef source, MaskRef mask, RegRef result,
                                      sem::RegType resultType, unsigned perGroup) {
  ShadowState &s = *m.shadow;
  uint8_t maskTaint = checkMaskUse(m, inst, mask, sourceType);
  if (!s.summary(source) && !maskTaint) {
    s.cleanReg(result);
    return ShadowAction::Run;
  }
  const sem::Mask &mk = m.mask(mask);
  const MaskTaint &mt = s.mask(mask);
  const unsigned w = sem::elemBytes(resultType.elem);
  sem::Reg out;
  std::memset(out.b, 0, sizeof out.b);
  for (unsigned g = 0; g < sourceType.lanes() / perGroup; ++g) {
    uint8_t t = 0;
    for (unsigned l = g * perGroup; l < (g + 1) * perGroup; ++l) {
      uint8_t mlt = mt.laneTaint(sourceType, l);
      if (mk.laneActive(sourceType, l) || mlt)
        t |= s.laneTaint(source, sourceType, l) | mlt;
    }
    std::memset(out.b + g * w, t, w);
  }
  s.reg(result) = out;
  s.summarize(result, resultType.bytes());
  s.regOrigin[result.slot] = s.summary(source) ? s.regOrigin[source.slot] : s.maskOrigin[mask.slot];
  return ShadowAction::Run;
}

/// pair_reduce_sum / vcpadd.
struct PairReduceSumInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  RegRef source;
  MaskRef mask;
  RegRef result;
  /// The kernel of this pair sum, resolved when compiled; null:
  /// sem::pairReduceSum.
  sem::simd::PairReduceKernel kernel = nullptr;
  void run(Machine &m) const { compute(m, m.reg(source), m.mask(mask), m.regOut(result)); }
  /// run on operands looked up by the caller (a fused loop's).
  void compute(const Machine &m, const sem::Reg &in, const sem::Mask &mk, sem::Reg &out) const {
    if (kernel)
      return kernel(in, mk, out);
    sem::pairReduceSum(m.profile(), type, in, mk, out);
  }
  /// Result lane i adds source lanes 2i and 2i+1, an inactive one as +0.
  void decide(Machine &m, TraceDecision &d) const {
    d.kind = TraceDecision::Kind::Pairs;
    const sem::Mask &mk = m.mask(mask);
    auto lane = [&](unsigned l) { return mk.laneActive(type, l) ? int32_t(l) : -1; };
    for (unsigned i = 0; i < type.lanes() / 2; ++i)
      d.pairs.push_back({lane(2 * i), lane(2 * i + 1)});
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowGroupReduce(m, inst, type, source, mask, result, type, 2);
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
  /// The kernel of this gather, resolved when compiled; null: sem::gather.
  sem::simd::GatherKernel kernel = nullptr;
  bool run(Machine &m, const Inst &inst) const {
    const Buffer &buf = m.buffer(base);
    if (buf.ubAddr % sem::kUBAlignment != 0) {
      m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::MisalignedGatherBase,
                                     {static_cast<int64_t>(buf.ubAddr)}});
      return false;
    }
    return gatherFrom(m, inst, buf, unitsToEnd(m, buf));
  }
  /// The `source` units from the (aligned) base buffer to the end of UB.
  uint64_t unitsToEnd(const Machine &m, const Buffer &buf) const {
    return (m.ub.capacity() - buf.ubAddr) / sem::elemBytes(source);
  }
  /// run after the base's alignment check, given unitsToEnd (which a fused
  /// loop computes once).
  bool gatherFrom(Machine &m, const Inst &inst, const Buffer &buf, uint64_t units) const {
    const uint8_t *from = m.ubData() + buf.ubAddr;
    sem::Status st = kernel ? kernel(from, units, m.reg(index), m.mask(mask), m.regOut(result))
                            : sem::gather(m.profile(), resultType, source, indexType, from, units,
                                          m.reg(index), m.mask(mask), m.regOut(result));
    if (st.ok)
      return true;
    reportOutside(m, inst, buf, st);
    return false;
  }
  /// Reports the gather's first index outside UB (`st` of a failed gather).
  void reportOutside(Machine &m, const Inst &inst, const Buffer &buf, sem::Status st) const {
    m.fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::GatherOutsideUB,
                                   {static_cast<int64_t>(st.value), st.lane,
                                    static_cast<int64_t>(buf.ubAddr), sem::elemBytes(source)}});
  }
  /// Each active result lane (the profile's gather.mask numbering) reads
  /// the `source` unit its index names, past the buffer's end or not.
  void decide(Machine &m, TraceDecision &d) const {
    d.kind = TraceDecision::Kind::Index;
    d.fromBuffer = true;
    const Buffer &buf = m.buffer(base);
    const sem::Mask &mk = m.mask(mask);
    const unsigned stride = sem::gatherMaskStride(m.profile(), resultType, source);
    unsigned iw = sem::elemBytes(indexType.elem);
    uint64_t units = buf.numElements * buf.elemBytes / sem::elemBytes(source);
    for (unsigned l = 0; l < resultType.lanes() && l < indexType.lanes(); ++l) {
      if (!mk.bit(stride * l))
        continue;
      uint64_t x = 0;
      std::memcpy(&x, m.reg(index).b + l * iw, iw);
      if (iw == 8)
        x &= 0xFFFFFFFFu; // u64 indices: their low 32 bits
      d.index.push_back({l, x, x >= units});
    }
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    const Buffer &buf = m.buffer(base);
    uint8_t maskTaint = checkMaskUse(m, inst, mask, resultType);
    const sem::Mask &mk = m.mask(mask);
    const MaskTaint &mt = s.mask(mask);
    const sem::Reg &idx = m.reg(index);
    unsigned unit = sem::elemBytes(source), w = sem::elemBytes(resultType.elem);
    unsigned iw = sem::elemBytes(indexType.elem);
    uint64_t capacity = m.ub.capacity();
    bool indexTainted = s.summary(index) != 0;
    auto indexOf = [&](unsigned l) {
      uint64_t v = 0;
      std::memcpy(&v, idx.b + l * iw, iw);
      return iw == 8 ? (v & 0xFFFFFFFFu) : v; // u64 indices: their low 32 bits
    };
    // The mask bit of lane l (gather.mask of the profile: counted on the
    // result or, for 8-bit sources, on the source).
    const unsigned maskStride = sem::gatherMaskStride(m.profile(), resultType, source);
    auto laneOn = [&](unsigned l) { return mk.bit(maskStride * l); };
    auto maskLaneTaint = [&](unsigned l) -> uint8_t {
      if (!maskTaint)
        return 0;
      return (mt.undef.bit(maskStride * l) ? kUndef : 0) |
             (mt.outOfBuffer.bit(maskStride * l) ? kOutOfBuffer : 0);
    };
    // One pass over the lanes: where each active lane reads, and the taint
    // of what it reads (8-bit units fill 16-bit lanes). The shadow bytes are
    // read and marked read in place (this loop is the checks' cost of a
    // gather: a tight loop keeps --check=all within a few times a plain run).
    sem::Reg &out = s.reg(result);
    std::memset(out.b, 0, resultType.bytes());
    uint8_t all = 0;
    bool outsideUB = false, outsideBuffer = false;
    uint64_t readEnd = 0;
    const uint8_t *ubShadow = s.ub;
    uint8_t *ubRead = s.ubRead;
    unsigned lanes = resultType.lanes();
    // The index lanes at their width (a memcpy of a run-time width would be
    // a library call per lane).
    uint64_t indices[256]; // lanes of a register: at most 256
    auto loadIndices = [&]<class T>(T) {
      for (unsigned l = 0; l < lanes; ++l) {
        T v;
        std::memcpy(&v, idx.b + l * sizeof(T), sizeof(T));
        indices[l] = sizeof(T) == 8 ? (uint64_t(v) & 0xFFFFFFFFu) : uint64_t(v);
      }
    };
    switch (iw) {
    case 1:
      loadIndices(uint8_t{});
      break;
    case 2:
      loadIndices(uint16_t{});
      break;
    case 4:
      loadIndices(uint32_t{});
      break;
    default:
      loadIndices(uint64_t{});
      break;
    }
    for (unsigned l = 0; l < lanes; ++l) {
      uint8_t mlt = maskLaneTaint(l);
      bool active = laneOn(l);
      if (!active && !mlt)
        continue;
      uint64_t at = buf.ubAddr + indices[l] * unit;
      if (!sem::insideUB(at, unit, capacity)) {
        outsideUB |= active;
        continue;
      }
      bool outside = !buf.holds(at, unit);
      outsideBuffer |= outside;
      uint8_t t = mlt | (indexTainted ? s.laneTaint(index, indexType, l) : 0) |
                  (outside ? kOutOfBuffer : 0);
      for (unsigned i = 0; i < unit; ++i) {
        uint8_t u = ubShadow[at + i];
        bool undefined = (u & kUBInit) == 0;
        ubRead[at + i] |= kByteRead | (undefined ? kByteReadUndefined : 0);
        t |= (undefined ? kUndef : 0) | ((u & kUBCarriesOOB) ? kOutOfBuffer : 0);
      }
      readEnd = std::max(readEnd, at + unit);
      if (t) {
        std::memset(out.b + l * w, t, w);
        all |= t;
      }
    }
    s.readDirtyEnd = std::max(s.readDirtyEnd, readEnd);
    s.summary(result) = all;
    s.regOrigin[result.slot] = inst.op;
    // The findings (rare: computed again lane by lane).
    if (indexTainted)
      s.reportTaintedLanes(m, inst, index, indexType, resultType.lanes(), UseKind::GatherIndex,
                           "gathers with indices computed from", laneOn);
    if (outsideUB) {
      // A finding with the bounds check (the gather is skipped), else the
      // gather's own error.
      if (!s.options.bounds)
        return ShadowAction::Run;
      s.reportLanes(m, inst, FindingKind::OutsideUB, UseKind::GatherIndex, resultType.lanes(),
                    "gathers lanes ", " from outside the Unified Buffer; the gather is skipped",
                    [&](unsigned l) {
                      return laneOn(l) &&
                             !sem::insideUB(buf.ubAddr + indexOf(l) * unit, unit, capacity);
                    });
      std::memset(m.regOut(result).b, 0, sizeof(sem::Reg));
      std::memset(out.b, kUndef, resultType.bytes());
      s.summary(result) = kUndef;
      return ShadowAction::Skip;
    }
    if (outsideBuffer && s.options.bounds)
      s.reportLanes(m, inst, FindingKind::OutOfBufferIndex, UseKind::GatherIndex,
                    resultType.lanes(), "gathers lanes ",
                    " from outside its base buffer of " + buf.elementsText(), [&](unsigned l) {
                      return laneOn(l) && !buf.holds(buf.ubAddr + indexOf(l) * unit, unit);
                    });
    return ShadowAction::Run;
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
  /// Every result lane reads the source lane its index names, modulo the
  /// lanes.
  void decide(Machine &m, TraceDecision &d) const {
    d.kind = TraceDecision::Kind::Index;
    d.sourceLanes = type.lanes();
    unsigned w = sem::elemBytes(type.elem);
    for (unsigned l = 0; l < type.lanes(); ++l) {
      uint64_t x = 0;
      std::memcpy(&x, m.reg(index).b + l * w, w);
      d.index.push_back({l, x % type.lanes(), false});
    }
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    if (s.summary(index))
      s.reportTaintedLanes(m, inst, index, type, type.lanes(), UseKind::GatherIndex,
                           "gathers with indices computed from", [](unsigned) { return true; });
    permuteTaint(s, {source, index}, {result}, [&] {
      sem::Reg moved;
      sem::gatherReg(type, s.reg(source), m.reg(index), moved); // taint moves like the data
      for (unsigned i = 0; i < type.bytes(); ++i)
        moved.b[i] |= s.reg(index).b[i];
      s.reg(result) = moved;
    });
    return ShadowAction::Run;
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
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ScalarRef in = scalar;
    if (masked)
      checkMaskUse(m, inst, mask, type);
    propagateLanes(m, type, masked ? std::optional<MaskRef>(mask) : std::nullopt, result, {}, &in);
    return ShadowAction::Run;
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
    sem::duplicateLane(type, m.reg(source), m.mask(mask), m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    checkMaskUse(m, inst, mask, type);
    permuteTaint(s, {source}, {result},
                 [&] { sem::duplicateLane(type, s.reg(source), m.mask(mask), s.reg(result)); });
    return ShadowAction::Run;
  }
};

/// arange / vci.
struct ArangeInst {
  static constexpr Flow flow = Flow::Next;
  sem::RegType type;
  ScalarRef start;
  RegRef result;
  void run(Machine &m) const { sem::arange(type, m.scalar(start), m.regOut(result)); }
  ShadowAction shadow(Machine &m, const Inst &) const {
    ScalarRef in = start;
    propagateLanes(m, type, std::nullopt, result, {}, &in);
    return ShadowAction::Run;
  }
};

/// The shadow of a compare (compare, compares): the result mask's taint
/// from `laneTaint(l)`, the compared operands' taint of lane l, computed
/// only when an operand (`operandsTainted`) or the mask is tainted.
template <class LaneTaint>
ShadowAction shadowCompare(Machine &m, const Inst &inst, sem::RegType type, MaskRef mask,
                           MaskRef result, bool operandsTainted, uint32_t origin,
                           LaneTaint laneTaint) {
  ShadowState &s = *m.shadow;
  uint8_t maskTaint = checkMaskUse(m, inst, mask, type);
  MaskTaint r;
  if (operandsTainted || maskTaint)
    r = compareResultTaint(m, mask, type, laneTaint);
  s.mask(result) = r;
  s.maskOrigin[result.slot] = origin;
  return ShadowAction::Run;
}

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
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    return shadowCompare(
        m, inst, type, mask, result, s.summary(lhs) || s.summary(rhs),
        s.summary(lhs) ? s.regOrigin[lhs.slot] : s.regOrigin[rhs.slot],
        [&](unsigned l) { return uint8_t(s.laneTaint(lhs, type, l) | s.laneTaint(rhs, type, l)); });
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
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    uint8_t maskTaint = checkMaskUse(m, inst, mask, type);
    if (!s.summary(onTrue) && !s.summary(onFalse) && !maskTaint) {
      s.cleanReg(result);
      return ShadowAction::Run;
    }
    sem::Reg out;
    sem::select(type, m.mask(mask), s.reg(onTrue), s.reg(onFalse), out); // the chosen lanes' taint
    if (maskTaint) {
      unsigned w = sem::elemBytes(type.elem);
      const MaskTaint &mt = s.mask(mask);
      for (unsigned l = 0; l < type.lanes(); ++l) {
        uint8_t t = mt.laneTaint(type, l);
        for (unsigned i = 0; t && i < w; ++i)
          out.b[l * w + i] |= t;
      }
    }
    s.reg(result) = out;
    s.summarize(result, type.bytes());
    s.regOrigin[result.slot] = s.summary(onTrue)    ? s.regOrigin[onTrue.slot]
                               : s.summary(onFalse) ? s.regOrigin[onFalse.slot]
                                                    : s.maskOrigin[mask.slot];
    return ShadowAction::Run;
  }
};

/// The shadow of a zeroing lane-wise op (add, abs, vand, vadds, ...): the
/// mask's use is checked, and an active lane of `result` is tainted by its
/// lane of every source and by the scalar, if any.
inline ShadowAction shadowZeroing(Machine &m, const Inst &inst, sem::RegType type, MaskRef mask,
                                  RegRef result, std::initializer_list<RegRef> sources,
                                  ScalarRef *scalar = nullptr) {
  checkMaskUse(m, inst, mask, type);
  propagateLanes(m, type, mask, result, sources, scalar);
  return ShadowAction::Run;
}

/// The shadow of a zeroing op on one register and one scalar (vadds,
/// adds, ...).
inline ShadowAction shadowRegisterAndScalar(Machine &m, const Inst &inst, sem::RegType type,
                                            RegRef source, ScalarRef scalar, MaskRef mask,
                                            RegRef result) {
  return shadowZeroing(m, inst, type, mask, result, {source}, &scalar);
}

/// A zeroing op on two registers whose kind picks what `Kernel` (a
/// semantics function) computes. One payload for every such family, so
/// their run and shadow cannot drift apart; `Kernel` is a template
/// argument, so the call stays direct.
template <class Kind, auto Kernel> struct MaskedBinaryInst {
  static constexpr Flow flow = Flow::Next;
  Kind kind;
  sem::RegType type;
  RegRef lhs, rhs;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    Kernel(m.profile(), kind, type, m.reg(lhs), m.reg(rhs), m.mask(mask), m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowZeroing(m, inst, type, mask, result, {lhs, rhs});
  }
};

/// add / max / min and vadd / vmax / vmin (zeroing).
using BinaryInst = MaskedBinaryInst<sem::BinaryKind, sem::binary>;
/// sub / mul / and / or / xor (ascreg and dav; zeroing).
using ArithInst = MaskedBinaryInst<sem::ArithKind, sem::arith>;

/// abs / not (ascreg and dav; zeroing).
struct UnaryInst {
  static constexpr Flow flow = Flow::Next;
  sem::UnaryKind kind;
  sem::RegType type;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::unary(m.profile(), kind, type, m.reg(source), m.mask(mask), m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowZeroing(m, inst, type, mask, result, {source});
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
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowZeroing(m, inst, type, mask, result, {lhs, rhs});
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
  ShadowAction shadow(Machine &m, const Inst &) const {
    ShadowState &s = *m.shadow;
    permuteTaint(s, {lhs, rhs}, {first, second}, [&] {
      if (deinterleave)
        sem::dav::vdintlv(type, s.reg(lhs), s.reg(rhs), s.reg(first), s.reg(second));
      else
        sem::dav::vintlv(type, s.reg(lhs), s.reg(rhs), s.reg(first), s.reg(second));
    });
    return ShadowAction::Run;
  }
};

/// cast / vcvt: saturation is decided by the run's CTRL state.
struct CastInst {
  static constexpr Flow flow = Flow::Next;
  sem::CastSpec spec;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::cast(m.profile(), spec, m.reg(source), m.mask(mask), m.regOut(result));
  }
  /// Taint follows the lane mapping of sem::cast: widening dst lane k <- src
  /// lane ratio*k + part, narrowing src lane k -> dst lane ratio*k + part;
  /// the mask is read at source granularity; inactive lanes and the other
  /// parts are clean zeros.
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    ShadowState &s = *m.shadow;
    sem::RegType srcType{spec.src, 1}, dstType{spec.dst, 1};
    uint8_t maskTaint = checkMaskUse(m, inst, mask, srcType);
    if (!s.summary(source) && !maskTaint) {
      s.cleanReg(result);
      return ShadowAction::Run;
    }
    const sem::Mask &mk = m.mask(mask);
    const MaskTaint &mt = s.mask(mask);
    unsigned ws = sem::elemBytes(spec.src), wd = sem::elemBytes(spec.dst);
    unsigned part = unsigned(spec.part);
    // The mask bit of source lane l: the source's, or with cast.widen_mask =
    // destination that of the destination lane it widens into.
    const bool dstNumbered =
        wd > ws && m.profile().castWidenMask == sem::CastWidenMask::Destination;
    auto maskBit = [&](unsigned l) { return dstNumbered ? wd * ((l - part) / (wd / ws)) : ws * l; };
    auto srcLaneTaint = [&](unsigned l) -> uint8_t {
      const unsigned bit = maskBit(l);
      uint8_t t = maskTaint ? uint8_t((mt.undef.bit(bit) ? kUndef : 0) |
                                      (mt.outOfBuffer.bit(bit) ? kOutOfBuffer : 0))
                            : 0;
      if (mk.bit(bit) || t)
        t |= s.laneTaint(source, srcType, l);
      return t;
    };
    sem::Reg taint;
    std::memset(taint.b, 0, sizeof taint.b);
    uint8_t all = 0;
    auto set = [&](unsigned dstLane, uint8_t t) {
      if (t) {
        std::memset(taint.b + dstLane * wd, t, wd);
        all |= t;
      }
    };
    if (wd >= ws) {
      unsigned ratio = wd / ws;
      for (unsigned k = 0; k < dstType.lanes(); ++k)
        set(k, srcLaneTaint(ratio * k + part));
    } else {
      unsigned ratio = ws / wd;
      for (unsigned k = 0; k < srcType.lanes(); ++k)
        set(ratio * k + part, srcLaneTaint(k));
    }
    uint32_t origin = s.summary(source) ? s.regOrigin[source.slot] : s.maskOrigin[mask.slot];
    std::memcpy(s.reg(result).b, taint.b, sizeof taint.b);
    s.summary(result) = all;
    s.regOrigin[result.slot] = origin;
    return ShadowAction::Run;
  }
};

/// truncate / vtrc.
struct TruncateInst {
  static constexpr Flow flow = Flow::Next;
  sem::ElemKind type;
  sem::RoundMode round;
  RegRef source;
  MaskRef mask;
  RegRef result;
  void run(Machine &m) const {
    sem::truncate(m.profile(), type, round, m.reg(source), m.mask(mask), m.regOut(result));
  }
  ShadowAction shadow(Machine &m, const Inst &inst) const {
    return shadowZeroing(m, inst, sem::RegType{type, 1}, mask, result, {source});
  }
};

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_REGISTEROPS_H
