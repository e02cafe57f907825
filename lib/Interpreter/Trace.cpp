//===- Trace.cpp - --trace output of the interpreter ------------*- C++ -*-===//
//
// For every executed ascreg op: its location, each input and each result.
// Registers print as raw lane bits in hex and as decoded lane values, masks as
// lists of active lanes (of the register type the op reads them with).
//
//===----------------------------------------------------------------------===//
#include "Machine.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Semantics/ElementFormat.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

namespace ascreg {
namespace interp {

static uint64_t laneBits(sem::RegType t, const sem::Reg &r, unsigned lane) {
  unsigned eb = sem::elemBytes(t.elem);
  uint64_t v = 0;
  std::memcpy(&v, r.b + lane * eb, eb);
  return v;
}

void printReg(llvm::raw_ostream &os, sem::RegType t, const sem::Reg &r) {
  unsigned lanes = t.lanes(), eb = sem::elemBytes(t.elem);
  unsigned perLine = eb == 1 ? 32 : eb == 2 ? 16 : eb == 4 ? 8 : 4;
  os << "      hex:\n";
  for (unsigned l = 0; l < lanes; l += perLine) {
    os << llvm::format("        [%3u]", l);
    for (unsigned j = l; j < l + perLine && j < lanes; ++j)
      os << " " << sem::formatElementBits(sem::numberFormat(t.elem), laneBits(t, r, j));
    os << "\n";
  }
  os << "      lanes:\n";
  unsigned valuesPerLine = eb >= 4 ? 8 : 16;
  for (unsigned l = 0; l < lanes; l += valuesPerLine) {
    os << llvm::format("        [%3u]", l);
    for (unsigned j = l; j < l + valuesPerLine && j < lanes; ++j) {
      os << " ";
      os << sem::formatNumber(sem::numberFormat(t.elem), laneBits(t, r, j));
    }
    os << "\n";
  }
}

/// "0-63" style ranges of the set positions.
static void printRanges(llvm::raw_ostream &os, llvm::ArrayRef<unsigned> v) {
  if (v.empty()) {
    os << "none";
    return;
  }
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1)
      ++j;
    if (i)
      os << ",";
    os << v[i];
    if (j > i)
      os << "-" << v[j];
    i = j + 1;
  }
}

void printMask(llvm::raw_ostream &os, const sem::Mask &mask, std::optional<sem::RegType> lanes) {
  llvm::SmallVector<unsigned, 256> set;
  if (lanes) {
    for (unsigned l = 0; l < lanes->lanes(); ++l)
      if (mask.laneActive(*lanes, l))
        set.push_back(l);
    os << "active lanes of " << sem::elemName(lanes->elem) << (lanes->numRegs == 2 ? "x2" : "")
       << " (" << set.size() << "/" << lanes->lanes() << "): ";
  } else {
    for (unsigned b = 0; b < sem::kMaskBits; ++b)
      if (mask.bit(b))
        set.push_back(b);
    os << "set bits (" << set.size() << "/256): ";
  }
  printRanges(os, set);
  os << "\n";
}

/// A slot's value, copied out of the machine.
TracedValue captureValue(Machine &m, const TraceValue &v) {
  TracedValue out;
  out.name = v.name;
  llvm::raw_string_ostream ts(out.type);
  v.type.print(ts);
  switch (v.kind) {
  case SlotKind::Reg: {
    out.kind = TracedValue::Kind::Register;
    out.regType = ascreg::toRegType(llvm::cast<ascreg::VRegType>(v.type));
    const sem::Reg &r = m.reg(RegRef{v.slot});
    out.bytes.assign(r.b, r.b + out.regType.bytes());
    break;
  }
  case SlotKind::Mask: {
    out.kind = TracedValue::Kind::Mask;
    const sem::Mask &mk = m.mask(MaskRef{v.slot});
    const uint8_t *b = reinterpret_cast<const uint8_t *>(mk.w);
    out.bytes.assign(b, b + sizeof mk.w);
    break;
  }
  case SlotKind::Scalar:
    if (llvm::isa<mlir::MemRefType>(v.type)) {
      out.kind = TracedValue::Kind::Buffer;
      const Buffer &buf = m.buffer(BufferRef{v.slot});
      out.ubAddr = buf.ubAddr;
      out.numElements = buf.numElements;
      out.elemBytes = buf.elemBytes;
    } else {
      out.kind = TracedValue::Kind::Scalar;
      uint64_t x = m.scalar(ScalarRef{v.slot});
      const uint8_t *b = reinterpret_cast<const uint8_t *>(&x);
      out.bytes.assign(b, b + 8);
    }
    break;
  }
  return out;
}

static void printValue(llvm::raw_ostream &os, const TracedValue &v,
                       std::optional<sem::RegType> maskLanes, const char *dir) {
  os << "  " << dir << " " << v.name << " : " << v.type << "\n";
  switch (v.kind) {
  case TracedValue::Kind::Register: {
    sem::Reg r;
    std::memcpy(r.b, v.bytes.data(), v.bytes.size());
    printReg(os, v.regType, r);
    break;
  }
  case TracedValue::Kind::Mask: {
    sem::Mask mk;
    std::memcpy(mk.w, v.bytes.data(), sizeof mk.w);
    os << "      ";
    printMask(os, mk, maskLanes);
    break;
  }
  case TracedValue::Kind::Buffer:
    os << "      UB buffer at " << llvm::format_hex(v.ubAddr, 6) << ", " << v.numElements
       << " elements\n";
    break;
  case TracedValue::Kind::Scalar: {
    uint64_t x = 0;
    std::memcpy(&x, v.bytes.data(), 8);
    os << "      = " << static_cast<int64_t>(x) << " (" << llvm::format_hex(x, 18) << ")\n";
    break;
  }
  }
}

void printTraceEvent(llvm::raw_ostream &os, const TraceEvent &e) {
  os << "[ascreg-trace] " << e.header << "\n";
  for (const TracedValue &v : e.inputs)
    printValue(os, v, e.maskLanes, "in ");
  if (e.failed) {
    os << "  -> error (see diagnostic)\n";
    return;
  }
  for (const TracedValue &v : e.outputs)
    printValue(os, v, e.maskLanes, "out");
}

uint32_t traceHandler(Machine &m, const Inst &inst, uint32_t pc) {
  const TraceInfo &info = m.trace[inst.op];
  mlir::Operation *op = m.ops[inst.op];
  TraceEvent e{m.traceEvents++, op->getName().getStringRef().str(), info.header, op->getLoc()};
  e.iteration = m.iterationAt(inst.op);
  e.maskLanes = info.maskLanes;
  for (const TraceValue &v : info.inputs)
    e.inputs.push_back(captureValue(m, v));
  uint32_t next = inst.exec(m, inst, pc);
  e.failed = next == kHalt && m.failed;
  if (!e.failed) {
    for (const TraceValue &v : info.outputs)
      e.outputs.push_back(captureValue(m, v));
    if (pc < m.deciders.size() && m.deciders[pc])
      m.deciders[pc](m, inst, e.decision.emplace());
  }
  if (m.options.trace)
    printTraceEvent(*m.options.trace, e);
  if (m.options.traceSink)
    m.options.traceSink->onEvent(e);
  return next;
}

} // namespace interp
} // namespace ascreg
