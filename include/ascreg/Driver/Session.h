//===- Session.h - a kernel loaded: context, sources, diagnostics -*- C++ -*-===//
//
// The first steps of every front door's corridor (docs/architecture.md,
// "The hallway"): an MLIR context with every ascreg dialect, the kernel's
// source parsed under the pre-parse limits (ascreg/Support/ParseLimits.h)
// and verified, the semantic profile applied, a pass pipeline run. Every
// diagnostic is rendered as the command-line tools render it (location,
// message, source line and caret, notes) and recorded with its location, so
// a tool can print it as it comes and an API can raise it.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_SESSION_H
#define ASCREG_DRIVER_SESSION_H

#include "ascreg/Import/Import.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <string>
#include <vector>

namespace ascreg {
namespace driver {

/// One diagnostic, with the first file:line:col found in its location.
struct DiagnosticRecord {
  mlir::DiagnosticSeverity severity = mlir::DiagnosticSeverity::Error;
  std::string message; // the diagnostic's text, without location
  std::string file;
  unsigned line = 0, column = 0;
  /// Rendered as the tools print it: "file:line:col: error: ...", the
  /// source line with a caret, the notes (no trailing newline).
  std::string text;
  std::vector<DiagnosticRecord> notes;
};

/// "error", "warning", "note", "remark".
const char *severityName(mlir::DiagnosticSeverity s);
/// The first file:line:col nested in `loc` (file empty if none).
void findFileLineCol(mlir::Location loc, std::string &file, unsigned &line, unsigned &column);

/// The registry of the driver's contexts; the passes are registered with
/// it (once per process). By default what running a kernel needs
/// (ascreg::registerRunDialects and registerRunPasses, ascreg/InitAll.h).
const mlir::DialectRegistry &sessionRegistry();
/// Registers `dialects` and `passes` in sessionRegistry instead (e.g.
/// ascreg::registerAllDialects and registerAllPasses for the Python
/// package, whose pipelines may name any upstream pass). Call it before
/// the first session or context.
void useRegistration(void (*dialects)(mlir::DialectRegistry &), void (*passes)());

/// Why loading a kernel failed.
enum class LoadFailure { None, Io, Parse, Verify };

struct SessionOptions {
  /// MLIR's multithreading. Off by default: a kernel module has one or a
  /// few functions, so the thread pool only adds wake-ups (~4 ms of CPU per
  /// JIT compile, docs/jit-performance.md); on for modules of many kernels
  /// (the random-program harness's batches).
  bool threading = false;
  /// Load every registered dialect up front (the contexts shared by many
  /// kernels: bench, probes, fuzzers); else they load as they are needed.
  bool loadAllDialects = false;
  /// Each diagnostic is also printed here as it is emitted (a tool's
  /// stderr); null: only recorded.
  llvm::raw_ostream *echo = nullptr;
};

/// Sets `ctx` up as a session's context: the dialects loaded when asked,
/// diagnostics without op dumps or stack traces.
void configureContext(mlir::MLIRContext &ctx, const SessionOptions &options);
/// A context with the driver's dialects and passes (sessionRegistry),
/// set up by configureContext, for a front door that parses many kernels
/// into one context (bench, probes, the random-program harness); its
/// diagnostics go to MLIR's default handler unless the caller adds one.
std::unique_ptr<mlir::MLIRContext> makeContext(const SessionOptions &options = {});

/// The parse step itself: the main buffer of `sources` parsed (or, for a
/// C++ source, imported with `cxx`, null: the defaults) under the
/// pre-parse limits into `ctx`, then verified. Diagnostics go to the
/// context's handlers; on failure `failure` says at which step.
mlir::OwningOpRef<mlir::ModuleOp> parseKernel(llvm::SourceMgr &sources, mlir::MLIRContext &ctx,
                                              LoadFailure &failure,
                                              const ImportOptions *cxx = nullptr);
/// parseKernel of `text` under the buffer name `name`.
mlir::OwningOpRef<mlir::ModuleOp> parseKernelText(mlir::MLIRContext &ctx, llvm::StringRef text,
                                                  llvm::StringRef name, LoadFailure &failure);
/// parseKernel of the file `path` ("-": standard input); an unreadable
/// file is LoadFailure::Io with the reason in `error`.
mlir::OwningOpRef<mlir::ModuleOp> parseKernelFile(mlir::MLIRContext &ctx, llvm::StringRef path,
                                                  LoadFailure &failure, std::string &error);

/// An MLIR context, the sources parsed into it and their diagnostics. A
/// session outlives the modules parsed in it; one thread at a time.
class Session {
public:
  explicit Session(SessionOptions options = {});
  ~Session();

  mlir::MLIRContext &context() { return ctx; }
  llvm::SourceMgr &sourceMgr() { return sources; }

  /// Parses `buffer` (checkParseLimits first), then verifies the module.
  /// A session parses one source (its modules are that source's and
  /// their transformed clones).
  /// On failure `failure` says at which step; the diagnostics say why.
  /// A C++ source (ascreg::isCxxKernelSource of the buffer's name) is
  /// imported instead (docs/import.md) with `cxx` (null: the defaults).
  mlir::OwningOpRef<mlir::ModuleOp> parse(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                          LoadFailure &failure, const ImportOptions *cxx = nullptr);
  /// parse() of the file `path` ("-": standard input); an unreadable file
  /// is LoadFailure::Io with the reason in `error`.
  mlir::OwningOpRef<mlir::ModuleOp> parseFile(llvm::StringRef path, LoadFailure &failure,
                                              std::string &error,
                                              const ImportOptions *cxx = nullptr);

  /// The diagnostics recorded since the last take, in order.
  std::vector<DiagnosticRecord> takeDiagnostics();
  void clearDiagnostics() { diagnostics.clear(); }

private:
  class Handler;
  mlir::MLIRContext ctx;
  llvm::SourceMgr sources;
  std::vector<DiagnosticRecord> diagnostics;
  std::unique_ptr<Handler> handler;
};

/// The profile step: records the profile `nameOrFile` names
/// (ascreg::resolveProfile's forms) on `module`, so every path and lowering
/// runs with it. Fails with the reason in `error`.
mlir::LogicalResult applyProfile(mlir::ModuleOp module, llvm::StringRef nameOrFile,
                                 std::string &error);

/// Runs the pipeline `text` (Pipeline.h's rule) on `module`. A pipeline
/// that does not parse fails with the reason in `error`; a pass that fails
/// reports through the context's diagnostics and leaves `error` empty.
mlir::LogicalResult runPipeline(mlir::ModuleOp module, llvm::StringRef text, std::string &error);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_SESSION_H
