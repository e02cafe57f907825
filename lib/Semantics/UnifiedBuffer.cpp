//===- UnifiedBuffer.cpp - the Unified Buffer as one arena ----------------===//
#include "ascreg/Semantics/UnifiedBuffer.h"

#include <algorithm>
#include <cstring>
#include <sys/mman.h>

namespace ascreg {
namespace semantics {

UnifiedBuffer::~UnifiedBuffer() {
  if (base)
    munmap(base - guardBytes, mappedBytes + 2 * guardBytes);
}

void UnifiedBuffer::discardContents() {
  if (!base)
    return;
  // Private anonymous pages read as zero again after MADV_DONTNEED.
  if (madvise(base, mappedBytes, MADV_DONTNEED) != 0)
    std::memset(base, 0, mappedBytes);
  dirtyEnd = 0;
  writtenBegin = UINT64_MAX;
  writtenEnd = 0;
}

bool UnifiedBuffer::inGuard(const void *p, int64_t &offset) const {
  if (!base || !guardBytes)
    return false;
  auto a = reinterpret_cast<uintptr_t>(p), b = reinterpret_cast<uintptr_t>(base);
  if (a < b - guardBytes || a >= b + mappedBytes + guardBytes || (a >= b && a < b + mappedBytes))
    return false;
  offset = static_cast<int64_t>(a - b);
  return true;
}

bool UnifiedBuffer::reserve(uint64_t capacity, std::string &error) {
  if (capacity == 0 || capacity > kMaxUBCapacity) {
    error =
        "the UB capacity must be between 1 byte and 2^40 bytes, got " + std::to_string(capacity);
    return false;
  }
  if (base && capacity == capacityBytes)
    return true;
  if (base)
    munmap(base - guardBytes, mappedBytes + 2 * guardBytes);
  base = nullptr;
  // Whole pages, plus one register of slack so that no access that the
  // bounds checks accept can touch memory past the mapping.
  const uint64_t page = 4096;
  uint64_t bytes = (capacity + 2 * 256 + page - 1) / page * page;
  // MAP_NORESERVE: untouched pages are neither committed nor counted, and
  // read as zero, which is the UB state a run starts from.
  // Guard regions (kUBGuardBytes, PROT_NONE) on both sides; without the
  // address space for them (a ulimit -v), the arena alone.
  uint64_t guard = kUBGuardBytes;
  void *p = mmap(nullptr, bytes + 2 * guard, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  if (p != MAP_FAILED &&
      mprotect(static_cast<uint8_t *>(p) + guard, bytes, PROT_READ | PROT_WRITE) != 0) {
    munmap(p, bytes + 2 * guard);
    p = MAP_FAILED;
  }
  if (p == MAP_FAILED) {
    guard = 0;
    p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
             -1, 0);
  }
  if (p == MAP_FAILED) {
    error = "cannot reserve " + std::to_string(capacity) +
            " bytes of host memory for the UB (set a smaller capacity)";
    return false;
  }
  guardBytes = guard;
  base = static_cast<uint8_t *>(p) + guard;
  mappedBytes = bytes;
  capacityBytes = capacity;
  top = dirtyEnd = 0;
  writtenBegin = UINT64_MAX;
  writtenEnd = 0;
  return true;
}

namespace {
/// The placement rule: UB addresses of `n` buffers of `bytesOf(i)` bytes
/// each, and the first address after them. (A callable rather than a vector
/// of sizes: every run places its arguments, and a run of a small kernel
/// is short enough for an allocation to show.)
template <typename BytesOf>
bool placeBuffers(size_t n, BytesOf bytesOf, uint64_t capacity, std::vector<uint64_t> &addresses,
                  uint64_t &end, std::string &error) {
  addresses.clear();
  uint64_t next = 0;
  for (size_t i = 0; i < n; ++i) {
    uint64_t bytes = bytesOf(i);
    uint64_t at = alignToUB(next);
    if (!insideUB(at, bytes, capacity)) {
      error = "UB capacity exceeded: buffer argument " + std::to_string(i) + " (" +
              std::to_string(bytes) + " bytes) would end at UB address " +
              std::to_string(at + std::min(bytes, kMaxUBCapacity)) + ", the capacity is " +
              std::to_string(capacity) + " bytes";
      return false;
    }
    addresses.push_back(at);
    next = at + bytes;
  }
  end = next;
  return true;
}
} // namespace

bool UnifiedBuffer::placeArguments(const std::vector<unsigned> &elemBytes,
                                   const std::vector<uint64_t> &numElements,
                                   std::vector<void *> &places, std::string &error) const {
  if (elemBytes.size() != numElements.size()) {
    error = "the kernel takes " + std::to_string(elemBytes.size()) + " buffer arguments, got " +
            std::to_string(numElements.size()) + " sizes to place";
    return false;
  }
  std::vector<uint64_t> bytes;
  for (size_t i = 0; i < elemBytes.size(); ++i) {
    if (numElements[i] > kMaxUBCapacity / elemBytes[i]) {
      error = "buffer argument " + std::to_string(i) + " has " + std::to_string(numElements[i]) +
              " elements, more than any UB holds";
      return false;
    }
    bytes.push_back(numElements[i] * elemBytes[i]);
  }
  std::vector<uint64_t> at;
  uint64_t end;
  if (!placeBuffers(
          bytes.size(), [&](size_t i) { return bytes[i]; }, capacityBytes, at, end, error))
    return false;
  places.clear();
  for (uint64_t a : at)
    places.push_back(base + a);
  return true;
}

bool UnifiedBuffer::bindArguments(std::string &error) {
  uint64_t next;
  if (!placeBuffers(
          args.size(), [&](size_t i) { return args[i].bytes; }, capacityBytes, addresses, next,
          error)) {
    unbind();
    return false;
  }
  // An argument in the arena is bound in place or not at all: copying it
  // from elsewhere in the arena would read what other arguments overwrite.
  auto arena = reinterpret_cast<uintptr_t>(base);
  for (size_t i = 0; i < args.size(); ++i) {
    auto p = reinterpret_cast<uintptr_t>(args[i].data);
    if (args[i].bytes && p != arena + addresses[i] && p + args[i].bytes > arena &&
        p < arena + mappedBytes) {
      error = "buffer argument " + std::to_string(i) +
              " lies in the Unified Buffer but not at its UB address " +
              std::to_string(addresses[i]) + " (place it with placeArguments)";
      unbind();
      return false;
    }
  }
  // Zero what the last run left behind outside the new arguments: the gaps
  // between them and everything after them.
  dirtyEnd = std::max(dirtyEnd, writtenEnd);
  uint64_t pos = 0;
  for (size_t i = 0; i <= args.size(); ++i) {
    uint64_t end = i < args.size() ? addresses[i] : dirtyEnd;
    if (end > pos)
      std::memset(base + pos, 0, end - pos);
    if (i < args.size()) {
      if (args[i].bytes && args[i].data != base + addresses[i])
        std::memcpy(base + addresses[i], args[i].data, args[i].bytes);
      pos = addresses[i] + args[i].bytes;
    }
  }
  top = next;
  dirtyEnd = next;
  writtenBegin = UINT64_MAX;
  writtenEnd = 0;
  return true;
}

void UnifiedBuffer::copyOut() {
  for (size_t i = 0; i < args.size(); ++i) {
    uint64_t a = addresses[i], b = a + args[i].bytes;
    if (args[i].bytes == 0 || b <= writtenBegin || a >= writtenEnd || args[i].data == base + a)
      continue;
    std::memcpy(args[i].data, base + a, args[i].bytes);
  }
}

bool UnifiedBuffer::allocate(uint64_t bytes, uint64_t &address) {
  uint64_t at = alignToUB(top);
  if (!insideUB(at, bytes, capacityBytes))
    return false;
  address = at;
  top = at + bytes;
  return true;
}

} // namespace semantics
} // namespace ascreg
