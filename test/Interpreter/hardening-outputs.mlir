// Data safety of --out (issue 10, docs/hardening.md): a run that fails never
// leaves a partial output nor modifies an input. Outputs are written to
// temporary files next to the targets and renamed over them once all are
// complete; names that collide with an input or with each other are refused
// before the run.
// RUN: rm -rf %t && split-file %s %t && mkdir -p %t/out
// RUN: %python %S/../Inputs/mknpy.py %t/a.npy f4 "[1.0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/b.npy f4 "[2.0] * 1024"
// RUN: cp %t/a.npy %t/a.orig && cp %t/b.npy %t/b.orig

// The good run: b's first register becomes a's, both outputs are written
// (the reference values are computed here, not by ascreg).
// RUN: ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:0 --out=0:%t/out/a.npy --out=1:%t/out/b.npy
// RUN: %python %S/../Inputs/mknpy.py %t/b.expected f4 "[1.0] * 64 + [2.0] * 960"
// RUN: cmp %t/out/b.npy %t/b.expected
// RUN: cmp %t/out/a.npy %t/a.orig

// --out naming an --arg file was once allowed (and a failed write then lost
// the input): it is refused before the run, the input keeps its bytes.
// RUN: not ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:0 --out=1:%t/b.npy 2>&1 | FileCheck %s --check-prefix=INPUT
// INPUT: ascreg-run: error: --out=1:{{.*}}b.npy names the input file of --arg 1 ('{{.*}}b.npy'); outputs never overwrite an input: write to another file
// RUN: cmp %t/b.npy %t/b.orig
// Also through another spelling of the same path.
// RUN: not ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:0 --out=0:%t/out/../a.npy 2>&1 | FileCheck %s --check-prefix=INPUT0
// INPUT0: error: --out=0:{{.*}} names the input file of --arg 0
// RUN: cmp %t/a.npy %t/a.orig

// Two --out naming one file.
// RUN: not ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:0 --out=0:%t/out/x.npy --out=1:%t/out/x.npy 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: error: --out=1:{{.*}}x.npy names the same file as --out=0:{{.*}}x.npy
// RUN: not ls %t/out/x.npy

// A full device once ended in "LLVM ERROR: IO failure on output stream": it
// is a located error and a non-zero exit.
// RUN: not ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:0 --out=1:/dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: ascreg-run: error: cannot write '/dev/full': {{.*}} (no --out file was written)
// FULL-NOT: LLVM ERROR

// With several --out, a later one that fails once left the earlier ones
// written. Under a 1000-byte file size limit (limit.py; like a disk that
// fills up) a.npy's 384 bytes fit and b.npy's 4224 do not: neither target
// changes (old contents kept), and no temporary file is left behind.
// RUN: echo old-a > %t/out/a.npy && echo old-b > %t/out/b.npy
// RUN: not %python %t/limit.py 1000 ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:0 --out=0:%t/out/a.npy --out=1:%t/out/b.npy 2>&1 | FileCheck %s --check-prefix=FSIZE
// FSIZE: ascreg-run: error: cannot write '{{.*}}b.npy': {{.*}} (no --out file was written)
// RUN: echo old-a > %t/a.want && echo old-b > %t/b.want
// RUN: cmp %t/out/a.npy %t/a.want
// RUN: cmp %t/out/b.npy %t/b.want
// RUN: ls -a %t/out | FileCheck %s --check-prefix=NOTEMP
// NOTEMP-NOT: tmp

// A run that fails (here an access outside UB) writes no output at all.
// RUN: not ascreg-run %t/copy.mlir --arg=%t/a.npy --arg=%t/b.npy --arg=index:100000 --out=1:%t/out/b.npy --out=0:%t/out/new.npy 2>&1 | FileCheck %s --check-prefix=RUNFAIL
// RUNFAIL: error: 'ascreg.load_align' op UB access outside the Unified Buffer
// RUN: cmp %t/out/b.npy %t/b.want
// RUN: not ls %t/out/new.npy
// RUN: cmp %t/a.npy %t/a.orig
// RUN: cmp %t/b.npy %t/b.orig

//--- copy.mlir
func.func @kernel(%a: memref<?xf32>, %b: memref<?xf32>, %off: index) {
  %c0 = arith.constant 0 : index
  %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
  %v = ascreg.load_align %a[%off] : memref<?xf32> -> !ascreg.vreg<64xf32>
  ascreg.store_align %v, %b[%c0], %m : !ascreg.vreg<64xf32>, memref<?xf32>
  return
}
//--- limit.py
# limit.py BYTES CMD...: runs CMD with a file size limit (RLIMIT_FSIZE) and
# SIGXFSZ at its default action (Python ignores it, and exec keeps that).
import os, resource, signal, sys
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
os.execvp(sys.argv[2], sys.argv[2:])
