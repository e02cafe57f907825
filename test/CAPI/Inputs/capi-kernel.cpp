// ascreg-capi-import-test's kernel: n floats copied under the tail mask; the
// register count comes from a header on the -I path, -DSHORT changes it.
#include "kernel_operator.h"
#include "capi-regs.h"

__simd_vf__ inline void CopyVF(__ubuf__ float *dst, __ubuf__ float *src, uint32_t n)
{
    AscendC::Reg::RegTensor<float> v;
    uint16_t regs = CAPI_REGS(n);
    for (uint16_t i = 0; i < regs; ++i) {
        AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>(n);
        AscendC::Reg::LoadAlign(v, src + i * 64);
        AscendC::Reg::StoreAlign(dst + i * 64, v, mask);
    }
#ifdef BROKEN
    while (n) {
        --n;
    }
#endif
}
