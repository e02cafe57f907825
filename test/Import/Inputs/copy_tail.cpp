// A vendor-style copy of n floats, register by register under the tail
// mask (test/Import/planted.test plants bugs in it with -D).
#include "kernel_operator.h"

__simd_vf__ inline void CopyVF(__ubuf__ float *dst, __ubuf__ float *src, uint32_t n)
{
    AscendC::Reg::RegTensor<float> v;
#ifdef PLANT_SHORT_TAIL
    uint16_t regs = n / 64; // planted: the partial last register is dropped
#else
    uint16_t regs = (n + 63) / 64;
#endif
#ifdef PLANT_OFF_BY_ONE
    uint32_t count = n + 1; // planted: the tail mask takes one element too many
#else
    uint32_t count = n;
#endif
    for (uint16_t i = 0; i < regs; ++i) {
        AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>(count);
#ifdef PLANT_UNINIT_READ
        AscendC::Reg::LoadAlign(v, dst + i * 64); // planted: reads the output, not the input
#else
        AscendC::Reg::LoadAlign(v, src + i * 64);
#endif
#ifdef PLANT_MISALIGNED
        AscendC::Reg::StoreAlign(dst + i * 64 + 1, v, mask); // planted: not 32-byte aligned
#else
        AscendC::Reg::StoreAlign(dst + i * 64, v, mask);
#endif
    }
}
