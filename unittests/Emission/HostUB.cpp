//===- HostUB.cpp - the host intrinsics' current Unified Buffer -----------===//
#include "EmittedKernel.h"

#include "ascreg/AscendC/HostIntrinsics.h"

void ascreg_emission::setCurrentUB(ascreg::semantics::UnifiedBuffer *ub) {
  ascreg_host::currentUB() = ub;
}
