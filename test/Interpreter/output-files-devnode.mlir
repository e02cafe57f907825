// The output-file rule for device nodes (output-files.mlir has the rest):
// --report, --out, ascreg-opt -o and `ascreg-probe ingest -o` write a
// character device in place. --report once renamed a temporary file over
// it: as root, --report=/dev/null replaced the machine's /dev/null with an
// 88 KB regular file. The nodes here are made by the test (c 1 3 is a null
// device, c 1 7 a full one), never the machine's own.
// REQUIRES: root
// RUN: rm -rf %t && mkdir -p %t
// RUN: mknod %t/null c 1 3 && mknod %t/full c 1 7
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// DEFINE: %{run} = ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1

// Written in place: the nodes stay character devices.
// RUN: %{run} --report=%t/null --out=1:%t/null
// RUN: test -c %t/null
// RUN: echo 'func.func @f() { return }' > %t/good.mlir
// RUN: ascreg-opt %t/good.mlir -o %t/null
// RUN: test -c %t/null
// RUN: ls -a %t | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: .tmp-

// A full device: an error, not a crash; the node stays.
// RUN: not %{run} --report=%t/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ascreg-run: error: cannot write '{{.*}}full': No space left on device
// FULL-NOT: LLVM ERROR
// RUN: test -c %t/full
