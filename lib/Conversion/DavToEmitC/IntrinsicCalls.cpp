//===- IntrinsicCalls.cpp - dav intrinsics as Ascend C calls ----*- C++ -*-===//
//
// Out-parameters. The dav-3510 intrinsics return their results through
// reference parameters (vcmax(dst, src, mask, MODE_ZEROING), vintlv(d0, d1,
// a, b), vlds(dst, base, offset, NORM)) or update a scalar in place
// (plt_b16(n, POST_UPDATE)). The C API wrappers (asc_*) have the same
// out-parameter shape (asc_reduce_max(vector_T& dst, ...)), so there is no
// value-returning form to target with emitc.call_opaque. Each such intrinsic
// is therefore emitted as:
//   - one `emitc.variable` (uninitialised) per output,
//   - one `emitc.verbatim` whose `{}` placeholders take the output lvalues
//     and the inputs (EmitC 22 accepts lvalue format arguments), and
//   - one `emitc.load` per output, giving the SSA result.
// The emitter turns this into exactly the vendor's call
// (`vector_half v5; vcmax(v5, v3, v4, MODE_ZEROING);`) followed by a copy,
// which any C++ compiler removes. Intrinsics that return their value
// (pset_bN) are `emitc.call_opaque`; dav.reinterpret (a reference cast in
// the vendor code) is an `emitc.cast`.
//
//===----------------------------------------------------------------------===//
#include "AscendCEmission.h"

#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ascreg;
using namespace ascreg::emission;

namespace {

/// Builds the EmitC form of intrinsic calls at one location.
struct EmitCBuilder {
  ConversionPatternRewriter &rw;
  Location loc;
  MLIRContext *ctx() { return rw.getContext(); }

