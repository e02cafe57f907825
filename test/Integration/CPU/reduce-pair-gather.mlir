// Lowered through the vector dialect to LLVM by ascreg-opt and executed by
// the stock mlir-runner of the LLVM 22 packages: the lowered IR runs outside
// ascreg's own tools. Expected values are worked out by hand in the CHECKs.
// RUN: ascreg-opt %s --ascreg-lower-to-llvm | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

module {
  // Seed 001: pair sums of src[i] = i * 0.25 -> i + 0.25 in the low half.
  func.func @pair(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %n = arith.constant 64 : i32
    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<64xf32>
    ascreg.store_align %r, %dst[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }

  // f16 max with a tie (lanes 20 and 90 hold 7.5) and -0/+0: value 7.5,
  // index 20 stored as the f16 with bits 0x0014.
  func.func @argmax16(%src: memref<?xf16>, %dst: memref<?xf16>, %count: i32) {
    %c0 = arith.constant 0 : index
    %m, %rest = ascreg.update_mask %count for !ascreg.vreg<128xf16>
    %v = ascreg.load_align %src[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }

  // int8 gather zero-extends: -40 -> 216.
  func.func @gather8(%base: memref<?xi8>, %idx: memref<?xi16>, %dst: memref<?xi16>) {
    %c0 = arith.constant 0 : index
    %n = arith.constant 3 : i32
    %i = ascreg.load_align %idx[%c0] : memref<?xi16> -> !ascreg.vreg<128xu16>
    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<128xi16>
    %g = ascreg.gather %base[%i], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xi16>
    ascreg.store_align %g, %dst[%c0], %all : !ascreg.vreg<128xi16>, memref<?xi16>
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %quarter = arith.constant 0.25 : f32

    %src = memref.alloc(%c64) {alignment = 64 : i64} : memref<?xf32>
    %dst = memref.alloc(%c64) {alignment = 64 : i64} : memref<?xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %x = arith.mulf %f, %quarter : f32
      memref.store %x, %src[%i] : memref<?xf32>
    }
    call @pair(%src, %dst) : (memref<?xf32>, memref<?xf32>) -> ()
    %p = vector.load %dst[%c0] : memref<?xf32>, vector<8xf32>
    // CHECK: ( 0.25, 1.25, 2.25, 3.25, 4.25, 5.25, 6.25, 7.25 )
    vector.print %p : vector<8xf32>
    %c30 = arith.constant 30 : index
    %p2 = vector.load %dst[%c30] : memref<?xf32>, vector<4xf32>
    // CHECK: ( 30.25, 31.25, 0, 0 )
    vector.print %p2 : vector<4xf32>

    %h = memref.alloc(%c128) {alignment = 64 : i64} : memref<?xf16>
    %hd = memref.alloc(%c128) {alignment = 64 : i64} : memref<?xf16>
    %one = arith.constant 1.0 : f16
    %big = arith.constant 7.5 : f16
    %nz = arith.constant -0.0 : f16
    scf.for %i = %c0 to %c128 step %c1 {
      memref.store %one, %h[%i] : memref<?xf16>
    }
    %c20 = arith.constant 20 : index
    %c90 = arith.constant 90 : index
    %c5 = arith.constant 5 : index
    memref.store %big, %h[%c20] : memref<?xf16>
    memref.store %big, %h[%c90] : memref<?xf16>
    memref.store %nz, %h[%c5] : memref<?xf16>
    %cnt = arith.constant 100 : i32
    call @argmax16(%h, %hd, %cnt) : (memref<?xf16>, memref<?xf16>, i32) -> ()
    %r16 = vector.load %hd[%c0] : memref<?xf16>, vector<3xf16>
    %r16i = vector.bitcast %r16 : vector<3xf16> to vector<3xi16>
    // 7.5 = 0x4780 = 18304; index 20; lane 2 is 0.
    // CHECK: ( 18304, 20, 0 )
    vector.print %r16i : vector<3xi16>
    // Only lanes 0..9 active: all 1.0 except lane 5 = -0; max is 1.0 at lane 0.
    %cnt10 = arith.constant 10 : i32
    call @argmax16(%h, %hd, %cnt10) : (memref<?xf16>, memref<?xf16>, i32) -> ()
    %s16 = vector.load %hd[%c0] : memref<?xf16>, vector<2xf16>
    %s16i = vector.bitcast %s16 : vector<2xf16> to vector<2xi16>
    // CHECK: ( 15360, 0 )
    vector.print %s16i : vector<2xi16>
    // Empty mask: -inf (0xfc00 = -1024 as i16), index 0.
    %cnt0 = arith.constant 0 : i32
    call @argmax16(%h, %hd, %cnt0) : (memref<?xf16>, memref<?xf16>, i32) -> ()
    %e16 = vector.load %hd[%c0] : memref<?xf16>, vector<2xf16>
    %e16i = vector.bitcast %e16 : vector<2xf16> to vector<2xi16>
    // CHECK: ( -1024, 0 )
    vector.print %e16i : vector<2xi16>

    %b8 = memref.alloc(%c64) {alignment = 64 : i64} : memref<?xi8>
    %i16 = memref.alloc(%c128) {alignment = 64 : i64} : memref<?xi16>
    %d16 = memref.alloc(%c128) {alignment = 64 : i64} : memref<?xi16>
    %z16 = arith.constant 0 : i16
    scf.for %i = %c0 to %c128 step %c1 {
      memref.store %z16, %i16[%i] : memref<?xi16>
    }
    %m40 = arith.constant -40 : i8
    %p40 = arith.constant 40 : i8
    %m1 = arith.constant -1 : i8
    memref.store %m40, %b8[%c0] : memref<?xi8>
    memref.store %p40, %b8[%c1] : memref<?xi8>
    memref.store %m1, %b8[%c2] : memref<?xi8>
    %i1v = arith.constant 1 : i16
    %i2v = arith.constant 2 : i16
    memref.store %i2v, %i16[%c1] : memref<?xi16>
    memref.store %i1v, %i16[%c2] : memref<?xi16>
    call @gather8(%b8, %i16, %d16) : (memref<?xi8>, memref<?xi16>, memref<?xi16>) -> ()
    %g = vector.load %d16[%c0] : memref<?xi16>, vector<4xi16>
    // lanes: base[0] = -40 -> 216, base[2] = -1 -> 255, base[1] = 40, lane 3 inactive -> 0.
    // CHECK: ( 216, 255, 40, 0 )
    vector.print %g : vector<4xi16>
    return
  }
}
