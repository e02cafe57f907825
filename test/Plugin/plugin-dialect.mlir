// The stock mlir-opt (/usr/lib/llvm-22/bin) parses, verifies and prints ascreg
// with AscRegPlugin.so loaded as a dialect plugin.
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --mlir-print-op-generic | mlir-opt --load-dialect-plugin=%ascreg_plugin | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%ascreg_plugin --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// DIALECTS: ascreg
// NOPLUGIN: error: Dialect `ascreg' not found for custom op 'ascreg.create_mask'

// CHECK-LABEL: func.func @kernel
// CHECK: ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
// CHECK: ascreg.update_mask %{{.*}} for !ascreg.vreg<64xf32>
// CHECK: ascreg.reduce <max> %{{.*}}, %{{.*}} : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
// CHECK: ascreg.gather %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%src: memref<64xf32>, %tbl: memref<?xf32>, %idx: memref<64xi32>, %dst: memref<64xf32>, %n: i32) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %m, %rest = ascreg.update_mask %n for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %r = ascreg.reduce <max> %v, %m : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    %i = ascreg.load_align %idx[%c0] : memref<64xi32> -> !ascreg.vreg<64xu32>
    %g = ascreg.gather %tbl[%i], %all : memref<?xf32>, !ascreg.vreg<64xu32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
