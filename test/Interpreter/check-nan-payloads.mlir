// --mode=check compares NaN payloads wherever the semantics fixes them
// (docs/semantics.md section 4, "NaN payloads in check";
// include/ascreg/Debugging/NaNPayloads.h): reduce max/min copy the first
// active NaN's bits, so a JIT result whose NaN payload differs is a mismatch;
// a reduce sum's NaN payload is not part of the contract, so two NaNs agree
// there. --test-perturb-jit flips bit 0 of an element of the JIT's result.
// The source holds 1.0, NaN 0x7fc00001 and 2.0: written as u4 bit patterns,
// then relabelled f4 (mknpy rounds float values, which would lose the payload).
// RUN: %python %S/../Inputs/mknpy.py %t.src.npy u4 "[0x3f800000, 0x7fc00001, 0x40000000] + [0] * 61"
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d.replace(b'<u4', b'<f4', 1))" %t.src.npy %t.srcf.npy
// RUN: %python %S/../Inputs/mknpy.py %t.dst.npy f4 "[0] * 64"

// Both paths give NaN 0x7fc00001 (lane 1's bits): identical without the
// perturbation, a mismatch with it.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:3 --arg=index:1 --mode=check | FileCheck %s --check-prefix=SAME
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:3 --arg=index:1 --mode=check --test-perturb-jit=1:0 | FileCheck %s --check-prefix=MAX
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_min_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:3 --arg=index:1 --mode=check --test-perturb-jit=1:0 | FileCheck %s --check-prefix=MAX
// MAX: mismatch: parameter 1 element 0: interp nan (0x7fc00001), jit nan (0x7fc00000)

// The same perturbation of a sum's NaN: not compared.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:3 --arg=index:1 --mode=check --test-perturb-jit=1:0 | FileCheck %s --check-prefix=SAME
// A perturbation that makes a sum's NaN a number still is.
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:1 --arg=index:1 --mode=check --test-perturb-jit=1:0 | FileCheck %s --check-prefix=SUMNUM
// SAME: identical
// SUMNUM: mismatch: parameter 1 element 0: interp 1 (0x3f800000), jit {{.*}} (0x3f800001)

// The report's divergence section applies the same rule.
// RUN: not ascreg-run %ascreg_src_root/examples/conformance/reduce_max_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:3 --arg=index:1 --mode=check --test-perturb-jit=1:0 --report=%t.max.html
// RUN: FileCheck %s --check-prefix=REPMAX < %t.max.html
// REPMAX: parameter 1: 1 of 64 elements differ
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_sum_f32_f32.mlir --arg=%t.srcf.npy --arg=%t.dst.npy --arg=i32:3 --arg=index:1 --mode=check --test-perturb-jit=1:0 --report=%t.sum.html
// RUN: FileCheck %s --check-prefix=REPSUM < %t.sum.html
// REPSUM: parameter 1: 0 of 64 elements differ
