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

#include <algorithm>
#include <cstring>
#include <optional>
#include <type_traits>
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

/// Ops whose `run` writes every byte of their (one-register) result and
/// reads only their source register and mask: a store of the result under
/// a mask with every lane active, the result's only use, may let the op
/// write straight into UB instead (fusedMapLoop).
template <class Op> constexpr bool kWritesWholeResult = false;
template <> constexpr bool kWritesWholeResult<ReduceInst> = true;
template <> constexpr bool kWritesWholeResult<PairReduceSumInst> = true;

/// Whether a register at `dst` lies apart from the register at `src` (any
/// register may span sizeof(sem::Reg) bytes): an op of a map loop may then
/// write its result at `dst`, in UB, while reading its source at `src` (a
/// view of UB, or a register).
inline bool apart(const sem::Reg &src, const uint8_t *dst) {
  auto s = reinterpret_cast<uintptr_t>(src.b), d = reinterpret_cast<uintptr_t>(dst);
  constexpr uintptr_t kReach = sizeof(sem::Reg);
  return s >= d + kReach || d >= s + kReach;
}

const ForLatchInst &plainLatch(const ForLatchInst &latch) { return latch; }
const ForLatchInst &plainLatch(const ForLatchCopyInst &latch) { return latch.latch; }
/// The scalar slot a latch writes besides the induction variable, if any
/// (else `none`).
uint32_t iterArgOr(const ForLatchInst &, uint32_t none) { return none; }
uint32_t iterArgOr(const ForLatchCopyInst &latch, uint32_t) { return latch.iterArg.slot; }
/// A latch's slots, looked up once for a loop's unchecked iterations: `run`
/// is what the latch's own `run` does when it loops back with a step that
/// needs no check (uncheckedRun), with nothing read again after a call in
/// the body.
struct LoopBackSlots {
  uint64_t *iv, *iterArg = nullptr;
  const uint64_t *yielded = nullptr;
  uint64_t step, width;
  explicit LoopBackSlots(Machine &m, const ForLatchInst &latch)
      : iv(&m.scalar(latch.loop.iv)), step(m.scalar(latch.loop.step)),
        width(widthMask(latch.loop.width)) {}
  explicit LoopBackSlots(Machine &m, const ForLatchCopyInst &latch)
      : LoopBackSlots(m, latch.latch) {
    iterArg = &m.scalar(latch.iterArg);
    yielded = &m.scalar(latch.yielded);
  }
  [[gnu::always_inline]] void run(Machine &m) const {
    if (iterArg)
      *iterArg = *yielded;
    *iv = (*iv + step) & width;
    ++m.steps;
  }
};

/// A register access of a map loop at element offset iv * scale of a buffer.
struct AffineAccess {
  BufferRef base;
  ElementOffset offset;
  unsigned bytes;
};

