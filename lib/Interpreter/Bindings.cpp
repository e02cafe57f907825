//===- Bindings.cpp - which instruction executes which op -------*- C++ -*-===//
//
// The one place that binds ops to the interpreter: for every op of the
// ascreg and dav dialects (and the arith / index / memref ops a kernel's
// scalar code uses), one entry that builds its instruction payload from the
// op's named operands. The payloads (RegisterOps.h, ScalarOps.h) run the
// semantics library, so executing a new op takes its semantics function,
// a payload if no existing shape fits, and one entry here.
//
//===----------------------------------------------------------------------===//
#include "Compiler.h"
#include "ReduceDataBlockOps.h"
#include "RegApiFormOps.h"
#include "RegisterOps.h"
#include "ScalarFormOps.h"
#include "ScalarOps.h"
#include "ShiftOps.h"

#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Support/TypeID.h"

#include <functional>

using namespace mlir;

namespace ascreg {
namespace interp {
namespace {

using BindFn = std::function<LogicalResult(Operation *, Compiler &)>;

class Bindings {
public:
  Bindings();
  const BindFn *lookup(Operation *op) const {
    auto it = table.find(op->getName().getTypeID());
    return it == table.end() ? nullptr : &it->second;
  }

private:
  llvm::DenseMap<TypeID, BindFn> table;

  /// Binds OpT with `fn`.
  template <class OpT> void on(LogicalResult (*fn)(OpT, Compiler &)) {
    table[TypeID::get<OpT>()] = [fn](Operation *op, Compiler &c) { return fn(cast<OpT>(op), c); };
  }
  /// Binds every op in OpTs with the same function of Operation *.
  template <class... OpTs> void onEach(LogicalResult (*fn)(Operation *, Compiler &)) {
    (table.try_emplace(TypeID::get<OpTs>(), fn), ...);
  }

