//===- DavDialect.td - dav-3510 intrinsic dialect ----------*- tablegen -*-===//
#ifndef DAV_DIALECT_TD
#define DAV_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Dav_Dialect : Dialect {
  let name = "dav";
  let cppNamespace = "::ascreg::dav";
  let summary = "dav-3510 (Ascend 950) vector intrinsics";
  let description = [{
    The intrinsic level of the NPU path: each op is one compiler builtin of
    the dav-3510 vector unit, named as in the vendor's headers (see
    docs/glossary.md for the map to the Reg C++ API, the C API and the
    AscendNPU-IR / PTOAS names). Registers are `!ascreg.vreg` values of 8-,
    16- or 32-bit lanes, predicates are `!ascreg.mask`. Masked compute ops
    take the vendor's `MODE_ZEROING`.
  }];
  let dependentDialects = ["::ascreg::AscRegDialect"];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

class Dav_Op<string mnemonic, list<Trait> traits = []> : Op<Dav_Dialect, mnemonic, traits>;

#endif // DAV_DIALECT_TD
