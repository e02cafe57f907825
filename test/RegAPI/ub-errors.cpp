// Each UB violation: exit 1, one message at the user's file:line naming the call; output stays.
// clang-format off: the RUN and CHECK lines stay whole, and CHECKs name line numbers
// RUN: ascreg-cc -DCASE=1 %s -o %t1 && not %t1 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: ascreg-cc -DCASE=2 %s -o %t2 && not %t2 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: ascreg-cc -DCASE=3 %s -o %t3 && not %t3 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: ascreg-cc -DCASE=4 %s -o %t4 && env ASCREG_UB_CAPACITY=4096 not %t4 2>&1 | FileCheck %s --check-prefix=CAPACITY
// RUN: ascreg-cc -DCASE=5 %s -o %t5 && not %t5 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: ascreg-cc -DCASE=6 %s -o %t6 && not %t6 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: ascreg-cc -DCASE=7 %s -o %t7 && not %t7 2>&1 | FileCheck %s --check-prefix=LEGAL
// RUN: ascreg-cc -DCASE=8 %s -o %t8 && not %t8 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: ascreg-cc -DCASE=9 %s -o %t9 && not %t9 2>&1 | FileCheck %s --check-prefix=INTRINSIC
// RUN: ascreg-cc -DCASE=10 %s -o %t10 && not %t10 2>&1 | FileCheck %s --check-prefix=MULS
// RUN: ascreg-cc -DCASE=11 %s -o %t11 && not %t11 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: ascreg-cc -DCASE=0 %s -o %t0 && %t0 | FileCheck %s --check-prefix=FINE
#include "kernel_operator.h"

#include <cstdio>

using namespace AscendC;

__simd_vf__ inline void Copy(__ubuf__ float *dst, __ubuf__ float *src, uint32_t n,
                             uint32_t dstOffset, uint32_t srcOffset) {
  Reg::RegTensor<float> v;
  Reg::MaskReg m = Reg::UpdateMask<float>(n);
  Reg::LoadAlign(v, src + srcOffset);
  Reg::StoreAlign(dst + dstOffset, v, m);
}

__global__ __vector__ void kernel(__gm__ float *out, __gm__ float *in) {
  __ubuf__ float src[64];
  __ubuf__ float dst[100];
  asc_copy_gm2ub_align(src, in, sizeof(src));
#if CASE == 0
  Copy(dst, src, 36, 64, 0); // lanes 64..99: the last 36 elements, inside dst
#elif CASE == 1
  Copy(dst, src, 37, 64, 0); // one lane too many
// STORE: launching
// STORE-NEXT: ub-errors.cpp:24:{{[0-9]+}}: error: StoreAlign: writes UB bytes [512, 660), past the end of the __ubuf__ array of 400 bytes at UB 0x100 declared at {{.*}}ub-errors.cpp:29
#elif CASE == 2
  Copy(dst, src, 64, 0, 4);
// ALIGN: ub-errors.cpp:23:{{[0-9]+}}: error: LoadAlign: UB address 0x10 is not 32-byte aligned (in the __ubuf__ array of 256 bytes at UB 0x0 declared at {{.*}}ub-errors.cpp:28)
#elif CASE == 3
  Copy(dst, in, 64, 0, 0); // a GM pointer where a __ubuf__ one belongs
// HOST: ub-errors.cpp:23:{{[0-9]+}}: error: LoadAlign: the __ubuf__ pointer 0x{{[0-9a-f]+}} does not point into the Unified Buffer
#elif CASE == 4
  __ubuf__ float big[1024];
// CAPACITY: ub-errors.cpp:[[@LINE-1]]:{{[0-9]+}}: error: __ubuf__: the array of 4096 bytes at UB 0x2a0 exceeds the Unified Buffer of 4096 bytes (set it with ASCREG_UB_CAPACITY)
  big[0] = 1;
#elif CASE == 5
  __ubuf__ uint32_t index[64];
  for (int i = 0; i < 64; ++i)
    index[i] = i == 5 ? 100000 : i;
  Reg::RegTensor<uint32_t> idx;
  Reg::RegTensor<float> v;
  Reg::LoadAlign(idx, index);
  Reg::Gather(v, src, idx, Reg::CreateMask<float>());
// GATHER: ub-errors.cpp:[[@LINE-1]]:{{[0-9]+}}: error: Gather: lane 5 gathers index 100000 of 4-byte elements from UB 0x0, outside the Unified Buffer of 253952 bytes
#elif CASE == 6
  asc_copy_ub2gm_align(out, dst, 101 * sizeof(float));
// COPY: ub-errors.cpp:[[@LINE-1]]:{{[0-9]+}}: error: asc_copy_ub2gm_align: reads UB bytes [256, 660), past the end of the __ubuf__ array of 400 bytes at UB 0x100 declared at {{.*}}ub-errors.cpp:29
#elif CASE == 7
  Reg::RegTensor<int8_t> a, r;
  Reg::Reduce<Reg::ReduceType::SUM>(r, a, Reg::CreateMask<int8_t>());
// LEGAL: ub-errors.cpp:[[@LINE-1]]:{{[0-9]+}}: error: Reduce: reduce <sum> from i8 to i8 is not a legal type combination
#elif CASE == 8
  Copy(dst, src, 64, 0, 63456); // a register that starts in UB and ends past it
// LOAD: ub-errors.cpp:23:{{[0-9]+}}: error: LoadAlign: reads UB bytes [253824, 254080), past the end of the Unified Buffer of 253952 bytes
#elif CASE == 9
  vector_float raw;
  vlds(raw, src, 63456, NORM); // a dav-3510 intrinsic of HostIntrinsics.h: no location
// INTRINSIC: error: vlds: UB access outside the Unified Buffer
#elif CASE == 10
  Reg::RegTensor<bfloat16_t> b16;
  Reg::Muls(b16, b16, 2.0f, Reg::CreateMask<bfloat16_t>());
// MULS: ub-errors.cpp:[[@LINE-1]]:{{[0-9]+}}: error: Muls: muls of bf16 is not a legal type combination
#elif CASE == 11
  Reg::RegTensor<float> v;
  Reg::LoadAlign(v, src);
  Reg::StoreAlign<float, Reg::StoreDist::DIST_FIRST_ELEMENT_B32>(dst + 99, v, Reg::CreateMask<float>()); // the last element: fine
  Reg::StoreAlign<float, Reg::StoreDist::DIST_FIRST_ELEMENT_B32>(dst + 100, v, Reg::CreateMask<float>());
// FIRST: ub-errors.cpp:[[@LINE-1]]:{{[0-9]+}}: error: StoreAlign: UB address 0x290 is not inside a __ubuf__ array
#endif
  asc_copy_ub2gm_align(out, dst, sizeof(dst));
}

int main() {
  float in[64], out[100] = {};
  for (int i = 0; i < 64; ++i)
    in[i] = float(i);
  std::printf("launching\n");
  kernel<<<1, nullptr>>>(out, in);
  std::printf("out[64] = %g, out[99] = %g\n", out[64], out[99]);
  return 0;
}
// FINE: launching
// FINE-NEXT: out[64] = 0, out[99] = 35
