//===- Debugging.cpp - Kernel.debug: trace, checks, provenance ------------===//
#include "Debugging.h"
#include "Arguments.h"
#include "Findings.h"
#include "Interrupt.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>
#include <limits>

using namespace mlir;
namespace sem = ::ascreg::semantics;
namespace interp = ::ascreg::interp;

namespace ascreg_python {
namespace {

/// Collects the run's trace events with their locations.
class CollectingSink : public interp::TraceSink {
public:
  explicit CollectingSink(size_t limit) : limit(limit) {}
  void onEvent(const interp::TraceEvent &e) override {
    if (events.size() >= limit) {
      truncated = true;
      return;
    }
    events.push_back(e);
    locs.push_back(plainLoc(e.loc));
  }
  size_t limit;
  bool truncated = false;
  std::vector<interp::TraceEvent> events;
  std::vector<PlainLoc> locs;
};

struct PlainNode {
  std::string op, description;
  std::optional<PlainLoc> loc;
  std::vector<std::pair<std::string, int64_t>> iteration;
  std::vector<uint32_t> inputs; // indices into PlainExplanation::nodes
  bool truncated;
};

PlainNode plainNode(const interp::ProvenanceNode &n) {
  PlainNode p{n.opName, n.description, std::nullopt, n.iteration, n.inputs, n.truncated};
  if (n.loc)
    p.loc = plainLoc(*n.loc);
  return p;
}

struct PlainExplanation {
  unsigned argument;
  uint64_t element;
  bool neverWritten, truncated;
  std::vector<PlainNode> nodes; // the DAG, nodes[0] the store
  std::string text;
};

/// numpy dtype name of a register element (bf16 as uint16 bit patterns).
const char *dtypeOfElem(sem::ElemKind k) {
  switch (k) {
  case sem::ElemKind::I8:
    return "int8";
  case sem::ElemKind::U8:
    return "uint8";
  case sem::ElemKind::I16:
    return "int16";
  case sem::ElemKind::U16:
  case sem::ElemKind::BF16:
    return "uint16";
  case sem::ElemKind::F16:
    return "float16";
  case sem::ElemKind::I32:
    return "int32";
  case sem::ElemKind::U32:
    return "uint32";
  case sem::ElemKind::F32:
    return "float32";
  case sem::ElemKind::I64:
    return "int64";
  case sem::ElemKind::U64:
    return "uint64";
  }
  return "uint8";
}

float bitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// A scalar's value from its raw bits and MLIR type ("f32", "i32", "index").
py::object scalarValue(const std::string &type, uint64_t bits) {
  llvm::StringRef t(type);
  if (t == "f32")
    return py::float_(bitsToFloat(static_cast<uint32_t>(bits)));
  if (t == "f16")
    return py::float_(sem::f16ToF32(static_cast<uint16_t>(bits)));
  if (t == "bf16")
    return py::float_(sem::bf16ToF32(static_cast<uint16_t>(bits)));
  if (t == "f64") {
    double d;
    std::memcpy(&d, &bits, 8);
    return py::float_(d);
  }
  unsigned width = 64;
  if (t.consume_front("i") || t.consume_front("si"))
    t.getAsInteger(10, width);
  if (t.consume_front("ui") && !t.getAsInteger(10, width))
    return py::int_(width >= 64 ? bits : bits & ((uint64_t(1) << width) - 1));
  if (width == 0 || width >= 64)
    return py::int_(static_cast<int64_t>(bits));
  // Signless and signed integers read as signed (i1 as 0 / -1 -> bool).
  uint64_t low = bits & ((uint64_t(1) << width) - 1);
  if (width == 1)
    return py::bool_(low != 0);
  int64_t v = static_cast<int64_t>(low << (64 - width)) >> (64 - width);
  return py::int_(v);
}

py::object tracedValue(const interp::TracedValue &v, std::optional<sem::RegType> maskLanes) {
  py::object cls = py::module_::import("ascreg.debugging").attr("TracedValue");
  switch (v.kind) {
  case interp::TracedValue::Kind::Register: {
    py::array arr(py::dtype(dtypeOfElem(v.regType.elem)),
                  std::vector<py::ssize_t>{static_cast<py::ssize_t>(v.regType.lanes())});
    std::memcpy(arr.mutable_data(), v.bytes.data(),
                std::min<size_t>(v.bytes.size(), v.regType.bytes()));
    return cls(v.name, v.type, "register", arr);
  }
  case interp::TracedValue::Kind::Mask: {
    sem::Mask m;
    std::memcpy(m.w, v.bytes.data(), std::min(v.bytes.size(), sizeof m.w));
    py::list active;
    if (maskLanes) {
      for (unsigned l = 0; l < maskLanes->lanes(); ++l)
        if (m.laneActive(*maskLanes, l))
          active.append(l);
    } else {
      for (unsigned b = 0; b < sem::kMaskBits; ++b)
        if (m.bit(b))
          active.append(b);
    }
    return cls(v.name, v.type, "mask", active);
  }
  case interp::TracedValue::Kind::Scalar: {
    uint64_t bits = 0;
    std::memcpy(&bits, v.bytes.data(), std::min<size_t>(v.bytes.size(), 8));
    return cls(v.name, v.type, "scalar", scalarValue(v.type, bits));
  }
  case interp::TracedValue::Kind::Buffer:
    return cls(v.name, v.type, "buffer", py::make_tuple(v.ubAddr, v.numElements));
  }
  return py::none();
}

/// The DAG as ascreg.debugging.ProvenanceNode objects: a node used by
/// several others is one object in each of their `inputs`.
py::list provenanceNodes(const std::vector<PlainNode> &nodes) {
  py::object cls = py::module_::import("ascreg.debugging").attr("ProvenanceNode");
  py::list out;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const PlainNode &n = nodes[i];
    PlainLoc l = n.loc ? *n.loc : PlainLoc();
    out.append(cls(n.op, fileOrNone(l), l.line, l.column, iterationDict(n.iteration),
                   lossyStr(n.description), py::list(), i, n.truncated));
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    py::list inputs = out[i].attr("inputs").cast<py::list>();
    for (uint32_t in : nodes[i].inputs)
      inputs.append(out[in]);
  }
  return out;
}

} // namespace

