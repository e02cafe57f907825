//===- InputFile.cpp - bounded reads of the files ascreg is given ---------===//
#include "ascreg/Support/InputFile.h"

#include "llvm/Support/Errc.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

namespace fs = llvm::sys::fs;

namespace ascreg {

llvm::ErrorOr<std::string> readFileAtMost(llvm::StringRef path, size_t maxBytes) {
  llvm::Expected<fs::file_t> file = fs::openNativeFileForRead(path);
  if (!file)
    return llvm::errorToErrorCode(file.takeError());
  std::string text;
  char chunk[65536];
  std::error_code ec;
  while (text.size() < maxBytes) {
    size_t want = std::min(sizeof(chunk), maxBytes - text.size());
    llvm::Expected<size_t> n = fs::readNativeFile(*file, llvm::MutableArrayRef(chunk, want));
    if (!n) {
      ec = llvm::errorToErrorCode(n.takeError());
      break;
    }
    if (*n == 0)
      break;
    text.append(chunk, *n);
  }
  fs::closeFile(*file);
  if (ec)
    return ec;
  return text;
}

} // namespace ascreg
