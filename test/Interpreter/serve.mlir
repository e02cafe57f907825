// ascreg-run --serve (docs/semantics.md 8a, "Many runs, one process"): one
// request a line, each run in a child as a fresh ascreg-run: the same output
// bytes and exit status as the plain command, stdout and stderr in the files
// the request names, relative paths from its "cwd", no option carried over
// from one run to the next, and a bad request answered with an error
// without ending the server.
// RUN: rm -rf %t && mkdir -p %t/sub
// RUN: %python %S/../Inputs/mknpy.py %t/sub/x.npy f4 "[i * 0.25 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/sub/y.npy f4 "[-1] * 64"
// RUN: ascreg-run %s --arg=%t/sub/y.npy --arg=%t/sub/x.npy --out=0:%t/plain.npy
// RUN: echo '{"argv": ["ascreg-run", "%s", "--arg=y.npy", "--arg=x.npy", "--out=0:served.npy", "--print"], "stdout": "%t/o1", "stderr": "%t/e1", "cwd": "%t/sub"}' > %t/requests
// RUN: echo '{"argv": ["ascreg-run", "%s", "--arg=%t/sub/y.npy", "--arg=%t/sub/x.npy"], "stdout": "%t/o2", "stderr": "%t/e2"}' >> %t/requests
// RUN: echo 'not json' >> %t/requests
// RUN: echo '{"argv": [], "stdout": "%t/o3", "stderr": "%t/e3"}' >> %t/requests
// RUN: echo '{"argv": ["ascreg-run", "%s", "--mode=fast"], "stdout": "%t/o4", "stderr": "%t/e4"}' >> %t/requests
// RUN: echo '{"argv": ["ascreg-run", "%s"], "stdout": "%t/o5", "stderr": "%t/e5", "cwd": "%t/none"}' >> %t/requests
// RUN: ascreg-run --serve < %t/requests | FileCheck %s
// CHECK: {"exit":0}
// CHECK-NEXT: {"exit":0}
// CHECK-NEXT: {"error":"--serve: not JSON: {{.*}}"}
// CHECK-NEXT: {"error":"--serve: \"argv\" must be a non-empty array of strings"}
// CHECK-NEXT: {"exit":1}
// CHECK-NEXT: {"exit":127}
// CHECK-NOT: {

// The served run wrote the plain run's bytes, printed what --print prints,
// and the next run, without --print, printed nothing.
// RUN: cmp %t/plain.npy %t/sub/served.npy
// RUN: FileCheck %s --check-prefix=PRINT < %t/o1
// PRINT: arg0: memref<64xf32> (64 elements) = [0.25, 1.25, 2.25,
// RUN: count 0 < %t/o2
// RUN: count 0 < %t/e2
// RUN: FileCheck %s --check-prefix=MODE < %t/e4
// MODE: ascreg-run: error: --mode must be interp, jit or check, got 'fast'
// RUN: FileCheck %s --check-prefix=CWD < %t/e5
// CWD: ascreg-run: error: --serve: cannot enter {{.*}}none: No such file or directory

// The end of the input ends the server.
// RUN: ascreg-run --serve < /dev/null | count 0
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<64xf32>, %src: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %count = arith.constant 64 : i32
    %mask, %rest = ascreg.update_mask %count for !ascreg.vreg<64xf32>
    %src_reg = ascreg.load_align %src[%c0] : memref<64xf32> -> !ascreg.vreg<64xf32>
    %dst_reg = ascreg.pair_reduce_sum %src_reg, %mask : !ascreg.vreg<64xf32>
    ascreg.store_align %dst_reg, %dst[%c0], %mask : !ascreg.vreg<64xf32>, memref<64xf32>
    return
  }
}
