//===- Report.cpp - Kernel.report: the HTML report of a run ---------------===//
#include "Arguments.h"
#include "Debugging.h"
#include "Interrupt.h"

#include "ascreg/Report/Report.h"

namespace interp = ::ascreg::interp;

namespace ascreg_python {

void reportKernel(Kernel &k, const std::string &path, py::args args, py::object checks,
                  const std::vector<unsigned> &outputs,
                  const std::vector<unsigned> &uninitialized) {
  std::vector<BoundBuffer> buffers;
  std::vector<interp::Arg> engineArgs = bindArgs(k, args, &buffers);
  for (unsigned i : outputs)
    if (i < engineArgs.size())
      engineArgs[i].output = true;
  for (unsigned i : uninitialized)
    if (i < engineArgs.size())
      engineArgs[i].uninitialized = true;
  interp::Options io = k.interpOptions();
  if (!checks.is_none()) {
    std::string error;
    auto parsed = interp::CheckOptions::parse(py::str(checks).cast<std::string>(), error);
    if (!parsed)
      throw py::value_error("checks: " + error);
    io.checks = *parsed;
  }
  InterruptScope interrupt(k.cancel);
  std::optional<AscregError> error = withSessionLocked(*k.session, [&] {
    if (llvm::Error err = ::ascreg::report::reportRun(k.fn, engineArgs, io, path, k.sourceName))
      throwDiags(ErrorKind::Run, {}, llvm::toString(std::move(err)));
  });
  interrupt.raiseIfInterrupted();
  if (error)
    throw *error;
}

} // namespace ascreg_python
