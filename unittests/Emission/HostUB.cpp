//===- HostUB.cpp - the host intrinsics' Unified Buffer and profile -------===//
#include "EmittedKernel.h"

#include "ascreg/AscendC/HostIntrinsics.h"

void ascreg_emission::setCurrentUB(ascreg::semantics::UnifiedBuffer *ub) {
  ascreg_host::currentUB() = ub;
}

void ascreg_emission::setHostProfile(const ascreg::semantics::Profile &profile) {
  ascreg_host::profile() = profile;
}
