// --load-pass-plugin names a file like every file argument: a name without
// '/' is a file in the working directory (issue 25, item 15). MLIR's loader
// (dlopen) would search the library path for it instead and fail.
// RUN: rm -rf %t && mkdir -p %t && cp %ascreg_test_passes %t/TestPasses.so
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: cp %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir %t/k.mlir
// DEFINE: %{run} = ascreg-run k.mlir --arg=src.npy --arg=dst.npy --arg=i32:10 --arg=index:1
// RUN: cd %t && not %{run} --load-pass-plugin=TestPasses.so --bisect-pipeline=test-ascreg-swap-reduce-kind | FileCheck %s
// CHECK: bisect: the results first differ after pass 1 'test-ascreg-swap-reduce-kind'
// A missing one says where it was looked for.
// RUN: cd %t && not %{run} --load-pass-plugin=None.so --bisect-pipeline=cse 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: ascreg-run: error: --load-pass-plugin=None.so: Could not load library './None.so': no such file (a name without '/' is a file in the working directory)
