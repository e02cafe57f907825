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

// Deep nesting overflowed the stack of MLIR's recursive-descent parser
// (7,000 nested `[`: SIGSEGV in the Release build; found by the
// coverage-guided interpreter fuzzer under ASan). More than 256 nested
// brackets are refused at the first bracket past the limit.
// RUN: %python -c "print('func.func @f() {\n  %%c = arith.constant ' + '[' * 7000 + '1' + ']' * 7000 + ' : i32\n  return\n}')" > %t/deep.mlir
// RUN: not ascreg-opt %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not ascreg-run %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not ascreg-translate --ascreg-to-ascendc %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not ascreg-translate --mlir-to-cpp %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: deep.mlir:2:278: error: brackets nest more than 256 deep here (MLIR's parser would overflow its stack on deep nesting)
// DEEP-NOT: Stack dump

// At the limit (the function's { and 255 [) the input goes to MLIR's parser;
// brackets in comments and strings are not counted.
// RUN: %python -c "print('func.func @f() attributes {note = \"' + '[' * 300 + '\"} {\n  // ' + '(' * 300 + '\n  %%c = arith.constant ' + '[' * 255 + '1' + ']' * 255 + ' : i32\n  return\n}')" > %t/at-limit.mlir
// RUN: not ascreg-opt %t/at-limit.mlir 2>&1 | FileCheck %s --check-prefix=ATLIMIT
// ATLIMIT: at-limit.mlir:3:23: error: custom op 'arith.constant' invalid kind of attribute specified
// ATLIMIT-NOT: nest more than

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
