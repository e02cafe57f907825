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

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
namespace cl {
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace mlir {
class DialectRegistry;
class ParserConfig;
} // namespace mlir

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

/// The one hook of every front door: the main buffer of `sourceMgr`, named
/// by its path, is imported when it is a C++ source (isCxxKernelSource),
/// else parsed as MLIR with `config` under the parse limits.
mlir::OwningOpRef<mlir::ModuleOp> importOrParseKernel(llvm::SourceMgr &sourceMgr,
                                                      const mlir::ParserConfig &config,
                                                      const ImportOptions &options);

/// The importer's options on a tool's command line (`--function=NAME`,
/// `-I DIR`, `-D NAME[=V]`), one definition for every tool that takes a
/// C++ kernel: registered in `category` (once per process), then read back.
void registerImportCLOptions(llvm::cl::OptionCategory &category);
ImportOptions importOptionsFromCL();

/// For the tools that read MLIR text (ascreg-opt, ascreg-translate): the
/// C++ kernel `input` imported and printed as MLIR with every op's C++
/// location, so the ops the tool parses back still point at the user's
/// lines. Errors go to llvm::errs() with their source lines; null then.
std::unique_ptr<llvm::MemoryBuffer> importAsMLIRText(const llvm::MemoryBuffer &input,
                                                     const mlir::DialectRegistry &registry,
                                                     const ImportOptions &options);

} // namespace ascreg

#endif // ASCREG_IMPORT_IMPORT_H
