#include "kernel_operator.h"
__simd_vf__ inline void F(__ubuf__ int *x, int n) {
  constexpr bool kWide = true;
  x[0] = kWide ? 64 : n;
  x[1] = (kWide || n > 3) ? 7 : 9;
  x[2] = sizeof(n) * 2;
}
