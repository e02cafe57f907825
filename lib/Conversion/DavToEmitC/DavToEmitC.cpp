//===- DavToEmitC.cpp - dav-3510 intrinsics to EmitC (Ascend C) -*- C++ -*-===//
//
// Lowers a dav-lowered kernel (func / scf / arith / memref load, store, dim
// and dav ops) to the EmitC dialect; `emitc::translateToCpp` then prints
// Ascend C source. func, scf and arith go through the upstream EmitC
// patterns (index -> size_t); the dav ops, the UB memrefs and the register
// types are handled here.
//
// Names (docs/dav3510.md, "Emission conventions"):
//   !ascreg.vreg<NxT>  -> vector_T with the C API spelling: vector_int8_t,
//                         vector_uint8_t, vector_int16_t, vector_uint16_t,
//                         vector_half, vector_bfloat16_t, vector_int32_t,
//                         vector_uint32_t, vector_float;
//   !ascreg.mask       -> vector_bool;
//   memref<?xT> (UB)   -> __ubuf__ T* (T: int8_t ... uint64_t, half,
//                         bfloat16_t, float; memrefs are signless, so
//                         iN -> intN_t; an access through a register of
//                         another lane type casts the pointer to that
//                         type, as the vendor library does, e.g.
//                         (__ubuf__ uint32_t*) for 64-bit data).
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
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitC.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace ascreg {
#define GEN_PASS_DEF_CONVERTDAVTOEMITCPASS
#include "ascreg/Conversion/Passes.h.inc"
} // namespace ascreg

using namespace mlir;
using namespace ascreg;

namespace {

/// C spelling of a lane / buffer element type: int8_t ... uint64_t, half,
/// bfloat16_t, float. Signless integers are signed (memrefs are signless).
std::string cElemName(Type t) {
  if (t.isF16())
    return "half";
  if (t.isBF16())
    return "bfloat16_t";
  if (t.isF32())
    return "float";
  auto it = cast<IntegerType>(t);
  return (it.isUnsigned() ? "uint" : "int") + std::to_string(it.getWidth()) + "_t";
}

Type vecType(MLIRContext *ctx, VRegType t) {
  return emitc::OpaqueType::get(ctx, "vector_" + cElemName(t.getElementType()));
}
Type boolType(MLIRContext *ctx) { return emitc::OpaqueType::get(ctx, "vector_bool"); }
Type ubPtrType(MLIRContext *ctx, Type elem) {
  return emitc::PointerType::get(emitc::OpaqueType::get(ctx, "__ubuf__ " + cElemName(elem)));
}

class AscendCTypeConverter : public TypeConverter {
public:
  AscendCTypeConverter(MLIRContext *ctx) : ctx(ctx) {
    // Scalars: EmitC's own spellings (int32_t, float, bool), but the vendor's
    // half / bfloat16_t for f16 / bf16 (EmitC would print _Float16 / __bf16).
    addConversion([](Type t) -> std::optional<Type> {
      if (emitc::isSupportedEmitCType(t))
        return t;
      return std::nullopt;
    });
    addConversion([ctx](FloatType t) -> std::optional<Type> {
      if (t.isF16() || t.isBF16())
        return emitc::OpaqueType::get(ctx, cElemName(t));
      if (emitc::isSupportedEmitCType(t))
        return t;
      return std::nullopt;
    });
    addConversion([ctx](VRegType t) -> Type { return vecType(ctx, t); });
    addConversion([ctx](MaskType) -> Type { return boolType(ctx); });
    addConversion([ctx](MemRefType t) -> std::optional<Type> {
      if (t.getRank() != 1 || !t.getElementType().isIntOrFloat())
        return std::nullopt;
      return ubPtrType(ctx, t.getElementType());
    });
  }
  /// index -> uint32_t: the vendor keeps VF scalars in 16/32-bit types (UB
  /// offsets are below 2^18 bytes); loop counters become uint16_t later.
  /// Called after populateArithToEmitCPatterns, which registers index ->
  /// size_t (the last registered conversion is tried first).
  void convertIndexToUInt32() {
    Type u32 = IntegerType::get(ctx, 32, IntegerType::Unsigned);
    addConversion([u32](IndexType) { return u32; });
    auto materialize = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
      if (in.size() != 1)
        return Value();
      return emitc::CastOp::create(b, loc, t, in.front());
    };
    addSourceMaterialization(materialize);
    addTargetMaterialization(materialize);
  }

private:
  MLIRContext *ctx;
};

