// The Reg API forms reject what the vendor does not document, naming the
// legal set.
// RUN: ascreg-opt %s -split-input-file -verify-diagnostics

func.func @duplicate_lane_highest(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{pos <highest> is not supported: the vendor documents only LOWEST for Duplicate(dst, srcReg, mask) (lane 0 of the source); legal: pos <lowest>}}
  %r = ascreg.duplicate_lane %v, %m pos <highest> : !ascreg.vreg<64xf32>
  return
}

// -----

func.func @duplicate_lane_types(%v: !ascreg.vreg<64xf32>, %m: !ascreg.mask) {
  // expected-error@+1 {{all of {src, result} have same type}}
  %r = "ascreg.duplicate_lane"(%v, %m) : (!ascreg.vreg<64xf32>, !ascreg.mask) -> !ascreg.vreg<64xi32>
  return
}
