//===- OpTable.cpp - the ASCREG_OP annotation of a Reg API call -----------===//
#include "OpTable.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace ascreg {
namespace import {

namespace {
constexpr llvm::StringLiteral kOpPrefix = "ascreg.op=";

/// The annotations of `fn` and of its template pattern (an instantiation
/// may not copy them).
template <class Fn> void forEachAnnotation(const FunctionDecl *fn, Fn &&visit) {
  for (const FunctionDecl *d :
       {fn, static_cast<const FunctionDecl *>(fn->getTemplateInstantiationPattern())}) {
    if (!d)
      continue;
    for (const auto *a : d->specific_attrs<AnnotateAttr>())
      if (visit(a->getAnnotation()))
        return;
  }
}
} // namespace

std::optional<std::string> annotationOf(const FunctionDecl *fn) {
  std::optional<std::string> found;
  forEachAnnotation(fn, [&](StringRef text) {
    if (!text.starts_with(kOpPrefix))
      return false;
    found = text.drop_front(kOpPrefix.size()).str();
    return true;
  });
  return found;
}

bool isVectorFunction(const FunctionDecl *fn) {
  bool found = false;
  forEachAnnotation(fn, [&](StringRef text) { return found = text == "ascreg.vf"; });
  return found;
}

bool isCalleeFunction(const FunctionDecl *fn) {
  bool found = false;
  forEachAnnotation(fn, [&](StringRef text) { return found = text == "ascreg.callee"; });
  return found;
}

std::optional<OpSpec> parseOpSpec(StringRef text, std::string &error) {
  llvm::SmallVector<StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  if (words.empty()) {
    error = "an empty ascreg.op annotation";
    return std::nullopt;
  }
  OpSpec spec;
  spec.op = words.front().str();
  auto list = [](StringRef v, llvm::SmallVector<std::string> &into) {
    llvm::SmallVector<StringRef> items;
    v.split(items, ',', -1, /*KeepEmpty=*/false);
    for (StringRef i : items)
      into.push_back(i.str());
  };
  for (StringRef w : llvm::drop_begin(words)) {
    if (w == "governed") {
      spec.governed = true;
      continue;
    }
    auto [key, value] = w.split('=');
    if (value.empty()) {
      error = ("the ascreg.op annotation '" + text + "' has a word without a value: " + w).str();
      return std::nullopt;
    }
    if (key == "out") {
      list(value, spec.outs);
    } else if (key == "in") {
      list(value, spec.ins);
    } else if (key == "type") {
      list(value, spec.type);
    } else if (key == "post") {
      auto [ptr, stride] = value.split(',');
      spec.postPointer = ptr.str();
      spec.postStride = stride.str();
    } else {
      spec.attrs[key] = value.str();
    }
  }
  return spec;
}

} // namespace import
} // namespace ascreg
