//===- Trace.h - the host twin's replayable trace ---------------*- C++ -*-===//
//
// With tracing on (ASCREG_TRACE=DIR, or ascreg::twin::startTrace(DIR)), a
// twin run writes what it executed as ascreg MLIR that `ascreg-run` replays
// bit for bit (docs/regapi.md, "Tracing"):
//   - every Reg / C API call becomes its ascreg op, located at the user's
//     file:line:col; loops are unrolled and scalars are constants;
//   - every `__ubuf__` array a call touched is a memref parameter whose
//     .npy holds the bytes as the trace first saw them (what GM copies and
//     scalar code put there); bytes that change between calls without a
//     traced op (scalar stores, GM -> UB copies into data the trace has
//     seen) become `memref.store`s of their new values, so the replay's UB
//     always equals the twin's where the next op reads;
//   - registers and masks are SSA values, found by the register's address
//     (and bits) or, for copies, by their bits; a value made outside the
//     traced calls (a raw intrinsic, an uninitialised register) is loaded
//     from the parameter `trace_values`;
//   - one module per segment: a launched block, or the calls outside a
//     launch; a change of the CTRL state starts a new segment.
// DIR/replay.sh runs `ascreg-run` on each segment, writing the arrays that
// were copied to GM with --out; extra arguments (--check=all, --explain,
// --report) pass through. DIR/README lists the parameters.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_TRACE_H
#define ASCREG_ASCENDC_TWIN_TRACE_H

