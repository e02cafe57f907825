//===- Import.h - a Reg API C++ kernel as ascreg IR -------------*- C++ -*-===//
//
// ascreg-import (docs/import.md): parses a C++ (.asc, .cpp) file against the
// Reg API host twin's headers with Debian's libclang-cpp and translates each
// instantiated `__simd_vf__` function and each `__VEC_SCOPE__` block into an
// ascreg func.func, every op located at the user's file:line:col. The op of
// a Reg call comes from the ASCREG_OP annotation on the twin's declaration.
// Anything it cannot translate is an error at its C++ location.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_IMPORT_IMPORT_H
#define ASCREG_IMPORT_IMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace ascreg {

struct ImportOptions {
  /// Import only this function: its symbol (`GatherVF<half, unsigned short>`),
  /// or its C++ name, qualified or not, when that names one function.
  std::string function;
  /// -I directories and -D definitions (`NAME` or `NAME=VALUE`).
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;
  /// Further compiler arguments, passed as given.
  std::vector<std::string> extraArgs;
};

/// True when this build has the importer (libclang-cpp was found).
bool importerAvailable();

/// True for a file name the importer takes (.asc .cpp .cc .cxx .C).
bool isCxxKernelSource(llvm::StringRef path);

/// Imports the C++ file `path` (`contents`: its text). Errors are emitted
/// on `context` (located in the C++ file); null on any error.
mlir::OwningOpRef<mlir::ModuleOp> importCxxKernel(llvm::StringRef path, llvm::StringRef contents,
                                                  mlir::MLIRContext *context,
                                                  const ImportOptions &options);

/// The one hook of the tools: a C++ source (isCxxKernelSource) is imported,
/// anything else is parsed as MLIR from `sourceMgr`'s main buffer, which
/// holds `path`'s contents.
mlir::OwningOpRef<mlir::ModuleOp> importOrParseKernel(llvm::StringRef path,
                                                      llvm::SourceMgr &sourceMgr,
                                                      mlir::MLIRContext *context,
                                                      const ImportOptions &options);

} // namespace ascreg

#endif // ASCREG_IMPORT_IMPORT_H
