//===- PipelineSplit.cpp - a textual pass pipeline, one pass per stage ----===//
//
// Bisection runs a pipeline one pass at a time, each pass as a pipeline of
// its own with its anchors: "func.func(cse,canonicalize)" becomes
// "func.func(cse)" and "func.func(canonicalize)". The text is scanned once,
// iteratively: brackets are matched in one pass with a stack, and the
// nested pipelines are walked with an explicit stack of anchors, so a
// pipeline nested tens of thousands deep costs time linear in its length
// (plus the size of the stages it splits into) and no native stack.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Pipeline.h"
#include "ascreg/Support/ParseLimits.h"

using namespace mlir;

namespace ascreg {
namespace driver {

namespace {

constexpr size_t kNone = ~size_t(0);

/// For every opening bracket ((, {, [) and opening quote of `text`, the
/// index of the character that closes it (brackets of any kind nest as one
/// kind, as MLIR's pipeline lexer counts them); kNone elsewhere. Fails on a
/// bracket or quote that is never closed or closes nothing.
FailureOr<std::vector<size_t>> matchBrackets(StringRef text, std::string &error) {
  std::vector<size_t> close(text.size(), kNone);
  std::vector<size_t> open;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"' || c == '\'') {
      size_t end = text.find(c, i + 1);
      if (end == StringRef::npos) {
        error = "unterminated quote at offset " + std::to_string(i);
        return failure();
      }
      close[i] = end;
      i = end;
    } else if (c == '(' || c == '{' || c == '[') {
      open.push_back(i);
    } else if (c == ')' || c == '}' || c == ']') {
      if (open.empty()) {
        error = std::string("unbalanced '") + c + "' at offset " + std::to_string(i);
        return failure();
      }
      close[open.back()] = i;
      open.pop_back();
    }
  }
  if (!open.empty()) {
    error = std::string("unbalanced '") + text[open.back()] + "' at offset " +
            std::to_string(open.back());
    return failure();
  }
  return close;
}

/// A nested pipeline being split: its text [pos, end) and the length the
/// anchor prefix had before it was opened.
struct Frame {
  size_t pos, end, prefixBefore;
};

} // namespace

FailureOr<std::vector<std::string>> splitPipeline(StringRef pipeline, std::string &error) {
  if (failed(checkPipelineLimits(pipeline, error))) // before MLIR's parser recurses on it
    return failure();
  FailureOr<StringRef> list = passListOf(pipeline.trim(), error);
  if (failed(list))
    return failure();
  StringRef text = *list;
  auto matched = matchBrackets(text, error);
  if (failed(matched)) {
    error = "the pipeline does not parse: " + error;
    return failure();
  }
  const std::vector<size_t> &close = *matched;
  auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };

  std::vector<std::string> passes;
  std::string prefix; // the open anchors, "func.func(any("
  std::vector<Frame> stack{{0, text.size(), 0}};
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (f.pos >= f.end) {
      prefix.resize(f.prefixBefore);
      stack.pop_back();
      continue;
    }
    // The next element of this level: up to a comma outside brackets.
    size_t begin = f.pos, end = begin;
    while (end < f.end && text[end] != ',')
      end = close[end] != kNone ? close[end] + 1 : end + 1;
    f.pos = end + 1;
    while (begin < end && isSpace(text[begin]))
      ++begin;
    while (end > begin && isSpace(text[end - 1]))
      --end;
    if (begin == end)
      continue;
    // "anchor(nested)": a name, then a bracket group that ends the element
    // ("pass{options}" and anything else is one pass).
    size_t open = begin;
    while (open < end && text[open] != '(' && text[open] != '{')
      open = close[open] != kNone ? close[open] + 1 : open + 1;
    if (open < end && text[open] == '(' && close[open] == end - 1) {
      size_t before = prefix.size();
      prefix.append(text.data() + begin, open - begin + 1);
      stack.push_back({open + 1, end - 1, before}); // invalidates f
      continue;
    }
    std::string pass = prefix;
    pass.append(text.data() + begin, end - begin);
    pass.append(stack.size() - 1, ')');
    passes.push_back(std::move(pass));
  }
  if (passes.empty()) {
    error = "the pipeline '" + pipeline.str() + "' has no pass";
    return failure();
  }
  return passes;
}

} // namespace driver
} // namespace ascreg