/// The bit-exact spelling of a float constant of type `t` with `bits`: the
/// bits reinterpreted (`__builtin_bit_cast(half, (uint16_t)0x3C00U)`), which
/// clang-based bisheng and g++/clang++ (with the host header) both accept and
/// which keeps NaN signs and payloads, unlike any decimal or NAN spelling.
std::string bitExactFloat(Type t, uint64_t bits) {
  unsigned width = t.getIntOrFloatBitWidth();
  return llvm::formatv("__builtin_bit_cast({0}, (uint{1}_t)0x{2:X-}U)", cElemName(t), width, bits)
      .str();
}

/// arith.constant of a float type: f16 / bf16 always, and f32 inf / NaN,
/// through bitExactFloat (finite f32 keep EmitC's round-trip decimal); of
/// index type: a uint32_t constant.
struct ConstantLowering : public OpConversionPattern<arith::ConstantOp> {
  ConstantLowering(const TypeConverter &tc, MLIRContext *ctx)
      : OpConversionPattern(tc, ctx, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rw) const override {
    // index constants take the converted type (uint32_t).
    if (auto index = dyn_cast<IntegerAttr>(op.getValue()); index && op.getType().isIndex()) {
      Type t = getTypeConverter()->convertType(op.getType());
      if (!t)
        return failure();
      // The low 32 bits (an index constant of a valid kernel fits).
      rw.replaceOpWithNewOp<emitc::ConstantOp>(op, t,
                                               rw.getIntegerAttr(t, index.getValue().trunc(32)));
      return success();
    }
    auto value = dyn_cast<FloatAttr>(op.getValue());
    if (!value)
      return failure();
    APFloat f = value.getValue();
    if (value.getType().isF32() && f.isFinite())
      return failure(); // the upstream pattern prints it exactly
    Type t = getTypeConverter()->convertType(op.getType());
    if (!t)
      return failure();
    uint64_t bits = f.bitcastToAPInt().getZExtValue();
    rw.replaceOpWithNewOp<emitc::ConstantOp>(
        op, t, emitc::OpaqueAttr::get(rw.getContext(), bitExactFloat(value.getType(), bits)));
    return success();
  }
};

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

/// arith.divui / arith.remui (no upstream EmitC pattern in 22): the
/// operation on the unsigned type (size_t is unsigned already).
template <typename ArithOp, typename EmitCOp>
struct UnsignedDivLowering : public OpConversionPattern<ArithOp> {
  using OpConversionPattern<ArithOp>::OpConversionPattern;
  LogicalResult matchAndRewrite(ArithOp op, typename ArithOp::Adaptor a,
                                ConversionPatternRewriter &rw) const override {
    Type t = this->getTypeConverter()->convertType(op.getType());
    if (!t)
      return failure();
    Type u = t;
    if (auto it = dyn_cast<IntegerType>(t))
      u = rw.getIntegerType(it.getWidth(), /*isSigned=*/false);
    else if (!isa<emitc::SizeTType>(t))
      return failure();
    auto toU = [&](Value v) -> Value {
      // A size_t materialization of a `u` value: the value itself.
      if (auto c = v.getDefiningOp<emitc::CastOp>(); c && c.getSource().getType() == u)
        return c.getSource();
      return v.getType() == u ? v : emitc::CastOp::create(rw, op.getLoc(), u, v);
    };
    Value r = EmitCOp::create(rw, op.getLoc(), u, toU(a.getLhs()), toU(a.getRhs()));
    if (u != t)
      r = emitc::CastOp::create(rw, op.getLoc(), t, r);
    rw.replaceOp(op, r);
    return success();
  }
};

