//===- NaNPayloads.h - where path comparisons may ignore NaN payloads -*- C++ -*-===//
//
// The one rule every comparison of execution paths uses (ascreg-run
// --mode=check, pass bisection, the Python package's check mode and
// ascreg.testing): the semantics fixes the bits of every result, NaN
// payloads included, except the payload of a NaN made by an addition
// (docs/semantics.md 2.7 and section 4, "NaN payloads in check": reduce sum,
// reduce_data_block sum, pair_reduce_sum, add, their dav-3510 ops, and scalar
// float arithmetic, whose NaN operand order the host's code generator may
// swap). Only a buffer
// such a NaN can reach compares two NaNs as equal; every other buffer is
// compared bit for bit.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DEBUGGING_NANPAYLOADS_H
#define ASCREG_DEBUGGING_NANPAYLOADS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <vector>

namespace ascreg {
namespace debugging {

/// Whether `op` makes float NaNs whose payload the semantics leaves open
/// between paths (the table of docs/semantics.md section 4).
bool makesUnspecifiedNaNPayload(mlir::Operation *op);

/// For each parameter of `fn`: true for a float buffer that a NaN with an
/// unspecified payload may reach (through registers, scalars, loops and
/// other buffers; conservative), false otherwise (scalars included).
std::vector<bool> unspecifiedNaNPayloadParams(mlir::func::FuncOp fn);

/// Whether two elements of type `elem` agree between paths: equal bits, or
/// both NaN in a buffer whose NaN payloads are unspecified.
bool sameElementBits(mlir::Type elem, bool nanPayloadUnspecified, uint64_t a, uint64_t b);

} // namespace debugging
} // namespace ascreg

#endif // ASCREG_DEBUGGING_NANPAYLOADS_H
