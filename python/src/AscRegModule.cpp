//===- AscRegModule.cpp - the `ascreg._ascreg` Python extension -*- C++ -*-===//
//
// Python bindings (pybind11) of the ascreg engine: load a kernel (parse,
// verify, optional pass pipeline), run it on numpy arrays and Python scalars
// with the interpreter, the JIT or both compared bit for bit, and emit Ascend
// C. The public API is `ascreg/__init__.py`; docs/python.md documents it.
//
// Arrays are bound in place: the engine receives the array's own memory
// (interp::Arg::buffer(array.data, array.size)); no Python-side conversion or
// copy is made. The engine then does what it does for every caller: it
// copies the buffers into its Unified Buffer model, runs, and copies them
// back after a successful run (a failed run leaves them untouched).
//
// Every kernel owns an MLIR context (shared with the kernels derived from it
// by Kernel.lower) whose diagnostics are collected by one handler and raised
// as ascreg.Error subclasses carrying file, line and column. A context is used
// by one thread at a time (Session::mutex); the GIL is released while a
// kernel compiles or runs, and no Python object is touched under the mutex.
//
//===----------------------------------------------------------------------===//
#include "Interrupt.h"

#include "ascreg/Import/Import.h"
#include "ascreg/Conversion/Passes.h"
#include "ascreg/Debugging/Bisect.h"
#include "ascreg/Debugging/NaNPayloads.h"
#include "ascreg/Debugging/PassPlugins.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"
#include "ascreg/Driver/Arguments.h"
#include "ascreg/Driver/Compare.h"
#include "ascreg/Driver/RunMode.h"
#include "ascreg/Driver/Scalar.h"
#include "ascreg/Driver/Session.h"
#include "ascreg/InitAll.h"
#include "ascreg/Interpreter/Interpreter.h"
#include "ascreg/JIT/JitKernel.h"
#include "ascreg/Report/Report.h"
#include "ascreg/Semantics/Semantics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace mlir;
namespace sem = ::ascreg::semantics;
namespace interp = ::ascreg::interp;
namespace jit = ::ascreg::jit;
namespace driver = ::ascreg::driver;

namespace {

//===----------------------------------------------------------------------===//
// Diagnostics and errors
//===----------------------------------------------------------------------===//

/// One MLIR diagnostic, recorded and rendered by the driver's session.
using DiagRecord = driver::DiagnosticRecord;
using driver::findFileLineCol;

/// The error categories of ascreg.errors (Python classes of the same name).
enum class ErrorKind { Parse, Verify, Pass, Compile, Argument, Run, Mismatch, Io };

const char *errorClassName(ErrorKind k) {
  switch (k) {
  case ErrorKind::Parse:
    return "ParseError";
  case ErrorKind::Verify:
    return "VerifyError";
  case ErrorKind::Pass:
    return "PassError";
  case ErrorKind::Compile:
    return "CompileError";
  case ErrorKind::Argument:
    return "ArgumentError";
  case ErrorKind::Run:
    return "RunError";
  case ErrorKind::Mismatch:
    return "MismatchError";
  case ErrorKind::Io:
    return "LoadError";
  }
  return "Error";
}

/// A mismatch of check mode: parameter, element, the interpreter's and the
/// JIT's bits (the driver's record).
using driver::Mismatch;

/// Thrown by the bindings; translated into an ascreg.errors exception.
struct AscregError {
  ErrorKind kind;
  std::string message;
  std::vector<DiagRecord> diags;
  // Argument errors: the parameter concerned (-1 if none).
  int argument = -1;
  // Mismatch errors.
  std::vector<Mismatch> mismatches;
  uint64_t numMismatches = 0;
  // Location when no diagnostic carries one (argument errors: the parameter).
  std::string file;
  unsigned line = 0, column = 0;
};

/// Message of an error made of diagnostics: the rendered errors, in order.
std::string joinErrors(const std::vector<DiagRecord> &diags, llvm::StringRef fallback) {
  std::string msg;
  for (const DiagRecord &d : diags) {
    if (d.severity != DiagnosticSeverity::Error)
      continue;
    if (!msg.empty())
      msg += "\n";
    msg += d.text.empty() ? d.message : d.text;
  }
  return msg.empty() ? fallback.str() : msg;
}

[[noreturn]] void throwDiags(ErrorKind kind, std::vector<DiagRecord> diags,
                             llvm::StringRef fallback) {
  AscregError e{kind, joinErrors(diags, fallback), std::move(diags)};
  throw e;
}

/// Python objects the bindings use, imported once and kept for the life of
/// the process (never destroyed: they would outlive the interpreter).
struct PyCache {
  py::object errors = py::module_::import("ascreg.errors");
  py::object numpy = py::module_::import("numpy");
  py::object floating = numpy.attr("floating");
  py::object f16 = numpy.attr("float16"), f32 = numpy.attr("float32"), f64 = numpy.attr("float64");
  py::object u16 = numpy.attr("uint16"), u32 = numpy.attr("uint32"), u64 = numpy.attr("uint64");
};
PyCache &pyCache() {
  static PyCache *cache = new PyCache();
  return *cache;
}

py::object errorsModule() { return pyCache().errors; }

/// A path argument (str, bytes or os.PathLike) as the bytes the OS sees;
/// TypeError for anything else.
std::string fsPath(py::handle h) {
  static py::object *fsencode = new py::object(py::module_::import("os").attr("fsencode"));
  return (*fsencode)(h).cast<std::string>();
}

std::string hexBits(uint64_t v, unsigned bytes) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 2 + 2 * bytes);
  return s;
}

