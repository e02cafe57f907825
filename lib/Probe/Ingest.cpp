//===- Ingest.cpp - `ascreg-probe ingest`: NPU results -> profile.json ----===//
//
// Each result file is compared bit for bit with the outputs ascreg computes
// under each candidate of its point (computeExpected, the same computation
// as emit's expected.json). The profile written pins every matched point;
// a point no candidate reproduces is a new finding, listed with its
// observed bits and every candidate's, and left out of "choices" (so
// resolveProfile keeps the documented choice for it).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Probe/Probe.h"
#include "ascreg/Support/InputFile.h"
#include "ascreg/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace ascreg {
namespace probe {

namespace {

/// "bytes 0-1, 256-259": the byte ranges where `a` and `b` differ.
std::string differingBytes(llvm::ArrayRef<uint8_t> a, llvm::ArrayRef<uint8_t> b) {
  std::string s;
  unsigned ranges = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i])
      continue;
    size_t j = i;
    while (j + 1 < a.size() && a[j + 1] != b[j + 1])
      ++j;
    if (ranges++ == 8) {
      s += ", ...";
      break;
    }
    if (!s.empty())
      s += ", ";
    s += std::to_string(i);
    if (j > i) {
      s += '-';
      s += std::to_string(j);
    }
    i = j;
  }
  return s;
}

} // namespace

int ingestResults(mlir::MLIRContext &ctx, llvm::ArrayRef<const Probe *> points,
                  llvm::StringRef resultsDir, llvm::StringRef profileOut, llvm::raw_ostream &log) {
  std::vector<const Probe *> ps = selectProbes(points);

  // The profile never replaces a result file it reads (checked before
  // anything is read or written).
  OutputPlan plan;
  for (const Probe *p : ps) {
    llvm::SmallString<256> path(resultsDir);
    llvm::sys::path::append(path, p->resultFile());
    plan.addInput(path, "the result file of probe '" + std::string(p->point) + "' ('" +
                            path.str().str() + "')");
  }
  if (llvm::Error err = plan.addOutput(profileOut, "-o " + profileOut.str())) {
    log << "ingest: error: " << llvm::toString(std::move(err)) << "; no profile written\n";
    return 2;
  }

  // Read every file first: a missing or wrong-size file is an error, and
  // nothing is written then.
  std::vector<std::vector<uint8_t>> observed(ps.size());
  bool readErrors = false;
  for (size_t i = 0; i < ps.size(); ++i) {
    llvm::SmallString<256> path(resultsDir);
    llvm::sys::path::append(path, ps[i]->resultFile());
    // At most one byte more than the probe writes: a device or FIFO put in
    // a result's place (a /dev/zero node) was read until memory ran out.
    auto buffer = readFileAtMost(path, ps[i]->resultBytes() + 1);
    if (!buffer) {
      log << path << ": error: cannot read the result of probe '" << ps[i]->point
          << "': " << buffer.getError().message() << " (did " << ps[i]->programFile()
          << " run? run.sh writes every result file; --points=P,... ingests only those points)\n";
      readErrors = true;
      continue;
    }
    llvm::StringRef data = *buffer;
    if (data.size() != ps[i]->resultBytes()) {
      log << path << ": error: " << (data.size() > ps[i]->resultBytes() ? "more than " : "")
          << std::min<size_t>(data.size(), ps[i]->resultBytes()) << " bytes, but probe '"
          << ps[i]->point << "' writes " << ps[i]->resultBytes()
          << " (a truncated run or a result of another probe set; re-run run.sh)\n";
      readErrors = true;
      continue;
    }
    observed[i].assign(data.bytes_begin(), data.bytes_end());
  }
  if (readErrors) {
    log << "ingest: no profile written\n";
    return 2;
  }

  semantics::Profile profile = semantics::documentedProfile();
  llvm::json::Object choices, unmatched, observedJson;
  llvm::json::Array matched;
  unsigned numUnmatched = 0;
  for (size_t i = 0; i < ps.size(); ++i) {
    const Probe &probe = *ps[i];
    const semantics::ProfilePoint &point = *semantics::findProfilePoint(probe.point);
    std::vector<std::vector<uint8_t>> expected;
    std::string error;
    if (!computeExpected(ctx, probe, expected, error)) {
      log << "ingest: error: " << error << "\n";
      return 2;
    }
    observedJson[probe.point] = toHex(observed[i]);
    unsigned c = 0;
    while (c < point.numCandidates && expected[c] != observed[i])
      ++c;
    if (c < point.numCandidates) {
      point.set(profile, c);
      choices[probe.point] = point.candidates[c].name;
      matched.push_back(probe.point);
      log << probe.point << " = " << point.candidates[c].name
          << (c == 0 ? " (documented)" : " (NOT the documented choice)") << "\n";
      continue;
    }
    ++numUnmatched;
    llvm::json::Object perCandidate, differs;
    log << probe.point << ": NO candidate matches -- a new finding, please report it upstream "
        << "(docs/probes.md)\n"
        << "  observed:    " << toHex(observed[i]) << "\n";
    for (unsigned k = 0; k < point.numCandidates; ++k) {
      std::string d = differingBytes(observed[i], expected[k]);
      log << "  " << point.candidates[k].name << ": " << toHex(expected[k]) << "\n"
          << "    differs at bytes " << d << "\n";
      perCandidate[point.candidates[k].name] = toHex(expected[k]);
      differs[point.candidates[k].name] = d;
    }
    unmatched[probe.point] = llvm::json::Object{{"observed", toHex(observed[i])},
                                                {"expected", std::move(perCandidate)},
                                                {"differing_bytes", std::move(differs)}};
  }

  llvm::json::Object root{
      {"tool", toolVersion()},
      {"choices", std::move(choices)},
      {"profile", semantics::printProfile(profile)},
      {"matched", std::move(matched)},
      {"unmatched", std::move(unmatched)},
      {"observed", std::move(observedJson)},
      {"note", numUnmatched
                   ? "some points matched no candidate: they are not in \"choices\" (ascreg keeps "
                     "its documented choice for them) and are listed in \"unmatched\"; please "
                     "report them upstream (docs/probes.md)"
                   : "every probed point matched a candidate; `ascreg-run --semantics=<this "
                     "file>` reproduces this NPU"}};
  std::string text = llvm::formatv("{0:2}", llvm::json::Value(std::move(root))).str() + "\n";
  if (llvm::Error err = writeOutputFile(profileOut, text)) {
    log << "ingest: error: " << llvm::toString(std::move(err)) << "\n";
    return 2;
  }
  log << "wrote " << profileOut << ": " << (ps.size() - numUnmatched) << " of " << ps.size()
      << " points matched a candidate";
  if (numUnmatched)
    log << ", " << numUnmatched << " matched none (listed under \"unmatched\")";
  log << "; profile " << semantics::printProfile(profile) << "\n";
  return numUnmatched ? 1 : 0;
}

} // namespace probe
} // namespace ascreg