  void bindAscReg();
  void bindDav();
  void bindArith();
  void bindIndex();
  void bindMemRef();
};

sem::RegType rt(Value v) { return Compiler::regType(v); }

/// The register type of a predicate op's lanes (pset_bN / plt_bN): unsigned
/// lanes of the width.
sem::RegType laneType(unsigned bits) {
  using K = sem::ElemKind;
  return {bits == 8 ? K::U8 : bits == 16 ? K::U16 : K::U32, 1};
}

//===----------------------------------------------------------------------===//
// ascreg
//===----------------------------------------------------------------------===//

template <class BinaryOpT> LogicalResult bindBinary(BinaryOpT o, Compiler &c, sem::BinaryKind k) {
  c.setMaskLanes(rt(o.getResult()));
  return c.emit(BinaryInst{.kind = k,
                           .type = rt(o.getResult()),
                           .lhs = c.reg(o.getLhs()),
                           .rhs = c.reg(o.getRhs()),
                           .mask = c.mask(o.getMask()),
                           .result = c.reg(o.getResult())});
}

template <class OpT> LogicalResult bindLaneArith(OpT o, Compiler &c, sem::ArithKind k) {
  c.setMaskLanes(rt(o.getResult()));
  return c.emit(ArithInst{.kind = k,
                          .type = rt(o.getResult()),
                          .lhs = c.reg(o.getLhs()),
                          .rhs = c.reg(o.getRhs()),
                          .mask = c.mask(o.getMask()),
                          .result = c.reg(o.getResult())});
}
template <class OpT>
LogicalResult bindLaneUnary(OpT o, Value source, Compiler &c, sem::UnaryKind k) {
  c.setMaskLanes(rt(o.getResult()));
  return c.emit(UnaryInst{.kind = k,
                          .type = rt(o.getResult()),
                          .source = c.reg(source),
                          .mask = c.mask(o.getMask()),
                          .result = c.reg(o.getResult())});
}

/// A vector-scalar form (ascreg adds / ... or dav vadds / ...).
LogicalResult bindScalarForm(sem::ScalarFormKind k, Value source, Value scalar, Value mask,
                             Value result, Compiler &c) {
  c.setMaskLanes(rt(result));
  return c.emit(ScalarFormInst{.kind = k,
                               .type = rt(result),
                               .source = c.reg(source),
                               .scalar = c.scalar(scalar),
                               .mask = c.mask(mask),
                               .result = c.reg(result)});
}
LogicalResult bindCompareScalar(ComparePredicate p, Value source, Value scalar, Value mask,
                                Value result, Compiler &c) {
  c.setMaskLanes(rt(source));
  return c.emit(CompareScalarInst{.predicate = toSemantics(p),
                                  .type = rt(source),
                                  .source = c.reg(source),
                                  .scalar = c.scalar(scalar),
                                  .mask = c.mask(mask),
                                  .result = c.mask(result)});
}
template <class OpT, sem::ScalarFormKind K> LogicalResult bindAscScalarForm(OpT o, Compiler &c) {
  return bindScalarForm(K, o.getSource(), o.getScalar(), o.getMask(), o.getResult(), c);
}
template <class OpT, sem::ScalarFormKind K> LogicalResult bindDavScalarForm(OpT o, Compiler &c) {
  return bindScalarForm(K, o.getLhs(), o.getScalar(), o.getMask(), o.getResult(), c);
}

/// A shift by a register (ascreg shift_left / shift_right, dav vshl / vshr).
LogicalResult bindShift(sem::ShiftKind k, Value source, Value amount, Value mask, Value result,
                        Compiler &c) {
  c.setMaskLanes(rt(result));
  return c.emit(ShiftInst{.kind = k,
                          .type = rt(result),
                          .source = c.reg(source),
                          .amount = c.reg(amount),
                          .mask = c.mask(mask),
                          .result = c.reg(result)});
}
/// A shift by a scalar (ascreg shift_lefts / shift_rights, dav vshls / vshrs).
LogicalResult bindShiftScalar(sem::ShiftKind k, Value source, Value scalar, Value mask,
                              Value result, Compiler &c) {
  c.setMaskLanes(rt(result));
  return c.emit(ShiftScalarInst{.kind = k,
                                .type = rt(result),
                                .scalarBits = scalar.getType().getIntOrFloatBitWidth(),
                                .source = c.reg(source),
                                .scalar = c.scalar(scalar),
                                .mask = c.mask(mask),
                                .result = c.reg(result)});
}

/// A load's instruction; `view` when its value may point into UB.
LogicalResult bindLoad(Value base, Value offset, Value result, Compiler &c) {
  return c.emit(LoadAlignInst{.type = rt(result),
                              .view = c.mayViewUB(result),
                              .base = c.buffer(base),
                              .offset = c.offset(offset),
                              .result = c.reg(result)});
}

LogicalResult bindStore(Value value, Value base, Value offset, Value mask, Compiler &c) {
  c.setMaskLanes(rt(value));
  return c.emit(StoreAlignInst{.type = rt(value),
                               .value = c.reg(value),
                               .base = c.buffer(base),
                               .offset = c.offset(offset),
                               .mask = c.mask(mask)});
}

LogicalResult bindReduceDataBlock(sem::ReduceKind k, Value src, Value mask, Value result,
                                  Compiler &c) {
  c.setMaskLanes(rt(src));
  return c.emit(ReduceDataBlockInst{.kind = k,
                                    .resultType = rt(result),
                                    .sourceType = rt(src),
                                    .source = c.reg(src),
                                    .mask = c.mask(mask),
                                    .result = c.reg(result)});
}

LogicalResult bindReduce(sem::ReduceKind k, Value src, Value mask, Value result, Compiler &c) {
  c.setMaskLanes(rt(src)); // masks count source lanes
  return c.emit(ReduceInst{.kind = k,
                           .resultType = rt(result),
                           .sourceType = rt(src),
                           .source = c.reg(src),
                           .mask = c.mask(mask),
                           .result = c.reg(result),
                           .kernel = sem::simd::reduceKernel(c.profile(), k, rt(result), rt(src))});
}

/// pair_reduce_sum / vcpadd, its kernel resolved now.
LogicalResult bindPairReduceSum(Value src, Value mask, Value result, Compiler &c) {
  c.setMaskLanes(rt(src)); // masks count source lanes
  return c.emit(PairReduceSumInst{.type = rt(src),
                                  .source = c.reg(src),
                                  .mask = c.mask(mask),
                                  .result = c.reg(result),
                                  .kernel = sem::simd::pairReduceKernel(c.profile(), rt(src))});
}

/// `unit`: the type the buffer is read as (dav's 32-bit words of 64-bit data).
LogicalResult bindGather(Value base, Type unit, Value index, Value mask, Value result,
                         Compiler &c) {
  sem::RegType dst = rt(result);
  c.setMaskLanes(dst); // masks count destination lanes
  const sem::ElemKind source = sem::gatherSourceKind(dst.elem, unit.getIntOrFloatBitWidth() / 8);
  return c.emit(GatherInst{.resultType = dst,
                           .indexType = rt(index),
                           .source = source,
                           .base = c.buffer(base),
                           .index = c.reg(index),
                           .mask = c.mask(mask),
                           .result = c.reg(result),
                           .kernel = sem::simd::gatherKernel(c.profile(), dst, source, rt(index))});
}

LogicalResult bindCompare(ComparePredicate p, Value lhs, Value rhs, Value mask, Value result,
                          Compiler &c) {
  c.setMaskLanes(rt(lhs));
  return c.emit(CompareInst{.predicate = toSemantics(p),
                            .type = rt(lhs),
                            .lhs = c.reg(lhs),
                            .rhs = c.reg(rhs),
                            .mask = c.mask(mask),
                            .result = c.mask(result)});
}

LogicalResult bindSelect(Value mask, Value onTrue, Value onFalse, Value result, Compiler &c) {
  c.setMaskLanes(rt(result));
  return c.emit(SelectInst{.type = rt(result),
                           .mask = c.mask(mask),
                           .onTrue = c.reg(onTrue),
                           .onFalse = c.reg(onFalse),
                           .result = c.reg(result)});
}

/// duplicate_lane / vdup POS_LOWEST: masks count the register's lanes.
LogicalResult bindDuplicateLane(Value src, Value mask, Value result, Compiler &c) {
  c.setMaskLanes(rt(result));
  return c.emit(DuplicateLaneInst{
      .type = rt(result), .source = c.reg(src), .mask = c.mask(mask), .result = c.reg(result)});
}

LogicalResult bindStoreFirst(Value value, Value base, Value offset, Compiler &c) {
  return c.emit(StoreFirstInst{.type = rt(value),
                               .value = c.reg(value),
                               .base = c.buffer(base),
                               .offset = c.offset(offset)});
}

/// governed_mask / pand, por, pxor: per bit, no lane type.
LogicalResult bindGovernedLogic(sem::MaskLogicKind k, Value lhs, Value rhs, Value governing,
                                Value result, Compiler &c) {
  return c.emit(PredicateLogicInst{.logic = k,
                                   .lhs = c.mask(lhs),
                                   .rhs = c.mask(rhs),
                                   .governing = c.mask(governing),
                                   .result = c.mask(result)});
}
LogicalResult bindGovernedNot(Value input, Value governing, Value result, Compiler &c) {
  return c.emit(PredicateNotInst{
      .input = c.mask(input), .governing = c.mask(governing), .result = c.mask(result)});
}

LogicalResult bindReinterpret(Value source, Value result, Compiler &c) {
  return c.emit(
      ReinterpretInst{.bytes = rt(source).bytes(), .from = c.reg(source), .to = c.reg(result)});
}

/// cast / vcvt: masks count source lanes.
LogicalResult bindCast(Operation *op, Compiler &c) {
  Value src = op->getOperand(0), mask = op->getOperand(1), result = op->getResult(0);
  c.setMaskLanes(rt(src));
  return c.emit(CastInst{.spec = conversionSpec(op),
                         .source = c.reg(src),
                         .mask = c.mask(mask),
                         .result = c.reg(result)});
}

template <class TruncateT> LogicalResult bindTruncate(TruncateT o, Compiler &c) {
  c.setMaskLanes(rt(o.getSrc()));
  return c.emit(TruncateInst{.type = rt(o.getSrc()).elem,
                             .round = toSemantics(o.getRound()),
                             .source = c.reg(o.getSrc()),
                             .mask = c.mask(o.getMask()),
                             .result = c.reg(o.getResult())});
}

LogicalResult bindMaskConstant(sem::RegType lanes, MaskPattern p, Value result, Compiler &c) {
  sem::Mask mask;
  sem::createMask(lanes, toSemantics(p), mask);
  c.setMaskLanes(lanes);
  return c.emit(MaskConstantInst{.constant = c.maskConstant(mask), .result = c.mask(result)});
}

LogicalResult bindUpdateMask(sem::RegType lanes, Value count, Value mask, Value rest, Compiler &c) {
  c.setMaskLanes(lanes);
  return c.emit(UpdateMaskInst{
      .lanes = lanes, .count = c.scalar(count), .mask = c.mask(mask), .rest = c.scalar(rest)});
}

void Bindings::bindAscReg() {
  on<CreateMaskOp>(+[](CreateMaskOp o, Compiler &c) {
    return bindMaskConstant(toRegType(o.getRegType()), o.getPattern(), o.getMask(), c);
  });
  on<UpdateMaskOp>(+[](UpdateMaskOp o, Compiler &c) {
    return bindUpdateMask(toRegType(o.getRegType()), o.getCount(), o.getMask(), o.getRest(), c);
  });
  on<MaskAndOp>(+[](MaskAndOp o, Compiler &c) {
    return c.emit(MaskLogicInst{.logic = MaskLogic::And,
                                .lhs = c.mask(o.getLhs()),
                                .rhs = c.mask(o.getRhs()),
                                .result = c.mask(o.getResult())});
  });
  on<MaskOrOp>(+[](MaskOrOp o, Compiler &c) {
    return c.emit(MaskLogicInst{.logic = MaskLogic::Or,
                                .lhs = c.mask(o.getLhs()),
                                .rhs = c.mask(o.getRhs()),
                                .result = c.mask(o.getResult())});
  });
  on<MaskNotOp>(+[](MaskNotOp o, Compiler &c) {
    sem::RegType lanes = toRegType(o.getRegType());
    c.setMaskLanes(lanes);
    return c.emit(MaskNotInst{
        .lanes = lanes, .input = c.mask(o.getInput()), .result = c.mask(o.getResult())});
  });
  on<LoadAlignOp>(+[](LoadAlignOp o, Compiler &c) {
    return bindLoad(o.getBase(), o.getOffset(), o.getResult(), c);
  });
  on<StoreAlignOp>(+[](StoreAlignOp o, Compiler &c) {
    return bindStore(o.getValue(), o.getBase(), o.getOffset(), o.getMask(), c);
  });
  on<ReduceOp>(+[](ReduceOp o, Compiler &c) {
    return bindReduce(toSemantics(o.getKind()), o.getSrc(), o.getMask(), o.getResult(), c);
  });
  on<PairReduceSumOp>(+[](PairReduceSumOp o, Compiler &c) {
    return bindPairReduceSum(o.getSrc(), o.getMask(), o.getResult(), c);
  });
  on<GatherOp>(+[](GatherOp o, Compiler &c) {
    return bindGather(o.getBase(), o.getBase().getType().getElementType(), o.getIndex(),
                      o.getMask(), o.getResult(), c);
  });
  on<GatherRegOp>(+[](GatherRegOp o, Compiler &c) {
    return c.emit(GatherRegInst{.type = rt(o.getSrc()),
                                .source = c.reg(o.getSrc()),
                                .index = c.reg(o.getIndex()),
                                .result = c.reg(o.getResult())});
  });
  on<DuplicateOp>(+[](DuplicateOp o, Compiler &c) {
    if (o.getMask())
      c.setMaskLanes(rt(o.getResult()));
    return c.emit(DuplicateInst{.type = rt(o.getResult()),
                                .masked = static_cast<bool>(o.getMask()),
                                .scalar = c.scalar(o.getScalar()),
                                .mask = o.getMask() ? c.mask(o.getMask()) : MaskRef{},
                                .result = c.reg(o.getResult())});
  });
  on<ArangeOp>(+[](ArangeOp o, Compiler &c) {
    return c.emit(ArangeInst{.type = rt(o.getResult()),
                             .start = c.scalar(o.getStart()),
                             .result = c.reg(o.getResult())});
  });
  on<CompareOp>(+[](CompareOp o, Compiler &c) {
    return bindCompare(o.getPredicate(), o.getLhs(), o.getRhs(), o.getMask(), o.getResult(), c);
  });
  on<SelectOp>(+[](SelectOp o, Compiler &c) {
    return bindSelect(o.getMask(), o.getTrueValue(), o.getFalseValue(), o.getResult(), c);
  });
  on<AddOp>(+[](AddOp o, Compiler &c) { return bindBinary(o, c, sem::BinaryKind::Add); });
  on<MaxOp>(+[](MaxOp o, Compiler &c) { return bindBinary(o, c, sem::BinaryKind::Max); });
  on<MinOp>(+[](MinOp o, Compiler &c) { return bindBinary(o, c, sem::BinaryKind::Min); });
  on<SubOp>(+[](SubOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Sub); });
  on<MulOp>(+[](MulOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Mul); });
  on<AndOp>(+[](AndOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::And); });
  on<OrOp>(+[](OrOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Or); });
  on<XorOp>(+[](XorOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Xor); });
  on<AbsOp>(+[](AbsOp o, Compiler &c) {
    return bindLaneUnary(o, o.getSource(), c, sem::UnaryKind::Abs);
  });
  on<NotOp>(+[](NotOp o, Compiler &c) {
    return bindLaneUnary(o, o.getSource(), c, sem::UnaryKind::Not);
  });
  using SF = sem::ScalarFormKind;
  on<AddsOp>(&bindAscScalarForm<AddsOp, SF::Adds>);
  on<MulsOp>(&bindAscScalarForm<MulsOp, SF::Muls>);
  on<MaxsOp>(&bindAscScalarForm<MaxsOp, SF::Maxs>);
  on<MinsOp>(&bindAscScalarForm<MinsOp, SF::Mins>);
  on<ComparesOp>(+[](ComparesOp o, Compiler &c) {
    return bindCompareScalar(o.getPredicate(), o.getSource(), o.getScalar(), o.getMask(),
                             o.getResult(), c);
  });
  on<ReduceDataBlockOp>(+[](ReduceDataBlockOp o, Compiler &c) {
    return bindReduceDataBlock(toSemantics(o.getKind()), o.getSrc(), o.getMask(), o.getResult(), c);
  });
  using SK = sem::ShiftKind;
  on<ShiftLeftOp>(+[](ShiftLeftOp o, Compiler &c) {
    return bindShift(SK::Left, o.getSource(), o.getAmount(), o.getMask(), o.getResult(), c);
  });
  on<ShiftRightOp>(+[](ShiftRightOp o, Compiler &c) {
    return bindShift(SK::Right, o.getSource(), o.getAmount(), o.getMask(), o.getResult(), c);
  });
  on<ShiftLeftsOp>(+[](ShiftLeftsOp o, Compiler &c) {
    return bindShiftScalar(SK::Left, o.getSource(), o.getScalar(), o.getMask(), o.getResult(), c);
  });
  on<ShiftRightsOp>(+[](ShiftRightsOp o, Compiler &c) {
    return bindShiftScalar(SK::Right, o.getSource(), o.getScalar(), o.getMask(), o.getResult(), c);
  });
  on<BitcastOp>(
      +[](BitcastOp o, Compiler &c) { return bindReinterpret(o.getSource(), o.getResult(), c); });
  on<StoreFirstOp>(+[](StoreFirstOp o, Compiler &c) {
    return bindStoreFirst(o.getValue(), o.getBase(), o.getOffset(), c);
  });
  on<GovernedMaskOp>(+[](GovernedMaskOp o, Compiler &c) {
    return bindGovernedLogic(static_cast<sem::MaskLogicKind>(o.getKind()), o.getLhs(), o.getRhs(),
                             o.getGoverning(), o.getResult(), c);
  });
  on<GovernedMaskNotOp>(+[](GovernedMaskNotOp o, Compiler &c) {
    return bindGovernedNot(o.getInput(), o.getGoverning(), o.getResult(), c);
  });
  on<DuplicateLaneOp>(+[](DuplicateLaneOp o, Compiler &c) {
    return bindDuplicateLane(o.getSrc(), o.getMask(), o.getResult(), c);
  });
  onEach<CastOp>(&bindCast);
  on<TruncateOp>(&bindTruncate<TruncateOp>);
}

