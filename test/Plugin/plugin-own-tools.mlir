// AscRegPlugin.so loaded into ascreg's own tools, which register ascreg's
// dialects and passes already: the plugin's copies (other TypeIDs) are not
// registered again (MLIR aborted: "pass allocator creates a different pass
// than previously registered"), and the tools' own passes run. The stock
// mlir-opt still gets everything from the plugin (plugin-passes.mlir).
// RUN: split-file %s %t
// RUN: ascreg-opt %t/k.mlir --load-pass-plugin=%ascreg_plugin --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s --check-prefix=OPT
// RUN: ascreg-opt %t/k.mlir --load-dialect-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --pass-pipeline='builtin.module(convert-ascreg-to-dav)' | FileCheck %s --check-prefix=OPT
// OPT: dav.vcmax
// OPT-NOT: {{ ascreg\.}}

// ascreg-run: --pass-pipeline and --bisect-pipeline with the plugin loaded.
// The max of i over lanes 0-63 is 63 at lane 63 (lane 1 holds the index 63
// as raw bits, 8.82818033e-44 as f32).
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --load-pass-plugin=%ascreg_plugin --pass-pipeline=convert-ascreg-to-dav --print | FileCheck %s --check-prefix=OUT
// RUN: ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --load-pass-plugin=%ascreg_plugin --bisect-pipeline='convert-ascreg-to-dav,canonicalize' | FileCheck %s --check-prefix=BISECT
// Loaded twice: the second load registers nothing either.
// RUN: ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --load-pass-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --bisect-pipeline=convert-ascreg-to-dav | FileCheck %s --check-prefix=BISECT
// OUT: arg1: memref<?xf32> (64 elements) = [63, 8.82818033e-44, 0,
// BISECT: identical
// BISECT-NOT: DIFFERS
// BISECT: bisect: no pass changes the results

//--- k.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %m = ascreg.reduce <max> %v, %all : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %m, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