/// How many iterations of a loop, from the current one (its body about to
/// run), all loop back with a step that countStep would not check and make
/// every access of `accesses` valid (registerAddress): those may run
/// without the checks. 0 when the accesses do not step with the induction
/// variable or depend on what the loop writes (the `written` scalars).
uint64_t uncheckedRun(Machine &m, const ForLatchInst &latch,
                      std::initializer_list<AffineAccess> accesses,
                      std::initializer_list<uint32_t> written) {
  const LoopBounds &loop = latch.loop;
  auto isWritten = [&](ScalarRef r) {
    for (uint32_t w : written)
      if (w == r.slot)
        return true;
    return r.slot == loop.iv.slot;
  };
  if (isWritten(loop.upper) || isWritten(loop.step))
    return 0;
  using Wide = __int128;
  Wide i, upper, step;
  if (loop.isUnsigned) {
    i = m.scalar(loop.iv), upper = m.scalar(loop.upper), step = m.scalar(loop.step);
  } else {
    i = signExtend(m.scalar(loop.iv), loop.width);
    upper = signExtend(m.scalar(loop.upper), loop.width);
    step = signExtend(m.scalar(loop.step), loop.width);
  }
  // Iteration k > 0 sees i + k * step < upper: no wrap, and the slot (the
  // value zero-extended) holds that number since i >= 0.
  if (step <= 0 || i < 0 || i >= upper)
    return 0;
  uint64_t n = static_cast<uint64_t>((upper - i - 1) / step);
  n = std::min(n, m.stepsUnchecked > m.steps ? m.stepsUnchecked - m.steps : 0);
  if (n == 0)
    return 0;
  // From here every number is >= 0; unsigned products cannot overflow.
  using UWide = unsigned __int128;
  const UWide lastIv = UWide(i) + UWide(n - 1) * UWide(step);
  for (const AffineAccess &a : accesses) {
    if (a.offset.index.slot != loop.iv.slot || isWritten(ScalarRef{a.base.slot}))
      return 0;
    const Buffer &buf = m.buffer(a.base);
    // Offsets grow with the iteration: the first and the last are the ends.
    const UWide last = lastIv * a.offset.scale;
    if (last > sem::kMaxUBCapacity)
      return 0;
    const uint64_t lastAddr = buf.ubAddr + static_cast<uint64_t>(last) * buf.elemBytes;
    const uint64_t firstAddr =
        buf.ubAddr + static_cast<uint64_t>(UWide(i) * a.offset.scale) * buf.elemBytes;
    const uint64_t stride = static_cast<uint64_t>(step) * a.offset.scale * buf.elemBytes;
    if (!sem::insideUB(lastAddr, a.bytes, m.ub.capacity()) || firstAddr % sem::kUBAlignment ||
        stride % sem::kUBAlignment) // (the stride modulo 2^64 has the same residue)
      return 0;
  }
  return n;
}

/// Whether mask `mk` has every bit of `whole` set.
inline bool covers(const sem::Mask &mk, const sem::Mask &whole) {
  return ((mk.w[0] & whole.w[0]) == whole.w[0]) & ((mk.w[1] & whole.w[1]) == whole.w[1]) &
         ((mk.w[2] & whole.w[2]) == whole.w[2]) & ((mk.w[3] & whole.w[3]) == whole.w[3]);
}

/// Where the unchecked iterations of a map loop start (fusedMapLoop).
struct FastRun {
  uint64_t iterations, loadAt, loadStride, storeAt, storeStride;
  sem::Mask full;  // update_mask's result for a whole register
  sem::Mask whole; // the store's mask with every lane active
  bool storesResult, maskVaries, alwaysWhole;
};

/// What the unchecked iterations of a map loop (gatherIterations,
/// mapIterations) look up once: the slots' addresses and the latch's. Every
/// value has a slot of its own, and only the load's may be a view, moving
/// with the load's address (set by finish); after a call in the body
/// nothing of the machine is read again but the slots' values.
struct MapLoopSlots {
  const LoadAlignInst &load;
  const UpdateMaskInst &update;
  const StoreAlignInst &store;
  const FastRun r; // a copy: not read again through memory a call may write
  uint8_t *ub;
  sem::Reg *loaded; // the load's register, unless a view
  sem::Mask &updated;
  const sem::Mask &storeMask;
  uint64_t &count, &rest;
  const LoopBackSlots back;
  const unsigned lanes;
  const bool view, wholeWhenFull;
  template <class Latch>
  MapLoopSlots(Machine &m, const LoadAlignInst &load, const UpdateMaskInst &update,
               const StoreAlignInst &store, const Latch &latch, const FastRun &r)
      : load(load), update(update), store(store), r(r), ub(m.ubData()),
        loaded(load.view ? nullptr : &m.regOut(load.result)), updated(m.mask(update.mask)),
        storeMask(m.mask(store.mask)), count(m.scalar(update.count)), rest(m.scalar(update.rest)),
        back(m, latch), lanes(update.lanes.lanes()), view(load.view),
        wholeWhenFull(r.maskVaries && r.storesResult) {}

