//===- AscRegProfile.cpp - #ascreg.profile and effectiveProfile -----------===//
//
// The one rule of which profile a kernel runs with and its records
// (AscRegProfile.h); the typed attribute itself is in AscRegTypes.cpp.
//
//===----------------------------------------------------------------------===//
#include "ascreg/Dialect/AscReg/IR/AscRegProfile.h"
#include "ascreg/Dialect/AscReg/IR/AscRegDialect.h"
#include "ascreg/Dialect/AscReg/IR/AscRegTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace ascreg;
namespace sem = ascreg::semantics;

//===----------------------------------------------------------------------===//
// Records and the rule
//===----------------------------------------------------------------------===//

std::optional<sem::Profile> ascreg::profileRecordedOn(Operation *op) {
  Attribute record = op->getAttr(AscRegDialect::getSemanticsAttrName());
  if (auto typed = dyn_cast_or_null<ProfileAttr>(record))
    return typed.getProfile();
  // The legacy string spelling (normalizeProfileRecords replaces it); a
  // malformed one is rejected by the dialect's verifier.
  auto spec = dyn_cast_or_null<StringAttr>(record);
  sem::Profile p;
  std::string error;
  if (!spec || !sem::parseProfile(spec.getValue(), p, error))
    return std::nullopt;
  return p;
}

bool ascreg::hasRecordedProfile(Operation *op) {
  for (; op; op = op->getParentOp())
    if (op->hasAttr(AscRegDialect::getSemanticsAttrName()))
      return true;
  return false;
}

/// The profile recorded on `op` or its nearest ancestor; the documented one
/// if none.
static sem::Profile recordedProfile(Operation *op) {
  for (; op; op = op->getParentOp())
    if (op->hasAttr(AscRegDialect::getSemanticsAttrName()))
      return profileRecordedOn(op).value_or(sem::documentedProfile());
  return sem::documentedProfile();
}

/// The kernel's own CTRL state (ascreg.ctrl on `op` or an ancestor), if any.
static std::optional<sem::Ctrl> ownCtrl(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto c = op->getAttrOfType<CtrlAttr>(AscRegDialect::getCtrlAttrName()))
      return c.getCtrl();
  return std::nullopt;
}

sem::Profile ascreg::effectiveProfile(Operation *op,
                                      const std::optional<sem::Profile> &runOverride) {
  sem::Profile p = runOverride ? *runOverride : recordedProfile(op);
  if (std::optional<sem::Ctrl> c = ownCtrl(op))
    p.ctrl = *c;
  return p;
}

sem::Ctrl ascreg::kernelCtrl(Operation *op, const std::optional<sem::Profile> &runOverride) {
  return effectiveProfile(op, runOverride).ctrl;
}

void ascreg::recordProfile(Operation *op, const sem::Profile &profile) {
  op->walk([](Operation *inner) { inner->removeAttr(AscRegDialect::getSemanticsAttrName()); });
  op->setAttr(AscRegDialect::getSemanticsAttrName(), ProfileAttr::get(op->getContext(), profile));
}

void ascreg::normalizeProfileRecords(Operation *op) {
  op->walk([](Operation *inner) {
    if (!isa_and_nonnull<StringAttr>(inner->getAttr(AscRegDialect::getSemanticsAttrName())))
      return;
    if (std::optional<sem::Profile> p = profileRecordedOn(inner))
      inner->setAttr(AscRegDialect::getSemanticsAttrName(),
                     ProfileAttr::get(inner->getContext(), *p));
  });
}
