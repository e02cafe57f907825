//===- InitRun.cpp - register what running a kernel needs -------*- C++ -*-===//
//
// The one list of what ascreg-run registers (InitAll.h). Whatever is not
// named here stays out of a statically linked ascreg-run: the linker takes
// only the archive members this file reaches, and each upstream library
// carries static initializers (LLVM targets, command-line options) that
// every run would pay for (cmake/StaticLLVM.cmake).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/Dav/IR/DavOps.h"
#include "ascreg/InitAll.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void ascreg::registerRunDialects(mlir::DialectRegistry &registry) {
  using namespace mlir;
  registry
      .insert<AscRegDialect, dav::DavDialect, arith::ArithDialect, cf::ControlFlowDialect,
              emitc::EmitCDialect, func::FuncDialect, index::IndexDialect, LLVM::LLVMDialect,
              math::MathDialect, memref::MemRefDialect, scf::SCFDialect, vector::VectorDialect>();
  // convert-to-llvm asks every loaded dialect for its interface (ub is
  // loaded with arith); a dialect that promised one aborts the run without.
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
  // The inline pass (registerTransformsPasses) on func.call.
  func::registerInlinerExtension(registry);
}

void ascreg::registerRunPasses() {
  using namespace mlir;
  // canonicalize, cse, inline, symbol-dce, ... (MLIR's own transformations).
  registerTransformsPasses();
  // The passes of buildLowerToLLVMPipeline, spelt out for bisection and
  // hand-written lowerings.
  registerConvertVectorToSCF();
  registerSCFToControlFlowPass();
  registerConvertVectorToLLVMPass();
  memref::registerExpandStridedMetadataPass();
  registerFinalizeMemRefToLLVMConversionPass();
  registerConvertFuncToLLVMPass();
  registerArithToLLVMConversionPass();
  registerConvertMathToLLVMPass();
  registerConvertIndexToLLVMPass();
  registerConvertControlFlowToLLVMPass();
  registerReconcileUnrealizedCastsPass();
  registerConvertToLLVMPass();
  ascreg::registerConversionPasses();
}
