//===- Npy.cpp - NumPy .npy files -------------------------------*- C++ -*-===//
//
// The .npy format (NEP 1): magic "\x93NUMPY", version, header length, a
// Python dict literal with 'descr', 'fortran_order' and 'shape', padding to
// 64 bytes, then the raw data.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Interpreter/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ascreg {

uint64_t NpyArray::numElements() const {
  uint64_t n = 1;
  for (int64_t d : shape) n *= static_cast<uint64_t>(d);
  return n;
}

std::string NpyArray::descr() const {
  return formatv("{0}{1}{2}", itemBytes == 1 ? '|' : '<', kind, itemBytes).str();
}

static Error bad(StringRef path, const Twine &why) {
  return createStringError(inconvertibleErrorCode(), "bad .npy file '" + path + "': " + why);
}

/// Value of `key` in the header dict: the text after "'key':" up to the
/// matching delimiter.
static std::optional<StringRef> dictValue(StringRef header, StringRef key) {
  std::string pat = ("'" + key + "'").str();
  size_t at = header.find(pat);
  if (at == StringRef::npos) return std::nullopt;
  StringRef rest = header.drop_front(at + pat.size()).ltrim();
  if (!rest.consume_front(":")) return std::nullopt;
  rest = rest.ltrim();
  if (rest.starts_with("'")) {
    size_t end = rest.find('\'', 1);
    if (end == StringRef::npos) return std::nullopt;
    return rest.slice(1, end);
  }
  if (rest.starts_with("(")) {
    size_t end = rest.find(')');
    if (end == StringRef::npos) return std::nullopt;
    return rest.slice(1, end);
  }
  size_t end = rest.find_first_of(",}");
  return rest.take_front(end).trim();
}

Expected<NpyArray> readNpy(StringRef path) {
  auto file = MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!file)
    return createStringError(file.getError(),
                             "cannot read .npy file '" + path + "': " + file.getError().message());
  StringRef buf = (*file)->getBuffer();
  if (buf.size() < 10 || !buf.starts_with("\x93NUMPY"))
    return bad(path, "missing the \\x93NUMPY magic");
  unsigned major = static_cast<uint8_t>(buf[6]);
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = static_cast<uint8_t>(buf[8]) | (static_cast<uint8_t>(buf[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (buf.size() < 12) return bad(path, "truncated header");
    headerLen = 0;
    for (int i = 0; i < 4; ++i) headerLen |= size_t(static_cast<uint8_t>(buf[8 + i])) << (8 * i);
    headerStart = 12;
  } else {
    return bad(path, formatv("unsupported format version {0}", major));
  }
  if (headerStart + headerLen > buf.size()) return bad(path, "truncated header");
  StringRef header = buf.substr(headerStart, headerLen);
  auto descr = dictValue(header, "descr");
  auto fortran = dictValue(header, "fortran_order");
  auto shape = dictValue(header, "shape");
  if (!descr || !fortran || !shape)
    return bad(path, "header lacks 'descr', 'fortran_order' or 'shape'");
  if (*fortran != "False") return bad(path, "Fortran-order arrays are not supported (use C order)");
  NpyArray arr;
  StringRef d = *descr;
  if (d.size() < 3) return bad(path, "unsupported dtype '" + d + "'");
  char order = d[0];
  arr.kind = d[1];
  if (d.drop_front(2).getAsInteger(10, arr.itemBytes))
    return bad(path, "unsupported dtype '" + d + "'");
  if (arr.kind != 'i' && arr.kind != 'u' && arr.kind != 'f')
    return bad(path, "dtype '" + d + "' is not an integer or float type");
  if (arr.itemBytes != 1 && arr.itemBytes != 2 && arr.itemBytes != 4 && arr.itemBytes != 8)
    return bad(path, "unsupported element size in dtype '" + d + "'");
  if (order == '>' && arr.itemBytes > 1) return bad(path, "big-endian data is not supported");
  if (order != '<' && order != '|' && order != '=' && order != '>')
    return bad(path, "unsupported dtype '" + d + "'");
  SmallVector<StringRef> dims;
  shape->split(dims, ',', -1, /*KeepEmpty=*/false);
  for (StringRef dim : dims) {
    dim = dim.trim();
    if (dim.empty()) continue;
    int64_t n;
    if (dim.getAsInteger(10, n) || n < 0) return bad(path, "malformed shape (" + *shape + ")");
    arr.shape.push_back(n);
  }
  uint64_t bytes = arr.numElements() * arr.itemBytes;
  StringRef data = buf.drop_front(headerStart + headerLen);
  if (data.size() != bytes)
    return bad(path, formatv("shape ({0}) of {1} needs {2} data bytes, the file has {3}", *shape,
                             d, bytes, data.size()));
  arr.data.assign(data.bytes_begin(), data.bytes_end());
  return arr;
}

Error writeNpy(StringRef path, const NpyArray &arr) {
  std::string shape;
  for (int64_t d : arr.shape) shape += std::to_string(d) + ", ";
  if (arr.shape.size() > 1) shape.resize(shape.size() - 2);
  else if (arr.shape.size() == 1) shape.resize(shape.size() - 1);
  std::string header =
      formatv("{{'descr': '{0}', 'fortran_order': False, 'shape': ({1}), }", arr.descr(), shape)
          .str();
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  raw_fd_ostream os(path, ec, sys::fs::OF_None);
  if (ec) return createStringError(ec, "cannot write '" + path + "': " + ec.message());
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
     << char((header.size() >> 8) & 0xff) << header;
  os.write(reinterpret_cast<const char *>(arr.data.data()), arr.data.size());
  return Error::success();
}

} // namespace ascreg
