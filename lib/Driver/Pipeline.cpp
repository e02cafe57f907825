//===- Pipeline.cpp - the one way a pass pipeline text is read --*- C++ -*-===//
#include "ascreg/Driver/Pipeline.h"

#include "ascreg/Support/ParseLimits.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace ascreg {
namespace driver {

bool isModuleAnchored(StringRef text) { return text.starts_with(kModuleAnchor); }

std::string anchorOnModule(StringRef text) {
  if (isModuleAnchored(text))
    return text.str();
  return (kModuleAnchor + text + ")").str();
}

FailureOr<StringRef> passListOf(StringRef text, std::string &error) {
  StringRef whole = text;
  if (!text.consume_front(kModuleAnchor))
    return text;
  if (!text.consume_back(")")) {
    error = "unbalanced parentheses in '" + whole.str() + "'";
    return failure();
  }
  return text;
}

FailureOr<OpPassManager> parsePipeline(StringRef text, std::string &error) {
  if (failed(checkPipelineLimits(text, error)))
    return failure();
  llvm::raw_string_ostream os(error);
  return parsePassPipeline(anchorOnModule(text), os);
}

} // namespace driver
} // namespace ascreg
