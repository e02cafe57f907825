//===- Superinstructions.cpp - common loops as one instruction ------------===//
//
// A fused shape is a list of payload types: the body's, in order, then the
// latch's. The loop's instructions match it when their handlers are the
// plain step<P> of those types (not a tracer's or a checker's) and the
// latch jumps back to the first of them; a body of straight-line
// instructions has no other entry, so nothing jumps into the fused range.
//
//===----------------------------------------------------------------------===//
#include "Superinstructions.h"

#include "ReduceDataBlockOps.h"
#include "RegisterOps.h"
#include "ScalarOps.h"

#include <optional>
#include <utility>
#include <vector>

namespace ascreg {
namespace interp {

namespace {

/// Runs one body instruction; false when it failed (after reporting).
template <class P> [[gnu::always_inline]] inline bool runBody(Machine &m, const Inst &inst) {
  const P &p = inst.as<P>();
  if constexpr (P::flow == Flow::Next) {
    p.run(m);
    return true;
  } else {
    static_assert(P::flow == Flow::MayFail, "a fused body does not jump");
    return p.run(m, inst);
  }
}

/// The loop at code[0, n] (n = the body's length; code[n] the latch) from
/// its first iteration: every body instruction in order, then the latch,
/// until the latch leaves the loop or something fails. Machine::executed
/// counts what the dispatch loop would have: one call per instruction run
/// (the failing one included), this handler's own call being one of them.
template <class Latch, class... Body, size_t... I>
uint32_t runLoop(Machine &m, const Inst *code, uint32_t pc, std::index_sequence<I...>) {
  constexpr uint32_t n = sizeof...(Body);
  const Inst &latchInst = code[n];
  const Latch &latch = latchInst.as<Latch>();
  uint64_t dispatched = 0;
  for (;;) {
    uint32_t failedAt = n;
    (void)((runBody<Body>(m, code[I]) || (failedAt = I, false)) && ...);
    if (failedAt != n) {
      m.fusedExecuted += dispatched + failedAt;
      return kHalt;
    }
    uint32_t next = latch.run(m, latchInst, pc + n);
    dispatched += n + 1;
    if (next != pc) { // left the loop, or the step limit / a cancel stopped it
      m.fusedExecuted += dispatched - 1;
      return next;
    }
  }
}

template <class Latch, class... Body>
uint32_t fusedLoop(Machine &m, const Inst &first, uint32_t pc) {
  return runLoop<Latch, Body...>(m, &first, pc, std::index_sequence_for<Body...>());
}

/// Ops whose `run` writes every byte of their (one-register) result and
/// reads only their source register and mask: a store of the result under
/// a mask with every lane active, the result's only use, may let the op
/// write straight into UB instead (fusedMapLoop).
template <class Op> constexpr bool kWritesWholeResult = false;
template <> constexpr bool kWritesWholeResult<ReduceInst> = true;
template <> constexpr bool kWritesWholeResult<PairReduceSumInst> = true;

/// Whether the op of a map loop may write its result at UB address `at`
/// instead of into its register for the store: its source (a view of UB,
/// or a register) lies apart from the destination.
template <class Op> bool mayWriteInPlace(Machine &m, const Op &op, uint64_t at) {
  auto src = reinterpret_cast<uintptr_t>(m.reg(op.source).b);
  auto dst = reinterpret_cast<uintptr_t>(m.ubData() + at);
  constexpr uintptr_t kReach = sizeof(sem::Reg); // what any source may span
  return src >= dst + kReach || dst >= src + kReach;
}

/// load / update_mask (either order), op, store: runLoop with one shortcut.
/// When the store copies the op's result whole (one register, every lane
/// active, the address checked), the op writes into UB at that address:
/// the same bytes, one copy less. Otherwise, and whenever the store would
/// fail, the op and the store run as written.
template <class Latch, class First, class Second, class Op>
uint32_t fusedMapLoop(Machine &m, const Inst &first, uint32_t pc) {
  const Inst *code = &first;
  const Op &op = code[2].as<Op>();
  const StoreAlignInst &store = code[3].as<StoreAlignInst>();
  const Inst &latchInst = code[4];
  const Latch &latch = latchInst.as<Latch>();
  const bool storesResult =
      store.value.slot == op.result.slot && store.type.bytes() == sem::kVLBytes;
  sem::Mask whole;
  sem::createMask(store.type, sem::MaskPattern::ALL, whole);
  auto storesWhole = [&](const sem::Mask &mk) {
    return ((mk.w[0] & whole.w[0]) == whole.w[0]) & ((mk.w[1] & whole.w[1]) == whole.w[1]) &
           ((mk.w[2] & whole.w[2]) == whole.w[2]) & ((mk.w[3] & whole.w[3]) == whole.w[3]);
  };
  uint64_t dispatched = 0;
  for (;;) {
    if (!runBody<First>(m, code[0])) {
      m.fusedExecuted += dispatched;
      return kHalt;
    }
    if (!runBody<Second>(m, code[1])) {
      m.fusedExecuted += dispatched + 1;
      return kHalt;
    }
    std::optional<uint64_t> at;
    if (storesResult && storesWhole(m.mask(store.mask)))
      at = m.registerAddress(m.buffer(store.base), m.elementOffset(store.offset), sem::kVLBytes);
    if (at && mayWriteInPlace(m, op, *at)) {
      m.setView(op.result, *at);
      op.run(m);
      m.resetView(op.result);
      m.ub.noteWrite(*at, sem::kVLBytes);
    } else {
      op.run(m);
      if (!store.run(m, code[3])) {
        m.fusedExecuted += dispatched + 3;
        return kHalt;
      }
    }
    uint32_t next = latch.run(m, latchInst, pc + 4);
    dispatched += 5;
    if (next != pc) {
      m.fusedExecuted += dispatched - 1;
      return next;
    }
  }
}

uint32_t loopBodyOf(const ForLatchInst &latch) { return latch.body; }
uint32_t loopBodyOf(const ForLatchCopyInst &latch) { return latch.latch.body; }

struct Shape {
  std::vector<Handler> body;
  Handler latch;
  uint32_t (*loopBody)(const Inst &latch);
  Handler fused;
};

template <class Latch, class... Body> Shape shapeOf(Handler fused = &fusedLoop<Latch, Body...>) {
  return Shape{{&step<Body>...},
               &step<Latch>,
               [](const Inst &latch) { return loopBodyOf(latch.as<Latch>()); },
               fused};
}

/// load -> update_mask -> op -> store, the mask's two orders.
template <class Latch, class Op> void addMapShapes(std::vector<Shape> &shapes) {
  using Load = LoadAlignInst;
  using Update = UpdateMaskInst;
  if constexpr (kWritesWholeResult<Op>) {
    shapes.push_back(
        shapeOf<Latch, Load, Update, Op, StoreAlignInst>(&fusedMapLoop<Latch, Load, Update, Op>));
    shapes.push_back(
        shapeOf<Latch, Update, Load, Op, StoreAlignInst>(&fusedMapLoop<Latch, Update, Load, Op>));
  } else {
    shapes.push_back(shapeOf<Latch, Load, Update, Op, StoreAlignInst>());
    shapes.push_back(shapeOf<Latch, Update, Load, Op, StoreAlignInst>());
  }
}

template <class Latch> void addShapes(std::vector<Shape> &shapes) {
  addMapShapes<Latch, ReduceInst>(shapes);
  addMapShapes<Latch, PairReduceSumInst>(shapes);
  addMapShapes<Latch, GatherInst>(shapes);
  addMapShapes<Latch, ReduceDataBlockInst>(shapes);
}

const std::vector<Shape> &shapes() {
  static const std::vector<Shape> all = [] {
    std::vector<Shape> s;
    addShapes<ForLatchCopyInst>(s);
    addShapes<ForLatchInst>(s);
    return s;
  }();
  return all;
}

} // namespace

bool fuseLoop(Machine &m, uint32_t body, uint32_t latch) {
  auto plain = [](const Inst &inst, Handler h) { return inst.exec == h && inst.fn == h; };
  for (const Shape &s : shapes()) {
    if (body > latch || s.body.size() != latch - body || !plain(m.code[latch], s.latch) ||
        s.loopBody(m.code[latch]) != body)
      continue;
    bool matches = true;
    for (size_t i = 0; i < s.body.size() && matches; ++i)
      matches = plain(m.code[body + i], s.body[i]);
    if (!matches)
      continue;
    m.code[body].fn = s.fused;
    ++m.superinstructions;
    return true;
  }
  return false;
}

} // namespace interp
} // namespace ascreg
