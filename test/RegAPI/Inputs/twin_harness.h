// The driver of the generated twin conformance kernels (twin_conformance.py):
//   twin NAME COUNT REPEAT SCALAR_BITS FILE...
// Each FILE's bytes go into a UB buffer of their size (placed in order, 32-byte
// aligned, as ascreg-run places the memref arguments); kernel NAME runs; every
// buffer is copied back (asc_copy_ub2gm_align) and written to its file.
#include "kernel_operator.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Buf {
  std::unique_ptr<ascreg::twin::UBBuffer<uint8_t>> ub;
  template <class T> T *as() { return reinterpret_cast<T *>(ub->data()); }
};
using Bufs = std::vector<Buf>;
using Kernel = void (*)(Bufs &, uint32_t count, uint32_t repeat, uint64_t scalarBits);
extern const std::map<std::string, Kernel> kKernels;

static std::vector<uint8_t> readFile(const char *path) {
  std::vector<uint8_t> v;
  FILE *f = std::fopen(path, "rb");
  if (!f)
    std::exit(2);
  int c;
  while ((c = std::fgetc(f)) != EOF)
    v.push_back(uint8_t(c));
  std::fclose(f);
  return v;
}

int main(int argc, char **argv) {
  if (argc < 5)
    return 2;
  auto k = kKernels.find(argv[1]);
  if (k == kKernels.end()) {
    std::fprintf(stderr, "no kernel %s\n", argv[1]);
    return 2;
  }
  std::vector<std::vector<uint8_t>> data;
  Bufs bufs;
  for (int i = 5; i < argc; ++i) {
    data.push_back(readFile(argv[i]));
    static const char *const names[] = {"b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7"};
    bufs.push_back({std::make_unique<ascreg::twin::UBBuffer<uint8_t>>(data.back().size(),
                                                                      names[(i - 5) % 8])});
    std::memcpy(bufs.back().ub->data(), data.back().data(), data.back().size());
  }
  k->second(bufs, std::strtoul(argv[2], nullptr, 10), std::strtoul(argv[3], nullptr, 10),
            std::strtoull(argv[4], nullptr, 10));
  for (int i = 5; i < argc; ++i) {
    // Back to "GM" as a kernel would copy it: a traced run's outputs.
    asc_copy_ub2gm_align(data[i - 5].data(), bufs[i - 5].ub->data(), data[i - 5].size());
    FILE *f = std::fopen(argv[i], "wb");
    if (!f || std::fwrite(data[i - 5].data(), 1, data[i - 5].size(), f) != data[i - 5].size())
      return 2;
    std::fclose(f);
  }
  return 0;
}
