//===- Session.cpp - a kernel loaded: context, sources, diagnostics -*- C++ -*-===//
#include "ascreg/Driver/Session.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Pipeline.h"
#include "ascreg/InitAll.h"
#include "ascreg/Support/InputFile.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace ascreg {
namespace driver {

const char *severityName(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

void findFileLineCol(Location loc, std::string &file, unsigned &line, unsigned &column) {
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColRange>(l)) {
      file = f.getFilename().str();
      line = f.getStartLine();
      column = f.getStartColumn();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
}

namespace {
DiagnosticRecord recordOf(Diagnostic &diag) {
  DiagnosticRecord r;
  r.severity = diag.getSeverity();
  r.message = diag.str();
  findFileLineCol(diag.getLocation(), r.file, r.line, r.column);
  for (Diagnostic &note : diag.getNotes())
    r.notes.push_back(recordOf(note));
  return r;
}
} // namespace

/// The buffer a Handler renders into (a base, so that it is constructed
/// before the SourceMgrDiagnosticHandler that writes to it).
struct RenderBuffer {
  std::string text;
  llvm::raw_string_ostream os{text};
};

/// Renders each diagnostic like the command-line tools into a buffer,
/// records it, and echoes the rendering when asked to.
class Session::Handler : RenderBuffer, public SourceMgrDiagnosticHandler {
public:
  Handler(Session &s, llvm::raw_ostream *echo)
      : SourceMgrDiagnosticHandler(s.sources, &s.ctx, RenderBuffer::os) {
    setHandler([this, &s, echo](Diagnostic &diag) {
      DiagnosticRecord r = recordOf(diag);
      text.clear();
      emitDiagnostic(diag);
      if (echo) {
        *echo << text;
        echo->flush();
      }
      r.text = StringRef(text).rtrim('\n').str();
      text.clear();
      s.diagnostics.push_back(std::move(r));
      return success();
    });
  }
};

namespace {
struct Registration {
  void (*dialects)(DialectRegistry &) = registerRunDialects;
  void (*passes)() = registerRunPasses;
};
Registration &registration() {
  static Registration r;
  return r;
}
} // namespace

void useRegistration(void (*dialects)(DialectRegistry &), void (*passes)()) {
  registration() = {dialects, passes};
}

const DialectRegistry &sessionRegistry() {
  static DialectRegistry *r = [] {
    auto *reg = new DialectRegistry();
    registration().dialects(*reg);
    registration().passes();
    return reg;
  }();
  return *r;
}

void configureContext(MLIRContext &ctx, const SessionOptions &options) {
  if (options.loadAllDialects)
    ctx.loadAllAvailableDialects();
  ctx.printOpOnDiagnostic(false);
  ctx.printStackTraceOnDiagnostic(false);
}

static MLIRContext::Threading threadingOf(const SessionOptions &options) {
  return options.threading ? MLIRContext::Threading::ENABLED : MLIRContext::Threading::DISABLED;
}

std::unique_ptr<MLIRContext> makeContext(const SessionOptions &options) {
  auto ctx = std::make_unique<MLIRContext>(sessionRegistry(), threadingOf(options));
  configureContext(*ctx, options);
  return ctx;
}

OwningOpRef<ModuleOp> parseKernel(llvm::SourceMgr &sources, MLIRContext &ctx, LoadFailure &failure,
                                  const ImportOptions *cxx) {
  failure = LoadFailure::Parse;
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = importOrParseKernel(sources, config, cxx ? *cxx : ImportOptions());
  if (!module)
    return nullptr;
  failure = LoadFailure::Verify;
  if (failed(verify(*module)))
    return nullptr;
  failure = LoadFailure::None;
  return module;
}

OwningOpRef<ModuleOp> parseKernelText(MLIRContext &ctx, StringRef text, StringRef name,
                                      LoadFailure &failure) {
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name), llvm::SMLoc());
  return parseKernel(sources, ctx, failure);
}

OwningOpRef<ModuleOp> parseKernelFile(MLIRContext &ctx, StringRef path, LoadFailure &failure,
                                      std::string &error) {
  auto file = openBoundedInputFile(path, &error);
  if (!file) {
    failure = LoadFailure::Io;
    return nullptr;
  }
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  return parseKernel(sources, ctx, failure);
}

Session::Session(SessionOptions options) : ctx(sessionRegistry(), threadingOf(options)) {
  configureContext(ctx, options);
  handler = std::make_unique<Handler>(*this, options.echo);
}

Session::~Session() = default;

OwningOpRef<ModuleOp> Session::parse(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                     LoadFailure &failure, const ImportOptions *cxx) {
  assert(sources.getNumBuffers() == 0 && "a session parses one source");
  sources.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  return parseKernel(sources, ctx, failure, cxx);
}

OwningOpRef<ModuleOp> Session::parseFile(StringRef path, LoadFailure &failure, std::string &error,
                                         const ImportOptions *cxx) {
  auto file = openBoundedInputFile(path, &error);
  if (!file) {
    failure = LoadFailure::Io;
    return nullptr;
  }
  return parse(std::move(file), failure, cxx);
}

std::vector<DiagnosticRecord> Session::takeDiagnostics() {
  std::vector<DiagnosticRecord> out = std::move(diagnostics);
  diagnostics.clear();
  return out;
}

LogicalResult applyProfile(ModuleOp module, StringRef nameOrFile, std::string &error) {
  semantics::Profile profile;
  if (failed(resolveProfile(nameOrFile, profile, error)))
    return failure();
  recordProfile(module, profile);
  return success();
}

LogicalResult runPipeline(ModuleOp module, StringRef text, std::string &error) {
  FailureOr<OpPassManager> parsed = parsePipeline(text, error);
  if (failed(parsed))
    return failure();
  PassManager pm(module.getContext());
  static_cast<OpPassManager &>(pm) = std::move(*parsed);
  return pm.run(module);
}

} // namespace driver
} // namespace ascreg
