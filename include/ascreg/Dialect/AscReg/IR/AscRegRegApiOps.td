//===- AscRegRegApiOps.td - Reg API forms of existing ops --*- tablegen -*-===//
//
// Issue 27 items 4-7: the lane broadcast, the first-element store, the
// per-data-block reduce and the governed mask logic. Included by
// AscRegOps.td (same generated op list); semantics docs/semantics.md 2.22
// onwards, vendor facts docs/regapi-ops-facts.md 14-17.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_REGAPI_OPS_TD
#define ASCREG_REGAPI_OPS_TD

def AscReg_DuplicateLaneOp : AscReg_Op<"duplicate_lane", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "broadcast lane 0 of a register (Duplicate(dst, srcReg, mask) / vdup POS_LOWEST)";
  let description = [{
    Every active lane of the result (mask counted on the register type) is
    lane 0 of `src`, whether or not lane 0 is active; inactive lanes are 0
    (zeroing). The standard way to broadcast a `reduce` result. Legal: every
    register type, the 64-bit two-register form included (the Reg API's
    `Duplicate` takes every type).

    `pos <highest>` is rejected: the vendor documents only `LOWEST` ("暂不
    支持其他取值", docs/regapi-ops-facts.md 14) and says nothing about which
    lane `HIGHEST` would read. The vendor's MERGING mode needs the old
    destination register, which this SSA form does not have; only zeroing.

    ```mlir
    %b = ascreg.duplicate_lane %r, %m : !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins AscReg_VReg:$src, AscReg_Mask:$mask,
                       DefaultValuedAttr<AscReg_LanePositionAttr, "::ascreg::LanePosition::lowest">:$pos);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$src `,` $mask (`pos` $pos^)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def AscReg_StoreFirstOp : AscReg_Op<"store_first"> {
  let summary = "store lane 0 of a register to UB (StoreAlign DIST_FIRST_ELEMENT_Bn / vsts ONEPT_Bn)";
  let description = [{
    Writes lane 0 of `value` (one element) to element `offset` of `base`;
    nothing else of UB changes. The mask is ignored, as the vendor
    documents ("忽略mask"); it is kept so that a kernel reads like the vendor
    call. The address needs only the element's alignment (1, 2 or 4 bytes),
    not 32 bytes, and only the element itself must lie inside UB. Legal: the
    one-register 8-, 16- and 32-bit types (the vendor has no 64-bit form).

    ```mlir
    ascreg.store_first %sum, %out[%i], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    ```
  }];
  let arguments = (ins AscReg_VReg:$value,
                       Arg<AscReg_UBMemRef, "UB buffer", [MemWrite]>:$base,
                       Index:$offset, AscReg_Mask:$mask);
  let assemblyFormat = "$value `,` $base `[` $offset `]` `,` $mask attr-dict `:` qualified(type($value)) `,` type($base)";
  let hasVerifier = 1;
}

def AscReg_GovernedMaskOp : AscReg_Op<"governed_mask", [Pure]> {
  let summary = "mask and / or / xor under a governing mask (MaskReg And/Or/Xor(dst, a, b, g) / pand, por, pxor)";
  let description = [{
    Per bit of the 256-bit mask: `op(lhs, rhs) & governing`; bits outside the
    governing mask are 0. The vendor's forms with a governing mask, beside
    `mask_and` / `mask_or` (which have none). The operation works on every
    bit, not per lane: masks made for different lane widths combine bit by
    bit (docs/semantics.md 2.24).

    ```mlir
    %r = ascreg.governed_mask <or> %a, %b, %g
    ```
  }];
  let arguments = (ins AscReg_MaskLogicKindAttr:$kind, AscReg_Mask:$lhs, AscReg_Mask:$rhs,
                       AscReg_Mask:$governing);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$kind $lhs `,` $rhs `,` $governing attr-dict";
}

def AscReg_GovernedMaskNotOp : AscReg_Op<"governed_mask_not", [Pure]> {
  let summary = "mask complement under a governing mask (MaskReg Not(dst, a, g) / pnot)";
  let description = [{
    Per bit of the 256-bit mask: `~input & governing`. Unlike `mask_not`,
    which inverts the lanes of a register type, every bit inside the
    governing mask is inverted, whatever lane width it belongs to.

    ```mlir
    %n = ascreg.governed_mask_not %a, %g
    ```
  }];
  let arguments = (ins AscReg_Mask:$input, AscReg_Mask:$governing);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$input `,` $governing attr-dict";
}

#endif // ASCREG_REGAPI_OPS_TD
