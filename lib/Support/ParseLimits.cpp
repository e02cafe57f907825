//===- ParseLimits.cpp - input checks before a recursive parser -----------===//
//
// Lexical scans, one pass each, that stop at the first place a text breaks a
// limit of ParseLimits.h. They over-approximate the grammar (a token that
// only looks like an affine operator counts) so that no input reaches a
// recursion deeper than the limits.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Support/ParseLimits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace ascreg {
namespace {

bool isBareIdChar(char c) { return isAlnum(c) || c == '_' || c == '$' || c == '.'; }
bool isSuffixIdChar(char c) { return isBareIdChar(c) || c == '-'; }

/// The end of the string literal that starts at `text[at]` (the closing
/// quote, or the end of the text).
size_t skipString(StringRef text, size_t at) {
  for (++at; at < text.size() && text[at] != '"'; ++at)
    if (text[at] == '\\')
      ++at;
  return std::min(at, text.size());
}

/// Brackets open and the affine operators pending in each: the affine
/// parser's recursion is one frame per operator of the expression it is in,
/// over every enclosing parenthesis (an operator chain resumes after `)`).
class Nesting {
public:
  /// A bracket opens at `at`; `(` continues the expression around it, any
  /// other bracket ends it.
  std::optional<ParseLimitViolation> open(size_t at, bool continuesExpression) {
    if (!continuesExpression)
      endExpression();
    if (pendingAt.size() > kMaxNesting)
      return ParseLimitViolation{at, "brackets nest more than " + std::to_string(kMaxNesting) +
                                         " deep here (MLIR's parser would overflow its stack on "
                                         "deep nesting)"};
    pendingAt.push_back(0);
    return std::nullopt;
  }
  void close(bool continuesExpression) {
    if (pendingAt.size() > 1) {
      pending -= pendingAt.back();
      pendingAt.pop_back();
    }
    if (!continuesExpression)
      endExpression();
  }
  std::optional<ParseLimitViolation> addOperator(size_t at) {
    ++pendingAt.back();
    if (++pending > kMaxAffineOperators)
      return ParseLimitViolation{
          at, "an affine expression has more than " + std::to_string(kMaxAffineOperators) +
                  " operators pending here (MLIR's affine parser recurses once per operator and "
                  "would overflow its stack)"};
    return std::nullopt;
  }
  /// A token that cannot be part of an affine expression.
  void endExpression() {
    pending -= pendingAt.back();
    pendingAt.back() = 0;
  }

private:
  SmallVector<unsigned, 16> pendingAt{0}; // [0]: outside every bracket
  unsigned pending = 0;
};

/// `%name#N`: the use at `at` names result N; N may not exceed
/// kMaxResultNumber. Returns the last character of the use.
std::optional<ParseLimitViolation> scanValueUse(StringRef text, size_t at, size_t &last) {
  size_t i = at;
  while (i + 1 < text.size() && isSuffixIdChar(text[i + 1]))
    ++i;
  last = i;
  if (i + 2 >= text.size() || text[i + 1] != '#' || !isDigit(text[i + 2]))
    return std::nullopt;
  size_t begin = i + 2, end = begin;
  while (end < text.size() && isDigit(text[end]))
    ++end;
  last = end - 1;
  StringRef digits = text.slice(begin, end);
  uint64_t n = 0;
  if (digits.size() > 12 || digits.getAsInteger(10, n) || n > kMaxResultNumber)
    return ParseLimitViolation{at, "result number " + digits.str() + " of " +
                                       text.slice(at, begin - 1).str() + " is larger than " +
                                       std::to_string(kMaxResultNumber) +
                                       " (MLIR's parser would allocate that many placeholders)"};
  return std::nullopt;
}

} // namespace

