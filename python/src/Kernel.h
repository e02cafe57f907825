//===- Kernel.h - a loaded kernel and its parameters ------------*- C++ -*-===//
//
// ascreg.Kernel: a kernel source loaded through the driver's session (parse
// under the limits, verify, profile, pipeline), its entry function and
// parameters, and its compiled forms (the driver's PreparedKernel: the
// interpreter's at load, the JIT's added on first use).
//
// Every kernel owns an MLIR context (shared with the kernels derived from it
// by Kernel.lower) whose diagnostics are collected by one handler and raised
// as ascreg.Error subclasses carrying file, line and column. A context is used
// by one thread at a time (Session::mutex); the GIL is released while a
// kernel compiles or runs, and no Python object is touched under the mutex.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PYTHON_KERNEL_H
#define ASCREG_PYTHON_KERNEL_H

#include "Errors.h"

#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Import/Import.h"
#include "ascreg/Semantics/Semantics.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ascreg_python {

/// The driver's session (context, source, diagnostics), shared by a kernel
/// and the kernels lowered from it, and the lock that keeps it to one
/// thread at a time.
struct Session : ::ascreg::driver::Session {
  std::mutex mutex;
  Session() : ::ascreg::driver::Session(options()) {}
  std::vector<DiagRecord> takeDiags() { return takeDiagnostics(); }

private:
  static ::ascreg::driver::SessionOptions options() {
    ::ascreg::driver::SessionOptions o;
    o.threading = false; // Python callers bring their own threads
    return o;
  }
};

/// Runs `body` with the GIL released and `session` locked, its diagnostics
/// cleared first; returns the AscregError `body` threw, to be raised once
/// the GIL is held again.
template <typename Body>
std::optional<AscregError> withSessionLocked(Session &session, Body &&body) {
  std::optional<AscregError> error;
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(session.mutex);
  session.clearDiagnostics();
  try {
    body();
  } catch (AscregError &e) {
    error = std::move(e);
  }
  return error;
}

enum class Elem { I8, U8, I16, U16, F16, BF16, I32, U32, F32, I64, U64, F64, Index, Other };

inline bool isFloatElem(Elem e) {
  return e == Elem::F16 || e == Elem::BF16 || e == Elem::F32 || e == Elem::F64;
}

/// A parameter of the entry function (ascreg.Param).
struct ParamInfo {
  unsigned index;
  std::string name;    // "%src", from the source; "%argN" otherwise
  std::string type;    // "memref<?xf32>"
  mlir::Type elemType; // buffer: element type; scalar: the scalar's type
  bool isBuffer;
  Elem elem;         // buffer: element type; scalar: the scalar's type
  unsigned bits = 0; // integer / float width
  bool signless = false;
  bool isSigned = false;                      // integers: signed (si) or signless-as-signed
  int64_t size = -1;                          // static buffer size, -1 if dynamic
  std::string token;                          // "f32", "bf16", "i32", "u32", "index", ...
  ::ascreg::semantics::NumberFormat number{}; // how an element reads: signless integers as signed
  std::string file;                           // where the parameter is defined
  unsigned line = 0, column = 0;
  /// Path comparisons take two NaNs as equal here (NaNPayloads.h).
  bool nanPayloadUnspecified = false;
};

/// The options of ascreg.load (ascreg._Options).
struct KernelOptions {
  uint64_t ubCapacity = ::ascreg::semantics::kDefaultUBCapacity;
  uint64_t maxSteps = uint64_t(1) << 32;
  bool jitChecks = true;
  int64_t jitOpt = 2; // LLVM's levels 0-3; checked at load
  /// A semantic profile to record on the module before the pipeline
  /// (resolveProfile's forms); empty keeps the module's own record.
  std::string semantics;
  /// A C++ source (.asc, .cpp): the importer's options (docs/import.md).
  ::ascreg::ImportOptions cxx;
};

class Kernel {
public:
  std::shared_ptr<Session> session;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn;
  std::string entry, pipeline, sourceName;
  KernelOptions options;
  std::vector<ParamInfo> params;
  /// Per parameter: check mode takes two NaNs as equal here (NaNPayloads.h).
  std::vector<bool> nanOpen;
  /// The interpreter from load, the JIT once a run needs it (ensureJit).
  ::ascreg::driver::PreparedKernel compiled;
  uint64_t lastExecuted = 0;
  /// Set by Ctrl-C during a run (ascreg_python::InterruptScope); the
  /// interpreter polls it.
  std::atomic<bool> cancel{false};

  ~Kernel() {
    // Destroying IR touches the (single-threaded) context: not while another
    // kernel of the session runs.
    if (!session)
      return;
    std::lock_guard<std::mutex> lock(session->mutex);
    compiled = {};
    module = nullptr;
  }

  /// Selects the entry, runs the pipeline and compiles for the interpreter.
  /// Called with the session locked (no Python).
  void prepare(std::optional<std::string> entryName, const std::string &pipelineText);

  std::string moduleText() {
    std::string s;
    llvm::raw_string_ostream os(s);
    module->print(os);
    return s;
  }

  /// Compiles the JIT unless it is; with the session locked.
  void ensureJit();
  /// Kernel.run (Run.cpp).
  void run(py::args args, const std::string &mode);
  /// The module emitted as Ascend C; with the session locked.
  std::string ascendC();
  /// The executors' options for runs of this kernel (the load options,
  /// Ctrl-C through `cancel`).
  ::ascreg::driver::PrepareOptions prepareOptions();
};

std::unique_ptr<Kernel> loadFile(const std::string &path, std::optional<std::string> entry,
                                 const std::string &pipeline, const KernelOptions &options);
std::unique_ptr<Kernel> loadString(const std::string &text, std::optional<std::string> entry,
                                   const std::string &pipeline, const std::string &name,
                                   const KernelOptions &options);
/// A new kernel: a clone of `k`'s module (before its compiled form) with
/// `pipeline` run on it, in the same context.
std::unique_ptr<Kernel> lowerKernel(Kernel &k, const std::string &pipeline);

/// Kernel.arena_arrays (Arena.cpp): numpy arrays over `k`'s UB arena at
/// the placed address of each buffer parameter; `owner` (the Python Kernel)
/// is their base, kept alive while they are.
py::list arenaArrays(py::handle owner, Kernel &k, py::object sizes, const std::string &mode);

/// The classes Kernel, Param, _Options and the functions load_file,
/// load_string (KernelBindings.cpp).
void populateKernelBindings(py::module_ &m);

} // namespace ascreg_python

#endif // ASCREG_PYTHON_KERNEL_H
