//===- UnifiedBuffer.h - the Unified Buffer as one arena --------*- C++ -*-===//
//
// The Unified Buffer (UB) of the dav-3510 vector core, modelled the same way
// on every execution path (interpreter, JIT, emitted Ascend C on the host):
// one arena of the configured capacity, UB address 0 at its start.
//
// Placement rule (docs/semantics.md, "Unified Buffer"): the kernel's buffer
// arguments are copied in at 32-byte aligned UB addresses in parameter
// order from address 0; buffers the kernel allocates follow them, in the
// order the allocations execute. After the run the arguments are copied
// back out. Every UB byte that is not part of an argument is 0 when a run
// starts, so a load that reads past the end of its buffer (but inside UB)
// reads the same neighbouring bytes on every path, as on the NPU where it
// reads whatever follows in UB. Only accesses outside UB are errors.
//
// No MLIR dependency: the host intrinsics header uses it too.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_SEMANTICS_UNIFIEDBUFFER_H
#define ASCREG_SEMANTICS_UNIFIEDBUFFER_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ascreg {
namespace semantics {

/// UB of one vector core: 256 KiB, of which 8 KiB hold register spills.
inline constexpr uint64_t kUBBytes = 256 * 1024;
inline constexpr uint64_t kUBSpillBytes = 8 * 1024;
/// The capacity a kernel can use, and the default of every path.
inline constexpr uint64_t kDefaultUBCapacity = kUBBytes - kUBSpillBytes;
/// Aligned loads, stores and gather bases need 32-byte aligned addresses;
/// buffers are placed at multiples of it.
inline constexpr uint64_t kUBAlignment = 32;
/// Largest capacity a run may configure (1 TiB of address space): far above
/// any real UB, small enough that no address computation can wrap.
inline constexpr uint64_t kMaxUBCapacity = uint64_t(1) << 40;

/// Inaccessible address space reserved on each side of the arena: a kernel
/// that runs without bounds checks (the JIT with --jit-no-checks) and
/// accesses memory outside UB, but within this distance of it (every offset
/// of 32 bits, scaled by 8 bytes), faults instead of writing host memory.
inline constexpr uint64_t kUBGuardBytes = uint64_t(64) << 30;

/// `x` rounded up to the UB alignment (x <= kMaxUBCapacity).
constexpr uint64_t alignToUB(uint64_t x) { return (x + kUBAlignment - 1) & ~(kUBAlignment - 1); }

/// True iff [addr, addr + bytes) lies inside a UB of `capacity` bytes
/// (no overflow for any inputs).
constexpr bool insideUB(uint64_t addr, uint64_t bytes, uint64_t capacity) {
  return addr <= capacity && bytes <= capacity - addr;
}

/// One argument buffer: caller memory copied into UB for the run.
struct UBArgument {
  void *data = nullptr;
  uint64_t bytes = 0;
};

class UnifiedBuffer {
public:
  UnifiedBuffer() = default;
  UnifiedBuffer(const UnifiedBuffer &) = delete;
  UnifiedBuffer &operator=(const UnifiedBuffer &) = delete;
  ~UnifiedBuffer();

  /// Reserves address space for `capacity` bytes (pages are committed only
  /// when touched, so a large capacity costs nothing until used). Fails with
  /// a message for 0, a capacity above kMaxUBCapacity, or no memory.
  bool reserve(uint64_t capacity, std::string &error);
  uint64_t capacity() const { return capacityBytes; }
  uint8_t *data() const { return base; }
  /// Makes every byte of the arena 0 again, whatever was written (after a
  /// run that may have written anywhere); costs only the touched pages.
  void discardContents();
  /// True iff `p` lies in a guard region around the arena (then `offset` is
  /// its distance from UB address 0, negative before the arena).
  bool inGuard(const void *p, int64_t &offset) const;

  /// The arguments of the next run, in parameter order: cleared, then each
  /// added. The UB keeps them (and their memory from run to run: a run of a
  /// small kernel takes a fraction of a microsecond) until the next run.
  void clearArguments() { args.clear(); }
  void addArgument(void *data, uint64_t bytes) { args.push_back({data, bytes}); }

  /// Starts a run: every byte written since the last run becomes 0 again,
  /// then the added arguments are placed and copied in. Fails (with a
  /// message naming the argument) when they do not fit, or when an
  /// argument's memory lies in the arena anywhere but at its own UB address.
  ///
  /// An argument whose data is the arena at its UB address (placeArguments)
  /// is bound in place: it is neither copied in nor (copyOut) back, and a
  /// run that fails leaves it as the run left it.
  bool bindArguments(std::string &error);
  /// The same for `arguments`, which replace the added ones.
  bool bindArguments(const std::vector<UBArgument> &arguments, std::string &error) {
    args.assign(arguments.begin(), arguments.end());
    return bindArguments(error);
  }
  /// The bound run's arguments: their number, and the UB address, size and
  /// place in the arena of argument `i`.
  size_t numArguments() const { return args.size(); }
  uint64_t argumentAddress(size_t i) const { return addresses[i]; }
  uint64_t argumentBytes(size_t i) const { return args[i].bytes; }
  uint8_t *argumentInArena(size_t i) const { return base + addresses[i]; }
  /// Copies back to the caller every bound argument the run may have
  /// written.
  void copyOut();
  /// Where the next bindArguments places buffer arguments of `numElements`
  /// elements of `elemBytes` bytes each (one of each per argument): the
  /// arena at their UB addresses, for a caller that writes its inputs there
  /// and passes these pointers as the arguments' data. Fails with a message
  /// when the counts differ or the buffers do not fit.
  bool placeArguments(const std::vector<unsigned> &elemBytes,
                      const std::vector<uint64_t> &numElements, std::vector<void *> &places,
                      std::string &error) const;

  /// Allocation during the run (memref.alloc): the next aligned address
  /// after everything placed so far. Fails when it does not fit.
  bool allocate(uint64_t bytes, uint64_t &address);
  /// First free address (where the next allocation goes).
  uint64_t allocationTop() const { return top; }
  void setAllocationTop(uint64_t t) { top = t; }

  /// Records that the kernel wrote [addr, addr + bytes) (inside UB).
  void noteWrite(uint64_t addr, uint64_t bytes) {
    if (addr < writtenBegin)
      writtenBegin = addr;
    if (addr + bytes > writtenEnd)
      writtenEnd = addr + bytes;
  }
  /// The range the kernel wrote in this run (empty: begin >= end).
  uint64_t writtenBeginAddr() const { return writtenBegin; }
  uint64_t writtenEndAddr() const { return writtenEnd; }

private:
  uint8_t *base = nullptr;
  uint64_t capacityBytes = 0;
  uint64_t mappedBytes = 0; // the accessible arena
  uint64_t guardBytes = 0;  // on each side (0 if the reservation failed)
  uint64_t top = 0;
  /// End of every byte that may be non-zero (arguments and kernel writes).
  uint64_t dirtyEnd = 0;
  uint64_t writtenBegin = UINT64_MAX, writtenEnd = 0;
  /// The run's arguments and their UB addresses (bindArguments).
  std::vector<UBArgument> args;
  std::vector<uint64_t> addresses;
  /// After a bind that failed: no arguments, so copyOut writes nothing.
  void unbind() {
    args.clear();
    addresses.clear();
  }
};

} // namespace semantics
} // namespace ascreg

#endif // ASCREG_SEMANTICS_UNIFIEDBUFFER_H
