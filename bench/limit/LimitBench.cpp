//===- LimitBench.cpp - time one hand-written benchmark loop --------------===//
//
//   ascreg-bench-limit KERNEL [--regs N] [--repeat N] [--isa avx512fp16|avx2|scalar]
//
// KERNEL is the conformance kernel's name (reduce_max_f32_f32,
// reduce_sum_f16_f16, pair_reduce_sum_f32, gather_f32_f32_u32). The inputs
// are bench/interp_vs_jit.py's; the median time per run goes to stderr in
// ascreg-run's words ("N runs, median X us per run"), so the script reads
// both the same way. The default --isa is the best the host has.
//
//===----------------------------------------------------------------------===//
#include "LimitKernels.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace ascreg::limit;

int main(int argc, char **argv) {
  std::string kernel, isa = hostHasAvx512Fp16() ? "avx512fp16" : hostHasAvx2() ? "avx2" : "scalar";
  size_t regs = 256, repeat = 300;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "ascreg-bench-limit: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--regs")
      regs = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--repeat")
      repeat = std::strtoull(value().c_str(), nullptr, 10);
    else if (a == "--isa")
      isa = value();
    else
      kernel = a;
  }
  if ((isa == "avx2" && !hostHasAvx2()) || (isa == "avx512fp16" && !hostHasAvx512Fp16())) {
    std::fprintf(stderr, "ascreg-bench-limit: this host has no %s\n", isa.c_str());
    return 2;
  }
  if (isa != "avx512fp16" && isa != "avx2" && isa != "scalar") {
    std::fprintf(stderr, "ascreg-bench-limit: --isa is avx512fp16, avx2 or scalar\n");
    return 2;
  }
  const Kernels &k = isa == "avx512fp16" ? avx512Fp16Kernels()
                     : isa == "avx2"     ? avx2Kernels()
                                         : scalarKernels();
  // bench/interp_vs_jit.py's inputs: ((i * 7919) % 2001 - 1000) / 8, index (i * 37) % n.
  size_t lanes32 = 64 * regs, lanes16 = 128 * regs;
  auto value = [](size_t i) { return float(int((i * 7919) % 2001) - 1000) / 8.0f; };
  std::vector<float> src32(lanes32), dst32(lanes32);
  std::vector<uint16_t> src16(lanes16), dst16(lanes16);
  std::vector<uint32_t> index(lanes32);
  for (size_t i = 0; i < lanes32; ++i) {
    src32[i] = value(i);
    index[i] = uint32_t((i * 37) % lanes32);
  }
  for (size_t i = 0; i < lanes16; ++i)
    src16[i] = f32ToF16(value(i));

  std::function<bool()> run;
  if (kernel == "reduce_max_f32_f32")
    run = [&] { return k.reduceMaxF32(src32.data(), dst32.data(), uint32_t(lanes32), regs), true; };
  else if (kernel == "reduce_sum_f16_f16")
    run = [&] { return k.reduceSumF16(src16.data(), dst16.data(), uint32_t(lanes16), regs), true; };
  else if (kernel == "pair_reduce_sum_f32")
    run = [&] {
      return k.pairReduceSumF32(src32.data(), dst32.data(), uint32_t(lanes32), regs), true;
    };
  else if (kernel == "gather_f32_f32_u32")
    run = [&] {
      return k.gatherF32(src32.data(), lanes32, index.data(), dst32.data(), uint32_t(lanes32),
                         regs);
    };
  else {
    std::fprintf(stderr, "ascreg-bench-limit: unknown kernel '%s'\n", kernel.c_str());
    return 2;
  }
  std::vector<double> times;
  for (size_t r = 0; r < std::max<size_t>(repeat, 1); ++r) {
    auto start = std::chrono::steady_clock::now();
    bool ok = run();
    auto end = std::chrono::steady_clock::now();
    if (!ok) {
      std::fprintf(stderr, "ascreg-bench-limit: gather index out of range\n");
      return 1;
    }
    times.push_back(std::chrono::duration<double, std::micro>(end - start).count());
  }
  std::sort(times.begin(), times.end());
  size_t m = times.size();
  double median = m % 2 ? times[m / 2] : (times[m / 2 - 1] + times[m / 2]) / 2;
  std::fprintf(stderr, "ascreg-bench-limit: %zu runs, median %.3f us per run (min %.3f us) [%s]\n",
               m, median, times.front(), k.name);
  return 0;
}