std::vector<interp::ExplainRequest> explainRequests(py::handle explain, unsigned depth) {
  const char *form = "explain= takes a list of (argument, element or elements) pairs";
  if (py::isinstance<py::str>(explain) || py::isinstance<py::bytes>(explain) ||
      !py::hasattr(explain, "__iter__"))
    argError(nullptr, std::string(form) + ", got " + pyTypeName(explain));
  std::vector<interp::ExplainRequest> out;
  for (py::handle item : explain) {
    if (!py::isinstance<py::tuple>(item) && !py::isinstance<py::list>(item))
      argError(nullptr, std::string(form) + "; an item is a " + pyTypeName(item));
    auto pair = py::reinterpret_borrow<py::sequence>(item);
    if (pair.size() != 2)
      argError(nullptr,
               std::string(form) + "; an item has " + std::to_string(pair.size()) + " entries");
    interp::ExplainRequest r;
    r.argument = static_cast<unsigned>(
        indexValue(pair[0], "explain=: the argument", std::numeric_limits<unsigned>::max()));
    r.depth = depth;
    py::object elems = pair[1];
    std::string what = "explain=: an element of argument " + std::to_string(r.argument);
    if (py::isinstance<py::str>(elems) || py::isinstance<py::bytes>(elems) ||
        !py::hasattr(elems, "__iter__"))
      r.elements.push_back(indexValue(elems, what, UINT64_MAX));
    else
      for (py::handle e : elems)
        r.elements.push_back(indexValue(e, what, UINT64_MAX));
    out.push_back(std::move(r));
  }
  return out;
}

