// ascreg-run --report=FILE (docs/report.md): the page of a run, its errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i % 7) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"

// A run with its report: the results are the run's (the report run is separate), and the
// page is self-contained: no script, stylesheet, image or font is fetched.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1 --report=%t/run.html --print | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=PAGE < %t/run.html
// RUN: not grep -E '<script src|<link|@import|url\(|<img|href="http' %t/run.html
// RUN: ls -a %t | FileCheck %s --check-prefix=NOTEMP
// The max of i % 7 over the 10 active lanes is 6, first at lane 6 (lane 1 holds its bits).
// OUT: arg1: memref<?xf32> (64 elements) = [6, 8.40779079e-45, 0,
// PAGE: <!DOCTYPE html>
// PAGE: <title>ascreg report: @kernel</title>
// PAGE: interpreter: ok, 5 ops traced, 0 findings
// PAGE: decided by: lane 0 = max of the 10 active lanes = 6; winning lane 6
// No temporary file is left next to the report.
// NOTEMP-NOT: .tmp-

// --mode=jit has no trace to draw.
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1 --mode=jit --report=%t/jit.html 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: ascreg-run: error: --report draws the interpreter's trace: use --mode=interp or --mode=check

// A report that cannot be written: a located error, exit 1, no file.
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:10 --arg=index:1 --report=%t/missing/run.html 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: ascreg-run: error: cannot write '{{.*}}missing/run.html': the directory '{{.*}}missing' does not exist
