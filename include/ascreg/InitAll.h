//===- InitAll.h - register everything ascreg tools use ---------*- C++ -*-===//
#ifndef ASCREG_INITALL_H
#define ASCREG_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace ascreg {
/// What running a kernel needs, and all that ascreg-run registers (the
/// driver's default, driver::sessionRegistry): the dialects of ascreg
/// kernels and of their lowerings, with only the interface extensions the
/// registered passes use (the ConvertToLLVM interfaces of convert-to-llvm).
/// A program that registers this set rather than everything links and
/// initializes a fraction of MLIR and LLVM (cmake/StaticLLVM.cmake).
void registerRunDialects(mlir::DialectRegistry &registry);
/// ascreg's passes and pipelines (registerConversionPasses), the upstream
/// passes that its pipelines are made of, convert-to-llvm and MLIR's
/// generic transformations (canonicalize, cse, inline, ...): what
/// --pass-pipeline and --bisect-pipeline of ascreg-run accept.
void registerRunPasses();

/// registerRunDialects plus every upstream interface extension: for the
/// tools that run any upstream pass (ascreg-opt, ascreg-translate, the
/// Python package).
void registerAllDialects(mlir::DialectRegistry &registry);
/// registerRunPasses plus every upstream pass.
void registerAllPasses();
} // namespace ascreg

#endif