  /// The load at UB address `at`: the register it fills, or the UB bytes
  /// it views.
  [[gnu::always_inline]] const sem::Reg &loadAt(uint64_t at) const {
    if (view)
      return *reinterpret_cast<const sem::Reg *>(ub + at);
    sem::loadAlign(load.type, ub + at, *loaded);
    return *loaded;
  }
  /// A register the body reads, resolved once: the load's result (then the
  /// register loaded in this iteration) or a register fixed for the loop.
  struct Operand {
    const sem::Reg *fixed; // null: the load's result
    [[gnu::always_inline]] const sem::Reg &in(const sem::Reg &loaded) const {
      return fixed ? *fixed : loaded;
    }
  };
  Operand operand(const Machine &m, RegRef v) const {
    return {v.slot == load.result.slot ? nullptr : &m.reg(v)};
  }
  /// The store's value: the body op's `result` (register `opResult`), the
  /// load's result or a register fixed for the loop.
  Operand storeValue(const Machine &m, RegRef opResult, const sem::Reg &result) const {
    return store.value.slot == opResult.slot ? Operand{&result} : operand(m, store.value);
  }
  /// update_mask: the mask of a full register without the call.
  [[gnu::always_inline]] void updateMask(Machine &m) const {
    const uint32_t n = static_cast<uint32_t>(count);
    if (n >= lanes) {
      updated = r.full;
      rest = n - lanes;
    } else {
      update.run(m);
    }
  }
  /// Whether the store copies every byte (then the op's result, one
  /// register): always, or when its mask (the loop's) has every lane active.
  [[gnu::always_inline]] bool storesWhole() const {
    return r.alwaysWhole || (wholeWhenFull && covers(storeMask, r.whole));
  }
  /// The store of `value` at UB address `at`; `whole`: storesWhole().
  [[gnu::always_inline]] void storeAt(const sem::Reg &value, uint64_t at, bool whole) const {
    if (whole) // sem::storeAlign with every lane active: the bytes copied
      std::memmove(ub + at, value.b, sem::kVLBytes);
    else
      sem::storeAlign(store.type, value, storeMask, ub + at);
  }
  /// After iterations whose last load was at `lastLoad`: a view load's
  /// register views it, as after the unfused loop.
  void finish(Machine &m, uint64_t lastLoad) const {
    if (view)
      m.setView(load.result, lastLoad);
  }
  /// The r.iterations iterations: the load, update_mask, `body(in, storeAddr)`
  /// (the op and the store; `in` is the loaded register), the latch. A body
  /// that returns false (its op failed) ends the loop after that
  /// iteration's load. Returns the iterations whose body succeeded.
  template <class Body>
  [[gnu::always_inline]] uint64_t iterate(Machine &m, const Body &body) const {
    const uint64_t iterations = r.iterations, loadStride = r.loadStride,
                   storeStride = r.storeStride;
    uint64_t loadAddr = r.loadAt, storeAddr = r.storeAt;
    for (uint64_t k = 0; k < iterations; ++k, loadAddr += loadStride, storeAddr += storeStride) {
      const sem::Reg &in = loadAt(loadAddr);
      updateMask(m);
      if (!body(in, storeAddr)) {
        finish(m, loadAddr);
        return k;
      }
      back.run(m);
    }
    if (iterations)
      finish(m, loadAddr - loadStride);
    return iterations;
  }
};

/// fusedMapLoop's unchecked iterations of a gather loop, the same steps with
/// the slots looked up once (MapLoopSlots) and the gather's kernel called
/// directly. Returns the iterations run: fewer than r.iterations when the
/// gather failed (reported).
template <class Latch>
uint64_t gatherIterations(Machine &m, const Inst *code, const LoadAlignInst &load,
                          const UpdateMaskInst &update, const Latch &latch, const FastRun &r,
                          uint64_t units) {
  const GatherInst &op = code[2].as<GatherInst>();
  const StoreAlignInst &store = code[3].as<StoreAlignInst>();
  const MapLoopSlots s(m, load, update, store, latch, r);
  const Buffer &buf = m.buffer(op.base);
  const uint8_t *from = s.ub + buf.ubAddr;
  const sem::Mask &gatherMask = m.mask(op.mask);
  sem::Reg &result = m.regOut(op.result);
  const MapLoopSlots::Operand indexOperand = s.operand(m, op.index),
                              value = s.storeValue(m, op.result, result);
  const sem::simd::GatherKernel kernel = op.kernel;
  sem::Status st;
  const uint64_t done = s.iterate(m, [&](const sem::Reg &in, uint64_t storeAddr) {
    const sem::Reg &index = indexOperand.in(in);
    st = kernel ? kernel(from, units, index, gatherMask, result)
                : sem::gather(m.profile(), op.resultType, op.source, op.indexType, from, units,
                              index, gatherMask, result);
    if (st.ok)
      s.storeAt(value.in(in), storeAddr, s.storesWhole());
    return st.ok;
  });
  if (done < s.r.iterations)
    op.reportOutside(m, code[2], buf, st);
  return done;
}

