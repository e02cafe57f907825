//===- Pipeline.h - the one way a pass pipeline text is read -----*- C++ -*-===//
//
// Every front door that takes a pass pipeline as text (ascreg-run
// --pass-pipeline, the Python package's `pipeline=` and Kernel.lower, pass
// bisection, the options fuzzer) reads it by one rule: a text that starts
// with "builtin.module(" is anchored on the module as it is; any other text
// is a list of module passes and is anchored on the module. The pre-parse
// limits (ascreg/Support/ParseLimits.h) are checked before MLIR's parser
// recurses on it.
//
// Pass bisection (Bisect.h) reads a pipeline by the same rule, split into
// its passes by splitPipeline.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_PIPELINE_H
#define ASCREG_DRIVER_PIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ascreg {
namespace driver {

/// The anchor of a pipeline on the module, as MLIR's textual form writes it.
inline constexpr llvm::StringLiteral kModuleAnchor = "builtin.module(";

/// Whether `text` is already anchored on the module.
bool isModuleAnchored(llvm::StringRef text);

/// `text` anchored on the module: itself when it is, else
/// "builtin.module(" + text + ")".
std::string anchorOnModule(llvm::StringRef text);

/// The pass list inside the module anchor of an anchored `text` (its outer
/// brackets removed), or `text` itself when it is not anchored. Fails with
/// `error` when the anchor's bracket is not closed at the end.
mlir::FailureOr<llvm::StringRef> passListOf(llvm::StringRef text, std::string &error);

/// Parses `text` by the rule above (limits, then anchoring, then MLIR's
/// pipeline parser). On failure `error` holds the limits' or the parser's
/// message (without a prefix: the front door names its option).
mlir::FailureOr<mlir::OpPassManager> parsePipeline(llvm::StringRef text, std::string &error);

/// Splits a textual pipeline into its passes, one pipeline each: top-level
/// passes as they are, nested pipelines into one per nested pass
/// ("func.func(cse,canonicalize)" -> "func.func(cse)",
/// "func.func(canonicalize)"). Accepts the anchored form
/// "builtin.module(...)" or a plain list; the limits first. Iterative and
/// linear in the text's length plus the stages' (PipelineSplit.cpp); fails
/// on an unbalanced bracket or quote.
mlir::FailureOr<std::vector<std::string>> splitPipeline(llvm::StringRef pipeline,
                                                        std::string &error);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_PIPELINE_H
