//===- AscRegPlugin.cpp - ascreg plugin for upstream MLIR tools -*- C++ -*-===//
//
// A dialect and pass plugin for the stock mlir-opt (and any tool built on
// MlirOptMain):
//
//   mlir-opt --load-dialect-plugin=AscRegPlugin.so \
//            --load-pass-plugin=AscRegPlugin.so \
//            --pass-pipeline='builtin.module(convert-ascreg-to-vector)' k.mlir
//
// (also convert-ascreg-to-dav and the ascreg-lower-to-llvm pipeline; the dav
// dialect is registered too).
//
// The plugin links only libMLIR.so and libLLVM.so from upstream (plus ascreg's
// own static libraries), so the MLIR globals it registers into (dialect and
// pass registries, TypeIDs) are the host tool's.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

/// Dialect plugin entry point: the ascreg dialect and the dav-3510 intrinsic
/// dialect. The upstream dialects that kernels use (func, arith, scf, memref,
/// vector, ...) are in mlir-opt already. A tool with ascreg built in
/// (ascreg-opt) has both: the plugin's copies, whose TypeIDs differ, would
/// abort MLIR ("different dialects for the same namespace"), so they are
/// inserted only where missing.
extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscReg", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            if (!registry->getDialectAllocator(ascreg::AscRegDialect::getDialectNamespace()))
              registry->insert<ascreg::AscRegDialect>();
            if (!registry->getDialectAllocator(ascreg::dav::DavDialect::getDialectNamespace()))
              registry->insert<ascreg::dav::DavDialect>();
          }};
}

/// Pass plugin entry point: convert-ascreg-to-vector, convert-ascreg-to-dav and
/// the ascreg-lower-to-llvm pipeline (use them in --pass-pipeline; the pass flags
/// such as --convert-ascreg-to-vector are created before plugins load). In a
/// tool with ascreg built in they are registered already, and
/// registerConversionPasses does nothing.
extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscRegPasses", LLVM_VERSION_STRING,
          []() { ascreg::registerConversionPasses(); }};
}
