//===- Scalar.h - a scalar argument from its text or a double ---*- C++ -*-===//
//
// The one rule for the bits of a scalar argument (ascreg-run --arg=TYPE:V,
// the Python package's scalars, the C API's ascregParseScalar):
//   - integers and index: decimal, or 0x / 0b / 0o with an optional '-';
//     any value in the signed or the unsigned range of the width, stored as
//     its low `width` bits; anything else is an error that says so;
//   - f16, bf16, f32, f64: the decimal (or hexadecimal float, inf, nan)
//     text rounded ONCE, to nearest with ties to even, straight into the
//     parameter's format (llvm::APFloat). Reading it into a double first and
//     narrowing that would round twice: a decimal just above a tie of the
//     target format can land on the tie as a double and then round to even
//     (1.00048828125000090949... is f16 0x3C01, not 0x3C00).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_SCALAR_H
#define ASCREG_DRIVER_SCALAR_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace ascreg {
namespace driver {

/// Whether `t` is a scalar type whose text parseScalar reads (integers,
/// index, f16, bf16, f32, f64; the engines take integers of at most 64
/// bits and say so at the parameter).
bool isBindableScalar(mlir::Type t);

/// The bits of `text` as a scalar of type `t`, by the rule above. The error
/// says what is wrong with the text, without naming the argument (the front
/// door prefixes its own name for it).
llvm::Expected<uint64_t> parseScalar(mlir::Type t, llvm::StringRef text);

/// The bits of the double `d` as a float scalar of type `t`, rounded once to
/// nearest, ties to even (a double is exact, so this is the correctly
/// rounded value of the number it holds). `t` must be a float type.
uint64_t scalarFromDouble(mlir::Type t, double d);
/// The bits of `d` in the IEEE format `format` (llvm::APFloat::IEEEhalf(),
/// BFloat(), IEEEsingle(), IEEEdouble()), rounded once (RNE).
uint64_t roundDouble(const llvm::fltSemantics &format, double d);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_SCALAR_H
