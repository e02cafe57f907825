//===- TranslateScalars.cpp - C++ types, scalars, pointers, lvalues -------===//
//
// Scalar C++ becomes arith with C++'s conversions: Clang's AST makes every
// integer promotion and usual arithmetic conversion an implicit cast, so
// each cast and operator maps to one arith op of the operand's type and
// signedness. `__ubuf__ T*` values are (memref, index offset) pairs.
//
//===----------------------------------------------------------------------===//
#include "Translator.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace clang;

namespace ascreg {
namespace import {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

namespace {
const CXXRecordDecl *recordOf(QualType t) {
  return t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
}
} // namespace

std::optional<semantics::RegType> Translator::regTypeOf(QualType t) {
  // RegTensor<T, regTrait> and the C API's Vec<K>: read from the template
  // arguments (a static member of an unused specialization may not be
  // instantiated).
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(recordOf(t));
  if (!spec || spec->getTemplateArgs().size() == 0)
    return std::nullopt;
  const TemplateArgumentList &args = spec->getTemplateArgs();
  if (spec->getName() == "Vec" && args[0].getKind() == TemplateArgument::Integral)
    return semantics::RegType{
        static_cast<semantics::ElemKind>(args[0].getAsIntegral().getExtValue()), 1};
  if (spec->getName() != "RegTensor" || args[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  std::optional<semantics::ElemKind> k = elemKindOf(args[0].getAsType());
  if (!k)
    return std::nullopt;
  uint8_t regs = 1;
  if (args.size() > 1 && args[1].getKind() == TemplateArgument::Declaration)
    if (const auto *v = dyn_cast<VarDecl>(args[1].getAsDecl()))
      if (const APValue *val = v->getInit() ? v->evaluateValue() : nullptr;
          val && val->isStruct() && val->getStructField(0).isInt())
        regs = uint8_t(val->getStructField(0).getInt().getExtValue());
  return semantics::RegType{*k, regs};
}

bool Translator::isMaskType(QualType t) {
  const CXXRecordDecl *rd = recordOf(t);
  return rd && rd->getName() == "Pred" && rd->getQualifiedNameAsString() == "ascreg_host::Pred";
}

std::optional<semantics::ElemKind> Translator::elemKindOf(QualType t) {
  using K = semantics::ElemKind;
  QualType c = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *bt = dyn_cast<BuiltinType>(c)) {
    switch (bt->getKind()) {
    case BuiltinType::SChar:
    case BuiltinType::Char_S:
      return K::I8;
    case BuiltinType::UChar:
    case BuiltinType::Char_U:
      return K::U8;
    case BuiltinType::Short:
      return K::I16;
    case BuiltinType::UShort:
      return K::U16;
    case BuiltinType::Int:
      return K::I32;
    case BuiltinType::UInt:
      return K::U32;
    case BuiltinType::Long:
    case BuiltinType::LongLong:
      return K::I64;
    case BuiltinType::ULong:
    case BuiltinType::ULongLong:
      return K::U64;
    case BuiltinType::Float16:
      return K::F16;
    case BuiltinType::Float:
      return K::F32;
    default:
      return std::nullopt;
    }
  }
  if (const CXXRecordDecl *rd = recordOf(c); rd && rd->getName() == "bfloat16_t")
    return K::BF16;
  return std::nullopt;
}

mlir::Type Translator::scalarType(QualType t) {
  QualType c = t.getNonReferenceType().getCanonicalType();
  if (c->isBooleanType())
    return b.getI1Type();
  if (const auto *et = c->getAs<EnumType>())
    return scalarType(et->getDecl()->getIntegerType());
  std::optional<semantics::ElemKind> k = elemKindOf(c);
  if (!k)
    return {};
  switch (*k) {
  case semantics::ElemKind::F16:
    return b.getF16Type();
  case semantics::ElemKind::BF16:
    return b.getBF16Type();
  case semantics::ElemKind::F32:
    return b.getF32Type();
  default:
    return b.getIntegerType(8 * semantics::elemBytes(*k));
  }
}

bool Translator::isUnsignedScalar(QualType t) {
  QualType c = t.getNonReferenceType().getCanonicalType();
  return c->isUnsignedIntegerOrEnumerationType() || c->isBooleanType();
}

mlir::Type Translator::memoryType(QualType pointee) {
  mlir::Type t = scalarType(pointee);
  return t && !t.isInteger(1) ? t : mlir::Type();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Binding *Translator::binding(const VarDecl *v) {
  auto it = v ? env.find(v) : env.end();
  return it == env.end() ? nullptr : &it->second;
}

Binding *Translator::binding(const VarDecl *v, Binding::Kind kind) {
  Binding *bd = binding(v);
  return bd && bd->kind == kind ? bd : nullptr;
}

FailureOr<PointerValue> Translator::offsetBy(FailureOr<PointerValue> base, const Expr *count,
                                             bool subtract) {
  FailureOr<Value> n = succeeded(base) ? scalar(count) : FailureOr<Value>(failure());
  if (failed(n))
    return failure();
  mlir::Location l = loc(count->getBeginLoc());
  Value delta = toIndex(*n, isUnsignedScalar(count->getType()), l);
  Value off = subtract ? Value(arith::SubIOp::create(b, l, base->offset, delta))
                       : Value(arith::AddIOp::create(b, l, base->offset, delta));
  return PointerValue{base->memref, off};
}

Value Translator::constantIndex(int64_t v, mlir::Location l) {
  return arith::ConstantIndexOp::create(b, l, v);
}

Value Translator::toIndex(Value v, bool isUnsigned, mlir::Location l) {
  if (v.getType().isIndex())
    return v;
  if (isUnsigned)
    return arith::IndexCastUIOp::create(b, l, b.getIndexType(), v);
  return arith::IndexCastOp::create(b, l, b.getIndexType(), v);
}

Value Translator::zeroOf(mlir::Type type, mlir::Location l) {
  if (isa<MaskType>(type))
    return CreateMaskOp::create(b, l, type, MaskPattern::ALLF,
                                fromRegType(ctx, {semantics::ElemKind::U8, 1}));
  if (auto vt = dyn_cast<VRegType>(type)) {
    mlir::Type elem = vt.getElementType();
    mlir::Type scalar = isa<mlir::FloatType>(elem)
                            ? elem
                            : mlir::Type(b.getIntegerType(elem.getIntOrFloatBitWidth()));
    return DuplicateOp::create(b, l, type, zeroOf(scalar, l), Value());
  }
  return arith::ConstantOp::create(b, l, cast<mlir::TypedAttr>(b.getZeroAttr(type)));
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

FailureOr<Value> Translator::convert(Value v, QualType from, QualType to, const Expr *at) {
  mlir::Location l = loc(at->getBeginLoc());
  mlir::Type src = v.getType(), dst = scalarType(to);
  if (!dst)
    return unsupported(at, "a conversion to '" + to.getAsString() + "'");
  if (src == dst)
    return v;
  bool srcUnsigned = isUnsignedScalar(from), dstUnsigned = isUnsignedScalar(to);
  if (dst.isInteger(1)) { // to bool: != 0
    if (isa<mlir::FloatType>(src))
      return Value(arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v, zeroOf(src, l)));
    return Value(arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v, zeroOf(src, l)));
  }
  bool srcFloat = isa<mlir::FloatType>(src), dstFloat = isa<mlir::FloatType>(dst);
  if (!srcFloat && !dstFloat) {
    unsigned sw = src.getIntOrFloatBitWidth(), dw = dst.getIntOrFloatBitWidth();
    if (dw < sw)
      return Value(arith::TruncIOp::create(b, l, dst, v));
    if (srcUnsigned)
      return Value(arith::ExtUIOp::create(b, l, dst, v));
    return Value(arith::ExtSIOp::create(b, l, dst, v));
  }
  if (!srcFloat)
    return srcUnsigned ? Value(arith::UIToFPOp::create(b, l, dst, v))
                       : Value(arith::SIToFPOp::create(b, l, dst, v));
  if (!dstFloat)
    return dstUnsigned ? Value(arith::FPToUIOp::create(b, l, dst, v))
                       : Value(arith::FPToSIOp::create(b, l, dst, v));
  if (dst.getIntOrFloatBitWidth() > src.getIntOrFloatBitWidth())
    return Value(arith::ExtFOp::create(b, l, dst, v));
  return Value(arith::TruncFOp::create(b, l, dst, v));
}

namespace {
const Expr *strip(const Expr *e) {
  while (true) {
    e = e->IgnoreParens();
    if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e))
      e = m->getSubExpr();
    else if (const auto *c = dyn_cast<ExprWithCleanups>(e))
      e = c->getSubExpr();
    else if (const auto *t = dyn_cast<CXXBindTemporaryExpr>(e))
      e = t->getSubExpr();
    else if (const auto *ic = dyn_cast<ImplicitCastExpr>(e);
             ic && (ic->getCastKind() == CK_NoOp || ic->getCastKind() == CK_LValueToRValue))
      e = ic->getSubExpr();
    else if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
             ce && ce->getNumArgs() == 1 && ce->getConstructor()->isCopyOrMoveConstructor())
      e = ce->getArg(0);
    else
      return e;
  }
}
} // namespace

