//===- ascreg-lsp-server.cpp - MLIR language server with ascreg -*- C++ -*-===//
//
// The MLIR language server (diagnostics, hover, go-to-definition, outline,
// completion for .mlir files) with the ascreg dialect and the upstream
// dialects kernels use. Point VS Code's MLIR extension at it with the
// `mlir.server_path` setting (README, "Embedding ascreg"). Documents beyond
// ascreg's parse limits never reach MLIR's parser (LimitFilter.h): the
// server publishes the located limit error for them instead.
//
//===----------------------------------------------------------------------===//
#include "LimitFilter.h"

#include "ascreg/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

#include <cstdio>

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ascreg::registerAllDialects(registry);
  if (mlir::failed(ascreg::lsp::startLimitFilter(argc, argv))) {
    std::perror("ascreg-lsp-server: cannot set up the parse-limit filter");
    return 1;
  }
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}
