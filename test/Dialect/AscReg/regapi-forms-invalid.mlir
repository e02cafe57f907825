// The Reg API forms reject what the vendor does not document, naming the
// legal set.
// RUN: ascreg-opt %s -split-input-file -verify-diagnostics

func.func @duplicate_lane_highest(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{pos <highest> is not supported: the vendor documents only LOWEST for Duplicate(dst, srcReg, mask) (lane 0 of the source); legal: pos <lowest>}}
  %r = ascreg.duplicate_lane %v, %m pos <highest> : !ascreg.vreg<64xf32>
  return
}

// -----

func.func @store_first_i64(%v: !ascreg.vreg<32xi64>, %out: memref<?xi64>, %i: index, %m: !ascreg.mask) {
  // expected-error@+1 {{element type i64 is not supported; legal: i8 u8 i16 u16 f16 bf16 i32 u32 f32 (x2 = 64-bit two-register form)}}
  ascreg.store_first %v, %out[%i], %m : !ascreg.vreg<32xi64>, memref<?xi64>
  return
}

// -----

func.func @store_first_memref(%v: !ascreg.vreg<64xf32>, %out: memref<?xi32>, %i: index, %m: !ascreg.mask) {
  // expected-error@+1 {{register element f32 does not match UB memref element type 'i32'}}
  ascreg.store_first %v, %out[%i], %m : !ascreg.vreg<64xf32>, memref<?xi32>
  return
}

// -----

func.func @governed_mask_kind(%a: !ascreg.mask, %g: !ascreg.mask) {
  // expected-error@+2 {{expected ::ascreg::MaskLogicKind to be one of: and, or, xor}}
  // expected-error@+1 {{failed to parse AscReg_MaskLogicKindAttr parameter 'value'}}
  %r = ascreg.governed_mask <nand> %a, %a, %g
  return
}

// -----

func.func @duplicate_lane_types(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{all of {src, result} have same type}}
  %r = "ascreg.duplicate_lane"(%v, %m) : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xi32>
  return
}
