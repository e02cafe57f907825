//===- Program.h - the compiled form of a kernel -----------------*- C++ -*-===//
//
// A kernel compiles to a flat array of instructions. Each instruction holds a
// handler and a payload: a small struct with named fields (the op's operand
// and result slots, its types and attributes) whose `run` executes the op.
// One payload type serves every op of one shape in both dialects (e.g.
// ReduceInst executes ascreg.reduce and dav.vcadd/vcmax/vcmin); Bindings.cpp
// says which op builds which payload.
//
// Values live in three slot files: 64-bit scalars (integers, index, float
// bits, and memrefs as buffer numbers), vector registers and masks. A
// register slot is reached through a pointer so that a load whose value is
// consumed before any UB write can point straight into UB instead of copying
// it (Compiler.cpp, "register views").
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_PROGRAM_H
#define ASCREG_LIB_INTERPRETER_PROGRAM_H

#include "ascreg/Semantics/Semantics.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace ascreg {
namespace interp {

namespace sem = ::ascreg::semantics;

class Machine;
struct Inst;

/// Executes one instruction; returns the next pc, or kHalt.
using Handler = uint32_t (*)(Machine &, const Inst &, uint32_t pc);
inline constexpr uint32_t kHalt = UINT32_MAX;

/// Typed slot references: the file a value lives in and its index there.
struct ScalarRef {
  uint32_t slot = 0;
};
struct RegRef {
  uint32_t slot = 0;
};
struct MaskRef {
  uint32_t slot = 0;
};
/// A memref value: its scalar slot holds the buffer number.
struct BufferRef {
  uint32_t slot = 0;
};
/// The element offset of a register access: scalar(index) * scale. The scale
/// is 1 unless the compiler folded a multiplication by a constant into the
/// access (Compiler::foldIntoAccess).
struct ElementOffset {
  ScalarRef index;
  uint64_t scale = 1;
};

/// How an instruction continues.
enum class Flow : uint8_t {
  Next,    // `void run(Machine &) const`: cannot fail
  MayFail, // `bool run(Machine &, const Inst &) const`: false after reporting
  Jump,    // `uint32_t run(Machine &, const Inst &, uint32_t pc) const`: next pc
};

inline constexpr unsigned kPayloadBytes = 40;

struct Inst {
  /// What the dispatch loop calls: `exec`, or an instrumentation wrapper
  /// (tracing) that calls `exec` itself.
  Handler fn = nullptr;
  Handler exec = nullptr;
  /// Index of the op in Machine::ops (location, diagnostics, tracing).
  uint32_t op = 0;
  alignas(8) unsigned char payload[kPayloadBytes] = {};

  template <class P> const P &as() const { return *reinterpret_cast<const P *>(payload); }
};

/// The handler of payload type P.
template <class P> uint32_t step(Machine &m, const Inst &inst, uint32_t pc) {
  const P &p = inst.as<P>();
  if constexpr (P::flow == Flow::Next) {
    p.run(m);
    return pc + 1;
  } else if constexpr (P::flow == Flow::MayFail) {
    return p.run(m, inst) ? pc + 1 : kHalt;
  } else {
    return p.run(m, inst, pc);
  }
}

/// An instruction executing payload `p` with handler `handler` (step<P>, or
/// checkedStep<P> with the debugging checks).
template <class P> Inst makeInst(const P &p, uint32_t op, Handler handler) {
  static_assert(sizeof(P) <= kPayloadBytes, "payload too large for Inst");
  static_assert(std::is_trivially_copyable_v<P> && alignof(P) <= 8);
  Inst inst;
  inst.fn = inst.exec = handler;
  inst.op = op;
  std::memcpy(inst.payload, &p, sizeof(P));
  return inst;
}

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_PROGRAM_H
