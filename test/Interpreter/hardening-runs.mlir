// Regression tests of issue 10's run-time findings (docs/hardening.md): each
// input that once crashed, hung, wrapped or silently truncated now ends with
// one located error and a non-zero exit, or runs correctly.
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/f32x128.npy f4 "[1.0] * 128"

// --ub-capacity near 2^64 once wrapped to a 63-byte arena (then a heap
// overflow in memref.alloc kernels); it is rejected before the run, by the
// interpreter and the JIT alike.
// RUN: not ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=18446744073709551615 2>&1 | FileCheck %s --check-prefix=CAPMAX
// RUN: not ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=18446744073709551615 --mode=jit 2>&1 | FileCheck %s --check-prefix=CAPMAX
// CAPMAX: error: the UB capacity must be between 1 byte and 2^40 bytes, got 18446744073709551615
// CAPMAX-NOT: LLVM ERROR

// One byte above 1 TiB is rejected the same way, and 0 too.
// RUN: not ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=1099511627777 2>&1 | FileCheck %s --check-prefix=CAPTIB1
// CAPTIB1: error: the UB capacity must be between 1 byte and 2^40 bytes, got 1099511627777
// RUN: not ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=0 2>&1 | FileCheck %s --check-prefix=CAPZERO
// CAPZERO: error: the UB capacity must be between 1 byte and 2^40 bytes, got 0

// 1 TiB once aborted with "LLVM ERROR: out of memory": the arena is reserved,
// not committed, so a kernel that allocates runs and gives the expected copy
// (the buffer's 1.0s through a UB temporary) on both paths.
// RUN: ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=1099511627776 --print | FileCheck %s --check-prefix=CAPTIB
// RUN: ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=1099511627776 --mode=jit --print | FileCheck %s --check-prefix=CAPTIB
// CAPTIB: arg0: memref<?xf32> (128 elements) = [1, 1,

// An allocation that does not fit a small UB is a located error.
// RUN: not ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --ub-capacity=600 2>&1 | FileCheck %s --check-prefix=ALLOC
// ALLOC: alloc.mlir:3:10: error: 'memref.alloc' op UB capacity exceeded: allocating 512 bytes at UB address 512 needs 1024 bytes, the capacity is 600

// scf.for with step 0 once ran to the 2^32 step limit in the interpreter
// (about 25 minutes) while the JIT skipped the loop: both now stop at the
// loop with the same message; check mode stops at the interpreter's error.
// RUN: not ascreg-run %t/step.mlir --arg=%t/f32x128.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=STEP0
// RUN: not ascreg-run %t/step.mlir --arg=%t/f32x128.npy --arg=index:0 --mode=jit 2>&1 | FileCheck %s --check-prefix=STEP0
// RUN: not ascreg-run %t/step.mlir --arg=%t/f32x128.npy --arg=index:0 --mode=check 2>&1 | FileCheck %s --check-prefix=STEP0
// STEP0: step.mlir:5:3: error: 'scf.for' op loop step 0 is not positive, so the loop would never end
// A negative step likewise; step 1 runs the 2 iterations.
// RUN: not ascreg-run %t/step.mlir --arg=%t/f32x128.npy --arg=index:-1 2>&1 | FileCheck %s --check-prefix=STEPNEG
// STEPNEG: step.mlir:5:3: error: 'scf.for' op loop step -1 is not positive, so the loop would never end
// RUN: ascreg-run %t/step.mlir --arg=%t/f32x128.npy --arg=index:1 --mode=check | FileCheck %s --check-prefix=STEP1
// STEP1: identical

// Integers wider than 64 bits were silently truncated by the interpreter
// (check mode then reported a mismatch): they are refused, located.
// RUN: not ascreg-run %t/wide.mlir --arg=%t/f32x128.npy 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not ascreg-run %t/wide.mlir --arg=%t/f32x128.npy --mode=check 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: wide.mlir:3:10: error: the ascreg interpreter does not execute 'arith.constant' on 128-bit values (scalars are at most 64 bits)
// RUN: not ascreg-run %t/wide-param.mlir --arg=i128:1 2>&1 | FileCheck %s --check-prefix=WIDEPARAM
// WIDEPARAM: wide-param.mlir:1:19: error: parameter 0 has type 'i128'; kernel parameters are UB memrefs and integer, index or float scalars of at most 64 bits

// UB buffers count bytes: a buffer parameter of 0-bit elements (si0, i0)
// once divided by zero in the interpreter's size check (SIGFPE, found by
// ascreg-fuzz-interp; fuzz/regressions/interp), and a rank-0 one crashed the
// runner's argument binding (memref<f32> has no dimension 0). Every
// executor refuses them and other buffers of no whole bytes (i1), at the
// parameter.
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=rank0 --arg=%t/f32x128.npy 2>&1 | FileCheck %s --check-prefix=RANK0
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=rank0 --arg=%t/f32x128.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=RANK0
// RANK0: bad-buffers.mlir:1:18: error: parameter 0 has type 'memref<f32>'; kernel buffers must be rank-1 contiguous memrefs of integers or floats of 1 to 8 whole bytes in the default memory space (UB)
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=rank2 --arg=%t/f32x128.npy --mode=check 2>&1 | FileCheck %s --check-prefix=RANK2
// RANK2: bad-buffers.mlir:4:18: error: parameter 0 has type 'memref<2x64xf32>'; kernel buffers must be
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=bits --arg=%t/f32x128.npy --arg=%t/f32x128.npy 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=bits --arg=%t/f32x128.npy --arg=%t/f32x128.npy --mode=jit 2>&1 | FileCheck %s --check-prefix=BITS
// BITS: bad-buffers.mlir:7:36: error: parameter 1 has type 'memref<?xi1>'; kernel buffers must be
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=zero --arg=%t/f32x128.npy 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: bad-buffers.mlir:10:17: error: parameter 0 has type 'memref<?xsi0>'; kernel buffers must be
// An allocation of such elements is refused by the interpreter, located.
// RUN: not ascreg-run %t/bad-buffers.mlir --entry=alloc --arg=index:8 2>&1 | FileCheck %s --check-prefix=ALLOCBITS
// ALLOCBITS: bad-buffers.mlir:14:8: error: 'memref.alloc' op unsupported in an ascreg kernel: a scratch buffer must be one of the rank-1 contiguous memrefs of integers or floats of 1 to 8 whole bytes in the default memory space (UB)