#include "ascreg/AscendC/twin/UB.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ascreg {
namespace twin {
namespace trace {

//===----------------------------------------------------------------------===//
// Spelling
//===----------------------------------------------------------------------===//

/// The memref element / scalar type of each ElemKind (integers are
/// signless) and the .npy dtype ascreg-run accepts for a memref of it, in
/// ElemKind order.
struct KindSpelling {
  const char *scalar, *npy;
};
inline const KindSpelling &spelling(S::ElemKind k) {
  static const KindSpelling table[] = {{"i8", "|i1"},  {"i8", "|u1"},  {"i16", "<i2"},
                                       {"i16", "<u2"}, {"f16", "<f2"}, {"bf16", "<u2"},
                                       {"i32", "<i4"}, {"i32", "<u4"}, {"f32", "<f4"},
                                       {"i64", "<i8"}, {"i64", "<u8"}};
  return table[unsigned(k)];
}
inline const char *scalarType(S::ElemKind k) { return spelling(k).scalar; }
inline const char *npyDescr(S::ElemKind k) { return spelling(k).npy; }
inline std::string vregType(S::RegType t) {
  return "!ascreg.vreg<" + std::to_string(t.lanes()) + "x" + S::elemName(t.elem) + ">";
}
/// The register type `t` read from / written to a memref of kind `m` (same
/// width): t itself if the kinds agree or both are integers, else m's.
inline S::RegType memoryRegType(S::RegType t, S::ElemKind m) {
  if (t.elem == m || (!S::isFloat(t.elem) && !S::isFloat(m)))
    return t;
  return S::RegType{m, t.numRegs};
}
inline std::string locText(const Loc &l) {
  std::string file;
  for (const char *p = l.file_name(); *p; ++p) {
    if (*p == '"' || *p == '\\')
      file += '\\';
    file += *p;
  }
  return "loc(\"" + file + "\":" + std::to_string(l.line()) + ":" + std::to_string(l.column()) +
         ")";
}
/// The text of an arith.constant of kind `k` with raw bits `bits`.
inline std::string constantText(S::ElemKind k, uint64_t bits) {
  unsigned w = S::elemBytes(k) * 8;
  if (w < 64)
    bits &= (uint64_t(1) << w) - 1;
  char buf[48];
  if (S::isFloat(k)) {
    std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(bits));
  } else {
    int64_t v = w < 64 && (bits >> (w - 1)) ? int64_t(bits) - (int64_t(1) << w) : int64_t(bits);
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  }
  return std::string(buf) + " : " + scalarType(k);
}
inline const char *patternName(S::MaskPattern p) {
  static const char *const names[] = {"ALL",  "VL1",   "VL2", "VL3", "VL4", "VL8", "VL16", "VL32",
                                      "VL64", "VL128", "M3",  "M4",  "H",   "Q",   "?",    "ALLF"};
  return names[unsigned(p) & 15];
}
inline std::string ctrlText(const S::Ctrl &c) {
  return std::string("#ascreg.ctrl<saturation = ") + (c.globalSat ? "global" : "instruction") +
         ", float_overflow = " + (c.floatNonSat ? "inf_nan" : "saturate") +
         ", int_overflow = " + (c.intTruncate ? "truncate" : "saturate") +
         ", fp8_nan = " + (c.fp8NanKeep ? "keep" : "zero") + ">";
}

/// Writes `text` to `path`; false if any of it could not be written.
inline bool writeText(const std::string &path, const std::string &text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  f.close();
  return !f.fail();
}

/// Writes `bytes` as a one-dimensional .npy of dtype `descr`.
inline bool writeNpy(const std::string &path, const char *descr, unsigned itemBytes,
                     const std::vector<uint8_t> &bytes) {
  std::string header = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': (" +
                       std::to_string(bytes.size() / itemBytes) + ",), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream f(path, std::ios::binary);
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = uint16_t(header.size());
  char le[2] = {char(len & 0xFF), char(len >> 8)};
  f.write(le, 2);
  f.write(header.data(), std::streamsize(header.size()));
  f.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
  f.close(); // a full disk shows only when the buffer is flushed
  return !f.fail();
}

//===----------------------------------------------------------------------===//
// The recorder
//===----------------------------------------------------------------------===//

/// A memref parameter: UB bytes from `start` as the replay has them.
struct Region {
  uint64_t start = 0;
  S::ElemKind kind = S::ElemKind::U8;
  std::string name;     // the parameter's name (%name)
  std::string declared; // its location text (the __ubuf__ declaration)
  bool pool = false;    // trace_values: not UB, no syncing
  bool output = false;  // copied to GM: replay.sh writes it with --out
  std::vector<uint8_t> initial, model;
  std::vector<bool> known;
  std::string type() const { return std::string("memref<?x") + scalarType(kind) + ">"; }
  void grow(uint64_t end) {
    unsigned w = S::elemBytes(kind);
    end = (end + w - 1) / w * w;
    if (end > model.size()) {
      initial.resize(end, 0);
      model.resize(end, 0);
      known.resize(end, false);
    }
  }
};

/// A register or mask value of the module.
struct Value {
  std::string name;
  S::RegType type;
};

class Recorder {
public:
  explicit Recorder(std::string dir) : dir(std::move(dir)) {}
  ~Recorder() { finish(); }

  /// Starts a traced call at `loc` (a new segment if none is open or the
  /// CTRL state changed).
  void beginCall(const Loc &loc) {
    here = locText(loc);
    const S::Ctrl &c = ascreg_host::profile().ctrl;
    if (open && !(c == ctrl))
      endSegment();
    if (!open)
      beginSegment(c);
  }

  std::string reg(const void *addr, const S::Reg &bits, S::RegType t) {
    std::string key = keyOf('r', bits.b, t.bytes());
    int id = lookup(addr, key);
    if (id < 0)
      return materialize(bits, t);
    if (values[id].type == t)
      return values[id].name;
    if (values[id].type.numRegs != t.numRegs)
      return materialize(bits, t);
    return temp(bitcastOf(values[id].name, values[id].type, t));
  }
  std::string mask(const void *addr, const S::Mask &m) {
    int id = lookup(addr, keyOf('m', m.w, sizeof m.w));
    return id >= 0 ? values[id].name : materializeMask(m);
  }
  std::string constant(S::ElemKind k, uint64_t bits) { return cached(constantText(k, bits)); }
  std::string i32(uint32_t v) { return constant(S::ElemKind::I32, v); }
  std::string index(uint64_t v) { return cached(std::to_string(v) + " : index"); }

