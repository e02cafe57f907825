// ascreg-run's JIT cache (docs/semantics.md, "JIT cache"): the second run of a
// kernel loads the stored code (the entry is not written again) and gives the
// same buffers and the same located error; --jit-cache=off and
// ASCREG_JIT_CACHE=off write nothing; the environment variable picks the
// directory.
// RUN: rm -rf %t.cache %t.env %t.off && mkdir %t.off
// RUN: %python %S/../Inputs/mknpy.py %t.b.npy f4 "[i * 0.5 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.d.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t.ok.npy u4 "[63 - i for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t.bad.npy u4 "[0, 1, 2, 100000] + [0] * 60"

// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.cache --print | FileCheck %s --check-prefix=OK
// RUN: ls -i %t.cache > %t.first && count 1 < %t.first
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.cache --print | FileCheck %s --check-prefix=OK
// RUN: ls -i %t.cache | diff - %t.first
// OK: arg2: memref<?xf32> (64 elements) = [31.5, 31, 30.5, 30,

// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.bad.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.cache 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.bad.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.cache 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: ls -i %t.cache | diff - %t.first
// OOB: gather_f32_f32_u32.mlir:14:14: error: 'ascreg.gather' op gather index 100000 in lane 3 reads UB byte 400000

// RUN: env ASCREG_JIT_CACHE=%t.off ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=off
// RUN: ls %t.off | count 0
// RUN: env ASCREG_JIT_CACHE=off ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit
// RUN: env ASCREG_JIT_CACHE=%t.env ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=check | FileCheck %s --check-prefix=SAME
// RUN: ls %t.env | count 1
// SAME: identical

// An entry that is not a regular file (a FIFO or a link to /dev/zero planted
// in a shared cache directory) is a miss, replaced by a good entry; before,
// the run blocked on the FIFO or read /dev/zero until killed.
// RUN: rm -rf %t.hostile && env ASCREG_JIT_CACHE=%t.hostile ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit
// RUN: for e in %t.hostile/*.ajo; do rm "$e" && mkfifo "$e"; done
// RUN: env ASCREG_JIT_CACHE=%t.hostile timeout 120 ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --print | FileCheck %s --check-prefix=OK
// RUN: find %t.hostile -name '*.ajo' -type f | count 1
// RUN: for e in %t.hostile/*.ajo; do rm "$e" && ln -s /dev/zero "$e"; done
// RUN: env ASCREG_JIT_CACHE=%t.hostile timeout 120 ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --print | FileCheck %s --check-prefix=OK
// RUN: find %t.hostile -name '*.ajo' -type f | count 1
// The size limit (--jit-cache-size, else ASCREG_JIT_CACHE_SIZE): a limit
// below one entry keeps only the entry just stored; a bad size is an error
// before anything runs.
// RUN: rm -rf %t.small
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.small
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.small --jit-opt=1
// RUN: ls %t.small | count 2
// RUN: env ASCREG_JIT_CACHE_SIZE=1 ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.small --jit-opt=3 --print | FileCheck %s --check-prefix=OK
// RUN: ls %t.small | count 1
// RUN: ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.small --jit-cache-size=1K
// RUN: ls %t.small | count 1
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache-size=12X 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: ascreg-run: error: --jit-cache-size: '12X' is not a size: bytes, optionally with K, M or G (0: no limit)
// RUN: env ASCREG_JIT_CACHE_SIZE=lots not ascreg-run %ascreg_src_root/examples/conformance/gather_f32_f32_u32.mlir --arg=%t.b.npy --arg=%t.ok.npy --arg=%t.d.npy --arg=i32:64 --arg=index:1 --mode=jit --jit-cache=%t.small 2>&1 | FileCheck %s --check-prefix=ENVSIZE
// ENVSIZE: ascreg-run: error: ASCREG_JIT_CACHE_SIZE: 'lots' is not a size
