//===- Compare.h - check mode: the interpreter's run vs the JIT's -*- C++ -*-===//
//
// Check mode runs the interpreter and the JIT on copies of the same inputs
// and compares every buffer bit for bit, two NaNs equal only in a buffer
// whose NaN payloads the semantics leaves open (the rule of
// ascreg/Debugging/NaNPayloads.h). ascreg-run --mode=check and the Python
// package's mode="check" compare through this one function.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_COMPARE_H
#define ASCREG_DRIVER_COMPARE_H

#include "ascreg/Debugging/Bisect.h"
#include "ascreg/Driver/Arguments.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <vector>

namespace ascreg {
namespace driver {

/// One element the two runs disagree on: parameter, element, the
/// interpreter's bits (`expected`) and the JIT's (`actual`).
using Mismatch = debugging::ElementDiff;
/// The first mismatches (parameter order, then element order) and how many
/// there are in all.
using CheckComparison = debugging::BufferComparison;

/// Compares the buffers of `fn`'s interpreter run with the JIT's (one view
/// per parameter, empty for scalars), keeping the first `limit`
/// mismatches. `nanOpen`: unspecifiedNaNPayloadParams(fn) when the caller
/// keeps it (a kernel run many times), else empty.
CheckComparison compareCheckRuns(mlir::func::FuncOp fn,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> interp,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> jit, unsigned limit,
                                 const std::vector<bool> &nanOpen = {});

/// Views of the working buffers of `set` (empty for scalars).
std::vector<llvm::ArrayRef<uint8_t>> buffersOf(const std::vector<BoundArgument> &set);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_COMPARE_H