  /// Emits `%vN = op` (the result of type t now held at addr).
  std::string defReg(const void *addr, const S::Reg &bits, S::RegType t, const std::string &op) {
    std::string name = fresh();
    emit(name + " = " + op);
    define(addr, keyOf('r', bits.b, t.bytes()), {name, t});
    return name;
  }
  std::string defMask(const void *addr, const S::Mask &m, const std::string &op,
                      const char *secondResult = nullptr) {
    std::string name = fresh();
    emit(name + (secondResult ? ", " + name + "_" + secondResult : "") + " = " + op);
    define(addr, keyOf('m', m.w, sizeof m.w), {name, S::RegType{S::ElemKind::U8}});
    return name;
  }
  void emit(const std::string &op) { body += "    " + op + " " + here + "\n"; }
  /// Emits `%vN = op` for a value no C++ register holds.
  std::string temp(const std::string &op) {
    std::string name = fresh();
    emit(name + " = " + op);
    return name;
  }
  /// The bitcast op of `v` from `from` to `to` (for defReg / temp).
  std::string bitcastOf(const std::string &v, S::RegType from, S::RegType to) {
    return "ascreg.bitcast " + v + " : " + vregType(from) + " -> " + vregType(to);
  }

  /// The parameter and element offset of UB pointer `p` for an access of
  /// `width`-byte elements, its bytes [lo, hi) from p synced first.
  struct Memory {
    Region *region = nullptr;
    std::string offset;
    uint64_t byteOffset = 0;
  };
  Memory memory(const void *p, S::ElemKind want, uint64_t lo, uint64_t hi, bool exactBase) {
    uint64_t a = uint64_t(ub().addressOf(p));
    const UBAllocation *in = ub().allocationAt(a);
    unsigned w = S::elemBytes(want);
    Memory m;
    if (in && S::elemBytes(in->kind) == w && (!exactBase || in->start == a) &&
        (!exactBase || std::strcmp(scalarType(in->kind), scalarType(want)) == 0))
      m.region = &region(in->start, in->kind, in->name, locText(in->loc));
    else if (in && !exactBase)
      m.region = &region(in->start, want, std::string(in->name) + "_" + S::elemName(want),
                         locText(in->loc));
    else
      m.region = &region(a, want,
                         in ? std::string(in->name) + "_at" + std::to_string(a - in->start)
                            : "ub" + std::to_string(a),
                         in ? locText(in->loc) : here);
    m.byteOffset = a - m.region->start;
    m.offset = index(m.byteOffset / w);
    sync(*m.region, m.byteOffset + lo, m.byteOffset + hi);
    return m;
  }
  /// After a traced store: bytes [lo, hi) of the region hold what UB holds.
  void stored(Region &r, uint64_t lo, uint64_t hi) {
    r.grow(hi);
    std::memcpy(r.model.data() + lo, ub().data() + r.start + lo, hi - lo);
  }
  /// A GM -> UB copy wrote UB bytes [p, p + bytes): data the trace has seen
  /// becomes memref.stores here.
  void copiedIn(const void *p, uint64_t bytes) {
    uint64_t a = uint64_t(ub().addressOf(p));
    for (auto &r : regions)
      if (!r->pool && a < r->start + r->model.size() && r->start < a + bytes) {
        uint64_t lo = a > r->start ? a - r->start : 0;
        uint64_t hi = std::min<uint64_t>(a + bytes - r->start, r->model.size());
        syncKnown(*r, lo, hi);
      }
  }
  /// A UB -> GM copy of [p, p + bytes): an output of the segment.
  void copiedOut(const void *p, uint64_t bytes) {
    uint64_t a = uint64_t(ub().addressOf(p));
    const UBAllocation *in = ub().allocationAt(a);
    S::ElemKind k = in ? in->kind : S::ElemKind::U8;
    // An array the calls read through another element type (a byte buffer
    // of a test harness) is output as the view they used.
    for (auto &r : regions)
      if (!r->pool && in && r->start == in->start && in->start == a &&
          bytes % S::elemBytes(r->kind) == 0) {
        k = r->kind;
        break;
      }
    Memory m = memory(p, k, 0, bytes, false);
    m.region->output = true;
  }

