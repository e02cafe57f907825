// A host driver for one kernel emitted as Ascend C (ascreg-translate
// --ascreg-to-ascendc), so a test can run an example on the emitted path as
// it runs ascreg-run on the others. Build (the emitted file first, the host
// intrinsics' "c_api/asc_simd.h" ahead of the twin's):
//   ascreg-translate --ascreg-to-ascendc K.mlir -o K.cpp
//   ascreg-cc -iquote INCLUDE/ascreg/AscendC/host -include K.cpp run_emitted.cpp -o K.emitted
// Run: K.emitted ARG... with one argument per parameter of the emitted
// `kernel`: a file of raw bytes for a buffer (the whole file is the buffer;
// after the run its bytes are written to FILE.out), a decimal integer for a
// scalar. The buffers are placed in a modelled Unified Buffer by the rule
// ascreg-run uses, and every access is checked against it.
#include "ascreg/AscendC/HostIntrinsics.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

namespace S = ascreg::semantics;

std::vector<uint8_t> readFile(const std::string &path) {
  std::vector<uint8_t> bytes;
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "run_emitted: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  for (int c; (c = std::fgetc(f)) != EOF;)
    bytes.push_back(static_cast<uint8_t>(c));
  std::fclose(f);
  return bytes;
}

void writeFile(const std::string &path, const std::vector<uint8_t> &bytes) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "run_emitted: cannot write %s\n", path.c_str());
    std::exit(2);
  }
}

struct Args {
  std::vector<std::vector<uint8_t>> buffers;
  std::vector<std::string> paths;
  std::vector<long long> scalars;
};

/// Splits argv by the kernel's parameter kinds.
template <class... A> Args parse(int argc, char **argv) {
  constexpr bool isPointer[] = {std::is_pointer_v<A>...};
  if (static_cast<size_t>(argc - 1) != sizeof...(A)) {
    std::fprintf(stderr, "run_emitted: the kernel has %zu parameters, %d arguments given\n",
                 sizeof...(A), argc - 1);
    std::exit(2);
  }
  Args a;
  for (size_t i = 0; i < sizeof...(A); ++i) {
    if (isPointer[i]) {
      a.paths.push_back(argv[i + 1]);
      a.buffers.push_back(readFile(argv[i + 1]));
    } else {
      a.scalars.push_back(std::strtoll(argv[i + 1], nullptr, 10));
    }
  }
  return a;
}

template <class P>
P argAt(const std::vector<void *> &ptrs, const std::vector<long long> &scalars, size_t &bi,
        size_t &si) {
  if constexpr (std::is_pointer_v<P>)
    return static_cast<P>(ptrs[bi++]);
  else
    return static_cast<P>(scalars[si++]);
}

template <class... A> int run(void (*fn)(A...), int argc, char **argv) {
  Args a = parse<A...>(argc, argv);
  static S::UnifiedBuffer ub;
  std::string error;
  for (auto &b : a.buffers)
    ub.addArgument(b.data(), b.size());
  if (!ub.reserve(S::kDefaultUBCapacity, error) || !ub.bindArguments(error)) {
    std::fprintf(stderr, "run_emitted: %s\n", error.c_str());
    return 2;
  }
  std::vector<void *> ptrs;
  for (size_t i = 0; i < ub.numArguments(); ++i)
    ptrs.push_back(ub.argumentInArena(i));
  size_t bi = 0, si = 0;
  // Braced initialisation evaluates left to right.
  std::tuple<A...> args{argAt<A>(ptrs, a.scalars, bi, si)...};
  ascreg_host::currentUB() = &ub;
  std::apply(fn, args);
  ascreg_host::currentUB() = nullptr;
  ub.copyOut();
  for (size_t i = 0; i < a.buffers.size(); ++i)
    writeFile(a.paths[i] + ".out", a.buffers[i]);
  return 0;
}

} // namespace

int main(int argc, char **argv) { return run(&kernel, argc, argv); }
