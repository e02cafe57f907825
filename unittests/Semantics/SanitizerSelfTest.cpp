//===- SanitizerSelfTest.cpp - a planted bug for the sanitizer job -------===//
//
// Built only with ASCREG_SANITIZERS. Reads one element past a heap buffer of
// the semantics library's own type (a Reg) and adds to INT_MAX: the ctest
// entries pass only if ASan (and, with "ubsan" as argument, UBSan) report it,
// which proves the sanitizer job's instrumentation and report detection work.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Semantics.h"

#include <climits>
#include <cstdio>
#include <cstring>
#include <memory>

int main(int argc, char **argv) {
  volatile int sink = 0;
  if (argc > 1 && std::strcmp(argv[1], "ubsan") == 0) {
    volatile int big = INT_MAX;
    sink = big + argc; // signed overflow
  } else {
    auto regs = std::make_unique<ascreg::semantics::Reg[]>(2);
    volatile const unsigned char *p = regs[0].b;
    sink = p[2 * sizeof(ascreg::semantics::Reg)]; // one past the array
  }
  std::printf("not detected (%d)\n", sink);
  return 0;
}
