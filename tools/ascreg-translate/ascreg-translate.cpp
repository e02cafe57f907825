//===- ascreg-translate.cpp - ascreg translations ---------------*- C++ -*-===//
//
// mlirTranslateMain with
//   --ascreg-to-ascendc  an ascreg (or already dav-lowered) kernel to Ascend C
//                        source: convert-ascreg-to-dav, canonicalize + cse,
//                        convert-dav-to-emitc, then EmitC's C++ emitter;
//   --mlir-to-cpp        upstream: print an EmitC module as C++.
// The output compiles for the NPU with the vendor toolchain, and on the host
// with include/ascreg/AscendC/HostIntrinsics.h (docs/dav3510.md).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Conversion/Passes.h"
#include "ascreg/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

using namespace mlir;

int main(int argc, char **argv) {
  registerToCppTranslation();
  TranslateFromMLIRRegistration toAscendC(
      "ascreg-to-ascendc", "translate an ascreg kernel to Ascend C (dav-3510 intrinsics)",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        return ascreg::translateToAscendC(module, os);
      },
      [](DialectRegistry &registry) { ::ascreg::registerAllDialects(registry); });
  return failed(mlirTranslateMain(argc, argv, "ascreg translation driver (dav-3510 Ascend C)"));
}
