// The seeds' calling patterns, written as kernels in examples/seeds, parse and
// verify (and print back in the custom syntax).
// RUN: ascreg-opt %ascreg_src_root/examples/seeds/reduce_sum_loop.mlir | FileCheck %s --check-prefix=SUM
// SUM: scf.for
// SUM: ascreg.load_align {{.*}} : memref<?xi16> -> !ascreg.vreg<128xi16>
// SUM: ascreg.update_mask {{.*}} for !ascreg.vreg<128xi16>
// SUM: ascreg.reduce <sum> {{.*}} : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
// SUM: ascreg.store_align {{.*}} : !ascreg.vreg<64xi32>, memref<?xi32>

// RUN: ascreg-opt %ascreg_src_root/examples/seeds/reduce_max_loop.mlir | FileCheck %s --check-prefix=MAX
// MAX: ascreg.reduce <max> {{.*}} : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>

// RUN: ascreg-opt %ascreg_src_root/examples/seeds/pair_reduce_sum.mlir | FileCheck %s --check-prefix=PAIR
// PAIR: ascreg.update_mask {{.*}} for !ascreg.vreg<64xf32>
// PAIR: ascreg.pair_reduce_sum {{.*}} : !ascreg.vreg<64xf32>

// RUN: ascreg-opt %ascreg_src_root/examples/seeds/gather_ub_loop.mlir | FileCheck %s --check-prefix=GATHER
// GATHER: ascreg.gather {{.*}} : memref<?xf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>

// RUN: ascreg-opt %ascreg_src_root/examples/seeds/gather_reg_loop.mlir | FileCheck %s --check-prefix=GREG
// GREG: ascreg.load_align {{.*}} : memref<?xi16> -> !ascreg.vreg<128xu16>
// GREG: scf.for
// GREG: ascreg.gather_reg {{.*}} : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>

// The argmax example kernel that the README runs.
// RUN: ascreg-opt %ascreg_src_root/examples/argmax.mlir | FileCheck %s --check-prefix=ARGMAX
// ARGMAX: func.func @kernel
