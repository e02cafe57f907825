// Tracing by the API (docs/regapi.md, "Tracing"): startTrace(DIR) traces
// the launches after it, stopTrace() writes the trace and ends it, so the
// second launch is not traced; the replay gives the twin's bits.
// clang-format off: the RUN and CHECK lines stay whole
// RUN: ascreg-cc %s -o %t && rm -rf %t.d && %t %t.d | FileCheck %s --check-prefix=OUT
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=MODULE < %t.d/trace0.mlir
// RUN: env ASCREG_RUN=ascreg-run sh %t.d/replay.sh --check=all
// RUN: %python %S/Inputs/twin_check.py compare %t.d | FileCheck %s --check-prefix=SAME
// OUT: traced: 3 untraced: 5
// FILES-NOT: trace1
// FILES: replay.sh
// FILES-NOT: trace1
// FILES: trace0.mlir
// FILES-NOT: trace1
// MODULE: ascreg.adds {{.*}} loc("{{.*}}trace-api.cpp":[[@LINE+15]]:{{[0-9]+}})
// SAME: 1 replayed outputs, 0 mismatches
#include "c_api/asc_simd.h"
#include "kernel_operator.h"

#include <cstdio>

using namespace AscendC;

__global__ __aicore__ void addKernel(__gm__ float *out, float k) {
  __ubuf__ float buf[64];
  __VEC_SCOPE__ {
    Reg::RegTensor<float> v;
    Reg::MaskReg all = Reg::CreateMask<float>();
    Reg::Duplicate(v, 1.0f);
    Reg::Adds(v, v, k, all);
    Reg::StoreAlign(buf, v, all);
  }
  asc_copy_ub2gm_align(out, buf, 64 * sizeof(float));
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  float out[64];
  ascreg::twin::startTrace(argv[1]);
  addKernel<<<1, nullptr>>>(out, 2.0f);
  ascreg::twin::stopTrace();
  float first = out[63];
  addKernel<<<1, nullptr>>>(out, 4.0f);
  std::printf("traced: %g untraced: %g\n", first, out[63]);
  return 0;
}