/// The kernel's entry: `__aicore__ inline void k(args)` sets the kernel's CTRL
/// state (bits 60, 48, 59, 50; the others kept), calls the vector function
/// `k_vf` and restores CTRL, as the vendor's MLIR compiler does at kernel
/// entry. CTRL is scalar state and must be written outside the vector
/// function (cast-facts §2.3: "SetCtrlSpr需在SIMD_VF外调用"):
///
///   __aicore__ inline void kernel(__ubuf__ float* v1, ...) {
///     int64_t v5 = get_ctrl();
///     set_ctrl((v5 & ~0x1805000000000000LL) | 0x0001000000000000LL); // CTRL[60]=0 ...
///     asc_vf_call<kernel_vf>(v1, ...);
///     set_ctrl(v5);
///   }
void addCtrlEntry(emitc::FuncOp vf, const semantics::Ctrl &ctrl) {
  MLIRContext *ctx = vf.getContext();
  std::string name = vf.getSymName().str();
  vf.setSymName(name + "_vf");
  OpBuilder b(ctx);
  b.setInsertionPointAfter(vf);
  Location loc = vf.getLoc();
  auto entry = emitc::FuncOp::create(b, loc, name, vf.getFunctionType());
  entry.setSpecifiersAttr(b.getStrArrayAttr({"__aicore__", "inline"}));
  Block *body = entry.addEntryBlock();
  b.setInsertionPointToStart(body);
  Type i64 = b.getI64Type();
  Value saved =
      emitc::CallOpaqueOp::create(b, loc, TypeRange{i64}, "get_ctrl", ValueRange{}).getResult(0);
  uint64_t bits = semantics::encodeCtrl(ctrl);
  const uint64_t mask = semantics::encodeCtrl(semantics::Ctrl{true, true, true, true});
  std::string set =
      llvm::formatv("set_ctrl(({{} & ~{0:x16}LL) | {1:x16}LL); // CTRL[60]={2} ({3} saturation), "
                    "CTRL[48]={4} ({5}), CTRL[59]={6} ({7}), CTRL[50]={8}",
                    mask, bits, int(ctrl.globalSat), ctrl.globalSat ? "global" : "per-instruction",
                    int(ctrl.floatNonSat), ctrl.floatNonSat ? "float inf/NaN" : "float saturating",
                    int(ctrl.intTruncate), ctrl.intTruncate ? "int truncating" : "int saturating",
                    int(ctrl.fp8NanKeep));
  emitc::VerbatimOp::create(b, loc, b.getStringAttr(set), ValueRange{saved});
  emitc::CallOpaqueOp::create(
      b, loc, TypeRange{}, "asc_vf_call", body->getArguments(), /*args=*/ArrayAttr(),
      /*template_args=*/b.getArrayAttr({emitc::OpaqueAttr::get(ctx, name + "_vf")}));
  emitc::VerbatimOp::create(b, loc, b.getStringAttr("set_ctrl({});"), ValueRange{saved});
  emitc::ReturnOp::create(b, loc, Value());
}

/// The canonical spelling of the semantic profile `op` itself records
/// (`ascreg.semantics`), or "" if none (the dialect verified the spelling).
std::string recordedSpelling(Operation *op) {
  std::optional<semantics::Profile> p = profileRecordedOn(op);
  return p ? semantics::printProfile(*p) : "";
}

/// The spelling of the semantic profile `module` records (on the module, or
/// the one all its recording functions agree on); "" if none; nothing (after
/// an error) if its functions record different ones: the host header takes
/// one profile per translation unit.
std::optional<std::string> recordedProfileSpelling(ModuleOp module) {
  std::string spelling = recordedSpelling(module);
  if (!spelling.empty())
    return spelling;
  WalkResult r = module.walk([&](func::FuncOp fn) {
    std::string s = recordedSpelling(fn);
    if (s.empty())
      return WalkResult::advance();
    if (!spelling.empty() && s != spelling) {
      fn.emitError() << "records the semantic profile '" << s << "', another function '" << spelling
                     << "': one translation unit has one host profile";
      return WalkResult::interrupt();
    }
    spelling = s;
    return WalkResult::advance();
  });
  if (r.wasInterrupted())
    return std::nullopt;
  return spelling;
}

