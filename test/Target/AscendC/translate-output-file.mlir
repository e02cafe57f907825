// ascreg-translate -o follows the output-file rule (docs/hardening.md,
// "Output files"; ascreg/Support/OutputFile.h). It used mlirTranslateMain,
// which truncated the output before translating and removed it when the run
// failed, and happily wrote the translation over its own input.
// REQUIRES: root
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo 'func.func @f() { "bad.op"() : () -> () }' > %t/bad.mlir
// DEFINE: %{kernel} = %ascreg_src_root/examples/conformance/reduce_max_f16_f16.mlir

// A failed run leaves the old file as it was.
// RUN: echo old > %t/out.cpp
// RUN: not ascreg-translate --ascreg-to-ascendc %t/bad.mlir -o %t/out.cpp 2>&1
// RUN: echo old | cmp - %t/out.cpp

// A successful run replaces it.
// RUN: ascreg-translate --ascreg-to-ascendc %{kernel} -o %t/out.cpp
// RUN: FileCheck %s --check-prefix=CPP < %t/out.cpp
// CPP: __simd_vf__ inline void kernel_vf(

// The output never replaces the input: the kernel stays.
// RUN: cp %{kernel} %t/k.mlir
// RUN: not ascreg-translate --ascreg-to-ascendc %t/k.mlir -o %t/k.mlir 2>&1 | FileCheck %s --check-prefix=SELF
// SELF: ascreg-translate: error: -o {{.*}}k.mlir names the input file of ascreg-translate; outputs never overwrite an input
// RUN: cmp %{kernel} %t/k.mlir

// Special files are written in place: a device node the test makes (c 1 3
// is a null device), a FIFO with a reader; a symbolic link stays a link.
// RUN: mknod %t/null c 1 3
// RUN: ascreg-translate --ascreg-to-ascendc %{kernel} -o %t/null
// RUN: not ascreg-translate --ascreg-to-ascendc %t/bad.mlir -o %t/null 2>&1
// RUN: test -c %t/null
// RUN: mkfifo %t/fifo
// RUN: { timeout 60 cat %t/fifo > %t/fifo.out & } ; ascreg-translate --ascreg-to-ascendc %{kernel} -o %t/fifo && wait
// RUN: test -p %t/fifo
// RUN: FileCheck %s --check-prefix=CPP < %t/fifo.out
// RUN: ln -s out.cpp %t/link.cpp
// RUN: ascreg-opt %{kernel} --ascreg-to-ascendc | ascreg-translate --mlir-to-cpp -o %t/link.cpp
// RUN: test -L %t/link.cpp && FileCheck %s --check-prefix=CPP < %t/out.cpp

// A full device (c 1 7) is an error, not a crash.
// RUN: mknod %t/full c 1 7
// RUN: not ascreg-translate --ascreg-to-ascendc %{kernel} -o %t/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ascreg-translate: error: cannot write '{{.*}}full': No space left on device
// FULL-NOT: LLVM ERROR
// RUN: ls -a %t | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: .tmp-
