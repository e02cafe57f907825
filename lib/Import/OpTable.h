//===- OpTable.h - the ASCREG_OP annotation of a Reg API call ---*- C++ -*-===//
//
// The twin's declarations carry `[[clang::annotate("ascreg.op=...")]]`
// (docs/regapi.md, "The op table"): the one table mapping a Reg API call to
// an ascreg op. This parses one annotation.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_IMPORT_OPTABLE_H
#define ASCREG_LIB_IMPORT_OPTABLE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace ascreg {
namespace import {

/// One parsed `ascreg.op=<op> [governed] [key=value ...]`.
struct OpSpec {
  std::string op;        // "reduce", "unsupported", ...
  bool governed = false; // result = mask_and(op(...), last `in` mask)
  llvm::SmallVector<std::string> outs, ins;
  std::string postPointer, postStride; // post=PTR,STRIDE
  llvm::SmallVector<std::string> type; // type=$T,$regTrait | type=b32
  llvm::StringMap<std::string> attrs;  // kind=, pred=, pattern=, round=, trait=
};

/// The annotation string of `fn` (or of the template it was instantiated
/// from), none if it has none.
std::optional<std::string> annotationOf(const clang::FunctionDecl *fn);

/// True for a function marked `__simd_vf__` (annotate("ascreg.vf")).
bool isVectorFunction(const clang::FunctionDecl *fn);

/// True for a function marked `__simd_callee__` (annotate("ascreg.callee")):
/// a function a vector function calls, inlined at each call.
bool isCalleeFunction(const clang::FunctionDecl *fn);

/// Parses the text after "ascreg.op="; an error message on bad syntax.
std::optional<OpSpec> parseOpSpec(llvm::StringRef text, std::string &error);

} // namespace import
} // namespace ascreg

#endif // ASCREG_LIB_IMPORT_OPTABLE_H
