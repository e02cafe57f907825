//===- FuzzCommon.h - shared pieces of the ascreg fuzz targets --*- C++ -*-===//
//
// The fuzz targets (OSS-Fuzz layout: one binary per target, each defining
// LLVMFuzzerTestOneInput) share one MLIR context per process with every
// dialect a kernel uses loaded, threading off (deterministic, no pool), and
// diagnostics swallowed: an input that the parser, a verifier or a pass
// rejects is an expected outcome; only a crash, a sanitizer report, a
// timeout or an explicit oracle failure (FUZZ_CHECK) is a finding. The
// context is rebuilt every kContextUses inputs so that the attributes and
// types that mutated inputs intern do not grow without bound.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_FUZZ_FUZZCOMMON_H
#define ASCREG_FUZZ_FUZZCOMMON_H

#include "ascreg/Driver/Session.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace ascreg_fuzz {

/// An oracle failure: print what and where, then abort (libFuzzer saves the
/// input as a crash).
#define FUZZ_CHECK(cond, what)                                                                     \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::fprintf(stderr, "ascreg fuzz oracle failed at %s:%d: %s\n", __FILE__, __LINE__, what);  \
      std::abort();                                                                                \
    }                                                                                              \
  } while (false)

class Context {
public:
  static constexpr unsigned kContextUses = 20000;

  mlir::MLIRContext &get() {
    if (!ctx || ++uses > kContextUses) {
      handler.reset();
      ctx.reset();
      ascreg::driver::SessionOptions options; // the driver's context
      options.threading = false;
      options.loadAllDialects = true;
      ctx = ascreg::driver::makeContext(options);
      // Swallow every diagnostic (set ASCREG_FUZZ_VERBOSE to see them).
      verbose = std::getenv("ASCREG_FUZZ_VERBOSE") != nullptr;
      handler =
          std::make_unique<mlir::ScopedDiagnosticHandler>(ctx.get(), [this](mlir::Diagnostic &d) {
            if (verbose)
              llvm::errs() << d.getLocation() << ": " << d << "\n";
            return mlir::success();
          });
      uses = 0;
    }
    return *ctx;
  }

private:
  std::unique_ptr<mlir::MLIRContext> ctx;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  unsigned uses = 0;
  bool verbose = false;
};

inline Context &context() {
  static Context c;
  return c;
}

/// Parses and verifies `text` as a module as the tools do (the driver's
/// parse step: limits, parser, verifier); null if it does not parse or
/// verify.
inline mlir::OwningOpRef<mlir::ModuleOp> parseKernel(llvm::StringRef text, mlir::MLIRContext &ctx) {
  ascreg::driver::LoadFailure failure;
  return ascreg::driver::parseKernelText(ctx, text, "fuzz-input", failure);
}

/// Fuzz inputs that are far larger than any kernel only slow the search.
constexpr size_t kMaxKernelBytes = 64 * 1024;

/// A fuzz input's kernel text parsed in the shared context (its context is
/// the module's); null if the text is over kMaxKernelBytes or does not
/// parse and verify.
inline mlir::OwningOpRef<mlir::ModuleOp> parseInput(llvm::StringRef text) {
  if (text.size() > kMaxKernelBytes)
    return nullptr;
  return parseKernel(text, context().get());
}
/// The same for libFuzzer's input bytes.
inline mlir::OwningOpRef<mlir::ModuleOp> parseInput(const uint8_t *data, size_t size) {
  return parseInput(llvm::StringRef(reinterpret_cast<const char *>(data), size));
}

} // namespace ascreg_fuzz

#endif // ASCREG_FUZZ_FUZZCOMMON_H