/// Text that may hold bytes of the user's source or file names (a Latin-1
/// identifier, a source line) as a str: bytes that are not UTF-8 become
/// U+FFFD instead of failing the conversion.
py::str lossyStr(const std::string &s) {
  PyObject *o = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace");
  if (!o)
    throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

py::object toPython(const DiagRecord &d) {
  py::list notes;
  for (const DiagRecord &n : d.notes)
    notes.append(toPython(n));
  py::object cls = errorsModule().attr("Diagnostic");
  return cls(driver::severityName(d.severity), lossyStr(d.message),
             d.file.empty() ? py::object(py::none()) : py::object(lossyStr(d.file)), d.line,
             d.column, lossyStr(d.text), notes);
}

//===----------------------------------------------------------------------===//
// Sessions: context, sources, diagnostics
//===----------------------------------------------------------------------===//

/// The driver's session (context, source, diagnostics), shared by a kernel
/// and the kernels lowered from it, and the lock that keeps it to one
/// thread at a time.
struct Session : driver::Session {
  std::mutex mutex;
  Session() : driver::Session(options()) {}
  std::vector<DiagRecord> takeDiags() { return takeDiagnostics(); }

private:
  static driver::SessionOptions options() {
    driver::SessionOptions o;
    o.threading = false; // Python callers bring their own threads
    return o;
  }
};

//===----------------------------------------------------------------------===//
// Parameters and element types
//===----------------------------------------------------------------------===//

enum class Elem { I8, U8, I16, U16, F16, BF16, I32, U32, F32, I64, U64, F64, Index, Other };

struct ParamInfo {
  unsigned index;
  std::string name; // "%src", from the source; "%argN" otherwise
  std::string type; // "memref<?xf32>"
  mlir::Type elemType; // buffer: element type; scalar: the scalar's type
  bool isBuffer;
  Elem elem;         // buffer: element type; scalar: the scalar's type
  unsigned bits = 0; // integer / float width
  bool signless = false;
  bool isSigned = false;      // integers: signed (si) or signless-as-signed
  int64_t size = -1;          // static buffer size, -1 if dynamic
  std::string token;          // "f32", "bf16", "i32", "u32", "index", ...
  sem::NumberFormat number{}; // how an element reads: signless integers as signed
  std::string file;           // where the parameter is defined
  unsigned line = 0, column = 0;
  /// Path comparisons take two NaNs as equal here (NaNPayloads.h).
  bool nanPayloadUnspecified = false;
};

Elem classify(Type t, ParamInfo &p) {
  p.number = ::ascreg::debugging::numberFormatOf(t);
  if (auto it = dyn_cast<IntegerType>(t); it && it.isSignless())
    p.number.cls = sem::NumberFormat::Signed; // NumPy's int arrays
  if (t.isIndex()) {
    p.bits = 64;
    p.token = "index";
    return Elem::Index;
  }
  if (t.isF16()) {
    p.bits = 16;
    p.token = "f16";
    return Elem::F16;
  }
  if (t.isBF16()) {
    p.bits = 16;
    p.token = "bf16";
    return Elem::BF16;
  }
  if (t.isF32()) {
    p.bits = 32;
    p.token = "f32";
    return Elem::F32;
  }
  if (t.isF64()) {
    p.bits = 64;
    p.token = "f64";
    return Elem::F64;
  }
  if (auto it = dyn_cast<IntegerType>(t)) {
    p.bits = it.getWidth();
    p.signless = it.isSignless();
    p.isSigned = !it.isUnsigned();
    p.token = (it.isUnsigned() ? "u" : "i") + std::to_string(p.bits);
    bool u = it.isUnsigned();
    switch (p.bits) {
    case 8:
      return u ? Elem::U8 : Elem::I8;
    case 16:
      return u ? Elem::U16 : Elem::I16;
    case 32:
      return u ? Elem::U32 : Elem::I32;
    case 64:
      return u ? Elem::U64 : Elem::I64;
    default:
      return Elem::Other;
    }
  }
  return Elem::Other;
}

bool isFloatElem(Elem e) {
  return e == Elem::F16 || e == Elem::BF16 || e == Elem::F32 || e == Elem::F64;
}

/// The numpy dtype names a buffer parameter accepts, preferred first (the
/// driver's rule, Arguments.h).
std::vector<std::string> acceptedDtypes(const ParamInfo &p) {
  std::vector<std::string> names;
  for (driver::ElementKind k : driver::acceptedElementKinds(p.elemType)) {
    std::string bits = std::to_string(8 * k.bytes);
    names.push_back(k.kind == 'f' ? "float" + bits : k.kind == 'i' ? "int" + bits : "uint" + bits);
  }
  return names;
}

/// The SSA name of a block argument, read from the source at its location.
std::string argumentName(BlockArgument arg, llvm::SourceMgr &mgr) {
  std::string fallback = "%arg" + std::to_string(arg.getArgNumber());
  auto loc = dyn_cast<FileLineColRange>(arg.getLoc());
  if (!loc)
    return fallback;
  unsigned id = 0;
  for (unsigned i = 1; i <= mgr.getNumBuffers(); ++i)
    if (mgr.getMemoryBuffer(i)->getBufferIdentifier() == loc.getFilename().getValue())
      id = i;
  if (!id)
    return fallback;
  llvm::SMLoc start = mgr.FindLocForLineAndColumn(id, loc.getStartLine(), loc.getStartColumn());
  if (!start.isValid())
    return fallback;
  const char *p = start.getPointer(), *end = mgr.getMemoryBuffer(id)->getBufferEnd();
  if (p >= end || *p != '%')
    return fallback;
  const char *q = p + 1;
  while (q < end && (std::isalnum(static_cast<unsigned char>(*q)) || *q == '_' || *q == '$' ||
                     *q == '.' || *q == '-'))
    ++q;
  return q > p + 1 ? std::string(p, q) : fallback;
}

std::string typeString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

float bitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// The bits of a float scalar from a Python object: the decimal text of a
/// str (or a decimal.Decimal's) rounded once into the parameter's format,
/// or a number's double value, also rounded once (ascreg/Driver/Scalar.h).
/// Empty (with `error` set) when it is neither.
std::optional<uint64_t> floatScalarBits(Type t, py::handle a, std::string &error) {
  static py::object *decimal = new py::object(py::module_::import("decimal").attr("Decimal"));
  if (py::isinstance<py::str>(a) || py::isinstance(a, *decimal)) {
    auto bits = driver::parseScalar(t, py::str(a).cast<std::string>());
    if (!bits) {
      error = llvm::toString(bits.takeError());
      return std::nullopt;
    }
    return *bits;
  }
  if (PyBool_Check(a.ptr()) || !PyNumber_Check(a.ptr()) || PyComplex_Check(a.ptr()))
    return std::nullopt;
  double d = PyFloat_AsDouble(a.ptr());
  if (d == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return std::nullopt;
  }
  return driver::scalarFromDouble(t, d);
}
//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

struct KernelOptions {
  uint64_t ubCapacity = sem::kDefaultUBCapacity;
  uint64_t maxSteps = uint64_t(1) << 32;
  bool jitChecks = true;
  int64_t jitOpt = 2; // LLVM's levels 0-3; checked at load
  /// A semantic profile to record on the module before the pipeline
  /// (resolveProfile's forms); empty keeps the module's own record.
  std::string semantics;
  /// A C++ source (.asc, .cpp): the importer's options (docs/import.md).
  ascreg::ImportOptions cxx;
};

class Kernel {
public:
  std::shared_ptr<Session> session;
  OwningOpRef<ModuleOp> module;
  func::FuncOp fn;
  std::string entry, pipeline, sourceName;
  KernelOptions options;
  std::vector<ParamInfo> params;
  /// Per parameter: check mode takes two NaNs as equal here (NaNPayloads.h).
  std::vector<bool> nanOpen;
  std::unique_ptr<interp::CompiledKernel> interpKernel;
  std::unique_ptr<jit::JitKernel> jitKernel;
  uint64_t lastExecuted = 0;
  /// Set by Ctrl-C during a run (ascreg_python::InterruptScope); the
  /// interpreter polls it.
  std::atomic<bool> cancel{false};

  ~Kernel() {
    // Destroying IR touches the (single-threaded) context: not while another
    // kernel of the session runs.
    if (!session)
      return;
    std::lock_guard<std::mutex> lock(session->mutex);
    jitKernel.reset();
    interpKernel.reset();
    module = nullptr;
  }

  /// Selects the entry, runs the pipeline and compiles for the interpreter.
  /// Called with the session locked (no Python).
  void prepare(std::optional<std::string> entryName, const std::string &pipelineText);

  std::string moduleText() {
    std::string s;
    llvm::raw_string_ostream os(s);
    module->print(os);
    return s;
  }

  void ensureJit();
  void run(py::args args, const std::string &mode);
  std::string ascendC();
};

std::string listFunctions(ModuleOp m) {
  std::string s;
  for (auto f : m.getOps<func::FuncOp>()) {
    if (f.isExternal())
      continue;
    if (!s.empty())
      s += ", ";
    s += "@" + f.getSymName().str();
  }
  return s.empty() ? "none" : s;
}

void runPipeline(Session &s, ModuleOp module, const std::string &pipelineText) {
  std::string errors;
  if (succeeded(driver::runPipeline(module, pipelineText, errors)))
    return;
  if (errors.empty())
    throwDiags(ErrorKind::Pass, s.takeDiags(), "pass pipeline '" + pipelineText + "' failed");
  s.takeDiags();
  // (A pipeline over the limits can be long: its start names it.)
  std::string shown =
      pipelineText.size() > 200 ? pipelineText.substr(0, 200) + "..." : pipelineText;
  throw AscregError{ErrorKind::Pass, "invalid pass pipeline '" + shown +
                                         "': " + llvm::StringRef(errors).trim().str()};
}

void Kernel::prepare(std::optional<std::string> entryName, const std::string &pipelineText) {
  Session &s = *session;
  pipeline = pipelineText;
  std::string error;
  if (!options.semantics.empty() && failed(driver::applyProfile(*module, options.semantics, error)))
    throw AscregError{ErrorKind::Argument, "semantics: " + error};
  if (!pipelineText.empty())
    runPipeline(s, *module, pipelineText);
  // The entry: the given name, else the only function with a body, else @kernel.
  if (entryName) {
    fn = module->lookupSymbol<func::FuncOp>(*entryName);
    if (!fn || fn.isExternal())
      throw AscregError{ErrorKind::Argument, "no function @" + *entryName + " in " + sourceName +
                                                 " (functions: " + listFunctions(*module) + ")"};
  } else {
    std::vector<func::FuncOp> defined;
    for (auto f : module->getOps<func::FuncOp>())
      if (!f.isExternal())
        defined.push_back(f);
    if (defined.size() == 1)
      fn = defined.front();
    else if (auto k = module->lookupSymbol<func::FuncOp>("kernel"))
      fn = k;
    else
      throw AscregError{ErrorKind::Argument,
                        sourceName + " defines " + std::to_string(defined.size()) + " functions (" +
                            listFunctions(*module) +
                            ") and none is @kernel; choose one with entry=NAME"};
  }
  entry = fn.getSymName().str();

  params.clear();
  for (BlockArgument arg : fn.getArguments()) {
    ParamInfo p;
    p.index = arg.getArgNumber();
    p.name = argumentName(arg, s.sourceMgr());
    p.type = typeString(arg.getType());
    findFileLineCol(arg.getLoc(), p.file, p.line, p.column);
    if (auto mt = dyn_cast<MemRefType>(arg.getType())) {
      p.isBuffer = true;
      p.elemType = mt.getElementType();
      p.elem = classify(p.elemType, p);
      if (mt.getRank() == 1 && !mt.isDynamicDim(0))
        p.size = mt.getDimSize(0);
    } else {
      p.isBuffer = false;
      p.elemType = arg.getType();
      p.elem = classify(p.elemType, p);
    }
    params.push_back(std::move(p));
  }
  nanOpen = ::ascreg::debugging::unspecifiedNaNPayloadParams(fn);
  for (ParamInfo &p : params)
    p.nanPayloadUnspecified = nanOpen[p.index];

  interp::Options io;
  io.ubCapacity = options.ubCapacity;
  io.maxSteps = options.maxSteps;
  io.cancel = &cancel;
  auto compiled = interp::CompiledKernel::compile(fn, io);
  if (failed(compiled))
    throwDiags(ErrorKind::Compile, s.takeDiags(), "the interpreter cannot compile @" + entry);
  interpKernel = std::move(*compiled);
  s.takeDiags(); // warnings of a successful compile are not kept
}

void Kernel::ensureJit() {
  if (jitKernel)
    return;
  jit::Options jo;
  jo.runtimeChecks = options.jitChecks;
  jo.ubCapacity = options.ubCapacity;
  jo.optLevel = static_cast<unsigned>(options.jitOpt);
  jo.interruptible = true;
  jo.cancel = &cancel;
  auto compiled = jit::JitKernel::compile(*module, entry, jo);
  if (failed(compiled))
    throwDiags(ErrorKind::Compile, session->takeDiags(), "the JIT cannot compile @" + entry);
  jitKernel = std::move(*compiled);
  session->takeDiags();
}

std::string Kernel::ascendC() {
  Session &s = *session;
  OwningOpRef<ModuleOp> clone = cast<ModuleOp>((*module)->clone());
  PassManager pm(&s.context());
  ::ascreg::buildAscendCPipeline(pm);
  if (failed(pm.run(*clone)))
    throwDiags(ErrorKind::Compile, s.takeDiags(), "the Ascend C lowering failed");
  std::string out;
  llvm::raw_string_ostream os(out);
  if (failed(emitc::translateToCpp(*clone, os, /*declareVariablesAtTop=*/false)))
    throwDiags(ErrorKind::Compile, s.takeDiags(), "the Ascend C emission failed");
  return out;
}

//===----------------------------------------------------------------------===//
// Argument binding
//===----------------------------------------------------------------------===//

std::string paramLabel(const ParamInfo &p) {
  return "argument " + std::to_string(p.index) + " (" + p.name + ": " + p.type + ")";
}

[[noreturn]] void argError(const ParamInfo *p, const std::string &msg) {
  AscregError e{ErrorKind::Argument, msg};
  if (p) {
    e.argument = static_cast<int>(p->index);
    e.file = p->file;
    e.line = p->line;
    e.column = p->column;
  }
  throw e;
}

std::string pyTypeName(py::handle h) { return py::str(py::type::of(h).attr("__name__")); }

std::string dtypeName(const py::dtype &dt) { return py::str(py::handle(dt)).cast<std::string>(); }

bool dtypeMatches(const ParamInfo &p, const py::dtype &dt) {
  char kind = dt.kind();
  ssize_t size = dt.itemsize();
  char order = dt.byteorder();
  if (order == '>' && size > 1)
    return false;
  return size > 0 && driver::acceptsElements(p.elemType, {kind, static_cast<unsigned>(size)});
}

/// One bound buffer: the array and its memory (the reference keeps the
/// array alive while the engine uses its memory).
struct BoundBuffer {
  unsigned param;
  uint8_t *data;
  uint64_t numElements;
  uint64_t bytes;
  py::object array;
};

/// Validates `args` against the parameters and builds the engine's
/// arguments (buffers in place). Raises ArgumentError; touches no array.
std::vector<interp::Arg> bindArgs(const Kernel &k, py::args args,
                                  std::vector<BoundBuffer> *buffers) {
  if (args.size() != k.params.size()) {
    std::string sig;
    for (const ParamInfo &p : k.params)
      sig += (sig.empty() ? "" : ", ") + p.name + ": " + p.type;
    argError(nullptr, "@" + k.entry + " takes " + std::to_string(k.params.size()) + " arguments (" +
                          sig + "), got " + std::to_string(args.size()));
  }
  std::vector<interp::Arg> out(args.size());
  // Scalars first: converting one may run Python code (__index__,
  // __float__) that resizes or frees an array, so no buffer's memory is
  // taken before every scalar is converted.
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &p = k.params[i];
    py::handle a = args[i];
    if (p.isBuffer)
      continue;
    if (py::isinstance<py::array>(a) && py::reinterpret_borrow<py::array>(a).ndim() > 0)
      argError(&p, paramLabel(p) + " is a scalar parameter, got a numpy array");
    if (p.elem == Elem::Index || (!isFloatElem(p.elem) && p.elem != Elem::Other)) {
      if (PyFloat_Check(a.ptr()) || py::isinstance(a, pyCache().floating))
        argError(&p, paramLabel(p) + " takes an integer, got " + pyTypeName(a));
      PyObject *idx = PyNumber_Index(a.ptr());
      if (!idx) {
        PyErr_Clear();
        argError(&p, paramLabel(p) + " takes an integer, got " + pyTypeName(a));
      }
      py::object v = py::reinterpret_steal<py::object>(idx);
      unsigned w = p.bits;
      int overflow = 0;
      long long s = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
      uint64_t bits;
      bool fits;
      if (overflow == 0) {
        bits = static_cast<uint64_t>(s);
        fits = w >= 64 || (s >= -(static_cast<long long>(1) << (w - 1)) &&
                           s < (static_cast<long long>(1) << w));
      } else if (overflow > 0) {
        unsigned long long u = PyLong_AsUnsignedLongLong(v.ptr());
        fits = !PyErr_Occurred() && w == 64;
        PyErr_Clear();
        bits = u;
      } else {
        fits = false;
        bits = 0;
      }
      if (!fits)
        argError(&p, paramLabel(p) + ": " + std::string(py::str(v)) + " does not fit in " +
                         std::to_string(w) + " bits (signed or unsigned range)");
      if (w < 64)
        bits &= (uint64_t(1) << w) - 1;
      out[i] = interp::Arg::scalar(bits);
      continue;
    }
    if (p.elem == Elem::Other)
      argError(&p, paramLabel(p) + ": parameter type not supported by the Python bindings");
    // Floats: numpy scalars of the parameter's own type keep their exact bits.
    PyCache &c = pyCache();
    auto viewBits = [&](const py::object &asType) {
      return py::cast<uint64_t>(py::int_(a.attr("view")(asType)));
    };
    uint64_t bits;
    if (p.elem == Elem::F16 && py::isinstance(a, c.f16))
      bits = viewBits(c.u16);
    else if (p.elem == Elem::F32 && py::isinstance(a, c.f32))
      bits = viewBits(c.u32);
    else if (p.elem == Elem::F64 && py::isinstance(a, c.f64))
      bits = viewBits(c.u64);
    else if (p.elem == Elem::BF16 && py::isinstance(a, c.u16))
      bits = py::cast<uint64_t>(py::int_(py::reinterpret_borrow<py::object>(a)));
    else {
      std::string error;
      std::optional<uint64_t> b = floatScalarBits(p.elemType, a, error);
      if (!b)
        argError(&p, paramLabel(p) +
                         (error.empty() ? " takes a float, got " + pyTypeName(a) : ": " + error));
      bits = *b;
    }
    out[i] = interp::Arg::scalar(bits);
  }
  // Buffers: checked and taken without running Python code.
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &p = k.params[i];
    py::handle a = args[i];
    if (!p.isBuffer)
      continue;
    std::vector<std::string> dtypes = acceptedDtypes(p);
    std::string want;
    for (size_t j = 0; j < dtypes.size(); ++j)
      want += (j ? " or " : "") + dtypes[j];
    if (p.elem == Elem::BF16)
      want += " (bf16 bit patterns)";
    if (dtypes.empty())
      argError(&p, paramLabel(p) + ": element type not supported by the Python bindings");
    if (!py::isinstance<py::array>(a))
      argError(&p, paramLabel(p) + " must be a numpy array of " + want + ", got " + pyTypeName(a));
    auto arr = py::reinterpret_borrow<py::array>(a);
    py::dtype dt = arr.dtype();
    if (!dtypeMatches(p, dt))
      argError(&p, paramLabel(p) + " must be a numpy array of " + want + ", got dtype " +
                       dtypeName(dt));
    int flags = arr.flags();
    if (!(flags & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_))
      argError(&p, paramLabel(p) +
                       " is not C-contiguous; the kernel reads and writes the array's own "
                       "memory, so pass a contiguous array (e.g. np.ascontiguousarray(a), "
                       "then read the results from that array)");
    if (!(flags & py::detail::npy_api::NPY_ARRAY_ALIGNED_))
      argError(&p, paramLabel(p) + " is not aligned to its element size");
    if (!(flags & py::detail::npy_api::NPY_ARRAY_WRITEABLE_))
      argError(&p, paramLabel(p) + " is read-only; the engine copies every buffer back after a "
                                   "successful run, so pass a writeable array (e.g. a.copy())");
    uint64_t n = static_cast<uint64_t>(arr.size());
    if (p.size >= 0 && static_cast<uint64_t>(p.size) != n) {
      std::string shape = "(";
      for (ssize_t d = 0; d < arr.ndim(); ++d)
        shape += (d ? ", " : "") + std::to_string(arr.shape(d));
      shape += arr.ndim() == 1 ? ",)" : ")";
      argError(&p, paramLabel(p) + " needs " + std::to_string(p.size) +
                       " elements, got an array of shape " + shape);
    }
    uint8_t *data = static_cast<uint8_t *>(const_cast<void *>(arr.data()));
    if (buffers)
      buffers->push_back({static_cast<unsigned>(i), data, n, n * (p.bits / 8), arr});
    out[i] = interp::Arg::buffer(data, n);
  }
  // Buffers that share memory would be copied into UB separately and back
  // in parameter order: refuse them.
  if (buffers)
    for (size_t x = 0; x < buffers->size(); ++x)
      for (size_t y = x + 1; y < buffers->size(); ++y) {
        const BoundBuffer &a = (*buffers)[x], &b = (*buffers)[y];
        if (a.bytes && b.bytes && a.data < b.data + b.bytes && b.data < a.data + a.bytes)
          argError(&k.params[b.param],
                   "arguments " + std::to_string(a.param) + " and " + std::to_string(b.param) +
                       " share memory; the engine copies each buffer into its Unified Buffer "
                       "separately and back in parameter order, so pass separate arrays");
      }
  return out;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

