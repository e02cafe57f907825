//===- ascreg-lsp-server.cpp - MLIR language server with ascreg -*- C++ -*-===//
//
// The MLIR language server (diagnostics, hover, go-to-definition, outline,
// completion for .mlir files) with the ascreg dialect and the upstream
// dialects kernels use. Point VS Code's MLIR extension at it with the
// `mlir.server_path` setting (README, "Embedding ascreg").
//
//===----------------------------------------------------------------------===//
#include "ascreg/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
