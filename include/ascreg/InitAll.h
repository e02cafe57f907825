//===- InitAll.h - register everything ascreg tools use ---------*- C++ -*-===//
#ifndef ASCREG_INITALL_H
#define ASCREG_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ascreg {
/// The ascreg dialect and the upstream dialects (with their interface
/// extensions) that ascreg kernels and lowerings use.
void registerAllDialects(mlir::DialectRegistry &registry);
/// ascreg's passes and pipelines plus the upstream passes used in pipelines.
void registerAllPasses();
} // namespace ascreg

#endif
