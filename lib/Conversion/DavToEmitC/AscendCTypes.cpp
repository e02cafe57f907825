//===- AscendCTypes.cpp - the C types of the Ascend C emission -*- C++ -*-===//
//
// Names (docs/dav3510.md, "Emission conventions"):
//   !ascreg.vreg<NxT>  -> vector_T with the C API spelling: vector_int8_t,
//                         vector_uint8_t, vector_int16_t, vector_uint16_t,
//                         vector_half, vector_bfloat16_t, vector_int32_t,
//                         vector_uint32_t, vector_float;
//   !ascreg.mask       -> vector_bool;
//   memref<?xT> (UB)   -> __ubuf__ T* (T: int8_t ... uint64_t, half,
//                         bfloat16_t, float; memrefs are signless, so
//                         iN -> intN_t; an access through a register of
//                         another lane type casts the pointer to that
//                         type, as the vendor library does, e.g.
//                         (__ubuf__ uint32_t*) for 64-bit data).
//
//===----------------------------------------------------------------------===//
#include "AscendCEmission.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"

using namespace mlir;
using namespace ascreg;
using namespace ascreg::emission;

std::string emission::cElemName(Type t) {
  if (t.isF16())
    return "half";
  if (t.isBF16())
    return "bfloat16_t";
  if (t.isF32())
    return "float";
  auto it = cast<IntegerType>(t);
  return (it.isUnsigned() ? "uint" : "int") + std::to_string(it.getWidth()) + "_t";
}

namespace {
Type vecType(MLIRContext *ctx, VRegType t) {
  return emitc::OpaqueType::get(ctx, "vector_" + cElemName(t.getElementType()));
}
Type boolType(MLIRContext *ctx) { return emitc::OpaqueType::get(ctx, "vector_bool"); }
} // namespace

Type emission::ubPtrType(MLIRContext *ctx, Type elem) {
  return emitc::PointerType::get(emitc::OpaqueType::get(ctx, "__ubuf__ " + cElemName(elem)));
}

AscendCTypeConverter::AscendCTypeConverter(MLIRContext *ctx) : ctx(ctx) {
  // Scalars: EmitC's own spellings (int32_t, float, bool), but the vendor's
  // half / bfloat16_t for f16 / bf16 (EmitC would print _Float16 / __bf16).
  addConversion([](Type t) -> std::optional<Type> {
    if (emitc::isSupportedEmitCType(t))
      return t;
    return std::nullopt;
  });
  addConversion([ctx](FloatType t) -> std::optional<Type> {
    if (t.isF16() || t.isBF16())
      return emitc::OpaqueType::get(ctx, cElemName(t));
    if (emitc::isSupportedEmitCType(t))
      return t;
    return std::nullopt;
  });
  addConversion([ctx](VRegType t) -> Type { return vecType(ctx, t); });
  addConversion([ctx](MaskType) -> Type { return boolType(ctx); });
  addConversion([ctx](MemRefType t) -> std::optional<Type> {
    if (t.getRank() != 1 || !t.getElementType().isIntOrFloat())
      return std::nullopt;
    return ubPtrType(ctx, t.getElementType());
  });
}

void AscendCTypeConverter::convertIndexToUInt32() {
  Type u32 = IntegerType::get(ctx, 32, IntegerType::Unsigned);
  addConversion([u32](IndexType) { return u32; });
  auto materialize = [](OpBuilder &b, Type t, ValueRange in, Location loc) -> Value {
    if (in.size() != 1)
      return Value();
    return emitc::CastOp::create(b, loc, t, in.front());
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}
