// ascreg-lower-to-llvm's passes run on modules: nested under another op in a
// pipeline text, adding them was a report_fatal_error in MLIR ("LLVM ERROR:
// Can't add pass ... restricted to 'builtin.module'", an abort of
// ascreg-opt, ascreg-run and Python; found by ascreg-fuzz-options). Now the
// pipeline does not parse, with an error that says why.
// RUN: not ascreg-opt %s --pass-pipeline='builtin.module(func.func(ascreg-lower-to-llvm))' 2>&1 | FileCheck %s
// RUN: not ascreg-run %s --arg=i32:1 --pass-pipeline='func.func(ascreg-lower-to-llvm)' 2>&1 | FileCheck %s
// CHECK: ascreg-lower-to-llvm runs on 'builtin.module', not nested in 'func.func'
// CHECK-NOT: LLVM ERROR
// Its options are still checked, with the parser's message.
// RUN: not ascreg-run %s --arg=i32:1 --pass-pipeline='ascreg-lower-to-llvm{nope=1}' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: no such option nope
func.func @kernel(%n: i32) {
  return
}
