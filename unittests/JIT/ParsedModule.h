//===- ParsedModule.h - a module parsed for a JIT test ----------*- C++ -*-===//
//
// What every JIT test starts from: a context with every ascreg dialect
// loaded, a module parsed from text under a file name (so diagnostics carry
// "name":line:col), and the diagnostics emitted in the context collected as
// "location: message" lines.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_UNITTESTS_JIT_PARSEDMODULE_H
#define ASCREG_UNITTESTS_JIT_PARSEDMODULE_H

#include "ascreg/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <string>

struct ParsedModule {
  mlir::MLIRContext ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler;

  ParsedModule(llvm::StringRef text, llvm::StringRef name)
      : handler(&ctx, [this](mlir::Diagnostic &d) {
          llvm::raw_string_ostream os(diagnostics);
          os << d.getLocation() << ": " << d << "\n";
          return mlir::success();
        }) {
    mlir::DialectRegistry registry;
    ascreg::registerAllDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx, name);
  }
};

#endif // ASCREG_UNITTESTS_JIT_PARSEDMODULE_H