std::optional<ParseLimitViolation> findParseLimitViolation(StringRef text) {
  Nesting nesting;
  // Inside the file metadata `{-# ... #-}`, whose strings include the pass
  // pipeline of a crash reproducer (ascreg-opt --run-reproducer).
  bool inMetadata = false;
  size_t n = text.size();
  auto next = [&](size_t i) { return i + 1 < n ? text[i + 1] : '\0'; };
  for (size_t i = 0; i < n; ++i) {
    char c = text[i];
    std::optional<ParseLimitViolation> violation;
    switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
      break;
    case '(':
      violation = nesting.open(i, /*continuesExpression=*/true);
      break;
    case '[':
    case '{':
      inMetadata |= text.substr(i, 3) == "{-#";
      violation = nesting.open(i, false);
      break;
    case '<':
      if (next(i) == '=') // an integer set's <=
        nesting.endExpression(), ++i;
      else
        violation = nesting.open(i, false);
      break;
    case ')':
      nesting.close(/*continuesExpression=*/true);
      break;
    case ']':
    case '}':
      nesting.close(false);
      break;
    case '>':
      if (next(i) == '=') // >=
        nesting.endExpression(), ++i;
      else
        nesting.close(false);
      break;
    case '-':
      if (next(i) == '>') // ->
        nesting.endExpression(), ++i;
      else
        violation = nesting.addOperator(i);
      break;
    case '+':
    case '*':
      violation = nesting.addOperator(i);
      break;
    case '/':
      if (next(i) == '/') { // a comment: blank to the parser
        while (i < n && text[i] != '\n')
          ++i;
      } else {
        nesting.endExpression();
      }
      break;
    case '"': {
      size_t begin = i + 1;
      i = skipString(text, i);
      nesting.endExpression();
      if (inMetadata)
        if (auto v = findPipelineLimitViolation(text.slice(begin, i)))
          violation = ParseLimitViolation{begin + v->offset, v->message};
      break;
    }
    case '%': // a value: an operand of an affine expression of SSA ids
      violation = scanValueUse(text, i, i);
      break;
    case '#':
      if (text.substr(i, 3) == "#-}") {
        inMetadata = false;
        break;
      }
      [[fallthrough]];
    case '!':
    case '@':
    case '^': // an alias, type, symbol or block name (may contain '-')
      nesting.endExpression();
      while (isSuffixIdChar(next(i)))
        ++i;
      break;
    default:
      if (isDigit(c)) { // a number; a float's exponent sign is not an operator
        bool isFloat = false;
        while (isBareIdChar(next(i)))
          isFloat |= text[++i] == '.';
        if (isFloat && (text[i] == 'e' || text[i] == 'E') && (next(i) == '+' || next(i) == '-')) {
          ++i;
          while (isDigit(next(i)))
            ++i;
        }
      } else if (isAlpha(c) || c == '_') { // a bare identifier or keyword
        size_t begin = i;
        while (isBareIdChar(next(i)))
          ++i;
        StringRef word = text.slice(begin, i + 1);
        if (word == "floordiv" || word == "ceildiv" || word == "mod")
          violation = nesting.addOperator(begin);
      } else {
        nesting.endExpression();
      }
    }
    if (violation)
      return violation;
  }
  return std::nullopt;
}

std::optional<ParseLimitViolation> findPipelineLimitViolation(StringRef pipeline) {
  unsigned depth = 0;
  for (size_t i = 0; i < pipeline.size(); ++i) {
    char c = pipeline[i];
    if (c == '(' || c == '{' || c == '[') {
      if (++depth > kMaxNesting)
        return ParseLimitViolation{i, "the pass pipeline nests more than " +
                                          std::to_string(kMaxNesting) +
                                          " deep (MLIR's pipeline parser would overflow its "
                                          "stack)"};
    } else if (c == ')' || c == '}' || c == ']') {
      depth -= depth > 0;
    }
  }
  return std::nullopt;
}

std::optional<ParseLimitViolation> findJsonLimitViolation(StringRef json) {
  unsigned depth = 0;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (c == '"') {
      i = skipString(json, i);
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxNesting)
        return ParseLimitViolation{i, "JSON nests more than " + std::to_string(kMaxNesting) +
                                          " deep here (the JSON parser would overflow its "
                                          "stack)"};
    } else if (c == ']' || c == '}') {
      depth -= depth > 0;
    }
  }
  return std::nullopt;
}

mlir::LogicalResult checkParseLimits(const SourceMgr &sm, mlir::MLIRContext *ctx) {
  unsigned id = sm.getMainFileID();
  const MemoryBuffer *buffer = sm.getMemoryBuffer(id);
  StringRef text = buffer->getBuffer();
  std::optional<ParseLimitViolation> violation = findParseLimitViolation(text);
  if (!violation)
    return mlir::success();
  auto [line, col] =
      sm.getLineAndColumn(SMLoc::getFromPointer(text.data() + violation->offset), id);
  return mlir::emitError(mlir::FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), line, col))
         << violation->message;
}

mlir::LogicalResult checkPipelineLimits(StringRef pipeline, std::string &error) {
  std::optional<ParseLimitViolation> violation = findPipelineLimitViolation(pipeline);
  if (!violation)
    return mlir::success();
  error = violation->message + " at character " + std::to_string(violation->offset + 1);
  return mlir::failure();
}

std::pair<unsigned, unsigned> lineAndColumn(StringRef text, size_t offset) {
  StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
  return {unsigned(before.count('\n') + 1), unsigned(offset - lineStart + 1)};
}

} // namespace ascreg
