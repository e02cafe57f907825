//===- Provenance.cpp - where an output element comes from ------*- C++ -*-===//
//
// From the store that last wrote an element, back through the ops whose
// results it came from, lane by lane: a load's lane from the UB bytes (and
// the store that wrote them), a lane-wise op's lane from the same lanes of
// its inputs, a reduction's value from the lane that decided it (the first
// NaN, the first of the extremes) or from all active lanes (sums), a gather's
// lane from its index lane and the UB bytes it read.
//
//===----------------------------------------------------------------------===//
#include "Provenance.h"
#include "Compiler.h"

#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/Semantics/ElementFormat.h"
#include "ascreg/Semantics/ReduceDataBlock.h"
#include "ascreg/Support/LocationText.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <queue>

using namespace mlir;

namespace ascreg {
namespace interp {

void Recorder::reset(const Machine &m) {
  events.clear();
  ivs.clear();
  inputs.clear();
  reads.clear();
  scalarProducer.assign(m.numScalars + 1, kNoEvent);
  regProducer.assign(m.numRegs + 1, kNoEvent);
  maskProducer.assign(m.numMasks + 1, kNoEvent);
  ubWriter.clear();
  truncated = false;
  captured.clear();
  next = 0;
}

void Recorder::noteWrite(uint64_t addr, uint64_t bytes, uint32_t event) {
  if (ubWriter.size() < addr + bytes)
    ubWriter.resize(addr + bytes, kNoEvent);
  std::fill(ubWriter.begin() + addr, ubWriter.begin() + addr + bytes, event);
}

void Recorder::noteRead(uint64_t addr, uint64_t bytes) {
  for (uint64_t i = 0; i < bytes;) {
    uint32_t w = writerOf(addr + i);
    uint64_t j = i + 1;
    while (j < bytes && writerOf(addr + j) == w)
      ++j;
    reads.push_back({addr + i, static_cast<uint32_t>(j - i), w});
    i = j;
  }
}

std::vector<TracedValue> captureValues(Machine &m, ArrayRef<TraceValue> values) {
  std::vector<TracedValue> out;
  for (const TraceValue &v : values)
    out.push_back(captureValue(m, v));
  return out;
}

namespace {

uint64_t laneBits(const TracedValue &v, unsigned lane) {
  unsigned w = sem::elemBytes(v.regType.elem);
  uint64_t x = 0;
  if ((lane + 1) * w <= v.bytes.size())
    std::memcpy(&x, v.bytes.data() + lane * w, w);
  return x;
}

std::string formatLane(sem::ElemKind k, uint64_t bits) {
  return sem::formatElement(sem::numberFormat(k), bits);
}

uint64_t scalarBits(const TracedValue &v) {
  uint64_t x = 0;
  std::memcpy(&x, v.bytes.data(), std::min<size_t>(8, v.bytes.size()));
  return x;
}

bool maskLane(const TracedValue &m, sem::RegType t, unsigned lane) {
  sem::Mask mk;
  std::memcpy(mk.w, m.bytes.data(), sizeof mk.w);
  return mk.laneActive(t, lane);
}

std::string laneList(const std::vector<unsigned> &lanes) {
  LaneRanges r;
  for (unsigned l : lanes)
    if (!r.empty() && r.back().second + 1 == l)
      r.back().second = l;
    else
      r.push_back({l, l});
  return formatRanges(r);
}

bool isNaN(sem::ElemKind k, uint64_t b) { return sem::isNaN(sem::numberFormat(k), b); }

/// An input of a provenance node before the walk makes it a node: lane
/// `lane` of event `event`'s result, followed `depth` more steps, or (event
/// kNoEvent) a leaf that says where the data came from.
struct Child {
  uint32_t event;
  int lane;
  unsigned depth;
  std::string leaf;
};

/// Builds the provenance DAGs of one explain() call.
class Explainer {
public:
  Explainer(Machine &m, Recorder &r) : m(m), r(r) {}