//===----------------------------------------------------------------------===//
// dav-3510 intrinsics
//===----------------------------------------------------------------------===//

template <class PsetT, unsigned Bits> LogicalResult bindPset(PsetT o, Compiler &c) {
  return bindMaskConstant(laneType(Bits), o.getPattern(), o.getMask(), c);
}
template <class PltT, unsigned Bits> LogicalResult bindPlt(PltT o, Compiler &c) {
  return bindUpdateMask(laneType(Bits), o.getCount(), o.getMask(), o.getRest(), c);
}
template <class ReduceT, sem::ReduceKind K> LogicalResult bindDavReduce(ReduceT o, Compiler &c) {
  return bindReduce(K, o.getSrc(), o.getMask(), o.getResult(), c);
}
template <class BinaryT, sem::BinaryKind K> LogicalResult bindDavBinary(BinaryT o, Compiler &c) {
  return bindBinary(o, c, K);
}
void Bindings::bindDav() {
  using namespace ascreg::dav;
  on<PsetB8Op>(&bindPset<PsetB8Op, 8>);
  on<PsetB16Op>(&bindPset<PsetB16Op, 16>);
  on<PsetB32Op>(&bindPset<PsetB32Op, 32>);
  on<PltB8Op>(&bindPlt<PltB8Op, 8>);
  on<PltB16Op>(&bindPlt<PltB16Op, 16>);
  on<PltB32Op>(&bindPlt<PltB32Op, 32>);
  on<PandOp>(+[](PandOp o, Compiler &c) {
    return bindGovernedLogic(sem::MaskLogicKind::And, o.getLhs(), o.getRhs(), o.getMask(),
                             o.getResult(), c);
  });
  on<PorOp>(+[](PorOp o, Compiler &c) {
    return bindGovernedLogic(sem::MaskLogicKind::Or, o.getLhs(), o.getRhs(), o.getMask(),
                             o.getResult(), c);
  });
  on<PxorOp>(+[](PxorOp o, Compiler &c) {
    return bindGovernedLogic(sem::MaskLogicKind::Xor, o.getLhs(), o.getRhs(), o.getMask(),
                             o.getResult(), c);
  });
  on<PnotOp>(+[](PnotOp o, Compiler &c) {
    return bindGovernedNot(o.getInput(), o.getMask(), o.getResult(), c);
  });
  on<PpackOp>(+[](PpackOp o, Compiler &c) {
    return c.emit(PredicatePackInst{.unpack = false,
                                    .higherHalf = o.getPart() == HalfPart::higher,
                                    .input = c.mask(o.getInput()),
                                    .result = c.mask(o.getResult())});
  });
  on<PunpackOp>(+[](PunpackOp o, Compiler &c) {
    return c.emit(PredicatePackInst{.unpack = true,
                                    .higherHalf = o.getPart() == HalfPart::higher,
                                    .input = c.mask(o.getInput()),
                                    .result = c.mask(o.getResult())});
  });
  on<PintlvB32Op>(+[](PintlvB32Op o, Compiler &c) {
    return c.emit(PredicateInterleaveInst{.lhs = c.mask(o.getLhs()),
                                          .rhs = c.mask(o.getRhs()),
                                          .low = c.mask(o.getLow()),
                                          .high = c.mask(o.getHigh())});
  });
  on<VldsOp>(+[](VldsOp o, Compiler &c) {
    return bindLoad(o.getBase(), o.getOffset(), o.getResult(), c);
  });
  on<VldsDintlvOp>(+[](VldsDintlvOp o, Compiler &c) {
    return c.emit(LoadDeinterleaveInst{.base = c.buffer(o.getBase()),
                                       .offset = c.scalar(o.getOffset()),
                                       .even = c.reg(o.getEven()),
                                       .odd = c.reg(o.getOdd())});
  });
  on<VstsOp>(+[](VstsOp o, Compiler &c) {
    return bindStore(o.getValue(), o.getBase(), o.getOffset(), o.getMask(), c);
  });
  on<VcaddOp>(&bindDavReduce<VcaddOp, sem::ReduceKind::Sum>);
  on<VcmaxOp>(&bindDavReduce<VcmaxOp, sem::ReduceKind::Max>);
  on<VcminOp>(&bindDavReduce<VcminOp, sem::ReduceKind::Min>);
  on<VcpaddOp>(+[](VcpaddOp o, Compiler &c) {
    return bindPairReduceSum(o.getSrc(), o.getMask(), o.getResult(), c);
  });
  on<Vgather2Op>(+[](Vgather2Op o, Compiler &c) {
    Type unit = o.getUnit() ? *o.getUnit() : o.getBase().getType().getElementType();
    return bindGather(o.getBase(), unit, o.getIndex(), o.getMask(), o.getResult(), c);
  });
  on<VselrOp>(+[](VselrOp o, Compiler &c) {
    return c.emit(GatherRegInst{.type = rt(o.getSrc()),
                                .source = c.reg(o.getSrc()),
                                .index = c.reg(o.getIndex()),
                                .result = c.reg(o.getResult())});
  });
  on<VbrOp>(+[](VbrOp o, Compiler &c) {
    return c.emit(DuplicateInst{.type = rt(o.getResult()),
                                .masked = false,
                                .scalar = c.scalar(o.getScalar()),
                                .mask = {},
                                .result = c.reg(o.getResult())});
  });
  on<VdupOp>(+[](VdupOp o, Compiler &c) {
    c.setMaskLanes(rt(o.getResult()));
    return c.emit(DuplicateInst{.type = rt(o.getResult()),
                                .masked = true,
                                .scalar = c.scalar(o.getScalar()),
                                .mask = c.mask(o.getMask()),
                                .result = c.reg(o.getResult())});
  });
  on<VstsFirstOp>(+[](VstsFirstOp o, Compiler &c) {
    return bindStoreFirst(o.getValue(), o.getBase(), o.getOffset(), c);
  });
  on<VdupLaneOp>(+[](VdupLaneOp o, Compiler &c) {
    return bindDuplicateLane(o.getSrc(), o.getMask(), o.getResult(), c);
  });
  on<VciOp>(+[](VciOp o, Compiler &c) {
    return c.emit(ArangeInst{.type = rt(o.getResult()),
                             .start = c.scalar(o.getStart()),
                             .result = c.reg(o.getResult())});
  });
  on<VcmpOp>(+[](VcmpOp o, Compiler &c) {
    return bindCompare(o.getPredicate(), o.getLhs(), o.getRhs(), o.getMask(), o.getResult(), c);
  });
  on<VselOp>(+[](VselOp o, Compiler &c) {
    return bindSelect(o.getMask(), o.getLhs(), o.getRhs(), o.getResult(), c);
  });
  on<VaddOp>(&bindDavBinary<VaddOp, sem::BinaryKind::Add>);
  on<VmaxOp>(&bindDavBinary<VmaxOp, sem::BinaryKind::Max>);
  on<VminOp>(&bindDavBinary<VminOp, sem::BinaryKind::Min>);
  on<VandOp>(+[](VandOp o, Compiler &c) {
    c.setMaskLanes(rt(o.getResult()));
    return c.emit(BitwiseAndInst{.type = rt(o.getResult()),
                                 .lhs = c.reg(o.getLhs()),
                                 .rhs = c.reg(o.getRhs()),
                                 .mask = c.mask(o.getMask()),
                                 .result = c.reg(o.getResult())});
  });
  on<VsubOp>(+[](VsubOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Sub); });
  on<VmulOp>(+[](VmulOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Mul); });
  on<VorOp>(+[](VorOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Or); });
  on<VxorOp>(+[](VxorOp o, Compiler &c) { return bindLaneArith(o, c, sem::ArithKind::Xor); });
  on<VabsOp>(
      +[](VabsOp o, Compiler &c) { return bindLaneUnary(o, o.getSrc(), c, sem::UnaryKind::Abs); });
  on<VnotOp>(
      +[](VnotOp o, Compiler &c) { return bindLaneUnary(o, o.getSrc(), c, sem::UnaryKind::Not); });
  using SF = sem::ScalarFormKind;
  on<VaddsOp>(&bindDavScalarForm<VaddsOp, SF::Adds>);
  on<VmulsOp>(&bindDavScalarForm<VmulsOp, SF::Muls>);
  on<VmaxsOp>(&bindDavScalarForm<VmaxsOp, SF::Maxs>);
  on<VminsOp>(&bindDavScalarForm<VminsOp, SF::Mins>);
  on<VcmpsOp>(+[](VcmpsOp o, Compiler &c) {
    return bindCompareScalar(o.getPredicate(), o.getLhs(), o.getScalar(), o.getMask(),
                             o.getResult(), c);
  });
  on<VcgaddOp>(+[](VcgaddOp o, Compiler &c) {
    return bindReduceDataBlock(sem::ReduceKind::Sum, o.getSrc(), o.getMask(), o.getResult(), c);
  });
  on<VcgmaxOp>(+[](VcgmaxOp o, Compiler &c) {
    return bindReduceDataBlock(sem::ReduceKind::Max, o.getSrc(), o.getMask(), o.getResult(), c);
  });
  on<VcgminOp>(+[](VcgminOp o, Compiler &c) {
    return bindReduceDataBlock(sem::ReduceKind::Min, o.getSrc(), o.getMask(), o.getResult(), c);
  });
  using SK = sem::ShiftKind;
  on<VshlOp>(+[](VshlOp o, Compiler &c) {
    return bindShift(SK::Left, o.getLhs(), o.getAmount(), o.getMask(), o.getResult(), c);
  });
  on<VshrOp>(+[](VshrOp o, Compiler &c) {
    return bindShift(SK::Right, o.getLhs(), o.getAmount(), o.getMask(), o.getResult(), c);
  });
  on<VshlsOp>(+[](VshlsOp o, Compiler &c) {
    return bindShiftScalar(SK::Left, o.getLhs(), o.getScalar(), o.getMask(), o.getResult(), c);
  });
  on<VshrsOp>(+[](VshrsOp o, Compiler &c) {
    return bindShiftScalar(SK::Right, o.getLhs(), o.getScalar(), o.getMask(), o.getResult(), c);
  });
  on<VintlvOp>(+[](VintlvOp o, Compiler &c) {
    return c.emit(InterleaveInst{.deinterleave = false,
                                 .type = rt(o.getLhs()),
                                 .lhs = c.reg(o.getLhs()),
                                 .rhs = c.reg(o.getRhs()),
                                 .first = c.reg(o.getLow()),
                                 .second = c.reg(o.getHigh())});
  });
  on<VdintlvOp>(+[](VdintlvOp o, Compiler &c) {
    return c.emit(InterleaveInst{.deinterleave = true,
                                 .type = rt(o.getLhs()),
                                 .lhs = c.reg(o.getLhs()),
                                 .rhs = c.reg(o.getRhs()),
                                 .first = c.reg(o.getEven()),
                                 .second = c.reg(o.getOdd())});
  });
  on<ReinterpretOp>(+[](ReinterpretOp o, Compiler &c) {
    return bindReinterpret(o.getSource(), o.getResult(), c);
  });
  onEach<VcvtOp>(&bindCast);
  on<VtrcOp>(&bindTruncate<VtrcOp>);
  // The interpreter runs every access in program order: the order a barrier
  // guarantees on the NPU already holds.
  on<MemBarOp>(+[](MemBarOp, Compiler &) { return success(); });
}

