//===- ParseLimits.h - input checks before MLIR's parser ---------*- C++ -*-===//
//
// MLIR 22's parser ends the process on two kinds of input that are only
// typos or garbage:
//   - a use `%name#N` of result N of a value not defined yet makes it
//     allocate N + 1 placeholders, so `%v#2147483647` ends in "LLVM ERROR:
//     out of memory" (found by fuzzing; the same class as llvm-project issue
//     181266);
//   - its recursive descent overflows the stack on deep nesting: 7,000
//     nested `[` (a 14 KB file) kill ascreg-opt with SIGSEGV in the Release
//     build, fewer under ASan (found by the coverage-guided interpreter
//     fuzzer).
// ascreg's entry points that parse (ascreg-opt, ascreg-run,
// ascreg-translate's translations, the Python API, the fuzz targets) run this
// check first and report a located error instead; the language server hands
// its documents to MLIR's LSP driver, which has no hook before parsing.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_PARSELIMITS_H
#define ASCREG_SUPPORT_PARSELIMITS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>

namespace ascreg {

/// The largest result number a value use may name (no ascreg kernel comes
/// near: ops have a handful of results).
inline constexpr uint64_t kMaxResultNumber = 65535;

/// The deepest nesting of brackets ( [ { < the parser is given: 25 times
/// below the depth that overflows the Release build's 8 MB stack, far above
/// any kernel (a loop nest adds one `{` per loop).
inline constexpr unsigned kMaxNesting = 256;

/// Checks the main buffer of `sm` before it is parsed, outside comments and
/// string literals: every use `%name#N` has N <= kMaxResultNumber, and
/// brackets nest at most kMaxNesting deep. Emits an error at the first place
/// that breaks a limit (on `ctx`'s diagnostic handlers).
inline mlir::LogicalResult checkParseLimits(const llvm::SourceMgr &sm, mlir::MLIRContext *ctx) {
  unsigned id = sm.getMainFileID();
  const llvm::MemoryBuffer *buffer = sm.getMemoryBuffer(id);
  llvm::StringRef text = buffer->getBuffer();
  auto isIdChar = [](char c) {
    return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
  };
  auto locAt = [&](size_t at) {
    auto [line, col] = sm.getLineAndColumn(llvm::SMLoc::getFromPointer(text.data() + at), id);
    return mlir::FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), line, col);
  };
  unsigned depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxNesting)
        return mlir::emitError(locAt(i))
               << "brackets nest more than " << kMaxNesting
               << " deep here (MLIR's parser would overflow its stack on deep nesting)";
    } else if (c == ')' || c == ']' || c == '}' ||
               (c == '>' && !(i > 0 && text[i - 1] == '-') &&
                !(i + 1 < text.size() && text[i + 1] == '='))) { // (not -> or >=)
      depth -= depth > 0;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') { // a comment
      while (i < text.size() && text[i] != '\n')
        ++i;
    } else if (c == '"') { // a string literal
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '%') {
      size_t at = i;
      while (i + 1 < text.size() && isIdChar(text[i + 1]))
        ++i;
      if (i + 2 >= text.size() || text[i + 1] != '#' || !llvm::isDigit(text[i + 2]))
        continue;
      size_t begin = i + 2, end = begin;
      while (end < text.size() && llvm::isDigit(text[end]))
        ++end;
      llvm::StringRef digits = text.slice(begin, end);
      uint64_t n = 0;
      if (digits.size() > 12 || digits.getAsInteger(10, n) || n > kMaxResultNumber) {
        return mlir::emitError(locAt(at))
               << "result number " << digits << " of " << text.slice(at, begin - 1)
               << " is larger than " << kMaxResultNumber
               << " (MLIR's parser would allocate that many placeholders)";
      }
      i = end - 1;
    }
  }
  return mlir::success();
}

} // namespace ascreg

#endif // ASCREG_SUPPORT_PARSELIMITS_H
