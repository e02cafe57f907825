//===- Expected.cpp - a probe's outputs under each candidate --------------===//
//
// The expected bits are ascreg's own: the interpreter runs the probe kernel
// (prepared by the driver's step, driver::PreparedKernel) with the
// candidate's profile as the run's profile (the kernel records none), every
// other point documented.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Prepare.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/Probe/Probe.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"

namespace ascreg {
namespace probe {

std::unique_ptr<mlir::MLIRContext> makeProbeContext() {
  driver::SessionOptions options;
  options.loadAllDialects = true;
  return driver::makeContext(options);
}

semantics::Profile candidateProfile(const semantics::ProfilePoint &point, unsigned c) {
  semantics::Profile p = semantics::documentedProfile();
  point.set(p, c);
  return p;
}

std::string toHex(llvm::ArrayRef<uint8_t> bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    s += digits[b >> 4];
    s += digits[b & 15];
  }
  return s;
}

bool computeResult(mlir::MLIRContext &ctx, const Probe &probe, const semantics::Profile &profile,
                   std::vector<uint8_t> &out, std::string &error) {
  // Diagnostics of the parse / compile / run end up in `error`.
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return mlir::success();
  });
  auto fail = [&](const std::string &what) {
    error = std::string("probe '") + probe.point + "': " + what +
            (diagnostics.empty() ? "" : ": " + diagnostics);
    return false;
  };
  driver::LoadFailure failure;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      driver::parseKernelText(ctx, probe.kernel, probe.point, failure);
  if (!module)
    return fail("the probe kernel does not parse");
  auto fn = module->lookupSymbol<mlir::func::FuncOp>("probe");
  if (!fn)
    return fail("the probe kernel has no @probe");
  // The emitted entry sets the kernel's CTRL state (kernelCtrl: the
  // documented one, the module records no profile) around the vector
  // function; only a probe that calls the vector function directly runs in
  // the CTRL state of the profile (ctrl.float_mode).
  semantics::Profile run = profile;
  if (!probe.callsVectorFunctionDirectly)
    run.ctrl = kernelCtrl(fn);
  driver::PrepareOptions options;
  options.setProfile(run);
  auto kernel = driver::PreparedKernel::prepare(*module, "probe", driver::RunMode::Interp, options);
  if (mlir::failed(kernel))
    return fail("the interpreter does not compile the probe kernel");
  std::vector<std::vector<uint8_t>> data;
  for (const ProbeBuffer &b : probe.buffers)
    data.push_back(b.isOutput ? std::vector<uint8_t>(b.bytes(), 0) : b.initialBytes());
  std::vector<interp::Arg> args;
  for (size_t i = 0; i < probe.buffers.size(); ++i)
    args.push_back(interp::Arg::buffer(data[i].data(), probe.buffers[i].numElements));
  if (mlir::failed(kernel->run(driver::RunMode::Interp, args)))
    return fail("the probe kernel failed in the interpreter");
  out.clear();
  for (size_t i = 0; i < probe.buffers.size(); ++i)
    if (probe.buffers[i].isOutput)
      out.insert(out.end(), data[i].begin(), data[i].end());
  return true;
}

bool computeExpected(mlir::MLIRContext &ctx, const Probe &probe,
                     std::vector<std::vector<uint8_t>> &perCandidate, std::string &error) {
  const semantics::ProfilePoint *point = semantics::findProfilePoint(probe.point);
  if (!point) {
    error = std::string("probe '") + probe.point + "' names no point of the profile table";
    return false;
  }
  perCandidate.assign(point->numCandidates, {});
  for (unsigned c = 0; c < point->numCandidates; ++c)
    if (!computeResult(ctx, probe, candidateProfile(*point, c), perCandidate[c], error))
      return false;
  // The bits must depend on this point only: whatever the NPU chose at
  // another point, each candidate of this one must give its own bits, or an
  // ingest that combines several non-documented choices matches nothing.
  unsigned count = 0;
  const semantics::ProfilePoint *all = semantics::profilePoints(count);
  for (unsigned c = 0; c < point->numCandidates; ++c)
    for (unsigned q = 0; q < count; ++q) {
      if (&all[q] == point)
        continue;
      for (unsigned o = 0; o < all[q].numCandidates; ++o) {
        semantics::Profile combined = candidateProfile(all[q], o);
        point->set(combined, c);
        std::vector<uint8_t> other;
        if (!computeResult(ctx, probe, combined, other, error))
          return false;
        if (other != perCandidate[c]) {
          error = std::string("probe '") + probe.point + "' depends on another point: with " +
                  probe.point + "=" + point->candidates[c].name + " under " + all[q].key + "=" +
                  all[q].candidates[o].name + " it gives " + toHex(other) + " instead of " +
                  toHex(perCandidate[c]);
          return false;
        }
      }
    }
  // A probe whose candidates coincide cannot tell them apart on the NPU.
  for (unsigned a = 0; a < point->numCandidates; ++a)
    for (unsigned b = a + 1; b < point->numCandidates; ++b)
      if (perCandidate[a] == perCandidate[b]) {
        error = std::string("probe '") + probe.point + "' does not discriminate: candidates '" +
                point->candidates[a].name + "' and '" + point->candidates[b].name +
                "' give the same output bits (" + toHex(perCandidate[a]) + ")";
        return false;
      }
  return true;
}

} // namespace probe
} // namespace ascreg
