//===- Machine.cpp - the interpreter's state and UB accesses ----*- C++ -*-===//
#include "Machine.h"
#include "Provenance.h"

namespace ascreg {
namespace interp {

Machine::Machine() = default;
Machine::~Machine() = default;

void Machine::fail(const Inst &inst, const sem::RuntimeError &error) {
  if (failed)
    return;
  failed = true;
  ops[inst.op]->emitOpError() << error.message(ub.capacity());
}

/// buf.ubAddr + index * scale as an exact integer.
static __int128 ubByte(const Buffer &buf, uint64_t index, uint64_t scale) {
  return static_cast<__int128>(buf.ubAddr) +
         static_cast<__int128>(static_cast<int64_t>(index)) * static_cast<__int128>(scale);
}

void Machine::reportRegisterAccess(const Inst &inst, const Buffer &buf, uint64_t offset,
                                   unsigned bytes) {
  uint64_t capacity = ub.capacity();
  __int128 addr = ubByte(buf, offset, buf.elemBytes);
  int64_t values[4] = {static_cast<int64_t>(buf.ubAddr), static_cast<int64_t>(offset),
                       buf.elemBytes, bytes};
  if (addr < 0 || addr > static_cast<__int128>(capacity) ||
      !sem::insideUB(static_cast<uint64_t>(addr), bytes, capacity))
    fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::RegisterAccessOutsideUB,
                                 {values[0], values[1], values[2], values[3]}});
  else
    fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::MisalignedAccess,
                                 {values[0], values[1], values[2]}});
}

Machine::CheckedAccess Machine::checkAccess(const Inst &inst, const Buffer &buf, uint64_t index,
                                            unsigned bytes, bool aligned) {
  CheckedAccess c;
  __int128 addr = ubByte(buf, index, buf.elemBytes);
  bool inside = addr >= 0 && addr <= static_cast<__int128>(ub.capacity()) &&
                sem::insideUB(static_cast<uint64_t>(addr), bytes, ub.capacity());
  if (!inside) {
    if (shadow && shadow->options.bounds) {
      shadow->report(*this, inst, FindingKind::OutsideUB, UseKind::None,
                     sem::RuntimeError{sem::RuntimeErrorKind::RegisterAccessOutsideUB,
                                       {static_cast<int64_t>(buf.ubAddr),
                                        static_cast<int64_t>(index), buf.elemBytes, bytes}}
                             .message(ub.capacity()) +
                         "; the access is skipped");
      c.skip = true;
    }
    return c;
  }
  c.addr = static_cast<uint64_t>(addr);
  if (aligned && c.addr % sem::kUBAlignment != 0) {
    if (shadow && shadow->options.align) {
      shadow->report(*this, inst, FindingKind::Misaligned, UseKind::None,
                     sem::RuntimeError{sem::RuntimeErrorKind::MisalignedAccess,
                                       {static_cast<int64_t>(buf.ubAddr),
                                        static_cast<int64_t>(index), buf.elemBytes}}
                             .message(ub.capacity()) +
                         "; the access is skipped");
      c.skip = true;
    }
    return c;
  }
  c.valid = true;
  return c;
}

std::optional<uint64_t> Machine::scalarAccess(const Inst &inst, const Buffer &buf, uint64_t index) {
  __int128 addr = ubByte(buf, index, buf.elemBytes);
  if (addr < 0 || addr > static_cast<__int128>(ub.capacity()) ||
      !sem::insideUB(static_cast<uint64_t>(addr), buf.elemBytes, ub.capacity())) {
    fail(inst, sem::RuntimeError{
                   sem::RuntimeErrorKind::ScalarAccessOutsideUB,
                   {static_cast<int64_t>(buf.ubAddr), static_cast<int64_t>(index), buf.elemBytes}});
    return std::nullopt;
  }
  return static_cast<uint64_t>(addr);
}

std::optional<uint32_t> Machine::allocate(const Inst &inst, uint64_t numElements,
                                          uint32_t elemBytes) {
  uint64_t at = 0;
  bool fits = numElements <= sem::kMaxUBCapacity && ub.allocate(numElements * elemBytes, at);
  if (!fits) {
    uint64_t bytes = numElements > sem::kMaxUBCapacity ? UINT64_MAX : numElements * elemBytes;
    fail(inst, sem::RuntimeError{sem::RuntimeErrorKind::AllocationExceedsUB,
                                 {static_cast<int64_t>(bytes),
                                  static_cast<int64_t>(sem::alignToUB(ub.allocationTop()))}});
    return std::nullopt;
  }
  buffers.push_back(Buffer{at, numElements, elemBytes, at});
  return static_cast<uint32_t>(buffers.size() - 1);
}

void Machine::prepareFrames() {
  scalarFile.assign(numScalars + 1, 0);
  regStorage.resize(numRegs + 1);
  regFile.resize(numRegs + 1);
  for (uint32_t i = 0; i <= numRegs; ++i)
    regFile[i] = &regStorage[i];
  maskFile.resize(numMasks + 1);
  S = scalarFile.data();
  R = regFile.data();
  M = maskFile.data();
}

void Machine::execute() {
  ubBase = ub.data();
  const Inst *prog = code.data();
  uint32_t pc = 0;
  uint64_t n = 0;
  fusedExecuted = 0;
  while (pc != kHalt) {
    const Inst &inst = prog[pc];
    pc = inst.fn(*this, inst, pc);
    ++n;
  }
  executed = n + fusedExecuted;
}

} // namespace interp
} // namespace ascreg