// Formatting the out-of-range message of offsets near +-2^63 once overflowed
// (UBSan: signed overflow); the byte addresses are exact or say which bound
// they pass.
// RUN: not ascreg-run %t/offset.mlir --arg=%t/f32x128.npy --arg=index:-9223372036854775808 2>&1 | FileCheck %s --check-prefix=OFFMIN
// OFFMIN: offset.mlir:4:8: error: 'ascreg.load_align' op UB access outside the Unified Buffer: UB bytes [< -2^63,
// RUN: not ascreg-run %t/offset.mlir --arg=%t/f32x128.npy --arg=index:9223372036854775807 2>&1 | FileCheck %s --check-prefix=OFFMAX
// OFFMAX: offset.mlir:4:8: error: 'ascreg.load_align' op {{.*}}>= 2^63
// RUN: not ascreg-run %t/offset.mlir --arg=%t/f32x128.npy --arg=index:2305843009213693952 --mode=jit 2>&1 | FileCheck %s --check-prefix=OFFJIT
// OFFJIT: offset.mlir:4:8: error: 'ascreg.load_align' op UB access outside the Unified Buffer: UB bytes [>= 2^63,

// --jit-no-checks with a store far past UB once corrupted the heap and then
// hung in LLVM's crash handler: the guard pages around the arena stop the
// store, reported as an error of the run (exit 1, no crash banner).
// RUN: not ascreg-run %t/offset.mlir --arg=%t/f32x128.npy --arg=index:1000000 --mode=jit --jit-no-checks 2>&1 | FileCheck %s --check-prefix=GUARD
// GUARD: offset.mlir:1:1: error: the kernel, run without runtime checks, accessed UB address {{[0-9]+}}, outside the Unified Buffer of 253952 bytes (stopped by a guard page
// GUARD-NOT: Stack dump
// Before the arena as well.
// RUN: not ascreg-run %t/offset.mlir --arg=%t/f32x128.npy --arg=index:-1000000 --mode=jit --jit-no-checks 2>&1 | FileCheck %s --check-prefix=GUARDNEG
// GUARDNEG: error: the kernel, run without runtime checks, accessed UB address -{{[0-9]+}}, outside the Unified Buffer

// A JIT run once left a perf dump (LLVM's perf listener) under .debug/jit of
// $HOME or $JITDUMPDIR; nothing is written there any more.
// RUN: mkdir -p %t/home %t/dump
// RUN: env HOME=%t/home JITDUMPDIR=%t/dump ascreg-run %t/alloc.mlir --arg=%t/f32x128.npy --mode=jit
// RUN: not ls %t/home/.debug
// RUN: not ls %t/dump/.debug

//--- alloc.mlir
func.func @kernel(%buf: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %tmp = memref.alloc() : memref<128xf32>
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %v = ascreg.load_align %buf[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %tmp[%c0], %m : !ascreg.vreg<64xf32>, memref<128xf32>
  %w = ascreg.load_align %tmp[%c0] : memref<128xf32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %w, %buf[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
//--- step.mlir
func.func @kernel(%buf: memref<?xf32>, %step: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  scf.for %i = %c0 to %c128 step %step {
    %v = ascreg.load_align %buf[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %w = ascreg.add %v, %v, %m : !ascreg.vreg<64xf32>
    ascreg.store_align %w, %buf[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}
//--- wide.mlir
func.func @kernel(%buf: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 18446744073709551617 : i128
  %lo = arith.trunci %big : i128 to i64
  %i = arith.index_cast %lo : i64 to index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %v = ascreg.load_align %buf[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %buf[%i], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
//--- wide-param.mlir
func.func @kernel(%x: i128) {
  return
}
//--- bad-buffers.mlir
func.func @rank0(%a: memref<f32>) {
  return
}
func.func @rank2(%a: memref<2x64xf32>) {
  return
}
func.func @bits(%a: memref<?xf32>, %b: memref<?xi1>) {
  return
}
func.func @zero(%a: memref<?xsi0>) {
  return
}
func.func @alloc(%n: index) {
  %a = memref.alloc(%n) : memref<?xi4>
  return
}
//--- offset.mlir
func.func @kernel(%buf: memref<?xf32>, %off: index) {
  %c64 = arith.constant 64 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %v = ascreg.load_align %buf[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
  %end = arith.addi %off, %c64 : index
  ascreg.store_align %v, %buf[%end], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
