//===- TranslateCalls.cpp - a Reg API call -> its ascreg op ---------------===//
//
// The callee's ASCREG_OP annotation says which op, which C++ parameters are
// its operands (`in=`) and results (`out=`), post-update addressing
// (`post=`), the register type of ops without a register operand (`type=`)
// and the attributes (`kind=`, `pred=`, `pattern=`, `round=`), `$NAME`
// naming a template argument of the instantiation. Here only the op's
// builder is chosen by the op name: no Reg API name appears.
//
//===----------------------------------------------------------------------===//
#include "Translator.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/Cast.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace clang;

namespace ascreg {
namespace import {

namespace {

/// The call being translated: its callee, arguments and annotation.
struct CallSite {
  const CallExpr *call;
  const FunctionDecl *callee;
  OpSpec spec;
  std::string name; // for messages

  const Expr *arg(StringRef param) const {
    for (unsigned i = 0, e = callee->getNumParams(); i < e && i < call->getNumArgs(); ++i)
      if (callee->getParamDecl(i)->getName() == param)
        return call->getArg(i);
    return nullptr;
  }
  const TemplateArgument *templateArg(StringRef param) const {
    const FunctionTemplateDecl *t = callee->getPrimaryTemplate();
    const TemplateArgumentList *args = callee->getTemplateSpecializationArgs();
    if (!t || !args)
      return nullptr;
    const TemplateParameterList *params = t->getTemplateParameters();
    for (unsigned i = 0; i < params->size() && i < args->size(); ++i)
      if (params->getParam(i)->getName() == param)
        return &args->get(i);
    return nullptr;
  }
};

/// The enumerator name of an integral template argument of enum type.
std::optional<std::string> enumeratorName(const TemplateArgument &a) {
  if (a.getKind() != TemplateArgument::Integral)
    return std::nullopt;
  const auto *et = a.getIntegralType()->getAs<EnumType>();
  if (!et)
    return std::nullopt;
  for (const EnumConstantDecl *c : et->getDecl()->enumerators())
    if (llvm::APSInt::isSameValue(c->getInitVal(), a.getAsIntegral()))
      return c->getNameAsString();
  return std::nullopt;
}

/// The value of field `name` of a constexpr struct `v` (an enumerator's
/// name for an enum field).
std::optional<std::string> enumField(const APValue &v, const RecordDecl *rd, StringRef name) {
  for (const FieldDecl *f : rd->fields()) {
    if (f->getName() != name || !v.getStructField(f->getFieldIndex()).isInt())
      continue;
    const auto *et = f->getType()->getAs<EnumType>();
    if (!et)
      return std::nullopt;
    for (const EnumConstantDecl *c : et->getDecl()->enumerators())
      if (llvm::APSInt::isSameValue(c->getInitVal(), v.getStructField(f->getFieldIndex()).getInt()))
        return c->getNameAsString();
  }
  return std::nullopt;
}

} // namespace

FailureOr<CastOp> Translator::castOp(const CallExpr *c, const TemplateArgument *trait,
                                     VRegType result, Value src, Value mask) {
  // The constexpr CastTrait: layoutMode -> part, satMode -> sat, roundMode
  // -> round, each only where the pair takes it (as the twin does).
  const auto *var = trait && trait->getKind() == TemplateArgument::Declaration
                        ? dyn_cast<VarDecl>(trait->getAsDecl())
                        : nullptr;
  const APValue *value = var && var->getInit() ? var->evaluateValue() : nullptr;
  const RecordDecl *rd = var ? var->getType()->getAsRecordDecl() : nullptr;
  if (!value || !value->isStruct() || !rd)
    return error(c->getBeginLoc(), "ascreg-import does not translate a Cast whose CastTrait is "
                                   "not a constexpr variable");
  mlir::Location l = loc(c->getBeginLoc());
  semantics::RegType from = toRegType(cast<VRegType>(src.getType())), to = toRegType(result);
  const semantics::CastPairInfo *pair = semantics::findCastPair(to.elem, from.elem);
  RoundModeAttr round;
  SatModeAttr sat;
  CastPartAttr part;
  if (pair && pair->hasRound) {
    std::string r = StringRef(enumField(*value, rd, "roundMode").value_or("")).lower();
    std::optional<RoundMode> m = StringRef(r).starts_with("cast_")
                                     ? symbolizeRoundMode(StringRef(r).drop_front(5))
                                     : std::nullopt;
    if (!m)
      return error(c->getBeginLoc(),
                   "Cast: give the CastTrait a round mode ascreg models (CAST_RINT, CAST_ROUND, "
                   "CAST_FLOOR, CAST_CEIL, CAST_TRUNC, CAST_ODD) for " +
                       semantics::describeCastPair(*pair) + ", not '" + r + "'");
    round = RoundModeAttr::get(ctx, *m);
  }
  if (pair && pair->hasSat)
    sat = SatModeAttr::get(ctx,
                           enumField(*value, rd, "satMode") == "SAT" ? SatMode::on : SatMode::off);
  if (pair && pair->parts) {
    std::string layout = enumField(*value, rd, "layoutMode").value_or("");
    CastPart p = layout == "ONE"     ? CastPart::p1
                 : layout == "TWO"   ? CastPart::p2
                 : layout == "THREE" ? CastPart::p3
                                     : CastPart::p0;
    part = CastPartAttr::get(ctx, p);
  }
  return CastOp::create(b, l, result, src, mask, round, sat, part);
}

LogicalResult Translator::call(const CallExpr *c, Value *result) {
  mlir::Location l = loc(c->getBeginLoc());
  const FunctionDecl *callee = c->getDirectCallee();
  if (!callee)
    return unsupported(c, "an indirect call (through a function pointer or object)");
  if (const auto *m = dyn_cast<CXXMethodDecl>(callee); m && m->isVirtual())
    return unsupported(c, "a virtual call of '" + m->getQualifiedNameAsString() + "'");
  std::string name = callee->getQualifiedNameAsString();
  auto same = [&](const FunctionDecl *f) {
    return f->getCanonicalDecl() == callee->getCanonicalDecl();
  };
  if ((current && same(current)) || llvm::any_of(inlining, same))
    return unsupported(c, "recursion: '" + name + "' calls itself");
  std::optional<std::string> text = annotationOf(callee);
  if (!text && isCalleeFunction(callee))
    return inlineCall(c, callee, result);
  if (!text)
    return unsupported(c, "a call of '" + name +
                              "': only Reg API calls (declarations with an ASCREG_OP "
                              "annotation) and __simd_callee__ functions are translated");
  std::string parseError;
  std::optional<OpSpec> spec = parseOpSpec(*text, parseError);
  if (!spec)
    return error(c->getBeginLoc(), parseError);
  if (spec->op == "unsupported")
    return unsupported(c, "'" + name + "', which ascreg has no op for");
  if (spec->op == "copy_gm_to_ub" || spec->op == "copy_ub_to_gm")
    return unsupported(c, "the GM <-> UB copy '" + name +
                              "' (vector functions take UB buffers: copy outside them)");
  CallSite site{c, callee, *spec, name};

  // Operands, in the op's order.
  llvm::SmallVector<Value> ins;
  llvm::SmallVector<PointerValue> ptrs;
  llvm::SmallVector<const Expr *> inExprs;
  for (const std::string &param : spec->ins) {
    const Expr *a = site.arg(param);
    if (!a)
      return error(c->getBeginLoc(), "the ASCREG_OP annotation of '" + name +
                                         "' names the parameter '" + param +
                                         "', which the call does not pass");
    inExprs.push_back(a);
    QualType t = a->getType();
    if (t->isPointerType() || t->isArrayType()) {
      FailureOr<PointerValue> p = pointer(a);
      if (failed(p))
        return failure();
      ptrs.push_back(*p);
      ins.push_back(Value());
      continue;
    }
    FailureOr<Value> v = (regTypeOf(t) || isMaskType(t)) ? reg(a) : scalar(a);
    if (failed(v))
      return failure();
    ins.push_back(*v);
  }
  auto ptrAt = [&](unsigned i) {
    unsigned k = 0;
    for (unsigned j = 0; j < i; ++j)
      k += !ins[j];
    return ptrs[k];
  };
  // The register type of the first result (from the out argument's type).
  auto outRegType = [&]() -> std::optional<semantics::RegType> {
    if (spec->outs.empty() || spec->outs[0] == "return")
      return regTypeOf(c->getType());
    const Expr *a = site.arg(spec->outs[0]);
    return a ? regTypeOf(a->getType()) : std::nullopt;
  };
  // `type=$T,$regTrait` or `type=bN`.
  auto typeFromSpec = [&]() -> std::optional<semantics::RegType> {
    if (spec->type.empty())
      return std::nullopt;
    StringRef first = spec->type[0];
    if (first.consume_front("b")) {
      unsigned bits = 0;
      if (first.getAsInteger(10, bits))
        return std::nullopt;
      using K = semantics::ElemKind;
      return semantics::RegType{bits == 8 ? K::U8 : bits == 16 ? K::U16 : K::U32, 1};
    }
    const TemplateArgument *ta = site.templateArg(first.drop_front());
    if (!ta || ta->getKind() != TemplateArgument::Type)
      return std::nullopt;
    std::optional<semantics::ElemKind> k = elemKindOf(ta->getAsType());
    if (!k)
      return std::nullopt;
    uint8_t regs = 1;
    if (spec->type.size() > 1) {
      const TemplateArgument *tr = site.templateArg(StringRef(spec->type[1]).drop_front());
      if (tr && tr->getKind() == TemplateArgument::Declaration)
        if (const auto *v = dyn_cast<VarDecl>(tr->getAsDecl()))
          if (const APValue *val = v->evaluateValue(); val && val->isStruct())
            regs = uint8_t(val->getStructField(0).getInt().getExtValue());
    }
    return semantics::RegType{*k, regs};
  };
  // An attribute's spelling: `$NAME` is the template argument's enumerator.
  auto attr = [&](StringRef key) -> std::optional<std::string> {
    auto it = spec->attrs.find(key);
    if (it == spec->attrs.end())
      return std::nullopt;
    StringRef v = it->second;
    if (!v.consume_front("$"))
      return v.str();
    const TemplateArgument *ta = site.templateArg(v);
    return ta ? enumeratorName(*ta) : std::nullopt;
  };
  auto badAttr = [&](StringRef key) {
    return error(c->getBeginLoc(), "'" + name + "': no ascreg spelling of its " + key +
                                       " argument ('" + attr(key).value_or("?") + "')");
  };
  // A scalar operand converted to the bits of a register element.
  auto laneScalar = [&](unsigned i, semantics::RegType rt) -> FailureOr<Value> {
    Value v = ins[i];
    QualType from = inExprs[i]->getType();
    mlir::Type elem = fromRegType(ctx, rt).getElementType();
    if (isa<mlir::FloatType>(elem)) {
      if (!isa<mlir::FloatType>(v.getType()))
        v = isUnsignedScalar(from) ? Value(arith::UIToFPOp::create(b, l, b.getF32Type(), v))
                                   : Value(arith::SIToFPOp::create(b, l, b.getF32Type(), v));
      unsigned have = v.getType().getIntOrFloatBitWidth(), want = elem.getIntOrFloatBitWidth();
      if (v.getType() != elem && elem.isBF16() && !v.getType().isF32())
        v = arith::ExtFOp::create(b, l, b.getF32Type(), v), have = 32;
      if (v.getType() != elem)
        v = have > want ? Value(arith::TruncFOp::create(b, l, elem, v))
                        : Value(arith::ExtFOp::create(b, l, elem, v));
      return v;
    }
    mlir::Type it = b.getIntegerType(elem.getIntOrFloatBitWidth());
    if (isa<mlir::FloatType>(v.getType())) {
      bool uns = !cast<mlir::IntegerType>(elem).isSignless();
      return uns ? Value(arith::FPToUIOp::create(b, l, it, v))
                 : Value(arith::FPToSIOp::create(b, l, it, v));
    }
    unsigned have = v.getType().getIntOrFloatBitWidth(), want = it.getIntOrFloatBitWidth();
    if (have > want)
      return Value(arith::TruncIOp::create(b, l, it, v));
    if (have < want)
      return isUnsignedScalar(from) ? Value(arith::ExtUIOp::create(b, l, it, v))
                                    : Value(arith::ExtSIOp::create(b, l, it, v));
    return v;
  };

  llvm::SmallVector<Value, 2> results;
  mlir::Type maskType = MaskType::get(ctx);
  StringRef op = spec->op;
  if (op == "update_mask" || op == "create_mask") {
    std::optional<semantics::RegType> rt = typeFromSpec();
    if (!rt)
      return error(c->getBeginLoc(), "'" + name + "': its register type is not an element type");
    VRegType type = fromRegType(ctx, *rt);
    if (op == "update_mask") {
      auto o = UpdateMaskOp::create(b, l, maskType, b.getI32Type(), ins[0], type);
      results = {o.getMask(), o.getRest()};
    } else {
      std::optional<MaskPattern> p = symbolizeMaskPattern(attr("pattern").value_or(""));
      if (!p)
        return badAttr("pattern");
      results = {CreateMaskOp::create(b, l, maskType, *p, type)};
    }
  } else if (op == "mask_not") {
    results = {
        MaskNotOp::create(b, l, maskType, ins[0], fromRegType(ctx, {semantics::ElemKind::U8, 1}))};
  } else if (op == "mask_and") {
    results = {MaskAndOp::create(b, l, maskType, ins[0], ins[1])};
  } else if (op == "mask_or") {
    results = {MaskOrOp::create(b, l, maskType, ins[0], ins[1])};
  } else if (op == "load_align") {
    std::optional<semantics::RegType> rt = outRegType();
    if (!rt)
      return unsupported(c, "a load into something other than a register");
    PointerValue p = ptrAt(0);
    results = {LoadAlignOp::create(b, l, fromRegType(ctx, *rt), p.memref, p.offset)};
  } else if (op == "store_align") {
    PointerValue p = ptrAt(1);
    StoreAlignOp::create(b, l, ins[0], p.memref, p.offset, ins[2]);
  } else if (op == "reduce" || op == "reduce_data_block") {
    std::optional<ReduceKind> k = symbolizeReduceKind(StringRef(attr("kind").value_or("")).lower());
    std::optional<semantics::RegType> rt = outRegType();
    if (!k)
      return badAttr("kind");
    if (!rt)
      return unsupported(c, "a reduction into something other than a register");
    auto kind = ReduceKindAttr::get(ctx, *k);
    auto zeroing = MergeModeAttr::get(ctx, MergeMode::zeroing);
    VRegType type = fromRegType(ctx, *rt);
    results = {
        op == "reduce"
            ? ReduceOp::create(b, l, type, kind, ins[0], ins[1], zeroing).getResult()
            : ReduceDataBlockOp::create(b, l, type, kind, ins[0], ins[1], zeroing).getResult()};
  } else if (op == "pair_reduce_sum") {
    results = {PairReduceSumOp::create(b, l, ins[0].getType(), ins[0], ins[1],
                                       MergeModeAttr::get(ctx, MergeMode::zeroing))};
  } else if (op == "gather") {
    PointerValue p = ptrAt(0);
    if (!mlir::matchPattern(p.offset, mlir::m_Zero()))
      return unsupported(inExprs[0], "a gather base other than the start of a __ubuf__ buffer "
                                     "(ascreg.gather indexes from its buffer's first element)");
    std::optional<semantics::RegType> rt = outRegType();
    if (!rt)
      return unsupported(c, "a gather into something other than a register");
    results = {GatherOp::create(b, l, fromRegType(ctx, *rt), p.memref, ins[1], ins[2])};
  } else if (op == "gather_reg") {
    results = {GatherRegOp::create(b, l, ins[0].getType(), ins[0], ins[1])};
  } else if (op == "duplicate" || op == "arange") {
    std::optional<semantics::RegType> rt = outRegType();
    if (!rt)
      return unsupported(c, "a broadcast into something other than a register");
    FailureOr<Value> s = laneScalar(0, *rt);
    if (failed(s))
      return failure();
    VRegType type = fromRegType(ctx, *rt);
    if (op == "arange")
      results = {ArangeOp::create(b, l, type, *s)};
    else
      results = {DuplicateOp::create(b, l, type, *s, ins.size() > 1 ? ins[1] : Value())};
  } else if (op == "compare") {
    std::optional<ComparePredicate> p =
        symbolizeComparePredicate(StringRef(attr("pred").value_or("")).lower());
    if (!p)
      return badAttr("pred");
    results = {CompareOp::create(b, l, maskType, ComparePredicateAttr::get(ctx, *p), ins[0], ins[1],
                                 ins[2])};
  } else if (op == "select") {
    results = {SelectOp::create(b, l, ins[1].getType(), ins[0], ins[1], ins[2])};
  } else if (op == "add") {
    results = {AddOp::create(b, l, ins[0].getType(), ins[0], ins[1], ins[2],
                             MergeModeAttr::get(ctx, MergeMode::zeroing))};
  } else if (op == "max") {
    results = {MaxOp::create(b, l, ins[0].getType(), ins[0], ins[1], ins[2],
                             MergeModeAttr::get(ctx, MergeMode::zeroing))};
  } else if (op == "min") {
    results = {MinOp::create(b, l, ins[0].getType(), ins[0], ins[1], ins[2],
                             MergeModeAttr::get(ctx, MergeMode::zeroing))};
  } else if (op == "shift_left" || op == "shift_right" || op == "shift_lefts" ||
             op == "shift_rights") {
    auto zeroing = MergeModeAttr::get(ctx, MergeMode::zeroing);
    mlir::Type t = ins[0].getType();
    if (op == "shift_left")
      results = {ShiftLeftOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing)};
    else if (op == "shift_right")
      results = {ShiftRightOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing)};
    else {
      // The scalar as the vendor's int16_t (C++'s conversion of the argument).
      FailureOr<Value> s = laneScalar(1, {semantics::ElemKind::I16, 1});
      if (failed(s))
        return failure();
      if (op == "shift_lefts")
        results = {ShiftLeftsOp::create(b, l, t, ins[0], *s, ins[2], zeroing)};
      else
        results = {ShiftRightsOp::create(b, l, t, ins[0], *s, ins[2], zeroing)};
    }
  } else if (op == "truncate") {
    // CAST_NONE is RINT for Truncate (docs/regapi.md).
    std::string r = StringRef(attr("round").value_or("")).lower();
    StringRef spelling = StringRef(r).starts_with("cast_") ? StringRef(r).drop_front(5) : r;
    std::optional<RoundMode> m = symbolizeRoundMode(spelling == "none" ? "rint" : spelling);
    if (!m)
      return badAttr("round");
    results = {
        TruncateOp::create(b, l, ins[0].getType(), ins[0], ins[1], RoundModeAttr::get(ctx, *m))};
  } else if (op == "cast") {
    std::optional<semantics::RegType> rt = outRegType();
    if (!rt)
      return unsupported(c, "a cast into something other than a register");
    // trait=$NAME: the CastTrait template argument itself.
    // (A string, not a StringRef: StringMap::lookup returns a copy.)
    std::string trait = spec->attrs.lookup("trait");
    FailureOr<CastOp> cast = castOp(c, site.templateArg(StringRef(trait).drop_front()),
                                    fromRegType(ctx, *rt), ins[0], ins[1]);
    if (failed(cast))
      return failure();
    results = {*cast};
  } else if (op == "sub" || op == "mul" || op == "and" || op == "or" || op == "xor") {
    auto zeroing = MergeModeAttr::get(ctx, MergeMode::zeroing);
    mlir::Type t = ins[0].getType();
    Value r = op == "sub"   ? Value(SubOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing))
              : op == "mul" ? Value(MulOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing))
              : op == "and" ? Value(AndOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing))
              : op == "or"  ? Value(OrOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing))
                            : Value(XorOp::create(b, l, t, ins[0], ins[1], ins[2], zeroing));
    results = {r};
  } else if (op == "abs" || op == "not") {
    auto zeroing = MergeModeAttr::get(ctx, MergeMode::zeroing);
    mlir::Type t = ins[0].getType();
    results = {op == "abs" ? Value(AbsOp::create(b, l, t, ins[0], ins[1], zeroing))
                           : Value(NotOp::create(b, l, t, ins[0], ins[1], zeroing))};
  } else if (op == "adds" || op == "muls" || op == "maxs" || op == "mins" || op == "compares") {
    // The scalar converted to the register's element type, as C++ converts
    // the call's argument.
    auto t = cast<VRegType>(ins[0].getType());
    FailureOr<Value> s = laneScalar(1, toRegType(t));
    if (failed(s))
      return failure();
    auto zeroing = MergeModeAttr::get(ctx, MergeMode::zeroing);
    if (op == "compares") {
      std::optional<ComparePredicate> p =
          symbolizeComparePredicate(StringRef(attr("pred").value_or("")).lower());
      if (!p)
        return badAttr("pred");
      results = {ComparesOp::create(b, l, maskType, ComparePredicateAttr::get(ctx, *p), ins[0], *s,
                                    ins[2])};
    } else {
      results = {op == "adds"   ? Value(AddsOp::create(b, l, t, ins[0], *s, ins[2], zeroing))
                 : op == "muls" ? Value(MulsOp::create(b, l, t, ins[0], *s, ins[2], zeroing))
                 : op == "maxs" ? Value(MaxsOp::create(b, l, t, ins[0], *s, ins[2], zeroing))
                                : Value(MinsOp::create(b, l, t, ins[0], *s, ins[2], zeroing))};
    }
  } else if (op == "duplicate_lane") {
    results = {DuplicateLaneOp::create(b, l, ins[0].getType(), ins[0], ins[1])};
  } else if (op == "store_first") {
    // The C form without a mask: the op ignores its mask, any will do.
    Value mask = ins.size() > 2 ? ins[2]
                                : Value(CreateMaskOp::create(b, l, maskType, MaskPattern::ALLF,
                                                             cast<VRegType>(ins[0].getType())));
    PointerValue p = ptrAt(1);
    StoreFirstOp::create(b, l, ins[0], p.memref, p.offset, mask);
  } else if (op == "governed_mask_not") {
    results = {GovernedMaskNotOp::create(b, l, maskType, ins[0], ins[1])};
  } else if (op == "governed_mask") {
    std::optional<MaskLogicKind> k = symbolizeMaskLogicKind(attr("kind").value_or(""));
    if (!k)
      return badAttr("kind");
    results = {GovernedMaskOp::create(b, l, maskType, MaskLogicKindAttr::get(ctx, *k), ins[0],
                                      ins[1], ins[2])};
  } else {
    return unsupported(c, "'" + name + "' (its op '" + op + "' is not translated yet)");
  }

  // The vendor's governing mask: result & mask.
  if (spec->governed && !results.empty())
    results[0] = MaskAndOp::create(b, l, maskType, results[0], ins.back());

  // Results to the out parameters (or the call's value).
  for (auto [i, param] : llvm::enumerate(spec->outs)) {
    if (i >= results.size())
      break;
    if (param == "return") {
      if (result)
        *result = results[i];
      continue;
    }
    const Expr *a = site.arg(param);
    if (!a || failed(assign(a, results[i])))
      return failure();
  }
  // Post-update addressing: the pointer advances after the access.
  if (!spec->postPointer.empty()) {
    const Expr *p = site.arg(spec->postPointer), *s = site.arg(spec->postStride);
    const VarDecl *var = p ? rootVar(p) : nullptr;
    Binding *bd = binding(var, Binding::Pointer);
    if (!bd || !s)
      return unsupported(c, "post-update addressing of something other than a __ubuf__ "
                            "pointer variable");
    FailureOr<PointerValue> next = offsetBy(PointerValue{bd->memref, bd->offset}, s, false);
    if (failed(next))
      return failure();
    bd->offset = next->offset;
  }
  return success();
}

} // namespace import
} // namespace ascreg
