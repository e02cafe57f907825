//===- ElementBits.cpp - how an MLIR element type's bits read -------------===//
#include "ascreg/Debugging/ElementBits.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>

using namespace mlir;
namespace sem = ::ascreg::semantics;

namespace ascreg {
namespace debugging {

sem::NumberFormat numberFormatOf(Type elem) {
  if (elem.isBF16())
    return {sem::NumberFormat::BFloat, 2};
  if (isa<FloatType>(elem))
    return {sem::NumberFormat::IEEE, uint8_t(elem.getIntOrFloatBitWidth() / 8)};
  unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 64; // index
  auto it = dyn_cast<IntegerType>(elem);
  return {it && it.isSigned() ? sem::NumberFormat::Signed : sem::NumberFormat::Unsigned,
          uint8_t(std::clamp((bits + 7) / 8, 1u, 8u))};
}

bool isNaNBits(Type elem, uint64_t bits) {
  return isa<FloatType>(elem) && sem::isNaN(numberFormatOf(elem), bits);
}

} // namespace debugging
} // namespace ascreg
