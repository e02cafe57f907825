//===- kernel_operator.h - the Reg API host twin's umbrella -----*- C++ -*-===//
//
// The header a vendor Reg API kernel includes, for the ascreg host twin
// (docs/regapi.md): AscendC::Reg (alias AscendC::MicroAPI) with
// RegTensor, MaskReg, the enums and every function ascreg has an op for,
// the modelled Unified Buffer, the launch, GetBlockIdx and PipeBarrier.
// Compile with ascreg-cc, which puts include/ascreg/AscendC/regapi on the
// include path.
//
//===----------------------------------------------------------------------===//
#ifndef ASCREG_ASCENDC_REGAPI_KERNEL_OPERATOR_H
#define ASCREG_ASCENDC_REGAPI_KERNEL_OPERATOR_H

#include "ascreg/AscendC/twin/Launch.h"
#include "ascreg/AscendC/twin/RegOps.h"
#include "ascreg/AscendC/twin/ShiftOps.h"
// The issue-27 calls, by family.
#include "ascreg/AscendC/twin/ArithOps.h"
#include "ascreg/AscendC/twin/LaneFormOps.h"
#include "ascreg/AscendC/twin/ScalarFormOps.h"
// The vendor overloads the twin does not model (a static_assert each).
#include "ascreg/AscendC/twin/UnsupportedForms.h"

#endif // ASCREG_ASCENDC_REGAPI_KERNEL_OPERATOR_H