void Kernel::run(py::args args, const std::string &modeName) {
  std::optional<driver::RunMode> mode = driver::parseRunMode(modeName);
  if (!mode)
    throw py::value_error("mode must be 'interp', 'jit' or 'check', got '" + modeName + "'");
  std::vector<BoundBuffer> buffers;
  std::vector<interp::Arg> engineArgs = bindArgs(*this, args, &buffers);

  std::optional<AscregError> error;
  driver::CheckComparison cmp;
  ascreg_python::InterruptScope interrupt(cancel);
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(session->mutex);
    session->clearDiagnostics();
    try {
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
    } catch (AscregError &e) {
      error = std::move(e);
    }
  }
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
             "): interp " + hexBits(m.expected, eb) + " (" +
             sem::formatNumber(p.number, m.expected) + "), jit " + hexBits(m.actual, eb) + " (" +
             sem::formatNumber(p.number, m.actual) + ")";
    }
    if (numMismatches > 16)
      msg += "\n  ...";
    e.message = msg;
    e.mismatches = std::move(mismatches);
    e.numMismatches = numMismatches;
    throw e;
  }
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

std::unique_ptr<Kernel> loadKernel(std::unique_ptr<llvm::MemoryBuffer> buffer,
                                   std::optional<std::string> entry, const std::string &pipeline,
                                   const KernelOptions &options) {
  if (options.jitOpt < 0 || options.jitOpt > 3)
    throw AscregError{ErrorKind::Argument, "jit_opt must be an LLVM optimization level 0-3, got " +
                                               std::to_string(options.jitOpt)};
  auto kernel = std::make_unique<Kernel>();
  kernel->session = std::make_shared<Session>();
  kernel->options = options;
  kernel->sourceName = buffer->getBufferIdentifier().str();
  std::optional<AscregError> error;
  {
    py::gil_scoped_release release;
    Session &s = *kernel->session;
    std::lock_guard<std::mutex> lock(s.mutex);
    try {
      driver::LoadFailure failure;
      kernel->module = s.parse(std::move(buffer), failure, &options.cxx);
      if (failure == driver::LoadFailure::Verify)
        throwDiags(ErrorKind::Verify, s.takeDiags(), "the module does not verify");
      if (!kernel->module)
        throwDiags(ErrorKind::Parse, s.takeDiags(), "cannot parse " + kernel->sourceName);
      s.takeDiags();
      kernel->prepare(entry, pipeline);
    } catch (AscregError &e) {
      error = std::move(e);
    }
  }
  if (error)
    throw *error;
  return kernel;
}