/// vselr on the unsigned view of its lanes: the vendor library never calls
/// vselr on vector_float / vector_int32_t / vector_half ..., it reinterprets
/// the registers as uN first (IMPL3510 kernel_reg_compute_gather_mask_impl.h,
/// Gather -> vselr on u8/u16/u32 views). A reinterpretation moves no bits.
void viewGatherRegAsUnsigned(ModuleOp module) {
  module.walk([](dav::VselrOp op) {
    auto t = cast<VRegType>(op.getSrc().getType());
    Type lane = t.getElementType();
    if (lane.isUnsignedInteger())
      return;
    OpBuilder b(op);
    Type u = IntegerType::get(op.getContext(), lane.getIntOrFloatBitWidth(), IntegerType::Unsigned);
    auto ut = VRegType::get(op.getContext(), t.getLanes(), u);
    Value src = dav::ReinterpretOp::create(b, op.getLoc(), ut, op.getSrc());
    Value r = dav::VselrOp::create(b, op.getLoc(), ut, src, op.getIndex());
    op.replaceAllUsesWith(dav::ReinterpretOp::create(b, op.getLoc(), t, r).getResult());
    op.erase();
  });
}

/// Hardware loops. A VF loop is a hardware loop only with a uint16_t counter
/// from 0 in steps of 1 (REGDOC 关键特性说明; the vendor computes
/// `uint16_t loopNum` and loops `for (uint16_t i = 0; i < loopNum; ++i)`).
/// Every index scf.for becomes `for i' in [0, tripCount)` with the original
/// induction value `lb + i' * step` derived from it (folded when lb = 0,
/// step = 1); fixHardwareLoopCounters then narrows the counter.
void normalizeLoops(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp op) {
    if (isa<IndexType>(op.getInductionVar().getType()))
      loops.push_back(op);
  });
  for (scf::ForOp op : loops) {
    if (matchPattern(op.getLowerBound(), m_Zero()) && matchPattern(op.getStep(), m_One()))
      continue;
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value lb = op.getLowerBound(), ub = op.getUpperBound(), step = op.getStep();
    // tripCount = ub > lb ? (ub - lb + step - 1) / step : 0 (scf.for compares signed).
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value span = b.createOrFold<arith::SubIOp>(loc, ub, lb);
    Value up =
        b.createOrFold<arith::AddIOp>(loc, span, b.createOrFold<arith::SubIOp>(loc, step, one));
    Value count = b.createOrFold<arith::DivUIOp>(loc, up, step);
    Value nonEmpty = b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, ub, lb);
    Value trips = b.createOrFold<arith::SelectOp>(loc, nonEmpty, count, zero);
    op.getLowerBoundMutable().assign(zero);
    op.getUpperBoundMutable().assign(trips);
    op.getStepMutable().assign(one);
    Value iv = op.getInductionVar();
    SmallVector<OpOperand *> uses(llvm::make_pointer_range(iv.getUses()));
    b.setInsertionPointToStart(op.getBody());
    Value orig =
        b.createOrFold<arith::AddIOp>(loc, lb, b.createOrFold<arith::MulIOp>(loc, iv, step));
    for (OpOperand *use : uses)
      use->set(orig);
  }
}

