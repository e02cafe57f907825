//===- Translator.cpp - functions, statements and control flow ------------===//
//
// Counted `for` loops become scf.for, `if` becomes scf.if; the variables a
// loop or branch writes and that are read later (or read before written in
// the loop's next iteration) are carried as iter_args / results. A loop
// whose body subscripts a register array with constant bounds is unrolled
// (registers are SSA values: an array element needs a constant index).
//
//===----------------------------------------------------------------------===//
#include "Translator.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace clang;
namespace scf = mlir::scf;

namespace ascreg {
namespace import {

Translator::Translator(ASTContext &ast, mlir::ModuleOp module)
    : ast(ast), ctx(module.getContext()), module(module), b(module.getContext()) {}

mlir::Location Translator::loc(SourceLocation l) {
  const SourceManager &sm = ast.getSourceManager();
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
  if (p.isInvalid())
    return mlir::UnknownLoc::get(ctx);
  return mlir::FileLineColLoc::get(ctx, p.getFilename(), p.getLine(), p.getColumn());
}

mlir::InFlightDiagnostic Translator::error(SourceLocation l, const llvm::Twine &message) {
  return mlir::emitError(loc(l), message);
}

LogicalResult Translator::unsupported(const Stmt *s, const llvm::Twine &what) {
  return error(s->getBeginLoc(), "ascreg-import does not translate " + what);
}

bool Translator::isVecScope(const IfStmt *s) {
  if (!s->isConstexpr())
    return false;
  const auto *ref = dyn_cast<DeclRefExpr>(s->getCond()->IgnoreParenImpCasts());
  return ref && ref->getDecl()->getQualifiedNameAsString() == "ascreg::twin::kVecScope";
}

//===----------------------------------------------------------------------===//
// Which variables a statement reads and writes
//===----------------------------------------------------------------------===//

namespace {

/// The annotation of a call's callee, if any.
std::optional<OpSpec> specOf(const CallExpr *c) {
  const FunctionDecl *f = c->getDirectCallee();
  std::optional<std::string> text = f ? annotationOf(f) : std::nullopt;
  std::string err;
  return text ? parseOpSpec(*text, err) : std::nullopt;
}

/// The arguments a call writes: its annotation's `out=` and `post=`
/// parameters (else every non-const lvalue reference).
bool writesArg(const CallExpr *c, unsigned i) {
  const FunctionDecl *f = c->getDirectCallee();
  if (!f || i >= f->getNumParams())
    return false;
  if (std::optional<OpSpec> spec = specOf(c)) {
    std::string name = f->getParamDecl(i)->getNameAsString();
    return llvm::is_contained(spec->outs, name) || spec->postPointer == name;
  }
  QualType t = f->getParamDecl(i)->getType();
  return t->isLValueReferenceType() && !t.getNonReferenceType().isConstQualified();
}
/// ... and those it also reads (an out parameter of the annotation that is
/// not an `in`: a pure write).
bool pureWriteArg(const CallExpr *c, unsigned i) {
  const FunctionDecl *f = c->getDirectCallee();
  std::optional<OpSpec> spec = specOf(c);
  if (!spec || i >= f->getNumParams())
    return false;
  std::string name = f->getParamDecl(i)->getNameAsString();
  return llvm::is_contained(spec->outs, name) && !llvm::is_contained(spec->ins, name) &&
         spec->postPointer != name;
}

const Expr *stripLV(const Expr *e) {
  e = e->IgnoreParens();
  while (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e))
    e = m->getSubExpr()->IgnoreParens();
  return e;
}

/// Every variable written by `s`.
void collectWrites(const Stmt *s, VarSet &out) {
  if (!s)
    return;
  auto add = [&](const Expr *e) {
    if (const VarDecl *v = Translator::rootVar(e))
      out.insert(v);
  };
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp())
    add(bo->getLHS());
  if (const auto *u = dyn_cast<UnaryOperator>(s); u && u->isIncrementDecrementOp())
    add(u->getSubExpr());
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s); op && op->isAssignmentOp())
    add(op->getArg(0));
  else if (const auto *c = dyn_cast<CallExpr>(s))
    for (unsigned i = 0; i < c->getNumArgs(); ++i)
      if (writesArg(c, i))
        add(c->getArg(i));
  for (const Stmt *child : s->children())
    collectWrites(child, out);
}

enum class Access { None, Read, Write };