std::unique_ptr<Kernel> loadFile(const std::string &path, std::optional<std::string> entry,
                                 const std::string &pipeline, const KernelOptions &options) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf) {
    AscregError e{ErrorKind::Io, "cannot read " + path + ": " + buf.getError().message()};
    e.file = path;
    throw e;
  }
  return loadKernel(std::move(*buf), std::move(entry), pipeline, options);
}

std::unique_ptr<Kernel> loadString(const std::string &text, std::optional<std::string> entry,
                                   const std::string &pipeline, const std::string &name,
                                   const KernelOptions &options) {
  return loadKernel(llvm::MemoryBuffer::getMemBufferCopy(text, name), std::move(entry), pipeline,
                    options);
}

/// A new kernel: a clone of `k`'s module (before its compiled form) with
/// `pipeline` run on it, in the same context.
std::unique_ptr<Kernel> lowerKernel(Kernel &k, const std::string &pipeline) {
  auto out = std::make_unique<Kernel>();
  out->session = k.session;
  out->options = k.options;
  out->sourceName = k.sourceName;
  std::optional<AscregError> error;
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(k.session->mutex);
    try {
      out->module = cast<ModuleOp>((*k.module)->clone());
      out->prepare(k.entry, pipeline);
      out->pipeline = k.pipeline.empty() ? pipeline
                      : pipeline.empty() ? k.pipeline
                                         : k.pipeline + "," + pipeline;
    } catch (AscregError &e) {
      error = std::move(e);
    }
  }
  if (error)
    throw *error;
  return out;
}

