//===- acl.h - the vendor runtime (AscendCL), for the host twin -*- C++ -*-===//
//
// The AscendCL calls of a host main (aclInit, aclrtMalloc, aclrtMemcpy,
// ...): "device" memory is host memory. The same header serves the probes'
// host builds.
//
//===----------------------------------------------------------------------===//
#include "ascreg/AscendC/host/acl/acl.h"
