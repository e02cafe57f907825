//===- Report.cpp - Kernel.report: the HTML report of a run ---------------===//
#include "Arguments.h"
#include "Debugging.h"
#include "Interrupt.h"

#include "ascreg/Driver/Report.h"

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
  ::ascreg::driver::PrepareOptions options = k.prepareOptions();
  if (!checks.is_none())
    if (llvm::Error e = options.setChecks(py::str(checks).cast<std::string>()))
      throw py::value_error("checks: " + llvm::toString(std::move(e)));
  InterruptScope interrupt(k.cancel);
  std::optional<AscregError> error = withSessionLocked(*k.session, [&] {
    if (llvm::Error err =
            ::ascreg::driver::reportRun(k.fn, engineArgs, options, path, k.sourceName))
      throwDiags(ErrorKind::Run, {}, llvm::toString(std::move(err)));
  });
  interrupt.raiseIfInterrupted();
  if (error)
    throw *error;
}

} // namespace ascreg_python
