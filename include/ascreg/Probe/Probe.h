//===- Probe.h - hardware probes of the open semantic points ----*- C++ -*-===//
//
// One probe per open point of the semantics profile (Semantics/Profile.h):
// a small ascreg kernel whose outputs differ under every candidate of its
// point, the inputs that make them differ, and the machinery of the
// `ascreg-probe` tool (docs/probes.md):
//
//   Probes.cpp    the probe table (kernels and inputs)
//   Expected.cpp  a probe's output bytes under a profile (the interpreter)
//   Emit.cpp      the Ascend C programs, build.sh / run.sh, expected.json
//   Ingest.cpp    an NPU's result files -> profile.json
//   List.cpp      the `list` report
//
// The points, their candidates and what each changes come from the profile
// table (semantics::profilePoints); this library adds only the probes.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_PROBE_PROBE_H
#define ASCREG_PROBE_PROBE_H

#include "ascreg/Semantics/Profile.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ascreg {
namespace probe {

/// The element types probe buffers use (memrefs are signless).
enum class ProbeElem : uint8_t { I8, I16, I32, F16, F32 };
/// Bytes of one element.
unsigned elemBytes(ProbeElem e);
/// The MLIR spelling (`f16`) and the Ascend C scalar type (`half`).
const char *elemMlirName(ProbeElem e);
const char *elemCName(ProbeElem e);

/// One buffer parameter of a probe kernel: inputs first, then outputs.
struct ProbeBuffer {
  std::string name; ///< the kernel's parameter name
  ProbeElem elem;
  unsigned numElements; ///< a whole number of 256-byte registers
  bool isOutput;
  /// Inputs: the lane bits (low elemBytes bytes of each), lanes past the
  /// list take `fill`.
  std::vector<uint32_t> lanes;
  uint32_t fill = 0;

  unsigned bytes() const { return numElements * elemBytes(elem); }
  /// The input's bytes (little endian), numElements elements.
  std::vector<uint8_t> initialBytes() const;
};

/// The probe of one open point.
struct Probe {
  const char *point;   ///< the ProfilePoint key it discriminates
  const char *summary; ///< one line: what it computes
  /// `func.func @probe(...)` in the ascreg dialect, in a module with
  /// `ascreg.target = "dav-3510"`; buffers in the order of `buffers`.
  const char *kernel;
  /// The program calls the vector function directly instead of the emitted
  /// entry, which sets CTRL: the kernel runs in the CTRL state the NPU
  /// gives a kernel that never writes it (ctrl.float_mode).
  bool callsVectorFunctionDirectly;
  std::vector<ProbeBuffer> buffers;

  /// Bytes of the result file: the outputs, concatenated in order.
  unsigned resultBytes() const;
  /// File names in an emitted directory: `sum_rounding.asc` (the program)
  /// and `sum.rounding.bin` (its result file).
  std::string programFile() const;
  std::string resultFile() const;
};

/// All probes, one per profile point, in the profile table's order.
const std::vector<Probe> &probes();
/// The probe of point `key`, or null.
const Probe *findProbe(llvm::StringRef key);
/// The probes of `points` in order, each once (a point given twice is
/// probed once); every probe when `points` is empty.
std::vector<const Probe *> selectProbes(llvm::ArrayRef<const Probe *> points);

/// The probe's result bytes under `profile` (the interpreter runs the probe
/// kernel; the profile is the run's Options::profile, the kernel records
/// none). On failure returns false and says why in `error`.
bool computeResult(mlir::MLIRContext &ctx, const Probe &probe, const semantics::Profile &profile,
                   std::vector<uint8_t> &out, std::string &error);

/// The result under each candidate of the probe's point (candidate c in
/// element c; every other point documented). Fails, naming them, if two
/// candidates give the same bytes (the probe would not discriminate), or if
/// a non-documented candidate of another point changes the documented
/// result (the probe would not be about its point alone).
bool computeExpected(mlir::MLIRContext &ctx, const Probe &probe,
                     std::vector<std::vector<uint8_t>> &perCandidate, std::string &error);

/// The documented profile with point `key` set to candidate `c`.
semantics::Profile candidateProfile(const semantics::ProfilePoint &point, unsigned c);

/// Lower-case hex of `bytes`, in file order.
std::string toHex(llvm::ArrayRef<uint8_t> bytes);

/// A context with every dialect a probe kernel and its lowering need.
std::unique_ptr<mlir::MLIRContext> makeProbeContext();

/// `ascreg-probe list`: every point, its question, candidates and effects,
/// and its probe. `json` writes the same as JSON.
void printList(llvm::raw_ostream &os, bool json);

/// `ascreg-probe emit`: writes the programs of `points` (all when empty),
/// their kernels (`<stem>.mlir`), build.sh, build-host.sh, run.sh and
/// expected.json into `dir`.
bool emitProbes(mlir::MLIRContext &ctx, llvm::ArrayRef<const Probe *> points, llvm::StringRef dir,
                llvm::raw_ostream &log, std::string &error);
/// The complete Ascend C program of `probe` (exposed for tests).
bool emitProgram(mlir::MLIRContext &ctx, const Probe &probe, std::string &program,
                 std::string &error);

/// `ascreg-probe ingest`: reads `<resultsDir>/<point>.bin` for `points` (all
/// as selectProbes), matches each against its
/// candidates and writes the profile JSON to `profileOut` by the output-file
/// rule (ascreg/Support/OutputFile.h). Returns 0 when every point matched a
/// candidate, 1 when some did not (the file is still written, the unmatched
/// points are listed in it and on `log`), 2 on an error (a missing or
/// wrong-size file, `profileOut` naming a result file, a write error;
/// nothing is written).
int ingestResults(mlir::MLIRContext &ctx, llvm::ArrayRef<const Probe *> points,
                  llvm::StringRef resultsDir, llvm::StringRef profileOut, llvm::raw_ostream &log);

/// The tool version written into expected.json and profile.json.
const char *toolVersion();

} // namespace probe
} // namespace ascreg

#endif // ASCREG_PROBE_PROBE_H
