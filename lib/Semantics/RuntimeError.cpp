//===- RuntimeError.cpp - messages of kernel runtime errors ---------------===//
#include "ascreg/Semantics/RuntimeError.h"

#include <cinttypes>
#include <cstdio>

namespace ascreg {
namespace semantics {

namespace {
/// base + index * scale as exact decimal text (the operands come from the
/// kernel and may be anything).
std::string byteAddress(int64_t base, int64_t index, int64_t scale) {
  __int128 a = static_cast<__int128>(base) + static_cast<__int128>(index) * scale;
  if (a > INT64_MAX)
    return ">= 2^63";
  if (a < INT64_MIN)
    return "< -2^63";
  return std::to_string(static_cast<int64_t>(a));
}

std::string hex(int64_t v);

/// base + index * scale, saturated to the int64 range.
int64_t byteAddressValue(int64_t base, int64_t index, int64_t scale) {
  __int128 a = static_cast<__int128>(base) + static_cast<__int128>(index) * scale;
  return a > INT64_MAX ? INT64_MAX : a < INT64_MIN ? INT64_MIN : static_cast<int64_t>(a);
}

/// The same address in hex (when it fits).
std::string byteAddressHex(int64_t base, int64_t index, int64_t scale) {
  __int128 a = static_cast<__int128>(base) + static_cast<__int128>(index) * scale;
  if (a > INT64_MAX || a < INT64_MIN)
    return byteAddress(base, index, scale);
  // Negated in 128 bits: -(-2^63) does not fit int64_t.
  return a < 0 ? "-" + hex(static_cast<int64_t>(static_cast<uint64_t>(-a)))
               : hex(static_cast<int64_t>(a));
}

std::string hex(int64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, static_cast<uint64_t>(v));
  return buf;
}
} // namespace

const char *describe(RuntimeErrorKind kind) {
  switch (kind) {
  case RuntimeErrorKind::RegisterAccessOutsideUB:
    return "UB access outside the Unified Buffer";
  case RuntimeErrorKind::MisalignedAccess:
    return "misaligned UB address (aligned loads and stores need 32 bytes)";
  case RuntimeErrorKind::GatherOutsideUB:
    return "gather index outside the Unified Buffer";
  case RuntimeErrorKind::MisalignedGatherBase:
    return "gather base not 32-byte aligned";
  case RuntimeErrorKind::ScalarAccessOutsideUB:
    return "memref access outside the Unified Buffer";
  case RuntimeErrorKind::AllocationExceedsUB:
    return "UB capacity exceeded by an allocation";
  case RuntimeErrorKind::StepLimit:
    return "step limit exceeded";
  case RuntimeErrorKind::NonPositiveStep:
    return "loop step is not positive";
  case RuntimeErrorKind::DivisionByZero:
    return "integer division by zero";
  case RuntimeErrorKind::Interrupted:
    return "run interrupted";
  case RuntimeErrorKind::ViewOutsideSource:
    return "view outside its source buffer";
  case RuntimeErrorKind::CastSizeMismatch:
    return "cast to a static size other than the buffer's";
  }
  return "runtime error";
}

std::string RuntimeError::message(uint64_t ubCapacity) const {
  const int64_t *v = values;
  std::string cap = std::to_string(ubCapacity);
  switch (kind) {
  case RuntimeErrorKind::RegisterAccessOutsideUB:
    return "UB access outside the Unified Buffer: UB bytes [" + byteAddress(v[0], v[1], v[2]) +
           ", " + byteAddress(byteAddressValue(v[0], v[1], v[2]), v[3], 1) + ") (element offset " +
           std::to_string(v[1]) + " of the buffer at UB address " + hex(v[0]) + "); the UB has " +
           cap + " bytes (set it with --ub-capacity)";
  case RuntimeErrorKind::MisalignedAccess:
    return "misaligned UB address " + byteAddressHex(v[0], v[1], v[2]) + " (element offset " +
           std::to_string(v[1]) + " x " + std::to_string(v[2]) + " bytes from the buffer at " +
           hex(v[0]) + "): aligned loads and stores need a 32-byte-aligned address";
  case RuntimeErrorKind::GatherOutsideUB:
    return "gather index " + std::to_string(static_cast<uint64_t>(v[0])) + " in lane " +
           std::to_string(v[1]) + " reads UB byte " + byteAddress(v[2], v[0], v[3]) +
           ", outside the Unified Buffer of " + cap + " bytes (base buffer at UB address " +
           hex(v[2]) + ")";
  case RuntimeErrorKind::MisalignedGatherBase:
    return "gather base at UB address " + hex(v[0]) + " is not 32-byte aligned";
  case RuntimeErrorKind::ScalarAccessOutsideUB:
    return "memref access at index " + std::to_string(v[1]) + " of the buffer at UB address " +
           hex(v[0]) + " is UB byte " + byteAddress(v[0], v[1], v[2]) +
           ", outside the Unified Buffer of " + cap + " bytes";
  case RuntimeErrorKind::AllocationExceedsUB:
    return "UB capacity exceeded: allocating " + std::to_string(static_cast<uint64_t>(v[0])) +
           " bytes at UB address " + std::to_string(v[1]) + " needs " + byteAddress(v[1], v[0], 1) +
           " bytes, the capacity is " + cap + " (set it with --ub-capacity)";
  case RuntimeErrorKind::StepLimit:
    return "step limit of " + std::to_string(static_cast<uint64_t>(v[0])) +
           " loop iterations and branches exceeded (endless loop?); raise it with --max-steps";
  case RuntimeErrorKind::NonPositiveStep:
    return "loop step " + std::to_string(v[0]) + " is not positive, so the loop would never end";
  case RuntimeErrorKind::DivisionByZero:
    return "integer division by zero";
  case RuntimeErrorKind::Interrupted:
    return "the run was interrupted";
  case RuntimeErrorKind::ViewOutsideSource:
    return "view of elements [" + std::to_string(v[0]) + ", " + byteAddress(v[0], v[1], 1) +
           ") is outside its source buffer of " + std::to_string(v[2]) + " elements";
  case RuntimeErrorKind::CastSizeMismatch:
    return "casts a buffer of " + std::to_string(v[0]) + " elements to a static size of " +
           std::to_string(v[1]) + " elements";
  }
  return "runtime error";
}

} // namespace semantics
} // namespace ascreg
