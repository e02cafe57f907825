// MLIR's options of ascreg-opt that name a file MLIR writes itself
// (--log-actions-to, --mlir-generate-reproducer,
// --mlir-pass-pipeline-crash-reproducer) never name the input or -o:
// --log-actions-to=KERNEL emptied the kernel and exited 0 (docs/hardening.md,
// "Output files").
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo 'func.func @f() { return }' > %t/k.mlir && cp %t/k.mlir %t/k.orig
// RUN: not ascreg-opt %t/k.mlir --log-actions-to=%t/k.mlir 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: ascreg-opt: error: --log-actions-to={{.*}}k.mlir names the input file of ascreg-opt; outputs never overwrite an input
// RUN: not ascreg-opt %t/k.mlir --mlir-generate-reproducer %t/k.mlir 2>&1 | FileCheck %s --check-prefix=REPRO
// REPRO: ascreg-opt: error: --mlir-generate-reproducer={{.*}}k.mlir names the input file of ascreg-opt
// RUN: not ascreg-opt %t/k.mlir -mlir-pass-pipeline-crash-reproducer=%t/out.mlir -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: ascreg-opt: error: -o {{.*}}out.mlir names the same file as --mlir-pass-pipeline-crash-reproducer={{.*}}out.mlir
// RUN: cmp %t/k.mlir %t/k.orig
// RUN: not test -e %t/out.mlir
// Other files are written as before.
// RUN: ascreg-opt %t/k.mlir --log-actions-to=%t/actions.log -o %t/out.mlir
// RUN: test -e %t/actions.log && FileCheck %s --check-prefix=OUT < %t/out.mlir
// OUT: func.func @f()
