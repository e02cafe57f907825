//===- AscRegToVector.h - ascreg to vector conversion -----------*- C++ -*-===//
#ifndef ASCREG_CONVERSION_ASCREGTOVECTOR_ASCREGTOVECTOR_H
#define ASCREG_CONVERSION_ASCREGTOVECTOR_ASCREGTOVECTOR_H

#include "ascreg/Semantics/Semantics.h"

#include "mlir/Transforms/DialectConversion.h"

namespace ascreg {

/// Type converter: !ascreg.vreg<NxT> -> vector<NxT'> (T' signless),
/// !ascreg.mask -> vector<256xi1>, siN/uiN (also in memrefs) -> iN.
class AscRegToVectorTypeConverter : public mlir::TypeConverter {
public:
  AscRegToVectorTypeConverter();
};

class RuntimeChecker;

/// Patterns lowering every ascreg op. `checker` guards UB accesses and gather
/// indices (when enabled); it must outlive the pattern application.
void populateAscRegToVectorPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns, RuntimeChecker &checker);

/// The exact lowering of cast and truncate (CastLowering.cpp); part of
/// populateAscRegToVectorPatterns.
void populateCastToVectorPatterns(const mlir::TypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

/// sub, mul, abs, and, or, xor, not (LaneArithLowering.cpp).
void populateLaneArithToVectorPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// duplicate_lane, store_first and the governed mask logic
/// (RegApiFormsLowering.cpp); `checker` as for
/// populateAscRegToVectorPatterns.
void populateRegApiFormsToVectorPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns,
                                         RuntimeChecker &checker);

/// Checks (when `checker` is enabled) that `bytes` at element `offset` of the
/// lowered UB buffer `base` lie inside UB and at an `alignment`-aligned
/// address, with the runtime errors of every path; returns the UB address.
mlir::Value checkUBAccess(mlir::OpBuilder &b, mlir::Location loc, RuntimeChecker &checker,
                          mlir::Operation *op, mlir::Value base, mlir::Value offset, unsigned bytes,
                          unsigned alignment);

/// Lane i of register type `t`: bit stride*i of the lowered 256-bit mask.
mlir::Value laneMask(mlir::OpBuilder &b, mlir::Location loc, mlir::Value mask,
                     semantics::RegType t);
/// `r` on the active lanes of `t`, 0 elsewhere, as the lowered type `to`.
mlir::Value zeroInactive(mlir::OpBuilder &b, mlir::Location loc, mlir::Value mask,
                         semantics::RegType t, mlir::Value r, mlir::Type to);

/// adds, muls, maxs, mins, compares as duplicate + the vector op
/// (ScalarFormLowering.cpp).
void populateScalarFormToVectorPatterns(const mlir::TypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

/// reduce_data_block as per-block trees (ReduceDataBlockLowering.cpp).
void populateReduceDataBlockToVectorPatterns(const mlir::TypeConverter &converter,
                                             mlir::RewritePatternSet &patterns);
/// shift_left, shift_right, shift_lefts, shift_rights on the lane bits
/// (ShiftLowering.cpp).
void populateShiftToVectorPatterns(const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

} // namespace ascreg

#endif
