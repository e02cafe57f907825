//===- Shadow.cpp - shadow state of the debugging checks --------*- C++ -*-===//
#include "Shadow.h"
#include "Machine.h"

#include "ascreg/Semantics/UnifiedBuffer.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <sys/mman.h>

namespace ascreg {
namespace interp {

TraceSink::~TraceSink() = default;

std::optional<CheckOptions> CheckOptions::parse(llvm::StringRef list, std::string &error) {
  CheckOptions o;
  llvm::SmallVector<llvm::StringRef> names;
  list.split(names, ',', -1, /*KeepEmpty=*/false);
  if (names.empty()) {
    error = "--check needs a list of checks: init, bounds, align, coverage, ub, or all";
    return std::nullopt;
  }
  for (llvm::StringRef n : names) {
    n = n.trim();
    if (n == "all") {
      o = all();
      continue;
    }
    bool *flag = llvm::StringSwitch<bool *>(n)
                     .Case("init", &o.init)
                     .Case("bounds", &o.bounds)
                     .Case("align", &o.align)
                     .Case("coverage", &o.coverage)
                     .Case("ub", &o.ub)
                     .Default(nullptr);
    if (!flag) {
      error =
          ("unknown check '" + n + "'; the checks are init, bounds, align, coverage, ub and all")
              .str();
      return std::nullopt;
    }
    *flag = true;
  }
  return o;
}

std::string formatRanges(const LaneRanges &ranges) {
  std::string s;
  for (auto [a, b] : ranges) {
    if (!s.empty())
      s += ",";
    s += std::to_string(a);
    if (b > a) {
      s += '-';
      s += std::to_string(b);
    }
  }
  return s.empty() ? "none" : s;
}

ShadowState::ShadowState(Machine &m, const CheckOptions &options) : options(options), machine(m) {
  scalarTaint.assign(m.numScalars + 1, 0);
  scalarOrigin.assign(m.numScalars + 1, 0);
  regTaint.resize(m.numRegs + 1);
  regSummary.assign(m.numRegs + 1, 0);
  regOrigin.assign(m.numRegs + 1, 0);
  maskTaint.resize(m.numMasks + 1);
  maskOrigin.assign(m.numMasks + 1, 0);
  for (sem::Reg &r : regTaint)
    std::memset(r.b, 0, sizeof r.b);
  // One shadow byte per UB byte, plus the register of slack the UB has;
  // untouched pages read as zero (never written).
  // The read map follows it in the same mapping.
  ubMapped = m.ub.capacity() + 2 * sem::kVLBytes;
  void *p = mmap(nullptr, 2 * ubMapped, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ub = p == MAP_FAILED ? nullptr : static_cast<uint8_t *>(p);
  ubRead = ub ? ub + ubMapped : nullptr;
}

ShadowState::~ShadowState() {
  if (ub)
    munmap(ub, 2 * ubMapped);
}

void ShadowState::beginRun(const std::vector<std::pair<uint64_t, uint64_t>> &initialisedRanges,
                           uint64_t argumentsEnd) {
  std::memset(ub, 0, std::min(ubDirtyEnd, ubMapped));
  ubDirtyEnd = 0;
  std::memset(ubRead, 0, std::min(readDirtyEnd, ubMapped));
  readDirtyEnd = 0;
  for (auto [begin, end] : initialisedRanges) {
    std::memset(ub + begin, kUBInit, end - begin);
    ubDirtyEnd = std::max(ubDirtyEnd, end);
  }
  std::fill(scalarTaint.begin(), scalarTaint.end(), 0);
  for (size_t i = 0; i < regTaint.size(); ++i)
    if (regSummary[i]) {
      std::memset(regTaint[i].b, 0, sizeof(sem::Reg));
      regSummary[i] = 0;
    }
  std::fill(maskTaint.begin(), maskTaint.end(), MaskTaint{});
  findings.clear();
  seen.clear();
  unrecorded = 0;
  peakFootprint = argumentsEnd;
  footprintCrossedAt.reset();
}

void ShadowState::summarize(RegRef r, unsigned bytes) {
  uint8_t s = 0;
  const uint8_t *b = regTaint[r.slot].b;
  for (unsigned i = 0; i < bytes; ++i)
    s |= b[i];
  regSummary[r.slot] = s;
}

uint8_t ShadowState::laneTaint(RegRef r, sem::RegType t, unsigned lane) const {
  if (!regSummary[r.slot])
    return 0;
  unsigned w = sem::elemBytes(t.elem);
  uint8_t s = 0;
  for (unsigned i = 0; i < w; ++i)
    s |= regTaint[r.slot].b[lane * w + i];
  return s;
}

uint8_t ShadowState::maskReadTaint(MaskRef r, sem::RegType t) const {
  const MaskTaint &mt = maskTaint[r.slot];
  if (mt.clean())
    return 0;
  uint8_t s = 0;
  for (unsigned l = 0; l < t.lanes(); ++l) {
    if (mt.undef.laneActive(t, l))
      s |= kUndef;
    if (mt.outOfBuffer.laneActive(t, l))
      s |= kOutOfBuffer;
  }
  return s;
}

LaneRanges ShadowState::taintedMaskLanes(MaskRef r, sem::RegType t) const {
  const MaskTaint &mt = maskTaint[r.slot];
  return laneRanges(t.lanes(), [&](unsigned l) {
    return mt.undef.laneActive(t, l) || mt.outOfBuffer.laneActive(t, l);
  });
}

void ShadowState::report(Machine &m, const Inst &inst, FindingKind kind, UseKind use,
                         std::string message, LaneRanges lanes, std::optional<uint32_t> origin) {
  auto key = std::make_tuple(inst.op, uint8_t(kind), uint8_t(use));
  auto it = seen.find(key);
  if (it != seen.end()) {
    if (it->second != kUnrecorded)
      ++findings[it->second].occurrences;
    return;
  }
  if (!roomForFinding()) {
    seen[key] = kUnrecorded;
    return;
  }
  mlir::Operation *op = m.ops[inst.op];
  Finding f{kind, use, op->getName().getStringRef().str(), op->getLoc(), std::move(message)};
  f.lanes = std::move(lanes);
  f.iteration = m.iterationAt(inst.op);
  if (origin && *origin < m.ops.size() && *origin != inst.op) {
    mlir::Operation *o = m.ops[*origin];
    f.notes.push_back(
        {o->getLoc(), ("the data comes from '" + o->getName().getStringRef() + "' here").str()});
  }
  seen[key] = findings.size();
  findings.push_back(std::move(f));
}

bool ShadowState::roomForFinding() {
  if (options.maxFindings == 0 || findings.size() < options.maxFindings)
    return true;
  ++unrecorded;
  return false;
}

void ShadowState::reportTaintedUse(Machine &m, const Inst &inst, uint8_t taint, UseKind use,
                                   const std::string &what, LaneRanges lanes, uint32_t origin) {
  if ((taint & kUndef) && options.init)
    report(m, inst, FindingKind::UninitializedUse, use,
           what + " uninitialized data" +
               (lanes.empty() ? std::string() : " (lanes " + formatRanges(lanes) + ")"),
           lanes, origin);
  if ((taint & kOutOfBuffer) && options.bounds)
    report(m, inst, FindingKind::OutOfBufferRead, use,
           what + " data read outside its buffer" +
               (lanes.empty() ? std::string() : " (lanes " + formatRanges(lanes) + ")"),
           lanes, origin);
}

void propagateLanes(Machine &m, sem::RegType t, std::optional<MaskRef> mask, RegRef out,
                    std::initializer_list<RegRef> inputs, ScalarRef *scalar) {
  ShadowState &s = *m.shadow;
  uint8_t scalarTaint = scalar ? s.scalar(*scalar) : 0;
  uint8_t maskTaint = mask ? s.maskReadTaint(*mask, t) : 0;
  uint32_t origin = scalarTaint ? s.scalarOrigin[scalar->slot] : 0;
  bool clean = !scalarTaint && !maskTaint;
  s.noteTaintedInputs(inputs, clean, origin);
  if (clean) {
    s.cleanReg(out);
    return;
  }
  sem::Reg taint;
  unsigned bytes = t.bytes();
  std::memset(taint.b, scalarTaint, bytes);
  for (RegRef in : inputs)
    if (s.summary(in))
      for (unsigned i = 0; i < bytes; ++i)
        taint.b[i] |= s.regTaint[in.slot].b[i];
  sem::Reg &dst = s.regTaint[out.slot];
  if (mask) {
    // Zeroing: inactive lanes are clean zeros; unknown (tainted) mask bits
    // make their lanes tainted whatever the data.
    sem::Reg zero;
    std::memset(zero.b, 0, sizeof zero.b);
    sem::select(t, m.mask(*mask), taint, zero, dst);
    if (maskTaint) {
      unsigned w = sem::elemBytes(t.elem);
      const MaskTaint &mt = s.mask(*mask);
      for (unsigned l = 0; l < t.lanes(); ++l) {
        uint8_t lt = mt.laneTaint(t, l);
        for (unsigned i = 0; lt && i < w; ++i)
          dst.b[l * w + i] |= lt;
      }
      if (!origin)
        origin = s.maskOrigin[mask->slot];
    }
  } else {
    std::memcpy(dst.b, taint.b, bytes);
  }
  s.summarize(out, bytes);
  s.regOrigin[out.slot] = origin;
}

uint8_t checkMaskUse(Machine &m, const Inst &inst, MaskRef mask, sem::RegType t) {
  ShadowState &s = *m.shadow;
  uint8_t taint = s.maskReadTaint(mask, t);
  if (taint)
    s.reportTaintedUse(m, inst, taint, UseKind::Mask, "uses a mask computed from",
                       s.taintedMaskLanes(mask, t), s.maskOrigin[mask.slot]);
  return taint;
}

MaskTaint compareResultTaint(Machine &m, MaskRef mask, sem::RegType t,
                             llvm::function_ref<uint8_t(unsigned)> laneTaint) {
  const sem::Mask &mk = m.mask(mask);
  const MaskTaint &mt = m.shadow->mask(mask);
  MaskTaint r;
  for (unsigned l = 0; l < t.lanes(); ++l) {
    unsigned bit = t.maskStride() * l;
    uint8_t taint = (mt.undef.bit(bit) ? kUndef : 0) | (mt.outOfBuffer.bit(bit) ? kOutOfBuffer : 0);
    if (mk.bit(bit) || taint)
      taint |= laneTaint(l);
    r.undef.set(bit, taint & kUndef);
    r.outOfBuffer.set(bit, taint & kOutOfBuffer);
  }
  return r;
}

uint8_t ShadowState::readRange(uint64_t addr, unsigned bytes, uint64_t bufBegin, uint64_t bufEnd,
                               uint8_t *out) const {
  const uint8_t *__restrict u = ub + addr;
  // Fast path: inside the buffer, every byte initialised, none carrying
  // out-of-buffer data.
  if (addr >= bufBegin && addr + bytes <= bufEnd) {
    uint8_t bad = 0;
    for (unsigned i = 0; i < bytes; ++i)
      bad |= uint8_t((u[i] & (kUBInit | kUBCarriesOOB)) ^ kUBInit);
    if (!bad) {
      noteRead(addr, bytes, false);
      std::memset(out, 0, bytes);
      return 0;
    }
  }
  uint8_t all = 0;
  for (unsigned i = 0; i < bytes; ++i)
    all |= out[i] = readTaint(addr + i, bufBegin, bufEnd);
  return all;
}

void ShadowState::checkAddress(Machine &m, const Inst &inst, ScalarRef offset) {
  if (uint8_t t = scalar(offset))
    reportTaintedUse(m, inst, t, UseKind::Address, "addresses UB with an offset computed from", {},
                     scalarOrigin[offset.slot]);
}

void ShadowState::noteFootprint(uint64_t end, uint32_t op) {
  if (end <= peakFootprint)
    return;
  peakFootprint = end;
  if (end > sem::kDefaultUBCapacity && !footprintCrossedAt)
    footprintCrossedAt = op;
}

void ShadowState::endRun(const std::vector<int> &outputArguments) {
  Machine &m = machine;
  if (options.coverage) {
    for (int arg : outputArguments) {
      const Machine::Param &p = m.params[arg];
      const Buffer &buf = m.buffers[m.scalar(ScalarRef{p.slot})];
      std::vector<std::pair<uint64_t, uint64_t>> ranges;
      for (uint64_t e = 0; e < buf.numElements; ++e) {
        bool written = true;
        for (unsigned b = 0; b < buf.elemBytes; ++b)
          written &= (ub[buf.ubAddr + e * buf.elemBytes + b] & kUBWritten) != 0;
        if (written)
          continue;
        if (!ranges.empty() && ranges.back().second == e)
          ranges.back().second = e + 1;
        else
          ranges.push_back({e, e + 1});
      }
      if (ranges.empty() || !roomForFinding())
        continue;
      uint64_t count = 0;
      std::string text;
      for (auto [a, b] : ranges) {
        count += b - a;
        if (!text.empty())
          text += ", ";
        text += llvm::formatv("[{0}, {1})", a, b).str();
      }
      mlir::Operation *fn = m.func;
      Finding f{FindingKind::UnwrittenOutput, UseKind::None, "func.func", fn->getLoc(),
                llvm::formatv("output parameter {0}: {1} of {2} elements never written by the "
                              "kernel: {3}",
                              arg, count, buf.numElements, text)
                    .str()};
      f.argument = arg;
      f.elements = std::move(ranges);
      // A parameter named by its location (a twin trace's __ubuf__ array,
      // loc("name"(file:line:col))) is shown where it was declared.
      auto &entry = llvm::cast<mlir::FunctionOpInterface>(fn).getFunctionBody().front();
      if (auto named = llvm::dyn_cast<mlir::NameLoc>(entry.getArgument(arg).getLoc()))
        f.notes.push_back({named.getChildLoc(), llvm::formatv("output parameter {0} is '{1}', "
                                                              "declared here",
                                                              arg, named.getName().getValue())
                                                    .str()});
      findings.push_back(std::move(f));
    }
  }
  if (options.ub && peakFootprint > sem::kDefaultUBCapacity && roomForFinding()) {
    mlir::Operation *at = footprintCrossedAt ? m.ops[*footprintCrossedAt] : m.func;
    Finding f{FindingKind::UBFootprint, UseKind::None, at->getName().getStringRef().str(),
              at->getLoc(),
              llvm::formatv("peak UB footprint of {0} bytes exceeds the {1} bytes of dav-3510 "
                            "UB a kernel can use (256 KiB minus 8 KiB for register spills)",
                            peakFootprint, sem::kDefaultUBCapacity)
                  .str()};
    f.notes.push_back({std::nullopt, footprintCrossedAt
                                         ? "this op is where the footprint first crossed it"
                                         : "the kernel's arguments alone cross it"});
    findings.push_back(std::move(f));
  }
}

} // namespace interp
} // namespace ascreg