  /// Writes the open segment (its module, .npy files and replay line).
  void endSegment() {
    if (!open)
      return;
    open = false;
    std::string seg = "trace" + std::to_string(segments);
    std::string params, args, outs, readme;
    // Parameters in UB order (the values pools last).
    std::sort(regions.begin(), regions.end(), [](const auto &a, const auto &b) {
      return a->start != b->start ? a->start < b->start : unsigned(a->kind) < unsigned(b->kind);
    });
    unsigned i = 0;
    for (auto &r : regions) {
      if (r->model.empty())
        r->grow(S::elemBytes(r->kind));
      std::string file = seg + "." + r->name + ".npy";
      unsigned w = S::elemBytes(r->kind);
      if (!writeNpy(dir + "/" + file, npyDescr(r->kind), w, r->initial))
        failed("cannot write " + dir + "/" + file);
      params += std::string(i ? ",\n      " : "") + "%" + r->name + ": memref<?x" +
                scalarType(r->kind) + "> loc(\"" + r->name + "\"(" + r->declared.substr(4) + ")";
      args += " --arg=" + file;
      readme += "//   parameter " + std::to_string(i) + ": %" + r->name + ", " +
                std::to_string(r->model.size() / w) + " x " + S::elemName(r->kind) +
                (r->pool ? " (register values computed outside the traced calls)"
                         : " (the __ubuf__ array declared at " + r->declared + ")") +
                (r->output ? ", copied to GM" : "") + "\n";
      if (r->output) {
        std::string twinFile = seg + "." + r->name + ".twin.npy";
        if (!writeNpy(dir + "/" + twinFile, npyDescr(r->kind), w, r->model))
          failed("cannot write " + dir + "/" + twinFile);
        outs += " --out=" + std::to_string(i) + ":" + seg + "." + r->name + ".out.npy";
      }
      ++i;
    }
    std::string text = "// The ascreg host twin's trace, segment " + std::to_string(segments) +
                       " (" + what + "). Replay: replay.sh " + std::to_string(segments) + "\n" +
                       readme + "module attributes {ascreg.target = \"dav-3510\"} {\n" +
                       "  func.func @kernel(" + params +
                       ")\n      attributes {ascreg.ctrl = " + ctrlText(ctrl) + "} {\n" + body +
                       "    return " + first + "\n  } " + first + "\n}\n";
    if (!writeText(dir + "/" + seg + ".mlir", text))
      failed("cannot write " + dir + "/" + seg + ".mlir");
    script += "if [ -z \"$only\" ] || [ \"$only\" = " + std::to_string(segments) + " ]; then\n" +
              "  \"$run\" " + seg + ".mlir" + args +
              (semantics == "documented" ? "" : " '--semantics=" + semantics + "'") + outs +
              " \"$@\" || status=1\nfi\n";
    ++segments;
    writeScript();
    regions.clear();
  }

  void finish() {
    endSegment();
    writeScript();
  }

  /// Bytes [lo, hi) of `r` as the replay must have them before an access:
  /// first seen bytes join the input; seen bytes that UB changed since become
  /// memref.stores of the new elements.
  void sync(Region &r, uint64_t lo, uint64_t hi) {
    if (r.pool || lo >= hi)
      return;
    r.grow(hi);
    const uint8_t *real = ub().data() + r.start;
    for (uint64_t b = lo; b < hi; ++b)
      if (!r.known[b]) {
        r.known[b] = true;
        r.initial[b] = r.model[b] = real[b];
      }
    syncKnown(r, lo, hi);
  }
  void syncKnown(Region &r, uint64_t lo, uint64_t hi) {
    const uint8_t *real = ub().data() + r.start;
    unsigned w = S::elemBytes(r.kind);
    for (uint64_t e = lo / w * w; e < hi; e += w) {
      if (std::memcmp(r.model.data() + e, real + e, w) == 0)
        continue;
      uint64_t bits = 0;
      std::memcpy(&bits, real + e, w);
      std::memcpy(r.model.data() + e, real + e, w);
      for (unsigned b = 0; b < w; ++b)
        r.known[e + b] = true;
      emit("memref.store " + constant(r.kind, bits) + ", %" + r.name + "[" + index(e / w) +
           "] : memref<?x" + scalarType(r.kind) + ">");
    }
  }