//===----------------------------------------------------------------------===//
// arith and index
//===----------------------------------------------------------------------===//

std::optional<FloatType> floatTypeOf(Type t) {
  if (t.isF16())
    return FloatType::F16;
  if (t.isBF16())
    return FloatType::BF16;
  if (t.isF32())
    return FloatType::F32;
  if (t.isF64())
    return FloatType::F64;
  return std::nullopt;
}

/// arith.truncf's rounding mode (to nearest even when absent).
llvm::RoundingMode roundingModeOf(std::optional<arith::RoundingMode> m) {
  switch (m.value_or(arith::RoundingMode::to_nearest_even)) {
  case arith::RoundingMode::to_nearest_even:
    return llvm::RoundingMode::NearestTiesToEven;
  case arith::RoundingMode::to_nearest_away:
    return llvm::RoundingMode::NearestTiesToAway;
  case arith::RoundingMode::downward:
    return llvm::RoundingMode::TowardNegative;
  case arith::RoundingMode::upward:
    return llvm::RoundingMode::TowardPositive;
  case arith::RoundingMode::toward_zero:
    return llvm::RoundingMode::TowardZero;
  }
  return llvm::RoundingMode::NearestTiesToEven;
}

template <IntOp OP> LogicalResult bindIntBinary(Operation *op, Compiler &c) {
  return c.emit(IntBinaryInst<OP>{
      .width = static_cast<uint8_t>(Compiler::widthOf(op->getResult(0).getType())),
      .lhs = c.scalar(op->getOperand(0)),
      .rhs = c.scalar(op->getOperand(1)),
      .result = c.scalar(op->getResult(0))});
}

