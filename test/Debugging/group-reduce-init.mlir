// The init shadow of the group reductions (pair_reduce_sum: lanes 2i, 2i+1
// into lane i; reduce_data_block <sum>: the 8 f32 lanes of block b into
// lane b), which share one shadow function: a result lane is uninitialised
// exactly when an active lane of its group is. Source: an uninitialised
// scratch buffer; n active lanes. By hand: n = 3 gives pair lanes 0-1 and
// block lane 0, so lanes 0-1; n = 20 gives pair lanes 0-9 and block lanes
// 0-2, so lanes 0-9; n = 0 reads no lane.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/d.npy f4 "[0] * 64"
// RUN: not ascreg-run %s --arg=%t/d.npy --arg=i32:3 --check=init 2>&1 | FileCheck %s --check-prefix=N3
// RUN: not ascreg-run %s --arg=%t/d.npy --arg=i32:20 --check=init 2>&1 | FileCheck %s --check-prefix=N20
// RUN: ascreg-run %s --arg=%t/d.npy --arg=i32:0 --check=init 2>&1 | FileCheck %s --check-prefix=N0 --allow-empty
// N3: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-1)
// N20: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-9)
// N0-NOT: [init]
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xf32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %buf = memref.alloc() : memref<64xf32>
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %buf[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %p = ascreg.pair_reduce_sum %v, %m : !ascreg.vreg<64xf32>
    %b = ascreg.reduce_data_block <sum> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %s = ascreg.add %p, %b, %all : !ascreg.vreg<64xf32>
    ascreg.store_align %s, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
