//===- Npy.cpp - NumPy .npy files -------------------------------*- C++ -*-===//
//
// The .npy format (NEP 1): magic "\x93NUMPY", version, header length, a
// Python dict literal with 'descr', 'fortran_order' and 'shape', padding to
// 64 bytes, then the raw data.
//
// The reader trusts nothing in the file: the header is parsed as exactly one
// dict literal with exactly the three keys, the shape product and the byte
// size are computed with overflow checks, and the data must be exactly
// shape x itemsize bytes (see Npy.h for the accepted set and the decisions).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Interpreter/Npy.h"
#include "ascreg/Support/InputFile.h"
#include "ascreg/Support/OutputFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace ascreg {

uint64_t NpyArray::numElements() const {
  uint64_t n = 1;
  for (int64_t d : shape)
    n *= static_cast<uint64_t>(d);
  return n;
}

std::string NpyArray::descr() const {
  return formatv("{0}{1}{2}", itemBytes == 1 ? '|' : '<', kind, itemBytes).str();
}

static Error bad(StringRef path, const Twine &why) {
  return createStringError(inconvertibleErrorCode(), "bad .npy file '" + path + "': " + why);
}

namespace {

/// One value of the header dict.
struct DictValue {
  enum Kind { String, Bool, Tuple, Other } kind = Other;
  StringRef text;                // the literal as written (a string without quotes,
                                 // a tuple without parentheses)
  bool boolean = false;          // Bool
  SmallVector<uint64_t, 4> ints; // Tuple
};

/// A recursive-descent parser of the header dict, a Python literal of the
/// form {'descr': '<f4', 'fortran_order': False, 'shape': (3,), } followed
/// only by spaces and the terminating newline. It accepts the subset of
/// Python literal syntax that numpy writes: single- or double-quoted strings
/// without escapes, True / False, tuples of non-negative decimal integers
/// (optionally with a Python 2 'L' suffix), trailing commas.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : s(text) {}

  /// Parses the whole header into `out`; on failure returns what is wrong.
  std::optional<std::string> parse(SmallVectorImpl<std::pair<StringRef, DictValue>> &out) {
    skipSpace();
    if (!eat('{'))
      return expected("'{' opening the header dict");
    skipSpace();
    while (!eat('}')) {
      std::optional<StringRef> key = string();
      if (!key)
        return expected("a quoted key or '}'");
      skipSpace();
      if (!eat(':'))
        return expected("':' after key '" + key->str() + "'");
      skipSpace();
      DictValue v;
      if (auto err = value(v))
        return err;
      out.push_back({*key, v});
      skipSpace();
      if (eat(',')) {
        skipSpace();
        continue;
      }
      if (!eat('}'))
        return expected("',' or '}' after the value of '" + key->str() + "'");
      break;
    }
    // Only padding may follow: spaces, and the newline that ends the header.
    StringRef rest = s.drop_front(pos);
    if (!rest.ltrim(" \t\r\n\f\v").empty())
      return formatv("unexpected text after the header dict at byte {0}: '{1}'", pos,
                     printable(rest.trim().take_front(20)))
          .str();
    return std::nullopt;
  }

private:
  StringRef s;
  size_t pos = 0;

  bool atEnd() const { return pos >= s.size(); }
  char peek() const { return atEnd() ? '\0' : s[pos]; }
  bool eat(char c) {
    if (peek() != c || atEnd())
      return false;
    ++pos;
    return true;
  }
  void skipSpace() {
    while (!atEnd() && isSpace(s[pos]))
      ++pos;
  }
  static std::string printable(StringRef t) {
    std::string r;
    for (char c : t) {
      if (isPrint(c)) {
        r += c;
      } else {
        r += "\\x";
        r += hexdigit(uint8_t(c) >> 4, /*LowerCase=*/true);
        r += hexdigit(uint8_t(c) & 15, /*LowerCase=*/true);
      }
    }
    return r;
  }
  std::string expected(const Twine &what) const {
    if (atEnd())
      return ("malformed header dict: expected " + what + ", found the end of the header").str();
    return ("malformed header dict: expected " + what + " at byte " + Twine(pos) + ", found '" +
            printable(s.drop_front(pos).take_front(12)) + "'")
        .str();
  }

