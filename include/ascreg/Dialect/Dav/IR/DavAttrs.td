//===- DavAttrs.td - dav-3510 enums ------------------------*- tablegen -*-===//
#ifndef DAV_ATTRS_TD
#define DAV_ATTRS_TD

include "ascreg/Dialect/Dav/IR/DavDialect.td"
include "mlir/IR/EnumAttr.td"

def Dav_HalfPart : I32EnumAttr<"HalfPart", "which half of a predicate (LOWER / HIGHER)", [
    I32EnumAttrCase<"lower", 0>, I32EnumAttrCase<"higher", 1>]> {
  let cppNamespace = "::ascreg::dav";
  let genSpecializedAttr = 0;
}
def Dav_HalfPartAttr : EnumAttr<Dav_Dialect, Dav_HalfPart, "part"> {
  let assemblyFormat = "`<` $value `>`";
}

// The UB pipes a barrier orders, in the vendor's spelling (mem_bar(VST_LD)):
// the first pipe's stores complete before the second pipe's loads start.
def Dav_MemBarKind : I32EnumAttr<"MemBarKind", "UB pipes a mem_bar orders", [
    I32EnumAttrCase<"VST_LD", 0>, I32EnumAttrCase<"VST_VLD", 1>,
    I32EnumAttrCase<"ST_VLD", 2>]> {
  let cppNamespace = "::ascreg::dav";
  let genSpecializedAttr = 0;
}
def Dav_MemBarKindAttr : EnumAttr<Dav_Dialect, Dav_MemBarKind, "mem_bar_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // DAV_ATTRS_TD
