// --trace prints every executed ascreg op with its location, inputs and
// result: registers as hex and per-lane values, masks as active lane lists.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f4 "[0] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t.src.npy --arg=%t.dst.npy --arg=i32:10 --arg=index:1 --trace | FileCheck %s

// CHECK:      [ascreg-trace] ascreg.create_mask <ALL> at {{.*}}reduce_max_f32_f32.mlir:9:12
// CHECK-NEXT:   out %{{.*}} : !ascreg.mask
// CHECK-NEXT:       active lanes of f32 (64/64): 0-63
// CHECK:      [ascreg-trace] ascreg.load_align at {{.*}}reduce_max_f32_f32.mlir:12:12
// CHECK-NEXT:   in  %arg0 : memref<?xf32>
// CHECK-NEXT:       UB buffer at 0x0000, 64 elements
// CHECK:        out %{{.*}} : !ascreg.vreg<64xf32>
// CHECK-NEXT:       hex:
// CHECK-NEXT:         [  0] 00000000 3f800000 40000000 40400000 40800000 40a00000 40c00000 00000000
// CHECK:            lanes:
// CHECK-NEXT:         [  0] 0 1 2 3 4 5 6 0
// CHECK:      [ascreg-trace] ascreg.update_mask at {{.*}}:13:22
// CHECK-NEXT:   in  %arg5 : i32
// CHECK-NEXT:       = 10
// CHECK-NEXT:   out %mask : !ascreg.mask
// CHECK-NEXT:       active lanes of f32 (10/64): 0-9
// CHECK-NEXT:   out %rest : i32
// CHECK-NEXT:       = 0
// CHECK:      [ascreg-trace] ascreg.reduce <max> at {{.*}}:14:14
// CHECK:        in  %mask : !ascreg.mask
// CHECK-NEXT:       active lanes of f32 (10/64): 0-9
// Lanes 0..9 hold 0 1 2 3 4 5 6 0 1 2: the maximum 6 is in lane 6.
// CHECK-NEXT:   out %{{.*}} : !ascreg.vreg<64xf32>
// CHECK-NEXT:       hex:
// CHECK-NEXT:         [  0] 40c00000 00000006 00000000 00000000
// CHECK:      [ascreg-trace] ascreg.store_align at
