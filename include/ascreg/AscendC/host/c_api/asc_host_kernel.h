//===- asc_host_kernel.h - an Ascend C kernel entry on the host -*- C++ -*-===//
//
// The kernel-side calls of a complete Ascend C program that the emitted
// vector code does not use, for a host build (-DASCREG_HOST): the
// `__global__ __vector__` qualifiers, asc_init, the GM <-> UB copies
// asc_copy_gm2ub_align / asc_copy_ub2gm_align (the (dst, src, bytes) form of
// the vendor's C API example) and the pipe synchronisation asc_sync_notify /
// asc_sync_wait / asc_sync (asc_pipes.h). On the NPU they come with "c_api/asc_simd.h";
// on the host that name is the intrinsics header, which this one includes.
// GM and UB are both host memory and the host runs every pipe in program
// order, so a copy is memcpy and a synchronisation does nothing.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_HOST_C_API_ASC_HOST_KERNEL_H
#define ASCREG_ASCENDC_HOST_C_API_ASC_HOST_KERNEL_H

#include "ascreg/AscendC/HostIntrinsics.h"
#include "ascreg/AscendC/host/c_api/asc_pipes.h"

#include <cstdint>
#include <cstring>

/// `bytes` bytes from GM to UB / UB to GM.
template <typename T> inline void asc_copy_gm2ub_align(T *dst, const T *src, uint32_t bytes) {
  std::memcpy(static_cast<void *>(dst), static_cast<const void *>(src), bytes);
}
template <typename T> inline void asc_copy_ub2gm_align(T *dst, const T *src, uint32_t bytes) {
  std::memcpy(static_cast<void *>(dst), static_cast<const void *>(src), bytes);
}

#endif // ASCREG_ASCENDC_HOST_C_API_ASC_HOST_KERNEL_H
