//===- ElementFormat.h - how one element's bits print ------------*- C++ -*-===//
//
// The one text of an element (a register lane, a buffer element) wherever
// its value and its bits are shown together: the trace, lane provenance,
// the HTML report. The value is formatNumber's (Semantics.h), so every tool
// agrees on it and on what is a NaN. No MLIR dependency.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_ELEMENTFORMAT_H
#define ASCREG_SEMANTICS_ELEMENTFORMAT_H

#include "ascreg/Semantics/Semantics.h"

#include <cstdint>
#include <string>

namespace ascreg {
namespace semantics {

/// The element's bits as hex digits at its width, without "0x": "3e00".
std::string formatElementBits(NumberFormat f, uint64_t bits);
/// The element's value and bits: "1.5 (0x3e00)", "nan (0x7e00)", "-3 (0xfd)".
std::string formatElement(NumberFormat f, uint64_t bits);

} // namespace semantics
} // namespace ascreg

#endif
