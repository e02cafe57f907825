//===- Run.cpp - Kernel.run: interp, jit, or both compared ------*- C++ -*-===//
//
// A run in one of the driver's modes (ascreg/Driver/RunMode.h); check mode
// runs the JIT on copies of the inputs and compares by the driver's rule
// (ascreg/Driver/Compare.h), raising MismatchError with the first
// differing elements.
//
//===----------------------------------------------------------------------===//
#include "Arguments.h"
#include "Interrupt.h"

#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/RunMode.h"
#include "ascreg/Semantics/ElementFormat.h"

using namespace mlir;
namespace sem = ::ascreg::semantics;
namespace interp = ::ascreg::interp;
namespace driver = ::ascreg::driver;

namespace ascreg_python {

void Kernel::run(py::args args, const std::string &modeName) {
  std::optional<driver::RunMode> mode = driver::parseRunMode(modeName);
  if (!mode)
    throw py::value_error("mode must be 'interp', 'jit' or 'check', got '" + modeName + "'");
  std::vector<BoundBuffer> buffers;
  std::vector<interp::Arg> engineArgs = bindArgs(*this, args, &buffers);

  std::optional<AscregError> error;
  driver::CheckComparison cmp;
  ascreg_python::InterruptScope interrupt(cancel);
  error = withSessionLocked(*session, [&] {
    if (driver::runsJit(*mode))
      ensureJit();
    switch (*mode) {
    case driver::RunMode::Interp:
      if (failed(interpKernel->run(engineArgs)))
        throwDiags(ErrorKind::Run, session->takeDiags(), "the run failed");
      lastExecuted = interpKernel->executedInstructions();
      break;
    case driver::RunMode::Jit:
      if (failed(jitKernel->run(engineArgs)))
        throwDiags(ErrorKind::Run, session->takeDiags(), "the JIT run failed");
      break;
    case driver::RunMode::Check: {
      // The JIT runs on copies of the inputs, the interpreter (which
      // validates the inputs first) on the caller's arrays.
      std::vector<std::vector<uint8_t>> copies;
      std::vector<interp::Arg> jitArgs = engineArgs;
      std::vector<llvm::ArrayRef<uint8_t>> interpViews(params.size()), jitViews(params.size());
      copies.reserve(buffers.size());
      for (const BoundBuffer &b : buffers) {
        copies.emplace_back(b.data, b.data + b.bytes);
        jitArgs[b.param].data = copies.back().data();
        interpViews[b.param] = llvm::ArrayRef<uint8_t>(b.data, b.bytes);
        jitViews[b.param] = copies.back();
      }
      if (failed(interpKernel->run(engineArgs)))
        throwDiags(ErrorKind::Run, session->takeDiags(), "the run failed");
      lastExecuted = interpKernel->executedInstructions();
      if (failed(jitKernel->run(jitArgs))) {
        std::vector<DiagRecord> d = session->takeDiags();
        AscregError e{ErrorKind::Mismatch,
                      "the interpreter succeeded but the JIT failed:\n" +
                          joinErrors(d, "(no diagnostic)"),
                      std::move(d)};
        throw e;
      }
      cmp = driver::compareCheckRuns(fn, interpViews, jitViews, /*limit=*/64, nanOpen);
      break;
    }
    }
  });
  interrupt.raiseIfInterrupted();
  if (error)
    throw *error;
  if (uint64_t numMismatches = cmp.count) {
    std::vector<Mismatch> &mismatches = cmp.first;
    AscregError e{ErrorKind::Mismatch, ""};
    std::string msg = "interpreter and JIT differ in " + std::to_string(numMismatches) +
                      " element(s) of @" + entry + ":";
    for (size_t i = 0; i < mismatches.size() && i < 16; ++i) {
      const Mismatch &m = mismatches[i];
      const ParamInfo &p = params[m.argument];
      unsigned eb = p.bits / 8;
      uint64_t lanes = sem::kVLBytes / eb;
      msg += "\n  " + paramLabel(p) + " element " + std::to_string(m.element) + " (register " +
             std::to_string(m.element / lanes) + ", lane " + std::to_string(m.element % lanes) +
             "): interp " + sem::formatElement(p.number, m.expected) + ", jit " +
             sem::formatElement(p.number, m.actual);
    }
    if (numMismatches > 16)
      msg += "\n  ...";
    e.message = msg;
    e.mismatches = std::move(mismatches);
    e.numMismatches = numMismatches;
    throw e;
  }
}

} // namespace ascreg_python
