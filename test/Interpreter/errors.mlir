// Each runtime error stops the kernel with one message at the op's source
// location and a non-zero exit.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/f32x128.npy f4 "[1.0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t/f32x64.npy f4 "[1.0] * 64"

// Misaligned load: element offset 3 of f32 = byte 12.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:3 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: kernel.mlir:5:10: error: 'ascreg.load_align' op misaligned UB address 0xc (element offset 3 x 4 bytes from the buffer at 0x0): aligned loads and stores need a 32-byte-aligned address

// Out-of-range load: 64 lanes from element 72 of 128.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:72 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: kernel.mlir:5:10: error: 'ascreg.load_align' op UB access out of range: elements [72, 136) of a buffer of 128 elements

// Negative offset.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:-8 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: kernel.mlir:5:10: error: 'ascreg.load_align' op UB access out of range: elements [-8, 56)

// Out-of-range store.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x64.npy --arg=index:0 2>&1 | FileCheck %s --check-prefix=STORE
// STORE: kernel.mlir:7:3: error: 'ascreg.store_align' op UB access out of range: elements [64, 128) of a buffer of 64 elements

// UB capacity: 128 floats need 512 bytes.
// RUN: not ascreg-run %t/kernel.mlir --arg=%t/f32x128.npy --arg=index:0 --ub-capacity=256 2>&1 | FileCheck %s --check-prefix=CAP
// CAP: kernel.mlir:2:3: error: UB capacity exceeded: placing 512 bytes at UB offset 0 needs 512 bytes, the capacity is 256

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
