//===- Scalar.cpp - a scalar argument from its text or a double -*- C++ -*-===//
#include "ascreg/Driver/Scalar.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;

namespace ascreg {
namespace driver {

namespace {

std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// The IEEE format of a bindable float type.
const llvm::fltSemantics *floatSemantics(Type t) {
  if (t.isF16())
    return &llvm::APFloat::IEEEhalf();
  if (t.isBF16())
    return &llvm::APFloat::BFloat();
  if (t.isF32())
    return &llvm::APFloat::IEEEsingle();
  if (t.isF64())
    return &llvm::APFloat::IEEEdouble();
  return nullptr;
}

llvm::Expected<uint64_t> parseInteger(Type t, StringRef text) {
  unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  llvm::APInt v;
  StringRef digits = text;
  bool negative = digits.consume_front("-");
  if (digits.getAsInteger(0, v))
    return llvm::createStringError(llvm::formatv("'{0}' is not an integer", text));
  if (negative) {
    v = v.zext(std::max(v.getBitWidth(), 1u) + 1);
    v.negate();
  }
  // The signed and the unsigned range of the width.
  if (negative ? v.getSignificantBits() > w : v.getActiveBits() > w)
    return llvm::createStringError(
        llvm::formatv("{0} does not fit in {1} (signed or unsigned range)", text, typeText(t)));
  // getAsInteger gives the narrowest APInt: zero-extend non-negative values.
  llvm::APInt wide = negative ? v.sextOrTrunc(64) : v.zextOrTrunc(64);
  return wide.getZExtValue() & (w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1);
}

} // namespace

bool isBindableScalar(Type t) { return t.isIntOrIndex() || floatSemantics(t); }

llvm::Expected<uint64_t> parseScalar(Type t, StringRef text) {
  if (!isBindableScalar(t))
    return llvm::createStringError("parameter type " + typeText(t) + " is not supported");
  if (t.isIntOrIndex())
    return parseInteger(t, text);
  llvm::APFloat value(*floatSemantics(t));
  // An empty text, stray characters or a missing exponent are errors; an
  // inexact or out-of-range value rounds (to the largest finite or inf) as
  // the conversion of a literal does.
  auto status = text.empty()
                    ? llvm::Expected<llvm::APFloat::opStatus>(llvm::createStringError("empty"))
                    : value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return llvm::createStringError(llvm::formatv("'{0}' is not a number", text));
  }
  return value.bitcastToAPInt().getZExtValue();
}

uint64_t roundDouble(const llvm::fltSemantics &format, double d) {
  llvm::APFloat value(d);
  bool losesInfo;
  value.convert(format, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return value.bitcastToAPInt().getZExtValue();
}

uint64_t scalarFromDouble(Type t, double d) { return roundDouble(*floatSemantics(t), d); }

} // namespace driver
} // namespace ascreg
