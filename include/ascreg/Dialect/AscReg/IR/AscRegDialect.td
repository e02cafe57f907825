//===- AscRegDialect.td - ascreg dialect definition --------*- tablegen -*-===//
#ifndef ASCREG_DIALECT_TD
#define ASCREG_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def AscReg_Dialect : Dialect {
  let name = "ascreg";
  let cppNamespace = "::ascreg";
  let summary = "Register-level vector operations of Ascend 950 (dav-3510)";
  let description = [{
    The `ascreg` dialect models the register-level ("Reg") vector programming
    interface of the Ascend 950 NPU (architecture dav-3510): 256-byte vector
    registers, 256-bit byte-granular masks, aligned Unified Buffer (UB)
    loads/stores, masked reductions (`reduce`, `pair_reduce_sum`), gathers
    (from UB and within a register) and the companion ops a real kernel needs.

    Every op has exactly one semantics, given in `docs/semantics.md` and
    implemented by the `AscRegSemantics` library; the verifiers enforce the
    vendor's legal type tables and name the legal set in their diagnostics.

    UB buffers are rank-1 memrefs with the default memory space: inside an
    ascreg kernel (a vector function, `__simd_vf__` in Ascend C) every memref
    is a UB buffer. A module may carry `ascreg.target = "dav-3510"`; any other
    target is rejected.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    /// Name of the module attribute that selects the target architecture.
    static constexpr ::llvm::StringLiteral getTargetAttrName() { return "ascreg.target"; }
    static constexpr ::llvm::StringLiteral getSupportedTarget() { return "dav-3510"; }
    /// Function attribute (#ascreg.ctrl): the CTRL state the kernel runs in.
    static constexpr ::llvm::StringLiteral getCtrlAttrName() { return "ascreg.ctrl"; }
    /// Module (or function) attribute: the semantic profile the kernels run
    /// with, as the string semantics::printProfile writes ("documented", or
    /// key=candidate,...). Lowerings keep it, so an emitted kernel carries it.
    static constexpr ::llvm::StringLiteral getSemanticsAttrName() { return "ascreg.semantics"; }
    /// Function attribute set by ascreg-expose-ub: the index of the kernel's
    /// UB arena parameter (the UB state parameter follows it).
    static constexpr ::llvm::StringLiteral getUBArgumentAttrName() { return "ascreg.ub_argument"; }
    /// Function attribute (unit) of the host lowering's loop proofs
    /// (ProvenAccessLoops.cpp): a function called before a loop that reads
    /// only its arguments, memref descriptors and indices, never the UB.
    static constexpr ::llvm::StringLiteral getLoopProofAttrName() { return "ascreg.loop_proof"; }
    /// Module attribute of host-lowered code: the runtime check sites, each
    /// [op name, location], indexed by the site number a failed check reports.
    static constexpr ::llvm::StringLiteral getRuntimeCheckSitesAttrName() {
      return "ascreg.runtime_check_sites";
    }
  }];
}

class AscReg_Op<string mnemonic, list<Trait> traits = []>
    : Op<AscReg_Dialect, mnemonic, traits>;

#endif // ASCREG_DIALECT_TD
