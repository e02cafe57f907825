//===- ascreg-probe.cpp - hardware probes of the open semantic points -----===//
//
//   ascreg-probe list [--json]
//   ascreg-probe emit POINT|all [POINT...] -o DIR
//   ascreg-probe ingest RESULTS [-o profile.json] [--points=P,...]
//
// The work is in lib/Probe (include/ascreg/Probe/Probe.h); docs/probes.md
// is the user guide.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Probe/Probe.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace ascreg::probe;

namespace {

const char *kUsage =
    "usage:\n"
    "  ascreg-probe list [--json]\n"
    "      the open semantic points, their candidates, what each changes, their probes\n"
    "  ascreg-probe emit POINT|all [POINT...] -o DIR\n"
    "      one Ascend C program per point (dav-3510), build.sh (bisheng), build-host.sh,\n"
    "      run.sh and expected.json (the output bits under every candidate)\n"
    "  ascreg-probe ingest RESULTS [-o profile.json] [--points=P,...]\n"
    "      match the result files run.sh wrote against the candidates and write the\n"
    "      profile (`ascreg-run --semantics=profile.json`); exit 1 if a point matches no\n"
    "      candidate (a new finding), 2 on a missing or wrong-size result file\n"
    "See docs/probes.md.\n";

int usageError(const std::string &message) {
  llvm::errs() << "ascreg-probe: " << message << "\n" << kUsage;
  return 2;
}

/// Resolves point names ("all" = every probe); false after reporting.
bool resolvePoints(llvm::ArrayRef<std::string> names, std::vector<const Probe *> &out) {
  for (const std::string &n : names) {
    if (n == "all") {
      out.clear();
      for (const Probe &p : probes())
        out.push_back(&p);
      return true;
    }
    const Probe *p = findProbe(n);
    if (!p) {
      llvm::errs() << "ascreg-probe: unknown point '" << n << "'; the points are:";
      for (const Probe &q : probes())
        llvm::errs() << " " << q.point;
      llvm::errs() << " (or all)\n";
      return false;
    }
    out.push_back(p);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return usageError("no command");
  std::string command = args[0];
  args.erase(args.begin());
  if (command == "--help" || command == "-h" || command == "help") {
    llvm::outs() << kUsage;
    return 0;
  }
  if (command == "--version") {
    llvm::outs() << toolVersion() << "\n";
    return 0;
  }

  // Options common to the commands: -o FILE|DIR, --points=..., --json.
  std::string outPath;
  bool json = false;
  std::vector<std::string> positional;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef a = args[i];
    if (a == "-o") {
      if (i + 1 == args.size())
        return usageError("-o needs a path");
      outPath = args[++i];
    } else if (a.consume_front("-o=") || a.consume_front("--output=")) {
      outPath = a.str();
    } else if (a == "--json") {
      json = true;
    } else if (a.consume_front("--points=")) {
      llvm::SmallVector<llvm::StringRef> parts;
      a.split(parts, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef p : parts)
        positional.push_back(p.str());
    } else if (a.starts_with("-")) {
      return usageError("unknown option '" + a.str() + "'");
    } else {
      positional.push_back(a.str());
    }
  }

  if (command == "list") {
    if (!positional.empty() || !outPath.empty())
      return usageError("list takes no arguments but --json");
    printList(llvm::outs(), json);
    return 0;
  }
  if (command == "emit") {
    if (positional.empty())
      return usageError("emit needs a point (or all)");
    if (outPath.empty())
      return usageError("emit needs -o DIR");
    std::vector<const Probe *> points;
    if (!resolvePoints(positional, points))
      return 2;
    auto ctx = makeProbeContext();
    std::string error;
    if (!emitProbes(*ctx, points, outPath, llvm::outs(), error)) {
      llvm::errs() << "ascreg-probe: error: " << error << "\n";
      return 1;
    }
    return 0;
  }
  if (command == "ingest") {
    if (positional.empty())
      return usageError("ingest needs the results directory");
    std::string results = positional[0];
    positional.erase(positional.begin());
    std::vector<const Probe *> points;
    if (!resolvePoints(positional, points))
      return 2;
    if (outPath.empty())
      outPath = "profile.json";
    auto ctx = makeProbeContext();
    return ingestResults(*ctx, points, results, outPath, llvm::outs());
  }
  return usageError("unknown command '" + command + "'");
}
