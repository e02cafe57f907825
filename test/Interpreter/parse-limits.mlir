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

// MLIR's affine parser recurses once per operator of an expression: 10,000
// unary `-` (a 10 KB file) or 80,000 `d0 +` terms killed ascreg-opt,
// ascreg-run, ascreg-translate and Python with SIGSEGV (issue 25). More
// than 256 pending operators are refused at the 257th.
// RUN: %python -c "print('#m = affine_map<(d0) -> (' + '-' * 10000 + 'd0)>\nfunc.func @f() attributes {m = #m} {\n  return\n}')" > %t/minus.mlir
// RUN: not ascreg-opt %t/minus.mlir 2>&1 | FileCheck %s --check-prefix=MINUS
// RUN: not ascreg-run %t/minus.mlir 2>&1 | FileCheck %s --check-prefix=MINUS
// RUN: not ascreg-translate --ascreg-to-ascendc %t/minus.mlir 2>&1 | FileCheck %s --check-prefix=MINUS
// RUN: not ascreg-translate --mlir-to-cpp %t/minus.mlir 2>&1 | FileCheck %s --check-prefix=MINUS
// MINUS: minus.mlir:1:282: error: an affine expression has more than 256 operators pending here (MLIR's affine parser recurses once per operator and would overflow its stack)
// MINUS-NOT: Stack dump
// RUN: %python -c "print('#m = affine_map<(d0) -> (' + 'd0 + ' * 80000 + 'd0)>\nfunc.func @f() attributes {m = #m} {\n  return\n}')" > %t/chain.mlir
// RUN: not ascreg-opt %t/chain.mlir 2>&1 | FileCheck %s --check-prefix=CHAIN
// RUN: not ascreg-run %t/chain.mlir 2>&1 | FileCheck %s --check-prefix=CHAIN
// RUN: not ascreg-translate --mlir-to-cpp %t/chain.mlir 2>&1 | FileCheck %s --check-prefix=CHAIN
// CHAIN: chain.mlir:1:1309: error: an affine expression has more than 256 operators pending
// CHAIN-NOT: Stack dump

// The count is over the enclosing parentheses (the chain outside a
// parenthesis is still on the parser's stack inside it): 200 `+`, then the
// 57th operator inside.
// RUN: %python -c "print('#m = affine_map<(d0) -> (' + 'd0 + ' * 200 + '(' + 'd0 * 2 + ' * 57 + 'd0))>\nfunc.func @f() attributes {m = #m} {\n  return\n}')" > %t/paren.mlir
// RUN: not ascreg-opt %t/paren.mlir 2>&1 | FileCheck %s --check-prefix=PAREN
// PAREN: paren.mlir:1:1282: error: an affine expression has more than 256 operators pending

// At the limit the expression goes to MLIR (256 unary minus are d0; 256
// terms of the chain are 257 * d0), and what only looks like an operator
// elsewhere is not counted past the token that ends it: 1,000 negative
// elements, exponents, `->`, `>=`.
// RUN: %python -c "print('#m = affine_map<(d0) -> (' + '-' * 256 + 'd0, ' + 'd0 + ' * 256 + 'd0)>\nfunc.func @f() -> tensor<1000xf32> attributes {m = #m} {\n  %%c = arith.constant dense<[' + ', '.join(['-1.5e-3'] * 1000) + ']> : tensor<1000xf32>\n  return %%c : tensor<1000xf32>\n}')" > %t/affine-at-limit.mlir
// RUN: ascreg-opt %t/affine-at-limit.mlir | FileCheck %s --check-prefix=AFFINEOK
// AFFINEOK: #map = affine_map<(d0) -> (d0, d0 * 257)>
// AFFINEOK: arith.constant dense<-1.500000e-03> : tensor<1000xf32>

// mlir::parsePassPipeline recurses per nesting level: 100,000 nested any(
// (in a response file) killed ascreg-run and ascreg-opt with SIGSEGV.
// RUN: %python -c "print('--pass-pipeline=builtin.module(' + 'any(' * 100000 + 'cse' + ')' * 100000 + ')')" > %t/pipeline.rsp
// RUN: not ascreg-run %t/kernel.mlir @%t/pipeline.rsp 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: not ascreg-opt %t/kernel.mlir @%t/pipeline.rsp 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: --pass-pipeline: the pass pipeline nests more than 256 deep (MLIR's pipeline parser would overflow its stack) at character 1039
// PIPELINE-NOT: Stack dump
// RUN: %python -c "print('--bisect-pipeline=' + 'any(' * 100000 + 'cse' + ')' * 100000)" > %t/bisect.rsp
// RUN: not ascreg-run %t/kernel.mlir --arg=i32:1 @%t/bisect.rsp 2>&1 | FileCheck %s --check-prefix=BISECT
// BISECT: --bisect-pipeline: the pass pipeline nests more than 256 deep (MLIR's pipeline parser would overflow its stack) at character 1028
// BISECT-NOT: Stack dump
// A pass option that holds a pipeline, in a response file: ascreg-opt
// checked the arguments as given (`@FILE`) and only --pass-pipeline's final
// value, so this one reached the parser (SIGSEGV).
// RUN: %python -c "print('--inline=op-pipelines=func.func(' + 'any(' * 100000 + 'cse' + ')' * 100000 + ')')" > %t/option.rsp
// RUN: not ascreg-opt %t/kernel.mlir @%t/option.rsp 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: --inline: the pass pipeline nests more than 256 deep (MLIR's pipeline parser would overflow its stack) at character 1047
// OPTION-NOT: Stack dump
// A crash reproducer's pipeline (ascreg-opt --run-reproducer) is in the file
// metadata: its strings are checked as pipelines.
// RUN: %python -c "print('func.func @kernel() {\n  return\n}\n{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: \"builtin.module(' + 'any(' * 100000 + 'cse' + ')' * 100000 + ')\",\n      disable_threading: true,\n      verify_each: true\n    }\n  }\n#-}')" > %t/repro.mlir
// RUN: not ascreg-opt --run-reproducer %t/repro.mlir 2>&1 | FileCheck %s --check-prefix=REPRO
// REPRO: repro.mlir:7:1056: error: the pass pipeline nests more than 256 deep (MLIR's pipeline parser would overflow its stack)
// REPRO-NOT: Stack dump
// A pipeline at the limit runs.
// RUN: %python -c "print('--pass-pipeline=builtin.module(' + 'any(' * 255 + 'cse' + ')' * 255 + ')')" > %t/pipeline-at-limit.rsp
// RUN: ascreg-opt %t/kernel.mlir @%t/pipeline-at-limit.rsp | FileCheck %s --check-prefix=PIPELINEOK
// PIPELINEOK: func.func @kernel

//--- kernel.mlir
func.func @kernel(%n: i32) {
  return
}
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