bool Translator::readsRuntimeVariable(const Expr *e) {
  auto [it, inserted] = runtimeReads.try_emplace(e, false);
  if (!inserted)
    return it->second;
  bool reads = false;
  if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(ref->getDecl());
    reads = v && !v->isUsableInConstantExpressions(ast);
  } else if (const auto *bin = dyn_cast<BinaryOperator>(e); bin && bin->isLogicalOp()) {
    reads = false; // `true || n` folds: Clang may skip the runtime operand
  } else if (!isa<UnaryExprOrTypeTraitExpr, AbstractConditionalOperator>(e)) {
    // (sizeof's operand is not read; `c ? 64 : n` folds when c is constant)
    for (const Stmt *child : e->children())
      if (const auto *ce = dyn_cast_or_null<Expr>(child); ce && readsRuntimeVariable(ce)) {
        reads = true;
        break;
      }
  }
  runtimeReads[e] = reads; // the recursion may have grown the map
  return reads;
}

FailureOr<Value> Translator::scalar(const Expr *e) {
  mlir::Location l = loc(e->getBeginLoc());
  // Constant expressions (literals, constexpr variables, enumerators,
  // numeric_limits, ...) are folded by Clang. Clang's evaluator walks the
  // whole subtree, so it is asked only where no runtime variable is read:
  // asking at every operand of `b + b + ... + b` took quadratic time.
  if (!e->isValueDependent() && !readsRuntimeVariable(e)) {
    Expr::EvalResult r;
    if (e->EvaluateAsRValue(r, ast) && !r.HasSideEffects) {
      mlir::Type t = scalarType(e->getType());
      if (t && r.Val.isInt())
        return Value(arith::ConstantOp::create(
            b, l, b.getIntegerAttr(t, r.Val.getInt().zextOrTrunc(t.getIntOrFloatBitWidth()))));
      if (t && r.Val.isFloat() && isa<mlir::FloatType>(t)) {
        bool lost;
        llvm::APFloat f = r.Val.getFloat();
        f.convert(cast<mlir::FloatType>(t).getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
                  &lost);
        return Value(arith::ConstantOp::create(b, l, b.getFloatAttr(t, f)));
      }
    }
  }
  e = strip(e);
  mlir::Type type = scalarType(e->getType());
  if (!type)
    return unsupported(e, "a value of type '" + e->getType().getAsString() + "'");
  bool isUnsigned = isUnsignedScalar(e->getType());

  if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    Binding *bd = binding(var, Binding::Scalar);
    if (!bd)
      return unsupported(e, "a reference to '" + ref->getDecl()->getNameAsString() +
                                "' (not a scalar variable of this function)");
    if (!bd->value)
      bd->value = zeroOf(bd->type, l);
    return bd->value;
  }
  if (const auto *c = dyn_cast<CastExpr>(e)) {
    switch (c->getCastKind()) {
    case CK_IntegralCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
    case CK_BooleanToSignedIntegral:
    case CK_NoOp: {
      FailureOr<Value> v = scalar(c->getSubExpr());
      if (failed(v))
        return failure();
      return convert(*v, c->getSubExpr()->getType(), c->getType(), e);
    }
    default:
      return unsupported(e, llvm::Twine("the conversion '") + c->getCastKindName() + "'");
    }
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->isIncrementDecrementOp()) {
      FailureOr<Value> old = scalar(u->getSubExpr());
      if (failed(old) || failed(sideEffect(u)))
        return failure();
      return u->isPrefix() ? scalar(u->getSubExpr()) : old;
    }
    if (u->getOpcode() == UO_Deref) {
      FailureOr<PointerValue> p = pointer(u->getSubExpr());
      if (failed(p))
        return failure();
      return Value(mlir::memref::LoadOp::create(b, l, p->memref, mlir::ValueRange{p->offset}));
    }
    FailureOr<Value> v = scalar(u->getSubExpr());
    if (failed(v))
      return failure();
    switch (u->getOpcode()) {
    case UO_Plus:
      return *v;
    case UO_Minus:
      if (isa<mlir::FloatType>(type))
        return Value(arith::NegFOp::create(b, l, *v));
      return Value(arith::SubIOp::create(b, l, zeroOf(type, l), *v));
    case UO_Not:
      return Value(arith::XOrIOp::create(
          b, l, *v, arith::ConstantOp::create(b, l, b.getIntegerAttr(type, -1))));
    case UO_LNot:
      return Value(arith::XOrIOp::create(
          b, l, *v, arith::ConstantOp::create(b, l, b.getIntegerAttr(type, 1))));
    default:
      return unsupported(e, llvm::Twine("the operator '") +
                                UnaryOperator::getOpcodeStr(u->getOpcode()) + "'");
    }
  }
  if (const auto *sub = dyn_cast<ArraySubscriptExpr>(e)) {
    FailureOr<PointerValue> p = offsetBy(pointer(sub->getBase()), sub->getIdx(), false);
    if (failed(p))
      return failure();
    return Value(mlir::memref::LoadOp::create(b, l, p->memref, mlir::ValueRange{p->offset}));
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isAssignmentOp()) {
      if (failed(sideEffect(bo)))
        return failure();
      return scalar(bo->getLHS());
    }
    if (bo->getOpcode() == BO_Comma)
      return unsupported(e, "the comma operator");
    if ((bo->getOpcode() == BO_LAnd || bo->getOpcode() == BO_LOr) &&
        bo->getRHS()->HasSideEffects(ast))
      return unsupported(e, "a short-circuit operator whose right side has side effects");
    FailureOr<Value> lhs = scalar(bo->getLHS());
    FailureOr<Value> rhs = succeeded(lhs) ? scalar(bo->getRHS()) : FailureOr<Value>(failure());
    if (failed(rhs))
      return failure();
    QualType opType = bo->getLHS()->getType();
    bool isFloat = isa<mlir::FloatType>(lhs->getType());
    bool opUnsigned = isUnsignedScalar(opType);
    auto cmp = [&](arith::CmpIPredicate s, arith::CmpIPredicate u, arith::CmpFPredicate f) {
      if (isFloat)
        return Value(arith::CmpFOp::create(b, l, f, *lhs, *rhs));
      return Value(arith::CmpIOp::create(b, l, opUnsigned ? u : s, *lhs, *rhs));
    };
    using P = arith::CmpIPredicate;
    using F = arith::CmpFPredicate;
    switch (bo->getOpcode()) {
    case BO_Add:
      return isFloat ? Value(arith::AddFOp::create(b, l, *lhs, *rhs))
                     : Value(arith::AddIOp::create(b, l, *lhs, *rhs));
    case BO_Sub:
      return isFloat ? Value(arith::SubFOp::create(b, l, *lhs, *rhs))
                     : Value(arith::SubIOp::create(b, l, *lhs, *rhs));
    case BO_Mul:
      return isFloat ? Value(arith::MulFOp::create(b, l, *lhs, *rhs))
                     : Value(arith::MulIOp::create(b, l, *lhs, *rhs));
    case BO_Div:
      if (isFloat)
        return Value(arith::DivFOp::create(b, l, *lhs, *rhs));
      return isUnsigned ? Value(arith::DivUIOp::create(b, l, *lhs, *rhs))
                        : Value(arith::DivSIOp::create(b, l, *lhs, *rhs));
    case BO_Rem:
      if (isFloat)
        break;
      return isUnsigned ? Value(arith::RemUIOp::create(b, l, *lhs, *rhs))
                        : Value(arith::RemSIOp::create(b, l, *lhs, *rhs));
    case BO_Shl:
    case BO_Shr: {
      // The shift count has its own promoted type: bring it to the result's.
      FailureOr<Value> count = convert(*rhs, bo->getRHS()->getType(), bo->getType(), e);
      if (failed(count))
        return failure();
      if (bo->getOpcode() == BO_Shl)
        return Value(arith::ShLIOp::create(b, l, *lhs, *count));
      return isUnsigned ? Value(arith::ShRUIOp::create(b, l, *lhs, *count))
                        : Value(arith::ShRSIOp::create(b, l, *lhs, *count));
    }
    case BO_And:
    case BO_LAnd:
      return Value(arith::AndIOp::create(b, l, *lhs, *rhs));
    case BO_Or:
    case BO_LOr:
      return Value(arith::OrIOp::create(b, l, *lhs, *rhs));
    case BO_Xor:
      return Value(arith::XOrIOp::create(b, l, *lhs, *rhs));
    case BO_LT:
      return cmp(P::slt, P::ult, F::OLT);
    case BO_GT:
      return cmp(P::sgt, P::ugt, F::OGT);
    case BO_LE:
      return cmp(P::sle, P::ule, F::OLE);
    case BO_GE:
      return cmp(P::sge, P::uge, F::OGE);
    case BO_EQ:
      return cmp(P::eq, P::eq, F::OEQ);
    case BO_NE:
      return cmp(P::ne, P::ne, F::UNE);
    default:
      break;
    }
    return unsupported(e, "the operator '" + bo->getOpcodeStr() + "'");
  }
  if (const auto *c = dyn_cast<ConditionalOperator>(e)) {
    if (c->getTrueExpr()->HasSideEffects(ast) || c->getFalseExpr()->HasSideEffects(ast))
      return unsupported(e, "a conditional operator with side effects");
    FailureOr<Value> cond = scalar(c->getCond());
    FailureOr<Value> t = succeeded(cond) ? scalar(c->getTrueExpr()) : FailureOr<Value>(failure());
    FailureOr<Value> f = succeeded(t) ? scalar(c->getFalseExpr()) : FailureOr<Value>(failure());
    if (failed(f))
      return failure();
    return Value(arith::SelectOp::create(b, l, *cond, *t, *f));
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    Value result;
    if (failed(this->call(call, &result)))
      return failure();
    if (!result)
      return unsupported(e, "a call without a value used as a value");
    return result;
  }
  return unsupported(e, llvm::Twine("the expression '") + e->getStmtClassName() + "'");
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

