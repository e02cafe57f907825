// --explain follows a DAG, not a tree: a lane several later ops used is one
// node, printed once with a label and referred back to. The walk is
// iterative and stops at the node budget (2000 nodes) with a "truncated"
// line; --explain-depth takes any value up to 4294967295 without wrapping.
// RUN: split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[float(i) for i in range(64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// DEFINE: %{args} = --arg=%t/src.npy --arg=%t/dst.npy

// %b = %a + %a three times: lane 5 is 5 -> 10 -> 20 -> 40. Each add is one
// node; its second use is a reference.
// RUN: ascreg-run %t/double.mlir %{args} --arg=index:3 --explain=1:5 --explain-depth=100 | FileCheck %s --check-prefix=DAG
// DAG: explain: parameter 1 element 5 = 40 (0x42200000)
// DAG-NEXT: {{^  }}ascreg.store_align at {{.*}}double.mlir:11:5: stores lane 5 of %2 = 40 (0x42200000) to UB byte 276
// DAG-NEXT: {{^    }}ascreg.add at {{.*}}double.mlir:8:12 [%arg3 (scf.for at line 7) = 2]: lane 5 of %3 = 40 (0x42200000) from %arg4 %arg4 %0{{$}}
// DAG-NEXT: {{^      }}ascreg.add at {{.*}}[%arg3 (scf.for at line 7) = 1]: lane 5 of %3 = 20 (0x41a00000) from %arg4 %arg4 %0 {#1}
// DAG-NEXT: {{^        }}ascreg.add at {{.*}}[%arg3 (scf.for at line 7) = 0]: lane 5 of %3 = 10 (0x41200000) from %arg4 %arg4 %0 {#2}
// DAG-NEXT: {{^          }}ascreg.load_align at {{.*}}double.mlir:6:10: lane 5 of %1 = 5 (0x40a00000), loaded from UB byte 20 (element 5 of %arg0) {#3}
// DAG-NEXT: {{^            }}UB bytes [0, 256): input data of parameter 0 (no store of this run wrote them)
// DAG-NEXT: {{^          }}#3 again: ascreg.load_align at {{.*}}double.mlir:6:10: shown above
// DAG-NEXT: {{^        }}#2 again: ascreg.add at {{.*}}[%arg3 (scf.for at line 7) = 0]: shown above
// DAG-NEXT: {{^      }}#1 again: ascreg.add at {{.*}}[%arg3 (scf.for at line 7) = 1]: shown above
// DAG-NOT: {{.}}

// 16 iterations: 2 * 16 + 4 lines (a tree would have 2^17 + 1).
// RUN: ascreg-run %t/double.mlir %{args} --arg=index:16 --explain=1:5 --explain-depth=100 | count 36

// The largest depth does not wrap to 0: the walk reaches the input data.
// RUN: ascreg-run %t/double.mlir %{args} --arg=index:3 --explain=1:5 --explain-depth=4294967295 | FileCheck %s --check-prefix=MAXDEPTH
// MAXDEPTH: ascreg.load_align at {{.*}}: lane 5 of %1 = 5 (0x40a00000)
// MAXDEPTH-NEXT: UB bytes [0, 256): input data of parameter 0
// MAXDEPTH-NOT: values not recorded
// RUN: not ascreg-run %t/double.mlir %{args} --arg=index:3 --explain=1:5 --explain-depth=4294967296 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: '4294967296' value invalid for uint argument

// A chain of 10,000 adds (%b = %a + %v): no recursion per step (it
// overflowed the stack), nesting past 32 levels printed by number, and the
// walk stops at 2000 nodes: the store, 1997 adds, the load and its input.
// RUN: ascreg-run %t/chain.mlir %{args} --arg=index:10000 --explain=1:5 --explain-depth=100000 > %t/chain.txt
// RUN: FileCheck %s --check-prefix=CHAIN < %t/chain.txt
// RUN: grep -c "ascreg.add at" %t/chain.txt | FileCheck %s --check-prefix=ADDS
// CHAIN: explain: parameter 1 element 5 = 50005 (0x47435500)
// CHAIN: {{^ +}}[level 33] ascreg.add at {{.*}} = 9967]: lane 5 of %3 = 49845 (0x4742b500) from %arg4 %1 %0
// CHAIN: [level 1998] ... truncated: the explanation reached its budget of 2000 nodes
// CHAIN-NOT: truncated
// ADDS: {{^}}1997{{$}}

//--- double.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %v) -> (!ascreg.vreg<64xf32>) {
      %b = ascreg.add %a, %a, %all : !ascreg.vreg<64xf32>
      scf.yield %b : !ascreg.vreg<64xf32>
    }
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}

//--- chain.mlir
module {
  func.func @kernel(%src: memref<?xf32>, %dst: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %v) -> (!ascreg.vreg<64xf32>) {
      %b = ascreg.add %a, %v, %all : !ascreg.vreg<64xf32>
      scf.yield %b : !ascreg.vreg<64xf32>
    }
    ascreg.store_align %r, %dst[%c0], %all : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
