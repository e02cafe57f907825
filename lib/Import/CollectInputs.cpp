//===- CollectInputs.cpp - what a parse read, for the module cache --------===//
//
// The imported-module cache (ImportedModuleCache.h) reuses a module while
// everything its parse depended on is unchanged: each file Clang read (the
// precompiled twin header's own inputs included), each place where a file
// the parse read could now be found first instead (a new header in the
// kernel's directory or a -I directory), and the other directories
// searched with their subdirectories on the way to a file read (system and
// twin headers, by modification time: they change only when a package or
// ascreg is installed), and each place the parse looked for a header in
// vain (MissRecordingFileSystem: an include found later in the search
// path, a `__has_include` that found nothing).
//
//===----------------------------------------------------------------------===//
#include "Frontend.h"

#include "clang/Basic/FileManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Serialization/ModuleFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace ascreg {
namespace import {

namespace {
std::string absolute(llvm::StringRef p) {
  llvm::SmallString<256> out(p);
  fs::make_absolute(out);
  path::remove_dots(out, /*remove_dot_dot=*/false);
  return out.str().str();
}

/// `file` relative to `dir` when it lies under it.
std::optional<std::string> under(llvm::StringRef file, llvm::StringRef dir) {
  if (!file.starts_with(dir) || file.size() <= dir.size() + 1 || file[dir.size()] != '/')
    return std::nullopt;
  return file.drop_front(dir.size() + 1).str();
}
} // namespace

void MissRecordingFileSystem::noteMiss(const llvm::Twine &p, std::error_code error) {
  if (error == std::errc::no_such_file_or_directory || error == std::errc::not_a_directory)
    missed.insert(absolute(p.str()));
}

llvm::ErrorOr<llvm::vfs::Status> MissRecordingFileSystem::status(const llvm::Twine &p) {
  llvm::ErrorOr<llvm::vfs::Status> s = ProxyFileSystem::status(p);
  if (!s)
    noteMiss(p, s.getError());
  return s;
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
MissRecordingFileSystem::openFileForRead(const llvm::Twine &p) {
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> f = ProxyFileSystem::openFileForRead(p);
  if (!f)
    noteMiss(p, f.getError());
  return f;
}

bool MissRecordingFileSystem::exists(const llvm::Twine &p) {
  bool found = ProxyFileSystem::exists(p);
  if (!found)
    noteMiss(p, std::make_error_code(std::errc::no_such_file_or_directory));
  return found;
}

ImportInputs collectInputs(clang::ASTUnit &unit, llvm::StringRef mainPath, llvm::StringRef pch,
                           const ImportOptions &options, const std::set<std::string> &misses) {
  std::string main = absolute(mainPath), header = pch.empty() ? "" : absolute(pch);
  std::set<std::string> files;
  auto addFile = [&](llvm::StringRef name) {
    if (name.empty() || name.starts_with("<"))
      return; // <built-in>, <command line>: made of the arguments
    std::string p = absolute(name);
    if (p != main && p != header && fs::is_regular_file(p))
      files.insert(p);
  };
  llvm::SmallVector<clang::OptionalFileEntryRef> seen;
  unit.getFileManager().GetUniqueIDMapping(seen);
  for (clang::OptionalFileEntryRef f : seen)
    if (f)
      addFile(f->getName());
  if (llvm::IntrusiveRefCntPtr<clang::ASTReader> reader = unit.getASTReader())
    for (clang::serialization::ModuleFile &m : reader->getModuleManager())
      reader->visitInputFileInfos(m, /*IncludeSystem=*/true,
                                  [&](const clang::serialization::InputFileInfo &info, bool) {
                                    addFile(info.UnresolvedImportedFilename);
                                  });

  // The user's directories: the kernel's, the -I ones, and those of the
  // user's own headers (a quoted include looks beside its includer first).
  std::set<std::string> userDirs = {path::parent_path(main).str()};
  for (const std::string &d : options.includeDirs)
    userDirs.insert(absolute(d));
  std::set<std::string> otherDirs;
  for (const clang::DirectoryLookup &d :
       unit.getPreprocessor().getHeaderSearchInfo().search_dir_range())
    if (clang::OptionalDirectoryEntryRef dir = d.getDirRef())
      if (std::string p = absolute(dir->getName()); !userDirs.count(p))
        otherDirs.insert(p);
  for (const std::string &f : files)
    if (llvm::none_of(otherDirs, [&](const std::string &d) { return under(f, d).has_value(); }))
      userDirs.insert(path::parent_path(f).str());

  ImportInputs inputs;
  inputs.files.assign(files.begin(), files.end());
  // Every name a file was found by, looked up in each user directory: where
  // none is now, a header put there later would be found first. In the
  // other directories the same name's directories are checked by time
  // instead: a header added to an existing `bits/` changes the time of
  // `bits/`, not of the directory searched.
  std::set<std::string> roots = userDirs, absent, relDirs, searched = otherDirs;
  roots.insert(otherDirs.begin(), otherDirs.end());
  for (const std::string &f : files)
    for (const std::string &root : roots) {
      std::optional<std::string> rel = under(f, root);
      if (!rel)
        continue;
      for (const std::string &d : userDirs) {
        llvm::SmallString<256> probe(d);
        path::append(probe, *rel);
        if (!fs::exists(probe))
          absent.insert(probe.str().str());
      }
      relDirs.insert(path::parent_path(*rel).str());
    }
  // The places this parse looked in vain (a `__has_include` that found
  // nothing reads no file that would name them): in a user directory by
  // absence, in another by the time of the deepest directory that exists
  // on the way (a header put there changes it).
  for (const std::string &miss : misses) {
    auto inDir = [&](const std::string &d) { return under(miss, d).has_value(); };
    if (llvm::any_of(userDirs, inDir)) {
      absent.insert(miss);
      continue;
    }
    auto other = llvm::find_if(otherDirs, inDir);
    if (other == otherDirs.end())
      continue; // not where headers are searched (the driver's own probes)
    llvm::StringRef dir = path::parent_path(miss);
    while (dir.size() > other->size() && !fs::is_directory(dir))
      dir = path::parent_path(dir);
    searched.insert(dir.str());
  }
  for (const std::string &relDir : relDirs)
    for (const std::string &d : otherDirs) {
      llvm::SmallString<256> sub(d);
      for (auto c = path::begin(relDir), end = path::end(relDir); c != end; ++c) {
        path::append(sub, *c);
        if (!fs::is_directory(sub))
          break; // its parent's time sees it made
        searched.insert(sub.str().str());
      }
    }
  inputs.absentPaths.assign(absent.begin(), absent.end());
  inputs.searchDirs.assign(searched.begin(), searched.end());
  return inputs;
}

} // namespace import
} // namespace ascreg