  std::optional<StringRef> string() {
    char q = peek();
    if (q != '\'' && q != '"')
      return std::nullopt;
    size_t end = s.find(q, pos + 1);
    if (end == StringRef::npos)
      return std::nullopt;
    StringRef r = s.slice(pos + 1, end);
    if (r.contains('\\') || r.contains('\n'))
      return std::nullopt; // numpy never escapes
    pos = end + 1;
    return r;
  }

  /// A non-negative decimal integer (with an optional Python 2 'L').
  std::optional<std::string> integer(uint64_t &v) {
    size_t start = pos;
    while (!atEnd() && isDigit(s[pos]))
      ++pos;
    StringRef digits = s.slice(start, pos);
    if (digits.empty())
      return expected("a non-negative integer dimension");
    eat('L');
    if (digits.getAsInteger(10, v))
      return ("shape dimension " + digits + " does not fit in 64 bits").str();
    return std::nullopt;
  }

  std::optional<std::string> value(DictValue &v) {
    size_t start = pos;
    if (auto str = string()) {
      v.kind = DictValue::String;
      v.text = *str;
      return std::nullopt;
    }
    if (s.drop_front(pos).starts_with("True") || s.drop_front(pos).starts_with("False")) {
      v.kind = DictValue::Bool;
      v.boolean = s[pos] == 'T';
      pos += v.boolean ? 4 : 5;
      v.text = s.slice(start, pos);
      return std::nullopt;
    }
    if (eat('(')) {
      v.kind = DictValue::Tuple;
      skipSpace();
      size_t inner = pos;
      // () | (d,) | (d, d, ...) with an optional trailing comma.
      while (!eat(')')) {
        if (peek() == '-')
          return "negative shape dimension in (" + s.slice(inner, s.find(')', pos)).str() + ")";
        uint64_t d = 0;
        if (auto err = integer(d))
          return err;
        v.ints.push_back(d);
        skipSpace();
        if (eat(',')) {
          skipSpace();
          continue;
        }
        if (!eat(')'))
          return expected("',' or ')' in the shape tuple");
        if (v.ints.size() == 1)
          return "malformed shape: a one-dimensional shape is written (N,), not (N)";
        break;
      }
      v.text = s.slice(inner, pos - 1).rtrim();
      return std::nullopt;
    }
    // Something else (a list for a structured dtype, a number, ...): skip to
    // the next top-level ',' or '}' so the caller can name the key.
    int depth = 0;
    while (!atEnd()) {
      char c = s[pos];
      if (c == '[' || c == '(' || c == '{')
        ++depth;
      else if (c == ']' || c == ')' || c == '}') {
        if (depth == 0)
          break;
        --depth;
      } else if (c == ',' && depth == 0)
        break;
      ++pos;
    }
    if (pos == start)
      return expected("a value");
    v.kind = DictValue::Other;
    v.text = s.slice(start, pos).rtrim();
    return std::nullopt;
  }
};

} // namespace

Expected<NpyArray> readNpy(StringRef path) {
  auto file = ascreg::readBoundedFile(path);
  if (!file)
    return createStringError(file.getError(), "cannot read .npy file '" + path + "': " +
                                                  ascreg::describeReadError(file.getError()));
  return parseNpy((*file)->getBuffer(), path);
}

