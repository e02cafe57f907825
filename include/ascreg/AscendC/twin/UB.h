//===- UB.h - the host twin's Unified Buffer, GM copies, launch -*- C++ -*-===//
//
// The Unified Buffer of the running block, modelled as the interpreter
// models it (semantics::UnifiedBuffer: one arena of the configured capacity,
// 248 KiB by default, every byte 0 when a block starts), with the user's
// `__ubuf__` arrays as allocations in it. ascreg-cc rewrites a kernel-local
// `__ubuf__ T name[N];` into ASCREG_UBUF_ARRAY(name, N, T), which places
// the array at the next 32-byte aligned UB address and releases it at the
// end of its scope.
//
// Every UB access of the API is checked here, and a violation stops the run
// at the user's call (twin::fail):
//   - capacity: an array that does not fit in UB;
//   - a `__ubuf__` pointer that does not point into UB (host memory, GM);
//   - alignment: register loads / stores, gather bases and GM <-> UB copies
//     need 32-byte aligned UB addresses;
//   - bounds: a register load must lie inside UB (it reads whole registers,
//     as the NPU does, so it may read past its array: masked tails do); a
//     store's active lanes and a copy's bytes must lie inside the array they
//     start in; gather indices must stay inside UB (the semantics' check).
//
// The launch: `kernel<<<blocks, stream>>>(args)`, rewritten by ascreg-cc into
// ascreg::twin::launch(kernel, blocks, stream)(args), runs the kernel once per
// block, in order, each with a fresh UB; GetBlockIdx() says which.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_UB_H
#define ASCREG_ASCENDC_TWIN_UB_H

#include "ascreg/AscendC/twin/RegTypes.h"

#include <cinttypes>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace ascreg {
namespace twin {

/// One `__ubuf__` array: UB bytes [start, start + bytes), declared at `loc`
/// as `name` with elements of `kind` (the trace's parameter, Trace.h).
struct UBAllocation {
  uint64_t id = 0; // unique in the run: releasing names it
  uint64_t start = 0;
  uint64_t bytes = 0;
  Loc loc;
  bool live = true;
  const char *name = "ubuf";
  S::ElemKind kind = S::ElemKind::U8;
};

/// The element kind of a `__ubuf__` array of T (bytes if T is not a Reg API
/// element type).
template <class T> constexpr S::ElemKind arrayKind() {
  if constexpr (ElemOf<std::remove_cv_t<T>>::valid)
    return ElemOf<std::remove_cv_t<T>>::kind;
  return S::ElemKind::U8;
}

inline std::string hexAddress(uint64_t a) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%" PRIx64, a);
  return buf;
}
inline std::string describe(const UBAllocation &a) {
  return "the __ubuf__ array of " + std::to_string(a.bytes) + " bytes at UB " +
         hexAddress(a.start) + " declared at " + a.loc.file_name() + ":" +
         std::to_string(a.loc.line());
}

/// The UB of the running block.
class UnifiedBuffer {
public:
  /// The capacity: ASCREG_UB_CAPACITY (bytes) if set, else 248 KiB.
  static uint64_t configuredCapacity() {
    if (const char *env = std::getenv("ASCREG_UB_CAPACITY")) {
      char *end = nullptr;
      unsigned long long v = std::strtoull(env, &end, 10);
      if (end == env || *end || v == 0 || v > S::kMaxUBCapacity) {
        std::fprintf(stderr, "ASCREG_UB_CAPACITY: '%s' is not a byte count in [1, 2^40]\n", env);
        std::exit(2);
      }
      return v;
    }
    return S::kDefaultUBCapacity;
  }

  uint8_t *data() {
    reserve();
    return arena.data();
  }
  uint64_t capacity() {
    reserve();
    return arena.capacity();
  }

  /// The UB address of `p`, or -1 if it does not point into UB.
  int64_t addressOf(const void *p) {
    const uint8_t *b = static_cast<const uint8_t *>(p);
    if (!p || b < data() || b > data() + capacity())
      return -1;
    return b - data();
  }

  /// Places `bytes` bytes at the next aligned address (the user's array
  /// declaration at `loc`); returns the allocation.
  const UBAllocation &allocate(uint64_t bytes, const Loc &loc, const char *name = "ubuf",
                               S::ElemKind kind = S::ElemKind::U8) {
    uint64_t start = S::alignToUB(top);
    if (!S::insideUB(start, bytes, capacity()))
      fail(loc, "__ubuf__",
           "the array of " + std::to_string(bytes) + " bytes at UB " + hexAddress(start) +
               " exceeds the Unified Buffer of " + std::to_string(capacity()) +
               " bytes (set it with ASCREG_UB_CAPACITY)");
    allocations.push_back({++lastId, start, bytes, loc, true, name, kind});
    top = start + bytes;
    return allocations.back();
  }
  /// Releases allocation `id` (its scope ended; gone already if a block
  /// started since); the top returns to the end of the last live one.
  void release(uint64_t id) {
    for (UBAllocation &x : allocations)
      if (x.id == id)
        x.live = false;
    while (!allocations.empty() && !allocations.back().live)
      allocations.pop_back();
    top = allocations.empty() ? 0 : allocations.back().start + allocations.back().bytes;
  }
  /// The live allocation holding UB address `a`, or null.
  const UBAllocation *allocationAt(uint64_t a) const {
    for (const UBAllocation &x : allocations)
      if (x.live && a >= x.start && a < x.start + x.bytes)
        return &x;
    return nullptr;
  }

