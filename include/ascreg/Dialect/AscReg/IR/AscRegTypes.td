//===- AscRegTypes.td - ascreg types -----------------------*- tablegen -*-===//
#ifndef ASCREG_TYPES_TD
#define ASCREG_TYPES_TD

include "ascreg/Dialect/AscReg/IR/AscRegDialect.td"

class AscReg_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<AscReg_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def AscReg_VRegType : AscReg_Type<"VReg", "vreg"> {
  let summary = "a 256-byte vector register (or the 64-bit two-register form)";
  let description = [{
    `!ascreg.vreg<LANESxELEM>` is a vector register value. ELEM is one of
    `i8 u8 i16 u16 f16 bf16 i32 u32 f32 i64 u64`: `iN` is signed, `uN` is
    unsigned (signedness is part of the semantics of max/min/sum/extension).
    The lane count is fixed by the 256-byte register: 256 lanes of 8 bits,
    128 of 16 bits, 64 of 32 bits, 32 of 64 bits. 64-bit data also has the
    two-register form of 64 lanes (`!ascreg.vreg<64xi64>`, the vendor's
    `RegTraitNumTwo`), whose masks use the 32-bit layout.

    In C++ the element type is a builtin type: signless `iN` for signed,
    unsigned `uiN` for unsigned, `f16`, `bf16`, `f32`.

    ```mlir
    !ascreg.vreg<64xf32>
    !ascreg.vreg<128xu16>
    !ascreg.vreg<32xi64>   // one register of i64
    !ascreg.vreg<64xu64>   // two-register form of u64
    ```
  }];
  let parameters = (ins "unsigned":$lanes, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes per element.
    unsigned getElementBytes() const;
    /// 1, or 2 for the 64-bit two-register form.
    unsigned getNumRegs() const;
    bool isTwoRegister() const { return getNumRegs() == 2; }
    /// Mask bits per lane (element bytes; 4 for the two-register form).
    unsigned getMaskStride() const;
    /// The element token: i8 u8 i16 u16 f16 bf16 i32 u32 f32 i64 u64.
    ::llvm::StringRef getElementToken() const;
    /// Token of the whole type as used in diagnostics: the element token,
    /// with an `x2` suffix for the two-register form (i64x2, u64x2).
    std::string getToken() const;
  }];
}

def AscReg_MaskType : AscReg_Type<"Mask", "mask"> {
  let summary = "a 256-bit mask register, one bit per data byte";
  let description = [{
    `!ascreg.mask` holds 256 bits, one per byte of a vector register. Lane i
    of an element of W bytes is active iff bit W*i is set (two-register
    64-bit form: bit 4*i). A mask made for one width may be used with
    another; masks created by ascreg ops set only the lowest bit of each
    group, and no op reads the others.
  }];
  let hasCustomAssemblyFormat = 1;
}

def AscReg_VReg : Type<CPred<"::llvm::isa<::ascreg::VRegType>($_self)">,
                       "ascreg vector register", "::ascreg::VRegType">;
def AscReg_Mask : Type<CPred<"::llvm::isa<::ascreg::MaskType>($_self)">,
                       "ascreg mask register", "::ascreg::MaskType">,
                  BuildableType<"::ascreg::MaskType::get($_builder.getContext())">;

#endif // ASCREG_TYPES_TD
