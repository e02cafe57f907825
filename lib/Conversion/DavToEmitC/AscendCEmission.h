//===- AscendCEmission.h - shared by the Ascend C emission ------*- C++ -*-===//
//
// Private to lib/Conversion/DavToEmitC: the C spellings of types and the
// conversion patterns that convert-dav-to-emitc assembles. Each pass of the
// emission chain (Passes.td, "Ascend C emission") has its own file:
//   UnsignedVselr.cpp     ascreg-dav-unsigned-vselr
//   HardwareLoops.cpp     ascreg-dav-normalize-loops,
//                         ascreg-emitc-narrow-loop-counters
//   MemBarriers.cpp       ascreg-dav-insert-mem-barriers
//   DavToEmitC.cpp        convert-dav-to-emitc, with the patterns of
//                         AscendCTypes.cpp, IntrinsicCalls.cpp,
//                         MemRefViews.cpp and ScalarLowering.cpp
//   FinalizeAscendC.cpp   ascreg-emitc-finalize-ascendc
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_CONVERSION_DAVTOEMITC_ASCENDCEMISSION_H
#define ASCREG_LIB_CONVERSION_DAVTOEMITC_ASCENDCEMISSION_H

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace ascreg {
namespace emission {

/// C spelling of a lane / buffer element type: int8_t ... uint64_t, half,
/// bfloat16_t, float. Signless integers are signed (memrefs are signless).
std::string cElemName(mlir::Type t);
/// `__ubuf__ T*` for a UB buffer of `elem` elements.
mlir::Type ubPtrType(mlir::MLIRContext *ctx, mlir::Type elem);

/// ascreg / dav types to the vendor's C types (docs/dav3510.md, "Emission
/// conventions"): vector_T, vector_bool, __ubuf__ T*, half / bfloat16_t.
class AscendCTypeConverter : public mlir::TypeConverter {
public:
  explicit AscendCTypeConverter(mlir::MLIRContext *ctx);
  /// index -> uint32_t: the vendor keeps VF scalars in 16/32-bit types (UB
  /// offsets are below 2^18 bytes); loop counters become uint16_t later.
  /// Called after populateArithToEmitCPatterns, which registers index ->
  /// size_t (the last registered conversion is tried first).
  void convertIndexToUInt32();

private:
  mlir::MLIRContext *ctx;
};

/// Every dav intrinsic (dav::IntrinsicOp) as its call, dav.reinterpret as a
/// cast, and scalar memref.load / store / dim (IntrinsicCalls.cpp).
void populateIntrinsicCallPatterns(const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);
/// Rewrites the memref views and UB scratch of every kernel of `module` for
/// the emission (MemRefViews.cpp): memref.dim resolved, reinterpret_cast
/// sources made the buffers they view, static allocations lifted to trailing
/// parameters (their element counts by kernel name, for the entry), located
/// errors for what has no Ascend C form.
mlir::FailureOr<llvm::StringMap<llvm::SmallVector<int64_t>>>
prepareMemRefViews(mlir::ModuleOp module);
/// memref.cast / subview / reinterpret_cast as pointer arithmetic.
void populateViewPatterns(const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns);
/// The attribute on a converted kernel that lists its trailing UB scratch
/// parameters' element counts (FinalizeAscendC declares them in the entry).
inline constexpr llvm::StringLiteral kUBScratchAttr = "ascendc.ub_scratch";
/// Float and index constants, arith.divui / arith.remui (ScalarLowering.cpp).
void populateScalarPatterns(const mlir::TypeConverter &converter,
                            mlir::RewritePatternSet &patterns);

} // namespace emission
} // namespace ascreg

#endif // ASCREG_LIB_CONVERSION_DAVTOEMITC_ASCENDCEMISSION_H
