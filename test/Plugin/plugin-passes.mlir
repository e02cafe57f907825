// AscRegPlugin.so as a pass plugin of the stock mlir-opt: convert-ascreg-to-vector
// and the ascreg-lower-to-llvm pipeline, by name in --pass-pipeline (pass
// flags like --convert-ascreg-to-vector are created before plugins load).
// The user's locations survive the lowering (--mlir-print-debuginfo).
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --pass-pipeline="builtin.module(convert-ascreg-to-vector)" --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --pass-pipeline="builtin.module(convert-ascreg-to-vector{runtime-checks=false})" | FileCheck %s --check-prefix=NOCHECKS
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --pass-pipeline="builtin.module(ascreg-lower-to-llvm)" --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LLVM
// The same result as ascreg-opt's.
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --pass-pipeline="builtin.module(ascreg-lower-to-llvm)" > %t.plugin.mlir
// RUN: ascreg-opt %s --ascreg-lower-to-llvm > %t.ascreg-opt.mlir
// RUN: diff %t.plugin.mlir %t.ascreg-opt.mlir

// CHECK-LABEL: func.func @gather_rows
// CHECK: cf.assert {{.*}}, "ascreg.gather at {{.*}}user.py{{.*}}:12:3{{.*}}: gather index outside the Unified Buffer" loc("gather_rows"("user.py":12:3))
// CHECK: vector.gather {{.*}} loc("gather_rows"("user.py":12:3))
// CHECK-NOT: {{ ascreg\.}}
// NOCHECKS-NOT: cf.assert
// NOCHECKS: vector.gather
// LLVM: llvm.func @gather_rows
// LLVM-NOT: {{ (ascreg|vector|memref|scf|arith|cf)\.}}
// LLVM: llvm.intr.masked.gather {{.*}} loc("gather_rows"("user.py":12:3))
// LLVM-NOT: {{ (ascreg|vector|memref|scf|arith|cf)\.}}
module attributes {ascreg.target = "dav-3510"} {
  func.func @gather_rows(%table: memref<?xf32>, %rows: memref<64xi32>, %out: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %i = ascreg.load_align %rows[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32>
    %g = ascreg.gather %table[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32> loc("gather_rows"("user.py":12:3))
    ascreg.store_align %g, %out[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
