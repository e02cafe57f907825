//===- Bisect.cpp - Kernel.bisect: the pass that changed a result ---------===//
#include "Arguments.h"
#include "Debugging.h"
#include "Interrupt.h"

#include "ascreg/Debugging/PassPlugins.h"
#include "ascreg/Driver/Bisect.h"

#include <set>

using namespace mlir;
namespace interp = ::ascreg::interp;

namespace ascreg_python {

py::object bisectKernel(Kernel &k, const std::string &pipeline, py::args args,
                        const std::vector<std::string> &plugins) {
  std::vector<BoundBuffer> buffers;
  std::vector<interp::Arg> engineArgs = bindArgs(k, args, &buffers);
  std::vector<::ascreg::driver::KernelInput> inputs(engineArgs.size());
  for (size_t i = 0; i < engineArgs.size(); ++i) {
    inputs[i].isBuffer = engineArgs[i].isBuffer;
    inputs[i].bits = engineArgs[i].bits;
    inputs[i].numElements = engineArgs[i].numElements;
  }
  for (const BoundBuffer &b : buffers)
    inputs[b.param].bytes.assign(b.data, b.data + b.bytes);
  ::ascreg::driver::BisectOptions options;
  options.entry = k.entry;
  options.prepare.setUBCapacity(k.options.ubCapacity);
  options.prepare.interp.maxSteps = k.options.maxSteps;
  options.prepare.jit.optLevel = static_cast<unsigned>(k.options.jitOpt);
  options.prepare.interp.cancel = &k.cancel;
  options.prepare.jit.interruptible = true;
  options.prepare.jit.cancel = &k.cancel;
  std::optional<AscregError> error;
  ::ascreg::driver::BisectResult result;
  ascreg_python::InterruptScope interrupt(k.cancel);
  error = withSessionLocked(*k.session, [&] {
    static std::set<std::string> loaded;
    for (const std::string &path : plugins) {
      if (loaded.count(path))
        continue;
      if (llvm::Error err = ::ascreg::debugging::loadPassPlugin(path))
        throw AscregError{ErrorKind::Pass,
                          "cannot load the pass plugin " + path + ": " +
                              llvm::toString(std::move(err)),
                          {}};
      loaded.insert(path);
    }
    // Moved out of the FailureOr rather than assigned to a disengaged
    // one, which GCC 12 misreports as reading uninitialized members.
    FailureOr<::ascreg::driver::BisectResult> bisected =
        ::ascreg::driver::bisectPipeline(*k.module, pipeline, inputs, options);
    if (failed(bisected))
      throwDiags(ErrorKind::Pass, k.session->takeDiags(), "the bisection failed");
    k.session->takeDiags();
    result = std::move(*bisected);
  });
  interrupt.raiseIfInterrupted();
  if (error)
    throw *error;
  py::object mod = py::module_::import("ascreg.debugging");
  py::list stages;
  for (const ::ascreg::driver::BisectStage &st : result.stages) {
    py::list diffs;
    for (const ::ascreg::driver::Mismatch &d : st.diff.first)
      diffs.append(py::make_tuple(d.argument, d.element, d.expected, d.actual));
    stages.append(mod.attr("BisectStage")(
        st.pass.empty() ? py::object(py::none()) : py::object(py::str(st.pass)),
        ::ascreg::driver::executorName(st.executor), st.fallbackReason, st.runFailed,
        lossyStr(st.failure), st.diff.count, diffs, st.cannotRun, lossyStr(st.note)));
  }
  py::object first =
      result.firstDiffering ? py::object(py::int_(*result.firstDiffering)) : py::object(py::none());
  return mod.attr("BisectResult")(stages, first);
}

} // namespace ascreg_python
