//===- Arguments.h - numpy arrays and Python scalars as arguments -*- C++ -*-===//
//
// How Kernel.run's arguments become the engine's (interp::Arg): a numpy
// array is bound in place (the engine receives the array's own memory; no
// conversion or copy is made) when its dtype is one the parameter accepts
// (the driver's rule, ascreg/Driver/Arguments.h); a Python scalar becomes
// the parameter's bits by the driver's scalar rule (ascreg/Driver/Scalar.h).
// The engine then does what it does for every caller: it copies the buffers
// into its Unified Buffer model, runs, and copies them back after a
// successful run (a failed run leaves them untouched).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PYTHON_ARGUMENTS_H
#define ASCREG_PYTHON_ARGUMENTS_H

#include "Kernel.h"

#include <pybind11/numpy.h>

namespace ascreg_python {

/// "argument 1 (%dst: memref<64xf32>)".
std::string paramLabel(const ParamInfo &p);
/// Throws an ArgumentError about `p` (null: about no one parameter).
[[noreturn]] void argError(const ParamInfo *p, const std::string &msg);

/// The numpy dtype names a buffer parameter accepts, preferred first.
std::vector<std::string> acceptedDtypes(const ParamInfo &p);

/// One bound buffer: the array and its memory (the reference keeps the
/// array alive while the engine uses its memory).
struct BoundBuffer {
  unsigned param;
  uint8_t *data;
  uint64_t numElements;
  uint64_t bytes;
  py::object array;
};

/// Validates `args` against the parameters and builds the engine's
/// arguments (buffers in place). Raises ArgumentError; touches no array.
std::vector<::ascreg::interp::Arg> bindArgs(const Kernel &k, py::args args,
                                            std::vector<BoundBuffer> *buffers);

/// A non-negative integer of an argument (int or __index__, not a float or
/// bool) below `limit`; ArgumentError naming `what` otherwise.
uint64_t indexValue(py::handle h, const std::string &what, uint64_t limit);

/// f16_from_double, bf16_from_double, bf16_from_float32, bf16_from_float64,
/// bf16_to_float32: the scalar rule on Python floats and numpy arrays.
void populateScalarBindings(py::module_ &m);

} // namespace ascreg_python

#endif // ASCREG_PYTHON_ARGUMENTS_H
