//===- Trace.cpp - --trace output of the interpreter ------------*- C++ -*-===//
//
// For every executed ascreg op: its location, each input and each result.
// Registers print as raw lane bits in hex and as decoded lane values, masks as
// lists of active lanes (of the register type the op reads them with).
//
//===----------------------------------------------------------------------===//
#include "Machine.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

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

static void printLaneValue(llvm::raw_ostream &os, sem::ElemKind k, uint64_t bits) {
  switch (k) {
  case sem::ElemKind::I8:
    os << static_cast<int>(static_cast<int8_t>(bits));
    break;
  case sem::ElemKind::I16:
    os << static_cast<int16_t>(bits);
    break;
  case sem::ElemKind::I32:
    os << static_cast<int32_t>(bits);
    break;
  case sem::ElemKind::I64:
    os << static_cast<int64_t>(bits);
    break;
  case sem::ElemKind::U8:
  case sem::ElemKind::U16:
  case sem::ElemKind::U32:
  case sem::ElemKind::U64:
    os << bits;
    break;
  case sem::ElemKind::F16:
    os << llvm::format("%g", sem::f16ToF32(static_cast<uint16_t>(bits)));
    break;
  case sem::ElemKind::BF16:
    os << llvm::format("%g", sem::bf16ToF32(static_cast<uint16_t>(bits)));
    break;
  case sem::ElemKind::F32: {
    float f;
    uint32_t u = static_cast<uint32_t>(bits);
    std::memcpy(&f, &u, 4);
    os << llvm::format("%.9g", f);
    break;
  }
  }
}

void printReg(llvm::raw_ostream &os, sem::RegType t, const sem::Reg &r) {
  unsigned lanes = t.lanes(), eb = sem::elemBytes(t.elem);
  unsigned perLine = eb == 1 ? 32 : eb == 2 ? 16 : eb == 4 ? 8 : 4;
  os << "      hex:\n";
  for (unsigned l = 0; l < lanes; l += perLine) {
    os << llvm::format("        [%3u]", l);
    for (unsigned j = l; j < l + perLine && j < lanes; ++j)
      os << " " << llvm::format_hex_no_prefix(laneBits(t, r, j), eb * 2);
    os << "\n";
  }
  os << "      lanes:\n";
  unsigned valuesPerLine = eb >= 4 ? 8 : 16;
  for (unsigned l = 0; l < lanes; l += valuesPerLine) {
    os << llvm::format("        [%3u]", l);
    for (unsigned j = l; j < l + valuesPerLine && j < lanes; ++j) {
      os << " ";
      printLaneValue(os, t.elem, laneBits(t, r, j));
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

static void printValue(llvm::raw_ostream &os, Machine &m, const TraceValue &v,
                       std::optional<sem::RegType> maskLanes, const char *dir) {
  os << "  " << dir << " " << v.name << " : " << v.type << "\n";
  switch (v.kind) {
  case SlotKind::Reg:
    printReg(os, ascreg::toRegType(llvm::cast<ascreg::VRegType>(v.type)), m.reg(RegRef{v.slot}));
    break;
  case SlotKind::Mask:
    os << "      ";
    printMask(os, m.mask(MaskRef{v.slot}), maskLanes);
    break;
  case SlotKind::Scalar:
    if (llvm::isa<mlir::MemRefType>(v.type)) {
      const Buffer &b = m.buffer(BufferRef{v.slot});
      os << "      UB buffer at " << llvm::format_hex(b.ubAddr, 6) << ", " << b.numElements
         << " elements\n";
    } else {
      uint64_t x = m.scalar(ScalarRef{v.slot});
      os << "      = " << static_cast<int64_t>(x) << " (" << llvm::format_hex(x, 18) << ")\n";
    }
    break;
  }
}

uint32_t traceHandler(Machine &m, const Inst &inst, uint32_t pc) {
  llvm::raw_ostream &os = *m.options.trace;
  const TraceInfo &info = m.trace[inst.op];
  os << "[ascreg-trace] " << info.header << "\n";
  for (const TraceValue &v : info.inputs)
    printValue(os, m, v, info.maskLanes, "in ");
  uint32_t next = inst.exec(m, inst, pc);
  if (next == kHalt && m.failed) {
    os << "  -> error (see diagnostic)\n";
    return next;
  }
  for (const TraceValue &v : info.outputs)
    printValue(os, m, v, info.maskLanes, "out");
  return next;
}

} // namespace interp
} // namespace ascreg
