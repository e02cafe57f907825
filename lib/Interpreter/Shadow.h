//===- Shadow.h - shadow state of the debugging checks -----------*- C++ -*-===//
//
// With debugging checks on, every value of a run has a shadow saying why it
// cannot be trusted ("taint"): it was computed from UB bytes nothing wrote
// (kUndef) or from bytes read outside the buffer of the access (kOutOfBuffer).
//   - scalars: one taint byte per slot;
//   - registers: one taint byte per register byte (so that lane permutations
//     move taint exactly like data: the semantics library's own permutation
//     functions run on the shadow), plus a summary (OR of the bytes) that
//     keeps clean values O(1);
//   - masks: a tainted-bit set per kind;
//   - UB: one byte per UB byte: initialised, written by the kernel, carries
//     data read outside its buffer.
// Each instruction payload has a `shadow` function next to its `run`: it
// reports uses of tainted data (Finding) and computes its results' taint.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_LIB_INTERPRETER_SHADOW_H
#define ASCREG_LIB_INTERPRETER_SHADOW_H

#include "Program.h"

#include "ascreg/Interpreter/Debugging.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>
#include <vector>

namespace ascreg {
namespace interp {

class Machine;
struct Buffer;

/// Taint bits of a value byte or scalar.
inline constexpr uint8_t kUndef = 1;
inline constexpr uint8_t kOutOfBuffer = 2;
/// UB shadow bits.
inline constexpr uint8_t kUBInit = 1;       // the byte holds defined data
inline constexpr uint8_t kUBWritten = 2;    // the kernel wrote it
inline constexpr uint8_t kUBCarriesOOB = 4; // its data was read outside its buffer

/// What a checked instruction does after its shadow step.
enum class ShadowAction : uint8_t { Run, Skip };

struct MaskTaint {
  sem::Mask undef{}, outOfBuffer{};
  /// The taint of the mask bit that lane l of type t reads.
  uint8_t laneTaint(sem::RegType t, unsigned l) const {
    return (undef.laneActive(t, l) ? kUndef : 0) |
           (outOfBuffer.laneActive(t, l) ? kOutOfBuffer : 0);
  }
  bool clean() const {
    for (unsigned k = 0; k < 4; ++k)
      if (undef.w[k] | outOfBuffer.w[k])
        return false;
    return true;
  }
};

/// Lane ranges [first, last] of a lane set.
using LaneRanges = std::vector<std::pair<unsigned, unsigned>>;

class ShadowState {
public:
  ShadowState(Machine &m, const CheckOptions &options);
  ~ShadowState();

  CheckOptions options;
  // Value shadows, by slot.
  std::vector<uint8_t> scalarTaint;
  std::vector<uint32_t> scalarOrigin; // op index that introduced the taint
  std::vector<sem::Reg> regTaint;
  std::vector<uint8_t> regSummary;
  std::vector<uint32_t> regOrigin;
  std::vector<MaskTaint> maskTaint;
  std::vector<uint32_t> maskOrigin;
  // UB shadow (one byte per UB byte, zero = never written).
  uint8_t *ub = nullptr;
  uint64_t ubMapped = 0, ubDirtyEnd = 0;
  /// Reads of UB bytes (kByteRead, kByteReadUndefined of Debugging.h), kept
  /// apart from `ub` so that writes never clear them: the report's byte map.
  uint8_t *ubRead = nullptr;
  mutable uint64_t readDirtyEnd = 0;
  /// Distinct findings past CheckOptions::maxFindings: counted, not
  /// recorded (the run goes on).
  uint64_t unrecorded = 0;
  /// Peak UB footprint and the op that first crossed the dav-3510 UB.
  uint64_t peakFootprint = 0;
  std::optional<uint32_t> footprintCrossedAt;

  std::vector<Finding> findings;

  /// Prepares a run: every UB byte uninitialised, then the arguments' bytes
  /// initialised unless marked so; all values clean.
  void beginRun(const std::vector<std::pair<uint64_t, uint64_t>> &initialisedRanges,
                uint64_t argumentsEnd);
  /// Coverage and footprint findings at the end of a run.
  void endRun(const std::vector<int> &outputArguments);

  // ---- For the payloads' shadow functions.
  uint8_t &scalar(ScalarRef r) { return scalarTaint[r.slot]; }
  sem::Reg &reg(RegRef r) { return regTaint[r.slot]; }
  uint8_t &summary(RegRef r) { return regSummary[r.slot]; }
  MaskTaint &mask(MaskRef r) { return maskTaint[r.slot]; }