Expected<NpyArray> parseNpy(StringRef buf, StringRef path) {

  // Preamble: magic, version, header length.
  static constexpr StringLiteral kMagic("\x93NUMPY");
  if (!buf.starts_with(kMagic)) {
    if (buf.empty())
      return bad(path, "empty file (missing the \\x93NUMPY magic)");
    if (!kMagic.starts_with(buf))
      return bad(path, "missing the \\x93NUMPY magic");
  }
  if (buf.size() < 10)
    return bad(path, formatv("truncated preamble: the file has {0} bytes, a .npy file has at "
                             "least 10 before its header",
                             buf.size()));
  unsigned major = static_cast<uint8_t>(buf[6]), minor = static_cast<uint8_t>(buf[7]);
  size_t headerLen, headerStart;
  if (major == 1 && minor == 0) {
    headerLen = static_cast<uint8_t>(buf[8]) | (static_cast<uint8_t>(buf[9]) << 8);
    headerStart = 10;
  } else if ((major == 2 || major == 3) && minor == 0) {
    if (buf.size() < 12)
      return bad(path, formatv("truncated preamble: a version {0}.0 file has 12 bytes before its "
                               "header, the file has {1}",
                               major, buf.size()));
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= size_t(static_cast<uint8_t>(buf[8 + i])) << (8 * i);
    headerStart = 12;
  } else {
    return bad(path, formatv("unsupported format version {0}.{1} (supported: 1.0, 2.0, 3.0)", major,
                             minor));
  }
  if (headerLen > kNpyMaxHeaderBytes)
    return bad(path, formatv("header length {0} exceeds the limit of {1} bytes (numpy's "
                             "default max_header_size)",
                             headerLen, kNpyMaxHeaderBytes));
  if (headerLen > buf.size() - headerStart)
    return bad(path, formatv("truncated header: the preamble declares {0} header bytes, the file "
                             "has {1} after the preamble",
                             headerLen, buf.size() - headerStart));
  StringRef header = buf.substr(headerStart, headerLen);

  // The header dict.
  SmallVector<std::pair<StringRef, DictValue>> entries;
  if (auto err = HeaderParser(header).parse(entries))
    return bad(path, *err);
  std::optional<DictValue> descr, fortran, shape;
  for (auto &[key, value] : entries) {
    std::optional<DictValue> *slot = key == "descr"           ? &descr
                                     : key == "fortran_order" ? &fortran
                                     : key == "shape"         ? &shape
                                                              : nullptr;
    if (!slot)
      return bad(path, "unexpected key '" + key +
                           "' in the header dict (expected 'descr', 'fortran_order' and 'shape')");
    if (*slot)
      return bad(path, "duplicate key '" + key + "' in the header dict");
    *slot = value;
  }
  for (auto [name, slot] : {std::pair<StringRef, std::optional<DictValue> *>{"descr", &descr},
                            {"fortran_order", &fortran},
                            {"shape", &shape}})
    if (!*slot)
      return bad(path, "header dict lacks the key '" + name + "'");
  if (fortran->kind != DictValue::Bool)
    return bad(path, "'fortran_order' must be True or False, got " + fortran->text);
  if (fortran->boolean)
    return bad(path, "Fortran-order arrays (fortran_order: True) are not supported (use C order)");
  if (shape->kind != DictValue::Tuple)
    return bad(path, "'shape' must be a tuple of non-negative integers, got " + shape->text);
  if (descr->kind != DictValue::String)
    return bad(path, "'descr' must be a dtype string such as '<f4', got " + descr->text +
                         " (structured dtypes are not supported)");

  // dtype: byte order, kind, size.
  NpyArray arr;
  StringRef d = descr->text;
  auto unsupported = [&](const Twine &why) {
    return bad(path, "unsupported dtype '" + d + "': " + why +
                         "; supported: little-endian ('<', '=', or '|' for 1 byte) i1 i2 i4 i8 "
                         "u1 u2 u4 u8 f2 f4 f8");
  };
  if (d.size() < 3)
    return unsupported("not a byte order, kind and size");
  char order = d[0];
  arr.kind = d[1];
  if (order != '<' && order != '|' && order != '=' && order != '>')
    return unsupported("unknown byte order '" + Twine(order) + "'");
  if (arr.kind != 'i' && arr.kind != 'u' && arr.kind != 'f')
    return unsupported("not an integer or float type");
  if (d.drop_front(2).getAsInteger(10, arr.itemBytes) ||
      (arr.itemBytes != 1 && arr.itemBytes != 2 && arr.itemBytes != 4 && arr.itemBytes != 8) ||
      (arr.kind == 'f' && arr.itemBytes == 1))
    return unsupported("the element size must be 1, 2, 4 or 8 bytes (2, 4 or 8 for floats)");
  if (order == '>' && arr.itemBytes > 1)
    return bad(path, "big-endian data ('" + d + "') is not supported");

  // Shape: every dimension an int64, the element count and the byte size
  // without wrapping. A zero dimension makes an empty array whatever the
  // others are.
  std::string shapeText = ("(" + shape->text + ")").str();
  bool empty = false;
  for (uint64_t dim : shape->ints) {
    if (dim > uint64_t(INT64_MAX))
      return bad(path, "shape dimension " + Twine(dim) + " in " + shapeText + " exceeds 2^63-1");
    empty |= dim == 0;
    arr.shape.push_back(static_cast<int64_t>(dim));
  }
  uint64_t elements = 1, bytes = 0;
  if (empty) {
    elements = 0;
  } else {
    for (uint64_t dim : shape->ints)
      if (__builtin_mul_overflow(elements, dim, &elements))
        return bad(path, "the element count of shape " + shapeText + " overflows 64 bits");
  }
  if (__builtin_mul_overflow(elements, uint64_t(arr.itemBytes), &bytes))
    return bad(path, formatv("shape {0} of {1} has {2} elements of {3} bytes: the byte size "
                             "overflows 64 bits",
                             shapeText, d, elements, arr.itemBytes));

  // Data: exactly shape x itemsize bytes.
  StringRef data = buf.drop_front(headerStart + headerLen);
  if (data.size() < bytes)
    return bad(path, formatv("shape {0} of {1} needs {2} data bytes, the file has {3}: the data is "
                             "truncated",
                             shapeText, d, bytes, data.size()));
  if (data.size() > bytes)
    return bad(path, formatv("shape {0} of {1} needs {2} data bytes, the file has {3}: {4} "
                             "trailing bytes after the data",
                             shapeText, d, bytes, data.size(), data.size() - bytes));
  arr.data.assign(data.bytes_begin(), data.bytes_end());
  return arr;
}

