// ascreg-run --repeat binds the buffers in the kernel's UB in place and
// writes each run's inputs there again: a kernel that updates its input
// (dst += src) gives after --repeat=3 what one run gives (dst + src, never
// dst + 3 src), on both paths and in check mode, and the .npy it writes is
// byte for byte the one of the copying run. Buffers that do not fit in UB
// take the copying path and fail with its located error.
// RUN: %python %S/../Inputs/mknpy.py %t.s.npy f4 "[i * 0.5 for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.d.npy f4 "[1000 - i for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.want.npy f4 "[1000 - i + i * 0.5 if i < 150 else 1000 - i for i in range(256)]"

// RUN: ascreg-run %s --arg=%t.s.npy --arg=%t.d.npy --arg=i32:150 --out=1:%t.once.npy
// RUN: cmp %t.once.npy %t.want.npy
// RUN: ascreg-run %s --arg=%t.s.npy --arg=%t.d.npy --arg=i32:150 --repeat=3 --out=1:%t.interp.npy 2>&1 | FileCheck %s --check-prefix=TIMED
// RUN: cmp %t.interp.npy %t.want.npy
// RUN: ascreg-run %s --arg=%t.s.npy --arg=%t.d.npy --arg=i32:150 --repeat=3 --mode=jit --jit-cache=off --out=1:%t.jit.npy
// RUN: cmp %t.jit.npy %t.want.npy
// RUN: ascreg-run %s --arg=%t.s.npy --arg=%t.d.npy --arg=i32:150 --repeat=2 --mode=check --jit-cache=off --out=1:%t.check.npy 2>&1 | FileCheck %s --check-prefix=CHECKMODE
// RUN: cmp %t.check.npy %t.want.npy
// TIMED: ascreg-run: 3 runs, median
// CHECKMODE: identical

// RUN: not ascreg-run %s --arg=%t.s.npy --arg=%t.d.npy --arg=i32:150 --ub-capacity=1024 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not ascreg-run %s --arg=%t.s.npy --arg=%t.d.npy --arg=i32:150 --ub-capacity=1024 --repeat=3 --out=1:%t.none.npy 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: test ! -e %t.none.npy
// FULL: repeat-in-place.mlir:{{[0-9]+}}:3: error: UB capacity exceeded: buffer argument 1 (1024 bytes) would end at UB address 2048, the capacity is 1024 bytes

module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %count: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %vl = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    %left = scf.for %r = %c0 to %c4 step %c1 iter_args(%n = %count) -> (i32) {
      %off = arith.muli %r, %vl : index
      %x = ascreg.load_align %src[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %y = ascreg.load_align %dst[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
      %sum = ascreg.add %x, %y, %mask : !ascreg.vreg<64xf32>
      %keep = ascreg.select %mask, %sum, %y : !ascreg.vreg<64xf32>
      ascreg.store_align %keep, %dst[%off], %mask : !ascreg.vreg<64xf32>, memref<?xf32>
      scf.yield %rest : i32
    }
    return
  }
}
