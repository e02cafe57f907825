//===- acl.h - the vendor runtime (AscendCL) on the host --------*- C++ -*-===//
//
// The AscendCL calls a probe program's host main makes (ascreg-probe emit,
// docs/probes.md), for a host build (-DASCREG_HOST, include/ascreg/AscendC/
// host first on the include path): "device" memory is host memory, a copy
// is memcpy, a launch is a plain call (the program spells it without
// <<<...>>> under ASCREG_HOST), so synchronising does nothing. Names,
// argument orders and enumerator values follow the vendor's acl/acl.h
// (aclrtMemcpy(dst, destMax, src, count, kind)); not a model of a device.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_HOST_ACL_ACL_H
#define ASCREG_ASCENDC_HOST_ACL_ACL_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

typedef int aclError;
static const aclError ACL_SUCCESS = 0;
static const aclError ACL_ERROR_INVALID_PARAM = 100000;
static const aclError ACL_ERROR_BAD_ALLOC = 200000;

typedef void *aclrtStream;
enum aclrtMemMallocPolicy {
  ACL_MEM_MALLOC_HUGE_FIRST = 0,
  ACL_MEM_MALLOC_HUGE_ONLY = 1,
  ACL_MEM_MALLOC_NORMAL_ONLY = 2,
};
enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
};

inline aclError aclInit(const char *) { return ACL_SUCCESS; }
inline aclError aclFinalize() { return ACL_SUCCESS; }
inline aclError aclrtSetDevice(int32_t) { return ACL_SUCCESS; }
inline aclError aclrtResetDevice(int32_t) { return ACL_SUCCESS; }
inline aclError aclrtCreateStream(aclrtStream *stream) {
  if (!stream)
    return ACL_ERROR_INVALID_PARAM;
  *stream = nullptr;
  return ACL_SUCCESS;
}
inline aclError aclrtDestroyStream(aclrtStream) { return ACL_SUCCESS; }
inline aclError aclrtSynchronizeStream(aclrtStream) { return ACL_SUCCESS; }
inline aclError aclrtSynchronizeDevice() { return ACL_SUCCESS; }

/// 64-byte aligned host memory (the kernels copy whole 32-byte blocks).
inline aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy) {
  if (!devPtr || size == 0)
    return ACL_ERROR_INVALID_PARAM;
  *devPtr = std::aligned_alloc(64, (size + 63) / 64 * 64);
  return *devPtr ? ACL_SUCCESS : ACL_ERROR_BAD_ALLOC;
}
inline aclError aclrtFree(void *devPtr) {
  std::free(devPtr);
  return ACL_SUCCESS;
}
inline aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                            aclrtMemcpyKind) {
  if (!dst || !src || count > destMax)
    return ACL_ERROR_INVALID_PARAM;
  std::memcpy(dst, src, count);
  return ACL_SUCCESS;
}

#endif // ASCREG_ASCENDC_HOST_ACL_ACL_H