Expected<std::string> encodeNpy(StringRef path, const NpyArray &arr) {
  std::string shape;
  for (int64_t d : arr.shape)
    shape += std::to_string(d) + ", ";
  if (arr.shape.size() > 1)
    shape.resize(shape.size() - 2);
  else if (arr.shape.size() == 1)
    shape.resize(shape.size() - 1);
  // The header must describe the data exactly (readNpy rejects anything else).
  uint64_t elements = 1, bytes = 0;
  bool overflow = false, empty = false;
  for (int64_t d : arr.shape) {
    if (d < 0)
      return createStringError(inconvertibleErrorCode(), "cannot write '" + path +
                                                             "': negative dimension in shape (" +
                                                             shape + ")");
    empty |= d == 0;
    overflow |= __builtin_mul_overflow(elements, uint64_t(d), &elements);
  }
  if (empty)
    elements = 0, overflow = false; // as readNpy: a zero dimension empties the array
  overflow |= __builtin_mul_overflow(elements, uint64_t(arr.itemBytes), &bytes);
  if (overflow || bytes != arr.data.size())
    return createStringError(inconvertibleErrorCode(),
                             formatv("cannot write '{0}': shape ({1}) of {2} does not describe "
                                     "the {3} data bytes of the array",
                                     path, shape, arr.descr(), arr.data.size()));
  std::string header =
      formatv("{{'descr': '{0}', 'fortran_order': False, 'shape': ({1}), }", arr.descr(), shape)
          .str();
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  if (header.size() > 0xFFFF)
    return createStringError(inconvertibleErrorCode(),
                             "cannot write '" + path +
                                 "': the header does not fit a version 1.0 file");
  std::string out = "\x93NUMPY";
  out += char(1);
  out += char(0);
  out += char(header.size() & 0xff);
  out += char((header.size() >> 8) & 0xff);
  out += header;
  out.append(reinterpret_cast<const char *>(arr.data.data()), arr.data.size());
  return out;
}

Error writeNpyFiles(ArrayRef<std::pair<std::string, const NpyArray *>> files) {
  // Every file is encoded before anything is written.
  std::vector<std::string> bytes;
  bytes.reserve(files.size());
  for (auto &[path, arr] : files) {
    Expected<std::string> encoded = encodeNpy(path, *arr);
    if (!encoded)
      return encoded.takeError();
    bytes.push_back(std::move(*encoded));
  }
  std::vector<OutputContent> outputs;
  for (auto [i, file] : llvm::enumerate(files))
    outputs.push_back({file.first, [&, i = i](raw_ostream &os) { os << bytes[i]; }});
  return writeOutputFiles(outputs);
}

Error writeNpy(StringRef path, const NpyArray &arr) { return writeNpyFiles({{path.str(), &arr}}); }

} // namespace ascreg