py::object makeError(const AscregError &e) {
  py::object mod = errorsModule();
  py::object cls = mod.attr(errorClassName(e.kind));
  py::list diags;
  for (const DiagRecord &d : e.diags)
    diags.append(toPython(d));
  py::dict kw;
  kw["diagnostics"] = diags;
  if (e.argument >= 0)
    kw["argument"] = e.argument;
  if (!e.file.empty()) {
    kw["file"] = lossyStr(e.file);
    kw["line"] = e.line;
    kw["column"] = e.column;
  }
  if (e.kind == ErrorKind::Mismatch) {
    py::list ms;
    for (const Mismatch &m : e.mismatches)
      ms.append(py::make_tuple(m.argument, m.element, m.expected, m.actual));
    kw["mismatches"] = ms;
    kw["num_mismatches"] = e.numMismatches;
  }
  return cls(lossyStr(e.message), **kw);
}

//===----------------------------------------------------------------------===//
// Debugging: trace, checks, provenance (ascreg/Interpreter/Debugging.h)
//===----------------------------------------------------------------------===//

/// A location as plain data: converted under the session lock, so that no
/// MLIR object is read while Python objects are built.
struct PlainLoc {
  std::string file;
  unsigned line = 0, column = 0;
};

PlainLoc plainLoc(Location loc) {
  PlainLoc p;
  findFileLineCol(loc, p.file, p.line, p.column);
  return p;
}

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

