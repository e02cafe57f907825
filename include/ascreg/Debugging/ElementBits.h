//===- ElementBits.h - how an MLIR element type's bits read -----*- C++ -*-===//
//
// The map from an MLIR element type to the semantics library's
// NumberFormat, which says how the raw bits of an element or scalar read
// (formatNumber, formatElement, isNaN): for the check-mode and bisection
// reports, --explain, --print and the Python package's parameters, and for
// the NaN-payload rule of path comparisons (NaNPayloads.h).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DEBUGGING_ELEMENTBITS_H
#define ASCREG_DEBUGGING_ELEMENTBITS_H

#include "ascreg/Semantics/Semantics.h"
#include "mlir/IR/Types.h"

#include <cstdint>

namespace ascreg {
namespace debugging {

/// How the bits of an element or scalar of type `elem` read: signed
/// integers signed; unsigned, signless integers and index unsigned.
semantics::NumberFormat numberFormatOf(mlir::Type elem);
/// Whether `bits` is a NaN of the float type `elem` (false for integers).
bool isNaNBits(mlir::Type elem, uint64_t bits);

} // namespace debugging
} // namespace ascreg

#endif // ASCREG_DEBUGGING_ELEMENTBITS_H
