//===- Provenance.h - recording where values come from ----------*- C++ -*-===//
//
// CompiledKernel::explain runs the kernel twice with every instruction
// wrapped by recordStep:
//   1. record: each executed op becomes an Event (its op, the loop
//      iteration, the events that produced its operands, the events that
//      last wrote the UB bytes it read, and for stores the bytes written);
//      each UB byte remembers its last writer;
//   2. capture: the same run again (deterministic), copying the operand and
//      result values of the events the explanation needs.
// Provenance.cpp then walks back from the store that last wrote an element.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_PROVENANCE_H
#define ASCREG_LIB_INTERPRETER_PROVENANCE_H

#include "Machine.h"
#include "RegApiFormOps.h"
#include "RegisterOps.h"
#include "ScalarOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace ascreg {
namespace interp {

/// An event id that is not an event: a kernel argument or nothing.
inline constexpr uint32_t kNoEvent = UINT32_MAX;

class Recorder {
public:
  struct Event {
    uint32_t op;
    uint32_t firstIv, numIv;
    uint32_t firstInput, numInputs; // producers of the operands, in operand order
    uint32_t firstRead, numReads;   // UB runs read (loads, gathers)
    uint64_t storeAddr = 0;         // stores: the bytes they cover
    uint32_t storeBytes = 0;
  };
  /// `length` UB bytes from `addr` last written by `writer` when read.
  struct Read {
    uint64_t addr;
    uint32_t length, writer;
  };
  struct Captured {
    std::vector<TracedValue> inputs, outputs;
  };

  explicit Recorder(uint64_t eventLimit) : limit(eventLimit) {}

  std::vector<Event> events;
  std::vector<int64_t> ivs;
  std::vector<uint32_t> inputs;
  std::vector<Read> reads;
  std::vector<uint32_t> scalarProducer, regProducer, maskProducer;
  std::vector<uint32_t> ubWriter; // by UB byte, grown on demand
  uint64_t limit;
  bool truncated = false;
  /// Capture pass: the events whose values to keep, and the values.
  const llvm::DenseSet<uint32_t> *captureSet = nullptr;
  llvm::DenseMap<uint32_t, Captured> captured;
  /// Events seen in this pass (the capture pass counts them again).
  uint32_t next = 0;