struct PlainFinding {
  interp::Finding finding;
  PlainLoc loc;
  std::vector<std::pair<std::optional<PlainLoc>, std::string>> notes;
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

/// What Kernel.debug asks for.
struct DebugRequest {
  bool trace = false;
  size_t traceLimit = 100000;
  std::string checks; // "" = none, else CheckOptions::parse syntax
  unsigned maxFindings = 100;
  std::vector<interp::ExplainRequest> explain;
  std::vector<unsigned> uninitialized, outputs;
};

const char *findingKindName(interp::FindingKind k) {
  switch (k) {
  case interp::FindingKind::UninitializedUse:
    return "uninitialized_use";
  case interp::FindingKind::OutOfBufferRead:
    return "out_of_buffer_read";
  case interp::FindingKind::OutOfBufferWrite:
    return "out_of_buffer_write";
  case interp::FindingKind::OutOfBufferIndex:
    return "out_of_buffer_index";
  case interp::FindingKind::OutsideUB:
    return "outside_ub";
  case interp::FindingKind::Misaligned:
    return "misaligned";
  case interp::FindingKind::UnwrittenOutput:
    return "unwritten_output";
  case interp::FindingKind::UBFootprint:
    return "ub_footprint";
  }
  return "unknown";
}

const char *useKindName(interp::UseKind u) {
  switch (u) {
  case interp::UseKind::None:
    return "none";
  case interp::UseKind::Store:
    return "store";
  case interp::UseKind::GatherIndex:
    return "gather_index";
  case interp::UseKind::Mask:
    return "mask";
  case interp::UseKind::Branch:
    return "branch";
  case interp::UseKind::LoopBound:
    return "loop_bound";
  case interp::UseKind::Size:
    return "size";
  case interp::UseKind::Address:
    return "address";
  }
  return "unknown";
}

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

py::object iterationDict(const std::vector<std::pair<std::string, int64_t>> &it) {
  py::dict d;
  for (const auto &[name, value] : it)
    d[py::str(name)] = value;
  return std::move(d);
}

py::object fileOrNone(const PlainLoc &l) {
  return l.file.empty() ? py::object(py::none()) : py::object(lossyStr(l.file));
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
    out.append(cls(n.op, fileOrNone(l), l.line, l.column, iterationDict(n.iteration), lossyStr(n.description),
                   py::list(), i, n.truncated));
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    py::list inputs = out[i].attr("inputs").cast<py::list>();
    for (uint32_t in : nodes[i].inputs)
      inputs.append(out[in]);
  }
  return out;
}

/// A non-negative integer of an argument (int or __index__, not a float or
/// bool) below `limit`; ArgumentError naming `what` otherwise.
uint64_t indexValue(py::handle h, const std::string &what, uint64_t limit) {
  if (PyBool_Check(h.ptr()) || PyFloat_Check(h.ptr()) || py::isinstance(h, pyCache().floating))
    argError(nullptr, what + " must be an integer, got " + pyTypeName(h));
  PyObject *idx = PyNumber_Index(h.ptr());
  if (!idx) {
    PyErr_Clear();
    argError(nullptr, what + " must be an integer, got " + pyTypeName(h));
  }
  py::object v = py::reinterpret_steal<py::object>(idx);
  int overflow = 0;
  long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (overflow > 0) {
    unsigned long long u = PyLong_AsUnsignedLongLong(v.ptr());
    if (!PyErr_Occurred() && u < limit)
      return u;
    PyErr_Clear();
  } else if (overflow == 0 && x >= 0 && static_cast<uint64_t>(x) < limit) {
    return static_cast<uint64_t>(x);
  }
  argError(nullptr, what + " must be between 0 and " + std::to_string(limit - 1) + ", got " +
                        std::string(py::str(v)));
}

