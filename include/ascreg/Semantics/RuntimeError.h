//===- RuntimeError.h - errors a running kernel can hit ---------*- C++ -*-===//
//
// The runtime errors of a kernel, shared by every execution path so that all
// report the same text at the op's location: the interpreter builds a
// RuntimeError where it detects the problem; the code the vector lowering
// generates passes the same kind and values to its error callback (or names
// the kind in its cf.assert message). No MLIR dependency.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_RUNTIMEERROR_H
#define ASCREG_SEMANTICS_RUNTIMEERROR_H

#include <cstdint>
#include <string>

namespace ascreg {
namespace semantics {

enum class RuntimeErrorKind : uint8_t {
  /// A register access outside UB: {buffer UB address, element offset,
  /// element bytes, access bytes}.
  RegisterAccessOutsideUB,
  /// A register access at an address that is not 32-byte aligned: {buffer UB
  /// address, element offset, element bytes}.
  MisalignedAccess,
  /// A gather lane reads outside UB: {index, lane, base UB address, index
  /// unit bytes}.
  GatherOutsideUB,
  /// A gather base that is not 32-byte aligned: {base UB address}.
  MisalignedGatherBase,
  /// A scalar memref.load/store outside UB: {buffer UB address, index,
  /// element bytes}.
  ScalarAccessOutsideUB,
  /// memref.alloc does not fit: {bytes, UB address it would start at}.
  AllocationExceedsUB,
  /// The step limit was reached: {limit}.
  StepLimit,
  /// scf.for with a step that is not positive: {step}.
  NonPositiveStep,
  /// Integer division or remainder by zero.
  DivisionByZero,
  /// The caller stopped the run (interp::Options::cancel,
  /// jit::interruptCurrentRun): no values.
  Interrupted,
  /// memref.subview places its view outside its source: {offset, size,
  /// source elements}.
  ViewOutsideSource,
  /// memref.cast to a static size other than the buffer's: {buffer
  /// elements, static size}.
  CastSizeMismatch,
};

struct RuntimeError {
  RuntimeErrorKind kind;
  int64_t values[4] = {0, 0, 0, 0};

  /// The message (without location), for a UB of `ubCapacity` bytes.
  std::string message(uint64_t ubCapacity) const;
};

/// One line naming the kind of error (for messages without the values).
const char *describe(RuntimeErrorKind kind);

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_RUNTIMEERROR_H
