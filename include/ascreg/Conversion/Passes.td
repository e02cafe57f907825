//===- Passes.td - ascreg conversion passes ----------------*- tablegen -*-===//
#ifndef ASCREG_CONVERSION_PASSES_TD
#define ASCREG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// AscRegToVector
//===----------------------------------------------------------------------===//

def ConvertAscRegToVectorPass : Pass<"convert-ascreg-to-vector", "::mlir::ModuleOp"> {
  let summary = "Lower ascreg ops to the vector, arith, memref, scf and cf dialects";
  let description = [{
    Rewrites every ascreg op into upstream ops with exactly the semantics of
    docs/semantics.md, so that the kernel runs on any CPU through the LLVM
    dialect (`ascreg-lower-to-llvm`):

    - `!ascreg.vreg<NxT>` becomes `vector<NxT>` (signless integers),
      `!ascreg.mask` becomes `vector<256xi1>`, one bit per data byte; the
      lanes of a W-byte type are extracted with a stride-W `vector.shuffle`.
    - `reduce <sum>` is the hardware's adjacent-pair tree, built from
      `vector.deinterleave` + one `arith.add*` per level (every node rounds
      to the element type); `vector.reduction <add>` is *not* used for
      floats because it promises no order.
    - `reduce <max|min>` orders floats through an integer key in which
      -0 < +0, takes the first NaN lane when there is one and the first
      index of the extreme otherwise; empty masks give -inf/+inf or the
      type minimum/maximum.
    - `gather` zero-extends 8-bit sources and uses the low 32 bits of u64
      indices; `gather_reg` reduces indices modulo the lane count.
    - Signed/unsigned memref element types become signless.

    With `runtime-checks` (the default), UB accesses and gather indices are
    checked with `cf.assert`: a misaligned or out-of-range access, or an
    out-of-range gather index, aborts the JIT-compiled kernel with a message
    naming the op instead of reading or writing out of bounds.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"true",
           "Check UB accesses (bounds, 32-byte alignment), gather indices and loop steps">,
    Option<"checkFailure", "check-failure", "::ascreg::CheckFailureAction",
           /*default=*/"::ascreg::CheckFailureAction::Assert",
           "What a failed check does", [{::ascreg::checkFailureActionValues()}]>
  ];
}

//===----------------------------------------------------------------------===//
// ExposeUnifiedBuffer
//===----------------------------------------------------------------------===//

def ExposeUnifiedBufferPass : Pass<"ascreg-expose-ub", "::mlir::ModuleOp"> {
  let summary = "Make the Unified Buffer one explicit arena, for running kernels on the host";
  let description = [{
    On the NPU, every buffer of a kernel lives in the one Unified Buffer: an
    access past the end of a buffer reads or writes the bytes that follow it
    in UB. This pass gives the host code the same model (docs/semantics.md,
    "Unified Buffer"): every kernel (func.func with a body) gets two trailing
    parameters,

    - `%ub : memref<?xi8>`, the arena (UB address 0 at its aligned pointer,
      its size is the UB capacity), and
    - `%ub_state : memref<4xindex>`, [next allocation address, first written
      address, end of the written addresses, unused],

    and the attribute `ascreg.ub_argument` = the index of `%ub`. The host
    passes the kernel's buffers as memrefs into the arena (placed by the
    placement rule) and sets the state before the call; it reads the written
    range afterwards to know what to copy back.

    - `memref.alloc` / `memref.alloca` of a UB buffer becomes a `memref.view`
      of the arena at the next 32-byte aligned address (`memref.dealloc` of
      one is dropped): allocations follow the arguments, as in the
      interpreter.
    - `memref.load` / `memref.store` are checked to stay inside UB, and stores
      record what they write.
    - `convert-ascreg-to-vector` then checks register accesses and gather
      indices against the UB instead of the buffer.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect", "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"
  ];
  let options = [
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"true",
           "Check scalar UB accesses and allocations">,
    Option<"checkFailure", "check-failure", "::ascreg::CheckFailureAction",
           /*default=*/"::ascreg::CheckFailureAction::Assert",
           "What a failed check does", [{::ascreg::checkFailureActionValues()}]>
  ];
}

//===----------------------------------------------------------------------===//
// AscRegToDav
//===----------------------------------------------------------------------===//

def ConvertAscRegToDavPass : Pass<"convert-ascreg-to-dav", "::mlir::ModuleOp"> {
  let summary = "Legalise ascreg ops to the dav-3510 intrinsics (dav dialect)";
  let description = [{
    Every ascreg op becomes the dav-3510 intrinsics that implement it:
    vcadd / vcmax / vcmin / vcpadd, vgather2, vselr, pset_bN / plt_bN,
    vlds / vsts, vbr / vdup, vci, vcmp, vsel, vadd / vmax / vmin.

    64-bit data exists only as 32-bit words: the one-register form is one
    register of 64 words in natural order, the two-register form is converted
    1:N into (low words, high words). 64-bit reductions, gathers, compares,
    adds and max/min are built from 32-bit sequences (vdintlv / vintlv,
    ppack / punpack / pintlv_b32, 16-bit split sums with carries). Unlike the
    vendor library's 64-bit sum, the result does not depend on whether lane 0
    is active (docs/semantics.md).
  }];
  let dependentDialects = ["::ascreg::dav::DavDialect", "::mlir::arith::ArithDialect"];
}

//===----------------------------------------------------------------------===//
// ExpandFloatConversions
//===----------------------------------------------------------------------===//

def ExpandFloatConversionsPass : Pass<"ascreg-expand-float-conversions"> {
  let summary = "Expand the arith.truncf / arith.extf that LLVM would not lower "
                "exactly into integer arithmetic";
  let description = [{
    The interpreter converts scalar floats as IEEE 754 does (APFloat): one
    rounding under the op's rounding mode, overflow to inf or MAX as the mode
    rounds, NaNs quieted with their sign and top payload bits. Three cases
    of the upstream lowering to LLVM do not:

    - `arith.truncf` with a rounding mode other than `to_nearest_even`:
      arith-to-llvm makes a constrained intrinsic whose rounding argument
      only describes the dynamic mode, and the code rounds to nearest even;
    - `arith.truncf` to bf16: x86 code generation moves bf16 values through
      f32 with one library call (`__truncsfbf2`), which cannot tell the
      rounding of a signalling NaN from the narrowing of a bf16 it widened;
    - `arith.extf` from bf16: a shift, which keeps a signalling NaN
      signalling.

    Each becomes the decode / round / encode integer arithmetic of
    `ascreg.cast` (lib/Conversion/LaneArithmetic.h) with IEEE's range rules,
    on scalars and on 1-D vectors of f16, bf16, f32 and f64. Every other
    conversion is left to LLVM, which converts it exactly (F16C, SSE2).
    `ascreg-lower-to-llvm` runs this pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

//===----------------------------------------------------------------------===//
// DavToEmitC
//===----------------------------------------------------------------------===//

def ConvertDavToEmitCPass : Pass<"convert-dav-to-emitc", "::mlir::ModuleOp"> {
  let summary = "Lower a dav-lowered kernel to EmitC (Ascend C source via the C++ emitter)";
  let description = [{
    Converts a kernel made of func / scf / arith / memref (load, store, dim)
    and dav-3510 intrinsic ops into the EmitC dialect, so that
    `emitc::translateToCpp` prints Ascend C (`ascreg-translate
    --ascreg-to-ascendc`). Upstream patterns convert func, scf and arith
    (index becomes `size_t`); this pass adds:

    - types: `!ascreg.vreg<NxT>` -> `!emitc.opaque<"vector_T">` with the C
      API names (vector_int8_t ... vector_half, vector_bfloat16_t,
      vector_float), `!ascreg.mask` -> `vector_bool`, a rank-1 UB memref
      -> `!emitc.ptr<!emitc.opaque<"__ubuf__ T">>`;
    - the kernel -> `emitc.func` with the specifiers `__simd_vf__ inline`;
    - every dav op -> the intrinsic call in the vendor's out-parameter
      form (`vcmax(dst, src, mask, MODE_ZEROING)`, `vintlv(d0, d1, a, b)`,
      `m = plt_b16(n, POST_UPDATE)` updating n in place): an
      `emitc.variable` per output, one `emitc.verbatim` with `{}`
      placeholders for the call, `emitc.load` of the outputs. Intrinsics
      that return their value (`pset_bN`) are `emitc.call_opaque`;
      `dav.reinterpret` is an `emitc.cast`.

    `memref.dim` of a dynamic size has no Ascend C counterpart (a
    `__simd_vf__` takes raw `__ubuf__` pointers) and is rejected.
    docs/dav3510.md documents the conventions.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

#endif // ASCREG_CONVERSION_PASSES_TD
