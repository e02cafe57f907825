//===- Translator.h - Clang AST of a vector function -> ascreg --*- C++ -*-===//
//
// The state of translating one C++ function (or __VEC_SCOPE__ block) into
// an ascreg func.func: the builder, and for every C++ variable its current
// SSA value (variables are SSA values, loop-carried through scf.for
// iter_args and scf.if results). Statements and functions: Translator.cpp;
// Reg API calls: TranslateCalls.cpp; scalar C++ and types:
// TranslateScalars.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_IMPORT_TRANSLATOR_H
#define ASCREG_LIB_IMPORT_TRANSLATOR_H

#include "OpTable.h"

#include "ascreg/Dialect/AscReg/IR/AscRegOps.h"
#include "ascreg/Semantics/Semantics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace ascreg {
namespace import {

// The MLIR names the translator's sources spell unqualified (beside the
// Clang AST's), declared once for all of them.
using mlir::failure;
using mlir::FailureOr;
using mlir::LogicalResult;
using mlir::success;
using mlir::Value;
namespace arith = mlir::arith;

/// What a C++ variable holds.
struct Binding {
  enum Kind { Scalar, Reg, Pointer, RegArray } kind = Scalar;
  mlir::Type type;    // scalar, register or mask type (RegArray: of the elements)
  mlir::Value value;  // Scalar, Reg: null until assigned
  mlir::Value memref; // Pointer: the UB buffer and the element offset
  mlir::Value offset;
  llvm::SmallVector<mlir::Value> elems; // RegArray
  clang::QualType cxxType;
};

/// A `__ubuf__ T*` value: a buffer and an element offset (index).
struct PointerValue {
  mlir::Value memref, offset;
};

using Env = llvm::MapVector<const clang::VarDecl *, Binding>;
using VarSet = llvm::SetVector<const clang::VarDecl *>;

class Translator {
public:
  Translator(clang::ASTContext &ast, mlir::ModuleOp module);

  /// Translates `fn` (its body) into func.func @symbol.
  mlir::LogicalResult function(const clang::FunctionDecl *fn, llvm::StringRef symbol);
  /// Translates a __VEC_SCOPE__ block of `owner`: the variables it uses from
  /// outside become the parameters.
  mlir::LogicalResult vecScope(const clang::FunctionDecl *owner, const clang::Stmt *block,
                               llvm::StringRef symbol);

  // Diagnostics and locations (at the user's file:line:col).
  mlir::Location loc(clang::SourceLocation l);
  mlir::InFlightDiagnostic error(clang::SourceLocation l, const llvm::Twine &message);
  mlir::LogicalResult unsupported(const clang::Stmt *s, const llvm::Twine &what);

  // Types (TranslateScalars.cpp).
  std::optional<semantics::RegType> regTypeOf(clang::QualType t);
  bool isMaskType(clang::QualType t);
  /// i1/iN/f16/bf16/f32 of a C++ scalar type; null if it is none.
  mlir::Type scalarType(clang::QualType t);
  bool isUnsignedScalar(clang::QualType t);
  /// The memref element type of a `T*` pointee; null if none.
  mlir::Type memoryType(clang::QualType pointee);
  std::optional<semantics::ElemKind> elemKindOf(clang::QualType t);

  // Expressions (TranslateScalars.cpp).
  mlir::FailureOr<mlir::Value> scalar(const clang::Expr *e);
  /// True if `e` reads a variable that is not usable in constant
  /// expressions (so Clang cannot fold it); memoized, so a long expression
  /// is walked once, not once per operand.
  bool readsRuntimeVariable(const clang::Expr *e);
  mlir::FailureOr<PointerValue> pointer(const clang::Expr *e);
  mlir::FailureOr<mlir::Value> reg(const clang::Expr *e);
  /// The element of a register array a constant subscript names.
  mlir::FailureOr<mlir::Value *> registerSlot(const clang::ArraySubscriptExpr *sub, Binding &array);
  /// The variable's binding (of `kind`); null if it has none.
  Binding *binding(const clang::VarDecl *v);
  Binding *binding(const clang::VarDecl *v, Binding::Kind kind);
  /// `base` advanced by the C++ integer `count` elements (or back).
  mlir::FailureOr<PointerValue> offsetBy(mlir::FailureOr<PointerValue> base,
                                         const clang::Expr *count, bool subtract);
  mlir::Value toIndex(mlir::Value v, bool isUnsigned, mlir::Location l);
  mlir::Value constantIndex(int64_t v, mlir::Location l);
  /// Converts `v` of C++ type `from` to `to` (the C++ conversion rules).
  mlir::FailureOr<mlir::Value> convert(mlir::Value v, clang::QualType from, clang::QualType to,
                                       const clang::Expr *at);
  /// Writes `v` to the lvalue `lhs` (a variable, a register array element,
  /// a reference cast of a register, a UB element).
  mlir::LogicalResult assign(const clang::Expr *lhs, mlir::Value v);
  /// Evaluates an expression statement (assignments, ++/--, calls).
  mlir::LogicalResult sideEffect(const clang::Expr *e);
  /// A zero of `type` (an unassigned register or scalar read).
  mlir::Value zeroOf(mlir::Type type, mlir::Location l);

