// --explain=I:E- (a range without its end) is an error (issue 25, item 15);
// it was taken as the single element E.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1 --explain=1:0- 2>&1 | FileCheck %s
// CHECK: ascreg-run: error: --explain=1:0-: '0-' is not an element or a range E-F
