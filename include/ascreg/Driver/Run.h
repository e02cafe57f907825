//===- Run.h - the corridor from kernel source to result --------*- C++ -*-===//
//
// What ascreg-run does, as a library: load the kernel (Session.h), apply
// the profile, run the pipeline, bind the arguments (Arguments.h), run in a
// RunMode with the debugging checks, compare in check mode, explain,
// bisect, write the outputs and the report. ascreg-run maps its command
// line onto a RunRequest and returns runKernel's exit code; every message
// and result goes to the given streams (docs/semantics.md section 8a).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DRIVER_RUN_H
#define ASCREG_DRIVER_RUN_H

#include "ascreg/Driver/RunMode.h"
#include "ascreg/Semantics/UnifiedBuffer.h"

#include "llvm/Support/raw_ostream.h"

#include "ascreg/Import/Import.h"

#include <optional>
#include <string>
#include <vector>

namespace ascreg {
namespace driver {

/// One run as ascreg-run's options describe it (their names in brackets).
struct RunRequest {
  std::string input = "-";      // the kernel file (positional)
  std::string entry = "kernel"; // [--entry]
  bool entryGiven = false;      // --entry was given
  ImportOptions cxx;            // [--function] [-I] [-D]: a C++ kernel (docs/import.md)
  RunMode mode = RunMode::Interp;
  bool modeGiven = false;             // --mode was given
  std::vector<std::string> args;      // [--arg] FILE.npy[:uninit] | TYPE:VALUE
  std::vector<std::string> outs;      // [--out] I:FILE.npy
  bool print = false;                 // [--print]
  bool trace = false;                 // [--trace]
  std::optional<uint64_t> ubCapacity; // [--ub-capacity], else kDefaultUBCapacity
  unsigned repeat = 0;                // [--repeat]
  bool jitRuntimeChecks = true;       // ![--jit-no-checks]
  unsigned jitOptLevel = 2;           // [--jit-opt]
  /// [--jit-cache]: the JIT cache directory, "" for none; unset: jit::defaultCacheDir().
  std::optional<std::string> jitCache;
  /// [--jit-cache-size]: the cache's size limit (jit::parseCacheSize); unset:
  /// jit::defaultCacheLimit().
  std::optional<std::string> jitCacheSize;
  std::string pipeline;                  // [--pass-pipeline]
  std::string checks;                    // [--check]
  bool checkWarn = false;                // [--check-warn]
  unsigned checkLimit = 100;             // [--check-limit]
  std::vector<std::string> explain;      // [--explain] I:E[,E|E-F...]
  unsigned explainDepth = 4;             // [--explain-depth]
  std::string bisectPipeline;            // [--bisect-pipeline]
  std::vector<std::string> passPlugins;  // [--load-pass-plugin] (already loaded)
  std::string report;                    // [--report]
  std::string perturbJit;                // [--test-perturb-jit] I:E
  std::string profile;                   // [--semantics]
  uint64_t maxSteps = uint64_t(1) << 32; // [--max-steps]
};

/// Runs `request`: results on `out`, errors (one message each, with a
/// source location or the offending option) on `err`. Returns the exit
/// code: 0, or 1 on an error, a check-mode mismatch or a finding.
int runKernel(const RunRequest &request, llvm::raw_ostream &out = llvm::outs(),
              llvm::raw_ostream &err = llvm::errs());

} // namespace driver
} // namespace ascreg

#endif // ASCREG_DRIVER_RUN_H