  void setScalar(ScalarRef r, uint8_t taint, uint32_t origin) {
    scalarTaint[r.slot] = taint;
    scalarOrigin[r.slot] = origin;
  }
  void cleanReg(RegRef r) {
    if (regSummary[r.slot]) {
      std::memset(regTaint[r.slot].b, 0, sizeof(sem::Reg));
      regSummary[r.slot] = 0;
    }
  }
  void cleanMask(MaskRef r) { maskTaint[r.slot] = MaskTaint{}; }
  /// `to` carries what `from` carries: its taint bytes, summary and origin.
  void copyReg(RegRef from, RegRef to) {
    regTaint[to.slot] = regTaint[from.slot];
    regSummary[to.slot] = regSummary[from.slot];
    regOrigin[to.slot] = regOrigin[from.slot];
  }
  /// `to` carries what `from` carries: its taint bits and their origin.
  void copyMask(MaskRef from, MaskRef to) {
    maskTaint[to.slot] = maskTaint[from.slot];
    maskOrigin[to.slot] = maskOrigin[from.slot];
  }
  /// Folds the registers `inputs` into (`clean`, `origin`): any tainted one
  /// clears `clean`; the first tainted one, while still clean, gives the
  /// origin.
  void noteTaintedInputs(std::initializer_list<RegRef> inputs, bool &clean, uint32_t &origin) {
    for (RegRef in : inputs)
      if (regSummary[in.slot]) {
        if (clean)
          origin = regOrigin[in.slot];
        clean = false;
      }
  }
  /// Recomputes a register's summary from its bytes.
  void summarize(RegRef r, unsigned bytes);
  /// The taint of lane `lane` of a register of type t.
  uint8_t laneTaint(RegRef r, sem::RegType t, unsigned lane) const;
  /// The taint of the mask bits the lanes of `t` read.
  uint8_t maskReadTaint(MaskRef r, sem::RegType t) const;
  /// The lanes of `t` whose mask bit is tainted.
  LaneRanges taintedMaskLanes(MaskRef r, sem::RegType t) const;

  /// Taint of UB byte `addr` for a value read by an access whose own buffer
  /// is [begin, end).
  uint8_t readTaint(uint64_t addr, uint64_t begin, uint64_t end) const {
    uint8_t u = ub[addr];
    noteRead(addr, 1, (u & kUBInit) == 0);
    uint8_t t = (u & kUBInit) ? 0 : kUndef;
    if ((u & kUBCarriesOOB) || addr < begin || addr >= end)
      t |= kOutOfBuffer;
    return t;
  }
  /// Records a read of UB bytes [addr, addr + bytes).
  void noteRead(uint64_t addr, unsigned bytes, bool undefined) const {
    uint8_t bits = kByteRead | (undefined ? kByteReadUndefined : 0);
    // A local restrict pointer: through the member, every byte store could
    // alias the member itself and the loop would not vectorize.
    uint8_t *__restrict read = ubRead + addr;
    for (unsigned i = 0; i < bytes; ++i)
      read[i] |= bits;
    if (addr + bytes > readDirtyEnd)
      readDirtyEnd = addr + bytes;
  }
  /// Reads the taint of UB bytes [addr, addr + bytes) for an access of the
  /// buffer [bufBegin, bufEnd) into `out`; returns their OR.
  uint8_t readRange(uint64_t addr, unsigned bytes, uint64_t bufBegin, uint64_t bufEnd,
                    uint8_t *out) const;
  /// Reports an address (register offset, scalar index) computed from
  /// tainted data.
  void checkAddress(Machine &m, const Inst &inst, ScalarRef offset);
  /// Records a write of one byte with the given taint.
  void writeByte(uint64_t addr, uint8_t taint) {
    ub[addr] = uint8_t((taint & kUndef ? 0 : kUBInit) | kUBWritten |
                       (taint & kOutOfBuffer ? kUBCarriesOOB : 0));
    if (addr + 1 > ubDirtyEnd)
      ubDirtyEnd = addr + 1;
  }

