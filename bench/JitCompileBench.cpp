//===- JitCompileBench.cpp - JIT compile time per conformance kernel ------===//
//
//   ascreg-bench-jit-compile [--reps N] [--opt L] [--filter S] [--jit-cache DIR]
//
// Compiles every conformance kernel (examples/conformance) with the
// driver's step (driver::PreparedKernel::prepare for RunMode::Jit), as
// ascreg-run --mode=jit does, REPS times (default
// 3) in one process, and prints per kernel the median time of the whole
// compile and of its MLIR lowering alone (jit::buildJitLoweringPipeline;
// the rest is LLVM: translation, optimization, code
// generation), then the median and the maximum over the kernels. Times are
// the process's CPU time (all threads), which a machine shared with other
// jobs disturbs far less than wall time; the wall time of the whole compile
// is printed beside it. With
// --jit-cache the compiles use the on-disk cache in DIR (the first
// repetition fills it when it is empty, the others hit it).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include "../unittests/Common/ConformanceCases.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <time.h>
#include <vector>

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double cpuMs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double wallMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

int main(int argc, char **argv) {
  unsigned reps = 3;
  std::string filter;
  ascreg::driver::PrepareOptions prepareOptions;
  ascreg::jit::Options &options = prepareOptions.jit;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--reps")
      reps = std::max(1, std::atoi(value.c_str()));
    else if (flag == "--opt")
      options.optLevel = unsigned(std::atoi(value.c_str()));
    else if (flag == "--filter")
      filter = value;
    else if (flag == "--jit-cache")
      options.cacheDir = value;
    else {
      llvm::errs() << "ascreg-bench-jit-compile: unknown option " << flag << "\n";
      return 2;
    }
  }
  // The driver's context and parse step (ascreg/Driver/Session.h), as
  // ascreg-run loads a kernel.
  ascreg::driver::SessionOptions sessionOptions;
  sessionOptions.loadAllDialects = true;
  std::unique_ptr<mlir::MLIRContext> context = ascreg::driver::makeContext(sessionOptions);
  mlir::MLIRContext &ctx = *context;

  std::vector<double> totals;
  std::string slowest;
  std::printf("| kernel | compile CPU ms | lowering CPU ms | compile wall ms |\n"
              "|---|---:|---:|---:|\n");
  for (const std::string &name : conformance::kernelNames()) {
    if (name.find(filter) == std::string::npos)
      continue;
    std::string path = std::string(conformance::kConformanceDir) + "/" + name + ".mlir";
    ascreg::driver::LoadFailure failure;
    std::string error;
    mlir::OwningOpRef<mlir::ModuleOp> module =
        ascreg::driver::parseKernelFile(ctx, path, failure, error);
    if (!module) {
      llvm::errs() << "ascreg-bench-jit-compile: cannot parse " << path << " " << error << "\n";
      return 1;
    }
    std::vector<double> compile, lowering, wall;
    for (unsigned r = 0; r < reps; ++r) {
      double start = cpuMs(), wallStart = wallMs();
      auto kernel = ascreg::driver::PreparedKernel::prepare(
          *module, "kernel", ascreg::driver::RunMode::Jit, prepareOptions);
      compile.push_back(cpuMs() - start);
      wall.push_back(wallMs() - wallStart);
      if (mlir::failed(kernel))
        return 1;

      mlir::OwningOpRef<mlir::ModuleOp> copy = mlir::cast<mlir::ModuleOp>((*module)->clone());
      mlir::PassManager pm(&ctx);
      ascreg::jit::buildJitLoweringPipeline(pm, options);
      start = cpuMs();
      if (mlir::failed(pm.run(*copy)))
        return 1;
      lowering.push_back(cpuMs() - start);
    }
    double t = median(compile);
    if (totals.empty() || t > *std::max_element(totals.begin(), totals.end()))
      slowest = name;
    totals.push_back(t);
    std::printf("| %s | %.1f | %.1f | %.1f |\n", name.c_str(), t, median(lowering), median(wall));
    std::fflush(stdout);
  }
  if (totals.empty())
    return 1;
  std::printf("\n%zu kernels, JIT compile CPU time: median %.1f ms, max %.1f ms (%s)\n",
              totals.size(), median(totals), *std::max_element(totals.begin(), totals.end()),
              slowest.c_str());
  return 0;
}