/// Kernel.debug's explain=: an iterable of (argument, element or iterable
/// of elements) pairs. Malformed requests raise ArgumentError.
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

/// Kernel.debug: one interpreter run with the requested trace, checks and
/// explanations; returns an ascreg.debugging.DebugReport. A failed run is
/// reported in the report (its buffers are left untouched), not raised.
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
  interp::Options io;
  io.ubCapacity = k.options.ubCapacity;
  io.maxSteps = k.options.maxSteps;
  io.cancel = &k.cancel;
  if (!req.checks.empty()) {
    std::string error;
    auto checks = interp::CheckOptions::parse(req.checks, error);
    if (!checks)
      throw py::value_error("checks: " + error);
    checks->maxFindings = req.maxFindings;
    io.checks = *checks;
    // The UB check measures the footprint; give the run room to reach it
    // (as ascreg-run --check=ub does).
    if (checks->ub)
      io.ubCapacity = std::max<uint64_t>(io.ubCapacity, 64 * 1024 * 1024);
  }
  CollectingSink sink(req.traceLimit);
  if (req.trace)
    io.traceSink = &sink;

  std::optional<AscregError> runError, error;
  std::vector<PlainFinding> findings;
  std::vector<PlainExplanation> explanations;
  ascreg_python::InterruptScope interrupt(k.cancel);
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(k.session->mutex);
    k.session->clearDiagnostics();
    try {
      // A kernel of its own: the options (checks, trace sink) are fixed at
      // compile time, and the fast kernel of run() stays unchanged.
      auto compiled = interp::CompiledKernel::compile(k.fn, io);
      if (failed(compiled))
        throwDiags(ErrorKind::Compile, k.session->takeDiags(),
                   "the interpreter cannot compile @" + k.entry);
      interp::CompiledKernel &ck = **compiled;
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
      for (const interp::Finding &f : ck.findings()) {
        PlainFinding p{f, plainLoc(f.loc), {}};
        for (const auto &[loc, text] : f.notes)
          p.notes.emplace_back(loc ? std::optional<PlainLoc>(plainLoc(*loc)) : std::nullopt, text);
        findings.push_back(std::move(p));
      }
      k.session->takeDiags();
    } catch (AscregError &e) {
      error = std::move(e);
    }
  }
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
  for (const PlainFinding &p : findings) {
    const interp::Finding &f = p.finding;
    py::list notes, lanes, elements;
    for (const auto &[loc, text] : p.notes)
      notes.append(py::make_tuple(
          loc ? py::object(py::make_tuple(lossyStr(loc->file), loc->line, loc->column))
              : py::object(py::none()),
          lossyStr(text)));
    for (const auto &[first, last] : f.lanes)
      lanes.append(py::make_tuple(first, last));
    for (const auto &[begin, end] : f.elements)
      elements.append(py::make_tuple(begin, end));
    py::dict kw;
    kw["notes"] = notes;
    kw["iteration"] = iterationDict(f.iteration);
    kw["lanes"] = lanes;
    kw["argument"] = f.argument >= 0 ? py::object(py::int_(f.argument)) : py::object(py::none());
    kw["elements"] = elements;
    kw["occurrences"] = f.occurrences;
    pyFindings.append(mod.attr("Finding")(interp::checkName(f.kind), findingKindName(f.kind),
                                          useKindName(f.use), f.opName, fileOrNone(p.loc),
                                          p.loc.line, p.loc.column, lossyStr(f.message), **kw));
  }
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

/// Kernel.bisect: the kernel on the same arguments before `pipeline` and
/// after each of its passes (ascreg::debugging::bisectPipeline); the arrays
/// are not modified.
py::object bisectKernel(Kernel &k, const std::string &pipeline, py::args args,
                        const std::vector<std::string> &plugins) {
  std::vector<BoundBuffer> buffers;
  std::vector<interp::Arg> engineArgs = bindArgs(k, args, &buffers);
  std::vector<::ascreg::debugging::KernelInput> inputs(engineArgs.size());
  for (size_t i = 0; i < engineArgs.size(); ++i) {
    inputs[i].isBuffer = engineArgs[i].isBuffer;
    inputs[i].bits = engineArgs[i].bits;
    inputs[i].numElements = engineArgs[i].numElements;
  }
  for (const BoundBuffer &b : buffers)
    inputs[b.param].bytes.assign(b.data, b.data + b.bytes);
  ::ascreg::debugging::BisectOptions options;
  options.entry = k.entry;
  options.interp.ubCapacity = k.options.ubCapacity;
  options.interp.maxSteps = k.options.maxSteps;
  options.jit.ubCapacity = k.options.ubCapacity;
  options.jit.optLevel = static_cast<unsigned>(k.options.jitOpt);
  options.interp.cancel = &k.cancel;
  options.jit.interruptible = true;
  options.jit.cancel = &k.cancel;
  std::optional<AscregError> error;
  ::ascreg::debugging::BisectResult result;
  ascreg_python::InterruptScope interrupt(k.cancel);
  {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(k.session->mutex);
    k.session->clearDiagnostics();
    try {
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
      FailureOr<::ascreg::debugging::BisectResult> bisected =
          ::ascreg::debugging::bisectPipeline(*k.module, pipeline, inputs, options);
      if (failed(bisected))
        throwDiags(ErrorKind::Pass, k.session->takeDiags(), "the bisection failed");
      k.session->takeDiags();
      result = std::move(*bisected);
    } catch (AscregError &e) {
      error = std::move(e);
    }
  }
  interrupt.raiseIfInterrupted();
  if (error)
    throw *error;
  py::object mod = py::module_::import("ascreg.debugging");
  py::list stages;
  for (const ::ascreg::debugging::BisectStage &st : result.stages) {
    py::list diffs;
    for (const ::ascreg::debugging::ElementDiff &d : st.diff.first)
      diffs.append(py::make_tuple(d.argument, d.element, d.expected, d.actual));
    stages.append(mod.attr("BisectStage")(
        st.pass.empty() ? py::object(py::none()) : py::object(py::str(st.pass)),
        ::ascreg::debugging::executorName(st.executor), st.fallbackReason, st.runFailed,
        lossyStr(st.failure), st.diff.count, diffs, st.cannotRun, lossyStr(st.note)));
  }
  py::object first =
      result.firstDiffering ? py::object(py::int_(*result.firstDiffering)) : py::object(py::none());
  return mod.attr("BisectResult")(stages, first);
}

} // namespace