/// An op's kernel resolved when compiled (null: its general entry point),
/// or nullptr for an op without one.
template <class Op> auto kernelOf(const Op &op) {
  if constexpr (requires { op.kernel; })
    return op.kernel;
  else
    return nullptr;
}

/// fusedMapLoop's unchecked iterations of a reduce, pair_reduce_sum or
/// reduce_data_block loop (the op cannot fail), the same steps with the
/// slots looked up once (MapLoopSlots) and the op's kernel called directly.
/// When the store copies the whole result of an op that writes all of it
/// (kWritesWholeResult), the op writes it straight into UB at the store's
/// address (the same bytes, one copy less) unless that register overlaps
/// the op's source: then, as always for other ops, the op computes its
/// register and the store copies it.
template <class Op, class Latch>
void mapIterations(Machine &m, const Inst *code, const LoadAlignInst &load,
                   const UpdateMaskInst &update, const Latch &latch, const FastRun &r) {
  const Op &op = code[2].as<Op>();
  const StoreAlignInst &store = code[3].as<StoreAlignInst>();
  const MapLoopSlots s(m, load, update, store, latch, r);
  const sem::Mask &opMask = m.mask(op.mask);
  sem::Reg &result = m.regOut(op.result);
  const MapLoopSlots::Operand sourceOperand = s.operand(m, op.source),
                              value = s.storeValue(m, op.result, result);
  const auto kernel = kernelOf(op);
  auto compute = [&](const sem::Reg &in, sem::Reg &out) {
    if constexpr (!std::is_null_pointer_v<decltype(kernel)>) {
      if (kernel)
        return kernel(in, opMask, out);
    }
    op.compute(m, in, opMask, out);
  };
  s.iterate(m, [&](const sem::Reg &in, uint64_t storeAddr) {
    const sem::Reg &source = sourceOperand.in(in);
    const bool whole = s.storesWhole();
    if constexpr (kWritesWholeResult<Op>) {
      if (whole && apart(source, s.ub + storeAddr)) {
        compute(source, *reinterpret_cast<sem::Reg *>(s.ub + storeAddr));
        return true;
      }
    }
    compute(source, result);
    s.storeAt(value.in(in), storeAddr, whole);
    return true;
  });
}

