//===- asc_host_kernel.h - an Ascend C kernel entry on the host -*- C++ -*-===//
//
// The kernel-side calls of a complete Ascend C program that the emitted
// vector code does not use, for a host build (-DASCREG_HOST): the
// `__global__ __vector__` qualifiers, asc_init, the GM <-> UB copies
// asc_copy_gm2ub_align / asc_copy_ub2gm_align (the (dst, src, bytes) form of
// the vendor's C API example) and the pipe synchronisation asc_sync_notify /
// asc_sync_wait / asc_sync. On the NPU they come with "c_api/asc_simd.h";
// on the host that name is the intrinsics header, which this one includes.
// GM and UB are both host memory and the host runs every pipe in program
// order, so a copy is memcpy and a synchronisation does nothing.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_HOST_C_API_ASC_HOST_KERNEL_H
#define ASCREG_ASCENDC_HOST_C_API_ASC_HOST_KERNEL_H

#include "ascreg/AscendC/HostIntrinsics.h"

#include <cstdint>
#include <cstring>

#define __global__
#define __vector__

/// The vendor's pipe and event names (pipe_t, event_t).
enum pipe_t { PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL };
enum event_t {
  EVENT_ID0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7
};

inline void asc_init() {}
inline void asc_sync() {}
inline void asc_sync_notify(pipe_t, pipe_t, event_t) {}
inline void asc_sync_wait(pipe_t, pipe_t, event_t) {}

/// `bytes` bytes from GM to UB / UB to GM.
template <typename T> inline void asc_copy_gm2ub_align(T *dst, const T *src, uint32_t bytes) {
  std::memcpy(static_cast<void *>(dst), static_cast<const void *>(src), bytes);
}
template <typename T> inline void asc_copy_ub2gm_align(T *dst, const T *src, uint32_t bytes) {
  std::memcpy(static_cast<void *>(dst), static_cast<const void *>(src), bytes);
}

#endif // ASCREG_ASCENDC_HOST_C_API_ASC_HOST_KERNEL_H
