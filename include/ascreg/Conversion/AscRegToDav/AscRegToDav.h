//===- AscRegToDav.h - ascreg to the dav-3510 intrinsics --------*- C++ -*-===//
#ifndef ASCREG_CONVERSION_ASCREGTODAV_ASCREGTODAV_H
#define ASCREG_CONVERSION_ASCREGTODAV_ASCREGTODAV_H

#include "mlir/Transforms/DialectConversion.h"

namespace ascreg {

/// Type converter: 8/16/32-bit registers stay; a 64-bit register becomes its
/// 32-bit words (one register of 64 words, or the two-register form's low
/// and high words as two registers).
class AscRegToDavTypeConverter : public mlir::TypeConverter {
public:
  AscRegToDavTypeConverter();
};

/// Patterns lowering every ascreg op to dav-3510 intrinsics (1:N for the
/// 64-bit two-register form).
void populateAscRegToDavPatterns(const mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

/// duplicate_lane, store_first and the governed mask logic
/// (RegApiFormsToDav.cpp); part of populateAscRegToDavPatterns.
void populateRegApiFormsToDavPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// adds, muls, maxs, mins, compares: the vendor's intrinsic, or duplicate +
/// the vector op for 64-bit data (ScalarFormLowering.cpp).
void populateScalarFormToDavPatterns(const mlir::TypeConverter &converter,
                                     mlir::RewritePatternSet &patterns);

/// reduce_data_block: vcgadd / vcgmax / vcgmin (ReduceDataBlockLowering.cpp).
void populateReduceDataBlockToDavPatterns(const mlir::TypeConverter &converter,
                                          mlir::RewritePatternSet &patterns);
/// shift_left, shift_right, shift_lefts, shift_rights: vshl, vshr, vshls,
/// vshrs (ShiftLowering.cpp).
void populateShiftToDavPatterns(const mlir::TypeConverter &converter,
                                mlir::RewritePatternSet &patterns);

} // namespace ascreg

#endif // ASCREG_CONVERSION_ASCREGTODAV_ASCREGTODAV_H