/// The first access of `v` in `s` in evaluation order. Writes inside a
/// conditional or loop body do not count as first (they may not happen).
Access firstAccess(const Stmt *s, const VarDecl *v, bool definite = true) {
  if (!s)
    return Access::None;
  auto isV = [&](const Expr *e) {
    const auto *ref = dyn_cast<DeclRefExpr>(stripLV(e));
    return ref && ref->getDecl() == v;
  };
  auto seq = [&](std::initializer_list<const Stmt *> parts, bool def) {
    for (const Stmt *p : parts)
      if (Access a = firstAccess(p, v, def); a != Access::None)
        return a;
    return Access::None;
  };
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->getOpcode() == BO_Assign) {
    if (Access a = firstAccess(bo->getRHS(), v, definite); a != Access::None)
      return a;
    if (isV(bo->getLHS()))
      return definite ? Access::Write : Access::None;
    return firstAccess(bo->getLHS(), v, definite);
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(s); op && op->getOperator() == OO_Equal) {
    if (Access a = firstAccess(op->getArg(1), v, definite); a != Access::None)
      return a;
    if (isV(op->getArg(0)))
      return definite ? Access::Write : Access::None;
    return firstAccess(op->getArg(0), v, definite);
  }
  if (const auto *c = dyn_cast<CallExpr>(s); c && !isa<CXXOperatorCallExpr>(s)) {
    bool written = false;
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      if (isV(c->getArg(i)) && pureWriteArg(c, i)) {
        written = true;
        continue;
      }
      if (Access a = firstAccess(c->getArg(i), v, definite); a != Access::None)
        return a;
    }
    return written && definite ? Access::Write : Access::None;
  }
  if (const auto *i = dyn_cast<IfStmt>(s)) {
    if (Access a = firstAccess(i->getCond(), v, definite); a != Access::None)
      return a;
    bool def = definite && Translator::isVecScope(i);
    return seq({i->getThen(), i->getElse()}, def);
  }
  if (const auto *f = dyn_cast<ForStmt>(s)) {
    if (Access a = seq({f->getInit(), f->getCond()}, definite); a != Access::None)
      return a;
    return seq({f->getBody(), f->getInc()}, false);
  }
  if (const auto *d = dyn_cast<DeclRefExpr>(s))
    return d->getDecl() == v ? Access::Read : Access::None;
  for (const Stmt *child : s->children())
    if (Access a = firstAccess(child, v, definite); a != Access::None)
      return a;
  return Access::None;
}

/// True if `v` is referenced in `s` outside the source range of `except`.
bool usedOutside(const Stmt *s, const Stmt *except, const VarDecl *v) {
  if (!s || s == except)
    return false;
  if (const auto *d = dyn_cast<DeclRefExpr>(s); d && d->getDecl() == v)
    return true;
  for (const Stmt *child : s->children())
    if (usedOutside(child, except, v))
      return true;
  return false;
}

/// True if `s` refers to `v`.
bool refersTo(const Stmt *s, const VarDecl *v) {
  if (!s)
    return false;
  if (const auto *d = dyn_cast<DeclRefExpr>(s); d && d->getDecl() == v)
    return true;
  for (const Stmt *child : s->children())
    if (refersTo(child, v))
      return true;
  return false;
}

/// The first `return` in `s`, if any.
const ReturnStmt *findReturn(const Stmt *s) {
  if (!s)
    return nullptr;
  if (const auto *r = dyn_cast<ReturnStmt>(s))
    return r;
  for (const Stmt *child : s->children())
    if (const ReturnStmt *r = findReturn(child))
      return r;
  return nullptr;
}

/// True if the function body `s` has a return other than its last statement.
bool returnsEarly(const Stmt *s) {
  const auto *body = dyn_cast_or_null<CompoundStmt>(s);
  if (!body)
    return findReturn(s) != nullptr;
  for (const Stmt *child : body->body())
    if (child != body->body_back() || !isa<ReturnStmt>(child))
      if (findReturn(child))
        return true;
  return false;
}

/// A statement that may return writes the return slots.
void addReturnSlots(const VarDecl *flag, const VarDecl *value, VarSet &written) {
  for (const VarDecl *v : {flag, value})
    if (v)
      written.insert(v);
}

/// True if `s` subscripts a register array with an index that depends on
/// `iv` (the loop is unrolled).
bool subscriptsRegisterArray(const Stmt *s, const VarDecl *iv, Env &env) {
  if (!s)
    return false;
  if (const auto *a = dyn_cast<ArraySubscriptExpr>(s))
    if (const VarDecl *v = Translator::rootVar(a->getBase())) {
      auto it = env.find(v);
      if (it != env.end() && it->second.kind == Binding::RegArray && refersTo(a->getIdx(), iv))
        return true;
    }
  for (const Stmt *child : s->children())
    if (subscriptsRegisterArray(child, iv, env))
      return true;
  return false;
}

} // namespace

//===----------------------------------------------------------------------===//
// Carried state
//===----------------------------------------------------------------------===//

