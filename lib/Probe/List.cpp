//===- List.cpp - `ascreg-probe list` -------------------------------------===//
//
// Everything but the probe line comes from the profile table
// (semantics::profilePoints), the one place the points are written down.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Probe/Probe.h"

#include "llvm/Support/JSON.h"

namespace ascreg {
namespace probe {

void printList(llvm::raw_ostream &os, bool json) {
  unsigned count = 0;
  const semantics::ProfilePoint *points = semantics::profilePoints(count);
  if (json) {
    llvm::json::Array list;
    for (unsigned i = 0; i < count; ++i) {
      const semantics::ProfilePoint &p = points[i];
      llvm::json::Array candidates;
      for (unsigned c = 0; c < p.numCandidates; ++c)
        candidates.push_back(llvm::json::Object{{"name", p.candidates[c].name},
                                                {"effect", p.candidates[c].effect},
                                                {"documented", c == 0}});
      llvm::json::Object entry{{"key", p.key},
                               {"open_point", p.openPoint},
                               {"question", p.question},
                               {"affects", p.affects},
                               {"candidates", std::move(candidates)}};
      if (const Probe *probe = findProbe(p.key)) {
        entry["probe"] = probe->programFile();
        entry["probe_summary"] = probe->summary;
        entry["result_file"] = probe->resultFile();
      }
      list.push_back(std::move(entry));
    }
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(list))) << "\n";
    return;
  }
  os << count << " open points (docs/semantics.md sections 8 and 10.10); * marks the documented "
     << "candidate.\n";
  for (unsigned i = 0; i < count; ++i) {
    const semantics::ProfilePoint &p = points[i];
    os << "\n" << p.key << " (" << p.openPoint << "): " << p.question << "\n";
    os << "  affects: " << p.affects << "\n";
    for (unsigned c = 0; c < p.numCandidates; ++c)
      os << "  " << (c == 0 ? "* " : "  ") << p.candidates[c].name << ": " << p.candidates[c].effect
         << "\n";
    if (const Probe *probe = findProbe(p.key))
      os << "  probe: " << probe->programFile() << " -> " << probe->resultFile() << ": "
         << probe->summary << "\n";
    else
      os << "  probe: none\n";
  }
}

} // namespace probe
} // namespace ascreg
