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
// RUN: not ascreg-cc -fsyntax-only -DCASE=11 %s 2>&1 | FileCheck %s --check-prefix=FORMS
// RUN: ascreg-cc -fsyntax-only -DCASE=0 %s
// DIV: error: static assertion failed{{.*}}Div is not supported by the ascreg host twin yet
// MULT: error: static assertion failed{{.*}}Muls with MaskMergeMode::MERGING is not supported by the ascreg host twin yet
// BLOCK: error: static assertion failed{{.*}}Squeeze is not supported by the ascreg host twin yet
// EXP: error: static assertion failed{{.*}}Exp is not supported by the ascreg host twin yet
// LANE: error: static assertion failed{{.*}}Duplicate with HighLowPart::HIGHEST is not supported
// PSEL: error: static assertion failed{{.*}}Select of masks (psel) is not supported by the ascreg host twin yet
// DIST: error: static assertion failed{{.*}}StoreAlign with a StoreDist other than DIST_NORM
// MERGE: error: static assertion failed{{.*}}Add with MaskMergeMode::MERGING is not supported
// FIRST: error: static assertion failed{{.*}}DIST_FIRST_ELEMENT_Bn must name the element width
// SUBMERGE: error: static assertion failed{{.*}}Sub with MaskMergeMode::MERGING is not supported
// The vendor's other overloads of supported calls (twin/UnsupportedForms.h),
// all in one compilation: each form's static_assert fires on its own.
// FORMS-DAG: error: static assertion failed: Sub with a carry output mask is not supported
// FORMS-DAG: error: static assertion failed: Add with a carry output mask is not supported
// FORMS-DAG: error: static assertion failed: Abs of a complex register into a real one
// FORMS-DAG: error: static assertion failed: LoadAlign into two registers (DIST_DINTLV_Bn) is not supported
// FORMS-DAG: error: static assertion failed: StoreAlign of two registers (DIST_INTLV_Bn) is not supported
// FORMS-DAG: error: static assertion failed: DataCopy into two registers (DIST_DINTLV_Bn) is not supported
// FORMS-DAG: error: static assertion failed: DataCopy of two registers (DIST_INTLV_Bn) is not supported
// FORMS-DAG: error: static assertion failed: LoadAlign of a MaskReg is not supported
// FORMS-DAG: error: static assertion failed: StoreAlign of a MaskReg is not supported
// FORMS-DAG: error: static assertion failed: LoadAlign with an AddrReg offset is not supported
// FORMS-DAG: error: static assertion failed: StoreAlign with an AddrReg offset is not supported
// FORMS-DAG: error: static assertion failed: LoadAlign with a LoadDist other than DIST_NORM is not supported
// FORMS-DAG: error: static assertion failed: Mul with MaskMergeMode::MERGING is not supported
// FORMS-DAG: error: static assertion failed: Reduce with MaskMergeMode::MERGING is not supported
// FORMS-DAG: error: static assertion failed: Cast of the two-register form is not supported
// FORMS-DAG: error: static assertion failed: AddC is not supported by the ascreg host twin yet
// FORMS-DAG: error: static assertion failed: SubC is not supported by the ascreg host twin yet
// FORMS-DAG: error: static assertion failed: Mull is not supported by the ascreg host twin yet
// FORMS-DAG: error: static assertion failed: CreateAddrReg is not supported by the ascreg host twin yet
// FORMS-DAG: error: static assertion failed: Log10 is not supported by the ascreg host twin yet
// FORMS-DAG: error: static assertion failed: Move is not supported by the ascreg host twin yet
// FORMS-DAG: error: static assertion failed: GatherMask is not supported by the ascreg host twin yet
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
  Reg::Squeeze<float>(b, a, m);
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
#elif CASE == 11
  Reg::RegTensor<int32_t> i, j;
  Reg::RegTensor<half> h;
  Reg::RegTensor<int64_t, Reg::RegTraitNumTwo> w;
  Reg::Sub(n, i, i, j, m);
  Reg::Add(n, i, i, j, m);
  Reg::Abs(a, h, m);
  Reg::LoadAlign<float, Reg::LoadDist::DIST_DINTLV_B32>(a, b, src);
  Reg::StoreAlign<float, Reg::StoreDist::DIST_INTLV_B32>(dst, a, b, m);
  Reg::DataCopy(a, b, src);
  Reg::DataCopy(dst, a, b, m);
  Reg::LoadAlign(n, src);
  Reg::StoreAlign(dst, n);
  Reg::AddrReg ar;
  Reg::LoadAlign(a, src, ar);
  Reg::StoreAlign(dst, a, ar, m);
  Reg::LoadAlign<float, Reg::LoadDist::DIST_BRC_B32>(a, src);
  Reg::Mul<float, Reg::MaskMergeMode::MERGING>(b, a, a, m);
  Reg::Reduce<Reg::ReduceType::SUM, float, float, Reg::MaskMergeMode::MERGING>(b, a, m);
  Reg::Cast<int64_t, float>(w, a, m);
  Reg::AddC(n, i, i, j, m);
  Reg::SubC(n, i, i, j, m, m);
  Reg::Mull(i, j, i, j, m);
  Reg::CreateAddrReg<float>(0, 64);
  Reg::Log10(b, a, m);
  Reg::Move(b, a);
  Reg::GatherMask<float>(b, a, m);
#endif
  Reg::Add(b, a, a, m);
  Reg::StoreAlign(dst, b, n);
}
