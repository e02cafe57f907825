//===- FindingKinds.cpp - the names of a finding's kind and use -----------===//
#include "ascreg/Interpreter/FindingKinds.h"

#include <iterator>

namespace ascreg {
namespace interp {
namespace {

/// Every FindingKind, in the enum's order: its check and its name.
struct FindingKindInfo {
  FindingKind kind;
  const char *check;
  const char *name;
};
constexpr FindingKindInfo kFindingKinds[] = {
    {FindingKind::UninitializedUse, "init", "uninitialized_use"},
    {FindingKind::OutOfBufferRead, "bounds", "out_of_buffer_read"},
    {FindingKind::OutOfBufferWrite, "bounds", "out_of_buffer_write"},
    {FindingKind::OutOfBufferIndex, "bounds", "out_of_buffer_index"},
    {FindingKind::OutsideUB, "bounds", "outside_ub"},
    {FindingKind::Misaligned, "align", "misaligned"},
    {FindingKind::UnwrittenOutput, "coverage", "unwritten_output"},
    {FindingKind::UBFootprint, "ub", "ub_footprint"},
};

/// Every UseKind, in the enum's order.
constexpr const char *kUseKindNames[] = {"none",   "store",      "gather_index", "mask",
                                         "branch", "loop_bound", "size",         "address"};
static_assert(std::size(kUseKindNames) == size_t(UseKind::Address) + 1, "a UseKind without a name");
static_assert(std::size(kFindingKinds) == size_t(FindingKind::UBFootprint) + 1,
              "a FindingKind without a name");

constexpr bool inEnumOrder() {
  for (size_t i = 0; i < std::size(kFindingKinds); ++i)
    if (size_t(kFindingKinds[i].kind) != i)
      return false;
  return true;
}
static_assert(inEnumOrder(), "kFindingKinds is indexed by FindingKind");

const FindingKindInfo *info(FindingKind kind) {
  size_t i = size_t(kind);
  return i < std::size(kFindingKinds) ? &kFindingKinds[i] : nullptr;
}

} // namespace

const char *checkName(FindingKind kind) {
  const FindingKindInfo *k = info(kind);
  return k ? k->check : "check";
}

const char *findingKindName(FindingKind kind) {
  const FindingKindInfo *k = info(kind);
  return k ? k->name : "unknown";
}

const char *useKindName(UseKind use) {
  size_t i = size_t(use);
  return i < std::size(kUseKindNames) ? kUseKindNames[i] : "unknown";
}

} // namespace interp
} // namespace ascreg
