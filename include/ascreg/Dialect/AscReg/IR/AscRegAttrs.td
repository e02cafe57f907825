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

#endif // ASCREG_ATTRS_TD
