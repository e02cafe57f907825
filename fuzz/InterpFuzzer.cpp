//===- InterpFuzzer.cpp - fuzz target: the interpreter ----------*- C++ -*-===//
//
// Input: a kernel and its arguments,
//     <MLIR text of a module with func.func @kernel>
//     //--ARGS--
//     <argument bytes>
// (no separator: all of it is the kernel, the arguments are zeros). The
// argument bytes choose the UB capacity, each buffer's length and contents
// and each scalar's bits, so the same kernel runs with in-range, edge and
// out-of-range arguments (offsets, counts, gather indices, loop bounds).
//
// Oracles, on every kernel that verifies and compiles:
//   - no crash or sanitizer report, and a run ends (step limit 2 * 10^4: a
//     loop that reaches it takes about a second under ASan, a 64-bit one
//     on the dav path 10^5 steps took 6 s and, starved of CPU, libFuzzer's
//     20 s timeout);
//   - a failed run leaves the caller's buffers untouched;
//   - a second run on the same inputs gives the same result (the UB arena is
//     reset between runs: nothing leaks from one run into the next);
//   - the kernel after convert-ascreg-to-dav, on the same inputs, succeeds
//     or fails with the original and then leaves the same buffers (compared
//     by check mode's rule, ascreg/Driver/Compare.h: NaN payloads are open
//     where an addition's NaN can reach).
// The kernels are compiled, lowered and compared through the driver's steps
// (Prepare.h, Session.h's runPipeline, Compare.h), as every front door does.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace mlir;
namespace sem = ascreg::semantics;

namespace {

constexpr llvm::StringLiteral kSeparator("\n//--ARGS--\n");

struct Inputs {
  std::vector<std::vector<uint8_t>> buffers;
  std::vector<uint64_t> bits;        // per parameter (scalars)
  std::vector<uint64_t> numElements; // per parameter (buffers)
};

/// Decodes the argument bytes for the parameters of `fn`.
Inputs decode(func::FuncOp fn, FuzzedDataProvider &fdp, uint64_t &capacity) {
  switch (fdp.ConsumeIntegralInRange<int>(0, 7)) {
  case 0:
    capacity = fdp.ConsumeIntegralInRange<uint64_t>(1, 4096);
    break;
  case 1:
    capacity = sem::kMaxUBCapacity; // reserved lazily, never touched
    break;
  default:
    capacity = sem::kDefaultUBCapacity;
  }
  Inputs in;
  for (Type t : fn.getArgumentTypes()) {
    uint64_t n = 0, bits = 0;
    if (auto mt = dyn_cast<MemRefType>(t)) {
      unsigned eb = mt.getElementType().isIntOrFloat()
                        ? std::max(1u, mt.getElementType().getIntOrFloatBitWidth() / 8)
                        : 8;
      if (mt.hasRank() && mt.getRank() == 1 && !mt.isDynamicDim(0))
        n = static_cast<uint64_t>(mt.getDimSize(0));
      else
        n = fdp.ConsumeBool() ? 256 / eb * fdp.ConsumeIntegralInRange<uint64_t>(0, 8)
                              : fdp.ConsumeIntegralInRange<uint64_t>(0, 2048);
      n = std::min<uint64_t>(n, 1 << 16);
      std::vector<uint8_t> b(n * eb);
      std::vector<uint8_t> fill = fdp.ConsumeBytes<uint8_t>(b.size());
      std::copy(fill.begin(), fill.end(), b.begin()); // (memcpy of an empty vector: null)
      in.buffers.push_back(std::move(b));
    } else {
      bits = fdp.ConsumeIntegral<uint64_t>();
      if (t.isIntOrFloat() && t.getIntOrFloatBitWidth() < 64)
        bits &= (uint64_t(1) << t.getIntOrFloatBitWidth()) - 1;
    }
    in.bits.push_back(bits);
    in.numElements.push_back(n);
  }
  return in;
}

std::vector<ascreg::interp::Arg> argsFor(func::FuncOp fn, const Inputs &in,
                                         std::vector<std::vector<uint8_t>> &bufs) {
  std::vector<ascreg::interp::Arg> args;
  size_t b = 0;
  for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
    if (isa<MemRefType>(fn.getArgumentTypes()[i]))
      args.push_back(ascreg::interp::Arg::buffer(bufs[b++].data(), in.numElements[i]));
    else
      args.push_back(ascreg::interp::Arg::scalar(in.bits[i]));
  }
  return args;
}

/// Per parameter, a view of its buffer in `bufs` (empty for scalars).
std::vector<llvm::ArrayRef<uint8_t>> views(func::FuncOp fn,
                                           const std::vector<std::vector<uint8_t>> &bufs) {
  std::vector<llvm::ArrayRef<uint8_t>> out;
  size_t b = 0;
  for (Type t : fn.getArgumentTypes())
    out.push_back(isa<MemRefType>(t) ? llvm::ArrayRef<uint8_t>(bufs[b++])
                                     : llvm::ArrayRef<uint8_t>());
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef all(reinterpret_cast<const char *>(data), size);
  auto [text, argBytes] = all.split(kSeparator);
  OwningOpRef<ModuleOp> module = ascreg_fuzz::parseInput(text);
  if (!module)
    return 0;
  auto fn = module->lookupSymbol<func::FuncOp>("kernel");
  if (!fn || fn.isExternal())
    return 0;

  FuzzedDataProvider fdp(argBytes.bytes_begin(), argBytes.size());
  uint64_t capacity = 0;
  Inputs in = decode(fn, fdp, capacity);
  ascreg::driver::PrepareOptions options;
  options.interp.ubCapacity = capacity;
  options.interp.maxSteps = 20000;
  using ascreg::driver::PreparedKernel;
  using ascreg::driver::RunMode;
  auto kernel = PreparedKernel::prepare(fn, RunMode::Interp, options);
  if (failed(kernel))
    return 0;

  std::vector<std::vector<uint8_t>> first = in.buffers;
  auto args = argsFor(fn, in, first);
  bool ok = succeeded(kernel->run(RunMode::Interp, args));
  if (!ok)
    FUZZ_CHECK(first == in.buffers, "a failed run leaves the buffers untouched");

  std::vector<std::vector<uint8_t>> second = in.buffers;
  args = argsFor(fn, in, second);
  bool ok2 = succeeded(kernel->run(RunMode::Interp, args));
  FUZZ_CHECK(ok == ok2 && first == second, "a second run gives the same result");

  // The dav-3510 lowering of the same kernel.
  OwningOpRef<ModuleOp> lowered = cast<ModuleOp>((*module)->clone());
  std::string error;
  if (failed(ascreg::driver::runPipeline(*lowered, "convert-ascreg-to-dav", error)))
    return 0;
  auto davFn = lowered->lookupSymbol<func::FuncOp>("kernel");
  auto dav = PreparedKernel::prepare(davFn, RunMode::Interp, options);
  if (failed(dav))
    return 0;
  std::vector<std::vector<uint8_t>> third = in.buffers;
  args = argsFor(fn, in, third);
  bool okDav = succeeded(dav->run(RunMode::Interp, args));
  FUZZ_CHECK(okDav == ok, "the dav-lowered kernel fails exactly when the kernel fails");
  FUZZ_CHECK(!ok || ascreg::driver::compareCheckRuns(fn, views(fn, first), views(fn, third),
                                                     /*limit=*/1)
                            .count == 0,
             "the dav-lowered kernel computes what the kernel computes");
  return 0;
}