  // Reg API calls (TranslateCalls.cpp). `result`: the call's value, if any.
  mlir::LogicalResult call(const clang::CallExpr *c, mlir::Value *result);
  /// A call of a `__simd_callee__` function, inlined: its parameters bound
  /// to the arguments (non-const references copied back at the end), its
  /// body translated in place, `return e;` at its end as the call's value.
  mlir::LogicalResult inlineCall(const clang::CallExpr *c, const clang::FunctionDecl *callee,
                                 mlir::Value *result);
  mlir::FailureOr<CastOp> castOp(const clang::CallExpr *c, const clang::TemplateArgument *trait,
                                 VRegType result, mlir::Value src, mlir::Value mask);

  // Statements (Translator.cpp).
  mlir::LogicalResult stmt(const clang::Stmt *s);
  mlir::LogicalResult forLoop(const clang::ForStmt *f);
  mlir::LogicalResult parameter(const clang::VarDecl *p, mlir::Type &type, Binding &binding);
  mlir::LogicalResult emit(mlir::Location l, llvm::StringRef symbol,
                           llvm::ArrayRef<const clang::VarDecl *> params, const clang::Stmt *s);
  mlir::LogicalResult body(mlir::func::FuncOp fn, llvm::ArrayRef<const clang::VarDecl *> params,
                           llvm::ArrayRef<Binding> bindings, const clang::Stmt *s);

  /// The variable an lvalue expression names (through parentheses, casts
  /// and subscripts); null if none.
  static const clang::VarDecl *rootVar(const clang::Expr *e);
  /// True for `if constexpr (ascreg::twin::kVecScope)`.
  static bool isVecScope(const clang::IfStmt *s);

  clang::ASTContext &ast;
  mlir::MLIRContext *ctx;
  mlir::ModuleOp module;
  mlir::OpBuilder b;
  Env env;
  /// The function being translated (recursion checks).
  const clang::FunctionDecl *current = nullptr;
  const clang::Stmt *currentBody = nullptr;
  /// The __simd_callee__ functions being inlined, innermost last.
  llvm::SmallVector<const clang::FunctionDecl *> inlining;

  /// How the innermost function being translated returns: variables of our
  /// own (not in the C++ source), carried through scf.if like any other.
  /// `value` holds what `return e;` gave (a callee with a result); `flag`,
  /// when the body returns anywhere but at its end, is true once a return
  /// has run: the statements after one that may return run under
  /// `scf.if (!flag)` (Translator.cpp, "Early returns").
  struct ReturnSlot {
    const clang::VarDecl *flag = nullptr;
    const clang::VarDecl *value = nullptr;
  } returns;
  /// A variable of ours of C++ type `t`, bound in `env` to `binding`.
  const clang::VarDecl *syntheticVar(const clang::FunctionDecl *owner, llvm::StringRef name,
                                     clang::QualType t, Binding binding);
  /// Starts `returns` for the body of `owner` (null: a vector function)
  /// returning `result`: a flag if it returns before its end. `at`: where
  /// an unsupported result type is reported.
  mlir::LogicalResult beginReturns(const clang::FunctionDecl *owner, clang::QualType result,
                                   const clang::Stmt *body, const clang::Stmt *at);
  /// The statements of a block from `rest` on, after one that may return.
  mlir::LogicalResult statements(llvm::ArrayRef<const clang::Stmt *> rest);
  llvm::DenseMap<const clang::Stmt *, bool> runtimeReads;
};

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_TRANSLATOR_H
