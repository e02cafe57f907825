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

/// Patterns lowering every ascreg op. `runtimeChecks` adds cf.assert checks
/// of UB accesses and gather indices.
void populateAscRegToVectorPatterns(const mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    bool runtimeChecks);

} // namespace ascreg

#endif
