//===- ParseLimits.h - input checks before a recursive parser ---*- C++ -*-===//
//
// MLIR 22's parsers and llvm::json end the process on input that is only a
// typo or garbage, so every text ascreg hands to one is checked first and
// refused with a located error (docs/hardening.md, "Parse limits"):
//   - MLIR assembly: a use `%name#N` of a result of a value not defined yet
//     makes the parser allocate N + 1 placeholders (`%v#2147483647`: "LLVM
//     ERROR: out of memory"); its recursive descent overflows the stack on
//     deep bracket nesting (7,000 nested `[`: SIGSEGV in the Release build)
//     and its affine parser recurses once per operator of an expression
//     (10,000 unary `-`, or 80,000 `d0 +` terms: SIGSEGV);
//   - pass pipelines: mlir::parsePassPipeline recurses per nesting level
//     (`any(any(...))` 200,000 deep: SIGSEGV), and pass options that hold a
//     pipeline (`{op-pipelines=...}`) nest it further;
//   - JSON: llvm::json::parse recurses per `[` / `{` (50,000 deep: SIGSEGV).
// Who checks what (the gates every front door passes through):
//   - MLIR text (checkParseLimits): importOrParseKernel
//     (lib/Import/Hook.cpp), reached through driver::parseKernel by
//     ascreg-run, the Python package, bench, the probes and the fuzz
//     targets, and by the C API's import (lib/CAPI/Import.cpp);
//     ascreg-opt and ascreg-translate on their inputs; upstream's C API
//     parsers, wrapped (lib/CAPI/CheckedParse.cpp). The language server
//     (tools/ascreg-lsp-server/LimitFilter.cpp) runs
//     findParseLimitViolation on every document before MLIR's LSP driver
//     sees it;
//   - pipelines (checkPipelineLimits): driver::parsePipeline
//     (lib/Driver/Pipeline.cpp: ascreg-run --pass-pipeline, Python's
//     `pipeline=`, the bisector behind --bisect-pipeline and Python's
//     `bisect()`, the options fuzz target), the bisector's splitPipeline
//     (lib/Debugging/PipelineSplit.cpp), ascreg-opt's pipeline arguments
//     (and, through checkParseLimits, the pipeline a reproducer file gives
//     --run-reproducer), and the wrapped C API pipeline parsers
//     (CheckedParse.cpp);
//   - JSON (findJsonLimitViolation): parseProfileJson
//     (lib/Dialect/AscReg/IR/ProfileFile.cpp), which resolveProfile calls
//     for --semantics, Python's `semantics=` and the C API; the language
//     server's JSON-RPC messages.
// The limits are far above anything a kernel or a pipeline needs and far
// below the depth that overflows an 8 MB stack (also under ASan).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_PARSELIMITS_H
#define ASCREG_SUPPORT_PARSELIMITS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ascreg {

/// The largest result number a value use may name (no ascreg kernel comes
/// near: ops have a handful of results).
inline constexpr uint64_t kMaxResultNumber = 65535;

/// The deepest nesting of brackets ( [ { < in MLIR text, of ( { [ in a pass
/// pipeline and of [ { in JSON: 25 times below the depth that overflows the
/// Release build's 8 MB stack in MLIR's parser, far above any kernel (a loop
/// nest adds one `{` per loop), pipeline or profile.
inline constexpr unsigned kMaxNesting = 256;

/// The most operators (+ - * floordiv ceildiv mod, unary -) one affine
/// expression may have pending, counted over its enclosing parentheses: the
/// affine parser recurses once per operator (10,000 unary `-` overflow the
/// Release build's stack); kernels use a handful.
inline constexpr unsigned kMaxAffineOperators = 256;

/// Where a text breaks a limit (a byte offset) and which limit.
struct ParseLimitViolation {
  size_t offset;
  std::string message;
};

/// MLIR assembly, outside comments and string literals: every use `%name#N`
/// has N <= kMaxResultNumber, brackets nest at most kMaxNesting deep, and an
/// affine expression has at most kMaxAffineOperators operators pending (a
/// lexical over-approximation: any run of + - * floordiv ceildiv mod between
/// tokens that end an expression counts). The strings of the file metadata
/// `{-# ... #-}` are checked as pass pipelines (a crash reproducer's
/// pipeline is one).
std::optional<ParseLimitViolation> findParseLimitViolation(llvm::StringRef text);

/// A textual pass pipeline: ( { [ nest at most kMaxNesting deep (counted
/// everywhere, quoted option values included).
std::optional<ParseLimitViolation> findPipelineLimitViolation(llvm::StringRef pipeline);

/// JSON: [ { nest at most kMaxNesting deep outside strings.
std::optional<ParseLimitViolation> findJsonLimitViolation(llvm::StringRef json);

/// Checks the main buffer of `sm` (findParseLimitViolation) before it is
/// parsed; emits an error at the place that breaks a limit on `ctx`'s
/// diagnostic handlers.
mlir::LogicalResult checkParseLimits(const llvm::SourceMgr &sm, mlir::MLIRContext *ctx);

/// Checks a pass pipeline before mlir::parsePassPipeline sees it; on failure
/// `error` says which limit and at which character (1-based).
mlir::LogicalResult checkPipelineLimits(llvm::StringRef pipeline, std::string &error);

/// 1-based line and column (in bytes) of `offset` in `text`.
std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef text, size_t offset);

} // namespace ascreg

#endif // ASCREG_SUPPORT_PARSELIMITS_H
