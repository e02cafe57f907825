//===- MemBarriers.cpp - UB barriers of a vector function ------*- C++ -*-===//
//
// ascreg-dav-insert-mem-barriers (Passes.td): a dataflow over the kernel's
// UB accesses that inserts dav.mem_bar where a load may read bytes a store
// of another pipe wrote.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace ascreg {
#define GEN_PASS_DEF_INSERTMEMBARRIERSPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;

namespace {

/// UB barriers. Inside a VF the vector store, vector load, scalar store and
/// scalar load pipes are not ordered with each other: a vector store read
/// back by a scalar load of the same UB bytes needs mem_bar(VST_LD), by a
/// vector load mem_bar(VST_VLD), and a scalar store read by a vector load
/// mem_bar(ST_VLD) (asc-devkit LocalMemBar -> mem_bar(VST_LD) ...; C API
/// guide: "asc_store(ub_addr, v0); asc_mem_bar(VST_LD); asc_load(v1,
/// ub_addr)"). Offsets are not compared: two accesses may overlap unless
/// they go through different kernel arguments (placed apart in UB), so a
/// barrier may be more than needed but never missing. Loops iterate to a
/// fixpoint (a store of one iteration reaches the loads of the next).
class MemBarInserter {
public:
  explicit MemBarInserter(PlantedBarrierBug bug) : bug(bug) {}
  void run(func::FuncOp fn) {
    State s;
    visit(fn.getBody().front(), s, /*insert=*/true);
  }

private:
  /// Buffers with a store the next access of that kind must wait for.
  struct State {
    llvm::SmallSetVector<Value, 4> vstForLd, vstForVld, stForVld;
    bool operator==(const State &o) const {
      return vstForLd == o.vstForLd && vstForVld == o.vstForVld && stForVld == o.stForVld;
    }
    void merge(const State &o) {
      vstForLd.insert(o.vstForLd.begin(), o.vstForLd.end());
      vstForVld.insert(o.vstForVld.begin(), o.vstForVld.end());
      stForVld.insert(o.stForVld.begin(), o.stForVld.end());
    }
  };
  static bool mayAlias(Value a, Value b) {
    if (a == b)
      return true;
    auto aa = dyn_cast<BlockArgument>(a), ba = dyn_cast<BlockArgument>(b);
    bool argA = aa && isa<func::FuncOp>(aa.getOwner()->getParentOp());
    bool argB = ba && isa<func::FuncOp>(ba.getOwner()->getParentOp());
    return !(argA && argB); // distinct kernel arguments do not overlap
  }
  static bool pending(const llvm::SmallSetVector<Value, 4> &set, Value buf) {
    return llvm::any_of(set, [&](Value p) { return mayAlias(p, buf); });
  }
  void barrier(Operation *before, dav::MemBarKind kind, bool insert) {
    if (!insert)
      return;
    if (bug == PlantedBarrierBug::HoistLoad && kind == dav::MemBarKind::VST_VLD &&
        hoistAboveStore(before))
      return;
    OpBuilder b(before);
    dav::MemBarOp::create(b, before->getLoc(), kind);
  }
  /// The planted bug (test-planted-bug=hoist-load): `load` moves above the
  /// store right before it, when its operands allow, as if the two did not
  /// overlap; it then reads what the buffer held before the store.
  static bool hoistAboveStore(Operation *load) {
    Operation *store = load->getPrevNode();
    if (!store)
      return false;
    SmallVector<Value> reads, writes;
    accesses(store, reads, writes);
    if (writes.empty())
      return false;
    for (Value v : load->getOperands())
      if (Operation *def = v.getDefiningOp();
          def && def->getBlock() == store->getBlock() && !def->isBeforeInBlock(store))
        return false;
    load->moveBefore(store);
    return true;
  }
  /// The UB buffers `op` reads and writes.
  static void accesses(Operation *op, SmallVectorImpl<Value> &reads,
                       SmallVectorImpl<Value> &writes) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return;
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (auto &e : list) {
      Value v = e.getValue();
      if (!v || !isa<MemRefType>(v.getType()))
        continue;
      if (isa<MemoryEffects::Read>(e.getEffect()))
        reads.push_back(v);
      else if (isa<MemoryEffects::Write>(e.getEffect()))
        writes.push_back(v);
    }
  }
  void visit(Block &block, State &s, bool insert) {
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        // The state at the top of the body: before the loop, or after any
        // number of iterations.
        State entry = s;
        for (unsigned i = 0; i < 16; ++i) {
          State out = entry;
          visit(*loop.getBody(), out, /*insert=*/false);
          State next = s;
          next.merge(out);
          if (next == entry)
            break;
          entry = next;
        }
        State out = entry;
        visit(*loop.getBody(), out, insert);
        s.merge(out);
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        State thenS = s, elseS = s;
        visit(ifOp.getThenRegion().front(), thenS, insert);
        if (!ifOp.getElseRegion().empty())
          visit(ifOp.getElseRegion().front(), elseS, insert);
        s = thenS;
        s.merge(elseS);
        continue;
      }
      if (auto bar = dyn_cast<dav::MemBarOp>(op)) { // one already there
        switch (bar.getKind()) {
        case dav::MemBarKind::VST_LD:
          s.vstForLd.clear();
          break;
        case dav::MemBarKind::VST_VLD:
          s.vstForVld.clear();
          break;
        case dav::MemBarKind::ST_VLD:
          s.stForVld.clear();
          break;
        }
        continue;
      }
      for (Region &r : op.getRegions()) // other regions: as if run once
        for (Block &b : r)
          visit(b, s, insert);
      SmallVector<Value> reads, writes;
      accesses(&op, reads, writes);
      bool scalar = isa<memref::LoadOp, memref::StoreOp>(op);
      for (Value buf : reads) {
        if (scalar && pending(s.vstForLd, buf)) {
          barrier(&op, dav::MemBarKind::VST_LD, insert);
          s.vstForLd.clear();
        }
        if (!scalar && pending(s.vstForVld, buf)) {
          barrier(&op, dav::MemBarKind::VST_VLD, insert);
          s.vstForVld.clear();
        }
        if (!scalar && pending(s.stForVld, buf)) {
          barrier(&op, dav::MemBarKind::ST_VLD, insert);
          s.stForVld.clear();
        }
      }
      for (Value buf : writes) {
        if (scalar) {
          s.stForVld.insert(buf);
        } else {
          s.vstForLd.insert(buf);
          s.vstForVld.insert(buf);
        }
      }
    }
  }

  PlantedBarrierBug bug;
};

struct InsertMemBarriersPass
    : public ascreg::impl::InsertMemBarriersPassBase<InsertMemBarriersPass> {
  using InsertMemBarriersPassBase::InsertMemBarriersPassBase;
  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp fn) {
      if (!fn.isExternal())
        MemBarInserter(testPlantedBug).run(fn);
    });
  }
};

} // namespace
