// Outputs are checked against the inputs and each other before anything
// runs (issue 25, item 3; docs/semantics.md "Outputs"): --report naming an
// --arg file, the kernel or the profile, --out naming the kernel, and
// --report and --out naming one file are errors, and nothing is written.
// RUN: rm -rf %t && mkdir -p %t/sub
// RUN: cp %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir %t/k.mlir
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: echo '{"choices": {}}' > %t/profile.json
// RUN: cp %t/k.mlir %t/k.orig && cp %t/src.npy %t/src.orig && cp %t/profile.json %t/profile.orig
// DEFINE: %{run} = ascreg-run %t/k.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1

// RUN: not %{run} --report=%t/src.npy 2>&1 | FileCheck %s --check-prefix=ARG
// ARG: ascreg-run: error: --report={{.*}}src.npy names the input file of --arg 0 ('{{.*}}src.npy'); outputs never overwrite an input: write to another file
// Also through another spelling of the path.
// RUN: not %{run} --report=%t/sub/../src.npy 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: cmp %t/src.npy %t/src.orig

// RUN: not %{run} --report=%t/k.mlir 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: ascreg-run: error: --report={{.*}}k.mlir names the input file of the kernel ('{{.*}}k.mlir')
// RUN: not %{run} --out=1:%t/k.mlir 2>&1 | FileCheck %s --check-prefix=OUTKERNEL
// OUTKERNEL: ascreg-run: error: --out=1:{{.*}}k.mlir names the input file of the kernel ('{{.*}}k.mlir')
// RUN: cmp %t/k.mlir %t/k.orig

// RUN: not %{run} --semantics=%t/profile.json --report=%t/profile.json 2>&1 | FileCheck %s --check-prefix=PROFILE
// PROFILE: ascreg-run: error: --report={{.*}}profile.json names the input file of --semantics ('{{.*}}profile.json')
// RUN: cmp %t/profile.json %t/profile.orig

// --report and --out on one file: the report was lost (the .npy won).
// RUN: not %{run} --out=1:%t/both --report=%t/both 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: ascreg-run: error: --report={{.*}}both names the same file as --out=1:{{.*}}both
// RUN: not test -e %t/both

// A report that cannot be written is refused before the run too.
// RUN: not %{run} --report=%t/missing/r.html 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: ascreg-run: error: cannot write '{{.*}}missing/r.html': the directory '{{.*}}missing' does not exist
