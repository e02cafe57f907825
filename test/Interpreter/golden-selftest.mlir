// Self test of the conformance reference model test/Inputs/golden.py: its f16
// rounding against struct's IEEE half conversion (all f16 values, sums of random
// f16 pairs, ties, subnormals, overflow to inf) and the contract's worked examples.
// RUN: %python %S/../Inputs/golden.py | FileCheck %s
// CHECK: golden selftest OK
