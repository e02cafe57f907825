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
      to the element type; f16 nodes add in f32 and are truncated to f16 at
      once, which is the f16 sum); `vector.reduction <add>` is *not* used
      for floats because it promises no order.
    - `reduce <max|min>` orders floats through an integer key in which
      -0 < +0 (biased so that one unsigned reduction puts every NaN on
      top), takes the first NaN lane when there is one and the first index
      of the extreme otherwise; empty masks give -inf/+inf or the type
      minimum/maximum.
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
    "::mlir::math::MathDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
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
    on scalars and on 1-D vectors of f16, bf16, f32 and f64 (in i32, or in
    i64 when f64 is a side). Every other
    conversion is left to LLVM, which converts it exactly (F16C, SSE2).
    `ascreg-lower-to-llvm` runs this pass.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

//===----------------------------------------------------------------------===//
// Ascend C emission (lib/Conversion/DavToEmitC)
//
// ascreg-translate --ascreg-to-ascendc runs, after convert-ascreg-to-dav,
// canonicalize and cse (buildAscendCPipeline): the three preparation passes
// on dav IR, the conversion, and the two finalisation passes on EmitC.
//===----------------------------------------------------------------------===//

def UnsignedVselrPass : Pass<"ascreg-dav-unsigned-vselr", "::mlir::ModuleOp"> {
  let summary = "Run dav.vselr on the unsigned view of its lanes, as the vendor does";
  let description = [{
    The vendor library never calls `vselr` on `vector_float`,
    `vector_int32_t`, `vector_half` ...: it reinterprets the registers as
    uN first (IMPL3510 kernel_reg_compute_gather_mask_impl.h, Gather ->
    vselr on u8/u16/u32 views), so the emitted Ascend C should too. Every
    `dav.vselr` whose lanes are not unsigned becomes

    ```mlir
    %u = dav.reinterpret %src : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xu32>
    %r = dav.vselr %u, %index : !ascreg.vreg<64xu32>, !ascreg.vreg<64xu32>
    %f = dav.reinterpret %r : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
    ```

    A reinterpretation moves no bits, so the kernel computes the same.
  }];
  let dependentDialects = ["::ascreg::dav::DavDialect"];
}

