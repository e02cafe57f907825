// The planted bugs of examples/debugging/ (the walkthrough in
// docs/debugging.md), each found by its check with the report the doc shows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float((i * 37) % 101) for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 256"
// RUN: %python %S/../Inputs/mknpy.py %t/out.npy f4 "[0] * 100"
// DEFINE: %{ex} = %ascreg_src_root/examples/debugging

// The scratch buffer's last block is read before it is written: init names
// the store, the iteration (the 4th block) and the load of the scratch buffer.
// RUN: not ascreg-run %{ex}/scratch_uninit.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:4 --check=init 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: scratch_uninit.mlir:23:7: error: [init] 'ascreg.store_align' op stores uninitialized data (lanes 0-1)
// INIT: scratch_uninit.mlir:23:7: note: first in the iteration %arg3 (scf.for at line 19) = 3
// INIT: scratch_uninit.mlir:21:12: note: the data comes from 'ascreg.load_align' here
// Provenance of the affected output element ends in UB that nothing wrote.
// RUN: ascreg-run %{ex}/scratch_uninit.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=index:4 --explain=1:192 | FileCheck %s --check-prefix=WHY
// WHY: loaded from UB byte 2816 (element 192 of %alloc)
// WHY-NEXT: UB bytes [2816, 3072): never written: uninitialised UB outside every argument buffer

// The tail count one short: coverage reports exactly the missing element, and
// no --out file is written.
// RUN: not ascreg-run %{ex}/tail_off_by_one.mlir --arg=%t/src.npy --arg=%t/out.npy --arg=i32:100 --arg=index:2 --out=1:%t/res.npy --check=coverage 2>&1 | FileCheck %s --check-prefix=COV
// COV: tail_off_by_one.mlir:6:3: error: [coverage] 'func.func' op output parameter 1: 1 of 100 elements never written by the kernel: [99, 100)
// COV: ascreg-run: the checks found errors: no --out file was written
// RUN: not test -e %t/res.npy

// Two 128 KiB ping-pong buffers do not fit next to the input.
// RUN: not ascreg-run %{ex}/ub_overflow.mlir --arg=%t/src.npy --check=ub 2>&1 | FileCheck %s --check-prefix=UB
// UB: ub_overflow.mlir:10:13: error: [ub] 'memref.alloc' op peak UB footprint of 263168 bytes exceeds the 253952 bytes of dav-3510 UB a kernel can use
// UB: note: this op is where the footprint first crossed it
