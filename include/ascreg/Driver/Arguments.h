//===- Arguments.h - a kernel's arguments: specs, .npy, dtypes ---*- C++ -*-===//
//
// How a front door's arguments become the engine's (interp::Arg): the one
// rule of which array element kinds a buffer parameter accepts (the .npy
// files of ascreg-run, the numpy arrays of the Python package), and the
// binding of ascreg-run's textual specs: FILE.npy[:uninit] for a memref
// parameter, TYPE:VALUE for a scalar (Scalar.h's rounding).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_ARGUMENTS_H
#define ASCREG_DRIVER_ARGUMENTS_H

#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/Interpreter/Npy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ascreg {
namespace driver {

/// An array element kind as numpy names it: 'i' signed integer, 'u'
/// unsigned integer, 'f' IEEE float; and its size in bytes.
struct ElementKind {
  char kind;
  unsigned bytes;
};

/// The element kinds a buffer of element type `elem` accepts, preferred
/// first: a float its own IEEE kind (bf16 as 'u' 2: the bit patterns, numpy
/// has no bf16), a signed or unsigned integer its own kind, a signless one
/// either. Empty for an element type no buffer binds.
llvm::SmallVector<ElementKind, 2> acceptedElementKinds(mlir::Type elem);
/// Whether a buffer of `elem` accepts elements of `kind`.
bool acceptsElements(mlir::Type elem, ElementKind kind);
/// The .npy dtypes `elem` accepts for messages: "<f4", "<i4 or <u4",
/// "<u2 (bf16 bits)".
std::string acceptedNpyDtypes(mlir::Type elem);

/// One bound argument: scalar bits, or a buffer with the .npy it came from.
struct BoundArgument {
  bool isBuffer = false;
  bool uninitialized = false; // FILE.npy:uninit
  bool output = false;        // written back to a file after the run
  uint64_t bits = 0;
  NpyArray npy;              // the input as read (kept to reset before each run)
  std::vector<uint8_t> work; // the buffer the kernel runs on
};

/// Binds `specs` (one per parameter of `fn`, ascreg-run's --arg forms).
/// Fails with a message naming the argument; a buffer parameter whose type
/// no executor takes reports at its location through the diagnostics (and
/// fails with an empty message).
llvm::Expected<std::vector<BoundArgument>> bindArgumentSpecs(mlir::func::FuncOp fn,
                                                             llvm::ArrayRef<std::string> specs);

/// Restores every buffer of `set` to its input (before each run).
void resetBuffers(std::vector<BoundArgument> &set);
/// The engine's arguments over the working buffers of `set`.
std::vector<interp::Arg> engineArguments(std::vector<BoundArgument> &set);
/// The working buffers' contents in parameter order (empty for scalars).
std::vector<std::vector<uint8_t>> workBuffers(const std::vector<BoundArgument> &set);

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_ARGUMENTS_H
