//===- asc_simd.h - the vendor's C API umbrella, for the host twin -*- C++ -*-===//
//
// The C API a complete Ascend C program includes, for the ascreg host twin
// (docs/regapi.md): the register types and intrinsics of HostIntrinsics.h,
// the checked C forms of the register ops (asc_loadalign, ...), the GM <->
// UB copies, the pipe synchronisation and the launch.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_REGAPI_C_API_ASC_SIMD_H
#define ASCREG_ASCENDC_REGAPI_C_API_ASC_SIMD_H

#include "ascreg/AscendC/twin/CApi.h"
#include "ascreg/AscendC/twin/CApiOps.h"
#include "ascreg/AscendC/twin/Launch.h"

#endif // ASCREG_ASCENDC_REGAPI_C_API_ASC_SIMD_H
