//===- Arguments.cpp - numpy arrays and Python scalars as arguments -------===//
#include "Arguments.h"

#include "ascreg/Driver/Arguments.h"
#include "ascreg/Driver/Scalar.h"

#include <optional>

using namespace mlir;
namespace sem = ::ascreg::semantics;
namespace interp = ::ascreg::interp;
namespace driver = ::ascreg::driver;

namespace ascreg_python {
namespace {

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

std::string dtypeName(const py::dtype &dt) { return py::str(py::handle(dt)).cast<std::string>(); }

bool dtypeMatches(const ParamInfo &p, const py::dtype &dt) {
  char kind = dt.kind();
  ssize_t size = dt.itemsize();
  char order = dt.byteorder();
  if (order == '>' && size > 1)
    return false;
  return size > 0 && driver::acceptsElements(p.elemType, {kind, static_cast<unsigned>(size)});
}

} // namespace

std::string paramLabel(const ParamInfo &p) {
  return "argument " + std::to_string(p.index) + " (" + p.name + ": " + p.type + ")";
}

void argError(const ParamInfo *p, const std::string &msg) {
  AscregError e{ErrorKind::Argument, msg};
  if (p) {
    e.argument = static_cast<int>(p->index);
    e.file = p->file;
    e.line = p->line;
    e.column = p->column;
  }
  throw e;
}

std::vector<std::string> acceptedDtypes(const ParamInfo &p) {
  std::vector<std::string> names;
  for (driver::ElementKind k : driver::acceptedElementKinds(p.elemType)) {
    std::string bits = std::to_string(8 * k.bytes);
    names.push_back(k.kind == 'f' ? "float" + bits : k.kind == 'i' ? "int" + bits : "uint" + bits);
  }
  return names;
}

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
      // The driver's rule and message (Scalar.h), on the int's decimal text.
      auto bits = driver::parseScalar(p.elemType, std::string(py::str(v)));
      if (!bits)
        argError(&p, paramLabel(p) + ": " + llvm::toString(bits.takeError()));
      out[i] = interp::Arg::scalar(*bits);
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

void populateScalarBindings(py::module_ &m) {
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
}

} // namespace ascreg_python
