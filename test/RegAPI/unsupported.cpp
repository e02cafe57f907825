// A call the twin does not support fails to compile with a static_assert
// that names it; the supported calls around it compile.
// clang-format off: the RUN and CHECK lines stay whole
// RUN: not ascreg-cc -fsyntax-only -DCASE=1 %s 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not ascreg-cc -fsyntax-only -DCASE=2 %s 2>&1 | FileCheck %s --check-prefix=MULT
// RUN: not ascreg-cc -fsyntax-only -DCASE=3 %s 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not ascreg-cc -fsyntax-only -DCASE=4 %s 2>&1 | FileCheck %s --check-prefix=EXP
// RUN: not ascreg-cc -fsyntax-only -DCASE=5 %s 2>&1 | FileCheck %s --check-prefix=LANE
// RUN: not ascreg-cc -fsyntax-only -DCASE=6 %s 2>&1 | FileCheck %s --check-prefix=PSEL
// RUN: not ascreg-cc -fsyntax-only -DCASE=7 %s 2>&1 | FileCheck %s --check-prefix=DIST
// RUN: not ascreg-cc -fsyntax-only -DCASE=8 %s 2>&1 | FileCheck %s --check-prefix=MERGE
// RUN: not ascreg-cc -fsyntax-only -DCASE=9 %s 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: not ascreg-cc -fsyntax-only -DCASE=10 %s 2>&1 | FileCheck %s --check-prefix=SUBMERGE
// RUN: ascreg-cc -fsyntax-only -DCASE=0 %s
// DIV: error: static assertion failed{{.*}}Div is not supported by the ascreg host twin yet
// MULT: error: static assertion failed{{.*}}Muls with MaskMergeMode::MERGING is not supported by the ascreg host twin yet
// BLOCK: error: static assertion failed{{.*}}ReduceDataBlock is not supported by the ascreg host twin yet
// EXP: error: static assertion failed{{.*}}Exp is not supported by the ascreg host twin yet
// LANE: error: static assertion failed{{.*}}Duplicate with HighLowPart::HIGHEST is not supported
// PSEL: error: static assertion failed{{.*}}Select of masks (psel) is not supported by the ascreg host twin yet
// DIST: error: static assertion failed{{.*}}StoreAlign with a StoreDist other than DIST_NORM
// MERGE: error: static assertion failed{{.*}}Add with MaskMergeMode::MERGING is not supported
// FIRST: error: static assertion failed{{.*}}DIST_FIRST_ELEMENT_Bn must name the element width
// SUBMERGE: error: static assertion failed{{.*}}Sub with MaskMergeMode::MERGING is not supported
#include "kernel_operator.h"

using namespace AscendC;

__simd_vf__ inline void kernel(__ubuf__ float *dst, __ubuf__ float *src) {
  Reg::RegTensor<float> a, b;
  Reg::MaskReg m = Reg::CreateMask<float>(), n;
  Reg::LoadAlign(a, src);
  Reg::And(n, m, m, m); // the mask forms are supported
  Reg::MaskNot(n, n, m);
  Reg::Mul(b, a, a, m); // and the issue-27 calls
  Reg::Muls(b, b, 2.0f, m);
  Reg::Duplicate(b, a, m);
  Reg::StoreAlign<float, Reg::StoreDist::DIST_FIRST_ELEMENT_B32>(dst, b, m);
#if CASE == 1
  Reg::Div(b, a, a, m);
#elif CASE == 2
  Reg::Muls<float, float, Reg::MaskMergeMode::MERGING>(b, a, 2.0f, m);
#elif CASE == 3
  Reg::ReduceDataBlock<Reg::ReduceType::SUM, float>(b, a, m);
#elif CASE == 4
  Reg::Exp(b, a, m);
#elif CASE == 5
  Reg::Duplicate<float, Reg::HighLowPart::HIGHEST>(b, a, m);
#elif CASE == 6
  Reg::Select(n, m, m, m);
#elif CASE == 7
  Reg::StoreAlign<float, Reg::StoreDist::DIST_PACK_B32>(dst, a, m);
#elif CASE == 8
  Reg::Add<float, Reg::MaskMergeMode::MERGING>(b, a, a, m);
#elif CASE == 9
  Reg::StoreAlign<float, Reg::StoreDist::DIST_FIRST_ELEMENT_B16>(dst, a, m);
#elif CASE == 10
  Reg::Sub<float, Reg::MaskMergeMode::MERGING>(b, a, a, m);
#endif
  Reg::Add(b, a, a, m);
  Reg::StoreAlign(dst, b, n);
}
