//===- LoadedKernel.h - a kernel file loaded as the tools load it -*- C++ -*-===//
//
// What the conformance tests start from: a kernel file in a context of its
// own, made and parsed as every front door does it (the driver's
// makeContext and parse step: limits, parser, verifier), and its @kernel;
// a case's buffers and scalars as the engine's arguments; and the corridor
// the differential and emission suites share (compareOnCases): the kernel
// prepared by the driver (PreparedKernel), run with another path on the same
// cases, compared by check mode's comparison (driver::compareCheckRuns) and
// by an independent rule of the suite's own (firstMismatch,
// profileMismatch), which must both agree.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_COMMON_LOADEDKERNEL_H
#define ASCREG_UNITTESTS_COMMON_LOADEDKERNEL_H

#include "ConformanceCases.h"

#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include <functional>
#include <memory>
#include <sstream>
#include <string>

namespace conformance {

struct LoadedKernel {
  std::unique_ptr<mlir::MLIRContext> ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp fn; // @kernel

  /// Loads the file `path`; "" on success, else why it failed.
  std::string load(const std::string &path) {
    ascreg::driver::SessionOptions options;
    options.loadAllDialects = true;
    ctx = ascreg::driver::makeContext(options);
    ascreg::driver::LoadFailure failure;
    std::string error;
    module = ascreg::driver::parseKernelFile(*ctx, path, failure, error);
    if (!module)
      return "cannot parse " + path + (error.empty() ? "" : ": " + error);
    fn = module->lookupSymbol<mlir::func::FuncOp>("kernel");
    return fn ? "" : path + " has no @kernel";
  }
};

/// The engine's arguments for a case: the buffers of `set` (run in place),
/// then `scalars`, in parameter order.
inline std::vector<ascreg::interp::Arg> argsOf(std::vector<Buffer> &set,
                                               const std::vector<uint64_t> &scalars) {
  std::vector<ascreg::interp::Arg> out;
  for (Buffer &x : set)
    out.push_back(ascreg::interp::Arg::buffer(x.bytes.data(), x.n()));
  for (uint64_t s : scalars)
    out.push_back(ascreg::interp::Arg::scalar(s));
  return out;
}

/// A run of one path on a case's buffers (in place) and scalars: "" or why
/// it did not run.
using PathRun = std::function<std::string(std::vector<Buffer> &, const std::vector<uint64_t> &)>;

/// The executor `path` of a kernel the driver prepared, as a PathRun.
inline PathRun preparedPath(ascreg::driver::PreparedKernel &kernel, ascreg::driver::RunMode path) {
  return [&kernel, path](std::vector<Buffer> &b, const std::vector<uint64_t> &scalars) {
    std::vector<ascreg::interp::Arg> args = argsOf(b, scalars);
    return mlir::succeeded(kernel.run(path, args)) ? std::string() : std::string("the run failed");
  };
}

/// `fn`'s buffers of two runs compared by check mode's comparison
/// (driver::compareCheckRuns: bit for bit, NaN payloads open where the
/// NaN-payload analysis says; `nanOpen` its result for `fn`): "" or the
/// first mismatch and how many there are.
inline std::string driverMismatch(mlir::func::FuncOp fn, const std::vector<bool> &nanOpen,
                                  const std::vector<Buffer> &a, const std::vector<Buffer> &b) {
  std::vector<llvm::ArrayRef<uint8_t>> x, y;
  for (const Buffer &buf : a)
    x.push_back(buf.bytes);
  for (const Buffer &buf : b)
    y.push_back(buf.bytes);
  ascreg::driver::CheckComparison cmp = ascreg::driver::compareCheckRuns(fn, x, y, 1, nanOpen);
  if (cmp.count == 0)
    return "";
  const ascreg::driver::Mismatch &m = cmp.first.front();
  std::ostringstream os;
  os << "parameter " << m.argument << " element " << m.element << ": 0x" << std::hex << m.expected
     << " vs 0x" << m.actual << std::dec << " (" << cmp.count << " elements differ)";
  return os.str();
}

/// The independent rule of a suite: "" if two runs' buffers agree.
using Agreement =
    std::function<std::string(const std::vector<Buffer> &, const std::vector<Buffer> &)>;

/// Runs `cases` cases (`next(c)` makes case c) of kernel `fn` named `name`
/// on the interpreter of `interp` (prepared by the driver) and on `other`,
/// each on its own copy of the inputs, and compares the buffers both by
/// check mode's comparison (driverMismatch) and by `independent`. "" when
/// every case agrees both ways, else the first failure (caseFailure).
inline std::string compareOnCases(const std::string &name, mlir::func::FuncOp fn,
                                  ascreg::driver::PreparedKernel &interp, const PathRun &other,
                                  const char *otherName, uint64_t cases,
                                  const std::function<Case(uint64_t)> &next,
                                  const Agreement &independent) {
  const std::vector<bool> nanOpen = ascreg::debugging::unspecifiedNaNPayloadParams(fn);
  PathRun interpreter = preparedPath(interp, ascreg::driver::RunMode::Interp);
  for (uint64_t c = 0; c < cases; ++c) {
    Case k = next(c);
    std::vector<Buffer> a = k.buffers, b = k.buffers;
    if (std::string error = interpreter(a, k.scalars); !error.empty())
      return name + " case " + std::to_string(c) + ": interpreter: " + error;
    if (std::string error = other(b, k.scalars); !error.empty())
      return name + " case " + std::to_string(c) + ": " + otherName + ": " + error;
    std::string driver = driverMismatch(fn, nanOpen, a, b), own = independent(a, b);
    if (!driver.empty() || !own.empty())
      return caseFailure(name, c,
                         "check-mode comparison: " + (driver.empty() ? "agree" : driver) +
                             "; independent comparison: " + (own.empty() ? "agree" : own),
                         otherName, k);
  }
  return "";
}

} // namespace conformance

#endif // ASCREG_UNITTESTS_COMMON_LOADEDKERNEL_H