/// load / update_mask (either order), op, store: runLoop with shortcuts.
/// When the store copies the op's result whole (one register, every lane
/// active, the address checked), the op writes into UB at that address:
/// the same bytes, one copy less. Otherwise, and whenever the store would
/// fail, the op and the store run as written. The iterations uncheckedRun
/// allows go first, without the accesses' checks, the mask computed only
/// for a partial register and the store's mask looked at once.
template <class Latch, class First, class Second, class Op>
uint32_t fusedMapLoop(Machine &m, const Inst &first, uint32_t pc) {
  constexpr unsigned kLoad = std::is_same_v<First, LoadAlignInst> ? 0 : 1;
  const Inst *code = &first;
  const LoadAlignInst &load = code[kLoad].as<LoadAlignInst>();
  const UpdateMaskInst &update = code[1 - kLoad].as<UpdateMaskInst>();
  const Op &op = code[2].as<Op>();
  const StoreAlignInst &store = code[3].as<StoreAlignInst>();
  const Inst &latchInst = code[4];
  const Latch &latch = latchInst.as<Latch>();
  const bool storesResult =
      store.value.slot == op.result.slot && store.type.bytes() == sem::kVLBytes;
  sem::Mask whole;
  sem::createMask(store.type, sem::MaskPattern::ALL, whole);
  auto storesWhole = [&](const sem::Mask &mk) { return covers(mk, whole); };
  uint64_t dispatched = 0;

  const ForLatchInst &plain = plainLatch(latch);
  const uint32_t iterArg = iterArgOr(latch, update.rest.slot);
  uint64_t fast = uncheckedRun(
      m, plain,
      {{load.base, load.offset, load.type.bytes()}, {store.base, store.offset, store.type.bytes()}},
      {update.rest.slot, iterArg});
  uint64_t gatherUnits = 0;
  if constexpr (std::is_same_v<Op, GatherInst>) {
    // The general path reports a misaligned base; the base must not change.
    const Buffer &buf = m.buffer(op.base);
    if (op.base.slot == update.rest.slot || op.base.slot == iterArg ||
        op.base.slot == plain.loop.iv.slot || buf.ubAddr % sem::kUBAlignment)
      fast = 0;
    else
      gatherUnits = op.unitsToEnd(m, buf);
  }
  if (fast) {
    const Buffer &loadBuf = m.buffer(load.base), &storeBuf = m.buffer(store.base);
    const uint64_t step = m.scalar(plain.loop.step);
    const uint64_t loadStride = load.offset.scale * step * loadBuf.elemBytes,
                   storeStride = store.offset.scale * step * storeBuf.elemBytes;
    uint64_t loadAt = loadBuf.ubAddr + m.elementOffset(load.offset) * loadBuf.elemBytes;
    uint64_t storeAt = storeBuf.ubAddr + m.elementOffset(store.offset) * storeBuf.elemBytes;
    const uint64_t firstStore = storeAt;
    // The mask of a full register, and whether the store's mask (when the
    // loop does not compute it) has every lane active.
    const unsigned lanes = update.lanes.lanes();
    sem::Mask full;
    uint32_t unused;
    sem::updateMask(update.lanes, lanes, full, unused);
    const bool maskVaries = store.mask.slot == update.mask.slot;
    const bool alwaysWhole = storesResult && !maskVaries && storesWhole(m.mask(store.mask));
    const FastRun r{fast, loadAt, loadStride,   storeAt,    storeStride,
                    full, whole,  storesResult, maskVaries, alwaysWhole};
    if constexpr (std::is_same_v<Op, GatherInst>) {
      const uint64_t done = gatherIterations(m, code, load, update, latch, r, gatherUnits);
      if (done)
        m.ub.noteWrite(firstStore, (done - 1) * storeStride + store.type.bytes());
      if (done < fast) {
        m.fusedExecuted += dispatched + 5 * done + 2;
        return kHalt;
      }
    } else {
      mapIterations<Op>(m, code, load, update, latch, r);
      m.ub.noteWrite(firstStore, (fast - 1) * storeStride + store.type.bytes());
    }
    dispatched += 5 * fast;
  }

  for (;;) {
    if (!runBody<First>(m, code[0])) {
      m.fusedExecuted += dispatched;
      return kHalt;
    }
    if (!runBody<Second>(m, code[1])) {
      m.fusedExecuted += dispatched + 1;
      return kHalt;
    }
    bool inPlace = false;
    if constexpr (kWritesWholeResult<Op>) {
      std::optional<uint64_t> at;
      if (storesResult && storesWhole(m.mask(store.mask)))
        at = m.registerAddress(m.buffer(store.base), m.elementOffset(store.offset), sem::kVLBytes);
      if (at && apart(m.reg(op.source), m.ubData() + *at)) {
        op.compute(m, m.reg(op.source), m.mask(op.mask),
                   *reinterpret_cast<sem::Reg *>(m.ubData() + *at));
        m.ub.noteWrite(*at, sem::kVLBytes);
        inPlace = true;
      }
    }
    if (!inPlace) {
      if (!runBody<Op>(m, code[2])) {
        m.fusedExecuted += dispatched + 2;
        return kHalt;
      }
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

template <class Latch, class... Body> Shape shapeOf(Handler fused) {
  return Shape{{&step<Body>...},
               &step<Latch>,
               [](const Inst &latch) { return loopBodyOf(latch.as<Latch>()); },
               fused};
}

/// load -> update_mask -> op -> store, the mask's two orders.
template <class Latch, class Op> void addMapShapes(std::vector<Shape> &shapes) {
  using Load = LoadAlignInst;
  using Update = UpdateMaskInst;
  shapes.push_back(
      shapeOf<Latch, Load, Update, Op, StoreAlignInst>(&fusedMapLoop<Latch, Load, Update, Op>));
  shapes.push_back(
      shapeOf<Latch, Update, Load, Op, StoreAlignInst>(&fusedMapLoop<Latch, Update, Load, Op>));
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