template <FloatOp OP> LogicalResult bindFloatBinary(Operation *op, Compiler &c) {
  auto type = floatTypeOf(op->getResult(0).getType());
  if (!type)
    return c.unsupported(op, "on this type");
  return c.emit(FloatBinaryInst<OP>{.type = *type,
                                    .lhs = c.scalar(op->getOperand(0)),
                                    .rhs = c.scalar(op->getOperand(1)),
                                    .result = c.scalar(op->getResult(0))});
}

LogicalResult bindConstant(Operation *op, uint64_t bits, Compiler &c) {
  return c.emit(ConstantInst{.bits = bits, .result = c.scalar(op->getResult(0))});
}

LogicalResult bindResize(Operation *op, bool signExtend, Compiler &c) {
  unsigned from = Compiler::widthOf(op->getOperand(0).getType());
  unsigned to = Compiler::widthOf(op->getResult(0).getType());
  return c.emit(ResizeIntInst{.signExtendFrom = signExtend && from < to,
                              .fromWidth = static_cast<uint8_t>(from),
                              .toWidth = static_cast<uint8_t>(to),
                              .source = c.scalar(op->getOperand(0)),
                              .result = c.scalar(op->getResult(0))});
}

LogicalResult bindCmpI(Operation *op, IntPredicate p, Compiler &c) {
  return c.emit(
      CmpIInst{.predicate = p,
               .width = static_cast<uint8_t>(Compiler::widthOf(op->getOperand(0).getType())),
               .lhs = c.scalar(op->getOperand(0)),
               .rhs = c.scalar(op->getOperand(1)),
               .result = c.scalar(op->getResult(0))});
}

