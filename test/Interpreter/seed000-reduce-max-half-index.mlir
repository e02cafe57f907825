// Seed 000 (Reduce), "索引值需要强制类型转换": a half MAX whose maximum 1.14
// sits in lane 114 yields [1.14, 6.8e-06]; the second value is the index 114
// stored as raw f16 bits (0x0072 = 114 * 2^-24 = 6.79493e-06).
// Lanes other than 114 hold values below 1.14; lane 127 holds 1.14 again to
// show that ties keep the first index.
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f2 "[1.14 if i in (114, 127) else (i % 50) * 0.02 for i in range(128)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f2 "[7] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/reduce_max_loop.mlir --arg=%t.dst.npy --arg=%t.src.npy --arg=i32:128 --arg=index:128 --arg=index:1 --print --out=0:%t.out.npy | FileCheck %s
// RUN: od -An -tx2 -N132 -j128 %t.out.npy | FileCheck %s --check-prefix=BITS

// f16(1.14) = 0x3c8f = 1.13965; the rest of the register is zero.
// CHECK: arg0: memref<?xf16> (128 elements) = [1.13965, 6.79493e-06, 0, 0, 0,
// The stored bits: value 0x3c8f, index 0x0072, then zeros.
// BITS: 3c8f 0072 0000 0000
