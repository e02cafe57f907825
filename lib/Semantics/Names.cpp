//===- Names.cpp - Element type tokens ------------------------------------===//
#include "ascreg/Semantics/Semantics.h"

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

} // namespace semantics
} // namespace ascreg
