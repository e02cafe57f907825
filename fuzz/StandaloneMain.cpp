//===- StandaloneMain.cpp - the fuzz targets without libFuzzer --*- C++ -*-===//
//
// The main of a fuzz target in a build without libFuzzer (the Release build
// with GCC that CI runs): the same LLVMFuzzerTestOneInput, driven the way
// libFuzzer would be, so that scripts/fuzz.sh runs either binary. It runs
// every input of the files and directories it is given, then mutates them
// for -runs=N executions or -max_total_time=S seconds: bit flips,
// interesting bytes and numbers, erased, inserted and copied ranges,
// dictionary tokens (-dict=F, libFuzzer's format) and splices of two inputs.
// The mutation is blind (no coverage feedback, nothing is added to the
// corpus): coverage-guided fuzzing is the libFuzzer build's job
// (-DASCREG_BUILD_FUZZERS=ON, docs/hardening.md). A crash, an abort or an
// input running longer than -timeout=S leaves that input in
// <-artifact_prefix>crash-<n> or timeout-<n> and exits non-zero. The inputs
// of a directory are read in name order and -seed defaults to 1, so a run of
// -runs=N is the same on every machine.
//
//===----------------------------------------------------------------------===//
#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

using Bytes = std::vector<uint8_t>;

// What the signal handlers write: the input being run (set before each run).
const Bytes *current = nullptr;
std::string crashPath, timeoutPath;

void saveCurrent(const std::string &path) {
  if (!current)
    return;
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  size_t done = 0;
  while (done < current->size()) {
    ssize_t n = ::write(fd, current->data() + done, current->size() - done);
    if (n <= 0)
      break;
    done += static_cast<size_t>(n);
  }
  ::close(fd);
}