  void reset(const Machine &m);
  uint32_t writerOf(uint64_t addr) const {
    return addr < ubWriter.size() ? ubWriter[addr] : kNoEvent;
  }
  void noteWrite(uint64_t addr, uint64_t bytes, uint32_t event);
  /// Appends the runs of writers of [addr, addr + bytes).
  void noteRead(uint64_t addr, uint64_t bytes);
  uint32_t &producer(SlotKind kind, uint32_t slot) {
    return kind == SlotKind::Reg    ? regProducer[slot]
           : kind == SlotKind::Mask ? maskProducer[slot]
                                    : scalarProducer[slot];
  }
};

/// Values of the traced slots of `info` (as the tracer copies them).
std::vector<TracedValue> captureValues(Machine &m, llvm::ArrayRef<TraceValue> values);

/// The handler of payload type P while recording provenance.
template <class P> uint32_t recordStep(Machine &m, const Inst &inst, uint32_t pc) {
  Recorder &r = *m.recorder;
  const P &p = inst.as<P>();
  // Copies move a value between slots: its producer moves with it.
  if constexpr (std::is_same_v<P, CopyRegInst> || std::is_same_v<P, CopyMaskInst> ||
                std::is_same_v<P, CopyScalarInst>) {
    SlotKind k = std::is_same_v<P, CopyRegInst>    ? SlotKind::Reg
                 : std::is_same_v<P, CopyMaskInst> ? SlotKind::Mask
                                                   : SlotKind::Scalar;
    uint32_t from = r.producer(k, p.from.slot);
    uint32_t next = step<P>(m, inst, pc);
    r.producer(k, p.to.slot) = from;
    return next;
  } else if constexpr (P::flow == Flow::Jump) {
    return step<P>(m, inst, pc); // control flow: no value
  } else {
    const TraceInfo *info = inst.op < m.trace.size() ? &m.trace[inst.op] : nullptr;
    if (!info || r.events.size() >= r.limit) {
      r.truncated |= info != nullptr;
      return step<P>(m, inst, pc);
    }
    uint32_t id = static_cast<uint32_t>(r.events.size());
    bool capture = r.captureSet && r.captureSet->contains(id);
    Recorder::Captured values;
    if (capture)
      values.inputs = captureValues(m, info->inputs);
    Recorder::Event e{
        inst.op, static_cast<uint32_t>(r.ivs.size()),   0, static_cast<uint32_t>(r.inputs.size()),
        0,       static_cast<uint32_t>(r.reads.size()), 0};
    for (auto &[name, v] : m.iterationAt(inst.op))
      r.ivs.push_back(v);
    e.numIv = static_cast<uint32_t>(r.ivs.size()) - e.firstIv;
    for (const TraceValue &v : info->inputs)
      r.inputs.push_back(r.producer(v.kind, v.slot));
    e.numInputs = static_cast<uint32_t>(info->inputs.size());
    // What the op reads from UB, before it runs.
    if constexpr (std::is_same_v<P, LoadAlignInst> || std::is_same_v<P, LoadDeinterleaveInst>) {
      const Buffer &buf = m.buffer(p.base);
      unsigned bytes = 2 * sem::kVLBytes;
      if constexpr (std::is_same_v<P, LoadAlignInst>)
        bytes = p.type.bytes();
      uint64_t offset = 0;
      if constexpr (std::is_same_v<P, LoadAlignInst>)
        offset = m.elementOffset(p.offset);
      else
        offset = m.scalar(p.offset);
      uint64_t addr = buf.ubAddr + offset * buf.elemBytes;
      if (sem::insideUB(addr, bytes, m.ub.capacity()))
        r.noteRead(addr, bytes);
    } else if constexpr (std::is_same_v<P, MemRefLoadInst>) {
      const Buffer &buf = m.buffer(p.base);
      uint64_t addr = buf.ubAddr + m.scalar(p.index) * buf.elemBytes;
      if (sem::insideUB(addr, buf.elemBytes, m.ub.capacity()))
        r.noteRead(addr, buf.elemBytes);
    } else if constexpr (std::is_same_v<P, GatherInst>) {
      const Buffer &buf = m.buffer(p.base);
      unsigned unit = sem::elemBytes(p.source), iw = sem::elemBytes(p.indexType.elem);
      const sem::Mask &mk = m.mask(p.mask);
      for (unsigned l = 0; l < p.resultType.lanes(); ++l) {
        uint64_t v = 0;
        std::memcpy(&v, m.reg(p.index).b + l * iw, iw);
        if (iw == 8)
          v &= 0xFFFFFFFFu;
        uint64_t addr = buf.ubAddr + v * unit;
        if (mk.laneActive(p.resultType, l) && sem::insideUB(addr, unit, m.ub.capacity()))
          r.noteRead(addr, unit);
      }
    }
    e.numReads = static_cast<uint32_t>(r.reads.size()) - e.firstRead;
    uint32_t next = step<P>(m, inst, pc);
    if (m.failed)
      return next;
    // What it wrote.
    if constexpr (std::is_same_v<P, StoreAlignInst>) {
      const Buffer &buf = m.buffer(p.base);
      e.storeAddr = buf.ubAddr + m.elementOffset(p.offset) * buf.elemBytes;
      e.storeBytes = p.type.bytes();
      const sem::Mask &mk = m.mask(p.mask);
      unsigned w = sem::elemBytes(p.type.elem);
      for (unsigned l = 0; l < p.type.lanes(); ++l)
        if (mk.laneActive(p.type, l))
          r.noteWrite(e.storeAddr + l * w, w, id);
    } else if constexpr (std::is_same_v<P, StoreFirstInst>) {
      const Buffer &buf = m.buffer(p.base);
      e.storeAddr = buf.ubAddr + m.elementOffset(p.offset) * buf.elemBytes;
      e.storeBytes = p.bytes();
      r.noteWrite(e.storeAddr, p.bytes(), id);
    } else if constexpr (std::is_same_v<P, MemRefStoreInst>) {
      const Buffer &buf = m.buffer(p.base);
      e.storeAddr = buf.ubAddr + m.scalar(p.index) * buf.elemBytes;
      e.storeBytes = buf.elemBytes;
      r.noteWrite(e.storeAddr, buf.elemBytes, id);
    }
    for (const TraceValue &v : info->outputs)
      r.producer(v.kind, v.slot) = id;
    if (capture) {
      values.outputs = captureValues(m, info->outputs);
      r.captured[id] = std::move(values);
    }
    r.events.push_back(e);
    return next;
  }
}

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_PROVENANCE_H