def NormalizeHardwareLoopsPass : Pass<"ascreg-dav-normalize-loops", "::mlir::ModuleOp"> {
  let summary = "Make every index scf.for count from 0 in steps of 1 (hardware loops)";
  let description = [{
    A loop of a vector function is a hardware loop only with a counter
    from 0 in steps of 1 (REGDOC 关键特性说明; the vendor computes `uint16_t
    loopNum` and loops `for (uint16_t i = 0; i < loopNum; ++i)`). Every
    scf.for over `index` with another lower bound or step becomes a loop
    over `[0, tripCount)`, tripCount = ub > lb ? (ub - lb + step - 1) /u step
    : 0 (scf.for compares signed), and the body reads the original
    induction value `lb + i * step`. `ascreg-emitc-narrow-loop-counters`
    narrows the counter to uint16_t after the conversion to EmitC.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def InsertMemBarriersPass : Pass<"ascreg-dav-insert-mem-barriers", "::mlir::ModuleOp"> {
  let summary = "Insert the UB barriers (dav.mem_bar) a vector function needs";
  let description = [{
    Inside a vector function the vector store, vector load, scalar store and
    scalar load pipes are not ordered with each other (dav.mem_bar). Before
    every access that reads a UB buffer a store of another pipe may still be
    writing, this pass inserts the barrier that orders them:

    - a scalar load (memref.load) after a vector store: `dav.mem_bar <VST_LD>`;
    - a vector load (dav.vlds, dav.vgather2, ...) after a vector store:
      `dav.mem_bar <VST_VLD>`;
    - a vector load after a scalar store (memref.store):
      `dav.mem_bar <ST_VLD>`.

    Offsets are not compared: two accesses may overlap unless they go
    through different kernel arguments (placed apart in UB), so a barrier
    may be more than needed but never missing. A barrier orders every
    buffer, so the pending stores of its kind are forgotten after it. Loops
    iterate to a fixpoint (a store of one iteration reaches the loads of the
    next); the branches of scf.if merge.

    Every CPU executor runs accesses in program order, so the kernel
    computes the same with or without the barriers.
  }];
  let dependentDialects = ["::ascreg::dav::DavDialect"];
  let options = [
    Option<"testPlantedBug", "test-planted-bug", "::ascreg::PlantedBarrierBug",
           /*default=*/"::ascreg::PlantedBarrierBug::None",
           "Tests only: a deliberate miscompile, to show that the pass bisector finds a bug "
           "in this pass",
           [{::llvm::cl::values(
               clEnumValN(::ascreg::PlantedBarrierBug::None, "none", "no bug"),
               clEnumValN(::ascreg::PlantedBarrierBug::HoistLoad, "hoist-load",
                          "a vector load right after the vector store it must wait for "
                          "is moved above that store instead of getting a barrier"))}]>
  ];
}

def ConvertDavToEmitCPass : Pass<"convert-dav-to-emitc", "::mlir::ModuleOp"> {
  let summary = "Lower a dav-lowered kernel to EmitC (Ascend C source via the C++ emitter)";
  let description = [{
    Converts a kernel made of func / scf / arith / memref (load, store, dim)
    and dav-3510 intrinsic ops into the EmitC dialect, so that
    `emitc::translateToCpp` prints Ascend C (`ascreg-translate
    --ascreg-to-ascendc`). Upstream patterns convert func, scf and arith
    (index becomes `uint32_t`; arith ops without an EmitC pattern are
    expanded first); this pass adds:

    - types: `!ascreg.vreg<NxT>` -> `!emitc.opaque<"vector_T">` with the C
      API names (vector_int8_t ... vector_half, vector_bfloat16_t,
      vector_float), `!ascreg.mask` -> `vector_bool`, a rank-1 UB memref
      -> `!emitc.ptr<!emitc.opaque<"__ubuf__ T">>`;
    - every dav op -> the intrinsic call in the vendor's out-parameter
      form (`vcmax(dst, src, mask, MODE_ZEROING)`, `vintlv(d0, d1, a, b)`,
      `m = plt_b16(n, POST_UPDATE)` updating n in place): an
      `emitc.variable` per output, one `emitc.verbatim` with `{}`
      placeholders for the call, `emitc.load` of the outputs. Intrinsics
      that return their value (`pset_bN`) are `emitc.call_opaque`;
      `dav.reinterpret` is an `emitc.cast`.

    For `ascreg-emitc-finalize-ascendc`, each kernel (a function without
    results) keeps its CTRL state as `ascreg.ctrl`, and the module records
    the semantic profile its functions agree on (`ascreg.semantics`); two
    functions recording different profiles are an error (the host header
    takes one per translation unit).

    `memref.dim` of a dynamic size has no Ascend C counterpart (a
    `__simd_vf__` takes raw `__ubuf__` pointers) and is rejected, as are
    scalar float conversions (docs/semantics.md P16). docs/dav3510.md
    documents the conventions.
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

def NarrowLoopCountersPass : Pass<"ascreg-emitc-narrow-loop-counters", "::mlir::ModuleOp"> {
  let summary = "Give every emitc.for from 0 in steps of 1 a uint16_t counter (hardware loops)";
  let description = [{
    The second half of `ascreg-dav-normalize-loops`: a hardware loop counts
    in a uint16_t (`for (uint16_t i = 0; i < n; i += 1)`, n =
    `(uint16_t) bound`), and the body reads the counter widened to its
    former type. A loop of a vector function has at most 65535 trips.
  }];
}

def FinalizeAscendCPass : Pass<"ascreg-emitc-finalize-ascendc", "::mlir::ModuleOp"> {
  let summary = "Make the EmitC module a complete Ascend C translation unit";
  let description = [{
    After `convert-dav-to-emitc`:

    - every kernel (marked `ascreg.ctrl` by the conversion) becomes the
      vector function `__simd_vf__ inline void k_vf(...)`, called by an
      entry `__aicore__ inline void k(...)` that sets the kernel's CTRL
      state around `asc_vf_call<k_vf>(...)` (CTRL is scalar state, written
      outside the vector function: cast-facts §2.3);
    - the module starts with `#include "c_api/asc_simd.h"`, the vendor's C
      API umbrella header, preceded by the recorded semantic profile as
      `ASCREG_HOST_PROFILE` for the host header (the vendor compiler
      ignores the macro);
    - round trips through size_t (`(uint32_t) (size_t) x` of a uint32_t x)
      are folded, and loads, casts and constants nobody reads (outputs of
      multi-output intrinsics, unused loop bounds) are removed.
  }];
}

#endif // ASCREG_CONVERSION_PASSES_TD
