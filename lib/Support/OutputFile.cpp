//===- OutputFile.cpp - the one rule for the files ascreg writes ----------===//
#include "ascreg/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <climits>
#include <csignal>
#include <unistd.h>

using namespace llvm;
namespace fs = llvm::sys::fs;

namespace ascreg {

namespace {

Error cannotWrite(StringRef path, const Twine &why) {
  return createStringError(inconvertibleErrorCode(), "cannot write '" + path + "': " + why);
}
Error cannotWrite(StringRef path, std::error_code ec) {
  return createStringError(ec, "cannot write '" + path + "': " + ec.message());
}

/// The descriptor a path naming a standard stream stands for
/// ("/dev/stdout", "/dev/fd/N", "/proc/self/fd/N"), else -1. Such a path is
/// written through the descriptor: resolved, it would name the file the
/// stream is redirected to, and renaming over that would lose what was
/// there (`>> log`) or, unresolved, replace the machine's /dev/stdout.
int streamDescriptor(StringRef path) {
  if (path == "/dev/stdout")
    return 1;
  if (path == "/dev/stderr")
    return 2;
  unsigned fd;
  if ((path.consume_front("/dev/fd/") || path.consume_front("/proc/self/fd/")) &&
      !path.getAsInteger(10, fd) && fd <= INT_MAX)
    return int(fd);
  return -1;
}

/// Where the bytes of `path` go: the file a symbolic link points to (a link
/// to nothing is an error); `st` is that file's status.
Error resolveTarget(StringRef path, SmallString<256> &target, fs::file_status &st) {
  target = path;
  fs::file_status link;
  if (!fs::status(path, link, /*follow=*/false) && fs::is_symlink_file(link))
    if (std::error_code ec = fs::real_path(path, target))
      return ec == std::errc::no_such_file_or_directory
                 ? cannotWrite(path, "it is a symbolic link to a file that does not exist")
                 : cannotWrite(path, ec);
  if (std::error_code ec = fs::status(target, st); ec && ec != std::errc::no_such_file_or_directory)
    return cannotWrite(path, ec);
  if (fs::is_directory(st))
    return cannotWrite(path, "it is a directory");
  return Error::success();
}

/// The directory a new file next to `target` goes into.
SmallString<256> directoryOf(StringRef target) {
  SmallString<256> dir(sys::path::parent_path(target));
  if (dir.empty())
    dir = ".";
  return dir;
}

/// Writes the contents to the open `fd` and closes it; the first error (a
/// full device shows up here or at fsync).
std::error_code writeAndClose(int fd, const std::function<void(raw_ostream &)> &write, bool sync) {
  std::error_code ec;
  {
    raw_fd_ostream os(fd, /*shouldClose=*/false);
    write(os);
    os.flush();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error(); // else its destructor ends the process
    }
  }
  if (!ec && sync && ::fsync(fd) != 0)
    ec = std::error_code(errno, std::generic_category());
  if (::close(fd) != 0 && !ec)
    ec = std::error_code(errno, std::generic_category());
  return ec;
}

} // namespace