FailureOr<PointerValue> Translator::pointer(const Expr *e) {
  e = strip(e);
  if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    Binding *bd = binding(var, Binding::Pointer);
    if (!bd)
      return unsupported(e, "a pointer that is not a __ubuf__ parameter of the vector function "
                            "or derived from one");
    return PointerValue{bd->memref, bd->offset};
  }
  if (const auto *c = dyn_cast<CastExpr>(e)) {
    if (c->getCastKind() == CK_NoOp || c->getCastKind() == CK_LValueToRValue ||
        c->getCastKind() == CK_ArrayToPointerDecay)
      return pointer(c->getSubExpr());
    return unsupported(e, llvm::Twine("a pointer conversion ('") + c->getCastKindName() +
                              "'): pointers must keep their __ubuf__ element type");
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) {
      const Expr *p = bo->getLHS(), *n = bo->getRHS();
      if (!p->getType()->isPointerType())
        std::swap(p, n);
      return offsetBy(pointer(p), n, bo->getOpcode() == BO_Sub);
    }
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf)
    if (const auto *sub = dyn_cast<ArraySubscriptExpr>(strip(u->getSubExpr())))
      return offsetBy(pointer(sub->getBase()), sub->getIdx(), /*subtract=*/false);
  return unsupported(e, llvm::Twine("the pointer expression '") + e->getStmtClassName() + "'");
}

