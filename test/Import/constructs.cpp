// The constructs of docs/import.md's table that the seeds and examples do
// not use, imported (structure checked) and the if/else kernel run against
// a hand computation.
// RUN: ascreg-import %s | FileCheck %s
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.arange(-32, 32, dtype=np.float32) + 0.5); np.save('%t.y.npy', np.zeros(64, np.float32))"
// RUN: ascreg-run %s --function='Branch<float>' --arg=%t.y.npy --arg=%t.x.npy --arg=i32:1 --out=0:%t.neg.npy
// RUN: ascreg-run %s --function='Branch<float>' --arg=%t.y.npy --arg=%t.x.npy --arg=i32:0 --out=0:%t.floor.npy
// RUN: %python -c "import numpy as np; x = np.arange(-32, 32, dtype=np.float32) + 0.5; assert np.load('%t.floor.npy').tobytes() == np.floor(x).tobytes(); n = np.load('%t.neg.npy'); assert n.tobytes() == np.where(x < 0, x, 0).astype(np.float32).tobytes(), n; print('ok')" | FileCheck %s --check-prefix=BITS
// BITS: ok
#include "kernel_operator.h"

namespace R = AscendC::MicroAPI;

// if / else on a scalar: scf.if yielding the register both branches write;
// Truncate's round mode from its template argument; Not with its governing
// mask (mask_not, then mask_and).
template <typename T> __simd_vf__ void Branch(__ubuf__ T *dst, __ubuf__ T *src, uint32_t neg) {
  R::RegTensor<T> v, zero, out;
  R::MaskReg all = R::CreateMask<T>();
  R::LoadAlign(v, src);
  if (neg != 0) {
    R::MaskReg lt, ge;
    R::Duplicate(zero, 0.0f);
    R::Compare<T, R::CMPMODE::LT>(lt, v, zero, all);
    R::Not(ge, lt, all);
    R::Select(out, zero, v, ge);
  } else {
    R::Truncate<T, R::RoundMode::CAST_FLOOR>(out, v, all);
  }
  R::StoreAlign(dst, out, all);
}
template void Branch<float>(__ubuf__ float *, __ubuf__ float *, uint32_t);

// CHECK-LABEL: func.func @"Branch<float>"(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: i32)
// CHECK: %[[ALL:.*]] = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
// CHECK: %[[OUT:[0-9]+]]:2 = scf.if %{{.*}} -> (!ascreg.vreg<64xf32>
// CHECK:   %[[LT:.*]] = ascreg.compare <lt>
// CHECK:   %[[NOT:.*]] = ascreg.mask_not %[[LT]] for !ascreg.vreg<256xu8>
// CHECK:   %[[GE:.*]] = ascreg.mask_and %[[NOT]], %[[ALL]]
// CHECK:   ascreg.select %[[GE]]
// CHECK: } else {
// CHECK:   ascreg.truncate %{{.*}}, %[[ALL]] round <floor> : !ascreg.vreg<64xf32>
// CHECK: }
// CHECK: ascreg.store_align %[[OUT]]#1

// Pointer arithmetic on a local pointer, p++ / p += n, a scalar UB read,
// a constexpr CastTrait (cast attributes), a reference cast written through.
__simd_vf__ void Pointers(__ubuf__ int32_t *dst, __ubuf__ float *src, uint32_t n) {
  static constexpr R::CastTrait kTrunc{R::RegLayout::UNKNOWN, R::SatMode::SAT,
                                       R::MaskMergeMode::ZEROING, R::RoundMode::CAST_TRUNC};
  __ubuf__ float *p = src + 64;
  p += 64;
  p++;
  float first = src[1];
  R::RegTensor<float> f;
  R::RegTensor<int32_t> i;
  R::RegTensor<uint32_t> u;
  R::LoadAlign(f, p - 1);
  R::Cast<int32_t, float, kTrunc>(i, f, R::UpdateMask<float>(n));
  R::Duplicate((R::RegTensor<float> &)u, first);
  R::StoreAlign(dst, i, R::CreateMask<int32_t>());
  R::StoreAlign(dst + 64, (R::RegTensor<int32_t> &)u, R::CreateMask<int32_t>());
}
// CHECK-LABEL: func.func @Pointers(
// CHECK: %[[FIRST:.*]] = memref.load
// CHECK: %[[F:.*]] = ascreg.load_align
// CHECK: ascreg.cast %[[F]], %{{.*}} round <trunc> sat <on> : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xi32>
// CHECK: %[[DUP:.*]] = ascreg.duplicate %[[FIRST]] : f32 -> !ascreg.vreg<64xf32>
// CHECK: %[[U:.*]] = ascreg.bitcast %[[DUP]] : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xu32>
// CHECK: ascreg.bitcast %[[U]] : !ascreg.vreg<64xu32> -> !ascreg.vreg<64xi32>

// Compound assignments with shifts and remainders, in C++'s promoted type:
// -100 >> 3 = -13, << 2 = -52, % 7 = -3 (truncating); a uint16_t 65535
// promotes to int, >> 1 = 32767; the sum 32764 fills the register.
__simd_vf__ void CompoundShifts(__ubuf__ int32_t *dst, int32_t x, int32_t y) {
  int32_t s = x;
  s >>= 3;
  s <<= 2;
  s %= 7;
  uint16_t v = (uint16_t)y;
  v >>= 1;
  R::RegTensor<int32_t> r;
  R::Duplicate(r, s + v);
  R::StoreAlign(dst, r, R::CreateMask<int32_t>());
}
// CHECK-LABEL: func.func @CompoundShifts(
// CHECK: arith.shrsi
// CHECK: arith.shli
// CHECK: arith.remsi
// CHECK: arith.shrsi
// RUN: %python -c "import numpy as np; np.save('%t.c.npy', np.zeros(64, np.int32))"
// RUN: ascreg-run %s --function=CompoundShifts --arg=%t.c.npy --arg=i32:-100 --arg=i32:65535 --out=0:%t.cs.npy
// RUN: %python -c "import numpy as np; c = np.load('%t.cs.npy'); assert (c == 32764).all(), c; print('ok')" | FileCheck %s --check-prefix=BITS

// __VEC_SCOPE__ in a kernel and asc_vf_call of a template: imported too.
template <typename T> __simd_vf__ void Copy(__ubuf__ T *dst, __ubuf__ T *src) {
  R::RegTensor<T> v;
  R::LoadAlign(v, src);
  R::StoreAlign(dst, v, R::CreateMask<T>());
}
__global__ __vector__ void kernel(__gm__ half *out) {
  __ubuf__ half a[128];
  __ubuf__ half b[128];
  asc_vf_call<Copy<half>>(b, a);
  __VEC_SCOPE__ {
    uint32_t n = 100;
    R::RegTensor<half> v;
    R::LoadAlign(v, b);
    R::StoreAlign(a, v, R::UpdateMask<half>(n));
  }
  asc_copy_ub2gm_align(out, a, sizeof(a));
}
// CHECK-LABEL: func.func @"Copy<_Float16>"(
// CHECK-LABEL: func.func @"kernel.vec_scope@{{[0-9]+}}"(%{{.*}}: memref<128xf16>, %{{.*}}: memref<128xf16>)
// CHECK: ascreg.update_mask
