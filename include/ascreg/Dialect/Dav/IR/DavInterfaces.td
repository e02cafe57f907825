//===- DavInterfaces.td - dav-3510 intrinsic interface -----*- tablegen -*-===//
#ifndef DAV_INTERFACES_TD
#define DAV_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Dav_IntrinsicOpInterface : OpInterface<"IntrinsicOp"> {
  let cppNamespace = "::ascreg::dav";
  let description = [{
    An op that is one dav-3510 compiler intrinsic (X86Vector's
    OneToOneIntrinsicOpInterface is the model). The op carries what the Ascend
    C emitter needs to print the call, so `convert-dav-to-emitc` has one
    pattern for every op of this kind:

    - `getIntrinsicName()`: the name in the vendor's headers (`vcmax`,
      `vcmp_gt`, `pset_b16`);
    - `getCallTemplate()`: the call's arguments in the vendor's order, comma
      separated: `{rN}` is result N (an out-parameter: every intrinsic returns
      through references), `{N}` is operand N, anything else is printed as is
      (`MODE_ZEROING`, `LOWER`).
  }];
  let methods = [
    InterfaceMethod<"The intrinsic's name in Ascend C.", "std::string", "getIntrinsicName">,
    InterfaceMethod<"The call's arguments, in the vendor's order.", "std::string",
                    "getCallTemplate">,
  ];
}

#endif // DAV_INTERFACES_TD