  /// Reports a finding of `kind` at the op of `inst` (deduplicated by op,
  /// kind and use: later occurrences only count). `origin` is the op that
  /// introduced the taint, if known.
  void report(Machine &m, const Inst &inst, FindingKind kind, UseKind use, std::string message,
              LaneRanges lanes = {}, std::optional<uint32_t> origin = std::nullopt);
  /// Reports a use of tainted data: the kind follows the taint (init or
  /// bounds) if that check is on.
  void reportTaintedUse(Machine &m, const Inst &inst, uint8_t taint, UseKind use,
                        const std::string &what, LaneRanges lanes, uint32_t origin);
  /// Reports the use (`what`) of the lanes of `reg`, read as `type`, that
  /// carry taint among its first `lanes` lanes for which `used(lane)` holds
  /// (a gather reads as many index lanes as it has result lanes); nothing if
  /// none.
  template <class Used>
  void reportTaintedLanes(Machine &m, const Inst &inst, RegRef reg, sem::RegType type,
                          unsigned lanes, UseKind use, const std::string &what, Used used);
  /// Reports `head` + the lanes, among the first `lanes`, for which
  /// `selected(lane)` holds + `tail` (e.g. "writes lanes 0-3 outside its
  /// buffer of 8 elements"); nothing if there are none.
  template <class Selected>
  void reportLanes(Machine &m, const Inst &inst, FindingKind kind, UseKind use, unsigned lanes,
                   const std::string &head, const std::string &tail, Selected selected);
  /// Notes a new UB footprint (allocation top or access end) at an op.
  void noteFootprint(uint64_t end, uint32_t op);

private:
  /// Whether the limit leaves room for one more finding; counts it in
  /// `unrecorded` if not.
  bool roomForFinding();
  Machine &machine;
  /// Finding index per op, kind and use; kUnrecorded past the limit.
  static constexpr size_t kUnrecorded = SIZE_MAX;
  std::map<std::tuple<uint32_t, uint8_t, uint8_t>, size_t> seen;
};

/// Lane ranges of the lanes of `t` for which `pred(lane)` holds.
template <class Pred> LaneRanges laneRanges(unsigned lanes, Pred pred) {
  LaneRanges out;
  for (unsigned l = 0; l < lanes; ++l) {
    if (!pred(l))
      continue;
    if (!out.empty() && out.back().second + 1 == l)
      out.back().second = l;
    else
      out.push_back({l, l});
  }
  return out;
}

template <class Used>
void ShadowState::reportTaintedLanes(Machine &m, const Inst &inst, RegRef reg, sem::RegType type,
                                     unsigned lanes, UseKind use, const std::string &what,
                                     Used used) {
  uint8_t taint = 0;
  LaneRanges tainted = laneRanges(lanes, [&](unsigned l) {
    uint8_t t = used(l) ? laneTaint(reg, type, l) : 0;
    taint |= t;
    return t != 0;
  });
  if (!tainted.empty())
    reportTaintedUse(m, inst, taint, use, what, std::move(tainted), regOrigin[reg.slot]);
}

/// out = the taint of the scalar inputs (the first tainted one's origin).
inline void propagateScalar(ShadowState &s, ScalarRef out,
                            std::initializer_list<ScalarRef> inputs) {
  uint8_t t = 0;
  uint32_t origin = 0;
  for (ScalarRef in : inputs) {
    if (s.scalar(in) && !t)
      origin = s.scalarOrigin[in.slot];
    t |= s.scalar(in);
  }
  s.setScalar(out, t, origin);
}

/// Lane-wise results: lane l of `out` is tainted by lane l of every input
/// register and by `scalar`; with a mask (zeroing), inactive lanes are clean
/// zeros and lanes whose mask bit is tainted carry the mask's taint.
void propagateLanes(Machine &m, sem::RegType t, std::optional<MaskRef> mask, RegRef out,
                    std::initializer_list<RegRef> inputs, ScalarRef *scalar = nullptr);
/// Reports a mask whose bits (for the lanes of `t`) are tainted; returns
/// their taint.
uint8_t checkMaskUse(Machine &m, const Inst &inst, MaskRef mask, sem::RegType t);
/// The taint of a compare's result mask (compare, compares): the bit of
/// lane l carries its mask bit's taint and, where the lane is active or its
/// mask bit tainted, `laneTaint(l)`, the compared operands' taint.
MaskTaint compareResultTaint(Machine &m, MaskRef mask, sem::RegType t,
                             llvm::function_ref<uint8_t(unsigned)> laneTaint);
/// Runs a lane permutation of the semantics library on the inputs' taint
/// bytes (taint moves exactly like the data) and summarizes the outputs.
template <class F>
void permuteTaint(ShadowState &s, std::initializer_list<RegRef> inputs,
                  std::initializer_list<RegRef> outputs, F &&permute) {
  bool clean = true;
  uint32_t origin = 0;
  s.noteTaintedInputs(inputs, clean, origin);
  if (clean) {
    for (RegRef out : outputs)
      s.cleanReg(out);
    return;
  }
  permute();
  for (RegRef out : outputs) {
    s.summarize(out, 2 * sem::kVLBytes);
    s.regOrigin[out.slot] = origin;
  }
}

/// "0-63,70" for a lane set.
std::string formatRanges(const LaneRanges &ranges);

template <class Selected>
void ShadowState::reportLanes(Machine &m, const Inst &inst, FindingKind kind, UseKind use,
                              unsigned lanes, const std::string &head, const std::string &tail,
                              Selected selected) {
  LaneRanges ranges = laneRanges(lanes, selected);
  if (!ranges.empty())
    report(m, inst, kind, use, head + formatRanges(ranges) + tail, ranges);
}

} // namespace interp
} // namespace ascreg

#endif // ASCREG_LIB_INTERPRETER_SHADOW_H