namespace {
/// The values of the carried variables, flattened (a pointer carries its
/// offset, a register array its elements).
llvm::SmallVector<Value> flatten(Translator &t, llvm::ArrayRef<const VarDecl *> vars,
                                 mlir::Location l) {
  llvm::SmallVector<Value> out;
  for (const VarDecl *v : vars) {
    Binding &bd = t.env[v];
    switch (bd.kind) {
    case Binding::Scalar:
    case Binding::Reg:
      if (!bd.value)
        bd.value = t.zeroOf(bd.type, l);
      out.push_back(bd.value);
      break;
    case Binding::Pointer:
      out.push_back(bd.offset);
      break;
    case Binding::RegArray:
      for (Value &e : bd.elems) {
        if (!e)
          e = t.zeroOf(bd.type, l);
        out.push_back(e);
      }
      break;
    }
  }
  return out;
}
void unflatten(Translator &t, llvm::ArrayRef<const VarDecl *> vars, mlir::ValueRange values) {
  unsigned k = 0;
  for (const VarDecl *v : vars) {
    Binding &bd = t.env[v];
    if (bd.kind == Binding::Pointer)
      bd.offset = values[k++];
    else if (bd.kind == Binding::RegArray)
      for (Value &e : bd.elems)
        e = values[k++];
    else
      bd.value = values[k++];
  }
}

/// An scf.if on `cond` that carries the variables of `written` bound here:
/// each branch starts from their values before the if and yields their
/// values at its end; the if's results rebind them. One construction for
/// `if` statements and for the rest of a block after an early return, so
/// the two cannot drift apart.
LogicalResult carriedIf(Translator &t, Value cond, const VarSet &written, mlir::Location l,
                        llvm::function_ref<LogicalResult()> thenBranch,
                        llvm::function_ref<LogicalResult()> elseBranch) {
  llvm::SmallVector<const VarDecl *> carried;
  for (const VarDecl *v : written)
    if (t.env.count(v))
      carried.push_back(v);
  llvm::SmallVector<Value> before = flatten(t, carried, l);
  auto ifOp = scf::IfOp::create(t.b, l, mlir::ValueRange(before).getTypes(), cond,
                                /*withElseRegion=*/true);
  for (auto [region, branch] :
       {std::pair{&ifOp.getThenRegion(), thenBranch}, {&ifOp.getElseRegion(), elseBranch}}) {
    unflatten(t, carried, before);
    mlir::OpBuilder::InsertionGuard guard(t.b);
    mlir::Block &block = region->front();
    if (!block.empty())
      block.back().erase(); // the implicit yield of an op without results
    t.b.setInsertionPointToEnd(&block);
    if (failed(branch()))
      return failure();
    scf::YieldOp::create(t.b, l, flatten(t, carried, l));
  }
  unflatten(t, carried, ifOp.getResults());
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

namespace {
/// `for (T i = a; i < b; ++i)` and its variants.
struct CountedLoop {
  const VarDecl *iv = nullptr;
  const Expr *lower = nullptr, *upper = nullptr;
  bool inclusive = false;
  int64_t step = 1;
};

std::optional<CountedLoop> matchCounted(const ForStmt *f, ASTContext &ast) {
  CountedLoop loop;
  const auto *init = dyn_cast_or_null<DeclStmt>(f->getInit());
  if (!init || !init->isSingleDecl())
    return std::nullopt;
  loop.iv = dyn_cast<VarDecl>(init->getSingleDecl());
  if (!loop.iv || !loop.iv->getInit() || !loop.iv->getType()->isIntegerType())
    return std::nullopt;
  loop.lower = loop.iv->getInit();
  const auto *cond = dyn_cast_or_null<BinaryOperator>(f->getCond());
  if (!cond ||
      (cond->getOpcode() != BO_LT && cond->getOpcode() != BO_LE && cond->getOpcode() != BO_NE))
    return std::nullopt;
  if (Translator::rootVar(cond->getLHS()) != loop.iv ||
      !isa<DeclRefExpr>(cond->getLHS()->IgnoreParenImpCasts()))
    return std::nullopt;
  loop.upper = cond->getRHS();
  loop.inclusive = cond->getOpcode() == BO_LE;
  const Expr *inc = f->getInc() ? f->getInc()->IgnoreParens() : nullptr;
  if (const auto *u = dyn_cast_or_null<UnaryOperator>(inc);
      u && u->isIncrementOp() && Translator::rootVar(u->getSubExpr()) == loop.iv)
    return loop;
  if (const auto *ca = dyn_cast_or_null<CompoundAssignOperator>(inc);
      ca && ca->getOpcode() == BO_AddAssign && Translator::rootVar(ca->getLHS()) == loop.iv) {
    Expr::EvalResult r;
    if (ca->getRHS()->EvaluateAsInt(r, ast) && r.Val.getInt().isStrictlyPositive() &&
        cond->getOpcode() != BO_NE) {
      loop.step = r.Val.getInt().getExtValue();
      return loop;
    }
  }
  return std::nullopt;
}
} // namespace

LogicalResult Translator::stmt(const Stmt *s) {
  if (!s || isa<NullStmt>(s))
    return success();
  mlir::Location l = loc(s->getBeginLoc());
  if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
    llvm::SmallVector<const Stmt *> children(cs->body());
    return statements(children);
  }
  if (const auto *ds = dyn_cast<DeclStmt>(s)) {
    for (const Decl *d : ds->decls()) {
      const auto *v = dyn_cast<VarDecl>(d);
      if (!v) {
        if (isa<TypedefNameDecl, UsingDecl, UsingDirectiveDecl, StaticAssertDecl>(d))
          continue;
        return error(d->getLocation(), "ascreg-import does not translate this declaration");
      }
      // A constexpr object (a CastTrait): used through template arguments.
      if (v->isConstexpr() && !scalarType(v->getType()))
        continue;
      if (v->isStaticLocal() && !v->isConstexpr())
        return error(v->getLocation(),
                     "ascreg-import does not translate the static local '" + v->getName() + "'");
      QualType t = v->getType();
      Binding bd;
      bd.cxxType = t;
      if (const auto *at = ast.getAsConstantArrayType(t)) {
        std::optional<semantics::RegType> rt = regTypeOf(at->getElementType());
        if (!rt && !isMaskType(at->getElementType()))
          return error(v->getLocation(), "ascreg-import does not translate the local array '" +
                                             v->getName() +
                                             "' (only arrays of registers; UB buffers are "
                                             "parameters of the vector function)");
        bd.kind = Binding::RegArray;
        bd.type = rt ? mlir::Type(fromRegType(ctx, *rt)) : mlir::Type(MaskType::get(ctx));
        bd.elems.resize(at->getSize().getZExtValue());
        if (v->getInit() && !isa<CXXConstructExpr, InitListExpr>(v->getInit()))
          return error(v->getLocation(), "ascreg-import does not translate an initialised "
                                         "register array");
        env[v] = bd;
        continue;
      }
      if (t->isReferenceType())
        return error(v->getLocation(), "ascreg-import does not translate the reference '" +
                                           v->getName() + "' (pointer escape)");
      if (t->isPointerType()) {
        if (!v->getInit())
          return error(v->getLocation(), "a __ubuf__ pointer needs an initialiser");
        FailureOr<PointerValue> p = pointer(v->getInit());
        if (failed(p))
          return failure();
        bd.kind = Binding::Pointer;
        bd.memref = p->memref;
        bd.offset = p->offset;
        env[v] = bd;
        continue;
      }
      std::optional<semantics::RegType> rt = regTypeOf(t);
      if (rt || isMaskType(t)) {
        bd.kind = Binding::Reg;
        bd.type = rt ? mlir::Type(fromRegType(ctx, *rt)) : mlir::Type(MaskType::get(ctx));
        env[v] = bd;
        const Expr *init = v->getInit();
        if (const auto *ce = dyn_cast_or_null<CXXConstructExpr>(init); ce && ce->getNumArgs() == 0)
          continue; // default: unassigned (a zero register if read)
        if (init) {
          FailureOr<Value> val = reg(init);
          if (failed(val))
            return failure();
          env[v].value = *val;
        }
        continue;
      }
      bd.type = scalarType(t);
      if (!bd.type)
        return error(v->getLocation(), "ascreg-import does not translate the variable '" +
                                           v->getName() + "' of type '" + t.getAsString() + "'");
      bd.kind = Binding::Scalar;
      env[v] = bd;
      if (v->getInit()) {
        FailureOr<Value> val = scalar(v->getInit());
        if (failed(val))
          return failure();
        env[v].value = *val;
      }
    }
    return success();
  }
  if (const auto *e = dyn_cast<Expr>(s))
    return sideEffect(e);
  if (const auto *i = dyn_cast<IfStmt>(s)) {
    if (i->getInit() || i->getConditionVariable())
      return unsupported(s, "an if with an initialiser or a condition variable");
    // Constant conditions (if constexpr, __VEC_SCOPE__): the branch taken.
    bool value;
    if (!i->getCond()->isValueDependent() && i->getCond()->EvaluateAsBooleanCondition(value, ast))
      return stmt(value ? i->getThen() : i->getElse());
    FailureOr<Value> cond = scalar(i->getCond());
    if (failed(cond))
      return failure();
    VarSet written;
    collectWrites(i->getThen(), written);
    collectWrites(i->getElse(), written);
    if (findReturn(i))
      addReturnSlots(returns.flag, returns.value, written);
    return carriedIf(
        *this, *cond, written, l, [&] { return stmt(i->getThen()); },
        [&] { return stmt(i->getElse()); });
  }
  if (const auto *f = dyn_cast<ForStmt>(s))
    return forLoop(f);
  if (const auto *r = dyn_cast<ReturnStmt>(s)) {
    if (const Expr *value = r->getRetValue()) {
      if (!returns.value && value->getType()->isVoidType())
        return sideEffect(value); // `return f();` of a void f
      if (!returns.value)
        return unsupported(s, "a return with a value (vector functions return void)");
      const Binding slot = env[returns.value];
      FailureOr<Value> v = slot.kind == Binding::Reg ? reg(value) : scalar(value);
      if (succeeded(v) && slot.kind == Binding::Scalar)
        v = convert(*v, value->getType(), slot.cxxType, value);
      if (failed(v))
        return failure();
      env[returns.value].value = *v;
    }
    if (returns.flag)
      env[returns.flag].value = arith::ConstantOp::create(b, l, b.getBoolAttr(true));
    return success();
  }
  if (isa<WhileStmt, DoStmt>(s))
    return unsupported(s, "an unbounded while loop (write a counted for loop)");
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(s))
    return unsupported(s, "goto and labels");
  if (isa<CXXTryStmt>(s))
    return unsupported(s, "exceptions (try)");
  if (isa<BreakStmt, ContinueStmt>(s))
    return unsupported(s, "break and continue (loops must be counted)");
  if (isa<SwitchStmt>(s))
    return unsupported(s, "a switch statement");
  if (isa<CXXForRangeStmt>(s))
    return unsupported(s, "a range-based for loop");
  return unsupported(s, llvm::Twine("the statement '") + s->getStmtClassName() + "'");
}

