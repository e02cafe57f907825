// Seed 001 (asc_pair_reduce_sum): 64 floats src[i] = i * 0.25 give
// src[2i] + src[2i+1] = i + 0.25 in the lower 32 lanes and zeros above
// (values worked out by hand from the seed's golden formula).
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy f4 "[i * 0.25 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f4 "[-1] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/pair_reduce_sum.mlir --arg=%t.dst.npy --arg=%t.src.npy --print | FileCheck %s

// CHECK: arg0: memref<64xf32> (64 elements) = [0.25, 1.25, 2.25, 3.25, 4.25, 5.25, 6.25, 7.25, 8.25, 9.25, 10.25, 11.25, 12.25, 13.25, 14.25, 15.25, 16.25, 17.25, 18.25, 19.25, 20.25, 21.25, 22.25, 23.25, 24.25, 25.25, 26.25, 27.25, 28.25, 29.25, 30.25, 31.25, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
// The source is left as it was.
// CHECK: arg1: memref<64xf32> (64 elements) = [0, 0.25, 0.5, 0.75, 1,
