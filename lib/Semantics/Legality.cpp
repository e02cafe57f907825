//===- Legality.cpp - Legal type combinations of the ascreg ops -----------===//
//
// The exact tables of docs/semantics.md (contract sections 4-7). The verifier
// uses these functions, so an op accepted here is one the kernels support.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/LaneArith.h"
#include "ascreg/Semantics/Semantics.h"

namespace ascreg {
namespace semantics {

using EK = ElemKind;

static bool is64(EK k) { return elemBytes(k) == 8; }

bool isValidRegType(RegType t) {
  if (t.numRegs == 1)
    return true;
  return t.numRegs == 2 && is64(t.elem); // two-register form: 64-bit only
}

bool isLegalReduce(ReduceKind k, RegType dst, RegType src) {
  if (!isValidRegType(dst) || !isValidRegType(src) || dst.numRegs != src.numRegs)
    return false;
  if (k == ReduceKind::Sum) {
    switch (src.elem) {
    case EK::F16:
    case EK::F32:
    case EK::I32:
    case EK::U32:
    case EK::I64:
    case EK::U64:
      return dst.elem == src.elem;
    case EK::I16:
      return dst.elem == EK::I32;
    case EK::U16:
      return dst.elem == EK::U32;
    default:
      return false;
    }
  }
  if (dst.elem != src.elem)
    return false;
  switch (src.elem) {
  case EK::I16:
  case EK::U16:
  case EK::F16:
  case EK::I32:
  case EK::U32:
  case EK::F32:
  case EK::I64:
  case EK::U64:
    return true;
  default:
    return false;
  }
}

bool isLegalPairReduce(RegType t) {
  return t.numRegs == 1 && (t.elem == EK::F16 || t.elem == EK::F32);
}

bool isLegalGather(RegType dst, ElemKind src, RegType index) {
  if (!isValidRegType(dst) || !isValidRegType(index))
    return false;
  if (is64(dst.elem)) {
    if (src != dst.elem) // i64 from i64, u64 from u64
      return false;
    if (index.elem == EK::U32)
      return true; // 64 indices; a one-register dst uses the first 32
    if (index.elem == EK::U64)
      // Low 32 bits of each index. A one-register index has only 32 lanes,
      // too few for a 64-lane destination.
      return !(index.numRegs == 1 && dst.numRegs == 2);
    return false;
  }
  if (dst.numRegs != 1 || index.numRegs != 1)
    return false;
  switch (dst.elem) {
  case EK::I16:
    return index.elem == EK::U16 && (src == EK::I8 || src == EK::I16);
  case EK::U16:
    return index.elem == EK::U16 && (src == EK::U8 || src == EK::U16);
  case EK::F16:
  case EK::BF16:
    return index.elem == EK::U16 && src == dst.elem;
  case EK::I32:
  case EK::U32:
  case EK::F32:
    return index.elem == EK::U32 && src == dst.elem;
  default:
    return false;
  }
}

ElemKind gatherSourceKind(ElemKind dst, unsigned unitBytes) {
  if (unitBytes == 1)
    return isUnsignedInt(dst) ? EK::U8 : EK::I8;
  return dst;
}

unsigned gatherMaskStride(const Profile &prof, RegType dst, ElemKind src) {
  return prof.gatherMask == GatherMask::Source && elemBytes(src) == 1 ? 1 : dst.maskStride();
}

bool isLegalGatherReg(RegType data, RegType index) {
  if (data.numRegs != 1 || index.numRegs != 1)
    return false;
  unsigned w = elemBytes(data.elem);
  if (w > 4)
    return false;
  return isUnsignedInt(index.elem) && elemBytes(index.elem) == w;
}

bool isLegalArange(RegType t) { return isValidRegType(t) && t.elem != EK::BF16; }

bool isLegalCompare(RegType t) { return isValidRegType(t) && t.elem != EK::BF16; }

bool isLegalBinary(RegType t) { return isValidRegType(t) && t.elem != EK::BF16; }

// The vendor's tables (docs/regapi-ops-facts.md 3-7; REGDOC Sub.md, Mul.md,
// Abs.md, And.md / Or.md / Xor.md, Not.md): the Reg API's, which also covers
// the 64-bit kinds the C API lacks.
bool isLegalArith(ArithKind k, RegType t) {
  if (!isValidRegType(t))
    return false;
  switch (k) {
  case ArithKind::Sub:
    return true; // every kind, bf16 included
  case ArithKind::Mul:
    return elemBytes(t.elem) != 1; // no 8-bit multiply
  case ArithKind::And:
  case ArithKind::Or:
  case ArithKind::Xor:
    return !isFloat(t.elem);
  }
  return false;
}

bool isLegalUnary(UnaryKind k, RegType t) {
  if (!isValidRegType(t))
    return false;
  if (k == UnaryKind::Not)
    return t.elem != EK::BF16; // the integers, f16 and f32
  switch (t.elem) {
  case EK::I8:
  case EK::I16:
  case EK::I32:
  case EK::I64:
  case EK::F16:
  case EK::F32:
    return true; // abs: signed integers, f16, f32
  default:
    return false;
  }
}

} // namespace semantics
} // namespace ascreg
