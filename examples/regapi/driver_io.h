// Helpers of the example drivers (examples/regapi): raw little-endian
// element files in and out, so a test can feed the same bytes to the twin,
// to ascreg-run and to numpy (test/RegAPI/Inputs/{seed,example}_check.py).
#ifndef ASCREG_EXAMPLES_REGAPI_DRIVER_IO_H
#define ASCREG_EXAMPLES_REGAPI_DRIVER_IO_H

#include <cstdio>
#include <cstdlib>
#include <vector>

/// `n` elements of T from `path` (exactly n * sizeof(T) bytes), or exit 2.
template <typename T> std::vector<T> readElements(const char *path, size_t n) {
  std::vector<T> v(n);
  FILE *f = std::fopen(path, "rb");
  if (!f || std::fread(v.data(), sizeof(T), n, f) != n || std::fgetc(f) != EOF) {
    std::fprintf(stderr, "%s: expected %zu elements of %zu bytes\n", path, n, sizeof(T));
    std::exit(2);
  }
  std::fclose(f);
  return v;
}
template <typename T> void writeElements(const char *path, const std::vector<T> &v) {
  FILE *f = std::fopen(path, "wb");
  if (!f || std::fwrite(v.data(), sizeof(T), v.size(), f) != v.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "%s: cannot write\n", path);
    std::exit(2);
  }
}
inline unsigned long argNumber(const char *s) { return std::strtoul(s, nullptr, 10); }

#endif // ASCREG_EXAMPLES_REGAPI_DRIVER_IO_H
