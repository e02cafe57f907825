//===- AscRegToVector.h - ascreg to vector conversion -----------*- C++ -*-===//
#ifndef ASCREG_CONVERSION_ASCREGTOVECTOR_ASCREGTOVECTOR_H
#define ASCREG_CONVERSION_ASCREGTOVECTOR_ASCREGTOVECTOR_H

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

/// adds, muls, maxs, mins, compares as duplicate + the vector op
/// (ScalarFormLowering.cpp).
void populateScalarFormToVectorPatterns(const mlir::TypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

} // namespace ascreg

#endif
