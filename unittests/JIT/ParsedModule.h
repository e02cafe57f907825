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

/// @<op>: out = ascreg.<op>(a, b) on one register of 64 i32 (add, max, ...).
inline std::string binaryI32Function(const std::string &op) {
  return "  func.func @" + op + R"mlir((%a: memref<?xi32>, %b: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %m = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %x = ascreg.load_align %a[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %y = ascreg.load_align %b[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %s = ascreg.)mlir" +
         op + R"mlir( %x, %y, %m : !ascreg.vreg<64xi32>
    ascreg.store_align %s, %out[%c0], %m : !ascreg.vreg<64xi32>, memref<?xi32>
    return
  }
)mlir";
}

/// @add: out = a + b on one register of 64 i32 (wrapping), a function of
/// several test modules (at the same lines in each: "module {" first).
inline const std::string kAddI32Function = std::string(1, '\n').append(binaryI32Function("add"));
/// The start of a test module: a blank line, "module {" and @add.
inline const std::string kModuleWithAdd = "\nmodule {" + kAddI32Function;

#endif // ASCREG_UNITTESTS_JIT_PARSEDMODULE_H
