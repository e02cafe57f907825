//===- SemanticsBench.cpp - ns per register op, simd:: vs ref:: -----------===//
//
// Each op/type is registered twice, BM_<Op>/<type>/simd and .../ref, so the
// two lines sit next to each other in the output. Inputs are finite random
// values and a full mask (the common case in kernels); a few *_big / *_nan /
// *_half variants time the kernels' other paths.
//
//   ascreg-bench-semantics --benchmark_filter=Reduce
//
//===----------------------------------------------------------------------===//
#include "ascreg/Semantics/Semantics.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace ascreg::semantics;
using EK = ElemKind;

namespace {

std::string tname(RegType t) {
  return std::string(elemName(t.elem)) + (t.numRegs == 2 ? "x2" : "");
}

/// Finite values of moderate size for every kind (no NaN fast paths).
Reg randomReg(RegType t, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Reg r;
  std::memset(r.b, 0, sizeof r.b);
  unsigned w = elemBytes(t.elem);
  for (unsigned i = 0; i < t.lanes(); ++i) {
    uint64_t v = rng();
    if (t.elem == EK::F16 || t.elem == EK::BF16)
      v = f32ToF16(float(int(v % 2001) - 1000) / 8);
    else if (t.elem == EK::F32) {
      float f = float(int(v % 200001) - 100000) / 64;
      uint32_t u;
      std::memcpy(&u, &f, 4);
      v = u;
    }
    std::memcpy(r.b + i * w, &v, w);
  }
  return r;
}

Mask fullMask(RegType t) {
  Mask m;
  uint32_t rest;
  simd::updateMask(t, t.lanes(), m, rest);
  return m;
}

void add(const std::string &name, std::function<void(bool)> simdOrRef) {
  for (bool useSimd : {true, false})
    benchmark::RegisterBenchmark((name + (useSimd ? "/simd" : "/ref")).c_str(),
                                 [=](benchmark::State &st) {
                                   for (auto _ : st)
                                     simdOrRef(useSimd);
                                 });
}

struct Registrar {
  Registrar() {
    const RegType F16{EK::F16}, F32{EK::F32}, I16{EK::I16}, U16{EK::U16}, I32{EK::I32},
        U32{EK::U32}, I64{EK::I64}, U64{EK::U64}, I64x2{EK::I64, 2}, U64x2{EK::U64, 2}, U8{EK::U8},
        I8{EK::I8};

    // reduce
    struct R {
      const char *kind;
      ReduceKind k;
      RegType dst, src;
    };
    std::vector<R> reduces = {
        {"sum", ReduceKind::Sum, F16, F16},    {"sum", ReduceKind::Sum, F32, F32},
        {"sum", ReduceKind::Sum, I32, I16},    {"sum", ReduceKind::Sum, U32, U16},
        {"sum", ReduceKind::Sum, I32, I32},    {"sum", ReduceKind::Sum, I64, I64},
        {"sum", ReduceKind::Sum, I64x2, I64x2}};
    for (RegType t : {F16, F32, I16, U16, I32, U32, I64, U64, I64x2}) {
      reduces.push_back({"max", ReduceKind::Max, t, t});
      reduces.push_back({"min", ReduceKind::Min, t, t});
    }
    for (const R &r : reduces) {
      auto in = std::make_shared<Reg>(randomReg(r.src, 1));
      Mask m = fullMask(r.src);
      add(std::string("BM_Reduce/") + r.kind + "_" + tname(r.src), [=](bool s) {
        Reg out;
        (s ? simd::reduce : ref::reduce)(documentedProfile(), r.k, r.dst, r.src, *in, m, out);
        benchmark::DoNotOptimize(out);
      });
    }

    // The kernels' other paths: f16 sums that could overflow (F16C rounding),
    // an active NaN (max/min), and a partial mask.
    {
      Mask half;
      simd::createMask(F16, MaskPattern::H, half);
      auto big = std::make_shared<Reg>(randomReg(F16, 1));
      for (unsigned i = 0; i < 128; i += 16)
        reinterpret_cast<uint16_t *>(big->b)[i] = 0x7800; // 32768
      const Mask full = fullMask(F16);
      add("BM_Reduce/sum_f16_big", [=](bool s) {
        Reg out;
        (s ? simd::reduce : ref::reduce)(documentedProfile(), ReduceKind::Sum, F16, F16, *big, full,
                                         out);
        benchmark::DoNotOptimize(out);
      });
      auto in16 = std::make_shared<Reg>(randomReg(F16, 1));
      add("BM_Reduce/sum_f16_half", [=](bool s) {
        Reg out;
        (s ? simd::reduce : ref::reduce)(documentedProfile(), ReduceKind::Sum, F16, F16, *in16,
                                         half, out);
        benchmark::DoNotOptimize(out);
      });
      auto nan = std::make_shared<Reg>(randomReg(F32, 1));
      reinterpret_cast<uint32_t *>(nan->b)[40] = 0x7FC00000;
      const Mask full32 = fullMask(F32);
      add("BM_Reduce/max_f32_nan", [=](bool s) {
        Reg out;
        (s ? simd::reduce : ref::reduce)(documentedProfile(), ReduceKind::Max, F32, F32, *nan,
                                         full32, out);
        benchmark::DoNotOptimize(out);
      });
    }

    for (RegType t : {F16, F32}) {
      auto in = std::make_shared<Reg>(randomReg(t, 2));
      Mask m = fullMask(t);
      add("BM_PairReduceSum/" + tname(t), [=](bool s) {
        Reg out;
        (s ? simd::pairReduceSum : ref::pairReduceSum)(documentedProfile(), t, *in, m, out);
        benchmark::DoNotOptimize(out);
      });
    }

    // gather from a 64 KiB base with random in-bounds indices
    struct G {
      RegType dst;
      EK src;
      RegType idx;
    };
    for (G g : {G{I16, EK::I8, U16}, G{F16, EK::F16, U16}, G{F32, EK::F32, U32},
                G{I64, EK::I64, U32}, G{I64x2, EK::I64, U64x2}}) {
      uint64_t n = 65536 / elemBytes(g.src);
      auto base = std::make_shared<std::vector<uint8_t>>(65536, 7);
      auto idx = std::make_shared<Reg>(randomReg(g.idx, 3));
      for (unsigned i = 0; i < g.idx.lanes(); ++i) { // reduce modulo n in place
        unsigned w = elemBytes(g.idx.elem);
        uint64_t v = 0;
        std::memcpy(&v, idx->b + i * w, w);
        v %= n;
        std::memcpy(idx->b + i * w, &v, w);
      }
      Mask m = fullMask(g.dst), half;
      simd::createMask(g.dst, MaskPattern::H, half);
      const std::string name =
          "BM_Gather/" + tname(g.dst) + "_" + elemName(g.src) + "_" + tname(g.idx);
      for (bool partial : {false, true})
        add(name + (partial ? "_half" : ""), [=](bool s) {
          Reg out;
          Status st =
              (s ? simd::gather : ref::gather)(documentedProfile(), g.dst, g.src, g.idx,
                                               base->data(), n, *idx, partial ? half : m, out);
          benchmark::DoNotOptimize(st);
          benchmark::DoNotOptimize(out);
        });
    }

    for (RegType t : {U8, F16, F32}) {
      RegType it{t.elem == EK::F16 ? EK::U16 : t.elem == EK::F32 ? EK::U32 : EK::U8};
      auto src = std::make_shared<Reg>(randomReg(t, 4));
      auto idx = std::make_shared<Reg>(randomReg(it, 5));
      add("BM_GatherReg/" + tname(t), [=](bool s) {
        Reg out;
        (s ? simd::gatherReg : ref::gatherReg)(t, *src, *idx, out);
        benchmark::DoNotOptimize(out);
      });
    }

    for (RegType t : {I8, F16, F32, I64}) {
      auto a = std::make_shared<Reg>(randomReg(t, 6)), b = std::make_shared<Reg>(randomReg(t, 7));
      Mask m = fullMask(t);
      add("BM_Compare/lt_" + tname(t), [=](bool s) {
        Mask out;
        (s ? simd::compare : ref::compare)(documentedProfile(), ComparePred::LT, t, *a, *b, m, out);
        benchmark::DoNotOptimize(out);
      });
      add("BM_Select/" + tname(t), [=](bool s) {
        Reg out;
        (s ? simd::select : ref::select)(t, m, *a, *b, out);
        benchmark::DoNotOptimize(out);
      });
      for (auto [name, k] : {std::pair{"add", BinaryKind::Add}, std::pair{"max", BinaryKind::Max}})
        add(std::string("BM_Binary/") + name + "_" + tname(t), [=, k = k](bool s) {
          Reg out;
          (s ? simd::binary : ref::binary)(documentedProfile(), k, t, *a, *b, m, out);
          benchmark::DoNotOptimize(out);
        });
      add("BM_Arange/" + tname(t), [=](bool s) {
        Reg out;
        (s ? simd::arange : ref::arange)(t, 3, out);
        benchmark::DoNotOptimize(out);
      });
      add("BM_Duplicate/" + tname(t), [=](bool s) {
        Reg out;
        (s ? simd::duplicate : ref::duplicate)(t, 3, &m, out);
        benchmark::DoNotOptimize(out);
      });
      auto ub = std::make_shared<std::vector<uint8_t>>(512);
      Mask half;
      simd::createMask(t, MaskPattern::H, half);
      add("BM_StoreAlign/half_" + tname(t), [=](bool s) {
        (s ? simd::storeAlign : ref::storeAlign)(t, *a, half, ub->data());
        benchmark::ClobberMemory();
      });
    }

    for (RegType t : {U8, F32, I64x2}) {
      add("BM_UpdateMask/" + tname(t), [=](bool s) {
        Mask out;
        uint32_t rest;
        (s ? simd::updateMask : ref::updateMask)(t, 37, out, rest);
        benchmark::DoNotOptimize(out);
      });
      Mask m = fullMask(t);
      add("BM_MaskNot/" + tname(t), [=](bool s) {
        Mask out;
        (s ? simd::maskNot : ref::maskNot)(t, m, out);
        benchmark::DoNotOptimize(out);
      });
    }
  }
} registrar;

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::AddCustomContext("simd_target", simd::targetName());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