py::object debugKernel(Kernel &k, py::args args, const DebugRequest &req) {
  std::vector<BoundBuffer> buffers;
  std::vector<interp::Arg> engineArgs = bindArgs(k, args, &buffers);
  auto isBufferParam = [&](unsigned i) { return i < k.params.size() && k.params[i].isBuffer; };
  for (unsigned i : req.uninitialized) {
    if (!isBufferParam(i))
      argError(i < k.params.size() ? &k.params[i] : nullptr,
               "uninitialized=: parameter " + std::to_string(i) + " is not a buffer parameter");
    engineArgs[i].uninitialized = true;
  }
  for (unsigned i : req.outputs) {
    if (!isBufferParam(i))
      argError(i < k.params.size() ? &k.params[i] : nullptr,
               "outputs=: parameter " + std::to_string(i) + " is not a buffer parameter");
    engineArgs[i].output = true;
  }
  for (const interp::ExplainRequest &r : req.explain) {
    if (!isBufferParam(r.argument))
      argError(r.argument < k.params.size() ? &k.params[r.argument] : nullptr,
               "explain=: parameter " + std::to_string(r.argument) + " is not a buffer parameter");
    for (uint64_t e : r.elements)
      if (e >= engineArgs[r.argument].numElements)
        argError(&k.params[r.argument], "explain=: element " + std::to_string(e) +
                                            " is outside the " +
                                            std::to_string(engineArgs[r.argument].numElements) +
                                            " elements of parameter " + std::to_string(r.argument));
  }
  ::ascreg::driver::PrepareOptions options = k.prepareOptions();
  interp::Options &io = options.interp;
  if (!req.checks.empty()) {
    if (llvm::Error e = options.setChecks(req.checks, req.maxFindings))
      throw py::value_error("checks: " + llvm::toString(std::move(e)));
    // The UB check measures the footprint; give the run room to reach it
    // (as ascreg-run --check=ub does).
    if (io.checks.ub)
      io.ubCapacity = std::max(io.ubCapacity, ::ascreg::driver::kUBCheckCapacity);
  }
  CollectingSink sink(req.traceLimit);
  if (req.trace)
    io.traceSink = &sink;

  std::optional<AscregError> runError, error;
  std::vector<PlainFinding> findings;
  std::vector<PlainExplanation> explanations;
  ascreg_python::InterruptScope interrupt(k.cancel);
  error = withSessionLocked(*k.session, [&] {
    // A kernel of its own: the options (checks, trace sink) are fixed at
    // compile time, and the fast kernel of run() stays unchanged.
    auto prepared =
        ::ascreg::driver::PreparedKernel::prepare(k.fn, ::ascreg::driver::RunMode::Interp, options);
    if (failed(prepared))
      throwDiags(ErrorKind::Compile, k.session->takeDiags(),
                 "the interpreter cannot compile @" + k.entry);
    interp::CompiledKernel &ck = *prepared->interpreter();
    try {
      if (req.explain.empty()) {
        if (failed(ck.run(engineArgs)))
          throwDiags(ErrorKind::Run, k.session->takeDiags(), "the run failed");
      } else {
        auto explained = ck.explain(engineArgs, req.explain);
        if (failed(explained))
          throwDiags(ErrorKind::Run, k.session->takeDiags(), "the run failed");
        for (const interp::Explanation &x : *explained) {
          PlainExplanation p{x.argument, x.element, x.neverWritten, x.truncated, {}, {}};
          for (const interp::ProvenanceNode &n : x.nodes)
            p.nodes.push_back(plainNode(n));
          llvm::raw_string_ostream os(p.text);
          interp::printExplanation(os, x);
          explanations.push_back(std::move(p));
        }
      }
    } catch (AscregError &e) {
      runError = std::move(e);
    }
    for (const interp::Finding &f : ck.findings())
      findings.push_back(plainFinding(f));
    k.session->takeDiags();
  });
  interrupt.raiseIfInterrupted();
  if (error)
    throw *error;

  py::object mod = py::module_::import("ascreg.debugging");
  py::list trace, pyFindings, pyExplanations;
  for (size_t i = 0; i < sink.events.size(); ++i) {
    const interp::TraceEvent &e = sink.events[i];
    const PlainLoc &l = sink.locs[i];
    py::list inputs, outputs;
    for (const interp::TracedValue &v : e.inputs)
      inputs.append(tracedValue(v, e.maskLanes));
    for (const interp::TracedValue &v : e.outputs)
      outputs.append(tracedValue(v, e.maskLanes));
    trace.append(mod.attr("TraceEvent")(e.index, e.opName, lossyStr(e.header), fileOrNone(l),
                                        l.line, l.column, iterationDict(e.iteration), inputs,
                                        outputs, e.failed));
  }
  for (const PlainFinding &p : findings)
    pyFindings.append(findingObject(p, mod.attr("Finding")));
  for (const PlainExplanation &x : explanations) {
    py::list nodes = provenanceNodes(x.nodes), history;
    if (!x.nodes.empty())
      history.append(nodes[0]);
    pyExplanations.append(mod.attr("Explanation")(x.argument, x.element, x.neverWritten, history,
                                                  lossyStr(x.text), nodes, x.truncated));
  }
  py::object err = runError ? makeError(*runError) : py::object(py::none());
  return mod.attr("DebugReport")(err, trace, pyFindings, pyExplanations, sink.truncated);
}

} // namespace ascreg_python
