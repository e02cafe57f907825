// --check=all reports nothing on correct kernels called the way they are
// meant to be: every conformance kernel (natural buffer sizes: exactly the
// registers the kernel touches; the default harness cases add slack on
// purpose, which coverage would rightly report), the seeds' kernels (with
// their natural counts, also the seed 000 pattern whose last load reads past
// the end of a 1000-element buffer into lanes the mask leaves inactive) and
// the argmax example. Results still match the golden model.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/conformance.py --ascreg-run ascreg-run --tmpdir %t --seed 11 --cases 2 --natural --runner-arg=--check=all '%ascreg_src_root/examples/conformance/*.mlir' | FileCheck %s --check-prefix=CONF
// CONF: seed 11: [[N:[0-9]+]] passed, 0 failed
// RUN: %python %S/../Inputs/mknpy.py %t/h1000.npy f2 "[(i * 37 % 1001) / 8 for i in range(1000)]"
// RUN: %python %S/../Inputs/mknpy.py %t/z1000.npy f2 "[0] * 1000"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/reduce_max_loop.mlir --arg=%t/z1000.npy --arg=%t/h1000.npy --arg=i32:1000 --arg=index:128 --arg=index:8 --check=all --out=0:%t/o.npy
// RUN: %python %S/../Inputs/mknpy.py %t/s16.npy i2 "[30000] * 256"
// RUN: %python %S/../Inputs/mknpy.py %t/d32.npy i4 "[5] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/reduce_sum_loop.mlir --arg=%t/d32.npy --arg=%t/s16.npy --arg=i32:256 --arg=index:128 --arg=index:64 --arg=index:2 --check=all
// RUN: %python %S/../Inputs/mknpy.py %t/p64.npy f4 "[i * 0.25 for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/q64.npy f4 "[-1] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/pair_reduce_sum.mlir --arg=%t/q64.npy --arg=%t/p64.npy --check=all --out=0:%t/o2.npy
// RUN: %python %S/../Inputs/mknpy.py %t/base.npy f2 "[j / 2 for j in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/idx.npy u2 "[255 - i for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/g256.npy f2 "[-1] * 256"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/gather_ub_loop.mlir --arg=%t/g256.npy --arg=%t/base.npy --arg=%t/idx.npy --arg=i32:256 --arg=index:128 --arg=index:2 --check=all --out=0:%t/o3.npy
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f2 "[i for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/ridx.npy u2 "[168, 128, 129, 300] + [i for i in range(4, 128)]"
// RUN: ascreg-run %ascreg_src_root/examples/seeds/gather_reg_loop.mlir --arg=%t/g256.npy --arg=%t/src.npy --arg=%t/ridx.npy --arg=i32:256 --arg=index:128 --arg=index:2 --check=all --out=0:%t/o4.npy
// RUN: %python %S/../Inputs/mknpy.py %t/x.npy f4 "[5.0 if i in (70, 300) else 9.0 if i == 900 else (i % 13) * 0.25 for i in range(1024)]"
// RUN: %python %S/../Inputs/mknpy.py %t/v.npy f4 "[0] * 64"
// RUN: %python %S/../Inputs/mknpy.py %t/i.npy i4 "[-1] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/argmax.mlir --arg=%t/x.npy --arg=%t/v.npy --arg=%t/i.npy --arg=i32:1000 --check=all
// The cast examples: f16 summed in f32, and quantisation f32 -> f16 -> s8.
// RUN: %python %S/../Inputs/mknpy.py %t/x.npy f2 "[1.0] + [2**-11] * 127"
// RUN: %python %S/../Inputs/mknpy.py %t/s.npy f2 "[0] * 128"
// RUN: ascreg-run %ascreg_src_root/examples/sum_f16_in_f32.mlir --arg=%t/x.npy --arg=%t/s.npy --arg=i32:128 --arg=index:1 --check=all --out=1:%t/s2.npy
// RUN: %python %S/../Inputs/mknpy.py %t/q.npy f4 "[1.25 * (i - 128) for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/perm.npy u1 "[4 * (i % 64) + 2 * ((i // 64) % 2) + (i // 64) // 2 for i in range(256)]"
// RUN: %python %S/../Inputs/mknpy.py %t/o.npy i1 "[0] * 256"
// RUN: ascreg-run %ascreg_src_root/examples/quantize_f32_to_s8.mlir --arg=%t/q.npy --arg=%t/perm.npy --arg=%t/o.npy --arg=index:1 --check=all --out=2:%t/o2.npy
