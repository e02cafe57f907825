// Seed 003 (Gather) both loops, with values worked out by hand.
// UB gather, half data and u16 indices: base[j] = j / 2 and index[i] = 255 - i,
// so dst[i] = (255 - i) / 2; count 130 leaves lanes 2..127 of the second
// register inactive (zeroed, and not stored because the store uses the mask).
// RUN: %python %S/../Inputs/mknpy.py %t.base.npy f2 "[j / 2 for j in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.idx.npy u2 "[255 - i for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f2 "[-1] * 256"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/gather_ub_loop.mlir --arg=%t.dst.npy --arg=%t.base.npy --arg=%t.idx.npy --arg=i32:130 --arg=index:128 --arg=index:2 --print | FileCheck %s --check-prefix=UB
// UB: arg0: memref<?xf16> (256 elements) = [127.5, 127, 126.5, 126,
// UB-SAME: 64.5, 64, 63.5, 63, -1, -1,

// Register gather, half data and u16 indices: indices wrap modulo 128, so
// index 168 reads lane 40 (Gather.md's example) and index 128 + k reads k.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f2 "[i for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t.ridx.npy u2 "[168, 128, 129, 300] + [i for i in range(4, 128)]"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/gather_reg_loop.mlir --arg=%t.dst.npy --arg=%t.src.npy --arg=%t.ridx.npy --arg=i32:256 --arg=index:128 --arg=index:2 --print | FileCheck %s --check-prefix=REG
// Second register: src lanes hold 128..255, so index 168 -> lane 40 -> 168.
// REG: arg0: memref<?xf16> (256 elements) = [40, 0, 1, 44, 4, 5,
// REG-SAME: 127, 168, 128, 129, 172, 132,