//===----------------------------------------------------------------------===//
// Early returns
//===----------------------------------------------------------------------===//
//
// `if (n == 0) return x; ... return y;` in a callee: the return sets the
// flag (and the value); the rest of every enclosing block runs under
// `scf.if (flag)` whose then-branch passes the variables through. A return
// inside a loop would leave it early: an error (forLoop).

const VarDecl *Translator::syntheticVar(const FunctionDecl *owner, StringRef name, QualType t,
                                        Binding binding) {
  auto *dc = owner ? static_cast<DeclContext *>(const_cast<FunctionDecl *>(owner))
                   : static_cast<DeclContext *>(ast.getTranslationUnitDecl());
  auto *v = VarDecl::Create(ast, dc, SourceLocation(), SourceLocation(), &ast.Idents.get(name), t,
                            nullptr, SC_None);
  binding.cxxType = t;
  env[v] = binding;
  return v;
}

LogicalResult Translator::beginReturns(const FunctionDecl *owner, QualType result, const Stmt *body,
                                       const Stmt *at) {
  returns = ReturnSlot();
  mlir::Location l = loc(at->getBeginLoc());
  if (!result->isVoidType()) {
    Binding bd;
    bd.kind = Binding::Reg;
    if (std::optional<semantics::RegType> rt = regTypeOf(result)) {
      bd.type = fromRegType(ctx, *rt);
    } else if (isMaskType(result)) {
      bd.type = MaskType::get(ctx);
    } else {
      bd.kind = Binding::Scalar;
      bd.type = scalarType(result);
    }
    if (!bd.type)
      return unsupported(at, "a call of a __simd_callee__ returning '" + result.getAsString() +
                                 "' (a register, a mask or a scalar)");
    returns.value = syntheticVar(owner, "__ascreg_return_value", result, bd);
  }
  if (returnsEarly(body)) {
    Binding bd;
    bd.kind = Binding::Scalar;
    bd.type = b.getI1Type();
    bd.value = arith::ConstantOp::create(b, l, b.getBoolAttr(false));
    returns.flag = syntheticVar(owner, "__ascreg_returned", ast.BoolTy, bd);
  }
  return success();
}

