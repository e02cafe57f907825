//===- InitAll.cpp - register everything ascreg tools use -------*- C++ -*-===//
#include "ascreg/InitAll.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void ascreg::registerAllDialects(mlir::DialectRegistry &registry) {
  registry
      .insert<ascreg::AscRegDialect, ascreg::dav::DavDialect, mlir::arith::ArithDialect,
              mlir::cf::ControlFlowDialect, mlir::emitc::EmitCDialect, mlir::func::FuncDialect,
              mlir::index::IndexDialect, mlir::LLVM::LLVMDialect, mlir::math::MathDialect,
              mlir::memref::MemRefDialect, mlir::scf::SCFDialect, mlir::vector::VectorDialect>();
  // ConvertToLLVM interfaces, inliner interfaces, etc. of the upstream dialects.
  mlir::registerAllExtensions(registry);
}

void ascreg::registerAllPasses() {
  mlir::registerAllPasses();
  ascreg::registerConversionPasses();
}
