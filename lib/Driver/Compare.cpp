//===- Compare.cpp - check mode: the interpreter's run vs the JIT's -*- C++ -*-===//
#include "ascreg/Driver/Compare.h"

namespace ascreg {
namespace driver {

CheckComparison compareCheckRuns(mlir::func::FuncOp fn,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> interp,
                                 llvm::ArrayRef<llvm::ArrayRef<uint8_t>> jit, unsigned limit,
                                 const std::vector<bool> &nanOpen) {
  return debugging::compareBuffers(fn, interp, jit, limit, nanOpen);
}

std::vector<llvm::ArrayRef<uint8_t>> buffersOf(const std::vector<BoundArgument> &set) {
  std::vector<llvm::ArrayRef<uint8_t>> out;
  for (const BoundArgument &b : set)
    out.push_back(b.isBuffer ? llvm::ArrayRef<uint8_t>(b.work) : llvm::ArrayRef<uint8_t>());
  return out;
}

} // namespace driver
} // namespace ascreg
