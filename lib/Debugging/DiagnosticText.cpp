//===- DiagnosticText.cpp - diagnostics collected as text -----------------===//
#include "ascreg/Debugging/DiagnosticText.h"
#include "ascreg/Support/LocationText.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace ascreg {
namespace debugging {

DiagnosticText::DiagnosticText(MLIRContext *ctx)
    : handler(ctx, [this](Diagnostic &d) {
        llvm::raw_string_ostream os(collected);
        if (!collected.empty())
          os << "\n";
        os << locationText(d.getLocation()) << ": " << d.str();
        for (Diagnostic &note : d.getNotes())
          os << "\n  " << locationText(note.getLocation()) << ": note: " << note.str();
        return success();
      }) {}

std::string DiagnosticText::firstLine() const {
  return llvm::StringRef(collected).split('\n').first.str();
}

std::string DiagnosticText::take() {
  std::string t = llvm::StringRef(collected).trim().str();
  collected.clear();
  return t;
}

} // namespace debugging
} // namespace ascreg