  /// A new block: no arrays, every byte 0.
  void startBlock() {
    reserve();
    allocations.clear();
    top = 0;
    arena.discardContents();
  }

private:
  void reserve() {
    if (arena.data())
      return;
    std::string error;
    if (!arena.reserve(configuredCapacity(), error)) {
      std::fprintf(stderr, "ascreg host twin: cannot reserve the Unified Buffer: %s\n",
                   error.c_str());
      std::exit(2);
    }
    // The HostIntrinsics calls (vlds, vsts, vgather2) check against it too,
    // and stop the run as the twin's own checks do (without a location).
    ascreg_host::currentUB() = &arena;
    ascreg_host::onRuntimeError() = [](const S::RuntimeError &e, const char *intrinsic) {
      std::fflush(stdout);
      std::fprintf(stderr, "error: %s: %s\n", intrinsic,
                   e.message(ascreg_host::currentUB()->capacity()).c_str());
      std::exit(1);
    };
  }

  S::UnifiedBuffer arena;
  std::vector<UBAllocation> allocations;
  uint64_t top = 0;
  uint64_t lastId = 0;
};

inline UnifiedBuffer &ub() {
  static UnifiedBuffer u;
  return u;
}

//===----------------------------------------------------------------------===//
// Checks (each names the call and stops the run at the user's location)
//===----------------------------------------------------------------------===//

/// The UB address of the `__ubuf__` pointer `p` of `call`.
inline uint64_t ubAddress(const void *p, const char *call, const Loc &loc) {
  int64_t a = ub().addressOf(p);
  if (a < 0)
    fail(loc, call,
         "the __ubuf__ pointer " + hexAddress(reinterpret_cast<uintptr_t>(p)) +
             " does not point into the Unified Buffer (declare the buffer as a kernel-local "
             "__ubuf__ array and compile with ascreg-cc)");
  return static_cast<uint64_t>(a);
}
inline void checkAligned(uint64_t a, const char *call, const Loc &loc) {
  if (a % S::kUBAlignment != 0)
    fail(loc, call,
         "UB address " + hexAddress(a) + " is not 32-byte aligned" +
             (ub().allocationAt(a) ? " (in " + describe(*ub().allocationAt(a)) + ")" : ""));
}
/// A register read of `bytes` at `p`: aligned, inside UB. Returns its data.
inline const uint8_t *checkRegisterRead(const void *p, uint64_t bytes, const char *call,
                                        const Loc &loc) {
  uint64_t a = ubAddress(p, call, loc);
  checkAligned(a, call, loc);
  if (!S::insideUB(a, bytes, ub().capacity()))
    fail(loc, call,
         "reads UB bytes [" + std::to_string(a) + ", " + std::to_string(a + bytes) +
             "), past the end of the Unified Buffer of " + std::to_string(ub().capacity()) +
             " bytes");
  return ub().data() + a;
}
/// A write of UB bytes [first, last) (relative to `p`, which the write starts
/// at): aligned if `aligned`, inside the array `p` points into.
inline uint8_t *checkWrite(void *p, uint64_t first, uint64_t last, bool aligned, const char *call,
                           const Loc &loc) {
  uint64_t a = ubAddress(p, call, loc);
  if (aligned)
    checkAligned(a, call, loc);
  if (first >= last)
    return ub().data() + a;
  const UBAllocation *in = ub().allocationAt(a);
  if (!in)
    fail(loc, call, "UB address " + hexAddress(a) + " is not inside a __ubuf__ array");
  if (a + last > in->start + in->bytes)
    fail(loc, call,
         "writes UB bytes [" + std::to_string(a + first) + ", " + std::to_string(a + last) +
             "), past the end of " + describe(*in));
  return ub().data() + a;
}

//===----------------------------------------------------------------------===//
// `__ubuf__` arrays (ASCREG_UBUF_ARRAY, written by ascreg-cc)
//===----------------------------------------------------------------------===//

/// A kernel-local `__ubuf__ T name[N]` in UB for the scope it is declared in.
template <class T, uint64_t N> class UBArray {
public:
  explicit UBArray(const char *name, const Loc &loc = Loc::current())
      : at(ub().allocate(sizeof(T) * N, loc, name, arrayKind<T>())) {}
  UBArray(const UBArray &) = delete;
  UBArray &operator=(const UBArray &) = delete;
  ~UBArray() { ub().release(at.id); }
  using Array = T[N];
  Array &ref() { return *reinterpret_cast<Array *>(ub().data() + at.start); }

private:
  UBAllocation at;
};

/// A UB buffer of `count` elements whose size is known only at run time
/// (a host-side test harness's buffers; kernels use __ubuf__ arrays).
template <class T> class UBBuffer {
public:
  explicit UBBuffer(uint64_t count, const Loc &loc = Loc::current())
      : UBBuffer(count, "ubuf", loc) {}
  /// `name` (static storage): the trace's name of the buffer.
  UBBuffer(uint64_t count, const char *name, const Loc &loc = Loc::current())
      : at(ub().allocate(sizeof(T) * count, loc, name, arrayKind<T>())), n(count) {}
  UBBuffer(const UBBuffer &) = delete;
  UBBuffer &operator=(const UBBuffer &) = delete;
  ~UBBuffer() { ub().release(at.id); }
  T *data() { return reinterpret_cast<T *>(ub().data() + at.start); }
  uint64_t size() const { return n; }

private:
  UBAllocation at;
  uint64_t n;
};

} // namespace twin
} // namespace ascreg

#define ASCREG_UBUF_ARRAY(NAME, COUNT, ...)                                                        \
  ::ascreg::twin::UBArray<__VA_ARGS__, (COUNT)> ascreg_ubuf_##NAME{#NAME};                         \
  auto &NAME = ascreg_ubuf_##NAME.ref()

#endif // ASCREG_ASCENDC_TWIN_UB_H
