// Inputs that never end: a kernel, an --arg .npy or ascreg-opt's input
// that is a zero device (c 1 5, made by the test) or standard input from
// one. Read to its end, such an input filled memory until the process was
// killed; now it is read to at most 256 MiB and refused with a clear error.
// REQUIRES: root
// RUN: rm -rf %t && mkdir -p %t
// RUN: mknod %t/zero c 1 5 && mknod %t/zero.npy c 1 5
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// DEFINE: %{kernel} = %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir

// The kernel of each tool.
// RUN: not ascreg-run %t/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ascreg-opt %t/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ascreg-translate --ascreg-to-ascendc %t/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ascreg-opt - < %t/zero 2>&1 | FileCheck %s --check-prefix=STDIN
// ZERO: cannot open input file '{{.*}}zero': it is not a regular file and gives more than 256 MiB
// STDIN: cannot open input file '-': it is not a regular file and gives more than 256 MiB

// An .npy argument.
// RUN: not ascreg-run %{kernel} --arg=%t/zero.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NPY
// NPY: cannot read .npy file '{{.*}}zero.npy': it is not a regular file and gives more than 256 MiB

// A FIFO that ends is read like a file.
// RUN: mkfifo %t/fifo
// RUN: (cat %{kernel} > %t/fifo &) && ascreg-opt %t/fifo | FileCheck %s --check-prefix=FIFO
// FIFO: ascreg.reduce <max>