//===----------------------------------------------------------------------===//
// Registers and masks
//===----------------------------------------------------------------------===//

FailureOr<Value *> Translator::registerSlot(const ArraySubscriptExpr *sub, Binding &array) {
  FailureOr<Value> idx = scalar(sub->getIdx());
  if (failed(idx))
    return failure();
  llvm::APInt k;
  if (!mlir::matchPattern(*idx, mlir::m_ConstantInt(&k)) || k.getZExtValue() >= array.elems.size())
    return unsupported(sub, "a register array subscript that is not a constant inside the "
                            "array's bounds (loops that subscript register arrays need "
                            "constant bounds: they are unrolled)");
  return &array.elems[k.getZExtValue()];
}

FailureOr<Value> Translator::reg(const Expr *e) {
  mlir::Location l = loc(e->getBeginLoc());
  e = strip(e);
  if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    Binding *bd = binding(var, Binding::Reg);
    if (!bd)
      return unsupported(e, "a reference to '" + ref->getDecl()->getNameAsString() +
                                "' (not a register variable of this function)");
    if (!bd->value)
      bd->value = zeroOf(bd->type, l);
    return bd->value;
  }
  if (const auto *sub = dyn_cast<ArraySubscriptExpr>(e)) {
    const VarDecl *var = rootVar(sub->getBase());
    Binding *bd = binding(var, Binding::RegArray);
    if (!bd)
      return unsupported(e, "a subscript of something other than a register array");
    FailureOr<Value *> slotOr = registerSlot(sub, *bd);
    if (failed(slotOr))
      return failure();
    Value &slot = **slotOr;
    if (!slot)
      slot = zeroOf(bd->type, l);
    return slot;
  }
  if (const auto *c = dyn_cast<CastExpr>(e)) {
    // `(RegTensor<uint16_t>&)reg`: the same bits as another element type.
    std::optional<semantics::RegType> to = regTypeOf(c->getType());
    FailureOr<Value> v = reg(c->getSubExpr());
    if (failed(v))
      return failure();
    if (!to)
      return unsupported(e, "a conversion of a register to '" + c->getType().getAsString() + "'");
    VRegType toType = fromRegType(ctx, *to);
    if (v->getType() == toType)
      return *v;
    return Value(BitcastOp::create(b, l, toType, *v));
  }
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    // RegTensor's conversion to the C API's register: the same value.
    if (isa_and_nonnull<CXXConversionDecl>(mc->getMethodDecl()))
      return reg(mc->getImplicitObjectArgument());
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->isAssignmentOp()) {
      if (failed(sideEffect(op)))
        return failure();
      return reg(op->getArg(0));
    }
    Value result;
    if (failed(this->call(call, &result)))
      return failure();
    if (!result)
      return unsupported(e, "a call without a value used as a value");
    return result;
  }
  return unsupported(e, llvm::Twine("the register expression '") + e->getStmtClassName() + "'");
}

