// --check=ub: the peak UB footprint against the 248 KiB a dav-3510 kernel can
// use, naming the allocation that crossed it. The run gets a larger UB to
// reach the peak (unless --ub-capacity is given).
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[1.0] * 64"
// RUN: not ascreg-run %t/k.mlir --arg=%t/src.npy --check=ub 2>&1 | FileCheck %s --check-prefix=UB
// UB: k.mlir:4:10: error: [ub] 'memref.alloc' op peak UB footprint of 262400 bytes exceeds the 253952 bytes of dav-3510 UB a kernel can use (256 KiB minus 8 KiB for register spills)
// UB: k.mlir:4:10: note: this op is where the footprint first crossed it
// Without the check the second allocation does not fit the default UB.
// RUN: not ascreg-run %t/k.mlir --arg=%t/src.npy 2>&1 | FileCheck %s --check-prefix=CAP
// CAP: k.mlir:4:10: error: 'memref.alloc' op UB capacity exceeded: allocating 131072 bytes at UB address 131328 needs 262400 bytes
// One allocation fits: no finding.
// RUN: ascreg-run %t/k.mlir --entry=fits --arg=%t/src.npy --check=ub

//--- k.mlir
module {
  func.func @kernel(%src: memref<?xf32>) {
    %a = memref.alloc() : memref<32768xf32>
    %b = memref.alloc() : memref<32768xf32>
    return
  }
  func.func @fits(%src: memref<?xf32>) {
    %a = memref.alloc() : memref<32768xf32>
    return
  }
}
