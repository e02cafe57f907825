//===- AscRegOps.td - ascreg operations --------------------*- tablegen -*-===//
//
// Ops of the ascreg dialect. Semantics: docs/semantics.md (one per op, shared
// by the interpreter, the vector lowering and the dav-3510 path).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_OPS_TD
#define ASCREG_OPS_TD

include "ascreg/Dialect/AscReg/IR/AscRegDialect.td"
include "ascreg/Dialect/AscReg/IR/AscRegAttrs.td"
include "ascreg/Dialect/AscReg/IR/AscRegTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/IR/CommonAttrConstraints.td"

def AscReg_UBMemRef : Type<And<[IsMemRefTypePred,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getRank() == 1">]>,
    "rank-1 UB memref", "::mlir::MemRefType">;

def AscReg_RegTypeAttr : TypeAttrOf<AscReg_VRegType>;

def AscReg_MergeModeArg :
  DefaultValuedAttr<AscReg_MergeModeAttr, "::ascreg::MergeMode::zeroing">;

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

def AscReg_CreateMaskOp : AscReg_Op<"create_mask", [Pure]> {
  let summary = "mask from a fixed pattern (CreateMask / asc_create_mask_bN / pset_bN)";
  let description = [{
    Creates a mask for the lanes of `reg_type`: `ALL`, `VLk` (lowest k lanes;
    k larger than the lane count activates all lanes), `M3`/`M4` (lanes whose
    index is a multiple of 3/4), `H` (lowest half), `Q` (lowest quarter),
    `ALLF` (none). Only the lowest bit of each lane's group is set.

    ```mlir
    %m = ascreg.create_mask <VL16> for !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins AscReg_MaskPatternAttr:$pattern, AscReg_RegTypeAttr:$reg_type);
  let results = (outs AscReg_Mask:$mask);
  let assemblyFormat = "$pattern `for` $reg_type attr-dict";
}

def AscReg_UpdateMaskOp : AscReg_Op<"update_mask", [Pure]> {
  let summary = "prefix mask from a running count (UpdateMask / plt_bN POST_UPDATE)";
  let description = [{
    Lanes `[0, min(count, VL))` of `reg_type` are active, where VL is its lane
    count; `rest` is `count < VL ? 0 : count - VL`, the count left for the
    next register (the vendor's in-out `uint32_t&`). `count` is unsigned.

    ```mlir
    %m, %rest = ascreg.update_mask %count for !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins I32:$count, AscReg_RegTypeAttr:$reg_type);
  let results = (outs AscReg_Mask:$mask, I32:$rest);
  let assemblyFormat = "$count `for` $reg_type attr-dict";
}

class AscReg_MaskBinaryOp<string mnemonic, string what> : AscReg_Op<mnemonic, [Pure, Commutative]> {
  let summary = "bitwise " # what # " of two masks";
  let arguments = (ins AscReg_Mask:$lhs, AscReg_Mask:$rhs);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}
def AscReg_MaskAndOp : AscReg_MaskBinaryOp<"mask_and", "and (pand)">;
def AscReg_MaskOrOp : AscReg_MaskBinaryOp<"mask_or", "or (por)">;

def AscReg_MaskNotOp : AscReg_Op<"mask_not", [Pure]> {
  let summary = "inverts the lanes of a mask (pnot)";
  let description = [{
    Inverts lane activity for the lanes of `reg_type`. The result sets only
    the lowest bit of each lane's group, like every mask ascreg creates.

    ```mlir
    %n = ascreg.mask_not %m for !ascreg.vreg<128xf16>
    ```
  }];
  let arguments = (ins AscReg_Mask:$input, AscReg_RegTypeAttr:$reg_type);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$input `for` $reg_type attr-dict";
}

//===----------------------------------------------------------------------===//
// UB data movement
//===----------------------------------------------------------------------===//

def AscReg_LoadAlignOp : AscReg_Op<"load_align"> {
  let summary = "aligned load of one register from UB (LoadAlign NORM / vlds)";
  let description = [{
    Reads the register at element `offset` of the UB buffer `base`: 256 bytes
    (512 for the 64-bit two-register form). The address must be 32-byte
    aligned and the whole access inside the buffer. The memref element type
    must have the width and kind of the register element; a signless integer
    memref may be read as signed or unsigned lanes.

    ```mlir
    %v = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins Arg<AscReg_UBMemRef, "UB buffer", [MemRead]>:$base, Index:$offset);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$base `[` $offset `]` attr-dict `:` type($base) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def AscReg_StoreAlignOp : AscReg_Op<"store_align"> {
  let summary = "aligned masked store of one register to UB (StoreAlign NORM / vsts)";
  let description = [{
    Writes the **active** lanes of `value` to element `offset` of `base`;
    inactive lanes leave UB untouched. Same alignment and bounds rules as
    `load_align`.

    ```mlir
    ascreg.store_align %v, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
    ```
  }];
  let arguments = (ins AscReg_VReg:$value,
                       Arg<AscReg_UBMemRef, "UB buffer", [MemWrite]>:$base,
                       Index:$offset, AscReg_Mask:$mask);
  let assemblyFormat = "$value `,` $base `[` $offset `]` `,` $mask attr-dict `:` qualified(type($value)) `,` type($base)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def AscReg_ReduceOp : AscReg_Op<"reduce", [Pure]> {
  let summary = "masked reduction of a register (Reduce<SUM|MAX|MIN> / vcadd, vcmax, vcmin)";
  let description = [{
    Reduces the active lanes of `src` (mask counted on the source type) into
    lane 0 of the result; `max`/`min` also write the index of the first
    extreme lane into lane 1 (as raw integer bits of the result element type).
    Every other lane is 0.

    - `sum`: fixed binary tree over all source lanes, adjacent pairs first,
      inactive lanes as +0, every node rounded to the element type (RNE,
      non-saturating); i16/u16 sources widen to i32/u32; integers wrap.
    - `max`/`min`: ties give the first index; -0 orders below +0; any NaN
      gives the first NaN (its bits and index). Empty mask: -inf/+inf
      (floats) or the type minimum/maximum, index 0.

    Legal (result, source) pairs — sum: (f16,f16) (f32,f32) (i32,i16)
    (u32,u16) (i32,i32) (u32,u32) (i64,i64) (u64,u64); max/min: same type, one
    of i16 u16 f16 i32 u32 f32 i64 u64. 64-bit types in either register form
    (result form = source form). Only `zeroing` mode exists on dav-3510.

    ```mlir
    %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %s = ascreg.reduce <sum> %w, %m : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
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

def AscReg_PairReduceSumOp : AscReg_Op<"pair_reduce_sum", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "sum of adjacent lane pairs (PairReduceSum / asc_pair_reduce_sum / vcpadd)";
  let description = [{
    For i < N/2: `result[i] = a + b` rounded (RNE), where a = `src[2i]` and
    b = `src[2i+1]` if active and +0 if not (one active lane gives `a + (+0)`:
    -0 becomes +0, a signalling NaN is quieted); +0 when neither is active;
    `result[i] = 0` for i >= N/2. f16 and f32 only; mask counted on the
    source. f16 sums saturate (inf -> +-65504, NaN -> +0) when the kernel's
    CTRL[48] is 0 (`ascreg.ctrl`).

    ```mlir
    %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins AscReg_VReg:$src, AscReg_Mask:$mask, AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$src `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($src))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

def AscReg_GatherOp : AscReg_Op<"gather"> {
  let summary = "gather from UB with an index register and a mask (Gather / vgather2)";
  let description = [{
    For every active lane i (mask counted on the **result** type),
    `result[i] = base[index[i]]`, where the index counts elements of the
    buffer's element type; inactive lanes are 0. 8-bit sources are
    zero-extended into 16-bit lanes, also for i8 (-40 becomes 216). 64-bit
    results with a u32 index use its first 32 indices (one-register result) or
    64 (two-register result); u64 indices contribute their low 32 bits. The
    base must be 32-byte aligned; an index outside the buffer is an error.

    Legal (result, source, index): (i16,i8,u16) (u16,u8,u16) (i16,i16,u16)
    (u16,u16,u16) (f16,f16,u16) (bf16,bf16,u16) (i32,i32,u32) (u32,u32,u32)
    (f32,f32,u32), and for 64-bit data (i64 or u64, source of the same type):
    result one-register with index u32, u64 or u64x2; result two-register
    with index u32 or u64x2. The source type is the memref element type; a
    signless integer memref matches either signedness.

    ```mlir
    %g = ascreg.gather %base[%idx], %m : memref<?xf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
    ```
  }];
  let arguments = (ins Arg<AscReg_UBMemRef, "UB buffer", [MemRead]>:$base, AscReg_VReg:$index,
                       AscReg_Mask:$mask);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = [{
    $base `[` $index `]` `,` $mask attr-dict `:` type($base) `,` qualified(type($index)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def AscReg_GatherRegOp : AscReg_Op<"gather_reg", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "gather within a register (Gather(dst, src, index) / vselr)";
  let description = [{
    `result[i] = src[index[i] mod VL]` for every lane; no mask. Data of 8, 16
    or 32 bits; the index is u8, u16 or u32 of the same width.

    ```mlir
    %g = ascreg.gather_reg %v[%idx] : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
    ```
  }];
  let arguments = (ins AscReg_VReg:$src, AscReg_VReg:$index);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$src `[` $index `]` attr-dict `:` qualified(type($src)) `,` qualified(type($index))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Companions
//===----------------------------------------------------------------------===//

def AscReg_DuplicateOp : AscReg_Op<"duplicate", [Pure]> {
  let summary = "broadcast a scalar to every lane (Duplicate / vbr, vdup)";
  let description = [{
    Every lane is `scalar`; with a mask, inactive lanes are 0 (zeroing). The
    scalar is a signless integer of the element width (its bits are used) or
    the element's float type.

    ```mlir
    %v = ascreg.duplicate %x : f32 -> !ascreg.vreg<64xf32>
    %w = ascreg.duplicate %y, %m : i16 -> !ascreg.vreg<128xu16>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, F16, BF16, F32]>:$scalar,
                       Optional<AscReg_Mask>:$mask);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$scalar (`,` $mask^)? attr-dict `:` type($scalar) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def AscReg_ArangeOp : AscReg_Op<"arange", [Pure]> {
  let summary = "lane i = start + i (Arange INCREASE_ORDER / vci)";
  let description = [{
    Integers wrap modulo 2^width; floats round `start + i` once (RNE). Element
    types: i8 u8 i16 u16 i32 u32 i64 u64 f16 f32 (unsigned forms are the
    vendor's reinterpretation of the signed result).

    ```mlir
    %idx = ascreg.arange %c0 : i32 -> !ascreg.vreg<64xu32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, F16, F32]>:$start);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$start attr-dict `:` type($start) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def AscReg_CompareOp : AscReg_Op<"compare", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "lane-wise comparison into a mask (Compare / vcmp_*)";
  let description = [{
    The result has the lowest bit of an active lane's group set iff the
    predicate holds; inactive lanes give 0. Floats compare IEEE (NaN is
    unordered: only `ne` holds; -0 equals +0); integers by signedness.

    ```mlir
    %gt = ascreg.compare <gt> %a, %b, %m : !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins AscReg_ComparePredicateAttr:$predicate, AscReg_VReg:$lhs, AscReg_VReg:$rhs,
                       AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$predicate $lhs `,` $rhs `,` $mask attr-dict `:` qualified(type($lhs))";
  let hasVerifier = 1;
}

def AscReg_SelectOp : AscReg_Op<"select", [Pure, AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "lane-wise select by mask (Select / vsel)";
  let description = [{
    `result[i] = mask lane i active ? true_value[i] : false_value[i]`.

    ```mlir
    %r = ascreg.select %m, %a, %b : !ascreg.vreg<64xf32>
    ```
  }];
  let arguments = (ins AscReg_Mask:$mask, AscReg_VReg:$true_value, AscReg_VReg:$false_value);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$mask `,` $true_value `,` $false_value attr-dict `:` qualified(type($result))";
}

class AscReg_BinaryOp<string mnemonic, string what, list<Trait> traits = []>
    : AscReg_Op<mnemonic, !listconcat(traits, [Pure, AllTypesMatch<["lhs", "rhs", "result"]>])> {
  let summary = "lane-wise masked " # what;
  let arguments = (ins AscReg_VReg:$lhs, AscReg_VReg:$rhs, AscReg_Mask:$mask,
                       AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}
def AscReg_AddOp : AscReg_BinaryOp<"add", "addition (Add / vadd)"> {
  let description = [{
    Active lanes: `lhs + rhs` (integers wrap, floats RNE non-saturating);
    inactive lanes 0.
    ```mlir
    %s = ascreg.add %a, %b, %m : !ascreg.vreg<64xf32>
    ```
  }];
}
def AscReg_MaxOp : AscReg_BinaryOp<"max", "maximum (Max / vmax)"> {
  let description = [{
    Active lanes: the larger of `lhs` and `rhs` (-0 below +0; a NaN operand
    gives that NaN, `lhs` first); inactive lanes 0.
    ```mlir
    %s = ascreg.max %a, %b, %m : !ascreg.vreg<128xf16>
    ```
  }];
}
def AscReg_MinOp : AscReg_BinaryOp<"min", "minimum (Min / vmin)"> {
  let description = [{
    Active lanes: the smaller of `lhs` and `rhs` (-0 below +0; a NaN operand
    gives that NaN, `lhs` first); inactive lanes 0.
    ```mlir
    %s = ascreg.min %a, %b, %m : !ascreg.vreg<64xi32>
    ```
  }];
}

def AscReg_SubOp : AscReg_BinaryOp<"sub", "subtraction (Sub / vsub)"> {
  let description = [{
    Active lanes: `lhs - rhs`; inactive lanes 0. Integers wrap; floats are
    rounded once (RNE), a NaN operand gives that NaN quieted (`lhs` first,
    `add.nan`), f16 saturates when CTRL[48] = 0, subnormals per
    `arith.subnormals`. Legal (the Reg API's `Sub`): i8 u8 i16 u16 f16 bf16
    i32 u32 f32 i64 u64, and the 64-bit two-register form
    (docs/semantics.md 2.20).
    ```mlir
    %d = ascreg.sub %a, %b, %m : !ascreg.vreg<64xf32>
    ```
  }];
}
def AscReg_MulOp : AscReg_BinaryOp<"mul", "multiplication (Mul / vmul)"> {
  let description = [{
    Active lanes: `lhs * rhs`; inactive lanes 0. Integers keep the low bits
    of the product (signed or not); floats as `sub`, with f16 saturation per
    `mul.f16_saturation`. Legal (the Reg API's `Mul`): i16 u16 f16 bf16 i32
    u32 f32 i64 u64 and the two-register form; no 8-bit type.
    ```mlir
    %p = ascreg.mul %a, %b, %m : !ascreg.vreg<128xf16>
    ```
  }];
}
def AscReg_AndOp : AscReg_BinaryOp<"and", "bitwise and (And / vand)", [Commutative]> {
  let description = [{
    Active lanes: `lhs & rhs`; inactive lanes 0. Legal: the integer types
    i8 u8 i16 u16 i32 u32 i64 u64 and the two-register form.
  }];
}
def AscReg_OrOp : AscReg_BinaryOp<"or", "bitwise or (Or / vor)", [Commutative]> {
  let description = [{
    Active lanes: `lhs | rhs`; inactive lanes 0. Legal: as `and`.
  }];
}
def AscReg_XorOp : AscReg_BinaryOp<"xor", "bitwise exclusive or (Xor / vxor)", [Commutative]> {
  let description = [{
    Active lanes: `lhs ^ rhs`; inactive lanes 0. Legal: as `and`.
  }];
}

class AscReg_UnaryOp<string mnemonic, string what>
    : AscReg_Op<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "lane-wise masked " # what;
  let arguments = (ins AscReg_VReg:$source, AscReg_Mask:$mask, AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$source `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}
def AscReg_AbsOp : AscReg_UnaryOp<"abs", "absolute value (Abs / vabs)"> {
  let description = [{
    Active lanes: `|source|`; inactive lanes 0. Integers wrap (|INT_MIN| is
    INT_MIN); floats clear the sign bit (`abs.float`; -0 gives +0). Legal
    (the Reg API's `Abs`): i8 i16 i32 i64 f16 f32 and i64 in two registers.
    ```mlir
    %a = ascreg.abs %x, %m : !ascreg.vreg<64xf32>
    ```
  }];
}
def AscReg_NotOp : AscReg_UnaryOp<"not", "bitwise complement (Not / vnot)"> {
  let description = [{
    Active lanes: `~source` on the raw bits; inactive lanes 0. Legal: the
    integer types, f16, f32 and the two-register form.
  }];
}

//===----------------------------------------------------------------------===//
// Vector-scalar forms (docs/semantics.md 2.25)
//===----------------------------------------------------------------------===//

class AscReg_ScalarFormOp<string mnemonic, string what>
    : AscReg_Op<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "lane-wise masked " # what # " with a scalar";
  let arguments = (ins AscReg_VReg:$source, AnyTypeOf<[AnySignlessInteger, F16, F32]>:$scalar,
                       AscReg_Mask:$mask, AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$source `,` $scalar `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($result)) `,` type($scalar)";
  let hasVerifier = 1;
}
def AscReg_AddsOp : AscReg_ScalarFormOp<"adds", "addition (Adds / vadds)"> {
  let description = [{
    Active lanes: `source + scalar`; inactive lanes 0. Exactly `add` of
    `source` and the scalar broadcast (`duplicate`), so every rule of `add`
    holds. The scalar is the element's float type or a signless integer of
    the element width (its bits). Legal: i8 u8 i16 u16 f16 i32 u32 f32 i64
    u64 and the two-register form (the Reg API's `Adds` also has bf16, which
    `add` lacks, docs/semantics.md 2.25).
    ```mlir
    %r = ascreg.adds %a, %s, %m : !ascreg.vreg<64xf32>, f32
    ```
  }];
}
def AscReg_MulsOp : AscReg_ScalarFormOp<"muls", "multiplication (Muls / vmuls)"> {
  let description = [{
    Active lanes: `source * scalar` (`mul` with the scalar broadcast);
    inactive lanes 0. Legal (the Reg API's `Muls`): i16 u16 f16 i32 u32 f32
    i64 u64 and the two-register form; no 8-bit type, no bf16.
    ```mlir
    %r = ascreg.muls %a, %s, %m : !ascreg.vreg<128xf16>, f16
    ```
  }];
}
def AscReg_MaxsOp : AscReg_ScalarFormOp<"maxs", "maximum (Maxs / vmaxs)"> {
  let description = [{
    Active lanes: `max(source, scalar)` (`max` with the scalar broadcast, so
    a NaN lane of `source` wins over a NaN scalar); inactive lanes 0. Legal:
    as `adds`.
  }];
}
def AscReg_MinsOp : AscReg_ScalarFormOp<"mins", "minimum (Mins / vmins)"> {
  let description = [{
    Active lanes: `min(source, scalar)` (`min` with the scalar broadcast);
    inactive lanes 0. Legal: as `adds`.
  }];
}
def AscReg_ComparesOp : AscReg_Op<"compares", [Pure]> {
  let summary = "lane-wise comparison with a scalar into a mask (Compares / vcmps_*)";
  let description = [{
    `compare` of `source` and the scalar broadcast: the lowest bit of an
    active lane's group is set iff `source[i] <pred> scalar`. Legal: as
    `adds`.
    ```mlir
    %ge = ascreg.compares <ge> %a, %s, %m : !ascreg.vreg<64xi32>, i32
    ```
  }];
  let arguments = (ins AscReg_ComparePredicateAttr:$predicate, AscReg_VReg:$source,
                       AnyTypeOf<[AnySignlessInteger, F16, F32]>:$scalar, AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$predicate $source `,` $scalar `,` $mask attr-dict `:` qualified(type($source)) `,` type($scalar)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shifts (docs/semantics.md 2.26)
//===----------------------------------------------------------------------===//

class AscReg_ShiftOp<string mnemonic, string what>
    : AscReg_Op<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "lane-wise masked " # what # " by the lanes of a register";
  let arguments = (ins AscReg_VReg:$source, AscReg_VReg:$amount, AscReg_Mask:$mask,
                       AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$source `,` $amount `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($result)) `,` qualified(type($amount))";
  let hasVerifier = 1;
}
class AscReg_ShiftScalarOp<string mnemonic, string what>
    : AscReg_Op<mnemonic, [Pure, AllTypesMatch<["source", "result"]>]> {
  let summary = "lane-wise masked " # what # " by an int16 scalar";
  let arguments = (ins AscReg_VReg:$source, I16:$scalar, AscReg_Mask:$mask,
                       AscReg_MergeModeArg:$mode);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$source `,` $scalar `,` $mask (`mode` $mode^)? attr-dict `:` qualified(type($result)) `,` type($scalar)";
  let hasVerifier = 1;
}
def AscReg_ShiftLeftOp : AscReg_ShiftOp<"shift_left", "left shift (ShiftLeft / vshl)"> {
  let description = [{
    Active lanes: `source[i] << amount[i]`, the amount read as a signed
    integer of the lane width; inactive lanes 0. Zeros shift in; a signed
    lane wraps like an unsigned one (`shift.signed_left`). An amount past the
    lane width gives 0 (exactly the width: `shift.range`); a negative amount
    shifts right by its magnitude (`shift.negative`). Legal (the Reg
    API's `ShiftLeft`, amount type the signed type of the width): i8 u8 (i8
    amount), i16 u16 (i16), i32 u32 (i32) (docs/semantics.md 2.26).
    ```mlir
    %r = ascreg.shift_left %a, %n, %m : !ascreg.vreg<64xu32>, !ascreg.vreg<64xi32>
    ```
  }];
}
def AscReg_ShiftRightOp : AscReg_ShiftOp<"shift_right", "right shift (ShiftRight / vshr)"> {
  let description = [{
    Active lanes: `source[i] >> amount[i]`, arithmetic for signed lanes,
    logical for unsigned ones; inactive lanes 0. An amount past the width
    gives 0, or -1 for a negative signed lane (exactly the width:
    `shift.range`); a negative amount shifts left (`shift.negative`). Legal:
    as `shift_left`.
    ```mlir
    %h = ascreg.shift_right %a, %n, %m : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
    ```
  }];
}
def AscReg_ShiftLeftsOp : AscReg_ShiftScalarOp<"shift_lefts", "left shift (ShiftLefts / vshls)"> {
  let description = [{
    `shift_left` with every lane's amount the int16 `scalar` (its value, not
    truncated to the lane). Legal (the Reg API's `ShiftLefts`, scalar
    int16_t): i8 u8 i16 u16 i32 u32.
    ```mlir
    %r = ascreg.shift_lefts %a, %s, %m : !ascreg.vreg<128xu16>, i16
    ```
  }];
}
def AscReg_ShiftRightsOp : AscReg_ShiftScalarOp<"shift_rights", "right shift (ShiftRights / vshrs)"> {
  let description = [{
    `shift_right` with every lane's amount the int16 `scalar`. Legal (the Reg
    API's `ShiftRights`, scalar int16_t): i8 u8 i16 u16 i32 u32.
    ```mlir
    %h = ascreg.shift_rights %a, %s, %m : !ascreg.vreg<64xi32>, i16
    ```
  }];
}

def AscReg_BitcastOp : AscReg_Op<"bitcast", [Pure]> {
  let summary = "reinterpret the bits of a register as another element type";
  let description = [{
    Keeps the register bytes; both types must have the same register count.
    Used e.g. to read a max/min index stored in an f16 lane as u16.

    ```mlir
    %u = ascreg.bitcast %r : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xu16>
    ```
  }];
  let arguments = (ins AscReg_VReg:$source);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

def AscReg_CastOp : AscReg_Op<"cast", [Pure]> {
  let summary = "type conversion of a register (Cast / vcvt)";
  let description = [{
    Converts the active lanes of `src` (mask counted on the **source** type)
    to the result element type; inactive lanes are 0 (zeroing). The legal
    pairs, and for each pair its operands, are the fact sheet's table
    (`ascreg::semantics::allCastPairs`):

    - `round <rint|round|floor|ceil|trunc|odd>` where the pair rounds
      (`odd`, von Neumann rounding, only for f32 -> f16);
    - `sat <off|on>` where the instruction has a saturation operand
      (RS_DISABLE / RS_ENABLE; it decides only with
      `#ascreg.ctrl<saturation = instruction>`, see `ascreg.ctrl`);
    - `part <even|odd>` (2:1) or `part <p0|p1|p2|p3>` (4:1) where the lane
      counts differ: widening reads source lanes r*k+part into result lane
      k; narrowing writes source lane k to result lane r*k+part and zeroes
      every other lane.

    A keyword the pair does not take is an error, and so is a missing one;
    every diagnostic names the pair's legal operands. A pair without a single
    instruction is rejected with a chain to use instead (s16 -> s8:
    s16 -> f16 -> s8). 64-bit types only in the one-register form.

    ```mlir
    %h = ascreg.cast %f, %m round <rint> sat <off> part <even>
        : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    %w = ascreg.cast %h, %m part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    %i = ascreg.cast %f, %m round <trunc> sat <on> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
    ```
  }];
  let arguments = (ins AscReg_VReg:$src, AscReg_Mask:$mask,
                       OptionalAttr<AscReg_RoundModeAttr>:$round,
                       OptionalAttr<AscReg_SatModeAttr>:$sat,
                       OptionalAttr<AscReg_CastPartAttr>:$part);
  let results = (outs AscReg_VReg:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The instruction as the semantics library spells it (defaults where
    /// the pair has no such operand).
    ::ascreg::semantics::CastSpec getSpec();
  }];
}

def AscReg_TruncateOp : AscReg_Op<"truncate", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "round to an integral value in the same float type (Truncate / vtrc)";
  let description = [{
    Rounds every active lane of an f16, bf16 or f32 register to an integral
    value of the same type under `round` (rint, round, floor, ceil, trunc);
    inactive lanes are 0. f32 never saturates; f16 and bf16 saturate (inf ->
    +-MAX, NaN -> +0) when the kernel's CTRL[48] is 0.

    ```mlir
    %r = ascreg.truncate %v, %m round <floor> : !ascreg.vreg<128xf16>
    ```
  }];
  let arguments = (ins AscReg_VReg:$src, AscReg_Mask:$mask, AscReg_RoundModeAttr:$round);
  let results = (outs AscReg_VReg:$result);
  let assemblyFormat = "$src `,` $mask `round` $round attr-dict `:` qualified(type($src))";
  let hasVerifier = 1;
}

include "ascreg/Dialect/AscReg/IR/AscRegRegApiOps.td"

#endif // ASCREG_OPS_TD