PYBIND11_MODULE(_ascreg, m) {
  m.doc() = "ascreg engine bindings (use the `ascreg` package)";

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const AscregError &e) {
      py::object exc = makeError(e);
      PyErr_SetObject(exc.get_type().ptr(), exc.ptr());
    }
  });

  m.def(
      "semantic_points",
      [] {
        py::list points;
        unsigned n = 0;
        const sem::ProfilePoint *table = sem::profilePoints(n);
        for (unsigned i = 0; i < n; ++i) {
          py::list candidates;
          for (unsigned c = 0; c < table[i].numCandidates; ++c)
            candidates.append(
                py::make_tuple(table[i].candidates[c].name, table[i].candidates[c].effect));
          py::dict d;
          d["key"] = table[i].key;
          d["open_point"] = table[i].openPoint;
          d["question"] = table[i].question;
          d["affects"] = table[i].affects;
          d["candidates"] = candidates;
          points.append(d);
        }
        return points;
      },
      "The open semantic points (docs/semantics.md section 8): key, open_point, question, "
      "affects, candidates [(name, effect)], the documented candidate first.");

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
            std::string path = fsPath(pathArg);
            std::vector<BoundBuffer> buffers;
            std::vector<interp::Arg> engineArgs = bindArgs(k, args, &buffers);
            for (unsigned i : outputs)
              if (i < engineArgs.size())
                engineArgs[i].output = true;
            for (unsigned i : uninitialized)
              if (i < engineArgs.size())
                engineArgs[i].uninitialized = true;
            interp::Options io;
            io.ubCapacity = k.options.ubCapacity;
            io.maxSteps = k.options.maxSteps;
            io.cancel = &k.cancel;
            if (!checks.is_none()) {
              std::string error;
              auto parsed = interp::CheckOptions::parse(py::str(checks).cast<std::string>(), error);
              if (!parsed)
                throw py::value_error("checks: " + error);
              io.checks = *parsed;
            }
            std::optional<AscregError> error;
            ascreg_python::InterruptScope interrupt(k.cancel);
            {
              py::gil_scoped_release release;
              std::lock_guard<std::mutex> lock(k.session->mutex);
              k.session->clearDiagnostics();
              try {
                if (llvm::Error err =
                        ascreg::report::reportRun(k.fn, engineArgs, io, path, k.sourceName))
                  throwDiags(ErrorKind::Run, {}, llvm::toString(std::move(err)));
              } catch (AscregError &e) {
                error = std::move(e);
              }
            }
            interrupt.raiseIfInterrupted();
            if (error)
              throw *error;
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
            std::optional<AscregError> error;
            std::string out;
            {
              py::gil_scoped_release release;
              std::lock_guard<std::mutex> lock(k.session->mutex);
              try {
                k.session->clearDiagnostics();
                out = k.ascendC();
              } catch (AscregError &e) {
                error = std::move(e);
              }
            }
            if (error)
              throw *error;
            return lossyStr(out);
          },
          "The module emitted as Ascend C (convert-ascreg-to-dav, canonicalize, cse, "
          "convert-dav-to-emitc, EmitC's C++ emitter), as ascreg-translate --ascreg-to-ascendc.")
      .def(
          "compile_jit",
          [](Kernel &k) {
            std::optional<AscregError> error;
            {
              py::gil_scoped_release release;
              std::lock_guard<std::mutex> lock(k.session->mutex);
              try {
                k.ensureJit();
              } catch (AscregError &e) {
                error = std::move(e);
              }
            }
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
      .def_property_readonly("num_instructions",
                             [](const Kernel &k) { return k.interpKernel->numInstructions(); })
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

  m.def(
      "f16_from_double", [](double d) { return driver::roundDouble(llvm::APFloat::IEEEhalf(), d); },
      "f16 bits of a float, correctly rounded (RNE, non-saturating).");
  m.def(
      "bf16_from_double", [](double d) { return driver::roundDouble(llvm::APFloat::BFloat(), d); },
      "bf16 bits of a float, correctly rounded (RNE).");
  m.def(
      "bf16_from_float32",
      [](py::array_t<float, py::array::c_style | py::array::forcecast> a) {
        py::array_t<uint16_t> out(a.request().shape);
        const float *src = a.data();
        uint16_t *dst = out.mutable_data();
        for (ssize_t i = 0; i < a.size(); ++i)
          dst[i] = sem::f32ToBF16(src[i]);
        return out;
      },
      "bf16 bit patterns (uint16) of float32 values: RNE, NaN kept NaN (the engine's rule).");
  m.def(
      "bf16_from_float64",
      [](py::array_t<double, py::array::c_style | py::array::forcecast> a) {
        py::array_t<uint16_t> out(a.request().shape);
        const double *src = a.data();
        uint16_t *dst = out.mutable_data();
        for (ssize_t i = 0; i < a.size(); ++i)
          dst[i] = driver::roundDouble(llvm::APFloat::BFloat(), src[i]);
        return out;
      },
      "bf16 bit patterns (uint16) of float64 values, rounded once (RNE).");
  m.def(
      "bf16_to_float32",
      [](py::array_t<uint16_t, py::array::c_style | py::array::forcecast> a) {
        py::array_t<float> out(a.request().shape);
        const uint16_t *src = a.data();
        float *dst = out.mutable_data();
        for (ssize_t i = 0; i < a.size(); ++i)
          dst[i] = sem::bf16ToF32(src[i]);
        return out;
      },
      "float32 values of bf16 bit patterns (uint16); exact.");
  m.attr("semantics_version") = sem::kSemanticsVersion;
  m.attr("default_ub_capacity") = sem::kDefaultUBCapacity;
  m.attr("modes") = py::make_tuple(driver::runModeName(driver::RunMode::Interp).str(),
                                   driver::runModeName(driver::RunMode::Jit).str(),
                                   driver::runModeName(driver::RunMode::Check).str());
}
