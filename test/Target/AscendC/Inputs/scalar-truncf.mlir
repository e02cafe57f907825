// A kernel broadcasting a scalar truncated to f16 (float-conversion-error.mlir).
module {
  func.func @kernel(%b: memref<?xf16>, %x: f32) {
    %c0 = arith.constant 0 : index
    // The truncation: line 6, column 10.
    %h = arith.truncf %x : f32 to f16
    %v = ascreg.duplicate %h : f16 -> !ascreg.vreg<128xf16>
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }
}
