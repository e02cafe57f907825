//===- LocationText.h - a source location as text ---------------*- C++ -*-===//
//
// How ascreg prints the place an op or diagnostic comes from, wherever it
// prints one outside MLIR's own diagnostic printer: in collected diagnostics
// (pass bisection, random-program testing), provenance chains and the HTML
// run report.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_LOCATIONTEXT_H
#define ASCREG_SUPPORT_LOCATIONTEXT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace ascreg {

/// "file:line:col" of the source position a location points to: a named or
/// call-site location is its child or callee's position, a fused one its
/// first part's; any other location prints in its MLIR form. With
/// `fileBaseName` the file is its last path component (the run report, where
/// the full path is noise next to each op).
inline void printLocation(llvm::raw_ostream &os, mlir::Location loc, bool fileBaseName = false) {
  if (auto f = llvm::dyn_cast<mlir::FileLineColLoc>(loc)) {
    llvm::StringRef file = f.getFilename().getValue();
    os << (fileBaseName ? llvm::sys::path::filename(file) : file) << ":" << f.getLine() << ":"
       << f.getColumn();
    return;
  }
  if (auto n = llvm::dyn_cast<mlir::NameLoc>(loc))
    return printLocation(os, n.getChildLoc(), fileBaseName);
  if (auto c = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return printLocation(os, c.getCallee(), fileBaseName);
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return printLocation(os, fused.getLocations().front(), fileBaseName);
  loc.print(os);
}

inline std::string locationText(mlir::Location loc, bool fileBaseName = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printLocation(os, loc, fileBaseName);
  return text;
}

} // namespace ascreg

#endif // ASCREG_SUPPORT_LOCATIONTEXT_H
