//===- Compare.cpp - check mode: the interpreter's run vs the JIT's -*- C++ -*-===//
#include "ascreg/Driver/Compare.h"
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace ascreg {
namespace driver {

CheckComparison compareCheckRuns(mlir::func::FuncOp fn,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> interp,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> jit, unsigned limit,
                                 const std::vector<bool> &given) {
  CheckComparison cmp;
  std::vector<bool> computed;
  if (given.empty())
    computed = debugging::unspecifiedNaNPayloadParams(fn);
  const std::vector<bool> &nanOpen = given.empty() ? computed : given;
  for (unsigned i = 0; i < fn.getNumArguments() && i < interp.size() && i < jit.size(); ++i) {
    auto mt = llvm::dyn_cast<mlir::MemRefType>(fn.getArgumentTypes()[i]);
    std::optional<unsigned> elemBytes = mt ? ubBufferElementBytes(mt) : std::nullopt;
    if (!elemBytes) // (no executor runs such a kernel)
      continue;
    mlir::Type elem = mt.getElementType();
    unsigned eb = *elemBytes;
    llvm::ArrayRef<uint8_t> x = interp[i], y = jit[i];
    uint64_t n = std::min(x.size(), y.size()) / eb;
    if (n == 0 || (x.size() == y.size() && std::memcmp(x.data(), y.data(), n * eb) == 0))
      continue;
    for (uint64_t e = 0; e < n; ++e) {
      uint64_t a = 0, b = 0;
      std::memcpy(&a, x.data() + e * eb, eb);
      std::memcpy(&b, y.data() + e * eb, eb);
      if (debugging::sameElementBits(elem, nanOpen[i], a, b))
        continue;
      if (cmp.first.size() < limit)
        cmp.first.push_back({i, e, a, b});
      ++cmp.count;
    }
  }
  return cmp;
}

namespace {

/// Whether every lane of `open` that overlaps bytes [from, to) of its
/// buffer agrees between `x` and `y` (sameElementBits, payloads open).
bool openLanesAgree(const OpenNaNLanes &open, llvm::ArrayRef<uint8_t> x, llvm::ArrayRef<uint8_t> y,
                    uint64_t from, uint64_t to) {
  unsigned lb = open.lane.getIntOrFloatBitWidth() / 8;
  uint64_t end = std::min({open.end, uint64_t(x.size()), uint64_t(y.size())});
  if (lb == 0 || from < open.begin || to > end)
    return false;
  for (uint64_t lane = from - (from - open.begin) % lb; lane < to; lane += lb) {
    if (lane + lb > end)
      return false;
    uint64_t a = 0, b = 0;
    std::memcpy(&a, x.data() + lane, lb);
    std::memcpy(&b, y.data() + lane, lb);
    if (!debugging::sameElementBits(open.lane, /*nanPayloadUnspecified=*/true, a, b))
      return false;
  }
  return true;
}

} // namespace

CheckComparison compareRuns(mlir::func::FuncOp fn, llvm::ArrayRef<llvm::ArrayRef<uint8_t>> expected,
                            llvm::ArrayRef<llvm::ArrayRef<uint8_t>> actual, unsigned limit,
                            llvm::ArrayRef<OpenNaNLanes> open, const std::vector<bool> &nanOpen) {
  if (open.empty())
    return compareCheckRuns(fn, expected, actual, limit, nanOpen);
  // Every difference by the buffers' rule, then those an open lane allows.
  CheckComparison all = compareCheckRuns(fn, expected, actual, UINT_MAX, nanOpen);
  CheckComparison kept;
  for (const Mismatch &d : all.first) {
    auto type = llvm::cast<mlir::MemRefType>(fn.getArgumentTypes()[d.argument]);
    uint64_t eb = *ubBufferElementBytes(type); // (compareCheckRuns compares no other)
    uint64_t from = d.element * eb, to = from + eb;
    if (llvm::any_of(open, [&](const OpenNaNLanes &o) {
          return o.param == d.argument &&
                 openLanesAgree(o, expected[d.argument], actual[d.argument], from, to);
        }))
      continue;
    if (kept.first.size() < limit)
      kept.first.push_back(d);
    ++kept.count;
  }
  return kept;
}

InPlaceCheck checkInPlace(PreparedKernel &kernel, mlir::func::FuncOp fn,
                          llvm::ArrayRef<interp::Arg> args, unsigned limit,
                          const std::vector<bool> &nanOpen) {
  InPlaceCheck check;
  std::vector<interp::Arg> jitArgs(args.begin(), args.end());
  std::vector<llvm::ArrayRef<uint8_t>> interpViews(args.size());
  check.jitBuffers.resize(args.size());
  auto types = fn.getArgumentTypes();
  for (size_t i = 0; i < args.size() && i < types.size(); ++i) {
    auto type = llvm::dyn_cast<mlir::MemRefType>(types[i]);
    std::optional<unsigned> eb = type ? ubBufferElementBytes(type) : std::nullopt;
    if (!args[i].isBuffer || !args[i].data || !eb)
      continue; // (the runs refuse what does not fit the parameter)
    const auto *data = static_cast<const uint8_t *>(args[i].data);
    interpViews[i] = llvm::ArrayRef<uint8_t>(data, args[i].numElements * *eb);
    check.jitBuffers[i].assign(interpViews[i].begin(), interpViews[i].end());
    jitArgs[i].data = check.jitBuffers[i].data();
  }
  if (failed(kernel.run(RunMode::Interp, args))) {
    check.failure = InPlaceCheck::Failure::Interpreter;
    return check;
  }
  if (failed(kernel.run(RunMode::Jit, jitArgs))) {
    check.failure = InPlaceCheck::Failure::Jit;
    return check;
  }
  std::vector<llvm::ArrayRef<uint8_t>> jitViews(check.jitBuffers.begin(), check.jitBuffers.end());
  check.comparison = compareCheckRuns(fn, interpViews, jitViews, limit, nanOpen);
  return check;
}

std::vector<llvm::ArrayRef<uint8_t>> buffersOf(const std::vector<BoundArgument> &set) {
  std::vector<llvm::ArrayRef<uint8_t>> out;
  for (const BoundArgument &b : set)
    out.push_back(b.isBuffer ? llvm::ArrayRef<uint8_t>(b.work) : llvm::ArrayRef<uint8_t>());
  return out;
}

} // namespace driver
} // namespace ascreg
