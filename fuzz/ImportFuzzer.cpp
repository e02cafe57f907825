//===- ImportFuzzer.cpp - fuzz target: the C++ importer ---------*- C++ -*-===//
//
// Input: the C++ of a vector function (after `#include "kernel_operator.h"`,
// which the target adds). Oracles: ascreg-import rejects what it cannot
// translate with a located diagnostic, never a crash; an imported module
// verifies (the importer checks it) and its printed text parses and
// verifies again. Inputs with a preprocessor directive are skipped: an
// #include of /dev/stdin or a huge file would make the run about reading
// files, not about the importer.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "Frontend.h" // lib/Import: the importer in this process

#include <cstdint>
#include <string>

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384)
    return 0;
  llvm::StringRef body(reinterpret_cast<const char *>(data), size);
  if (body.contains('#') || body.contains('\0'))
    return 0;
  std::string text = "#include \"kernel_operator.h\"\n" + body.str();
  MLIRContext &ctx = ascreg_fuzz::context().get();
  OwningOpRef<ModuleOp> module =
      ascreg::import::importInProcess("fuzz.cpp", text, &ctx, {}, ASCREG_IMPORT_INCLUDE_DIR);
  if (!module)
    return 0;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  FUZZ_CHECK(ascreg_fuzz::parseKernel(printed, ctx),
             "an imported module prints as text that parses and verifies");
  return 0;
}
