// Two kernels recording different semantic profiles (semantic-profile.mlir).
module attributes {ascreg.target = "dav-3510"} {
  func.func @a(%src: memref<128xf16>, %dst: memref<128xf16>) attributes {ascreg.semantics = "sum.rounding=round_once"} {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.reduce <sum> %v, %all : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
  func.func @b(%src: memref<128xf16>, %dst: memref<128xf16>) attributes {ascreg.semantics = "maxmin.empty=finite"} {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.reduce <max> %v, %all : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<128xf16>, memref<128xf16>
    return
  }
}
