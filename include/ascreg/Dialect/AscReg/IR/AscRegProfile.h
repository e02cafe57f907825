//===- AscRegProfile.h - which semantic profile a kernel runs with -*- C++ -*-===//
//
// The one rule every executor, lowering, emitter and report reads
// (effectiveProfile): a per-run override if the caller gives one, else the
// `ascreg.semantics` record (#ascreg.profile<...>) of the op or its nearest
// ancestor, else the documented profile; the kernel's own CTRL state
// (`ascreg.ctrl`) replaces the profile's initial one. The record is a typed
// attribute, parsed once when the IR is read; the legacy string spelling
// (`ascreg.semantics = "key=candidate,..."`) is still accepted and
// normalizeProfileRecords turns it into the attribute.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_DIALECT_ASCREG_IR_ASCREGPROFILE_H
#define ASCREG_DIALECT_ASCREG_IR_ASCREGPROFILE_H

#include "ascreg/Semantics/Profile.h"
#include "ascreg/Support/LLVM.h"

#include "llvm/ADT/Hashing.h"

#include <optional>
#include <string>

namespace ascreg {
namespace semantics {
/// For the storage of #ascreg.profile (found by argument-dependent lookup).
inline llvm::hash_code hash_value(const Profile &p) {
  unsigned count = 0;
  const ProfilePoint *points = profilePoints(count);
  llvm::hash_code h = llvm::hash_value(encodeCtrl(p.ctrl));
  for (unsigned i = 0; i < count; ++i)
    h = llvm::hash_combine(h, points[i].get(p));
  return h;
}
} // namespace semantics

/// The profile a run of the kernel containing `op` (or `op` itself, a
/// function or module) uses: `runOverride` if given (the per-run choice of
/// the C, C++ and Python APIs and `ascreg-run --semantics`), else the nearest
/// `ascreg.semantics` record on `op` or an enclosing op, else the documented
/// profile; with the kernel's own CTRL state (`ascreg.ctrl`) when it sets
/// one. The interpreter, the JIT (which records the override in the module
/// it lowers), both lowerings, emission and the report all read it.
semantics::Profile
effectiveProfile(Operation *op,
                 const std::optional<semantics::Profile> &runOverride = std::nullopt);
/// effectiveProfile without a per-run override: what a lowering of `op`
/// reads (a run's override is recorded in the module before it is lowered).
inline semantics::Profile kernelProfile(Operation *op) { return effectiveProfile(op); }

/// The CTRL state the kernel containing `op` (or `op` itself, a function)
/// runs in: its `ascreg.ctrl` attribute, or the initial CTRL state of its
/// profile (effectiveProfile).
semantics::Ctrl kernelCtrl(Operation *op,
                           const std::optional<semantics::Profile> &runOverride = std::nullopt);

/// The profile `op` itself records (`ascreg.semantics`), if any; enclosing
/// ops and the kernel's CTRL state are not consulted.
std::optional<semantics::Profile> profileRecordedOn(Operation *op);
/// Whether `op` or an enclosing op records a profile (`ascreg.semantics`).
bool hasRecordedProfile(Operation *op);
/// Records `profile` on `op` (a module or a function) as `ascreg.semantics =
/// #ascreg.profile<...>`, replacing what an enclosed function recorded.
void recordProfile(Operation *op, const semantics::Profile &profile);
/// Replaces every legacy string record under `op` (verified: it parses) by
/// the typed attribute, so no later reader parses it again. The lowerings
/// call it first.
void normalizeProfileRecords(Operation *op);

/// The most bytes a profile file may have (read beyond, it is an error: a
/// device or FIFO named as the profile is not read until memory runs out).
inline constexpr size_t kMaxProfileFileBytes = 1 << 20;
/// The profile `nameOrFile` names: "documented", a `key=candidate,...`
/// spelling (semantics::parseProfile; anything with a '=' or made of
/// `documented` entries), or else the path of a profile JSON file as
/// `ascreg-probe ingest` writes it ({"choices": {"key": "candidate", ...}},
/// read strictly: at most kMaxProfileFileBytes, nested at most kMaxNesting
/// deep, no key twice, each choice a known point and candidate).
/// On failure returns failure and says why in `error`
/// (lib/Dialect/AscReg/IR/ProfileFile.cpp).
LogicalResult resolveProfile(StringRef nameOrFile, semantics::Profile &out, std::string &error);
/// The profile of a profile file's contents `text` (resolveProfile's rules
/// but the size); `path` names it in errors.
LogicalResult parseProfileJson(StringRef path, StringRef text, semantics::Profile &out,
                               std::string &error);

} // namespace ascreg

#endif
