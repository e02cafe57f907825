//===- OptionsFuzzer.cpp - fuzz target: profiles and pass pipelines -*- C++ -*-===//
//
// Input: a selector byte, then text: the option texts that configure a run.
//   0: a semantic-profile spelling (--semantics=key=candidate,...);
//   1: a semantic-profile JSON file (--semantics=FILE, ascreg-probe ingest);
//   2: a pass pipeline (--pass-pipeline, --bisect-pipeline, Python).
// Oracles: no crash on any text (the JSON and pipeline parsers recurse, so
// this is what ParseLimits.h's JSON and pipeline limits are for); an
// accepted profile prints (printProfile) as a spelling, and as a JSON file,
// that read back to the same profile; a pipeline within the limits that the
// splitter of --bisect-pipeline accepts parses stage by stage as it does.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Pipeline.h"
#include "ascreg/InitAll.h"
#include "ascreg/Semantics/Profile.h"
#include "ascreg/Support/ParseLimits.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>

using namespace mlir;
namespace sem = ascreg::semantics;

namespace {

/// `p` as the JSON file `ascreg-probe ingest` writes.
std::string profileJson(const sem::Profile &p) {
  llvm::json::Object choices;
  unsigned n = 0;
  const sem::ProfilePoint *points = sem::profilePoints(n);
  for (unsigned i = 0; i < n; ++i)
    if (unsigned c = points[i].get(p))
      choices[points[i].key] = points[i].candidates[c].name;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::json::Value(llvm::json::Object{{"choices", std::move(choices)}});
  return s;
}

void checkPrintsBack(const sem::Profile &p) {
  sem::Profile back;
  std::string error;
  FUZZ_CHECK(sem::parseProfile(sem::printProfile(p), back, error) && back == p,
             "an accepted profile's spelling reads back to it");
  FUZZ_CHECK(succeeded(ascreg::parseProfileJson("fuzz", profileJson(p), back, error)) && back == p,
             "an accepted profile's JSON file reads back to it");
}

void fuzzPipeline(llvm::StringRef text) {
  static bool registered = (ascreg::registerAllPasses(), true);
  (void)registered;
  std::string error;
  if (failed(ascreg::checkPipelineLimits(text, error)))
    return;
  llvm::raw_null_ostream errs;
  (void)parsePassPipeline(text, errs);
  // As the front doors read it (ascreg/Driver/Pipeline.h's anchoring rule).
  (void)ascreg::driver::parsePipeline(text, error);
  // As --bisect-pipeline: split, then each stage alone.
  auto stages = ascreg::driver::splitPipeline(text, error);
  if (failed(stages))
    return;
  for (const std::string &stage : *stages)
    (void)ascreg::driver::parsePipeline(stage, error);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > ascreg_fuzz::kMaxKernelBytes)
    return 0;
  llvm::StringRef text(reinterpret_cast<const char *>(data) + 1, size - 1);
  sem::Profile p;
  std::string error;
  switch (data[0] % 3) {
  case 0:
    if (sem::parseProfile(text, p, error))
      checkPrintsBack(p);
    break;
  case 1:
    if (succeeded(ascreg::parseProfileJson("fuzz", text, p, error)))
      checkPrintsBack(p);
    break;
  default:
    fuzzPipeline(text);
  }
  return 0;
}
