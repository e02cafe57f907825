//===- AscRegToVector.h - ascreg to vector conversion -----------*- C++ -*-===//
#ifndef ASCREG_CONVERSION_ASCREGTOVECTOR_ASCREGTOVECTOR_H
#define ASCREG_CONVERSION_ASCREGTOVECTOR_ASCREGTOVECTOR_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
class RewritePatternSet;
namespace ascreg {

/// Type converter: !ascreg.vreg<NxT> -> vector<NxT'> (T' signless),
/// !ascreg.mask -> vector<256xi1>, siN/uiN (also in memrefs) -> iN.
class AscRegToVectorTypeConverter : public TypeConverter {
public:
  AscRegToVectorTypeConverter();
};

/// Patterns lowering every ascreg op. `runtimeChecks` adds cf.assert checks
/// of UB accesses and gather indices.
void populateAscRegToVectorPatterns(const TypeConverter &converter, RewritePatternSet &patterns,
                                    bool runtimeChecks);

} // namespace ascreg
} // namespace mlir

#endif
