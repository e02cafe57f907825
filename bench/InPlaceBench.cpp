//===- InPlaceBench.cpp - runs with buffers copied vs bound in place ------===//
//
//   ascreg-bench-inplace [--regs N] [--repeat N] [--rounds N]
//
// The four loops of bench/limit/ (bench/interp_vs_jit.py's inputs, REGS
// registers) on the interpreter and the JIT, each run once with the
// caller's buffers copied into UB and back (ascreg-run's way) and once with
// them bound in place (placeArguments), in alternating rounds. Inputs are
// restored before every run, outside the timed region (as ascreg-run
// --repeat does). Prints the median time per run and in-place/copied.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using ascreg::driver::RunMode;
using ascreg::interp::Arg;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// A buffer argument's initial bytes and element count.
struct Input {
  std::vector<uint8_t> bytes;
  uint64_t numElements;
};

/// bench/interp_vs_jit.py's inputs: ((i * 7919) % 2001 - 1000) / 8, the
/// gather index (i * 37) % n, a zero destination.
std::vector<Input> inputsOf(const std::string &kernel, uint64_t regs, uint64_t &count) {
  auto value = [](uint64_t i) { return float(int((i * 7919) % 2001) - 1000) / 8.0f; };
  auto f32 = [&](uint64_t n) {
    Input in{std::vector<uint8_t>(4 * n), n};
    for (uint64_t i = 0; i < n; ++i) {
      float f = value(i);
      std::memcpy(&in.bytes[4 * i], &f, 4);
    }
    return in;
  };
  auto zero = [](uint64_t n, unsigned bytes) { return Input{std::vector<uint8_t>(bytes * n), n}; };
  uint64_t n32 = 64 * regs;
  count = n32;
  if (kernel == "reduce_sum_f16_f16") {
    count = 128 * regs;
    Input src{std::vector<uint8_t>(2 * count), count};
    for (uint64_t i = 0; i < count; ++i) {
      // Exact in f16: multiples of 1/8 up to 125.
      float f = value(i);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      uint16_t h = f == 0 ? 0
                          : uint16_t(((b >> 16) & 0x8000) | ((((b >> 23) & 0xFF) - 112) << 10) |
                                     ((b >> 13) & 0x3FF));
      std::memcpy(&src.bytes[2 * i], &h, 2);
    }
    return {src, zero(count, 2)};
  }
  if (kernel == "gather_f32_f32_u32") {
    Input idx{std::vector<uint8_t>(4 * n32), n32};
    for (uint64_t i = 0; i < n32; ++i) {
      uint32_t v = uint32_t((i * 37) % n32);
      std::memcpy(&idx.bytes[4 * i], &v, 4);
    }
    return {f32(n32), idx, zero(n32, 4)};
  }
  return {f32(n32), zero(n32, 4)};
}

} // namespace

int main(int argc, char **argv) {
  uint64_t regs = 256;
  unsigned repeat = 200, rounds = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    uint64_t v = std::strtoull(argv[i + 1], nullptr, 10);
    if (flag == "--regs")
      regs = v;
    else if (flag == "--repeat")
      repeat = unsigned(v);
    else if (flag == "--rounds")
      rounds = unsigned(v);
  }
  // The driver's context and parse step (ascreg/Driver/Session.h), as
  // ascreg-run loads a kernel.
  ascreg::driver::SessionOptions sessionOptions;
  sessionOptions.loadAllDialects = true;
  std::unique_ptr<mlir::MLIRContext> ctx = ascreg::driver::makeContext(sessionOptions);
  std::printf("| kernel | interp copied us | interp in place us | in place/copied | jit copied us "
              "| jit in place us | in place/copied |\n|---|---:|---:|---:|---:|---:|---:|\n");
  for (std::string name :
       {"reduce_max_f32_f32", "reduce_sum_f16_f16", "pair_reduce_sum_f32", "gather_f32_f32_u32"}) {
    std::string path = ASCREG_SOURCE_DIR "/examples/conformance/" + name + ".mlir";
    ascreg::driver::LoadFailure failure;
    std::string error;
    auto module = ascreg::driver::parseKernelFile(*ctx, path, failure, error);
    if (!module) {
      std::fprintf(stderr, "ascreg-bench-inplace: cannot parse %s %s\n", path.c_str(),
                   error.c_str());
      return 1;
    }
    // Both executors, as ascreg-run --mode=check prepares them.
    auto kernel = ascreg::driver::PreparedKernel::prepare(*module, "kernel", RunMode::Check, {});
    if (mlir::failed(kernel))
      return 1;
    uint64_t count;
    std::vector<Input> inputs = inputsOf(name, regs, count);
    std::vector<uint64_t> sizes;
    for (const Input &in : inputs)
      sizes.push_back(in.numElements);

    // One timed run of `run` on buffers at `data`, restored first.
    auto timedRun = [&](const std::vector<void *> &data,
                        const std::function<mlir::LogicalResult(llvm::ArrayRef<Arg>)> &run) {
      std::vector<Arg> args;
      for (size_t i = 0; i < inputs.size(); ++i) {
        std::memcpy(data[i], inputs[i].bytes.data(), inputs[i].bytes.size());
        args.push_back(Arg::buffer(data[i], inputs[i].numElements));
      }
      args.push_back(Arg::scalar(count));
      args.push_back(Arg::scalar(regs));
      auto start = std::chrono::steady_clock::now();
      if (mlir::failed(run(args)))
        std::exit(1);
      return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
          .count();
    };
    std::vector<std::vector<uint8_t>> own;
    std::vector<void *> ownData;
    for (const Input &in : inputs)
      own.push_back(in.bytes);
    for (auto &o : own)
      ownData.push_back(o.data());
    auto interpPlaces = kernel->placeArguments(RunMode::Interp, sizes);
    auto jitPlaces = kernel->placeArguments(RunMode::Jit, sizes);
    if (mlir::failed(interpPlaces) || mlir::failed(jitPlaces))
      return 1;
    auto runInterp = [&](llvm::ArrayRef<Arg> a) { return kernel->run(RunMode::Interp, a); };
    auto runJit = [&](llvm::ArrayRef<Arg> a) { return kernel->run(RunMode::Jit, a); };
    // Per round: the median of `repeat` runs of each variant.
    std::vector<double> t[4];
    std::vector<double> ratioInterp, ratioJit;
    for (unsigned r = 0; r < rounds; ++r) {
      std::vector<double> s[4];
      for (unsigned i = 0; i < repeat; ++i) {
        s[0].push_back(timedRun(ownData, runInterp));
        s[1].push_back(timedRun(*interpPlaces, runInterp));
        s[2].push_back(timedRun(ownData, runJit));
        s[3].push_back(timedRun(*jitPlaces, runJit));
      }
      for (int v = 0; v < 4; ++v)
        t[v].push_back(median(s[v]));
      ratioInterp.push_back(t[1].back() / t[0].back());
      ratioJit.push_back(t[3].back() / t[2].back());
    }
    std::printf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |\n", name.c_str(), median(t[0]),
                median(t[1]), median(ratioInterp), median(t[2]), median(t[3]), median(ratioJit));
    std::fflush(stdout);
  }
  return 0;
}
