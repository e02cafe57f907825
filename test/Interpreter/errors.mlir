// Each runtime error stops the kernel with one message at the op's source
// location and a non-zero exit.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/f32x128.npy f4 "[1.0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t/f32x64.npy f4 "[1.0] * 64"

// Misaligned load: element offset 3 of f32 = byte 12.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:3 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: kernel.mlir:5:10: error: 'ascreg.load_align' op misaligned UB address 0xc (element offset 3 x 4 bytes from the buffer at 0x0): aligned loads and stores need a 32-byte-aligned address

// Past the end of the buffer but inside UB is not an error (the NPU reads and
// writes the neighbouring UB bytes): load [72, 136) of 128 elements, store
// [136, 200). The buffer itself is unchanged.
// RUN: ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:72 --print 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: arg0: memref<?xf32> (128 elements) = [1, 1,
// PAST-NOT: error

// The last register of a 253952-byte UB loads; the store after it is outside UB.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:63424 2>&1 | FileCheck %s --check-prefix=STORE
// STORE: kernel.mlir:7:3: error: 'ascreg.store_align' op UB access outside the Unified Buffer: UB bytes [253952, 254208) (element offset 63488 of the buffer at UB address 0x0); the UB has 253952 bytes (set it with --ub-capacity)
// STORE-NOT: error

// A load outside UB, and a negative offset.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:63488 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: kernel.mlir:5:10: error: 'ascreg.load_align' op UB access outside the Unified Buffer: UB bytes [253952, 254208)
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:-8 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: kernel.mlir:5:10: error: 'ascreg.load_align' op UB access outside the Unified Buffer: UB bytes [-32, 224)

// The JIT reports the same error at the same location and returns: exit 1,
// the message on stderr, no crash banner; check mode stops at the
// interpreter's error.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:63488 --mode=jit 2>%t/jit.err >%t/jit.out
// RUN: FileCheck %s --check-prefix=RANGE < %t/jit.err
// RUN: FileCheck %s --check-prefix=NOBANNER --allow-empty < %t/jit.err
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty < %t/jit.out
// NOBANNER-NOT: PLEASE submit
// NOBANNER-NOT: Stack dump
// EMPTY-NOT: {{.}}
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:63424 --mode=jit 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:3 --mode=jit 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:-8 --mode=check 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:72 --mode=check | FileCheck %s --check-prefix=IDENTICAL
// IDENTICAL: identical

// UB capacity: 128 floats need 512 bytes.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:0 --ub-capacity=256 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:0 --ub-capacity=256 --mode=jit 2>&1 | FileCheck %s --check-prefix=CAP
// CAP: kernel.mlir:2:3: error: UB capacity exceeded: buffer argument 0 (512 bytes) would end at UB address 512, the capacity is 256 bytes

// Step limit: an endless scf.while.
// RUN: not ascreg-run %t/loop.mlir --arg=i32:1 --max-steps=1000 2>&1 | FileCheck %s --check-prefix=STEPS
// STEPS: loop.mlir:3:8: error: 'scf.while' op step limit of 1000 loop iterations and branches exceeded

// Argument errors.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: ascreg-run: error: @kernel takes 2 parameters (memref<?xf32>, index), got 1 --arg
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=i32:0 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: ascreg-run: error: --arg 1 is 'i32:0' but parameter 1 has type index; pass index:VALUE
// RUN: %python %S/../Inputs/mknpy.py %t/f16.npy f2 "[1.0] * 128"
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f16.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: ascreg-run: error: --arg 0: '{{.*}}f16.npy' has dtype <f2 but parameter 0 is memref<?xf32>, which takes <f4
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/missing.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ascreg-run: error: cannot read .npy file '{{.*}}missing.npy'
// RUN: printf 'not an npy' > %t/bad.npy
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/bad.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=BADNPY
// BADNPY: ascreg-run: error: bad .npy file '{{.*}}bad.npy': missing the \x93NUMPY magic
// RUN: head -c 200 %t/f32x128.npy > %t/short.npy
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/short.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: ascreg-run: error: bad .npy file '{{.*}}short.npy': shape (128,) of <f4 needs 512 data bytes, the file has 72
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:0 --mode=fast 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: ascreg-run: error: --mode must be interp, jit or check, got 'fast'
// RUN: not ascreg-run %t/kernel.mlir --entry=main --arg=%t/f32x128.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: ascreg-run: error: no function @main in

// Malformed IR and verifier errors stop before running.
// RUN: not ascreg-run %t/illegal.mlir --arg=%t/f32x128.npy 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY: illegal.mlir:6:10: error: 'ascreg.reduce' op sum of (result f32, source f16) is not supported
// RUN: not ascreg-run %t/malformed.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// PARSE: malformed.mlir:2:37: error: '!ascreg.vreg' of f32 must have 64 lanes

//--- kernel.mlir
module {
  func.func @kernel(%buf: memref<?xf32>, %off: index) {
    %c64 = arith.constant 64 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %buf[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %end = arith.addi %off, %c64 : index
  ascreg.store_align %v, %buf[%end], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
//--- loop.mlir
module {
  func.func @kernel(%x: i32) {
  %r = scf.while (%a = %x) : (i32) -> i32 {
      %t = arith.constant true
      scf.condition(%t) %a : i32
    } do {
    ^bb0(%a: i32):
      scf.yield %a : i32
    }
    return
  }
}
//--- illegal.mlir
module {
  func.func @kernel(%buf: memref<?xf16>) {
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %c = arith.constant 1.0 : f16
    %x = ascreg.duplicate %c : f16 -> !ascreg.vreg<128xf16>
    %v = ascreg.reduce <sum> %x, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    return
  }
}
//--- malformed.mlir
module {
  func.func @kernel(%v: !ascreg.vreg<32xf32>) {
    return
  }
}
