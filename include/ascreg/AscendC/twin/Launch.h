//===- Launch.h - the host twin's kernel launch and GM <-> UB copies -*- C++ -*-===//
//
// The scalar side of a complete Ascend C program on the twin: the launch
// that ascreg-cc writes for `kernel<<<blocks, stream>>>(args)`, the block
// index, the GM <-> UB copies of the C API (checked on their UB side) and
// the pipe synchronisation, a no-op (the host runs every pipe in program
// order; the twin cannot see a missing barrier, docs/regapi.md).
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_TWIN_LAUNCH_H
#define ASCREG_ASCENDC_TWIN_LAUNCH_H

#include "ascreg/AscendC/host/c_api/asc_pipes.h"
#include "ascreg/AscendC/twin/Trace.h"
#include "ascreg/AscendC/twin/UB.h"

#include <cstdint>
#include <cstring>

namespace ascreg {
namespace twin {

struct BlockState {
  uint32_t index = 0;
  uint32_t count = 1;
};
inline BlockState &block() {
  static BlockState b;
  return b;
}

/// `kernel<<<blocks, ...>>>(args)`: runs the kernel once per block, each on
/// a fresh Unified Buffer.
/// With tracing on, each block is a segment of the trace (Trace.h).
template <class F> struct Launch {
  F kernel;
  uint32_t blocks;
  Loc loc;
  template <class... A> void operator()(A &&...args) const {
    for (uint32_t b = 0; b < blocks; ++b) {
      trace::blockBoundary("block " + std::to_string(b) + " of " + std::to_string(blocks) +
                               " launched at " + loc.file_name() + ":" + std::to_string(loc.line()),
                           trace::locText(loc));
      block() = {b, blocks};
      ub().startBlock();
      kernel(args...);
    }
    trace::blockBoundary("calls outside a launch", "");
    block() = {};
  }
};
/// The block count of a launch and where the launch is (the trace names it).
struct Blocks {
  uint32_t count;
  Loc loc;
  Blocks(uint32_t count, const Loc &loc = Loc::current()) : count(count), loc(loc) {}
};
template <class F, class... Rest> Launch<F> launch(F kernel, Blocks blocks, Rest &&...) {
  return {kernel, blocks.count, blocks.loc};
}

/// A GM <-> UB copy of `bytes` bytes: the UB side aligned and inside the
/// array it starts in; the GM side outside UB.
inline void copy(void *dst, const void *src, uint64_t bytes, bool toUB, const char *call,
                 const Loc &loc) {
  enter(call, loc);
  const void *gm = toUB ? src : dst;
  if (!gm || ub().addressOf(gm) >= 0)
    fail(loc, call,
         std::string("the GM pointer (the ") + (toUB ? "source" : "destination") +
             ") is null or points into the Unified Buffer");
  if (toUB) {
    uint8_t *p = checkWrite(dst, 0, bytes, /*aligned=*/true, call, loc);
    std::memcpy(p, src, bytes);
    if (trace::Recorder *tr = trace::call(loc))
      tr->copiedIn(dst, bytes);
    return;
  }
  uint64_t a = ubAddress(src, call, loc);
  checkAligned(a, call, loc);
  const UBAllocation *in = ub().allocationAt(a);
  if (bytes && (!in || a + bytes > in->start + in->bytes))
    fail(loc, call,
         "reads UB bytes [" + std::to_string(a) + ", " + std::to_string(a + bytes) + "), " +
             (in ? "past the end of " + describe(*in)
                 : std::string("outside every __ubuf__ array")));
  std::memcpy(dst, ub().data() + a, bytes);
  if (trace::Recorder *tr = trace::call(loc))
    tr->copiedOut(src, bytes);
}

} // namespace twin
} // namespace ascreg

/// The C API's aligned GM -> UB and UB -> GM copies (dst, src, bytes).
template <typename T>
ASCREG_OP("copy_gm_to_ub")
inline void asc_copy_gm2ub_align(__ubuf__ T *dst, __gm__ const T *src, uint32_t bytes,
                                 const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::copy(dst, src, bytes, /*toUB=*/true, "asc_copy_gm2ub_align", loc);
}
template <typename T>
ASCREG_OP("copy_ub_to_gm")
inline void asc_copy_ub2gm_align(__gm__ T *dst, __ubuf__ const T *src, uint32_t bytes,
                                 const ascreg::twin::Loc &loc = ascreg::twin::Loc::current()) {
  ascreg::twin::copy(dst, src, bytes, /*toUB=*/false, "asc_copy_ub2gm_align", loc);
}

namespace AscendC {
inline int64_t GetBlockIdx() { return ascreg::twin::block().index; }
inline int64_t GetBlockNum() { return ascreg::twin::block().count; }
/// Orders the pipe's work on the NPU; the host runs in order already.
template <pipe_t pipe> inline void PipeBarrier() {}
} // namespace AscendC

#endif // ASCREG_ASCENDC_TWIN_LAUNCH_H