LogicalResult Translator::statements(llvm::ArrayRef<const Stmt *> rest) {
  for (size_t k = 0; k < rest.size(); ++k) {
    if (failed(stmt(rest[k])))
      return failure();
    if (!returns.flag || k + 1 == rest.size() || !findReturn(rest[k]))
      continue;
    Value flag = env[returns.flag].value;
    if (auto c = flag.getDefiningOp<arith::ConstantOp>()) {
      if (mlir::cast<mlir::IntegerAttr>(c.getValue()).getValue().isOne())
        return success(); // returned: the rest does not run
      continue;
    }
    // The rest, when no return ran.
    llvm::ArrayRef<const Stmt *> tail = rest.drop_front(k + 1);
    mlir::Location l = loc(tail.front()->getBeginLoc());
    VarSet written;
    for (const Stmt *t : tail) {
      collectWrites(t, written);
      if (findReturn(t))
        addReturnSlots(returns.flag, returns.value, written);
    }
    return carriedIf(
        *this, flag, written, l, [] { return success(); }, // returned: pass through
        [&] { return statements(tail); });
  }
  return success();
}

LogicalResult Translator::forLoop(const ForStmt *f) {
  mlir::Location l = loc(f->getBeginLoc());
  if (const ReturnStmt *r = findReturn(f->getBody()))
    return unsupported(r, "a return inside a loop (it leaves the loop early: the loop is not "
                          "counted)");
  std::optional<CountedLoop> counted = matchCounted(f, ast);
  if (!counted)
    return unsupported(f, "a non-counted for loop (it must be `for (T i = a; i < b; ++i)`, "
                          "`<=`, `!=`, or `i += constant`)");
  VarSet written;
  collectWrites(f->getBody(), written);
  if (written.count(counted->iv))
    return unsupported(f, "a for loop whose body writes its loop variable (not a counted loop)");
  for (const Expr *bound : {counted->upper})
    if (const VarDecl *v = rootVar(bound); v && written.count(v))
      return unsupported(bound, "a loop bound the loop body writes (not a counted loop)");

  QualType ivType = counted->iv->getType();
  // Loops over register arrays: unrolled with constant bounds.
  if (subscriptsRegisterArray(f->getBody(), counted->iv, env)) {
    Expr::EvalResult lo, hi;
    if (!counted->lower->EvaluateAsInt(lo, ast) || !counted->upper->EvaluateAsInt(hi, ast))
      return unsupported(f, "a loop that subscripts a register array with non-constant bounds "
                            "(it is unrolled)");
    int64_t first = lo.Val.getInt().getExtValue(), last = hi.Val.getInt().getExtValue();
    if (counted->inclusive)
      ++last;
    if ((last - first) / counted->step > 1024)
      return unsupported(f, "a loop over a register array of more than 1024 iterations");
    for (int64_t k = first; k < last; k += counted->step) {
      Binding bd;
      bd.kind = Binding::Scalar;
      bd.type = scalarType(ivType);
      bd.cxxType = ivType;
      bd.value = arith::ConstantOp::create(b, l, b.getIntegerAttr(bd.type, k));
      env[counted->iv] = bd;
      if (failed(stmt(f->getBody())))
        return failure();
    }
    return success();
  }

  // Bounds, converted as the comparison converts them.
  const auto *cond = cast<BinaryOperator>(f->getCond());
  QualType cmpType = cond->getLHS()->getType();
  FailureOr<Value> lower = scalar(counted->lower);
  FailureOr<Value> lowerC = succeeded(lower)
                                ? convert(*lower, counted->lower->getType(), ivType, counted->lower)
                                : FailureOr<Value>(failure());
  FailureOr<Value> upper = succeeded(lowerC) ? scalar(cond->getRHS()) : FailureOr<Value>(failure());
  if (failed(upper))
    return failure();
  FailureOr<Value> lowerCmp = convert(*lowerC, ivType, cmpType, counted->lower);
  if (failed(lowerCmp))
    return failure();
  bool uns = isUnsignedScalar(cmpType);
  Value lb = toIndex(*lowerCmp, uns, l), ub = toIndex(*upper, uns, l);
  if (counted->inclusive)
    ub = arith::AddIOp::create(b, l, ub, constantIndex(1, l));
  Value step = constantIndex(counted->step, l);

  // Carried: written in the body and read before written there, or used
  // outside the loop.
  llvm::SmallVector<const VarDecl *> carried;
  llvm::SmallVector<std::pair<const VarDecl *, Binding>> restore;
  for (const VarDecl *v : written) {
    if (!env.count(v))
      continue; // declared inside the loop
    if (firstAccess(f->getBody(), v) == Access::Read || usedOutside(currentBody, f, v))
      carried.push_back(v);
    else
      restore.push_back({v, env[v]});
  }
  llvm::SmallVector<Value> init = flatten(*this, carried, l);
  auto forOp = scf::ForOp::create(b, l, lb, ub, step, init);
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    mlir::Block *body = forOp.getBody();
    if (!body->empty())
      body->back().erase(); // the implicit yield
    b.setInsertionPointToEnd(body);
    unflatten(*this, carried, forOp.getRegionIterArgs());
    Binding iv;
    iv.kind = Binding::Scalar;
    iv.type = scalarType(ivType);
    iv.cxxType = ivType;
    iv.value = arith::IndexCastOp::create(b, l, iv.type, forOp.getInductionVar());
    env[counted->iv] = iv;
    if (failed(stmt(f->getBody())))
      return failure();
    scf::YieldOp::create(b, l, flatten(*this, carried, l));
  }
  unflatten(*this, carried, forOp.getResults());
  for (auto &[v, bd] : restore)
    env[v] = bd;
  env.erase(counted->iv);
  return success();
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