  /// An uninitialised local (`T vN;`).
  Value var(Type t) {
    return emitc::VariableOp::create(rw, loc, emitc::LValueType::get(t),
                                     emitc::OpaqueAttr::get(ctx(), ""));
  }
  Value load(Value lvalue) {
    return emitc::LoadOp::create(
        rw, loc, llvm::cast<emitc::LValueType>(lvalue.getType()).getValueType(), lvalue);
  }
  Value cast(Value v, Type t) {
    if (v.getType() == t)
      return v;
    return emitc::CastOp::create(rw, loc, t, v);
  }
  Value constant(Type t, StringRef text) {
    return emitc::ConstantOp::create(rw, loc, t, emitc::OpaqueAttr::get(ctx(), text));
  }
  /// The pointer through which an intrinsic with lanes of `lane` accesses a
  /// UB buffer of `memElem` elements at element offset `off` (may be null):
  /// a cast of the pointer when the C types differ, and the offset scaled
  /// when the widths do (64-bit buffers accessed as 32-bit words).
  std::pair<Value, Value> view(Value base, Type memElem, Type lane, Value off) {
    std::string want = cElemName(lane);
    if (cElemName(memElem) == want)
      return {base, off};
    Value p = cast(base, ubPtrType(ctx(), lane));
    unsigned mb = memElem.getIntOrFloatBitWidth(), lb = lane.getIntOrFloatBitWidth();
    if (off && mb != lb) {
      Value k = constant(off.getType(), std::to_string(mb / lb));
      off = emitc::MulOp::create(rw, loc, off.getType(), off, k);
    }
    return {p, off};
  }
};

/// The lane type of a converted-from register value.
Type laneOf(Value v) { return cast<VRegType>(v.getType()).getElementType(); }

/// Integer type of `bits` with the signedness of `like` (float lanes keep
/// their type when the widths match): the pointer type through which a
/// register of lane type `like` gathers `bits`-wide elements.
Type gatherUnit(Type like, unsigned bits) {
  if (like.getIntOrFloatBitWidth() == bits)
    return like;
  MLIRContext *ctx = like.getContext();
  bool isUnsigned = isa<IntegerType>(like) && cast<IntegerType>(like).isUnsigned();
  return IntegerType::get(ctx, bits, isUnsigned ? IntegerType::Unsigned : IntegerType::Signed);
}

/// The lane type through which a memory intrinsic accesses its UB buffer.
Type accessLaneType(Operation *op) {
  return llvm::TypeSwitch<Operation *, Type>(op)
      .Case([](dav::VldsOp o) { return laneOf(o.getResult()); })
      .Case([](dav::VldsDintlvOp o) { return laneOf(o.getEven()); })
      .Case([](dav::VstsOp o) { return laneOf(o.getValue()); })
      .Case([](dav::Vgather2Op o) {
        Type memElem = o.getBase().getType().getElementType();
        unsigned bits =
            o.getUnit() ? o.getUnit()->getIntOrFloatBitWidth() : memElem.getIntOrFloatBitWidth();
        return gatherUnit(laneOf(o.getResult()), bits);
      })
      .Default([](Operation *) { return Type(); });
}

/// Every dav intrinsic, from its metadata (dav::IntrinsicOp): the name and
/// the call template say how to print the call.
///
///   %r = dav.vcmax %v, %m : ...            vector_half v5;
///                                  ==>     vcmax(v5, v3, v4, MODE_ZEROING);
///                                          (the load of v5 is the result)
///   %m, %n2 = dav.plt_b16 %n               uint32_t v6 = (uint32_t) v2;
///                                  ==>     vector_bool v7;
///                                          v7 = plt_b16(v6, POST_UPDATE);
///
/// Template items (DavInterfaces.td): `{rN}` result N as an out-parameter,
/// `{N}` operand N (a UB buffer is viewed through the op's lane type, and an
/// index offset right after it is scaled to that type), `{&N}` operand N
/// updated in place (its new value is the next result not otherwise
/// produced); if result 0 is none of these, the call returns it.
class IntrinsicCallLowering : public ConversionPattern {
public:
  IntrinsicCallLowering(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchInterfaceOpTypeTag(), dav::IntrinsicOp::getInterfaceID(),
                          /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    auto intr = cast<dav::IntrinsicOp>(op);
    EmitCBuilder e{rw, op->getLoc()};
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return rw.notifyMatchFailure(op, "unsupported result type");
    SmallVector<Value> results(op->getNumResults());
    SmallVector<std::pair<Value, unsigned>> inPlace; // local, result index
    std::string fmt;
    SmallVector<Value> fmtOperands;
    Type lane = accessLaneType(op);
    Value pendingOffset; // scaled offset of the buffer just printed
    SmallVector<StringRef> items;
    std::string tmpl = intr.getCallTemplate();
    StringRef(tmpl).split(items, ", ", -1, /*KeepEmpty=*/false);
    auto parseIndex = [](StringRef text) {
      unsigned i = 0;
      (void)text.getAsInteger(10, i);
      return i;
    };
    // Operands first (their pointer views and in-place locals are statements
    // before the call), then one local per out-parameter, then the call.
    SmallVector<Value> itemValues(items.size());
    for (auto [k, item] : llvm::enumerate(items)) {
      if (item.starts_with("{&")) { // updated in place
        unsigned i = parseIndex(item.drop_front(2).drop_back());
        auto it = cast<IntegerType>(op->getOperand(i).getType());
        Type u = rw.getIntegerType(it.getWidth(), /*isSigned=*/false);
        Value local = e.var(u);
        emitc::AssignOp::create(rw, op->getLoc(), local, e.cast(operands[i], u));
        inPlace.push_back({local, 0});
        itemValues[k] = local;
      } else if (item.starts_with("{") && !item.starts_with("{r")) { // operand
        unsigned i = parseIndex(item.drop_front().drop_back());
        Value v = operands[i];
        if (pendingOffset && isa<IndexType>(op->getOperand(i).getType())) {
          v = pendingOffset;
        } else if (auto mt = dyn_cast<MemRefType>(op->getOperand(i).getType()); mt && lane) {
          Value off = i + 1 < operands.size() && isa<IndexType>(op->getOperand(i + 1).getType())
                          ? operands[i + 1]
                          : Value();
          auto [p, scaled] = e.view(v, mt.getElementType(), lane, off);
          v = p;
          pendingOffset = scaled;
        }
        itemValues[k] = v;
      }
    }
    for (auto [k, item] : llvm::enumerate(items)) {
      if (!fmt.empty())
        fmt += ", ";
      if (item.starts_with("{r")) { // out-parameter
        unsigned i = parseIndex(item.drop_front(2).drop_back());
        results[i] = e.var(resultTypes[i]);
        itemValues[k] = results[i];
      }
      if (itemValues[k]) {
        fmt += "{}";
        fmtOperands.push_back(itemValues[k]);
      } else {
        fmt += item.str();
      }
    }
    // A call that only returns its result is a plain expression:
    // `vector_bool m = pset_b16(PAT_ALL);`.
    if (results.size() == 1 && !results[0] && inPlace.empty()) {
      SmallVector<Attribute> args;
      SmallVector<Value> callOperands;
      for (auto [k, item] : llvm::enumerate(items)) {
        if (itemValues[k]) {
          args.push_back(rw.getIndexAttr(callOperands.size()));
          callOperands.push_back(itemValues[k]);
        } else {
          args.push_back(emitc::OpaqueAttr::get(rw.getContext(), item));
        }
      }
      rw.replaceOpWithNewOp<emitc::CallOpaqueOp>(op, resultTypes[0], intr.getIntrinsicName(),
                                                 callOperands, rw.getArrayAttr(args));
      return success();
    }
    // The remaining results: the call's return value, then the in-place operands.
    std::string call = intr.getIntrinsicName() + "(" + fmt + ");";
    unsigned next = 0;
    auto nextFree = [&]() {
      while (next < results.size() && results[next])
        ++next;
      return next;
    };
    if (!results.empty() && !results[0]) {
      results[0] = e.var(resultTypes[0]);
      call = "{} = " + call;
      fmtOperands.insert(fmtOperands.begin(), results[0]);
    }
    emitc::VerbatimOp::create(rw, op->getLoc(), rw.getStringAttr(call), fmtOperands);
    SmallVector<Value> values(results.size());
    for (auto [i, r] : llvm::enumerate(results))
      if (r)
        values[i] = e.load(r);
    for (auto &[local, unused] : inPlace) {
      unsigned i = nextFree();
      if (i >= values.size())
        return rw.notifyMatchFailure(op, "in-place operand without result");
      values[i] = e.cast(e.load(local), resultTypes[i]);
      results[i] = local;
    }
    if (llvm::is_contained(values, Value()))
      return rw.notifyMatchFailure(op, "the call template does not produce every result");
    rw.replaceOp(op, values);
    return success();
  }
};

/// dav.reinterpret (a reference cast in the vendor's code) and the scalar
/// memref accesses of a kernel.
class CastAndScalarAccessLowering : public ConversionPattern {
public:
  CastAndScalarAccessLowering(const TypeConverter &tc, MLIRContext *ctx)
      : ConversionPattern(tc, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rw) const override {
    if (!isa<dav::ReinterpretOp, memref::LoadOp, memref::StoreOp, memref::DimOp>(op))
      return failure();
    EmitCBuilder e{rw, op->getLoc()};
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return rw.notifyMatchFailure(op, "unsupported result type");
    FailureOr<SmallVector<Value>> results =
        llvm::TypeSwitch<Operation *, FailureOr<SmallVector<Value>>>(op)
            .Case([&](dav::ReinterpretOp) {
              return SmallVector<Value>{e.cast(operands[0], resultTypes[0])};
            })
            // Scalar UB accesses: `x = p[i];` / `p[i] = x;` (a local in the
            // UB address space would be wrong, so no subscript + load).
            .Case([&](memref::LoadOp) -> FailureOr<SmallVector<Value>> {
              if (operands.size() != 2)
                return failure();
              Value v = e.var(resultTypes[0]);
              emitc::VerbatimOp::create(rw, op->getLoc(), rw.getStringAttr("{} = {}[{}];"),
                                        ValueRange{v, operands[0], operands[1]});
              return SmallVector<Value>{e.load(v)};
            })
            .Case([&](memref::StoreOp) -> FailureOr<SmallVector<Value>> {
              if (operands.size() != 3)
                return failure();
              emitc::VerbatimOp::create(rw, op->getLoc(), rw.getStringAttr("{}[{}] = {};"),
                                        ValueRange{operands[1], operands[2], operands[0]});
              return SmallVector<Value>{};
            })
            .Case([&](memref::DimOp o) -> FailureOr<SmallVector<Value>> {
              auto t = cast<MemRefType>(o.getSource().getType());
              if (t.isDynamicDim(0))
                return failure(); // diagnosed by the pass
              return SmallVector<Value>{
                  e.constant(resultTypes[0], std::to_string(t.getDimSize(0)))};
            })
            .Default([&](Operation *) -> FailureOr<SmallVector<Value>> { return failure(); });
    if (failed(results))
      return rw.notifyMatchFailure(op, "no EmitC form");
    rw.replaceOp(op, *results);
    return success();
  }
};

} // namespace

void emission::populateIntrinsicCallPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<IntrinsicCallLowering, CastAndScalarAccessLowering>(converter,
                                                                   patterns.getContext());
}
