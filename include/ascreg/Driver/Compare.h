//===- Compare.h - check mode: the interpreter's run vs the JIT's -*- C++ -*-===//
//
// Check mode runs the interpreter and the JIT on copies of the same inputs
// and compares every buffer bit for bit, two NaNs equal only in a buffer
// whose NaN payloads the semantics leaves open (the rule of
// ascreg/Debugging/NaNPayloads.h). compareCheckRuns is the one comparison
// of two runs' buffers: ascreg-run --mode=check and pass bisection
// (Bisect.h) compare through it; a front door that binds a caller's buffers in
// place (the Python package's mode="check", the frontend example) runs and
// compares through checkInPlace;
// ascreg-random-diff, whose kernels store float registers into an integer
// buffer, through compareRuns, which also takes the lanes of such a buffer
// that may hold an open NaN.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_COMPARE_H
#define ASCREG_DRIVER_COMPARE_H

#include "ascreg/Driver/Arguments.h"
#include "ascreg/Driver/Prepare.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <vector>

namespace ascreg {
namespace driver {

/// One element two runs disagree on: parameter, element, the raw bits of
/// the reference run (`expected`: the interpreter's, or the run before a
/// bisected pipeline) and of the other (`actual`).
struct Mismatch {
  unsigned argument;
  uint64_t element;
  uint64_t expected, actual;
};
/// The first mismatches (parameter order, then element order) and how many
/// there are in all.
struct CheckComparison {
  std::vector<Mismatch> first;
  uint64_t count = 0;
};

/// Compares the buffers of `fn`'s interpreter run with the JIT's (one view
/// per parameter, empty for scalars), keeping the first `limit`
/// mismatches. `nanOpen`: unspecifiedNaNPayloadParams(fn) when the caller
/// keeps it (a kernel run many times), else empty.
CheckComparison compareCheckRuns(mlir::func::FuncOp fn,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> interp,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> jit, unsigned limit,
                                 const std::vector<bool> &nanOpen = {});

/// Lanes of a buffer whose NaN payloads the semantics leaves open although
/// the buffer's own element type is no float: bytes [begin, end) of
/// parameter `param` read as lanes of the float type `lane` (from `begin`).
/// A harness that stores float registers into an integer buffer names them
/// (ascreg-random-diff's `rdiff-nan-payloads-open` slots).
struct OpenNaNLanes {
  unsigned param;
  uint64_t begin, end;
  mlir::Type lane;
};

/// compareCheckRuns of the interpreter's buffers (`expected`) with another
/// path's (`actual`), where, beside the buffers of compareCheckRuns' rule,
/// two NaN lanes of `open` are equal too (sameElementBits on each lane of
/// a differing element).
CheckComparison compareRuns(mlir::func::FuncOp fn, llvm::ArrayRef<llvm::ArrayRef<uint8_t>> expected,
                            llvm::ArrayRef<llvm::ArrayRef<uint8_t>> actual, unsigned limit,
                            llvm::ArrayRef<OpenNaNLanes> open,
                            const std::vector<bool> &nanOpen = {});

/// What checkInPlace found.
struct InPlaceCheck {
  /// The run that failed (its diagnostics say why; nothing is compared):
  /// the interpreter's leaves the caller's buffers untouched.
  enum class Failure { None, Interpreter, Jit } failure = Failure::None;
  CheckComparison comparison;
  /// The JIT's buffers, per parameter (empty for scalars).
  std::vector<std::vector<uint8_t>> jitBuffers;
};

/// Check mode on a caller's buffers bound in place (`args`, one per
/// parameter of `fn`): the JIT runs on copies of the inputs taken first,
/// the interpreter (which validates the inputs) on the caller's buffers,
/// which then hold its results; the two are compared by compareCheckRuns,
/// keeping the first `limit` mismatches. `kernel` is prepared for check.
InPlaceCheck checkInPlace(PreparedKernel &kernel, mlir::func::FuncOp fn,
                          llvm::ArrayRef<interp::Arg> args, unsigned limit,
                          const std::vector<bool> &nanOpen = {});

/// Views of the working buffers of `set` (empty for scalars).
std::vector<llvm::ArrayRef<uint8_t>> buffersOf(const std::vector<BoundArgument> &set);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_COMPARE_H