void Bindings::bindArith() {
  using namespace mlir::arith;
  on<ConstantOp>(+[](ConstantOp o, Compiler &c) -> LogicalResult {
    Attribute v = o.getValue();
    if (auto ia = dyn_cast<IntegerAttr>(v))
      return bindConstant(
          o, ia.getValue().getZExtValue() & widthMask(Compiler::widthOf(o.getType())), c);
    if (auto fa = dyn_cast<FloatAttr>(v))
      return bindConstant(o, fa.getValue().bitcastToAPInt().getZExtValue(), c);
    return c.unsupported(o, "with a non-scalar value");
  });
  onEach<AddIOp>(&bindIntBinary<IntOp::Add>);
  onEach<SubIOp>(&bindIntBinary<IntOp::Sub>);
  onEach<MulIOp>(&bindIntBinary<IntOp::Mul>);
  onEach<AndIOp>(&bindIntBinary<IntOp::And>);
  onEach<OrIOp>(&bindIntBinary<IntOp::Or>);
  onEach<XOrIOp>(&bindIntBinary<IntOp::Xor>);
  onEach<ShLIOp>(&bindIntBinary<IntOp::Shl>);
  onEach<ShRUIOp>(&bindIntBinary<IntOp::ShrU>);
  onEach<ShRSIOp>(&bindIntBinary<IntOp::ShrS>);
  onEach<DivSIOp>(&bindIntBinary<IntOp::DivS>);
  onEach<DivUIOp>(&bindIntBinary<IntOp::DivU>);
  onEach<RemSIOp>(&bindIntBinary<IntOp::RemS>);
  onEach<RemUIOp>(&bindIntBinary<IntOp::RemU>);
  onEach<MaxSIOp>(&bindIntBinary<IntOp::MaxS>);
  onEach<MinSIOp>(&bindIntBinary<IntOp::MinS>);
  onEach<MaxUIOp>(&bindIntBinary<IntOp::MaxU>);
  onEach<MinUIOp>(&bindIntBinary<IntOp::MinU>);
  onEach<CeilDivSIOp>(&bindIntBinary<IntOp::CeilDivS>);
  onEach<CeilDivUIOp>(&bindIntBinary<IntOp::CeilDivU>);
  onEach<FloorDivSIOp>(&bindIntBinary<IntOp::FloorDivS>);
  on<CmpIOp>(+[](CmpIOp o, Compiler &c) {
    return bindCmpI(o, static_cast<IntPredicate>(o.getPredicate()), c);
  });
  on<arith::SelectOp>(+[](arith::SelectOp o, Compiler &c) {
    return c.emit(SelectScalarInst{.condition = c.scalar(o.getCondition()),
                                   .onTrue = c.scalar(o.getTrueValue()),
                                   .onFalse = c.scalar(o.getFalseValue()),
                                   .result = c.scalar(o.getResult())});
  });
  onEach<ExtSIOp, IndexCastOp>(+[](Operation *op, Compiler &c) { return bindResize(op, true, c); });
  onEach<ExtUIOp, TruncIOp, IndexCastUIOp, arith::BitcastOp>(
      +[](Operation *op, Compiler &c) { return bindResize(op, false, c); });
  onEach<AddFOp>(&bindFloatBinary<FloatOp::Add>);
  onEach<SubFOp>(&bindFloatBinary<FloatOp::Sub>);
  onEach<MulFOp>(&bindFloatBinary<FloatOp::Mul>);
  onEach<DivFOp>(&bindFloatBinary<FloatOp::Div>);
  onEach<MaximumFOp>(&bindFloatBinary<FloatOp::MaximumF>);
  onEach<MinimumFOp>(&bindFloatBinary<FloatOp::MinimumF>);
  onEach<MaxNumFOp>(&bindFloatBinary<FloatOp::MaxNumF>);
  onEach<MinNumFOp>(&bindFloatBinary<FloatOp::MinNumF>);
  on<CmpFOp>(+[](CmpFOp o, Compiler &c) -> LogicalResult {
    auto type = floatTypeOf(o.getLhs().getType());
    if (!type)
      return c.unsupported(o, "on this type");
    return c.emit(CmpFInst{.predicate = static_cast<FloatPredicate>(o.getPredicate()),
                           .type = *type,
                           .lhs = c.scalar(o.getLhs()),
                           .rhs = c.scalar(o.getRhs()),
                           .result = c.scalar(o.getResult())});
  });
  on<NegFOp>(+[](NegFOp o, Compiler &c) {
    return c.emit(NegFInst{.width = static_cast<uint8_t>(Compiler::widthOf(o.getType())),
                           .source = c.scalar(o.getOperand()),
                           .result = c.scalar(o.getResult())});
  });
  onEach<SIToFPOp, UIToFPOp>(+[](Operation *op, Compiler &c) -> LogicalResult {
    auto type = floatTypeOf(op->getResult(0).getType());
    if (!type)
      return c.unsupported(op, "to this type");
    return c.emit(IntToFloatInst{
        .type = *type,
        .fromWidth = static_cast<uint8_t>(Compiler::widthOf(op->getOperand(0).getType())),
        .isUnsigned = isa<UIToFPOp>(op),
        .source = c.scalar(op->getOperand(0)),
        .result = c.scalar(op->getResult(0))});
  });
  onEach<FPToSIOp, FPToUIOp>(+[](Operation *op, Compiler &c) -> LogicalResult {
    auto type = floatTypeOf(op->getOperand(0).getType());
    if (!type)
      return c.unsupported(op, "from this type");
    return c.emit(FloatToIntInst{
        .type = *type,
        .toWidth = static_cast<uint8_t>(Compiler::widthOf(op->getResult(0).getType())),
        .isUnsigned = isa<FPToUIOp>(op),
        .source = c.scalar(op->getOperand(0)),
        .result = c.scalar(op->getResult(0))});
  });
  onEach<ExtFOp, TruncFOp>(+[](Operation *op, Compiler &c) -> LogicalResult {
    auto from = floatTypeOf(op->getOperand(0).getType());
    auto to = floatTypeOf(op->getResult(0).getType());
    if (!from || !to)
      return c.unsupported(op, "on these types");
    auto truncf = dyn_cast<TruncFOp>(op);
    return c.emit(
        FloatToFloatInst{.from = *from,
                         .to = *to,
                         .mode = roundingModeOf(truncf ? truncf.getRoundingmode() : std::nullopt),
                         .source = c.scalar(op->getOperand(0)),
                         .result = c.scalar(op->getResult(0))});
  });
}