namespace {
mlir::func::FuncOp newFunction(Translator &t, mlir::Location l, StringRef symbol,
                               llvm::ArrayRef<mlir::Type> params) {
  mlir::OpBuilder::InsertionGuard guard(t.b);
  t.b.setInsertionPointToEnd(t.module.getBody());
  auto fn = mlir::func::FuncOp::create(t.b, l, symbol, t.b.getFunctionType(params, {}));
  fn.addEntryBlock();
  return fn;
}
} // namespace

LogicalResult Translator::parameter(const VarDecl *p, mlir::Type &type, Binding &bd) {
  QualType t = p->getType();
  bd.cxxType = t;
  // A UB pointer, or a __ubuf__ array a __VEC_SCOPE__ block uses.
  const auto *array = ast.getAsConstantArrayType(t);
  if (t->isPointerType() || (array && memoryType(array->getElementType()))) {
    mlir::Type elem = memoryType(array ? array->getElementType() : t->getPointeeType());
    if (!elem)
      return error(p->getLocation(), "ascreg-import does not translate the parameter '" +
                                         p->getName() + "' of type '" + t.getAsString() +
                                         "' (a UB pointer to an element type)");
    int64_t size = array ? int64_t(array->getSize().getZExtValue()) : mlir::ShapedType::kDynamic;
    type = mlir::MemRefType::get({size}, elem);
    bd.kind = Binding::Pointer;
    return success();
  }
  if (std::optional<semantics::RegType> rt = regTypeOf(t); rt && !t->isReferenceType()) {
    type = fromRegType(ctx, *rt);
    bd.kind = Binding::Reg;
  } else if (isMaskType(t) && !t->isReferenceType()) {
    type = MaskType::get(ctx);
    bd.kind = Binding::Reg;
  } else if (mlir::Type st = scalarType(t); st && !t->isReferenceType()) {
    type = st;
    bd.kind = Binding::Scalar;
  } else {
    return error(p->getLocation(), "ascreg-import does not translate the parameter '" +
                                       p->getName() + "' of type '" + t.getAsString() + "'");
  }
  bd.type = type;
  return success();
}

