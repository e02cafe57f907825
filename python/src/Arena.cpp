//===- Arena.cpp - Kernel.arena_arrays: numpy views of the UB ---*- C++ -*-===//
//
// Arrays whose memory is the kernel's modelled Unified Buffer at the
// addresses where a run places its buffers (placeArguments of the
// interpreter or the JIT): passed back to run(), they are bound in place
// and nothing is copied into UB or back. Every other array still takes the
// engine's checked copy, and the engine refuses an array of the arena that
// is not at its own buffer's address. Each array keeps the Kernel alive.
//
//===----------------------------------------------------------------------===//
#include "Arguments.h"

#include "ascreg/Driver/RunMode.h"

#include <pybind11/numpy.h>

namespace driver = ::ascreg::driver;

namespace ascreg_python {

py::list arenaArrays(py::handle owner, Kernel &k, py::object sizes, const std::string &modeName) {
  std::optional<driver::RunMode> mode = driver::parseRunMode(modeName);
  if (!mode)
    throw py::value_error("mode must be 'interp', 'jit' or 'check', got '" + modeName + "'");
  std::vector<const ParamInfo *> buffers;
  for (const ParamInfo &p : k.params)
    if (p.isBuffer) {
      if (acceptedDtypes(p).empty())
        argError(&p, paramLabel(p) + ": element type not supported by the Python bindings");
      buffers.push_back(&p);
    }
  std::vector<uint64_t> counts;
  if (sizes.is_none()) {
    for (const ParamInfo *p : buffers) {
      if (p->size < 0)
        argError(p, paramLabel(*p) + " has no static size: pass sizes=[...], one count per "
                                     "buffer parameter");
      counts.push_back(static_cast<uint64_t>(p->size));
    }
  } else {
    if (py::isinstance<py::str>(sizes) || !py::hasattr(sizes, "__iter__"))
      argError(nullptr, "sizes must be a sequence of element counts, one per buffer parameter");
    for (py::handle s : sizes)
      counts.push_back(indexValue(s, "an element count", ::ascreg::semantics::kMaxUBCapacity + 1));
    if (counts.size() != buffers.size())
      argError(nullptr, "@" + k.entry + " has " + std::to_string(buffers.size()) +
                            " buffer parameters, got " + std::to_string(counts.size()) + " sizes");
    for (size_t i = 0; i < buffers.size(); ++i)
      if (buffers[i]->size >= 0 && static_cast<uint64_t>(buffers[i]->size) != counts[i])
        argError(buffers[i], paramLabel(*buffers[i]) + " needs " +
                                 std::to_string(buffers[i]->size) + " elements, got a size of " +
                                 std::to_string(counts[i]));
  }

  std::vector<void *> places;
  std::optional<AscregError> error = withSessionLocked(*k.session, [&] {
    // Check mode runs the interpreter on the caller's arrays (the JIT on
    // copies): its arena is the interpreter's.
    if (*mode == driver::RunMode::Jit)
      k.ensureJit();
    driver::RunMode path =
        *mode == driver::RunMode::Jit ? driver::RunMode::Jit : driver::RunMode::Interp;
    auto placed = k.compiled.placeArguments(path, counts);
    if (mlir::failed(placed))
      throwDiags(ErrorKind::Argument, k.session->takeDiags(), "the buffers do not fit in UB");
    places = std::move(*placed);
  });
  if (error)
    throw *error;

  py::list out;
  for (size_t i = 0; i < buffers.size(); ++i) {
    py::dtype dt(acceptedDtypes(*buffers[i]).front());
    out.append(py::array(dt, {static_cast<py::ssize_t>(counts[i])}, places[i], owner));
  }
  return out;
}

} // namespace ascreg_python