  /// What the next segment is (the launched block), for its header, and
  /// the launch's location (the function's), if any.
  std::string what = "calls outside a launch", launchedAt;

private:
  void beginSegment(const S::Ctrl &c) {
    open = true;
    ctrl = c;
    semantics = S::printProfile(ascreg_host::profile());
    first = launchedAt.empty() ? here : launchedAt;
    body.clear();
    values.clear();
    byAddress.clear();
    byBits.clear();
    constants.clear();
    regions.clear();
    next = 0;
  }

  std::string fresh() { return "%v" + std::to_string(next++); }
  std::string cached(const std::string &text) {
    auto it = constants.find(text);
    if (it != constants.end())
      return it->second;
    std::string name = "%c" + std::to_string(next++);
    emit(name + " = arith.constant " + text);
    constants.emplace(text, name);
    return name;
  }

  static std::string keyOf(char tag, const void *p, size_t n) {
    std::string k(1, tag);
    k.append(static_cast<const char *>(p), n);
    return k;
  }
  int lookup(const void *addr, const std::string &key) {
    auto a = byAddress.find(addr);
    if (a != byAddress.end() && a->second.second == key)
      return a->second.first;
    auto b = byBits.find(key);
    return b == byBits.end() ? -1 : int(b->second);
  }
  void define(const void *addr, std::string key, Value v) {
    values.push_back(std::move(v));
    int id = int(values.size() - 1);
    byBits[key] = id;
    byAddress[addr] = {id, std::move(key)};
  }

  /// A value computed outside the traced calls: loaded from trace_values
  /// (its bytes), as bytes (one register) or as i64 (two).
  std::string materialize(const S::Reg &bits, S::RegType t) {
    S::ElemKind k = t.numRegs == 2 ? S::ElemKind::I64 : S::ElemKind::U8;
    Region &pool = region(~uint64_t(0) - unsigned(k), k,
                          t.numRegs == 2 ? "trace_values64" : "trace_values", here, true);
    uint64_t at = pool.model.size();
    pool.grow(at + t.bytes());
    std::memcpy(pool.model.data() + at, bits.b, t.bytes());
    std::memcpy(pool.initial.data() + at, bits.b, t.bytes());
    S::RegType raw{k, t.numRegs};
    std::string name = fresh();
    emit(name + " = ascreg.load_align %" + pool.name + "[" + index(at / S::elemBytes(k)) +
         "] : memref<?x" + scalarType(k) + "> -> " + vregType(raw));
    return raw == t ? name : temp(bitcastOf(name, raw, t));
  }
  /// A mask made outside the traced calls: bit i is byte i != 0 of a u8
  /// register.
  std::string materializeMask(const S::Mask &m) {
    S::Reg bytes{};
    for (unsigned i = 0; i < 256; ++i)
      bytes.b[i] = m.bit(i);
    S::RegType u8{S::ElemKind::U8};
    std::string v = materialize(bytes, u8);
    std::string zero = fresh(), all = fresh(), name = fresh();
    emit(zero + " = ascreg.duplicate " + constant(S::ElemKind::U8, 0) + " : i8 -> " + vregType(u8));
    emit(all + " = ascreg.create_mask <ALL> for " + vregType(u8));
    emit(name + " = ascreg.compare <ne> " + v + ", " + zero + ", " + all + " : " + vregType(u8));
    return name;
  }