  /// The events a walk of `depth` steps from `roots` may need values of, in
  /// breadth-first order (nearest first), at most `budget` of them.
  llvm::DenseSet<uint32_t> closure(ArrayRef<uint32_t> roots, uint64_t depth, size_t budget) {
    llvm::DenseSet<uint32_t> seen;
    std::vector<std::pair<uint32_t, uint64_t>> queue;
    auto visit = [&](uint32_t e, uint64_t d) {
      if (e != kNoEvent && e < r.events.size() && d <= depth && seen.size() < budget &&
          seen.insert(e).second)
        queue.push_back({e, d});
    };
    for (uint32_t e : roots)
      visit(e, 0);
    for (size_t q = 0; q < queue.size(); ++q) {
      auto [e, d] = queue[q];
      const Recorder::Event &ev = r.events[e];
      for (uint32_t i = 0; i < ev.numInputs; ++i)
        visit(r.inputs[ev.firstInput + i], d + 1);
      for (uint32_t i = 0; i < ev.numReads; ++i)
        visit(r.reads[ev.firstRead + i].writer, d + 1);
    }
    return seen;
  }

  /// The DAG from lane `lane` of event `e` (lane -1: the whole value, for
  /// scalars and masks), `depth` steps back, at most `budget` nodes.
  void walk(uint32_t e, int lane, unsigned depth, size_t budget, Explanation &x);

  std::vector<std::pair<std::string, int64_t>> iteration(const Recorder::Event &ev) const {
    std::vector<std::pair<std::string, int64_t>> out;
    const auto &names = m.loopContext[ev.op];
    for (uint32_t i = 0; i < ev.numIv && i < names.size(); ++i)
      out.push_back({names[i].first, r.ivs[ev.firstIv + i]});
    return out;
  }

private:
  Machine &m;
  Recorder &r;

  /// What lane `lane` of event `e` is, and the inputs to follow.
  void describe(uint32_t e, int lane, unsigned depth, ProvenanceNode &n,
                std::vector<Child> &inputs);

