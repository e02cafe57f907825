//===- DiagnosticText.h - diagnostics collected as text ---------*- C++ -*-===//
//
// The drivers that run a kernel several ways (pass bisection, random-program
// differential testing) report a path's diagnostics inside their own
// messages: this collects them as "file:line:col: message" lines.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DEBUGGING_DIAGNOSTICTEXT_H
#define ASCREG_DEBUGGING_DIAGNOSTICTEXT_H

#include "mlir/IR/Diagnostics.h"

#include <string>

namespace ascreg {
namespace debugging {

/// Collects the diagnostics emitted on a context while it lives, one line
/// each, notes indented below their diagnostic.
class DiagnosticText {
public:
  explicit DiagnosticText(mlir::MLIRContext *ctx);
  const std::string &text() const { return collected; }
  std::string firstLine() const;
  /// The text collected so far, trimmed; collecting starts again empty.
  std::string take();

private:
  std::string collected;
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace debugging
} // namespace ascreg

#endif // ASCREG_DEBUGGING_DIAGNOSTICTEXT_H