void Bindings::bindIndex() {
  on<index::ConstantOp>(+[](index::ConstantOp o, Compiler &c) {
    return bindConstant(o, o.getValue().getZExtValue(), c);
  });
  on<index::BoolConstantOp>(+[](index::BoolConstantOp o, Compiler &c) {
    return bindConstant(o, o.getValue() ? 1 : 0, c);
  });
  onEach<index::AddOp>(&bindIntBinary<IntOp::Add>);
  onEach<index::SubOp>(&bindIntBinary<IntOp::Sub>);
  onEach<index::MulOp>(&bindIntBinary<IntOp::Mul>);
  onEach<index::AndOp>(&bindIntBinary<IntOp::And>);
  onEach<index::OrOp>(&bindIntBinary<IntOp::Or>);
  onEach<index::XOrOp>(&bindIntBinary<IntOp::Xor>);
  onEach<index::ShlOp>(&bindIntBinary<IntOp::Shl>);
  onEach<index::ShrUOp>(&bindIntBinary<IntOp::ShrU>);
  onEach<index::ShrSOp>(&bindIntBinary<IntOp::ShrS>);
  onEach<index::DivSOp>(&bindIntBinary<IntOp::DivS>);
  onEach<index::DivUOp>(&bindIntBinary<IntOp::DivU>);
  onEach<index::RemSOp>(&bindIntBinary<IntOp::RemS>);
  onEach<index::RemUOp>(&bindIntBinary<IntOp::RemU>);
  onEach<index::MaxSOp>(&bindIntBinary<IntOp::MaxS>);
  onEach<index::MinSOp>(&bindIntBinary<IntOp::MinS>);
  onEach<index::MaxUOp>(&bindIntBinary<IntOp::MaxU>);
  onEach<index::MinUOp>(&bindIntBinary<IntOp::MinU>);
  onEach<index::CeilDivSOp>(&bindIntBinary<IntOp::CeilDivS>);
  onEach<index::CeilDivUOp>(&bindIntBinary<IntOp::CeilDivU>);
  onEach<index::FloorDivSOp>(&bindIntBinary<IntOp::FloorDivS>);
  // index.cmp predicates: eq ne slt sle sgt sge ult ule ugt uge, as arith's.
  on<index::CmpOp>(+[](index::CmpOp o, Compiler &c) {
    return bindCmpI(o, static_cast<IntPredicate>(o.getPred()), c);
  });
  onEach<index::CastSOp>(+[](Operation *op, Compiler &c) { return bindResize(op, true, c); });
  onEach<index::CastUOp>(+[](Operation *op, Compiler &c) { return bindResize(op, false, c); });
}