void onCrash(int sig) {
  static const char msg[] = "==ascreg-fuzz== deadly signal; the input is saved as crash-*\n";
  (void)!::write(2, msg, sizeof(msg) - 1);
  saveCurrent(crashPath);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void onTimeout(int) {
  static const char msg[] = "==ascreg-fuzz== timeout; the input is saved as timeout-*\n";
  (void)!::write(2, msg, sizeof(msg) - 1);
  saveCurrent(timeoutPath);
  _exit(70);
}

/// A dictionary line of libFuzzer's format: name="value" or "value", with
/// \\, \" and \xHH escapes.
bool parseToken(const std::string &line, Bytes &out) {
  size_t open = line.find('"'), close = line.rfind('"');
  if (line.empty() || line[0] == '#' || open == std::string::npos || close <= open)
    return false;
  out.clear();
  for (size_t i = open + 1; i < close; ++i) {
    if (line[i] != '\\' || i + 1 >= close) {
      out.push_back(static_cast<uint8_t>(line[i]));
      continue;
    }
    char e = line[++i];
    if (e == 'x' && i + 2 < close && std::isxdigit(static_cast<unsigned char>(line[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(line[i + 2]))) {
      out.push_back(static_cast<uint8_t>(std::strtoul(line.substr(i + 1, 2).c_str(), nullptr, 16)));
      i += 2;
    } else {
      out.push_back(static_cast<uint8_t>(e));
    }
  }
  return !out.empty();
}

bool readFile(const std::filesystem::path &p, Bytes &out) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

struct Mutator {
  std::mt19937_64 rng;
  const std::vector<Bytes> &corpus;
  const std::vector<Bytes> &dict;
  size_t maxLen;

  size_t below(size_t n) { return n ? rng() % n : 0; }

  /// A decimal number in the input replaced by an interesting one (shapes,
  /// constants, offsets and lane counts of the kernels are written in
  /// decimal).
  void replaceNumber(Bytes &x) {
    static const char *const values[] = {"0",
                                         "1",
                                         "-1",
                                         "2",
                                         "7",
                                         "64",
                                         "255",
                                         "256",
                                         "-128",
                                         "32767",
                                         "65535",
                                         "2147483647",
                                         "-2147483648",
                                         "4294967295",
                                         "9223372036854775807",
                                         "18446744073709551615"};
    size_t at = below(x.size());
    while (at < x.size() && !(x[at] >= '0' && x[at] <= '9'))
      ++at;
    if (at == x.size())
      return;
    size_t end = at;
    while (end < x.size() && x[end] >= '0' && x[end] <= '9')
      ++end;
    const char *v = values[below(std::size(values))];
    x.erase(x.begin() + at, x.begin() + end);
    x.insert(x.begin() + at, v, v + std::strlen(v));
  }

  void mutateOnce(Bytes &x) {
    static const uint8_t interesting[] = {0, 1, 0x7f, 0x80, 0xff, '0', '9', '"', '<', '>', '%'};
    switch (below(9)) {
    case 0:
      if (!x.empty())
        x[below(x.size())] ^= uint8_t(1u << below(8));
      break;
    case 1:
      if (!x.empty())
        x[below(x.size())] = interesting[below(sizeof(interesting))];
      break;
    case 2: { // erase a range
      if (x.empty())
        break;
      size_t at = below(x.size()), n = 1 + below(std::min<size_t>(16, x.size() - at));
      x.erase(x.begin() + at, x.begin() + at + n);
      break;
    }
    case 3: { // insert random bytes
      size_t at = below(x.size() + 1), n = 1 + below(8);
      for (size_t i = 0; i < n; ++i)
        x.insert(x.begin() + at, static_cast<uint8_t>(rng()));
      break;
    }
    case 4:
    case 5: { // insert or overwrite a dictionary token
      if (dict.empty())
        break;
      const Bytes &t = dict[below(dict.size())];
      size_t at = below(x.size() + 1);
      if (below(2) || at + t.size() > x.size())
        x.insert(x.begin() + at, t.begin(), t.end());
      else
        std::copy(t.begin(), t.end(), x.begin() + at);
      break;
    }
    case 6: { // copy a range of the input elsewhere in it
      if (x.size() < 2)
        break;
      size_t from = below(x.size()), n = 1 + below(std::min<size_t>(64, x.size() - from));
      Bytes chunk(x.begin() + from, x.begin() + from + n);
      size_t to = below(x.size() + 1);
      x.insert(x.begin() + to, chunk.begin(), chunk.end());
      break;
    }
    case 7: { // splice: a prefix of this input, a suffix of another
      const Bytes &other = corpus[below(corpus.size())];
      size_t cut = below(x.size() + 1), from = below(other.size() + 1);
      x.resize(cut);
      x.insert(x.end(), other.begin() + from, other.end());
      break;
    }
    default:
      replaceNumber(x);
      break;
    }
  }

  Bytes next() {
    Bytes x = corpus[below(corpus.size())];
    for (size_t n = 1 + below(4); n > 0; --n)
      mutateOnce(x);
    if (x.size() > maxLen)
      x.resize(maxLen);
    return x;
  }
};

} // namespace

int main(int argc, char **argv) {
  uint64_t runs = UINT64_MAX, seed = 1;
  double maxSeconds = 0;
  unsigned timeout = 0;
  size_t maxLen = 65536;
  std::string dictFile, prefix;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *flag) -> const char * {
      size_t n = std::strlen(flag);
      return a.compare(0, n, flag) == 0 ? a.c_str() + n : nullptr;
    };
    if (const char *v = value("-runs="))
      runs = std::strtoull(v, nullptr, 10);
    else if (const char *v = value("-max_total_time="))
      maxSeconds = std::strtod(v, nullptr);
    else if (const char *v = value("-seed="))
      seed = std::strtoull(v, nullptr, 10);
    else if (const char *v = value("-timeout="))
      timeout = static_cast<unsigned>(std::strtoul(v, nullptr, 10));
    else if (const char *v = value("-max_len="))
      maxLen = std::strtoull(v, nullptr, 10);
    else if (const char *v = value("-dict="))
      dictFile = v;
    else if (const char *v = value("-artifact_prefix="))
      prefix = v;
    else if (a.size() > 1 && a[0] == '-')
      continue; // libFuzzer's other flags (-fork, -rss_limit_mb, ...) do not apply
    else
      paths.push_back(a);
  }

  std::vector<Bytes> corpus, dict;
  for (const std::string &p : paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
      // In name order, not the file system's: the same seeds and -seed give
      // the same mutations on every machine, so a CI finding reproduces.
      std::vector<std::filesystem::path> files;
      for (const auto &entry : std::filesystem::directory_iterator(p, ec))
        if (std::string name = entry.path().filename().string(); entry.is_regular_file() &&
                                                                 name.rfind("crash-", 0) != 0 &&
                                                                 name.rfind("timeout-", 0) != 0)
          files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto &f : files)
        if (Bytes b; readFile(f, b))
          corpus.push_back(std::move(b));
    } else if (Bytes b; readFile(p, b)) {
      corpus.push_back(std::move(b));
    } else {
      std::fprintf(stderr, "ascreg-fuzz: cannot read %s\n", p.c_str());
      return 2;
    }
  }
  if (!dictFile.empty()) {
    std::ifstream in(dictFile);
    if (!in) {
      std::fprintf(stderr, "ascreg-fuzz: cannot read the dictionary %s\n", dictFile.c_str());
      return 2;
    }
    for (std::string line; std::getline(in, line);)
      if (Bytes t; parseToken(line, t))
        dict.push_back(std::move(t));
  }
  if (corpus.empty())
    corpus.push_back({});

  crashPath = prefix + "crash-" + std::to_string(::getpid());
  timeoutPath = prefix + "timeout-" + std::to_string(::getpid());
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    std::signal(sig, onCrash);
  std::signal(SIGALRM, onTimeout);
  auto runOne = [&](const Bytes &input) {
    current = &input;
    if (timeout)
      ::alarm(timeout);
    LLVMFuzzerTestOneInput(input.data(), input.size());
    if (timeout)
      ::alarm(0);
    current = nullptr;
  };

  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  // (The kind of driver first: scripts/fuzz.sh reads it, even when a seed
  // crashes.)
  std::printf("INFO: standalone driver (blind mutation, no coverage), %zu inputs, -seed=%llu\n",
              corpus.size(), static_cast<unsigned long long>(seed));
  std::fflush(stdout);
  uint64_t executed = 0;
  for (const Bytes &input : corpus) { // the seeds first, as libFuzzer does
    if (executed >= runs)
      break;
    runOne(input);
    ++executed;
  }
  std::printf("#%llu INITED corpus: %zu inputs, dictionary: %zu tokens (blind mutation, no "
              "coverage)\n",
              static_cast<unsigned long long>(executed), corpus.size(), dict.size());
  Mutator mutator{std::mt19937_64(seed), corpus, dict, maxLen};
  while (executed < runs && (maxSeconds <= 0 || (executed % 16 != 0 || elapsed() < maxSeconds))) {
    Bytes input = mutator.next();
    runOne(input);
    ++executed;
  }
  std::printf("#%llu DONE in %.1f s\n", static_cast<unsigned long long>(executed), elapsed());
  std::printf("stat::number_of_executed_units: %llu\n", static_cast<unsigned long long>(executed));
  return 0;
}
