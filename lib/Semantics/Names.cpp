//===- Names.cpp - Element type tokens and the text of numbers ------------===//
#include "ascreg/Semantics/ElementFormat.h"
#include "ascreg/Semantics/Semantics.h"

#include <bit>
#include <cinttypes>
#include <cstdio>

namespace ascreg {
namespace semantics {

const char *elemName(ElemKind k) {
  switch (k) {
  case ElemKind::I8:
    return "i8";
  case ElemKind::U8:
    return "u8";
  case ElemKind::I16:
    return "i16";
  case ElemKind::U16:
    return "u16";
  case ElemKind::F16:
    return "f16";
  case ElemKind::BF16:
    return "bf16";
  case ElemKind::I32:
    return "i32";
  case ElemKind::U32:
    return "u32";
  case ElemKind::F32:
    return "f32";
  case ElemKind::I64:
    return "i64";
  case ElemKind::U64:
    return "u64";
  }
  return "?";
}

std::string formatNumber(NumberFormat f, uint64_t bits) {
  char text[40];
  const unsigned shift = 64 - 8 * f.bytes;
  switch (f.cls) {
  case NumberFormat::Signed:
    std::snprintf(text, sizeof text, "%" PRId64, static_cast<int64_t>(bits << shift) >> shift);
    break;
  case NumberFormat::Unsigned:
    std::snprintf(text, sizeof text, "%" PRIu64, (bits << shift) >> shift);
    break;
  case NumberFormat::BFloat:
    std::snprintf(text, sizeof text, "%g", double(bf16ToF32(uint16_t(bits))));
    break;
  case NumberFormat::IEEE:
    if (f.bytes == 2)
      std::snprintf(text, sizeof text, "%g", double(f16ToF32(uint16_t(bits))));
    else if (f.bytes == 4)
      std::snprintf(text, sizeof text, "%.9g", double(std::bit_cast<float>(uint32_t(bits))));
    else
      std::snprintf(text, sizeof text, "%.17g", std::bit_cast<double>(bits));
    break;
  }
  return text;
}

std::string formatElementBits(NumberFormat f, uint64_t bits) {
  char text[20];
  const unsigned digits = 2 * f.bytes;
  const uint64_t width = digits >= 16 ? ~uint64_t(0) : (uint64_t(1) << (4 * digits)) - 1;
  std::snprintf(text, sizeof text, "%0*" PRIx64, int(digits), bits & width);
  return text;
}

std::string formatElement(NumberFormat f, uint64_t bits) {
  return formatNumber(f, bits) + " (0x" + formatElementBits(f, bits) + ")";
}

} // namespace semantics
} // namespace ascreg