  void input(const Recorder::Event &ev, unsigned operand, int lane, unsigned depth,
             std::vector<Child> &inputs) {
    uint32_t p = operand < ev.numInputs ? r.inputs[ev.firstInput + operand] : kNoEvent;
    if (p == kNoEvent)
      inputs.push_back({kNoEvent, 0, 0, "a kernel argument"});
    else
      inputs.push_back({p, lane, depth, {}});
  }
  void fromUB(const Recorder::Event &ev, uint64_t addr, uint64_t bytes, unsigned depth,
              std::vector<Child> &inputs) {
    // The store(s) that last wrote these bytes before the read.
    for (uint32_t i = 0; i < ev.numReads; ++i) {
      const Recorder::Read &rd = r.reads[ev.firstRead + i];
      if (rd.addr + rd.length <= addr || rd.addr >= addr + bytes)
        continue;
      if (rd.writer == kNoEvent) {
        inputs.push_back({kNoEvent, 0, 0, unwrittenUB(rd.addr, rd.addr + rd.length)});
      } else if (depth > 0) {
        const Recorder::Event &st = r.events[rd.writer];
        unsigned w = 1;
        if (auto it = r.captured.find(rd.writer);
            it != r.captured.end() && !it->second.inputs.empty())
          w = sem::elemBytes(it->second.inputs[0].regType.elem);
        int l = it_lane(st, std::max(addr, rd.addr), w);
        inputs.push_back({rd.writer, l, depth - 1, {}});
      }
    }
  }
  /// What bytes no store of the run wrote hold: an argument buffer's input
  /// data, or UB the kernel never initialised (memref.alloc, gaps).
  std::string unwrittenUB(uint64_t begin, uint64_t end) {
    for (size_t i = 0; i < m.params.size(); ++i) {
      if (!m.params[i].isMemRef)
        continue;
      const Buffer &b = m.buffers[m.scalar(ScalarRef{m.params[i].slot})];
      if (b.holds(begin, end - begin))
        return llvm::formatv("UB bytes [{0}, {1}): input data of parameter {2} (no store of "
                             "this run wrote them)",
                             begin, end, i)
            .str();
    }
    return llvm::formatv("UB bytes [{0}, {1}): never written: uninitialised UB outside every "
                         "argument buffer (on the NPU, whatever an earlier kernel left there)",
                         begin, end)
        .str();
  }
  static int it_lane(const Recorder::Event &st, uint64_t addr, unsigned w) {
    return addr >= st.storeAddr ? static_cast<int>((addr - st.storeAddr) / w) : 0;
  }
};

void Explainer::describe(uint32_t e, int lane, unsigned depth, ProvenanceNode &n,
                         std::vector<Child> &inputs) {
  const Recorder::Event &ev = r.events[e];
  Operation *op = m.ops[ev.op];
  n.opName = op->getName().getStringRef().str();
  n.loc = op->getLoc();
  n.iteration = iteration(ev);
  auto it = r.captured.find(e);
  if (it == r.captured.end()) {
    n.description = "(values not recorded: past the explain depth, the capture budget or the "
                    "event limit)";
    return;
  }
  const auto &in = it->second.inputs;
  const auto &out = it->second.outputs;
  auto lanePrefix = [&](const TracedValue &v) {
    return lane >= 0 ? llvm::formatv("lane {0} of {1} = {2}", lane, v.name,
                                     formatLane(v.regType.elem, laneBits(v, lane)))
                           .str()
                     : v.name;
  };
  unsigned next = depth ? depth - 1 : 0;
  bool more = depth > 0;

  if (isa<StoreFirstOp, dav::VstsFirstOp>(op)) {
    const TracedValue &v = in[0];
    n.description = "stores lane 0 of " + v.name + " = " +
                    formatLane(v.regType.elem, laneBits(v, 0)) +
                    llvm::formatv(" to UB byte {0} (first-element store)", ev.storeAddr).str();
    if (more)
      input(ev, 0, 0, next, inputs);
    return;
  }
  if (isa<StoreAlignOp, dav::VstsOp>(op)) {
    const TracedValue &v = in[0];
    n.description =
        "stores " + lanePrefix(v) +
        llvm::formatv(" to UB byte {0}", ev.storeAddr + lane * sem::elemBytes(v.regType.elem))
            .str();
    if (more)
      input(ev, 0, lane, next, inputs);
    return;
  }
  if (isa<memref::StoreOp>(op)) {
    n.description = "stores the scalar " + in[0].name + " = " +
                    std::to_string(static_cast<int64_t>(scalarBits(in[0])));
    if (more)
      input(ev, 0, -1, next, inputs);
    return;
  }
  if (isa<LoadAlignOp, dav::VldsOp>(op)) {
    const TracedValue &v = out[0];
    unsigned w = sem::elemBytes(v.regType.elem);
    uint64_t base = in[0].ubAddr + scalarBits(in[1]) * in[0].elemBytes;
    uint64_t at = base + std::max(lane, 0) * w;
    bool outside = at < in[0].ubAddr || at + w > in[0].ubAddr + in[0].numElements * in[0].elemBytes;
    n.description =
        lanePrefix(v) +
        llvm::formatv(", loaded from UB byte {0} ({1} of {2}{3})", at,
                      outside ? "outside"
                              : "element " + std::to_string((at - in[0].ubAddr) / in[0].elemBytes),
                      in[0].name, outside ? ": past its end" : "")
            .str();
    if (more)
      fromUB(ev, at, w, next, inputs);
    return;
  }
  if (isa<memref::LoadOp>(op)) {
    uint64_t at = in[0].ubAddr + scalarBits(in[1]) * in[0].elemBytes;
    n.description = out[0].name + " = " + std::to_string(static_cast<int64_t>(scalarBits(out[0]))) +
                    llvm::formatv(", loaded from UB byte {0}", at).str();
    if (more)
      fromUB(ev, at, in[0].elemBytes, next, inputs);
    return;
  }
  if (auto red = dyn_cast<ReduceOp>(op); red || isa<dav::VcaddOp, dav::VcmaxOp, dav::VcminOp>(op)) {
    const TracedValue &src = in[0], &mask = in[1], &res = out[0];
    sem::RegType t = src.regType;
    std::vector<unsigned> active;
    for (unsigned l = 0; l < t.lanes(); ++l)
      if (maskLane(mask, t, l))
        active.push_back(l);
    bool isSum = red ? red.getKind() == ReduceKind::sum : isa<dav::VcaddOp>(op);
    bool isMax = red ? red.getKind() == ReduceKind::max : isa<dav::VcmaxOp>(op);
    std::string what = isSum ? "sum" : isMax ? "max" : "min";
    if (lane > 1 || (isSum && lane == 1)) {
      n.description = lanePrefix(res) + ": every lane but the value (and the index of max/min) "
                                        "is 0";
      return;
    }
    uint64_t value = laneBits(res, 0);
    // Lane 0 holds the extreme (or the sum), lane 1 of max/min its lane
    // index (as raw bits of the element type).
    std::string desc =
        lane == 1 ? llvm::formatv("{0}: the index {1} of the {2} of the {3} active lanes {4} of "
                                  "{5} (the {2} is {6})",
                                  lanePrefix(res), laneBits(res, 1), what, active.size(),
                                  laneList(active), src.name, formatLane(res.regType.elem, value))
                        .str()
                  : llvm::formatv("{0} = {1} of the {2} active lanes {3} of {4} = {5}",
                                  lanePrefix(res), what, active.size(), laneList(active), src.name,
                                  formatLane(res.regType.elem, value))
                        .str();
    if (active.empty())
      desc += " (no active lane: the empty-mask value)";
    if (!isSum && !active.empty()) {
      unsigned win = static_cast<unsigned>(laneBits(res, 1));
      std::vector<unsigned> ties;
      bool nan = isNaN(t.elem, laneBits(src, win));
      for (unsigned l : active)
        if (laneBits(src, l) == laneBits(src, win))
          ties.push_back(l);
      desc += llvm::formatv("; lane {0} decides it", win).str();
      if (nan)
        desc += llvm::formatv(" (first NaN at lane {0})", win).str();
      else if (ties.size() > 1)
        desc += " (the first of the lanes " + laneList(ties) + " holding it)";
      n.description = desc;
      if (more)
        input(ev, 0, static_cast<int>(win), next, inputs);
      return;
    }
    n.description = desc + " (an adjacent-pair tree over all lanes, inactive ones as +0)";
    if (more && active.size() == 1)
      input(ev, 0, static_cast<int>(active[0]), next, inputs);
    else if (more)
      input(ev, 0, -1, 0, inputs);
    return;
  }
  if (isa<PairReduceSumOp, dav::VcpaddOp>(op)) {
    const TracedValue &res = out[0];
    n.description =
        lanePrefix(res) + llvm::formatv(" = lane {0} + lane {1} of {2} (the active ones)", 2 * lane,
                                        2 * lane + 1, in[0].name)
                              .str();
    if (more && lane >= 0) {
      input(ev, 0, 2 * lane, next, inputs);
      input(ev, 0, 2 * lane + 1, next, inputs);
    }
    return;
  }
  if (auto red = dyn_cast<ReduceDataBlockOp>(op);
      red || isa<dav::VcgaddOp, dav::VcgmaxOp, dav::VcgminOp>(op)) {
    const TracedValue &src = in[0], &res = out[0];
    sem::RegType t = src.regType;
    const unsigned per = sem::kDataBlockBytes / sem::elemBytes(t.elem);
    if (lane < 0 || unsigned(lane) >= t.lanes() / per) {
      n.description = lanePrefix(res) + ": every lane past the blocks' results is 0";
      return;
    }
    bool isSum = red ? red.getKind() == ReduceKind::sum : isa<dav::VcgaddOp>(op);
    bool isMax = red ? red.getKind() == ReduceKind::max : isa<dav::VcgmaxOp>(op);
    std::vector<unsigned> active;
    for (unsigned l = lane * per; l < (lane + 1) * per; ++l)
      if (maskLane(in[1], t, l))
        active.push_back(l);
    uint64_t value = laneBits(res, lane);
    std::string desc =
        llvm::formatv("{0} = {1} of block {2} (lanes {3}-{4}) of {5}: active lanes {6} = {7}",
                      lanePrefix(res),
                      isSum   ? "sum"
                      : isMax ? "max"
                              : "min",
                      lane, lane * per, (lane + 1) * per - 1, src.name, laneList(active),
                      formatLane(res.regType.elem, value))
            .str();
    if (active.empty()) {
      n.description = desc + " (no active lane: the empty-block value)";
      return;
    }
    if (!isSum) // the first active lane holding the result decides it
      for (unsigned l : active)
        if (laneBits(src, l) == value) {
          n.description = desc + llvm::formatv("; lane {0} decides it", l).str();
          if (more)
            input(ev, 0, static_cast<int>(l), next, inputs);
          return;
        }
    n.description =
        isSum ? desc + " (an adjacent-pair tree over the block, inactive lanes as +0)" : desc;
    if (more)
      for (unsigned l : active)
        input(ev, 0, static_cast<int>(l), next, inputs);
    return;
  }
  if (isa<GatherOp, dav::Vgather2Op>(op)) {
    const TracedValue &base = in[0], &idx = in[1], &res = out[0];
    uint64_t index = lane >= 0 ? laneBits(idx, lane) : 0;
    if (sem::elemBytes(idx.regType.elem) == 8)
      index &= 0xFFFFFFFFu;
    unsigned unit = base.elemBytes;
    if (auto g = dyn_cast<dav::Vgather2Op>(op); g && g.getUnit())
      unit = g.getUnit()->getIntOrFloatBitWidth() / 8;
    if (res.regType.elem == sem::ElemKind::I16 || res.regType.elem == sem::ElemKind::U16)
      unit = std::min(unit, base.elemBytes);
    uint64_t at = base.ubAddr + index * unit;
    n.description = lanePrefix(res) + llvm::formatv(" = {0}[{1}] (UB byte {2}); the index is lane "
                                                    "{3} of {4}",
                                                    base.name, index, at, lane, idx.name)
                                          .str();
    if (more && lane >= 0) {
      input(ev, 1, lane, next, inputs);
      fromUB(ev, at, unit, next, inputs);
    }
    return;
  }
  if (isa<GatherRegOp, dav::VselrOp>(op)) {
    const TracedValue &src = in[0], &idx = in[1], &res = out[0];
    unsigned vl = src.regType.lanes();
    unsigned from = lane >= 0 ? static_cast<unsigned>(laneBits(idx, lane) % vl) : 0;
    n.description = lanePrefix(res) + llvm::formatv(" = lane {0} of {1} (index {2} mod {3})", from,
                                                    src.name, laneBits(idx, std::max(lane, 0)), vl)
                                          .str();
    if (more && lane >= 0) {
      input(ev, 0, static_cast<int>(from), next, inputs);
      input(ev, 1, lane, next, inputs);
    }
    return;
  }
  if (isa<DuplicateLaneOp, dav::VdupLaneOp>(op)) {
    const TracedValue &src = in[0], &res = out[0];
    bool active = lane >= 0 && maskLane(in[1], res.regType, lane);
    n.description = lanePrefix(res) + (active ? " = lane 0 of " + src.name + " (broadcast)"
                                              : std::string(" = 0 (mask lane inactive)"));
    if (more && active)
      input(ev, 0, 0, next, inputs);
    return;
  }
  if (isa<SelectOp, dav::VselOp>(op)) {
    bool isDav = isa<dav::VselOp>(op);
    unsigned maskIdx = isDav ? 2 : 0, t = isDav ? 0 : 1, f = isDav ? 1 : 2;
    const TracedValue &res = out[0];
    bool chosen = lane >= 0 && maskLane(in[maskIdx], res.regType, lane);
    n.description = lanePrefix(res) + " = lane " + std::to_string(lane) + " of " +
                    in[chosen ? t : f].name + " (mask lane " + (chosen ? "active" : "inactive") +
                    ")";
    if (more)
      input(ev, chosen ? t : f, lane, next, inputs);
    return;
  }
  // Lane-wise ops (add, max, min, duplicate, arange, vadds, ...) and scalars.
  std::string desc;
  if (!out.empty() && out[0].kind == TracedValue::Kind::Register)
    desc = lanePrefix(out[0]);
  else if (!out.empty() && out[0].kind == TracedValue::Kind::Scalar)
    desc = out[0].name + " = " + std::to_string(static_cast<int64_t>(scalarBits(out[0])));
  else if (!out.empty())
    desc = out[0].name;
  desc += " from";
  for (const TracedValue &v : in)
    desc += " " + v.name;
  n.description = desc;
  if (more)
    for (unsigned i = 0; i < in.size(); ++i) {
      if (in[i].kind == TracedValue::Kind::Mask || in[i].kind == TracedValue::Kind::Buffer)
        continue;
      bool reg = in[i].kind == TracedValue::Kind::Register;
      input(ev, i, reg ? lane : -1, next, inputs);
    }
  return;
}

void Explainer::walk(uint32_t root, int rootLane, unsigned depth, size_t budget, Explanation &x) {
  // Nodes in the order the walk makes them, one per (event, lane); each is
  // expanded once, deepest remaining depth first (then in order of making),
  // so it is followed as far as the longest path to it allows. Renumbered
  // depth-first below.
  struct Pending {
    uint32_t event;
    int lane;
    unsigned depth;
    bool expanded;
  };
  std::vector<ProvenanceNode> made(1);
  std::vector<Pending> pending{{root, rootLane, depth, false}};
  llvm::DenseMap<std::pair<uint32_t, int>, uint32_t> byLane{{{root, rootLane}, 0}};
  auto key = [](unsigned d, uint32_t id) { return (uint64_t(d) << 32) | (UINT32_MAX - id); };
  std::priority_queue<uint64_t> queue;
  queue.push(key(depth, 0));
  std::vector<Child> children;
  while (!queue.empty()) {
    uint64_t top = queue.top();
    queue.pop();
    uint32_t id = UINT32_MAX - static_cast<uint32_t>(top);
    Pending p = pending[id];
    if (p.expanded || unsigned(top >> 32) != p.depth)
      continue; // expanded already, or queued again with more depth
    pending[id].expanded = true;
    children.clear();
    describe(p.event, p.lane, p.depth, made[id], children);
    for (Child &c : children) {
      uint32_t next = static_cast<uint32_t>(made.size());
      if (c.event != kNoEvent) {
        auto [it, fresh] = byLane.try_emplace({c.event, c.lane}, next);
        if (!fresh) {
          uint32_t j = it->second;
          made[id].inputs.push_back(j);
          if (!pending[j].expanded && c.depth > pending[j].depth) {
            pending[j].depth = c.depth;
            queue.push(key(c.depth, j));
          }
          continue;
        }
        if (made.size() >= budget) {
          byLane.erase(it);
          made[id].truncated = x.truncated = true;
          continue;
        }
        queue.push(key(c.depth, next));
      } else if (made.size() >= budget) {
        made[id].truncated = x.truncated = true;
        continue;
      }
      made[id].inputs.push_back(next);
      made.emplace_back().description = std::move(c.leaf);
      pending.push_back({c.event, c.lane, c.depth, c.event == kNoEvent});
    }
  }
  // Depth-first order of first use: a node's first inputs follow it.
  std::vector<uint32_t> order, renumbered(made.size(), UINT32_MAX), stack{0};
  while (!stack.empty()) {
    uint32_t v = stack.back();
    stack.pop_back();
    if (renumbered[v] != UINT32_MAX)
      continue;
    renumbered[v] = static_cast<uint32_t>(order.size());
    order.push_back(v);
    for (auto in = made[v].inputs.rbegin(); in != made[v].inputs.rend(); ++in)
      if (renumbered[*in] == UINT32_MAX)
        stack.push_back(*in);
  }
  x.nodes.reserve(order.size());
  for (uint32_t v : order) {
    for (uint32_t &in : made[v].inputs)
      in = renumbered[in];
    x.nodes.push_back(std::move(made[v]));
  }
}

} // namespace

FailureOr<std::vector<Explanation>> CompiledKernel::explain(ArrayRef<Arg> args,
                                                            ArrayRef<ExplainRequest> requests) {
  Machine &self = *machine;
  auto fn = cast<func::FuncOp>(self.func);
  // A copy of this kernel that records provenance.
  std::unique_ptr<CompiledKernel> rec(new CompiledKernel());
  Machine &m = *rec->machine;
  m.options = self.options;
  m.options.trace = nullptr;
  m.options.traceSink = nullptr;
  m.options.checks = CheckOptions{};
  std::string error;
  if (!m.ub.reserve(m.options.ubCapacity, error))
    return fn.emitError() << error;
  m.recorder = std::make_unique<Recorder>(uint64_t(1) << 24);
  Compiler compiler(m, fn, /*recordNames=*/true);
  if (failed(compiler.compile()))
    return failure();
  m.prepareFrames();
  Recorder &r = *m.recorder;

  // Pass 1 records on copies of the buffers (the caller's stay as they are).
  std::vector<std::vector<uint8_t>> copies;
  std::vector<Arg> privateArgs(args.begin(), args.end());
  for (auto [i, p] : llvm::enumerate(m.params)) {
    if (!p.isMemRef || i >= privateArgs.size() || !privateArgs[i].isBuffer)
      continue;
    const uint8_t *d = static_cast<const uint8_t *>(args[i].data);
    copies.emplace_back(d, d + args[i].numElements * p.elemBytes);
    privateArgs[i].data = copies.back().data();
  }
  r.reset(m);
  if (failed(rec->run(privateArgs)))
    return failure();

  // The last writer of each requested element, and what a walk needs.
  struct Target {
    unsigned argument;
    uint64_t element;
    uint32_t writer;
    uint64_t byte;
    unsigned depth, maxNodes;
  };
  std::vector<Target> targets;
  std::vector<uint32_t> roots;
  unsigned depth = 0, maxNodes = 1;
  for (const ExplainRequest &q : requests) {
    if (q.argument >= m.params.size() || !m.params[q.argument].isMemRef)
      return fn.emitError() << "explain: parameter " << q.argument << " is not a buffer";
    const Buffer &buf = m.buffers[m.scalar(ScalarRef{m.params[q.argument].slot})];
    depth = std::max(depth, q.depth);
    maxNodes = std::max(maxNodes, q.maxNodes);
    for (uint64_t e : q.elements) {
      if (e >= buf.numElements)
        return fn.emitError() << "explain: element " << e << " of parameter " << q.argument
                              << " is outside its " << buf.numElements << " elements";
      uint64_t byte = buf.ubAddr + e * buf.elemBytes;
      uint32_t w = kNoEvent;
      for (unsigned b = 0; b < buf.elemBytes; ++b) {
        uint32_t x = r.writerOf(byte + b);
        if (x != kNoEvent && (w == kNoEvent || x > w))
          w = x;
      }
      targets.push_back({q.argument, e, w, byte, q.depth, std::max(q.maxNodes, 1u)});
      roots.push_back(w);
    }
  }
  Explainer ex(m, r);
  // The values of the nearest events, as many as a few walks can use: the
  // capture copies every operand of each.
  size_t captureBudget = std::max<size_t>(size_t(1) << 16, size_t(4) * maxNodes);
  llvm::DenseSet<uint32_t> need = ex.closure(roots, uint64_t(depth) + 1, captureBudget);
  // Stores that covered a never-written element with the lane inactive.
  for (const Target &t : targets)
    if (t.writer == kNoEvent)
      for (uint32_t e = static_cast<uint32_t>(r.events.size()); e-- > 0;)
        if (r.events[e].storeBytes && r.events[e].storeAddr <= t.byte &&
            t.byte < r.events[e].storeAddr + r.events[e].storeBytes) {
          need.insert(e);
          break;
        }

  // Pass 2 captures the values on the caller's buffers (copied back as by run()).
  r.reset(m);
  r.captureSet = &need;
  if (failed(rec->run(args)))
    return failure();

  std::vector<Explanation> out;
  for (const Target &t : targets) {
    Explanation x{t.argument, t.element};
    if (t.writer != kNoEvent) {
      const Recorder::Event &st = r.events[t.writer];
      unsigned w = 1;
      if (auto it = r.captured.find(t.writer); it != r.captured.end() && !it->second.inputs.empty())
        w = it->second.inputs[0].kind == TracedValue::Kind::Register
                ? sem::elemBytes(it->second.inputs[0].regType.elem)
                : 1;
      int lane = t.byte >= st.storeAddr ? static_cast<int>((t.byte - st.storeAddr) / w) : 0;
      ex.walk(t.writer, lane, t.depth, t.maxNodes, x);
    } else {
      x.neverWritten = true;
      // The last store whose register covered the element, with its lane
      // inactive: where the value was lost.
      for (uint32_t e = static_cast<uint32_t>(r.events.size()); e-- > 0;) {
        const Recorder::Event &st = r.events[e];
        if (!st.storeBytes || st.storeAddr > t.byte || t.byte >= st.storeAddr + st.storeBytes)
          continue;
        auto it = r.captured.find(e);
        if (it == r.captured.end() || it->second.inputs.size() < 4)
          break;
        const TracedValue &v = it->second.inputs[0], &mask = it->second.inputs.back();
        unsigned w = sem::elemBytes(v.regType.elem);
        unsigned lane = static_cast<unsigned>((t.byte - st.storeAddr) / w);
        std::vector<unsigned> active;
        for (unsigned l = 0; l < v.regType.lanes(); ++l)
          if (maskLane(mask, v.regType, l))
            active.push_back(l);
        ProvenanceNode n;
        Operation *op = m.ops[st.op];
        n.opName = op->getName().getStringRef().str();
        n.loc = op->getLoc();
        n.iteration = ex.iteration(st);
        n.description = llvm::formatv("covered the element with lane {0} of {1} = {2}, but its "
                                      "mask {3} has only lanes {4} active: lane {0} was not "
                                      "stored",
                                      lane, v.name, formatLane(v.regType.elem, laneBits(v, lane)),
                                      mask.name, laneList(active))
                            .str();
        x.nodes.push_back(n);
        break;
      }
    }
    out.push_back(std::move(x));
  }
  return out;
}

namespace {
/// "op at file:line:col [iv = n]: " (nothing for a leaf).
void printHeader(llvm::raw_ostream &os, const ProvenanceNode &n) {
  if (n.opName.empty())
    return;
  os << n.opName;
  if (n.loc) {
    os << " at ";
    printLocation(os, *n.loc);
  }
  if (!n.iteration.empty()) {
    os << " [";
    llvm::interleaveComma(n.iteration, os,
                          [&](const auto &iv) { os << iv.first << " = " << iv.second; });
    os << "]";
  }
  os << ": ";
}

/// Levels of nesting that are indented; deeper ones print their level.
constexpr unsigned kIndentedLevels = 32;
} // namespace

void printExplanation(llvm::raw_ostream &os, const Explanation &x) {
  if (x.neverWritten && x.nodes.empty()) {
    os << "  never written by the kernel, and no store covered it: it keeps its input value\n";
    return;
  }
  if (x.neverWritten)
    os << "  never written by the kernel (it keeps its input value); the last store over it:\n";
  if (x.nodes.empty())
    return;
  // Depth-first from the store, iteratively (a chain may be thousands of
  // nodes long); a node used twice is printed once, then referred to.
  std::vector<unsigned> uses(x.nodes.size()), label(x.nodes.size());
  for (const ProvenanceNode &n : x.nodes)
    for (uint32_t in : n.inputs)
      ++uses[in];
  std::vector<bool> printed(x.nodes.size());
  unsigned labels = 0;
  constexpr uint32_t kTruncatedLine = UINT32_MAX;
  std::vector<std::pair<uint32_t, unsigned>> stack{{0, 0}}; // node, level
  while (!stack.empty()) {
    auto [v, level] = stack.back();
    stack.pop_back();
    os.indent(2 + 2 * std::min(level, kIndentedLevels));
    if (level > kIndentedLevels)
      os << "[level " << level << "] ";
    if (v == kTruncatedLine) {
      os << "... truncated: the explanation reached its budget of " << x.nodes.size() << " nodes\n";
      continue;
    }
    const ProvenanceNode &n = x.nodes[v];
    if (printed[v]) {
      os << "#" << label[v] << " again: ";
      printHeader(os, n);
      os << "shown above\n";
      continue;
    }
    printed[v] = true;
    printHeader(os, n);
    os << n.description;
    if (uses[v] > 1) {
      label[v] = ++labels;
      os << " {#" << label[v] << "}";
    }
    os << "\n";
    if (n.truncated)
      stack.push_back({kTruncatedLine, level + 1});
    for (auto in = n.inputs.rbegin(); in != n.inputs.rend(); ++in)
      stack.push_back({*in, level + 1});
  }
}

} // namespace interp
} // namespace ascreg
