//===- RunMode.h - which executor a run uses --------------------*- C++ -*-===//
//
// ascreg-run --mode, the Python package's `mode=` and the report's header
// name a run's mode with these words, and only these.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_RUNMODE_H
#define ASCREG_DRIVER_RUNMODE_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace ascreg {
namespace driver {

enum class RunMode {
  Interp, ///< the interpreter
  Jit,    ///< the vector lowering, JIT-compiled
  Check,  ///< both, on copies of the same inputs, compared bit for bit
};

/// "interp", "jit", "check".
llvm::StringRef runModeName(RunMode mode);
/// The mode a name denotes, or none.
std::optional<RunMode> parseRunMode(llvm::StringRef name);
/// The names for an error message: "interp, jit or check".
inline constexpr llvm::StringLiteral kRunModeNames = "interp, jit or check";

/// Whether a run in `mode` runs the interpreter / the JIT.
inline bool runsInterpreter(RunMode mode) { return mode != RunMode::Jit; }
inline bool runsJit(RunMode mode) { return mode != RunMode::Interp; }

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_RUNMODE_H
