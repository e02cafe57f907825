// ascreg's registered pipelines (ascreg-lower-to-llvm, ascreg-to-ascendc,
// ascreg-emit-ascendc) are lists of module passes: nested under another op
// in a pipeline text, or under a misspelt anchor, adding them was a
// report_fatal_error in MLIR ("LLVM ERROR: Can't add pass ... restricted to
// 'builtin.module'", an abort of ascreg-opt, ascreg-run and Python; found by
// ascreg-fuzz-options). Now the pipeline does not parse, with an error that
// says why.
// RUN: not ascreg-opt %s --pass-pipeline='builtin.module(func.func(ascreg-lower-to-llvm))' 2>&1 | FileCheck %s
// RUN: not ascreg-run %s --arg=i32:1 --pass-pipeline='func.func(ascreg-lower-to-llvm)' 2>&1 | FileCheck %s
// CHECK: ascreg-lower-to-llvm runs on 'builtin.module', not nested in 'func.func'
// CHECK-NOT: LLVM ERROR
// RUN: not ascreg-opt %s --pass-pipeline='builtin.module(func.func(ascreg-emit-ascendc))' 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: ascreg-emit-ascendc runs on 'builtin.module', not nested in 'func.func'
// EMIT-NOT: LLVM ERROR
// RUN: not ascreg-run %s --arg=i32:1 --pass-pipeline='func.func(ascreg-to-ascendc)' 2>&1 | FileCheck %s --check-prefix=TOASCENDC
// TOASCENDC: ascreg-to-ascendc runs on 'builtin.module', not nested in 'func.func'
// TOASCENDC-NOT: LLVM ERROR
// A misspelt anchor is another op name, and the same error.
// RUN: not ascreg-opt %s --pass-pipeline='bxiltin.module(ascreg-emit-ascendc)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: ascreg-emit-ascendc runs on 'builtin.module', not nested in 'bxiltin.module'
// ANCHOR-NOT: LLVM ERROR
// Under an op-agnostic anchor the passes may run: no error.
// RUN: ascreg-opt %s --pass-pipeline='any(ascreg-emit-ascendc)' -o /dev/null
// Options are checked, with the parser's message; the Ascend C pipelines
// take none.
// RUN: not ascreg-run %s --arg=i32:1 --pass-pipeline='ascreg-lower-to-llvm{nope=1}' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: no such option nope
// RUN: not ascreg-opt %s --pass-pipeline='builtin.module(ascreg-emit-ascendc{x=1})' 2>&1 | FileCheck %s --check-prefix=NOOPTIONS
// NOOPTIONS: ascreg-emit-ascendc takes no options
func.func @kernel(%n: i32) {
  return
}
