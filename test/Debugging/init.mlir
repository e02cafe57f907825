// --check=init: a load of allocated UB that nothing stored reaches a store;
// the finding names the store, the iteration and the lanes, and the load the
// data came from. A buffer argument marked :uninit is treated the same.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[1.0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 128"

// Iteration 0 reads the 64 floats stored into %tmp, iteration 1 the 64 never stored.
// RUN: not ascreg-run %t/alloc.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:2 --check=init 2>&1 | FileCheck %s --check-prefix=ALLOC
// ALLOC: alloc.mlir:13:7: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-63)
// ALLOC: alloc.mlir:13:7: note: first in the iteration %arg3 (scf.for at line 10) = 1
// ALLOC: alloc.mlir:12:12: note: the data comes from 'ascreg.load_align' here
// ALLOC-NOT: error
// With one iteration nothing uninitialized is used.
// RUN: ascreg-run %t/alloc.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:1 --check=init 2>&1 | FileCheck %s --check-prefix=CLEAN --allow-empty
// CLEAN-NOT: error
// --check-warn: the same finding as a warning, exit 0.
// RUN: ascreg-run %t/alloc.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:2 --check=init --check-warn 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: alloc.mlir:13:7: warning: [init] 'ascreg.store_align' op stores uninitialized data

// An output buffer marked :uninit is read before it is written: the count
// loaded from it makes a mask of unknown lanes, used by the reduce and the
// store (update_mask itself is not a use; the uses are).
// RUN: not ascreg-run %t/acc.mlir --arg=%t/src.npy --arg=%t/dst.npy:uninit --check=init 2>&1 | FileCheck %s --check-prefix=ACC
// ACC: acc.mlir:8:10: error: [init] 'ascreg.reduce' op uses a mask computed from uninitialized data (lanes 0-63)
// ACC: acc.mlir:4:12: note: the data comes from 'memref.load' here
// ACC: acc.mlir:9:5: error: [init] 'ascreg.store_align' op uses a mask computed from uninitialized data (lanes 0-63)
// Without :uninit the buffer's contents are defined inputs.
// RUN: ascreg-run %t/acc.mlir --arg=%t/src.npy --arg=%t/dst.npy --check=init

// A cast moves definedness with its lanes: widening part <even> of an f16
// register whose first 64 lanes were stored reads source lanes 0, 2, ..., 126,
// so f32 lanes 0-31 are defined and lanes 32-63 are not; narrowing back
// puts f32 lane k in f16 lane 2k (the odd lanes are defined zeros).
// RUN: %python %S/../Inputs/mknpy.py %t/h.npy f2 "[1.0] * 128"
// RUN: %python %S/../Inputs/mknpy.py %t/w.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/n.npy f2 "[0] * 128"
// RUN: not ascreg-run %t/cast.mlir --arg=%t/h.npy --arg=%t/w.npy --arg=%t/n.npy --check=init 2>&1 | FileCheck %s --check-prefix=CAST
// CAST: cast.mlir:13:5: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 32-63)
// CAST: cast.mlir:16:5: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 64,66,68

//--- alloc.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %tmp = memref.alloc() : memref<128xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %tmp[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
    scf.for %r = %c0 to %n step %c1 {
      %off = arith.muli %r, %c64 : index
      %w = ascreg.load_align %tmp[%off] : memref<128xf32> -> !ascreg.vreg<64xf32>
      ascreg.store_align %w, %dst[%off], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    }
    return
  }
}
//--- acc.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %acc: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %cnt = memref.load %acc[%c0] : memref<?xf32>
    %n = arith.fptosi %cnt : f32 to i32
    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %s = ascreg.reduce <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %s, %acc[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}

//--- cast.mlir
module {
  func.func @kernel(%src: memref<?xf16>, %wide: memref<?xf32>, %narrow: memref<?xf16>) {
    %c0 = arith.constant 0 : index
    %c64i = arith.constant 64 : i32
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %m64, %r = ascreg.update_mask %c64i for !ascreg.vreg<128xf16>
    %tmp = memref.alloc() : memref<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %v, %tmp[%c0], %m64 : !ascreg.vreg<128xf16>, memref<128xf16>
    %h = ascreg.load_align %tmp[%c0] : memref<128xf16> -> !ascreg.vreg<128xf16>
    %e = ascreg.cast %h, %all16 part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    ascreg.store_align %e, %wide[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    %n = ascreg.cast %e, %all32 round <rint> sat <off> part <even>
        : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    ascreg.store_align %n, %narrow[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }
}