//===----------------------------------------------------------------------===//
// Writes
//===----------------------------------------------------------------------===//

const VarDecl *Translator::rootVar(const Expr *e) {
  while (true) {
    e = strip(e);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e))
      return dyn_cast<VarDecl>(ref->getDecl());
    if (const auto *c = dyn_cast<CastExpr>(e))
      e = c->getSubExpr();
    else if (const auto *s = dyn_cast<ArraySubscriptExpr>(e))
      e = s->getBase();
    else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e))
      e = mc->getImplicitObjectArgument();
    else
      return nullptr;
  }
}

LogicalResult Translator::assign(const Expr *lhs, Value v) {
  mlir::Location l = loc(lhs->getBeginLoc());
  lhs = strip(lhs);
  if (const auto *ref = dyn_cast<DeclRefExpr>(lhs)) {
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    Binding *bd = binding(var);
    if (!bd || bd->kind == Binding::RegArray)
      return unsupported(lhs, "an assignment to '" + ref->getDecl()->getNameAsString() + "'");
    if (bd->kind == Binding::Pointer)
      return unsupported(lhs, "a pointer assignment other than from a pointer expression");
    bd->value = v;
    return success();
  }
  if (const auto *sub = dyn_cast<ArraySubscriptExpr>(lhs)) {
    const VarDecl *var = rootVar(sub->getBase());
    Binding *bd = binding(var, Binding::RegArray);
    if (bd) {
      FailureOr<Value *> slot = registerSlot(sub, *bd);
      if (failed(slot))
        return failure();
      **slot = v;
      return success();
    }
    // A scalar store to UB.
    FailureOr<PointerValue> p = offsetBy(pointer(sub->getBase()), sub->getIdx(), false);
    if (failed(p))
      return failure();
    mlir::memref::StoreOp::create(b, l, v, p->memref, mlir::ValueRange{p->offset});
    return success();
  }
  if (const auto *u = dyn_cast<UnaryOperator>(lhs); u && u->getOpcode() == UO_Deref) {
    FailureOr<PointerValue> p = pointer(u->getSubExpr());
    if (failed(p))
      return failure();
    mlir::memref::StoreOp::create(b, l, v, p->memref, mlir::ValueRange{p->offset});
    return success();
  }
  if (const auto *c = dyn_cast<CastExpr>(lhs)) {
    // Writing through `(RegTensor<U>&)reg`: the bits go back as reg's type.
    if (auto vt = dyn_cast<VRegType>(v.getType())) {
      const Expr *inner = strip(c->getSubExpr());
      std::optional<semantics::RegType> innerType = regTypeOf(inner->getType());
      if (!innerType)
        return unsupported(lhs, "a write through a conversion");
      VRegType t = fromRegType(ctx, *innerType);
      return assign(inner, t == vt ? v : Value(BitcastOp::create(b, l, t, v)));
    }
  }
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(lhs);
      mc && isa_and_nonnull<CXXConversionDecl>(mc->getMethodDecl()))
    return assign(mc->getImplicitObjectArgument(), v);
  return unsupported(lhs, llvm::Twine("a write to '") + lhs->getStmtClassName() + "'");
}