LogicalResult Translator::body(mlir::func::FuncOp fn, llvm::ArrayRef<const VarDecl *> params,
                               llvm::ArrayRef<Binding> bindings, const Stmt *s) {
  env.clear();
  mlir::Block &entry = fn.getBody().front();
  b.setInsertionPointToStart(&entry);
  mlir::Location l = fn.getLoc();
  Value zero;
  for (auto [i, p] : llvm::enumerate(params)) {
    Binding bd = bindings[i];
    if (bd.kind == Binding::Pointer) {
      if (!zero)
        zero = constantIndex(0, l);
      bd.memref = entry.getArgument(i);
      bd.offset = zero;
    } else {
      bd.value = entry.getArgument(i);
    }
    env[p] = bd;
  }
  currentBody = s;
  if (failed(beginReturns(nullptr, ast.VoidTy, s, s)) || failed(stmt(s)))
    return failure();
  mlir::func::ReturnOp::create(b, l);
  return success();
}

LogicalResult Translator::function(const FunctionDecl *fn, StringRef symbol) {
  current = fn;
  llvm::SmallVector<const VarDecl *> params;
  if (!fn->getReturnType()->isVoidType())
    return error(fn->getLocation(), "ascreg-import does not translate '" +
                                        fn->getQualifiedNameAsString() +
                                        "': vector functions return void");
  params.append(fn->param_begin(), fn->param_end());
  return emit(loc(fn->getLocation()), symbol, params, fn->getBody());
}

LogicalResult Translator::emit(mlir::Location l, StringRef symbol,
                               llvm::ArrayRef<const VarDecl *> params, const Stmt *s) {
  llvm::SmallVector<mlir::Type> types;
  llvm::SmallVector<Binding> bindings;
  for (const VarDecl *p : params) {
    mlir::Type t;
    Binding bd;
    if (failed(parameter(p, t, bd)))
      return failure();
    types.push_back(t);
    bindings.push_back(bd);
  }
  return body(newFunction(*this, l, symbol, types), params, bindings, s);
}

