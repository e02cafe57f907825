//===- DavOps.td - dav-3510 intrinsic dialect --------------*- tablegen -*-===//
//
// One op per dav-3510 compiler intrinsic that ascreg lowers to (vcadd, vcmax,
// vcpadd, vgather2, vselr, plt_bN, pset_bN, vlds, vsts, ...), with operands as
// the intrinsic takes them, on the physical register types: 256-byte
// registers of 8-, 16- or 32-bit lanes (64-bit data only as 32-bit words) and
// 256-bit predicates. The ascreg -> dav lowering (convert-ascreg-to-dav) builds
// the 64-bit forms from 32-bit sequences.
//
//===----------------------------------------------------------------------===//
#ifndef DAV_OPS_TD
#define DAV_OPS_TD

include "ascreg/Dialect/Dav/IR/DavDialect.td"
include "ascreg/Dialect/Dav/IR/DavAttrs.td"
include "ascreg/Dialect/Dav/IR/DavInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "ascreg/Dialect/AscReg/IR/AscRegTypes.td"
include "ascreg/Dialect/AscReg/IR/AscRegAttrs.td"

def Dav_Reg : Type<CPred<"::ascreg::dav::isPhysicalReg($_self)">,
                   "dav-3510 vector register (8-, 16- or 32-bit lanes)",
                   "::ascreg::VRegType">;
// The registers a conversion reads or writes: a physical register, or one
// register of 32 64-bit lanes (the vendor's vector_int64_t of vcvt s322s64,
// f322s64, s642s32, s642f32).
def Dav_CvtReg : Type<CPred<"::ascreg::dav::isConversionReg($_self)">,
                      "dav-3510 vector register (8-, 16-, 32-bit lanes, or 32 64-bit lanes)",
                      "::ascreg::VRegType">;
def Dav_UB : Type<And<[IsMemRefTypePred,
    CPred<"::llvm::cast<::mlir::MemRefType>($_self).getRank() == 1">]>,
    "rank-1 UB memref", "::mlir::MemRefType">;

/// One intrinsic call. `callTemplate` lists its arguments in the vendor's
/// order (DavInterfaces.td: `{rN}` result N, `{N}` operand N, other text as
/// is); `intrinsicName` and `callTemplate` are C++ expressions, so an op
/// whose name or literals depend on an attribute computes them.
class Dav_IntrOp<string mnemonic, string args, list<Trait> traits = []>
    : Dav_Op<mnemonic, !listconcat(traits, [DeclareOpInterfaceMethods<Dav_IntrinsicOpInterface>])> {
  code intrinsicName = "\"" # mnemonic # "\"";
  code callTemplate = "\"" # args # "\"";
  let extraClassDefinition = [{
    std::string $cppClass::getIntrinsicName() { return std::string(}] # intrinsicName # [{); }
    std::string $cppClass::getCallTemplate() { return std::string(}] # callTemplate # [{); }
  }];
}

//===----------------------------------------------------------------------===//
// Predicates
//===----------------------------------------------------------------------===//

class Dav_PsetOp<int width> : Dav_IntrOp<"pset_b" # width, "", [Pure]> {
  // Returns the predicate: `vector_bool m = pset_b16(PAT_ALL);`.
  let callTemplate = [{("PAT_" + stringifyMaskPattern(getPattern())).str()}];
  let summary = "predicate from a pattern for " # width # "-bit lanes";
  let arguments = (ins AscReg_MaskPatternAttr:$pattern);
  let results = (outs AscReg_Mask:$mask);
  let assemblyFormat = "$pattern attr-dict";
}
def Dav_PsetB8Op : Dav_PsetOp<8>;
def Dav_PsetB16Op : Dav_PsetOp<16>;
def Dav_PsetB32Op : Dav_PsetOp<32>;

class Dav_PltOp<int width> : Dav_IntrOp<"plt_b" # width, "{&0}, POST_UPDATE", [Pure]> {
  let summary = "prefix predicate of a count for " # width # "-bit lanes, POST_UPDATE";
  let description = [{
    Lanes [0, min(count, VL)) active; `rest` = count < VL ? 0 : count - VL
    (the POST_UPDATE form updates the scalar register in place).
  }];
  let arguments = (ins I32:$count);
  let results = (outs AscReg_Mask:$mask, I32:$rest);
  let assemblyFormat = "$count attr-dict";
}
def Dav_PltB8Op : Dav_PltOp<8>;
def Dav_PltB16Op : Dav_PltOp<16>;
def Dav_PltB32Op : Dav_PltOp<32>;