  Region &region(uint64_t start, S::ElemKind kind, std::string name, std::string declared,
                 bool pool = false) {
    // One parameter per address and memref type (i16 and u16 views share).
    for (auto &r : regions)
      if (r->start == start && std::strcmp(scalarType(r->kind), scalarType(kind)) == 0)
        return *r;
    for (char &c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
        c = '_';
    for (auto &r : regions)
      if (r->name == name)
        name += "_" + std::to_string(regions.size());
    auto r = std::make_unique<Region>();
    r->start = start;
    r->kind = kind;
    r->name = name;
    r->declared = declared;
    r->pool = pool;
    regions.push_back(std::move(r));
    return *regions.back();
  }

  void writeScript() {
    std::string text = "#!/bin/sh\n"
                       "# Replays the ascreg host twin's trace: replay.sh [SEGMENT] [ascreg-run "
                       "options...]\n"
                       "# e.g. replay.sh --check=all; replay.sh 0 --explain=1:5; "
                       "replay.sh 0 --report=r.html\n"
                       "# ascreg-run: $ASCREG_RUN, else the one on PATH.\n"
                       "cd \"$(dirname \"$0\")\" || exit 2\n"
                       "run=${ASCREG_RUN:-ascreg-run}\n"
                       "only=\n"
                       "case \"$1\" in [0-9]*) only=$1; shift ;; esac\n"
                       "status=0\n" +
                       script + "exit $status\n";
    std::string path = dir + "/replay.sh";
    if (!writeText(path, text))
      failed("cannot write " + path);
    std::error_code ec;
    std::filesystem::permissions(path,
                                 std::filesystem::perms::owner_exec |
                                     std::filesystem::perms::group_exec |
                                     std::filesystem::perms::others_exec,
                                 std::filesystem::perm_options::add, ec);
  }
  [[noreturn]] static void failed(const std::string &why) {
    std::fprintf(stderr, "ASCREG_TRACE: %s\n", why.c_str());
    std::_Exit(2);
  }

  std::string dir;
  std::string script;
  unsigned segments = 0;
  // The open segment.
  bool open = false;
  S::Ctrl ctrl;
  std::string here, first, body, semantics;
  std::vector<std::unique_ptr<Region>> regions;
  std::vector<Value> values;
  std::unordered_map<const void *, std::pair<int, std::string>> byAddress;
  std::unordered_map<std::string, int> byBits;
  std::map<std::string, std::string> constants;
  unsigned next = 0;
};

inline std::unique_ptr<Recorder> &slot() {
  static std::unique_ptr<Recorder> r;
  return r;
}

} // namespace trace

/// Starts writing the trace of this run to directory `dir` (created if
/// needed); a trace already running is finished first.
inline void startTrace(const char *dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    std::fprintf(stderr, "ASCREG_TRACE: cannot create the directory '%s'\n", dir);
    std::exit(2);
  }
  ub();                     // outlives the recorder: the last segment reads it
  static bool atExit = [] { // the trace of a run that exits (or fails) is written
    std::atexit([] { trace::slot().reset(); });
    return true;
  }();
  (void)atExit;
  trace::slot() = std::make_unique<trace::Recorder>(dir);
}
/// Finishes the trace (written at exit otherwise).
inline void stopTrace() { trace::slot().reset(); }

namespace trace {
/// The recorder if tracing is on (ASCREG_TRACE starts it at the first call).
inline Recorder *active() {
  static bool fromEnvironment = [] {
    if (const char *dir = std::getenv("ASCREG_TRACE"); dir && *dir)
      startTrace(dir);
    return true;
  }();
  (void)fromEnvironment;
  return slot().get();
}
/// The recorder for a call at `loc`, or null (tracing off).
inline Recorder *call(const Loc &loc) {
  Recorder *r = active();
  if (r)
    r->beginCall(loc);
  return r;
}
/// A launched block starts (`what` names it) or ends: a segment boundary.
inline void blockBoundary(const std::string &what, const std::string &launchedAt) {
  if (Recorder *r = active()) {
    r->endSegment();
    r->what = what;
    r->launchedAt = launchedAt;
  }
}
} // namespace trace

} // namespace twin
} // namespace ascreg

#endif // ASCREG_ASCENDC_TWIN_TRACE_H
