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

#endif // DAV_ATTRS_TD
