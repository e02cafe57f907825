//===- Plugin.cpp - the importer library's entry point ----------*- C++ -*-===//
//
// AscRegImporter.so (ImporterLibrary.h): imports in a context of its own,
// against the twin's headers of its own tree (the install prefix's
// include/ when the library is installed, else the source tree's), and
// returns the module as bytecode with its diagnostics as records.
//
//===----------------------------------------------------------------------===//
#include "Frontend.h"
#include "ImporterLibrary.h"
#include "PrecompiledTwin.h"

#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Support/CacheDir.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <dlfcn.h>

using namespace mlir;
using namespace ascreg::import;

namespace {

ImportDiagnostic recordOf(Diagnostic &diag) {
  ImportDiagnostic r;
  r.severity = static_cast<int>(diag.getSeverity());
  r.message = diag.str();
  diag.getLocation()->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColRange>(l)) {
      r.file = f.getFilename().str();
      r.line = f.getStartLine();
      r.column = f.getStartColumn();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  for (Diagnostic &note : diag.getNotes())
    r.notes.push_back(recordOf(note));
  return r;
}

/// The directory holding ascreg/AscendC/regapi: the install tree's
/// include/ next to this library's lib/ when it is there, else the source
/// tree's (a library in the build tree).
std::string twinIncludeDir() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void *>(&twinIncludeDir), &info) && info.dli_fname) {
    llvm::SmallString<256> dir(info.dli_fname);
    llvm::sys::path::remove_filename(dir); // lib/
    llvm::sys::path::remove_filename(dir); // the prefix
    llvm::sys::path::append(dir, "include");
    if (llvm::sys::fs::exists(ascreg::import::twinHeaderPath(dir)))
      return dir.str().str();
  }
  return ASCREG_IMPORT_INCLUDE_DIR;
}

} // namespace

namespace {

/// Clang's parser and semantic checks recurse once per operand of a long
/// expression: `b + b + ... + b` with 70,000 terms overflows an 8 MiB stack
/// (clang++-22 itself crashes on it). The import runs on a thread of its own
/// with a stack that holds the largest source the size limit lets in (about
/// 150 bytes of stack per term, two source bytes per term).
constexpr unsigned kImportStackBytes = 1u << 30;
constexpr size_t kMaxCxxSourceBytes = size_t(4) << 20;

bool importOnThisThread(const std::string &path, const std::string &contents,
                        const ascreg::ImportOptions &options, ImportResult &result) {
  DialectRegistry registry;
  registry.insert<ascreg::AscRegDialect, func::FuncDialect, arith::ArithDialect, scf::SCFDialect,
                  memref::MemRefDialect>();
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    result.diagnostics.push_back(recordOf(diag));
    return success();
  });
  if (contents.size() > kMaxCxxSourceBytes) {
    emitError(FileLineColLoc::get(&context, path, 1, 1))
        << "C++ kernel source of " << contents.size() << " bytes; ascreg-import reads at most "
        << kMaxCxxSourceBytes << " bytes (4 MiB) of C++";
    return false;
  }
  OwningOpRef<ModuleOp> module =
      importInProcess(path, contents, &context, options, twinIncludeDir(),
                      ascreg::userCacheDir("ASCREG_IMPORT_CACHE", "import"), &result.inputs);
  if (!module)
    return false;
  llvm::raw_string_ostream os(result.bytecode);
  return succeeded(writeBytecodeToFile(*module, os));
}

} // namespace

extern "C" __attribute__((visibility("default"))) bool
ascregImporterEntryV2(const std::string &path, const std::string &contents,
                      const ascreg::ImportOptions &options, ImportResult &result) {
  static_assert(std::is_same_v<decltype(&ascregImporterEntryV2), ImporterEntry>);
  bool ok = false;
  llvm::thread worker(std::optional<unsigned>(kImportStackBytes),
                      [&] { ok = importOnThisThread(path, contents, options, result); });
  worker.join();
  return ok;
}