LogicalResult Translator::inlineCall(const CallExpr *c, const FunctionDecl *callee, Value *result) {
  const FunctionDecl *def = nullptr;
  const Stmt *calleeBody = callee->getBody(def);
  std::string name = callee->getQualifiedNameAsString();
  if (!calleeBody)
    return unsupported(c, "a call of the __simd_callee__ '" + name +
                              "', whose body is not in "
                              "the file");
  if (inlining.size() >= 32)
    return unsupported(c, "__simd_callee__ calls nested more than 32 deep");
  // The arguments, in the caller.
  llvm::SmallVector<std::pair<const VarDecl *, Binding>> params;
  llvm::SmallVector<std::pair<const Expr *, const VarDecl *>> copyBack;
  for (unsigned i = 0; i < def->getNumParams(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(i);
    const Expr *a = c->getArg(i);
    QualType t = p->getType(), vt = t.getNonReferenceType();
    Binding bd;
    bd.cxxType = vt.getUnqualifiedType();
    if (vt->isPointerType() && !t->isReferenceType()) {
      FailureOr<PointerValue> ptr = pointer(a);
      if (failed(ptr))
        return failure();
      bd.kind = Binding::Pointer;
      bd.memref = ptr->memref;
      bd.offset = ptr->offset;
    } else if (regTypeOf(vt) || isMaskType(vt)) {
      FailureOr<Value> v = reg(a);
      if (failed(v))
        return failure();
      bd.kind = Binding::Reg;
      bd.type = v->getType();
      bd.value = *v;
    } else if (mlir::Type st = scalarType(vt)) {
      FailureOr<Value> v = scalar(a);
      if (succeeded(v))
        v = convert(*v, a->getType().getNonReferenceType(), vt, a);
      if (failed(v))
        return failure();
      bd.kind = Binding::Scalar;
      bd.type = st;
      bd.value = *v;
    } else {
      return unsupported(a, "the argument of the __simd_callee__ parameter '" + p->getName() +
                                "' of type '" + t.getAsString() + "'");
    }
    if (t->isLValueReferenceType() && !vt.isConstQualified())
      copyBack.push_back({a, p});
    params.push_back({p, bd});
  }
  // The body, in place, with the callee's variables fresh for this call.
  for (auto &[p, bd] : params)
    env[p] = bd;
  const Stmt *savedBody = currentBody;
  ReturnSlot savedReturns = returns;
  currentBody = calleeBody;
  inlining.push_back(def);
  LogicalResult r = beginReturns(def, def->getReturnType(), calleeBody, c);
  if (succeeded(r))
    r = stmt(calleeBody);
  Value returned;
  if (succeeded(r) && returns.value) {
    Binding &slot = env[returns.value];
    returned = slot.value ? slot.value : zeroOf(slot.type, loc(c->getBeginLoc()));
  }
  inlining.pop_back();
  currentBody = savedBody;
  returns = savedReturns;
  if (failed(r))
    return failure();
  // References: each parameter's final value back to the caller's lvalue.
  llvm::SmallVector<std::pair<const Expr *, Value>> results;
  for (auto [arg, p] : copyBack) {
    Binding &bd = env[p];
    results.push_back({arg, bd.value ? bd.value : zeroOf(bd.type, loc(c->getBeginLoc()))});
  }
  env.remove_if([&](const auto &entry) {
    return entry.first->getDeclContext() == static_cast<const DeclContext *>(def);
  });
  for (auto [arg, v] : results)
    if (failed(assign(arg, v)))
      return failure();
  if (result)
    *result = returned;
  return success();
}

LogicalResult Translator::vecScope(const FunctionDecl *owner, const Stmt *block, StringRef symbol) {
  current = owner;
  // The parameters: the variables of `owner` the block uses, in order.
  llvm::SmallVector<const VarDecl *> params;
  std::function<void(const Stmt *)> uses = [&](const Stmt *s) {
    if (!s)
      return;
    if (const auto *d = dyn_cast<DeclRefExpr>(s))
      if (const auto *v = dyn_cast<VarDecl>(d->getDecl());
          v && v->isLocalVarDeclOrParm() && !llvm::is_contained(params, v)) {
        SourceRange r = block->getSourceRange();
        SourceLocation at = v->getLocation();
        const SourceManager &sm = ast.getSourceManager();
        if (sm.isBeforeInTranslationUnit(at, r.getBegin()) ||
            sm.isBeforeInTranslationUnit(r.getEnd(), at))
          params.push_back(v);
      }
    for (const Stmt *c : s->children())
      uses(c);
  };
  uses(block);
  return emit(loc(block->getBeginLoc()), symbol, params, block);
}

} // namespace import
} // namespace ascreg
