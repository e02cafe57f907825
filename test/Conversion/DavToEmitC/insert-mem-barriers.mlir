// ascreg-dav-insert-mem-barriers: a dav.mem_bar before every load that may
// read UB bytes a store of another pipe wrote since the last such barrier.
// RUN: ascreg-opt %s --ascreg-dav-insert-mem-barriers --split-input-file | FileCheck %s
// Running it twice adds nothing: a barrier already there counts.
// RUN: ascreg-opt %s --ascreg-dav-insert-mem-barriers --ascreg-dav-insert-mem-barriers --split-input-file | FileCheck %s
// The planted miscompile of the bisection test (test/Debugging/bisect-emission.mlir).
// RUN: ascreg-opt %s --ascreg-dav-insert-mem-barriers=test-planted-bug=hoist-load --split-input-file | FileCheck %s --check-prefix=BUG
// RUN: not ascreg-opt %s --ascreg-dav-insert-mem-barriers=test-planted-bug=maybe 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: for the --test-planted-bug option: Cannot find option named 'maybe'!

// The three pipe pairs: a vector store read back by a vector load
// (VST_VLD) and by a scalar load (VST_LD), a scalar store read by a vector
// load (ST_VLD).
// CHECK-LABEL: func.func @pipes(
// CHECK:         dav.vsts
// CHECK-NEXT:    dav.mem_bar <VST_VLD>
// CHECK-NEXT:    dav.vlds
// CHECK-NEXT:    dav.vsts
// CHECK-NEXT:    dav.mem_bar <VST_LD>
// CHECK-NEXT:    memref.load
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    dav.mem_bar <VST_VLD>
// CHECK-NEXT:    dav.mem_bar <ST_VLD>
// CHECK-NEXT:    dav.vlds
// The planted bug moves the first load above the store it must wait for
// and gives it no barrier; the other barriers stay.
// BUG-LABEL: func.func @pipes(
// BUG:         %[[V:.*]] = dav.vlds
// BUG-NEXT:    %[[W:.*]] = dav.vlds
// BUG-NEXT:    dav.vsts %[[V]]
// BUG-NEXT:    dav.vsts %[[W]]
// BUG-NEXT:    dav.mem_bar <VST_LD>
func.func @pipes(%buf: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %all = dav.pset_b32 <ALL>
  %v = dav.vlds %buf[%c0] : memref<128xf32> -> !ascreg.vreg<64xf32>
  dav.vsts %v, %buf[%c64], %all : !ascreg.vreg<64xf32>, memref<128xf32>
  %w = dav.vlds %buf[%c64] : memref<128xf32> -> !ascreg.vreg<64xf32>
  dav.vsts %w, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
  %x = memref.load %buf[%c0] : memref<128xf32>
  memref.store %x, %buf[%c64] : memref<128xf32>
  %y = dav.vlds %buf[%c64] : memref<128xf32> -> !ascreg.vreg<64xf32>
  dav.vsts %y, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<128xf32>
  return
}

// -----

// Two kernel arguments are placed apart in UB: a load of one after a store
// to the other needs no barrier. A kernel allocation may overlap an
// argument (offsets are not compared): its load gets one, and the one
// barrier covers both stores before it.
// CHECK-LABEL: func.func @buffers(
// CHECK:         dav.vsts
// CHECK-NEXT:    dav.vlds %{{.*}} : memref<?xf32>
// CHECK-NEXT:    dav.vsts
// CHECK-NEXT:    dav.mem_bar <VST_VLD>
// CHECK-NEXT:    dav.vlds %{{.*}} : memref<64xf32>
// CHECK-NOT:     dav.mem_bar
// CHECK:         return
func.func @buffers(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %all = dav.pset_b32 <ALL>
  %tmp = memref.alloc() : memref<64xf32>
  %v = dav.vlds %a[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  dav.vsts %v, %b[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  %w = dav.vlds %a[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  dav.vsts %w, %a[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  %t = dav.vlds %tmp[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
  dav.vsts %t, %b[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}

// -----

// A store in a loop reaches the load at the top of the next iteration.
// CHECK-LABEL: func.func @loop(
// CHECK:         scf.for
// CHECK-NEXT:      dav.mem_bar <VST_VLD>
// CHECK-NEXT:      dav.vlds
// CHECK-NEXT:      dav.vsts
// CHECK-NEXT:    }
func.func @loop(%buf: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %all = dav.pset_b32 <ALL>
  scf.for %i = %c0 to %n step %c1 {
    %v = dav.vlds %buf[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    dav.vsts %v, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  return
}

// -----

// A store in one branch of an scf.if reaches the load after it.
// CHECK-LABEL: func.func @branch(
// CHECK:         scf.if
// CHECK-NEXT:      dav.vsts
// CHECK-NEXT:    }
// CHECK-NEXT:    dav.mem_bar <VST_VLD>
// CHECK-NEXT:    dav.vlds
func.func @branch(%buf: memref<?xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %all = dav.pset_b32 <ALL>
  %z = dav.vbr %zero : f32 -> !ascreg.vreg<64xf32>
  scf.if %c {
    dav.vsts %z, %buf[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
  }
  %w = dav.vlds %buf[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
  return
}
