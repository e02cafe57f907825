//===- asc_simd.h - the vendor's C API umbrella, on the host ----*- C++ -*-===//
//
// Emitted Ascend C includes the vendor's umbrella header "c_api/asc_simd.h"
// (a complete translation unit for bisheng). On the host, put
// include/ascreg/AscendC/host on the include path (before any vendor
// directory) and this header supplies the host intrinsics instead.
//
//===----------------------------------------------------------------------===//
#include "ascreg/AscendC/HostIntrinsics.h"
