// The dav-3510 path through the plugin: convert-ascreg-to-dav in the stock
// mlir-opt gives exactly ascreg-opt's output, which the stock mlir-opt parses
// back (the plugin registers the dav dialect too).
// RUN: mlir-opt %ascreg_src_root/examples/argmax.mlir --load-dialect-plugin=%ascreg_plugin --load-pass-plugin=%ascreg_plugin --pass-pipeline="builtin.module(convert-ascreg-to-dav)" > %t.plugin.mlir
// RUN: ascreg-opt %ascreg_src_root/examples/argmax.mlir --convert-ascreg-to-dav > %t.ascreg-opt.mlir
// RUN: diff %t.plugin.mlir %t.ascreg-opt.mlir
// RUN: mlir-opt %t.plugin.mlir --load-dialect-plugin=%ascreg_plugin | FileCheck %s
// CHECK: func.func @kernel
// CHECK: dav.pset_b32 <ALL>
// CHECK-NOT: {{ ascreg\.}}
