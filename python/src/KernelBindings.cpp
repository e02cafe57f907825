//===- KernelBindings.cpp - ascreg.Kernel, Param, load_file -----*- C++ -*-===//
//
// The Python surface of a kernel: each method hands its work to the area
// that does it (Run.cpp, Debugging.cpp, Bisect.cpp, Report.cpp, Kernel.cpp).
//
//===----------------------------------------------------------------------===//
#include "Arguments.h"
#include "Debugging.h"
#include "Kernel.h"

#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Semantics/Profile.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace sem = ::ascreg::semantics;

namespace ascreg_python {

void populateKernelBindings(py::module_ &m) {
  py::class_<KernelOptions>(m, "_Options")
      .def(py::init<>())
      .def_readwrite("ub_capacity", &KernelOptions::ubCapacity)
      .def_readwrite("max_steps", &KernelOptions::maxSteps)
      .def_readwrite("jit_checks", &KernelOptions::jitChecks)
      .def_readwrite("jit_opt", &KernelOptions::jitOpt)
      .def_readwrite("semantics", &KernelOptions::semantics)
      .def_property(
          "cxx_function", [](const KernelOptions &o) { return o.cxx.function; },
          [](KernelOptions &o, std::string f) { o.cxx.function = std::move(f); })
      .def_property(
          "cxx_defines", [](const KernelOptions &o) { return o.cxx.defines; },
          [](KernelOptions &o, std::vector<std::string> d) { o.cxx.defines = std::move(d); })
      .def_property(
          "cxx_include_dirs", [](const KernelOptions &o) { return o.cxx.includeDirs; },
          [](KernelOptions &o, std::vector<std::string> d) { o.cxx.includeDirs = std::move(d); });

  py::class_<ParamInfo>(m, "Param", "A parameter of the entry function.")
      .def_readonly("index", &ParamInfo::index, "Position in the signature.")
      .def_readonly("name", &ParamInfo::name, "SSA name in the source, e.g. '%src'.")
      .def_readonly("type", &ParamInfo::type, "MLIR type, e.g. 'memref<?xf32>'.")
      .def_readonly("is_buffer", &ParamInfo::isBuffer, "A memref (numpy array) parameter.")
      .def_readonly("element", &ParamInfo::token,
                    "Element type (buffers) or type (scalars): 'f32', 'bf16', 'i32', 'u8', "
                    "'index', ...")
      .def_property_readonly(
          "size",
          [](const ParamInfo &p) -> py::object {
            return p.size >= 0 ? py::object(py::int_(p.size)) : py::object(py::none());
          },
          "Static element count of a memref<Nx...>, None if dynamic or a scalar.")
      .def_property_readonly(
          "dtypes",
          [](const ParamInfo &p) {
            py::list l;
            if (p.isBuffer)
              for (const std::string &d : acceptedDtypes(p))
                l.append(py::dtype(d));
            return py::tuple(l);
          },
          "numpy dtypes a buffer parameter accepts (preferred first); () for scalars.")
      .def_readonly("nan_payload_unspecified", &ParamInfo::nanPayloadUnspecified,
                    "A float buffer that a NaN with an unspecified payload (made by an addition) "
                    "may reach: path comparisons take two NaNs as equal here, and compare every "
                    "other buffer bit for bit (docs/semantics.md section 4).")
      .def_property_readonly(
          "location",
          [](const ParamInfo &p) -> py::object {
            if (p.file.empty())
              return py::none();
            return py::make_tuple(lossyStr(p.file), p.line, p.column);
          },
          "(file, line, column) of the parameter in the source, or None.")
      .def("__repr__", [](const ParamInfo &p) {
        return "<ascreg.Param " + std::to_string(p.index) + " " + p.name + ": " + p.type + ">";
      });

  py::class_<Kernel>(m, "Kernel", py::dynamic_attr(),
                     "A kernel: parsed, verified, lowered by its pipeline and compiled for the "
                     "interpreter (the JIT compiles on first use). Create with ascreg.load or "
                     "ascreg.loads.")
      .def(
          "run", [](Kernel &k, py::args args, const std::string &mode) { k.run(args, mode); },
          py::arg("mode") = "interp",
          "run(*args, mode='interp'): run the entry on numpy arrays (bound in place) and "
          "Python scalars, in parameter order. mode: 'interp', 'jit' or 'check'.")
      .def(
          "__call__", [](Kernel &k, py::args args, const std::string &mode) { k.run(args, mode); },
          py::arg("mode") = "interp")
      .def(
          "arena_arrays",
          [](py::object self, py::object sizes, const std::string &mode) {
            return arenaArrays(self, self.cast<Kernel &>(), sizes, mode);
          },
          py::arg("sizes") = py::none(), py::arg("mode") = "interp",
          "arena_arrays(sizes=None, mode='interp'): one numpy array per buffer parameter "
          "whose memory is the kernel's Unified Buffer at the address a run gives that "
          "buffer (sizes: element counts, default the static ones; mode 'jit' for the JIT's "
          "UB). Passed to run() in the same mode, they are bound in place: no copy into UB "
          "and back. docs/python.md.")
      .def(
          "bisect",
          [](Kernel &k, const std::string &pipeline, py::args args, py::object plugins) {
            std::vector<std::string> paths;
            if (!plugins.is_none()) {
              if (py::isinstance<py::str>(plugins) || py::isinstance<py::bytes>(plugins) ||
                  !py::hasattr(plugins, "__iter__"))
                throw py::type_error("plugins= takes a list of paths");
              for (py::handle p : plugins)
                paths.push_back(fsPath(p));
            }
            return bisectKernel(k, pipeline, args, paths);
          },
          py::arg("pipeline"), py::kw_only(), py::arg("plugins") = py::none(),
          "Runs the kernel on the same arguments before `pipeline` and after each of its passes "
          "and compares every buffer bit for bit (docs/debugging.md); returns an "
          "ascreg.debugging.BisectResult. `plugins`: pass plugin libraries to load first.")
      .def(
          "debug",
          [](Kernel &k, py::args args, bool trace, py::object checks, py::object explain,
             unsigned depth, std::vector<unsigned> uninitialized, std::vector<unsigned> outputs,
             unsigned maxFindings, size_t traceLimit) {
            DebugRequest req;
            req.trace = trace;
            req.traceLimit = traceLimit;
            req.maxFindings = maxFindings;
            if (py::isinstance<py::bool_>(checks))
              req.checks = checks.cast<bool>() ? "all" : "";
            else if (py::isinstance<py::str>(checks))
              req.checks = checks.cast<std::string>();
            else if (!checks.is_none())
              for (py::handle c : checks) {
                // Appended piecewise: GCC 12 reports a false -Wrestrict on
                // "literal" + std::string&&, and CI builds with -Werror.
                if (!req.checks.empty())
                  req.checks += ',';
                req.checks += py::str(c).cast<std::string>();
              }
            if (!explain.is_none())
              req.explain = explainRequests(explain, depth);
            req.uninitialized = std::move(uninitialized);
            req.outputs = std::move(outputs);
            return debugKernel(k, args, req);
          },
          py::arg("trace") = false, py::arg("checks") = py::none(), py::arg("explain") = py::none(),
          py::arg("depth") = 4, py::arg("uninitialized") = std::vector<unsigned>(),
          py::arg("outputs") = std::vector<unsigned>(), py::arg("max_findings") = 100,
          py::arg("trace_limit") = 100000,
          "debug(*args, trace=False, checks=None, explain=None, depth=4, uninitialized=(), "
          "outputs=(), max_findings=100, trace_limit=100000): one interpreter run with the "
          "structured trace, the debugging checks ('all', 'init,bounds', or a list of init, "
          "bounds, align, coverage, ub) and the provenance of output elements (explain: "
          "[(argument, element or elements)]); returns an ascreg.debugging.DebugReport. A failed "
          "run is reported (report.error), not raised. docs/python.md.")
      .def(
          "report",
          [](Kernel &k, py::object pathArg, py::args args, py::object checks,
             std::vector<unsigned> outputs, std::vector<unsigned> uninitialized) {
            reportKernel(k, fsPath(pathArg), args, checks, outputs, uninitialized);
          },
          py::arg("path"), py::arg("checks") = py::none(),
          py::arg("outputs") = std::vector<unsigned>(),
          py::arg("uninitialized") = std::vector<unsigned>(),
          "report(path, *args, checks=None, outputs=(), uninitialized=()): run the entry in the "
          "interpreter on the arguments (bound in place, as run()) and write the HTML report of "
          "the run to `path` (docs/report.md): trace, findings of the checks (default: init, "
          "bounds, align, coverage) and UB byte map. A failed run raises after writing it.")
      .def(
          "lower", [](Kernel &k, const std::string &pipeline) { return lowerKernel(k, pipeline); },
          py::arg("pipeline"),
          "A new Kernel: this kernel's module after `pipeline` (e.g. 'convert-ascreg-to-dav').")
      .def(
          "ascendc",
          [](Kernel &k) {
            std::string out;
            std::optional<AscregError> error =
                withSessionLocked(*k.session, [&] { out = k.ascendC(); });
            if (error)
              throw *error;
            return lossyStr(out);
          },
          "The module emitted as Ascend C by the translation ascreg-translate "
          "--ascreg-to-ascendc runs (the Ascend C pipeline, then EmitC's C++ emitter); "
          "CompileError with its diagnostics when it cannot be translated.")
      .def(
          "compile_jit",
          [](Kernel &k) {
            std::optional<AscregError> error =
                withSessionLocked(*k.session, [&] { k.ensureJit(); });
            if (error)
              throw *error;
          },
          "Compile the JIT now (otherwise the first mode='jit' or 'check' run does).")
      .def_property_readonly(
          "entry", [](const Kernel &k) { return lossyStr(k.entry); },
          "Name of the entry function (without '@').")
      .def_readonly("pipeline", &Kernel::pipeline, "The pass pipeline run at load ('' if none).")
      .def_property_readonly(
          "source_name", [](const Kernel &k) { return lossyStr(k.sourceName); },
          "File name, or the name given to loads.")
      .def_property_readonly("params",
                             [](const Kernel &k) {
                               py::list l;
                               for (const ParamInfo &p : k.params)
                                 l.append(py::cast(p));
                               return py::tuple(l);
                             })
      .def_property_readonly(
          "mlir",
          [](Kernel &k) {
            std::lock_guard<std::mutex> lock(k.session->mutex);
            return lossyStr(k.moduleText());
          },
          "The module (after the pipeline) as MLIR text.")
      .def_property_readonly(
          "num_instructions",
          [](const Kernel &k) { return k.compiled.interpreter()->numInstructions(); })
      .def_property_readonly(
          "executed_instructions", [](const Kernel &k) { return k.lastExecuted; },
          "Interpreter instructions executed by the last interp/check run.")
      .def_property_readonly("ub_capacity", [](const Kernel &k) { return k.options.ubCapacity; })
      .def_property_readonly(
          "semantics",
          [](const Kernel &k) { return sem::printProfile(::ascreg::kernelProfile(k.fn)); },
          "The semantic profile the kernel runs with (its module's ascreg.semantics, "
          "'documented' if none): docs/semantics.md section 8.")
      .def("__repr__", [](const Kernel &k) {
        std::string sig;
        for (const ParamInfo &p : k.params)
          sig += (sig.empty() ? "" : ", ") + p.name + ": " + p.type;
        return lossyStr("<ascreg.Kernel @" + k.entry + "(" + sig + ") from " + k.sourceName +
                        (k.pipeline.empty() ? std::string() : " after '" + k.pipeline + "'") + ">");
      });

  m.def(
      "load_file",
      [](const std::string &path, std::optional<std::string> entry, const std::string &pipeline,
         const KernelOptions &options) {
        return loadFile(path, std::move(entry), pipeline, options);
      },
      py::arg("path"), py::arg("entry") = py::none(), py::arg("pipeline") = "",
      py::arg("options") = KernelOptions());
  m.def(
      "load_string",
      [](const std::string &text, std::optional<std::string> entry, const std::string &pipeline,
         const std::string &name, const KernelOptions &options) {
        return loadString(text, std::move(entry), pipeline, name, options);
      },
      py::arg("text"), py::arg("entry") = py::none(), py::arg("pipeline") = "",
      py::arg("name") = "<string>", py::arg("options") = KernelOptions());
}

} // namespace ascreg_python
