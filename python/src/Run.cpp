//===- Run.cpp - Kernel.run: interp, jit, or both compared ------*- C++ -*-===//
//
// A run in one of the driver's modes (ascreg/Driver/RunMode.h) on the
// arrays bound in place; check mode is the driver's checkInPlace (the JIT
// on copies of the inputs, ascreg/Driver/Compare.h), raising MismatchError
// with the first differing elements.
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
      if (failed(compiled.run(*mode, engineArgs)))
        throwDiags(ErrorKind::Run, session->takeDiags(), "the run failed");
      lastExecuted = compiled.interpreter()->executedInstructions();
      break;
    case driver::RunMode::Jit:
      if (failed(compiled.run(*mode, engineArgs)))
        throwDiags(ErrorKind::Run, session->takeDiags(), "the JIT run failed");
      break;
    case driver::RunMode::Check: {
      driver::InPlaceCheck check =
          driver::checkInPlace(compiled, fn, engineArgs, /*limit=*/64, nanOpen);
      if (check.failure == driver::InPlaceCheck::Failure::Interpreter)
        throwDiags(ErrorKind::Run, session->takeDiags(), "the run failed");
      lastExecuted = compiled.interpreter()->executedInstructions();
      if (check.failure == driver::InPlaceCheck::Failure::Jit) {
        std::vector<DiagRecord> d = session->takeDiags();
        AscregError e{ErrorKind::Mismatch,
                      "the interpreter succeeded but the JIT failed:\n" +
                          joinErrors(d, "(no diagnostic)"),
                      std::move(d)};
        throw e;
      }
      cmp = std::move(check.comparison);
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
