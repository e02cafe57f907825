//===- AscRegAttrs.td - ascreg enums and attributes --------*- tablegen -*-===//
#ifndef ASCREG_ATTRS_TD
#define ASCREG_ATTRS_TD

include "ascreg/Dialect/AscReg/IR/AscRegDialect.td"
include "mlir/IR/EnumAttr.td"

def AscReg_ReduceKind : I32EnumAttr<"ReduceKind", "reduction kind (vcadd / vcmax / vcmin)", [
    I32EnumAttrCase<"sum", 0>, I32EnumAttrCase<"max", 1>, I32EnumAttrCase<"min", 2>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_ReduceKindAttr : EnumAttr<AscReg_Dialect, AscReg_ReduceKind, "reduce_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

// Numeric values are the vendor's MaskPattern / PAT_* encodings.
def AscReg_MaskPattern : I32EnumAttr<"MaskPattern", "mask pattern (pset_bN)", [
    I32EnumAttrCase<"ALL", 0>, I32EnumAttrCase<"VL1", 1>, I32EnumAttrCase<"VL2", 2>,
    I32EnumAttrCase<"VL3", 3>, I32EnumAttrCase<"VL4", 4>, I32EnumAttrCase<"VL8", 5>,
    I32EnumAttrCase<"VL16", 6>, I32EnumAttrCase<"VL32", 7>, I32EnumAttrCase<"VL64", 8>,
    I32EnumAttrCase<"VL128", 9>, I32EnumAttrCase<"M3", 10>, I32EnumAttrCase<"M4", 11>,
    I32EnumAttrCase<"H", 12>, I32EnumAttrCase<"Q", 13>, I32EnumAttrCase<"ALLF", 15>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_MaskPatternAttr : EnumAttr<AscReg_Dialect, AscReg_MaskPattern, "mask_pattern"> {
  let assemblyFormat = "`<` $value `>`";
}

def AscReg_MergeMode : I32EnumAttr<"MergeMode", "treatment of inactive destination lanes", [
    I32EnumAttrCase<"zeroing", 0>, I32EnumAttrCase<"merging", 1>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_MergeModeAttr : EnumAttr<AscReg_Dialect, AscReg_MergeMode, "merge_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

def AscReg_ComparePredicate : I32EnumAttr<"ComparePredicate", "lane-wise comparison (vcmp_*)", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>, I32EnumAttrCase<"lt", 2>,
    I32EnumAttrCase<"le", 3>, I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_ComparePredicateAttr : EnumAttr<AscReg_Dialect, AscReg_ComparePredicate, "compare_predicate"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Type conversion (vcvt / vtrc) and the CTRL register
//===----------------------------------------------------------------------===//

// Numeric values are the vendor's ROUND_R/A/F/C/Z/O encodings (cast-facts §1),
// equal to ascreg::semantics::RoundMode.
def AscReg_RoundMode : I32EnumAttr<"RoundMode", "round mode of a conversion (ROUND_R/A/F/C/Z/O)", [
    I32EnumAttrCase<"rint", 0>, I32EnumAttrCase<"round", 1>, I32EnumAttrCase<"floor", 2>,
    I32EnumAttrCase<"ceil", 3>, I32EnumAttrCase<"trunc", 4>, I32EnumAttrCase<"odd", 5>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_RoundModeAttr : EnumAttr<AscReg_Dialect, AscReg_RoundMode, "round_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// The saturation operand of a conversion: RS_DISABLE (0) / RS_ENABLE (1).
def AscReg_SatMode : I32EnumAttr<"SatMode", "saturation operand of a conversion (RS_DISABLE / RS_ENABLE)", [
    I32EnumAttrCase<"off", 0>, I32EnumAttrCase<"on", 1>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_SatModeAttr : EnumAttr<AscReg_Dialect, AscReg_SatMode, "sat_mode"> {
  let assemblyFormat = "`<` $value `>`";
}

// Which part of the wider side a 2:1 or 4:1 conversion reads or writes
// (RegLayout ZERO..THREE = PART_EVEN/PART_ODD or PART_P0..P3), equal to
// ascreg::semantics::CastPart. The op syntax spells p0/p1 of a 2:1 conversion
// `even`/`odd`.
def AscReg_CastPart : I32EnumAttr<"CastPart", "lane part of a widening or narrowing conversion", [
    I32EnumAttrCase<"p0", 0>, I32EnumAttrCase<"p1", 1>, I32EnumAttrCase<"p2", 2>,
    I32EnumAttrCase<"p3", 3>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_CastPartAttr : EnumAttr<AscReg_Dialect, AscReg_CastPart, "cast_part"> {
  let assemblyFormat = "`<` $value `>`";
}

def AscReg_CtrlAttr : AttrDef<AscReg_Dialect, "Ctrl"> {
  let mnemonic = "ctrl";
  let summary = "the CTRL register state a kernel runs in (bits 60, 48, 59, 50)";
  let description = [{
    The kernel-level CTRL bits that type conversions and f16 arithmetic read
    (docs/semantics.md, "CTRL"). Placed on a kernel function as `ascreg.ctrl`;
    a function without it runs in the state the Ascend 950 runtime gives a
    kernel, which is also every parameter's default:

    - `saturation = global | instruction` (CTRL[60] = 1 | 0): whether the
      CTRL bits below or each instruction's `sat` operand decide saturation;
    - `float_overflow = inf_nan | saturate` (CTRL[48] = 1 | 0): float
      conversions in global mode, f16 -> bf16, truncate of f16/bf16 and f16
      arithmetic (add, reduce sum, pair_reduce_sum);
    - `int_overflow = saturate | truncate` (CTRL[59] = 0 | 1): float -> int
      and int -> int narrowing in global mode;
    - `fp8_nan = zero | keep` (CTRL[50] = 0 | 1): fp8 only (no core cast).

    ```mlir
    func.func @kernel(...) attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction,
        float_overflow = inf_nan, int_overflow = saturate, fp8_nan = zero>}
    ```
  }];
  let parameters = (ins "bool":$globalSat, "bool":$floatNonSat, "bool":$intTruncate,
                        "bool":$fp8NanKeep);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The semantics library's CTRL state.
    ::ascreg::semantics::Ctrl getCtrl() const;
    static CtrlAttr get(::mlir::MLIRContext *ctx, const ::ascreg::semantics::Ctrl &ctrl);
  }];
}

def AscReg_ProfileAttr : AttrDef<AscReg_Dialect, "Profile"> {
  let mnemonic = "profile";
  let summary = "the semantic profile a kernel runs with (docs/semantics.md 8.1)";
  let description = [{
    One candidate per open semantic point (the table of
    lib/Semantics/Profile.cpp, `ascreg-probe list`), parsed once when the IR
    is read. Placed on a module or a function as `ascreg.semantics`; the
    points not named take their documented candidate:

    ```mlir
    module attributes {ascreg.semantics = #ascreg.profile<sum.rounding = round_once,
                                                          ctrl.float_mode = saturating>} {...}
    module attributes {ascreg.semantics = #ascreg.profile<documented>} {...}
    ```

    The printer lists the non-documented choices in table order (the
    canonical spelling of `semantics::printProfile` with blanks around `=`).
  }];
  let parameters = (ins AttrParameter<"::ascreg::semantics::Profile",
                                      "the choices, one per open point">:$profile);
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "const ::ascreg::semantics::Profile &":$profile)>
  ];
}

// The governed mask logic's operation (the vendor's MaskReg And / Or / Xor).
def AscReg_MaskLogicKind : I32EnumAttr<"MaskLogicKind", "bitwise mask operation (pand / por / pxor)", [
    // C++ reserves and / or / xor: the enumerators are capitalised, the
    // keywords are not.
    I32EnumAttrCase<"And", 0, "and">, I32EnumAttrCase<"Or", 1, "or">,
    I32EnumAttrCase<"Xor", 2, "xor">]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_MaskLogicKindAttr : EnumAttr<AscReg_Dialect, AscReg_MaskLogicKind, "mask_logic_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

// The vendor's HighLowPart (LOWEST, HIGHEST) of Duplicate(dst, srcReg, mask).
def AscReg_LanePosition : I32EnumAttr<"LanePosition", "source lane of a lane broadcast (POS_*)", [
    I32EnumAttrCase<"lowest", 0>, I32EnumAttrCase<"highest", 1>]> {
  let cppNamespace = "::ascreg";
  let genSpecializedAttr = 0;
}
def AscReg_LanePositionAttr : EnumAttr<AscReg_Dialect, AscReg_LanePosition, "lane_position"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // ASCREG_ATTRS_TD