/// After the conversion: the counter of every emitc.for from 0 step 1 is a
/// uint16_t (`for (uint16_t i = 0; i < n; i += 1)`, n = (uint16_t) bound);
/// the body reads the counter widened. A VF loop has at most 65535 trips.
void fixHardwareLoopCounters(ModuleOp module) {
  auto isConst = [](Value v, int64_t k) {
    auto c = v.getDefiningOp<emitc::ConstantOp>();
    auto a = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr();
    return a && a.getValue().getSExtValue() == k;
  };
  module.walk([&](emitc::ForOp op) {
    if (!isConst(op.getLowerBound(), 0) || !isConst(op.getStep(), 1))
      return;
    MLIRContext *ctx = op.getContext();
    Type u16 = IntegerType::get(ctx, 16, IntegerType::Unsigned);
    Type wide = op.getInductionVar().getType();
    if (wide == u16)
      return;
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto c16 = [&](int64_t k) {
      return emitc::ConstantOp::create(b, loc, u16, b.getIntegerAttr(u16, k));
    };
    op.getLowerBoundMutable().assign(c16(0));
    op.getStepMutable().assign(c16(1));
    op.getUpperBoundMutable().assign(emitc::CastOp::create(b, loc, u16, op.getUpperBound()));
    Value iv = op.getInductionVar();
    iv.setType(u16);
    b.setInsertionPointToStart(op.getBody());
    Value widened = emitc::CastOp::create(b, loc, wide, iv);
    iv.replaceAllUsesExcept(widened, widened.getDefiningOp());
  });
}

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
  static void barrier(Operation *before, StringRef kind, bool insert) {
    if (!insert)
      return;
    OpBuilder b(before);
    emitc::VerbatimOp::create(b, before->getLoc(),
                              b.getStringAttr(("mem_bar(" + kind + ");").str()));
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
      for (Region &r : op.getRegions()) // other regions: as if run once
        for (Block &b : r)
          visit(b, s, insert);
      SmallVector<Value> reads, writes;
      accesses(&op, reads, writes);
      bool scalar = isa<memref::LoadOp, memref::StoreOp>(op);
      for (Value buf : reads) {
        if (scalar && pending(s.vstForLd, buf)) {
          barrier(&op, "VST_LD", insert);
          s.vstForLd.clear();
        }
        if (!scalar && pending(s.vstForVld, buf)) {
          barrier(&op, "VST_VLD", insert);
          s.vstForVld.clear();
        }
        if (!scalar && pending(s.stForVld, buf)) {
          barrier(&op, "ST_VLD", insert);
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
};

struct ConvertDavToEmitCPass
    : public ascreg::impl::ConvertDavToEmitCPassBase<ConvertDavToEmitCPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    ModuleOp module = getOperation();
    std::optional<std::string> profile = recordedProfileSpelling(module);
    if (!profile)
      return signalPassFailure();

    // Vendor forms the dav ops leave open: unsigned vselr views, hardware
    // loops, UB barriers (before the loads they order).
    viewGatherRegAsUnsigned(module);
    normalizeLoops(module);
    module.walk([](func::FuncOp fn) {
      if (!fn.isExternal())
        MemBarInserter().run(fn);
    });

    // arith ops without an EmitC pattern (ceildivui, maxsi, minui, ...) are
    // expanded to ones that have one first.
    {
      RewritePatternSet expand(ctx);
      arith::populateArithExpandOpsPatterns(expand);
      if (failed(applyPatternsGreedily(module, std::move(expand))))
        return signalPassFailure();
    }

    WalkResult dims = module.walk([](memref::DimOp op) {
      if (cast<MemRefType>(op.getSource().getType()).isDynamicDim(0)) {
        op.emitError("memref.dim of a dynamic UB buffer has no Ascend C form (a __simd_vf__ "
                     "takes raw __ubuf__ pointers); pass the size as a scalar parameter");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (dims.wasInterrupted())
      return signalPassFailure();

    // The other paths convert scalar floats as IEEE 754 does (semantics.md
    // P16); how a vector function's scalar unit converts (rounding, NaN
    // bits, CTRL) no public vendor source says, so a C cast would be a guess.
    WalkResult floatConversions = module.walk([](Operation *op) {
      if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
        return WalkResult::advance();
      op->emitError() << op->getName() << " from " << op->getOperand(0).getType() << " to "
                      << op->getResult(0).getType()
                      << " has no Ascend C form: no public vendor source says how a vector "
                         "function's scalar unit converts floats (docs/semantics.md P16)";
      return WalkResult::interrupt();
    });
    if (floatConversions.wasInterrupted())
      return signalPassFailure();

    // The CTRL state of every kernel, for its entry wrapper (the functions
    // are replaced by the conversion).
    llvm::StringMap<semantics::Ctrl> kernelCtrls;
    module.walk([&](func::FuncOp fn) {
      if (fn.getFunctionType().getNumResults() == 0 && !fn.isExternal())
        kernelCtrls[fn.getSymName()] = kernelCtrl(fn);
    });

    AscendCTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    ConversionTarget target(*ctx);
    target.addLegalDialect<emitc::EmitCDialect>();
    target.addIllegalDialect<dav::DavDialect, arith::ArithDialect, scf::SCFDialect,
                             func::FuncDialect, memref::MemRefDialect>();
    populateArithToEmitCPatterns(converter, patterns);
    converter.convertIndexToUInt32();
    populateSCFToEmitCConversionPatterns(patterns, converter);
    populateFuncToEmitCPatterns(converter, patterns);
    patterns.add<IntrinsicCallLowering, CastAndScalarAccessLowering, ConstantLowering>(converter,
                                                                                       ctx);
    patterns.add<UnsignedDivLowering<arith::DivUIOp, emitc::DivOp>,
                 UnsignedDivLowering<arith::RemUIOp, emitc::RemOp>>(converter, ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // The kernels are vector functions (`__simd_vf__ inline void k_vf(...)`),
    // each called by an entry `k` that sets the kernel's CTRL state;
    // outputs of multi-output intrinsics that nobody reads leave dead loads,
    // the hardware loops their unused index-typed bounds.
    SmallVector<emitc::FuncOp> kernels;
    module.walk([&](emitc::FuncOp fn) {
      if (fn.getFunctionType().getNumResults() == 0 && !fn.isExternal() &&
          kernelCtrls.count(fn.getSymName()))
        kernels.push_back(fn);
    });
    for (emitc::FuncOp fn : kernels) {
      fn.setSpecifiersAttr(Builder(ctx).getStrArrayAttr({"__simd_vf__", "inline"}));
      addCtrlEntry(fn, kernelCtrls.lookup(fn.getSymName()));
    }
    fixHardwareLoopCounters(module);
    // Round trips through size_t (index printed as size_t: upstream patterns
    // that cast the unconverted index operand, e.g. arith.divui):
    // (uint32_t) (size_t) x with x a uint32_t is x.
    module.walk([](emitc::CastOp outer) {
      auto inner = outer.getSource().getDefiningOp<emitc::CastOp>();
      if (inner && isa<emitc::SizeTType, IndexType>(inner.getType()) &&
          inner.getSource().getType() == outer.getType() && isa<IntegerType>(outer.getType()) &&
          cast<IntegerType>(outer.getType()).getWidth() <= 32)
        outer.replaceAllUsesWith(inner.getSource());
    });
    // A complete translation unit: the vendor's C API umbrella header (the
    // host build puts include/ascreg/AscendC/host first on the include path).
    // A recorded semantic profile is named before it: the vendor compiler
    // ignores the macro, the host header (HostIntrinsics.h) runs the
    // intrinsics with it unless the program or ASCREG_HOST_PROFILE says
    // otherwise.
    {
      OpBuilder b(ctx);
      b.setInsertionPointToStart(module.getBody());
      if (!profile->empty())
        emitc::VerbatimOp::create(
            b, module.getLoc(),
            b.getStringAttr(llvm::formatv("// Semantic profile (ascreg.semantics): {0}\n"
                                          "#ifndef ASCREG_HOST_PROFILE\n"
                                          "#define ASCREG_HOST_PROFILE \"{0}\"\n"
                                          "#endif",
                                          *profile)
                                .str()));
      emitc::IncludeOp::create(b, module.getLoc(), "c_api/asc_simd.h",
                               /*is_standard_include=*/false);
    }
    for (bool changed = true; changed;) {
      SmallVector<Operation *> dead;
      module.walk([&](Operation *op) {
        if (isa<emitc::LoadOp, emitc::CastOp, emitc::ConstantOp>(op) && op->use_empty())
          dead.push_back(op);
      });
      for (Operation *op : dead)
        op->erase();
      changed = !dead.empty();
    }
  }
};

} // namespace
