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

def AscReg_ReduceDataBlockOp : AscReg_Op<"reduce_data_block", [Pure]> {
  let summary = "one reduction per 32-byte block (ReduceDataBlock / vcgadd, vcgmax, vcgmin)";
  let description = [{
    Reduces each 32-byte DataBlock of `src` (16 lanes of 16 bits, 8 of 32
    bits; mask counted on the source type) exactly as `reduce` reduces a
    register, and puts block b's result in lane b of the result; lanes 8 and
    up are 0. No index. Vendor API: `template <ReduceType type = SUM, typename T =
    DefaultType, MaskMergeMode mode = ZEROING, typename U> void
    ReduceDataBlock(U& dstReg, U srcReg, MaskReg mask)` and the aliases
    `Reduce{Sum,Max,Min}WithDataBlock<T, mode>(dst, src, mask)`.

    - `sum`: per block, the adjacent-pair tree with inactive lanes as +0,
      every node rounded to the element type (`sum.rounding`) and saturated
      in f16 when CTRL[48] = 0; i16/u16 sum into i32/u32, i32/u32 wrap.
    - `max`/`min`: -0 below +0; the block's first active NaN (its bits); a
      block with no active lane gives -inf/+inf (floats, `maxmin.empty`) or
      the type's minimum/maximum.

    Legal (result, source) — the vendor's table (ReduceDataBlock.md, C API
    asc_reduce_*_datablock): sum (f16,f16) (f32,f32) (i32,i16) (u32,u16)
    (i32,i32) (u32,u32); max/min the same type, one of i16 u16 f16 i32 u32
    f32. Only `zeroing` mode.

    ```mlir
    %s = ascreg.reduce_data_block <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %w = ascreg.reduce_data_block <sum> %h, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
    ```
  }];
  let arguments = (ins AscReg_ReduceKindAttr:$kind, AscReg_VReg:$src, AscReg_Mask:$mask,
                       AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = [{
    $kind $src `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // ASCREG_REGAPI_OPS_TD
