//===- OutputFile.h - the one rule for the files ascreg writes ---*- C++ -*-===//
//
// Every file a tool or API of ascreg writes (ascreg-run's --out and
// --report, Kernel.report in Python, the C API's report, ascreg-opt -o,
// ascreg-translate -o, `ascreg-probe emit` and `ingest`) goes through
// writeOutputFiles, which applies one rule (docs/hardening.md, "Output files"):
//   - a symbolic link is kept: the file it points to is written (a link to
//     nothing is refused);
//   - an existing file that is not a regular file (a character or block
//     device, a FIFO) is written in place: there is nothing to replace; a
//     standard stream (/dev/stdout, /dev/stderr, /dev/fd/N) is written
//     through its descriptor, wherever it is redirected;
//   - a regular file, or a new one, is written to a temporary file in the
//     same directory, synced and renamed over the target: a failed write
//     leaves the old file as it was, never a partial one;
//   - a write error (a full disk, /dev/full, a file size limit: SIGXFSZ is
//     ignored so it shows up as EFBIG) is an llvm::Error with the path and
//     the reason, never a crash.
// OutputPlan checks a tool's outputs against its inputs and each other
// before anything runs, by file identity (device and inode).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SUPPORT_OUTPUTFILE_H
#define ASCREG_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace ascreg {

/// One file to write: `write` produces its contents.
struct OutputContent {
  std::string path;
  std::function<void(llvm::raw_ostream &)> write;
};

/// Writes the files by the rule above, all or nothing for regular files:
/// every temporary file is written first, then the special files in place,
/// then the temporary files are renamed over their targets. On an error no
/// temporary file is left behind and no regular target was touched.
llvm::Error writeOutputFiles(llvm::ArrayRef<OutputContent> files);
/// writeOutputFiles for one file.
llvm::Error writeOutputFile(llvm::StringRef path,
                            llvm::function_ref<void(llvm::raw_ostream &)> write);
/// writeOutputFiles for one file with the given bytes.
llvm::Error writeOutputFile(llvm::StringRef path, llvm::StringRef bytes);

/// Whether `path` can be written by the rule, without writing it: it is not
/// a directory nor a link to nothing, and a new file's directory exists and
/// is writable.
llvm::Error checkOutputPath(llvm::StringRef path);

/// The identity of a file for "same file" checks: device and inode when it
/// exists (through symbolic links), else its directory's real path and its
/// name.
std::string fileIdentity(llvm::StringRef path);

/// A tool's input and output files, checked before anything runs: an output
/// that would replace an input or another output is an error. Outputs that
/// exist and are not regular files (devices, FIFOs) replace nothing and are
/// not compared.
class OutputPlan {
public:
  /// An input, described by `role` in messages (e.g. "--arg 0 ('x.npy')").
  /// Standard input ("-") is no file.
  void addInput(llvm::StringRef path, llvm::StringRef role);
  /// Checks an output (checkOutputPath, then against the inputs and the
  /// outputs added before) and records it.
  llvm::Error addOutput(llvm::StringRef path, llvm::StringRef role);

private:
  llvm::StringMap<std::string> inputs, outputs; // identity -> role
};

} // namespace ascreg

#endif // ASCREG_SUPPORT_OUTPUTFILE_H
