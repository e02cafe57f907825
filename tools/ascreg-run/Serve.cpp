//===- Serve.cpp - ascreg-run --serve: many runs, one process start --------===//
//
// A harness that runs ascreg-run thousands of times (the conformance suites,
// random testing) pays the start of a process linked against libMLIR.so and
// libLLVM.so each time: ~65 ms of CPU, mostly the dynamic loader's
// relocations, the page faults they cause and the libraries' static
// initialisers, far more than a typical run. `ascreg-run --serve` pays it
// once: it reads one request per line on stdin and runs each in a child
// forked from the loaded process, so every run starts exactly as a fresh
// ascreg-run would (no option, MLIR context or cache state is shared: the
// server itself parses no options and touches no LLVM state) and a crash or
// exit ends only that run. Protocol (docs/tools.md, "ascreg-run --serve"):
//
//   request  {"argv": ["ascreg-run", ARG...], "stdout": PATH, "stderr": PATH,
//             "cwd": DIR}                      (cwd optional)
//   response {"exit": N} | {"signal": N} | {"error": TEXT}
//
// The child's stdin is /dev/null; its stdout and stderr are the files named.
//
//===----------------------------------------------------------------------===//
#include "Serve.h"

#include "llvm/Support/JSON.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

/// Writes all of `text` to `fd` (the server's responses, unbuffered, so
/// that no child inherits a pending write and flushes it again).
void writeAll(int fd, const std::string &text) {
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    done += size_t(n);
  }
}

/// The response line {"KEY": VALUE}.
void respond(llvm::StringRef key, llvm::json::Value value) {
  std::string line;
  llvm::raw_string_ostream os(line);
  os << llvm::json::Value(llvm::json::Object{{key, std::move(value)}}) << "\n";
  writeAll(STDOUT_FILENO, line);
}

/// Reads one line from stdin into `line` (without the newline); false at
/// the end of the input. Read in blocks: a child never reads stdin (it
/// gets /dev/null), so what is buffered here is the server's alone.
bool readLine(std::string &line) {
  static std::string pending;
  static bool atEnd = false;
  for (;;) {
    if (size_t nl = pending.find('\n'); nl != std::string::npos) {
      line.assign(pending, 0, nl);
      pending.erase(0, nl + 1);
      return true;
    }
    if (atEnd) {
      line = std::move(pending);
      pending.clear();
      return !line.empty();
    }
    char block[4096];
    ssize_t n = ::read(STDIN_FILENO, block, sizeof block);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      atEnd = true;
    else
      pending.append(block, size_t(n));
  }
}

/// Opens `path` for writing onto `target` in the child; false on failure.
bool redirect(const std::string &path, int target) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  bool ok = ::dup2(fd, target) >= 0;
  ::close(fd);
  return ok;
}

/// One request: its fields, or an error message.
struct Request {
  std::vector<std::string> argv;
  std::string stdoutPath, stderrPath, cwd;
};

std::string parseRequest(const std::string &line, Request &req) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
  if (!value)
    return "not JSON: " + llvm::toString(value.takeError());
  const llvm::json::Object *obj = value->getAsObject();
  if (!obj)
    return "a request is a JSON object";
  const llvm::json::Array *argv = obj->getArray("argv");
  if (!argv || argv->empty())
    return "\"argv\" must be a non-empty array of strings";
  for (const llvm::json::Value &arg : *argv) {
    std::optional<llvm::StringRef> s = arg.getAsString();
    if (!s)
      return "\"argv\" must be a non-empty array of strings";
    req.argv.push_back(s->str());
  }
  std::optional<llvm::StringRef> out = obj->getString("stdout"), err = obj->getString("stderr");
  if (!out || !err || out->empty() || err->empty())
    return "\"stdout\" and \"stderr\" must name files";
  req.stdoutPath = out->str();
  req.stderrPath = err->str();
  if (std::optional<llvm::StringRef> cwd = obj->getString("cwd"))
    req.cwd = cwd->str();
  return "";
}

/// The child: the request's files and directory, then the ordinary main.
[[noreturn]] void runChild(const Request &req, int (*runMain)(int, char **)) {
  int null = ::open("/dev/null", O_RDONLY);
  if (null < 0 || ::dup2(null, STDIN_FILENO) < 0 || !redirect(req.stdoutPath, STDOUT_FILENO) ||
      !redirect(req.stderrPath, STDERR_FILENO))
    ::_exit(127);
  if (null != STDIN_FILENO)
    ::close(null);
  if (!req.cwd.empty() && ::chdir(req.cwd.c_str()) != 0) {
    std::string msg =
        "ascreg-run: error: --serve: cannot enter " + req.cwd + ": " + std::strerror(errno) + "\n";
    writeAll(STDERR_FILENO, msg);
    ::_exit(127);
  }
  std::vector<char *> args;
  for (const std::string &arg : req.argv)
    args.push_back(const_cast<char *>(arg.c_str()));
  args.push_back(nullptr);
  // std::exit, as a return from main: flushes the streams, runs the
  // destructors a fresh process would.
  std::exit(runMain(int(req.argv.size()), args.data()));
}

} // namespace

int ascreg::run::serveRuns(int (*runMain)(int, char **)) {
  std::string line;
  while (readLine(line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    Request req;
    if (std::string error = parseRequest(line, req); !error.empty()) {
      respond("error", "--serve: " + error);
      continue;
    }
    pid_t pid = ::fork();
    if (pid < 0) {
      respond("error", std::string("--serve: fork: ") + std::strerror(errno));
      continue;
    }
    if (pid == 0)
      runChild(req, runMain);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status))
      respond("signal", WTERMSIG(status));
    else
      respond("exit", WEXITSTATUS(status));
  }
  return 0;
}
