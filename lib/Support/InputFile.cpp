//===- InputFile.cpp - bounded reads of the files ascreg is given ---------===//
#include "ascreg/Support/InputFile.h"

#include "llvm/Support/Errc.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

namespace fs = llvm::sys::fs;

namespace ascreg {

namespace {

/// Up to `maxBytes` bytes of the open `file`.
llvm::ErrorOr<std::string> readAtMost(fs::file_t file, size_t maxBytes) {
  std::string text;
  char chunk[65536];
  std::error_code ec;
  while (text.size() < maxBytes) {
    size_t want = std::min(sizeof(chunk), maxBytes - text.size());
    llvm::Expected<size_t> n = fs::readNativeFile(file, llvm::MutableArrayRef(chunk, want));
    if (!n) {
      ec = llvm::errorToErrorCode(n.takeError());
      break;
    }
    if (*n == 0)
      break;
    text.append(chunk, *n);
  }
  if (ec)
    return ec;
  return text;
}

} // namespace

llvm::ErrorOr<std::string> readFileAtMost(llvm::StringRef path, size_t maxBytes) {
  llvm::Expected<fs::file_t> file = fs::openNativeFileForRead(path);
  if (!file)
    return llvm::errorToErrorCode(file.takeError());
  llvm::ErrorOr<std::string> text = readAtMost(*file, maxBytes);
  fs::closeFile(*file);
  return text;
}

llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> readBoundedFile(llvm::StringRef path) {
  bool isStdin = path == "-";
  fs::file_status status;
  if (!isStdin && (fs::status(path, status) || fs::is_regular_file(status)))
    return llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/true);
  llvm::ErrorOr<std::string> text = isStdin
                                        ? readAtMost(fs::getStdinHandle(), kMaxStreamInputBytes + 1)
                                        : readFileAtMost(path, kMaxStreamInputBytes + 1);
  if (!text)
    return text.getError();
  if (text->size() > kMaxStreamInputBytes)
    return std::make_error_code(std::errc::file_too_large);
  return llvm::MemoryBuffer::getMemBufferCopy(*text, isStdin ? "<stdin>" : path);
}

std::string describeReadError(std::error_code error) {
  if (error == std::errc::file_too_large)
    return "it is not a regular file and gives more than " +
           std::to_string(kMaxStreamInputBytes >> 20) + " MiB";
  return error.message();
}

std::unique_ptr<llvm::MemoryBuffer> openBoundedInputFile(llvm::StringRef path, std::string *error) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file = readBoundedFile(path);
  if (file)
    return std::move(*file);
  if (error)
    *error = "cannot open input file '" + path.str() + "': " + describeReadError(file.getError());
  return nullptr;
}

} // namespace ascreg
