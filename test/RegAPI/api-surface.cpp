// The spellings real kernels use, on the twin: the MicroAPI alias,
// __VEC_SCOPE__, asc_vf_call, a reference cast of a register, the
// two-register 64-bit form, a CastTrait, the C API's value-returning form, a
// multi-block launch with GetBlockIdx, and UB arrays released at scope end.
// Expected values are computed by hand in the comments.
// RUN: ascreg-cc %s -o %t && %t | FileCheck %s
#include "c_api/asc_simd.h"
#include "kernel_operator.h"

#include <cstdio>

namespace R = AscendC::MicroAPI;

template <typename T> __simd_vf__ inline void IdentityGatherVF(__ubuf__ T *dst, __ubuf__ T *src) {
  R::RegTensor<T> v, r;
  R::RegTensor<int16_t> idx;
  R::Arange(idx, int16_t(0));
  R::LoadAlign(v, src);
  R::Gather(r, v, (R::RegTensor<uint16_t> &)idx); // index i through a reference cast
  R::StoreAlign(dst, r, R::CreateMask<T>());
}

__global__ __vector__ void kernel(__gm__ half *out, __gm__ int64_t *out64, __gm__ int32_t *outCast,
                                  __gm__ float *outPair) {
  __ubuf__ half src[128];
  for (int i = 0; i < 128; ++i)
    src[i] = half(i + 128 * AscendC::GetBlockIdx());
  {
    __ubuf__ half dst[128];
    asc_vf_call<IdentityGatherVF<half>>(dst, src);
    asc_copy_ub2gm_align(out + 128 * AscendC::GetBlockIdx(), dst, sizeof(dst));
  }
  __ubuf__ int64_t wide[64]; // placed where dst was (its scope ended)
  __VEC_SCOPE__ {
    R::RegTensor<int64_t, R::RegTraitNumTwo> a, s;
    R::Arange(a, int64_t(1) << 32); // 2^32 + i
    uint32_t n = 64;
    R::MaskReg m = R::UpdateMask<int64_t, R::RegTraitNumTwo>(n);
    R::ReduceSum(s, a, m); // 64 * 2^32 + 2016
    R::StoreAlign(wide, s, m);
  }
  asc_copy_ub2gm_align(out64, wide, sizeof(wide));
  std::printf("block %lld: wide at UB offset %lld\n", (long long)AscendC::GetBlockIdx(),
              (long long)((uint8_t *)wide - (uint8_t *)src));

  __ubuf__ int32_t ints[64];
  __VEC_SCOPE__ {
    static constexpr R::CastTrait floor{R::RegLayout::UNKNOWN, R::SatMode::NO_SAT,
                                        R::MaskMergeMode::ZEROING, R::RoundMode::CAST_FLOOR};
    R::RegTensor<float> f;
    R::RegTensor<int32_t> i;
    R::Arange(f, -2.5f); // -2.5, -1.5, -0.5, 0.5, ...
    R::Cast<int32_t, float, floor>(i, f, R::CreateMask<float>());
    R::StoreAlign(ints, i, R::CreateMask<int32_t>());
  }
  asc_copy_ub2gm_align(outCast, ints, sizeof(ints));

  __ubuf__ float pair[64];
  for (int i = 0; i < 64; ++i)
    pair[i] = float(i);
  vector_float x, y;
  asc_loadalign(x, pair);
  uint32_t n = 4;
  y = asc_pair_reduce_sum(x, asc_update_mask_b32(n)); // 0+1, 2+3, then 0
  asc_storealign(pair, y, asc_update_mask_b32(n = 64));
  asc_copy_ub2gm_align(outPair, pair, sizeof(pair));
}

int main() {
  // A UB array of the host code: every block starts on a fresh UB, and
  // releasing it after the launch must not release another array.
  __ubuf__ float early[64];
  early[0] = 1;
  half out[256];
  int64_t out64[64];
  int32_t outCast[64];
  float outPair[64];
  kernel<<<2, nullptr>>>(out, out64, outCast, outPair);
  std::printf("out[0] %g out[127] %g out[128] %g out[255] %g\n", double(out[0]), double(out[127]),
              double(out[128]), double(out[255]));
  std::printf("sum64 %lld lane1 %lld\n", (long long)out64[0], (long long)out64[1]);
  std::printf("floor %d %d %d %d\n", outCast[0], outCast[1], outCast[2], outCast[3]);
  std::printf("pair %g %g %g\n", outPair[0], outPair[1], outPair[2]);
  {
    __ubuf__ float late[64];
    std::printf("late at UB offset %lld\n", (long long)((uint8_t *)late - (uint8_t *)early));
  }
  return 0;
}
// CHECK: block 0: wide at UB offset 256
// CHECK: block 1: wide at UB offset 256
// CHECK: out[0] 0 out[127] 127 out[128] 128 out[255] 255
// CHECK: sum64 274877908960 lane1 0
// CHECK: floor -3 -2 -1 0
// CHECK: pair 1 5 0
// CHECK: late at UB offset 0
