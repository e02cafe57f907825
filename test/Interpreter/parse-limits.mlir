// A use of a huge result number of a value not yet defined made MLIR's parser
// allocate that many placeholders and abort ("LLVM ERROR: out of memory"),
// found by the fuzz targets' standalone driver (docs/hardening.md). ascreg's
// tools check the input first and report the use.
// RUN: rm -rf %t && split-file %s %t

// ascreg-opt, ascreg-run and both translations of ascreg-translate: one
// located error, exit 1, no abort.
// RUN: not ascreg-opt %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not ascreg-run %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not ascreg-translate --ascreg-to-ascendc %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not ascreg-translate --mlir-to-cpp %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge.mlir:3:19: error: result number 2147483647 of %v is larger than 65535
// HUGE-NOT: LLVM ERROR

// At the limit the input goes to MLIR's parser, which reports the undefined
// value itself; numbers in comments and strings are not uses.
// RUN: not ascreg-opt %t/limit.mlir 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not ascreg-translate --ascreg-to-ascendc %t/limit.mlir 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: limit.mlir:3:19: error: use of undeclared SSA value name
// LIMIT-NOT: larger than 65535

//--- huge.mlir
func.func @f() {
  // %a#99999999999 in a comment is not a use
  %x = arith.addi %v#2147483647, %v#0 : i32
  return
}
//--- limit.mlir
func.func @f() attributes {note = "%a#99999999999"} {
  // %a#99999999999 in a comment is not a use
  %x = arith.addi %v#65535, %v#0 : i32
  return
}
