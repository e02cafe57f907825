//===- PrecompiledTwin.cpp - the twin header, parsed once -----------------===//
#include "PrecompiledTwin.h"

#include "ascreg/Support/CacheDir.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <chrono>
#include <sys/time.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using llvm::StringRef;

namespace ascreg {
namespace import {

namespace {

constexpr StringRef kTwinHeader = "kernel_operator.h";
constexpr unsigned kKeptHeaders = 4;
/// Argument sets seen once, whose header the next import with them builds.
constexpr unsigned kKeptMarks = 64;

/// Whether the first preprocessing directive of `s`, after blank lines and
/// comments, includes the twin header. Anything unusual (a line splice, a
/// byte-order mark) answers false: the kernel is then parsed as it is.
bool firstDirectiveIncludesTwin(StringRef s) {
  for (;;) {
    s = s.ltrim();
    if (s.consume_front("//"))
      s = s.drop_until([](char c) { return c == '\n'; });
    else if (s.consume_front("/*")) {
      size_t end = s.find("*/");
      if (end == StringRef::npos)
        return false;
      s = s.drop_front(end + 2);
    } else
      break;
  }
  if (!s.consume_front("#"))
    return false;
  s = s.ltrim(" \t");
  if (!s.consume_front("include"))
    return false;
  s = s.ltrim(" \t");
  return s.starts_with(("\"" + kTwinHeader + "\"").str()) ||
         s.starts_with(("<" + kTwinHeader + ">").str());
}

/// Clang's PCH writer with the output file chosen here (the tooling
/// driver runs with -fsyntax-only, which names none).
class WriteTwinPCH : public clang::GeneratePCHAction {
public:
  explicit WriteTwinPCH(std::string output) : output(std::move(output)) {}

protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &ci,
                                                        StringRef inFile) override {
    ci.getFrontendOpts().OutputFile = output;
    return GeneratePCHAction::CreateASTConsumer(ci, inFile);
  }

private:
  std::string output;
};

/// Counts Clang's errors without printing them: a twin header that does
/// not build is not the user's error (the import then parses without it).
class CountErrors : public clang::DiagnosticConsumer {};

/// The hash naming the precompiled header: Clang's version, the
/// arguments, and every file of the twin (path and contents).
std::string keyOf(StringRef includeDir, const std::vector<std::string> &args) {
  CacheKey key;
  key.add(clang::getClangFullVersion());
  for (const std::string &a : args)
    key.add(a);
  // Every file the header may include: those of the whole AscendC tree.
  std::string regapi = twinHeaderDir(includeDir);
  StringRef root = path::parent_path(regapi);
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec))
    if (fs::is_regular_file(it->path()))
      files.push_back(it->path());
  if (ec || files.empty())
    return "";
  llvm::sort(files);
  for (const std::string &f : files) {
    auto contents = llvm::MemoryBuffer::getFile(f, /*IsText=*/false);
    if (!contents)
      return "";
    key.add(f).add((*contents)->getBuffer());
  }
  return key.hex();
}

/// Removes all but the `keep` most recently used headers of `dir` (and the
/// kKeptMarks most recent marks), and temporary files an interrupted build
/// left behind.
void evict(StringRef dir, unsigned keep) {
  auto twin = [](StringRef name, StringRef suffix) {
    return name.starts_with("twin-") && name.ends_with(suffix);
  };
  auto never = [](StringRef) { return false; };
  removeAllButMostRecent(
      listCacheFiles(
          dir, [&](StringRef name) { return twin(name, ".pch"); },
          [](StringRef name) { return name.starts_with("twin-") && name.contains(".pch.tmp"); },
          std::chrono::minutes(10)),
      keep);
  removeAllButMostRecent(listCacheFiles(
                             dir, [&](StringRef name) { return twin(name, ".seen"); }, never,
                             std::chrono::minutes(10)),
                         kKeptMarks);
}

/// The file that marks the arguments of the header `pch` as seen.
std::string markOf(StringRef pch) { return (path::stem(pch) + ".seen").str(); }

/// Marks the arguments of the header `pch` as seen: the next import with
/// them builds it.
void mark(StringRef pch) {
  llvm::SmallString<256> seen(path::parent_path(pch));
  path::append(seen, markOf(pch));
  int fd;
  if (!fs::openFileForWrite(seen, fd, fs::CD_CreateAlways))
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
}

} // namespace

std::string twinHeaderDir(StringRef includeDir) {
  llvm::SmallString<256> dir(includeDir);
  path::append(dir, "ascreg", "AscendC", "regapi");
  return dir.str().str();
}

std::string twinHeaderPath(StringRef includeDir) {
  llvm::SmallString<256> header(twinHeaderDir(includeDir));
  path::append(header, kTwinHeader);
  return header.str().str();
}

bool mayUsePrecompiledTwin(StringRef path, StringRef source, const ImportOptions &options) {
  // -I and -D are arguments of the header's own parse (and so of its
  // name); other arguments may not suit one (-include, -x, ...).
  if (!options.extraArgs.empty())
    return false;
  // A quoted include looks in the kernel's own directory first.
  llvm::SmallString<256> own(path::parent_path(path));
  path::append(own, kTwinHeader);
  return !fs::exists(own) && firstDirectiveIncludesTwin(source);
}

std::string precompiledTwin(StringRef cacheDir, StringRef includeDir,
                            const std::vector<std::string> &args) {
  std::string key = keyOf(includeDir, args);
  if (key.empty())
    return "";
  llvm::SmallString<256> pch(cacheDir);
  path::append(pch, "twin-" + key + ".pch");
  if (fs::exists(pch)) {
    ::utimes(pch.c_str(), nullptr); // used now: the eviction keeps it
    return pch.str().str();
  }
  if (fs::create_directories(cacheDir))
    return "";
  // Built the second time its arguments are seen: building costs about a
  // second more than the parse it replaces, which a sweep over -D values,
  // each imported once, would pay on every import.
  llvm::SmallString<256> seen(cacheDir);
  path::append(seen, markOf(pch));
  if (!fs::exists(seen)) {
    mark(pch);
    evict(cacheDir, kKeptHeaders);
    return "";
  }
  // Built beside its final name and renamed there: a concurrent import
  // sees the whole header or none.
  llvm::SmallString<256> temporary;
  int fd;
  if (fs::createUniqueFile(pch + ".tmp-%%%%%%%%", fd, temporary))
    return "";
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  std::vector<std::string> command = {"ascreg-import"};
  command.insert(command.end(), args.begin(), args.end());
  command.insert(command.end(), {"-xc++-header", twinHeaderPath(includeDir)});
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(),
                                                             llvm::vfs::getRealFileSystem());
  clang::tooling::ToolInvocation build(
      command, std::make_unique<WriteTwinPCH>(temporary.str().str()), files.get(),
      std::make_shared<clang::PCHContainerOperations>());
  CountErrors errors;
  build.setDiagnosticConsumer(&errors);
  if (!build.run() || errors.getNumErrors() || fs::rename(temporary, pch)) {
    fs::remove(temporary);
    return "";
  }
  fs::remove(seen);
  evict(cacheDir, kKeptHeaders);
  return pch.str().str();
}

void discardPrecompiledTwin(StringRef pch) {
  fs::remove(pch);
  mark(pch);
}

} // namespace import
} // namespace ascreg