Error writeOutputFiles(ArrayRef<OutputContent> files) {
  // Over a file size limit (ulimit -f) a write then fails with EFBIG,
  // reported like a full disk, instead of the signal ending the process.
  std::signal(SIGXFSZ, SIG_IGN);
  struct Pending {
    std::string path, target, temp;
  };
  std::vector<Pending> renames;
  // Written in place: a device or FIFO by its path, or a stream.
  struct InPlace {
    std::string target;
    int stream;
    const OutputContent *file;
  };
  std::vector<InPlace> inPlace;
  auto discard = [&] {
    for (Pending &p : renames) {
      fs::remove(p.temp);
      sys::DontRemoveFileOnSignal(p.temp);
    }
  };
  // Regular files first, to temporary files next to their targets.
  for (const OutputContent &file : files) {
    if (int fd = streamDescriptor(file.path); fd >= 0) {
      inPlace.push_back({"", fd, &file});
      continue;
    }
    SmallString<256> target;
    fs::file_status st;
    if (Error err = resolveTarget(file.path, target, st)) {
      discard();
      return err;
    }
    if (fs::exists(st) && !fs::is_regular_file(st)) {
      inPlace.push_back({target.str().str(), -1, &file});
      continue;
    }
    SmallString<256> model = directoryOf(target);
    // At most 200 bytes of the name: the temporary name stays under NAME_MAX.
    sys::path::append(model, "." + sys::path::filename(target).take_front(200) + ".tmp-%%%%%%%%");
    // A replaced file keeps its permissions; a new one gets 0666 less umask.
    unsigned mode =
        fs::exists(st) ? unsigned(st.permissions()) : unsigned(fs::all_read | fs::all_write);
    SmallString<256> temp;
    int fd;
    if (std::error_code ec = fs::createUniqueFile(model, fd, temp, fs::OF_None, mode)) {
      discard();
      return cannotWrite(file.path, ec);
    }
    sys::RemoveFileOnSignal(temp);
    renames.push_back({file.path, target.str().str(), temp.str().str()});
    if (fs::exists(st))
      (void)fs::setPermissions(fd, st.permissions()); // past the umask
    if (std::error_code ec = writeAndClose(fd, file.write, /*sync=*/true)) {
      discard();
      return cannotWrite(file.path, ec);
    }
  }
  // Devices and FIFOs in place.
  for (auto &[target, stream, file] : inPlace) {
    int fd = -1;
    std::error_code ec;
    if (stream >= 0) {
      if ((fd = ::dup(stream)) < 0)
        ec = std::error_code(errno, std::generic_category());
    } else {
      ec = fs::openFileForWrite(target, fd, fs::CD_OpenExisting);
    }
    if (!ec)
      ec = writeAndClose(fd, file->write, /*sync=*/false);
    if (ec) {
      discard();
      return cannotWrite(file->path, ec);
    }
  }
  for (size_t i = 0; i < renames.size(); ++i) {
    if (std::error_code ec = fs::rename(renames[i].temp, renames[i].target)) {
      std::string path = renames[i].path;
      renames.erase(renames.begin(), renames.begin() + i);
      discard();
      return cannotWrite(path, ec);
    }
    sys::DontRemoveFileOnSignal(renames[i].temp);
  }
  return Error::success();
}

Error writeOutputFile(StringRef path, function_ref<void(raw_ostream &)> write) {
  return writeOutputFiles({OutputContent{path.str(), [&](raw_ostream &os) { write(os); }}});
}

Error writeOutputFile(StringRef path, StringRef bytes) {
  return writeOutputFile(path, [&](raw_ostream &os) { os << bytes; });
}

Error checkOutputPath(StringRef path) {
  if (streamDescriptor(path) >= 0)
    return Error::success();
  SmallString<256> target;
  fs::file_status st;
  if (Error err = resolveTarget(path, target, st))
    return err;
  if (fs::exists(st) && !fs::is_regular_file(st))
    return Error::success(); // written in place
  SmallString<256> dir = directoryOf(target);
  if (!fs::is_directory(dir))
    return cannotWrite(path, "the directory '" + dir + "' does not exist");
  // The temporary file is created there, also to replace an existing file.
  if (fs::access(dir, fs::AccessMode::Write))
    return cannotWrite(path, "the directory '" + dir + "' is not writable");
  return Error::success();
}

std::string fileIdentity(StringRef path) {
  fs::UniqueID id;
  if (!fs::getUniqueID(path, id))
    return formatv("id:{0}:{1}", id.getDevice(), id.getFile()).str();
  SmallString<256> dir = directoryOf(path);
  SmallString<256> real;
  if (fs::real_path(dir, real))
    real = dir;
  sys::path::append(real, sys::path::filename(path));
  return ("path:" + real).str();
}

void OutputPlan::addInput(StringRef path, StringRef role) {
  if (path.empty() || path == "-")
    return;
  inputs.try_emplace(fileIdentity(path), role.str());
}

Error OutputPlan::addOutput(StringRef path, StringRef role) {
  if (Error err = checkOutputPath(path))
    return err;
  if (streamDescriptor(path) >= 0)
    return Error::success(); // a stream: nothing is replaced
  fs::file_status st;
  if (!fs::status(path, st) && fs::exists(st) && !fs::is_regular_file(st))
    return Error::success(); // a device or FIFO: nothing is replaced
  std::string id = fileIdentity(path);
  if (auto it = inputs.find(id); it != inputs.end())
    return createStringError(inconvertibleErrorCode(),
                             role + " names the input file of " + it->second +
                                 "; outputs never overwrite an input: write to another file");
  if (auto [it, fresh] = outputs.try_emplace(id, role.str()); !fresh)
    return createStringError(inconvertibleErrorCode(),
                             role + " names the same file as " + it->second);
  return Error::success();
}

} // namespace ascreg