def Dav_PandOp : Dav_IntrOp<"pand", "{r0}, {0}, {1}, {2}", [Pure]> {
  let summary = "a & b & governing predicate";
  let arguments = (ins AscReg_Mask:$lhs, AscReg_Mask:$rhs, AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $mask attr-dict";
}
def Dav_PorOp : Dav_IntrOp<"por", "{r0}, {0}, {1}, {2}", [Pure]> {
  let summary = "(a | b) & governing predicate";
  let arguments = (ins AscReg_Mask:$lhs, AscReg_Mask:$rhs, AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $mask attr-dict";
}
def Dav_PxorOp : Dav_IntrOp<"pxor", "{r0}, {0}, {1}, {2}", [Pure]> {
  let summary = "(a ^ b) & governing predicate";
  let arguments = (ins AscReg_Mask:$lhs, AscReg_Mask:$rhs, AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $mask attr-dict";
}
def Dav_PnotOp : Dav_IntrOp<"pnot", "{r0}, {0}, {1}", [Pure]> {
  let summary = "~a & governing predicate";
  let arguments = (ins AscReg_Mask:$input, AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$input `,` $mask attr-dict";
}
def Dav_PpackOp : Dav_IntrOp<"ppack", "", [Pure]> {
  let callTemplate = [{getPart() == HalfPart::lower ? "{r0}, {0}, LOWER" : "{r0}, {0}, HIGHER"}];
  let summary = "even bits of a predicate into its lower or higher half (b64 -> b32 layout)";
  let arguments = (ins AscReg_Mask:$input, Dav_HalfPartAttr:$part);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$input $part attr-dict";
}
def Dav_PunpackOp : Dav_IntrOp<"punpack", "", [Pure]> {
  let callTemplate = [{getPart() == HalfPart::lower ? "{r0}, {0}, LOWER" : "{r0}, {0}, HIGHER"}];
  let summary = "lower or higher half of a predicate, each bit to two (upper bit 0)";
  let arguments = (ins AscReg_Mask:$input, Dav_HalfPartAttr:$part);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$input $part attr-dict";
}
def Dav_PintlvB32Op : Dav_IntrOp<"pintlv_b32", "{r0}, {r1}, {0}, {1}", [Pure]> {
  let summary = "interleave two predicates in 32-bit groups";
  let description = [{
    Groups of 4 bits: d0 = a0 b0 a1 b1 ... (first halves), d1 = the same for
    the second halves.
  }];
  let arguments = (ins AscReg_Mask:$lhs, AscReg_Mask:$rhs);
  let results = (outs AscReg_Mask:$low, AscReg_Mask:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Dav_VldsOp : Dav_IntrOp<"vlds", "{r0}, {0}, {1}, NORM"> {
  let summary = "aligned register load, DIST_NORM";
  let arguments = (ins Arg<Dav_UB, "", [MemRead]>:$base, Index:$offset);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$base `[` $offset `]` attr-dict `:` type($base) `->` qualified(type($result))";
  let hasVerifier = 1;
}
def Dav_VldsDintlvOp : Dav_IntrOp<"vlds_dintlv_b32", "{r0}, {r1}, {0}, {1}, DINTLV_B32"> {
  let intrinsicName = [{"vlds"}];
  let summary = "load 512 bytes, even 32-bit words to the first register, odd to the second (DIST_DINTLV_B32)";
  let arguments = (ins Arg<Dav_UB, "", [MemRead]>:$base, Index:$offset);
  let results = (outs Dav_Reg:$even, Dav_Reg:$odd);
  let assemblyFormat = "$base `[` $offset `]` attr-dict `:` type($base) `->` qualified(type($even)) `,` qualified(type($odd))";
  let hasVerifier = 1;
}
def Dav_VstsOp : Dav_IntrOp<"vsts", ""> {
  let callTemplate = [{"{0}, {1}, {2}, NORM_B" + std::to_string(getValue().getType().getElementBytes() * 8) + ", {3}"}];
  let summary = "aligned masked register store (DIST_NORM_Bx): active lanes only";
  let arguments = (ins Dav_Reg:$value, Arg<Dav_UB, "", [MemWrite]>:$base, Index:$offset,
                       AscReg_Mask:$mask);
  let assemblyFormat = "$value `,` $base `[` $offset `]` `,` $mask attr-dict `:` qualified(type($value)) `,` type($base)";
  let hasVerifier = 1;
}

def Dav_VstsFirstOp : Dav_IntrOp<"vsts_1pt", ""> {
  let intrinsicName = [{"vsts"}];
  let callTemplate = [{"{0}, {1}, {2}, ONEPT_B" + std::to_string(getValue().getType().getElementBytes() * 8) + ", {3}"}];
  let summary = "store of lane 0 (DIST_FIRST_ELEMENT_Bx / ONEPT_Bx): the mask is ignored";
  let arguments = (ins Dav_Reg:$value, Arg<Dav_UB, "", [MemWrite]>:$base, Index:$offset,
                       AscReg_Mask:$mask);
  let assemblyFormat = "$value `,` $base `[` $offset `]` `,` $mask attr-dict `:` qualified(type($value)) `,` type($base)";
}

def Dav_MemBarOp : Dav_IntrOp<"mem_bar", "", [MemoryEffects<[MemRead, MemWrite]>]> {
  let callTemplate = [{stringifyMemBarKind(getKind()).str()}];
  let summary = "UB barrier between two pipes of a vector function (mem_bar)";
  let description = [{
    Inside a vector function the vector store, vector load, scalar store and
    scalar load pipes are not ordered with each other: UB bytes a vector
    store writes and a scalar load reads need `mem_bar(VST_LD)` between the
    two, a vector load `mem_bar(VST_VLD)`, and bytes a scalar store writes
    and a vector load reads `mem_bar(ST_VLD)` (asc-devkit LocalMemBar; C API
    guide: `asc_store(ub_addr, v0); asc_mem_bar(VST_LD); asc_load(v1,
    ub_addr)`).

    ```mlir
    dav.vsts %v, %buf[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
    dav.mem_bar <VST_LD>
    %x = memref.load %buf[%off] : memref<?xf32>
    ```

    `ascreg-dav-insert-mem-barriers` inserts them before Ascend C emission.
    Every executor runs the ops of a kernel in program order, so a barrier
    changes no value there (the interpreter executes it as a no-op); the op
    reads and writes memory so that no transformation moves an access across
    it or removes it.
  }];
  let arguments = (ins Dav_MemBarKindAttr:$kind);
  let assemblyFormat = "$kind attr-dict";
}

//===----------------------------------------------------------------------===//
// Reductions and gathers
//===----------------------------------------------------------------------===//

class Dav_ReduceOp<string mnemonic, string what> : Dav_IntrOp<mnemonic, "{r0}, {0}, {1}, MODE_ZEROING", [Pure]> {
  let summary = what # " of the active lanes (MODE_ZEROING)";
  let arguments = (ins Dav_Reg:$src, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$src `,` $mask attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}
def Dav_VcaddOp : Dav_ReduceOp<"vcadd", "tree sum">;
def Dav_VcmaxOp : Dav_ReduceOp<"vcmax", "maximum and its first index">;
def Dav_VcminOp : Dav_ReduceOp<"vcmin", "minimum and its first index">;
def Dav_VcpaddOp : Dav_ReduceOp<"vcpadd", "adjacent pair sums into the lower half">;

def Dav_Vgather2Op : Dav_IntrOp<"vgather2", "{r0}, {0}, {1}, {2}"> {
  let summary = "gather from UB by element index (index unit: `unit` type, default the buffer's)";
  let description = [{
    `unit` reinterprets the buffer pointer (the vendor's `(__ubuf__ uint32_t*)`
    casts): a 64-bit buffer gathered as 32-bit words uses unit i32.
  }];
  let arguments = (ins Arg<Dav_UB, "", [MemRead]>:$base, Dav_Reg:$index, AscReg_Mask:$mask,
                       OptionalAttr<TypeAttr>:$unit);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$base `[` $index `]` `,` $mask attr-dict `:` type($base) `,` qualified(type($index)) `->` qualified(type($result))";
  let hasVerifier = 1;
}
def Dav_VselrOp : Dav_IntrOp<"vselr", "{r0}, {0}, {1}", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "gather within a register, index modulo the lane count";
  let arguments = (ins Dav_Reg:$src, Dav_Reg:$index);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$src `,` $index attr-dict `:` qualified(type($src)) `,` qualified(type($index))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Lane-wise
//===----------------------------------------------------------------------===//

def Dav_VbrOp : Dav_IntrOp<"vbr", "{r0}, {0}", [Pure]> {
  let summary = "broadcast a scalar to all lanes";
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, F16, BF16, F32]>:$scalar);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$scalar attr-dict `:` type($scalar) `->` qualified(type($result))";
}
def Dav_VdupOp : Dav_IntrOp<"vdup", "{r0}, {0}, {1}, MODE_ZEROING", [Pure]> {
  let summary = "broadcast a scalar to the active lanes (MODE_ZEROING)";
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, F16, BF16, F32]>:$scalar, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$scalar `,` $mask attr-dict `:` type($scalar) `->` qualified(type($result))";
}
def Dav_VdupLaneOp : Dav_IntrOp<"vdup_lane0", "{r0}, {0}, {1}, POS_LOWEST, MODE_ZEROING",
                                [Pure, AllTypesMatch<["src", "result"]>]> {
  let intrinsicName = [{"vdup"}];
  let summary = "broadcast lane 0 of a register (Duplicate(dst, srcReg, mask), LOWEST)";
  let arguments = (ins Dav_Reg:$src, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$src `,` $mask attr-dict `:` qualified(type($src))";
}
def Dav_VciOp : Dav_IntrOp<"vci", "{r0}, {0}, INC_ORDER", [Pure]> {
  let summary = "lane i = start + i";
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, F16, F32]>:$start);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$start attr-dict `:` type($start) `->` qualified(type($result))";
}
def Dav_VcmpOp : Dav_IntrOp<"vcmp", "{r0}, {0}, {1}, {2}", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let intrinsicName = [{"vcmp_" + stringifyComparePredicate(getPredicate()).str()}];
  let summary = "lane-wise comparison into a predicate (vcmp_eq ... vcmp_ge)";
  let arguments = (ins AscReg_ComparePredicateAttr:$predicate, Dav_Reg:$lhs, Dav_Reg:$rhs,
                       AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$predicate $lhs `,` $rhs `,` $mask attr-dict `:` qualified(type($lhs))";
}
def Dav_VselOp : Dav_IntrOp<"vsel", "{r0}, {0}, {1}, {2}", [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "mask ? lhs : rhs per lane";
  let arguments = (ins Dav_Reg:$lhs, Dav_Reg:$rhs, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $mask attr-dict `:` qualified(type($result))";
}
class Dav_BinaryOp<string mnemonic, string what>
    : Dav_IntrOp<mnemonic, "{r0}, {0}, {1}, {2}, MODE_ZEROING", [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "lane-wise " # what # " (MODE_ZEROING)";
  let arguments = (ins Dav_Reg:$lhs, Dav_Reg:$rhs, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $mask attr-dict `:` qualified(type($result))";
}
def Dav_VaddOp : Dav_BinaryOp<"vadd", "addition">;
def Dav_VmaxOp : Dav_BinaryOp<"vmax", "maximum">;
def Dav_VminOp : Dav_BinaryOp<"vmin", "minimum">;
def Dav_VandOp : Dav_BinaryOp<"vand", "bitwise and">;
def Dav_VsubOp : Dav_BinaryOp<"vsub", "subtraction">;
def Dav_VmulOp : Dav_BinaryOp<"vmul", "multiplication (integers: the low bits)">;
def Dav_VorOp : Dav_BinaryOp<"vor", "bitwise or">;
def Dav_VxorOp : Dav_BinaryOp<"vxor", "bitwise exclusive or">;
class Dav_UnaryOp<string mnemonic, string what>
    : Dav_IntrOp<mnemonic, "{r0}, {0}, {1}, MODE_ZEROING", [Pure, AllTypesMatch<["src", "result"]>]> {
  let summary = "lane-wise " # what # " (MODE_ZEROING)";
  let arguments = (ins Dav_Reg:$src, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$src `,` $mask attr-dict `:` qualified(type($result))";
}
def Dav_VabsOp : Dav_UnaryOp<"vabs", "absolute value">;
def Dav_VnotOp : Dav_UnaryOp<"vnot", "bitwise complement">;
class Dav_ScalarOp<string mnemonic, string what, Type scalarType = AnySignlessInteger>
    : Dav_IntrOp<mnemonic, "{r0}, {0}, {1}, {2}, MODE_ZEROING", [Pure, AllTypesMatch<["lhs", "result"]>]> {
  let summary = "lane-wise " # what # " with a scalar (MODE_ZEROING)";
  let arguments = (ins Dav_Reg:$lhs, scalarType:$scalar, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$lhs `,` $scalar `,` $mask attr-dict `:` qualified(type($result)) `,` type($scalar)";
}
// vadds / vmuls / vmaxs / vmins / vcmps_*: the scalar forms (ascreg.adds ...,
// docs/semantics.md 2.25); the scalar has the element type (or its bits).
def Dav_ScalarFormScalar : AnyTypeOf<[AnySignlessInteger, F16, F32]>;
def Dav_VaddsOp : Dav_ScalarOp<"vadds", "addition", Dav_ScalarFormScalar>;
def Dav_VmulsOp : Dav_ScalarOp<"vmuls", "multiplication (integers: the low bits)", Dav_ScalarFormScalar>;
def Dav_VmaxsOp : Dav_ScalarOp<"vmaxs", "maximum", Dav_ScalarFormScalar>;
def Dav_VminsOp : Dav_ScalarOp<"vmins", "minimum", Dav_ScalarFormScalar>;
def Dav_VcmpsOp : Dav_IntrOp<"vcmps", "{r0}, {0}, {1}, {2}", [Pure]> {
  let intrinsicName = [{"vcmps_" + stringifyComparePredicate(getPredicate()).str()}];
  let summary = "lane-wise comparison with a scalar into a predicate (vcmps_eq ... vcmps_ge)";
  let arguments = (ins AscReg_ComparePredicateAttr:$predicate, Dav_Reg:$lhs,
                       Dav_ScalarFormScalar:$scalar, AscReg_Mask:$mask);
  let results = (outs AscReg_Mask:$result);
  let assemblyFormat = "$predicate $lhs `,` $scalar `,` $mask attr-dict `:` qualified(type($lhs)) `,` type($scalar)";
}
// vshl / vshr / vshls / vshrs: the shifts (ascreg.shift_left ...,
// docs/semantics.md 2.26, profile shift.*); the amount register has the
// signed type of the lane width, a scalar amount is its signed value.
def Dav_VshlsOp : Dav_ScalarOp<"vshls", "shift left">;
def Dav_VshrsOp : Dav_ScalarOp<"vshrs", "shift right (arithmetic for signed lanes)">;
class Dav_ShiftOp<string mnemonic, string what>
    : Dav_IntrOp<mnemonic, "{r0}, {0}, {1}, {2}, MODE_ZEROING", [Pure, AllTypesMatch<["lhs", "result"]>]> {
  let summary = "lane-wise " # what # " by the lanes of a register (MODE_ZEROING)";
  let arguments = (ins Dav_Reg:$lhs, Dav_Reg:$amount, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$lhs `,` $amount `,` $mask attr-dict `:` qualified(type($result)) `,` qualified(type($amount))";
}
def Dav_VshlOp : Dav_ShiftOp<"vshl", "shift left">;
def Dav_VshrOp : Dav_ShiftOp<"vshr", "shift right (arithmetic for signed lanes)">;

def Dav_VintlvOp : Dav_IntrOp<"vintlv", "{r0}, {r1}, {0}, {1}", [Pure, AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let summary = "interleave lanes: d0 = a0 b0 a1 b1 ... (first halves), d1 = second halves";
  let arguments = (ins Dav_Reg:$lhs, Dav_Reg:$rhs);
  let results = (outs Dav_Reg:$low, Dav_Reg:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($lhs))";
}
def Dav_VdintlvOp : Dav_IntrOp<"vdintlv", "{r0}, {r1}, {0}, {1}", [Pure, AllTypesMatch<["lhs", "rhs", "even", "odd"]>]> {
  let summary = "de-interleave: d0 = even lanes of concat(a, b), d1 = odd lanes";
  let arguments = (ins Dav_Reg:$lhs, Dav_Reg:$rhs);
  let results = (outs Dav_Reg:$even, Dav_Reg:$odd);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($lhs))";
}
// Not an intrinsic: a C++ reference cast in the vendor's code.
def Dav_ReinterpretOp : Dav_Op<"reinterpret", [Pure]> {
  let summary = "view a register with another lane type (a C++ reference cast)";
  let arguments = (ins Dav_CvtReg:$source);
  let results = (outs Dav_CvtReg:$result);
  let assemblyFormat = "$source attr-dict `:` qualified(type($source)) `->` qualified(type($result))";
}

//===----------------------------------------------------------------------===//
// Type conversion
//===----------------------------------------------------------------------===//

def Dav_VcvtOp : Dav_IntrOp<"vcvt", "", [Pure]> {
  // vcvt(dst, src, mask, <operands of the pair in the vendor's order>, MODE_ZEROING):
  // R, S, PART in general; S, R for bf16 -> f16 (cast-facts §4).
  let callTemplate = [{::ascreg::dav::vcvtCallTemplate(getOperation())}];
  let summary = "type conversion (vcvt_ff / vcvt_fi / vcvt_if / vcvt_ii), MODE_ZEROING";
  let description = [{
    The legal pairs and their operands are those of `ascreg.cast` (the
    semantics library's table), with the same syntax. 64-bit sides are one
    register of 32 64-bit lanes (`vector_int64_t`). Saturation follows the
    kernel's CTRL state like `ascreg.cast`; kernels lowered by
    convert-ascreg-to-dav run with per-instruction saturation, so `sat` is
    the instruction's RS_ENABLE / RS_DISABLE.
  }];
  let arguments = (ins Dav_CvtReg:$src, AscReg_Mask:$mask,
                       OptionalAttr<AscReg_RoundModeAttr>:$round,
                       OptionalAttr<AscReg_SatModeAttr>:$sat,
                       OptionalAttr<AscReg_CastPartAttr>:$part);
  let results = (outs Dav_CvtReg:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Dav_VtrcOp : Dav_IntrOp<"vtrc", "", [Pure, AllTypesMatch<["src", "result"]>]> {
  // The mask comes after the round mode (cast-facts §1, I-Reg TruncateImpl).
  let callTemplate = [{"{r0}, {0}, " + std::string(::ascreg::semantics::vendorRoundName(
      ::ascreg::toSemantics(getRound()))) + ", {1}, MODE_ZEROING"}];
  let summary = "round to an integral value in the same float type, MODE_ZEROING";
  let arguments = (ins Dav_Reg:$src, AscReg_Mask:$mask, AscReg_RoundModeAttr:$round);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$src `,` $mask `round` $round attr-dict `:` qualified(type($src))";
  let hasVerifier = 1;
}

// vcgadd / vcgmax / vcgmin: ascreg.reduce_data_block (docs/semantics.md
// 2.26), the Reg API's ReduceDataBlock, with its legal (result, source) types.
class Dav_BlockReduceOp<string mnemonic, string what>
    : Dav_IntrOp<mnemonic, "{r0}, {0}, {1}, MODE_ZEROING", [Pure]> {
  let summary = what # " of each 32-byte block's active lanes into lane b (MODE_ZEROING)";
  let arguments = (ins Dav_Reg:$src, AscReg_Mask:$mask);
  let results = (outs Dav_Reg:$result);
  let assemblyFormat = "$src `,` $mask attr-dict `:` qualified(type($src)) `->` qualified(type($result))";
  let hasVerifier = 1;
}
def Dav_VcgaddOp : Dav_BlockReduceOp<"vcgadd", "tree sum">;
def Dav_VcgmaxOp : Dav_BlockReduceOp<"vcgmax", "maximum">;
def Dav_VcgminOp : Dav_BlockReduceOp<"vcgmin", "minimum">;

#endif // DAV_OPS_TD