LogicalResult Translator::sideEffect(const Expr *e) {
  mlir::Location l = loc(e->getBeginLoc());
  e = strip(e);
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->isIncrementDecrementOp()) {
    const Expr *target = u->getSubExpr();
    if (target->getType()->isPointerType()) {
      const VarDecl *var = rootVar(target);
      Binding *bd = binding(var, Binding::Pointer);
      if (!bd)
        return unsupported(e, "an increment of a pointer that is not a __ubuf__ pointer variable");
      bd->offset =
          arith::AddIOp::create(b, l, bd->offset, constantIndex(u->isIncrementOp() ? 1 : -1, l));
      return success();
    }
    FailureOr<Value> v = scalar(target);
    if (failed(v))
      return failure();
    mlir::Type t = v->getType();
    if (isa<mlir::FloatType>(t))
      return unsupported(e, "++/-- of a floating-point variable");
    Value one = arith::ConstantOp::create(b, l, b.getIntegerAttr(t, 1));
    Value next = u->isIncrementOp() ? Value(arith::AddIOp::create(b, l, *v, one))
                                    : Value(arith::SubIOp::create(b, l, *v, one));
    return assign(target, next);
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->isAssignmentOp()) {
    const Expr *lhs = bo->getLHS();
    if (lhs->getType()->isPointerType()) {
      const VarDecl *var = rootVar(lhs);
      Binding *bd = binding(var, Binding::Pointer);
      if (!bd)
        return unsupported(e, "a pointer escape (an assignment to a pointer other than a "
                              "__ubuf__ pointer variable of the vector function)");
      if (bo->getOpcode() == BO_Assign) {
        FailureOr<PointerValue> p = pointer(bo->getRHS());
        if (failed(p))
          return failure();
        if (p->memref != bd->memref)
          return unsupported(e, "a pointer variable pointed at another buffer");
        bd->offset = p->offset;
        return success();
      }
      FailureOr<PointerValue> p = offsetBy(PointerValue{bd->memref, bd->offset}, bo->getRHS(),
                                           bo->getOpcode() == BO_SubAssign);
      if (failed(p))
        return failure();
      bd->offset = p->offset;
      return success();
    }
    if (regTypeOf(lhs->getType()) || isMaskType(lhs->getType())) {
      FailureOr<Value> v = reg(bo->getRHS());
      return failed(v) ? failure() : assign(lhs, *v);
    }
    FailureOr<Value> rhs = scalar(bo->getRHS());
    if (failed(rhs))
      return failure();
    if (bo->getOpcode() == BO_Assign)
      return assign(lhs, *rhs);
    // Compound: computed in the computation type, converted back.
    const auto *ca = cast<CompoundAssignOperator>(bo);
    FailureOr<Value> cur = scalar(lhs);
    if (failed(cur))
      return failure();
    QualType ct = ca->getComputationResultType();
    FailureOr<Value> a = convert(*cur, lhs->getType(), ct, e);
    FailureOr<Value> r =
        succeeded(a) ? convert(*rhs, bo->getRHS()->getType(), ct, e) : FailureOr<Value>(failure());
    if (failed(r))
      return failure();
    mlir::Type t = a->getType();
    bool isFloat = isa<mlir::FloatType>(t), uns = isUnsignedScalar(ct);
    Value out;
    switch (bo->getOpcode()) {
    case BO_AddAssign:
      out = isFloat ? Value(arith::AddFOp::create(b, l, *a, *r))
                    : Value(arith::AddIOp::create(b, l, *a, *r));
      break;
    case BO_SubAssign:
      out = isFloat ? Value(arith::SubFOp::create(b, l, *a, *r))
                    : Value(arith::SubIOp::create(b, l, *a, *r));
      break;
    case BO_MulAssign:
      out = isFloat ? Value(arith::MulFOp::create(b, l, *a, *r))
                    : Value(arith::MulIOp::create(b, l, *a, *r));
      break;
    case BO_DivAssign:
      out = isFloat ? Value(arith::DivFOp::create(b, l, *a, *r))
            : uns   ? Value(arith::DivUIOp::create(b, l, *a, *r))
                    : Value(arith::DivSIOp::create(b, l, *a, *r));
      break;
    case BO_AndAssign:
      out = arith::AndIOp::create(b, l, *a, *r);
      break;
    case BO_OrAssign:
      out = arith::OrIOp::create(b, l, *a, *r);
      break;
    case BO_XorAssign:
      out = arith::XOrIOp::create(b, l, *a, *r);
      break;
    case BO_RemAssign:
      if (isFloat)
        return unsupported(e, "the operator '" + bo->getOpcodeStr() + "'");
      out = uns ? Value(arith::RemUIOp::create(b, l, *a, *r))
                : Value(arith::RemSIOp::create(b, l, *a, *r));
      break;
    case BO_ShlAssign:
      // The count was brought to the computation type (the promoted left
      // side), as `x = x << n` does.
      out = arith::ShLIOp::create(b, l, *a, *r);
      break;
    case BO_ShrAssign:
      out = uns ? Value(arith::ShRUIOp::create(b, l, *a, *r))
                : Value(arith::ShRSIOp::create(b, l, *a, *r));
      break;
    default:
      return unsupported(e, "the operator '" + bo->getOpcodeStr() + "'");
    }
    FailureOr<Value> back = convert(out, ct, lhs->getType(), e);
    return failed(back) ? failure() : assign(lhs, *back);
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
      op && op->getOperator() == OO_Equal && op->getNumArgs() == 2) {
    // `mask = UpdateMask<T>(count)`, `regA = regB`: the class's assignment.
    FailureOr<Value> v = reg(op->getArg(1));
    return failed(v) ? failure() : assign(op->getArg(0), *v);
  }
  if (const auto *call = dyn_cast<CallExpr>(e))
    return this->call(call, nullptr);
  if (isa<CXXThrowExpr>(e))
    return unsupported(e, "exceptions (throw)");
  if (isa<DeclRefExpr, IntegerLiteral>(e))
    return success(); // no effect
  return unsupported(e, llvm::Twine("the statement '") + e->getStmtClassName() + "'");
}

} // namespace import
} // namespace ascreg