//===----------------------------------------------------------------------===//
// memref
//===----------------------------------------------------------------------===//

void Bindings::bindMemRef() {
  using namespace mlir::memref;
  on<LoadOp>(+[](LoadOp o, Compiler &c) -> LogicalResult {
    if (o.getMemRefType().getRank() != 1)
      return c.unsupported(o, "on a memref of rank other than 1");
    return c.emit(MemRefLoadInst{.base = c.buffer(o.getMemRef()),
                                 .index = c.scalar(o.getIndices()[0]),
                                 .result = c.scalar(o.getResult())});
  });
  on<StoreOp>(+[](StoreOp o, Compiler &c) -> LogicalResult {
    if (o.getMemRefType().getRank() != 1)
      return c.unsupported(o, "on a memref of rank other than 1");
    return c.emit(MemRefStoreInst{.value = c.scalar(o.getValueToStore()),
                                  .base = c.buffer(o.getMemRef()),
                                  .index = c.scalar(o.getIndices()[0])});
  });
  on<DimOp>(+[](DimOp o, Compiler &c) -> LogicalResult {
    std::optional<int64_t> index = o.getConstantIndex();
    if (!index || *index != 0)
      return c.unsupported(o, "other than dimension 0 of a rank-1 memref");
    return c.emit(
        MemRefDimInst{.source = c.buffer(o.getSource()), .result = c.scalar(o.getResult())});
  });
  onEach<AllocOp, AllocaOp>(+[](Operation *op, Compiler &c) -> LogicalResult {
    auto t = cast<MemRefType>(op->getResult(0).getType());
    std::optional<unsigned> elemBytes = ubBufferElementBytes(t);
    if (!elemBytes)
      return c.unsupported(op, "other than for " + kUBBufferTypes);
    bool dynamic = t.isDynamicDim(0);
    return c.emit(
        MemRefAllocInst{.dynamicSize = dynamic,
                        .elemBytes = *elemBytes,
                        .staticSize = dynamic ? 0 : static_cast<uint64_t>(t.getDimSize(0)),
                        .size = dynamic ? c.scalar(op->getOperand(0)) : ScalarRef{},
                        .result = c.buffer(op->getResult(0))});
  });
  on<memref::CastOp>(+[](memref::CastOp o, Compiler &c) -> LogicalResult {
    auto t = cast<MemRefType>(o.getType());
    return c.emit(MemRefCastInst{.source = c.buffer(o.getSource()),
                                 .result = c.buffer(o.getResult()),
                                 .staticSize = t.isDynamicDim(0) ? -1 : t.getDimSize(0)});
  });
  onEach<SubViewOp, ReinterpretCastOp>(+[](Operation *op, Compiler &c) -> LogicalResult {
    auto view = cast<OffsetSizeAndStrideOpInterface>(op);
    MemRefViewInst p{.source = c.buffer(op->getOperand(0)),
                     .result = c.buffer(op->getResult(0)),
                     .record = c.newViewRecord(),
                     .fromBase = isa<ReinterpretCastOp>(op)};
    auto place = [&](OpFoldResult r, bool &dynamic, ScalarRef &slot, uint64_t &value) {
      dynamic = isa<Value>(r);
      if (dynamic)
        slot = c.scalar(cast<Value>(r));
      else
        value = static_cast<uint64_t>(*getConstantIntValue(r));
    };
    place(view.getMixedOffsets()[0], p.dynamicOffset, p.offset, p.staticOffset);
    place(view.getMixedSizes()[0], p.dynamicSize, p.size, p.staticSize);
    return c.emit(p);
  });
  // UB is reset per run; a deallocation changes nothing the kernel can see.
  on<DeallocOp>(+[](DeallocOp, Compiler &) { return success(); });
}

Bindings::Bindings() {
  bindAscReg();
  bindDav();
  bindArith();
  bindIndex();
  bindMemRef();
}

} // namespace

LogicalResult bindOp(Operation *op, Compiler &c) {
  static const Bindings bindings;
  // Vector and tensor forms of arith are not part of a kernel.
  if (isa<arith::ArithDialect, index::IndexDialect>(op->getDialect()))
    for (Type t : llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (!t.isIntOrIndexOrFloat())
        return c.unsupported(op, "on non-scalar types");
  if (const BindFn *bind = bindings.lookup(op))
    return (*bind)(op, c);
  return c.unsupported(op, "(it runs func, scf, cf, arith, index, memref, ascreg and dav ops)");
}

} // namespace interp
} // namespace ascreg
