//===- Probes.cpp - one discriminating kernel per open point --------------===//
//
// Each probe is the smallest ascreg kernel that shows its point: the inputs
// are the discriminating values of docs/semantics.md section 8 / 10.10, the
// outputs are whole registers stored with an all-true mask (so every output
// byte is written on the NPU too). Whether the candidates really give
// different bits is not assumed: `emit` computes every candidate's outputs
// and fails if two coincide (computeExpected).
//
//===----------------------------------------------------------------------===//
#include "ascreg/Probe/Probe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

namespace ascreg {
namespace probe {

unsigned elemBytes(ProbeElem e) {
  switch (e) {
  case ProbeElem::I8:
    return 1;
  case ProbeElem::I16:
  case ProbeElem::F16:
    return 2;
  case ProbeElem::I32:
  case ProbeElem::F32:
    return 4;
  }
  return 0;
}

const char *elemMlirName(ProbeElem e) {
  switch (e) {
  case ProbeElem::I8:
    return "i8";
  case ProbeElem::I16:
    return "i16";
  case ProbeElem::I32:
    return "i32";
  case ProbeElem::F16:
    return "f16";
  case ProbeElem::F32:
    return "f32";
  }
  return "";
}

// The emitter's spelling of a memref<?xT> element (docs/dav3510.md, types).
const char *elemCName(ProbeElem e) {
  switch (e) {
  case ProbeElem::I8:
    return "int8_t";
  case ProbeElem::I16:
    return "int16_t";
  case ProbeElem::I32:
    return "int32_t";
  case ProbeElem::F16:
    return "half";
  case ProbeElem::F32:
    return "float";
  }
  return "";
}

std::vector<uint8_t> ProbeBuffer::initialBytes() const {
  unsigned w = elemBytes(elem);
  std::vector<uint8_t> out(size_t(numElements) * w);
  for (unsigned i = 0; i < numElements; ++i) {
    uint32_t v = i < lanes.size() ? lanes[i] : fill;
    for (unsigned b = 0; b < w; ++b)
      out[size_t(i) * w + b] = uint8_t(v >> (8 * b));
  }
  return out;
}

unsigned Probe::resultBytes() const {
  unsigned n = 0;
  for (const ProbeBuffer &b : buffers)
    if (b.isOutput)
      n += b.bytes();
  return n;
}

std::string Probe::programFile() const {
  std::string s = point;
  for (char &c : s)
    if (c == '.')
      c = '_';
  return s + ".asc";
}

std::string Probe::resultFile() const { return std::string(point) + ".bin"; }

namespace {

ProbeBuffer input(const char *name, ProbeElem e, std::vector<uint32_t> lanes, uint32_t fill) {
  return ProbeBuffer{name, e, 256 / elemBytes(e), false, std::move(lanes), fill};
}
ProbeBuffer output(const char *name, ProbeElem e) {
  return ProbeBuffer{name, e, 256 / elemBytes(e), true, {}, 0};
}
std::vector<uint32_t> iota(unsigned n, uint32_t start, uint32_t step) {
  std::vector<uint32_t> v(n);
  for (unsigned i = 0; i < n; ++i)
    v[i] = start + i * step;
  return v;
}

constexpr ProbeElem F16 = ProbeElem::F16, F32 = ProbeElem::F32, I8 = ProbeElem::I8,
                    I16 = ProbeElem::I16, I32 = ProbeElem::I32;

// The kernels. Each is `@probe(inputs..., outputs...)`; the emitted names are
// probe_vf (the vector function) and probe (its CTRL-setting entry).

const char *kSumRounding = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %a32: memref<?xf32>, %o16: memref<?xf16>, %o32: memref<?xf32>, %b16: memref<?xf16>, %b32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %v16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %s16 = ascreg.reduce <sum> %v16, %all16 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %s16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %v32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %s32 = ascreg.reduce <sum> %v32, %all32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %s32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    %g16 = ascreg.reduce_data_block <sum> %v16, %all16 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %g16, %b16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %g32 = ascreg.reduce_data_block <sum> %v32, %all32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %g32, %b32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kAddNaN = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %b16: memref<?xf16>, %a32: memref<?xf32>, %b32: memref<?xf32>, %o16: memref<?xf16>, %o32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %y16 = ascreg.load_align %b16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %s16 = ascreg.add %x16, %y16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %s16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %y32 = ascreg.load_align %b32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %s32 = ascreg.add %x32, %y32, %all32 : !ascreg.vreg<64xf32>
    ascreg.store_align %s32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kMaxMinNaN = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %b16: memref<?xf16>, %a32: memref<?xf32>, %o16: memref<?xf16>, %o32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %y16 = ascreg.load_align %b16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %m16 = ascreg.max %x16, %y16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %m16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r32 = ascreg.reduce <max> %x32, %all32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %r32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kMaxMinEmpty = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %a32: memref<?xf32>, %o16: memref<?xf16>, %o32: memref<?xf32>, %b16: memref<?xf16>, %b32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %none16 = ascreg.create_mask <ALLF> for !ascreg.vreg<128xf16>
    %none32 = ascreg.create_mask <ALLF> for !ascreg.vreg<64xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %r16 = ascreg.reduce <max> %x16, %none16 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %r16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r32 = ascreg.reduce <min> %x32, %none32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %r32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    %g16 = ascreg.reduce_data_block <max> %x16, %none16 : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
    ascreg.store_align %g16, %b16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %g32 = ascreg.reduce_data_block <min> %x32, %none32 : !ascreg.vreg<64xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %g32, %b32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kPairSingleLane = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %a32: memref<?xf32>, %o16: memref<?xf16>, %o32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %lane0_16, %rest16 = ascreg.update_mask %one for !ascreg.vreg<128xf16>
    %lane0_32, %rest32 = ascreg.update_mask %one for !ascreg.vreg<64xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %p16 = ascreg.pair_reduce_sum %x16, %lane0_16 : !ascreg.vreg<128xf16>
    ascreg.store_align %p16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %p32 = ascreg.pair_reduce_sum %x32, %lane0_32 : !ascreg.vreg<64xf32>
    ascreg.store_align %p32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kCompareSubnormals = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a32: memref<?xf32>, %b32: memref<?xf32>, %a16: memref<?xf16>, %b16: memref<?xf16>, %o32: memref<?xf32>, %o16: memref<?xf16>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %y32 = ascreg.load_align %b32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %eq = ascreg.compare <eq> %x32, %y32, %all32 : !ascreg.vreg<64xf32>
    %s32 = ascreg.select %eq, %x32, %y32 : !ascreg.vreg<64xf32>
    ascreg.store_align %s32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %y16 = ascreg.load_align %b16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %m16 = ascreg.max %x16, %y16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %m16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }
}
)mlir";

const char *kGatherMask = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%base: memref<?xi8>, %index: memref<?xi16>, %o: memref<?xi16>) {
    %c0 = arith.constant 0 : index
    %four = arith.constant 4 : i32
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<128xi16>
    %idx = ascreg.load_align %index[%c0] : memref<?xi16> -> !ascreg.vreg<128xu16>
    %m, %rest = ascreg.update_mask %four for !ascreg.vreg<128xi16>
    %g = ascreg.gather %base[%idx], %m : memref<?xi8>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xi16>
    ascreg.store_align %g, %o[%c0], %all : !ascreg.vreg<128xi16>, memref<?xi16>
    return
  }
}
)mlir";

const char *kCastWidenMask = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %o32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %five = arith.constant 5 : i32
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %m, %rest = ascreg.update_mask %five for !ascreg.vreg<64xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %w = ascreg.cast %x16, %m part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<64xf32>
    ascreg.store_align %w, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kFloatMode = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a32: memref<?xf32>, %a16: memref<?xf16>, %cvt: memref<?xf16>, %sum: memref<?xf16>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %h = ascreg.cast %x32, %all32 round <rint> sat <off> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
    ascreg.store_align %h, %cvt[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %s16 = ascreg.add %x16, %x16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %s16, %sum[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }
}
)mlir";

const char *kMulF16Saturation = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %b16: memref<?xf16>, %o16: memref<?xf16>)
      attributes {ascreg.ctrl = #ascreg.ctrl<saturation = global, float_overflow = saturate, int_overflow = saturate, fp8_nan = zero>} {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %y16 = ascreg.load_align %b16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %p16 = ascreg.mul %x16, %y16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %p16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }
}
)mlir";

const char *kAbsFloat = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a16: memref<?xf16>, %a32: memref<?xf32>, %o16: memref<?xf16>, %o32: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %r16 = ascreg.abs %x16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %r16, %o16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %r32 = ascreg.abs %x32, %all32 : !ascreg.vreg<64xf32>
    ascreg.store_align %r32, %o32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    return
  }
}
)mlir";

const char *kArithSubnormals = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a32: memref<?xf32>, %b32: memref<?xf32>, %a16: memref<?xf16>, %b16: memref<?xf16>, %mul32: memref<?xf32>, %mul16: memref<?xf16>, %sub16: memref<?xf16>) {
    %c0 = arith.constant 0 : index
    %all16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %all32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %x32 = ascreg.load_align %a32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %y32 = ascreg.load_align %b32[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    %p32 = ascreg.mul %x32, %y32, %all32 : !ascreg.vreg<64xf32>
    ascreg.store_align %p32, %mul32[%c0], %all32 : !ascreg.vreg<64xf32>, memref<?xf32>
    %x16 = ascreg.load_align %a16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %y16 = ascreg.load_align %b16[%c0] : memref<?xf16> -> !ascreg.vreg<128xf16>
    %p16 = ascreg.mul %x16, %y16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %p16, %mul16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    %d16 = ascreg.sub %x16, %y16, %all16 : !ascreg.vreg<128xf16>
    ascreg.store_align %d16, %sub16[%c0], %all16 : !ascreg.vreg<128xf16>, memref<?xf16>
    return
  }
}
)mlir";

// shift.range / shift.negative / shift.signed_left: i32 lanes shifted left
// and right by the i32 lanes of a second buffer.
const char *kShifts = R"mlir(
module attributes {ascreg.target = "dav-3510"} {
  func.func @probe(%a: memref<?xi32>, %n: memref<?xi32>, %l: memref<?xi32>, %r: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xi32>
    %x = ascreg.load_align %a[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %y = ascreg.load_align %n[%c0] : memref<?xi32> -> !ascreg.vreg<64xi32>
    %sl = ascreg.shift_left %x, %y, %all : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
    ascreg.store_align %sl, %l[%c0], %all : !ascreg.vreg<64xi32>, memref<?xi32>
    %sr = ascreg.shift_right %x, %y, %all : !ascreg.vreg<64xi32>, !ascreg.vreg<64xi32>
    ascreg.store_align %sr, %r[%c0], %all : !ascreg.vreg<64xi32>, memref<?xi32>
    return
  }
}
)mlir";

std::vector<Probe> makeProbes() {
  std::vector<Probe> p;
  // O1: lane 0 = 1.0, the rest 2^-11 (f16) / 2^-24 (f32): the first tree
  // node 1 + tiny ties to even under per-node rounding and loses it; the
  // same in block 0 of reduce_data_block (vcgadd, O17).
  p.push_back({"sum.rounding",
               "reduce and reduce_data_block sum of 1.0 and 2^-11 (f16), 1.0 and 2^-24 (f32)",
               kSumRounding,
               false,
               {input("a16", F16, {0x3C00}, 0x1000), input("a32", F32, {0x3F800000}, 0x33800000),
                output("o16", F16), output("o32", F32), output("b16", F16), output("b32", F32)}});
  // O9: a signalling NaN, a negative NaN in the second operand, inf - inf,
  // two NaNs (which one wins).
  p.push_back({"add.nan",
               "f16 / f32 add with NaN operands (payloads, sNaN, inf - inf)",
               kAddNaN,
               false,
               {input("a16", F16, {0x7D01, 0x3C00, 0xFC00, 0x7E55}, 0x3C00),
                input("b16", F16, {0x3C00, 0xFE12, 0x7C00, 0x7D01}, 0x3C00),
                input("a32", F32, {0x7F812345, 0x3F800000, 0xFF800000, 0x7FC0ABCD}, 0x3F800000),
                input("b32", F32, {0x3F800000, 0xFFC54321, 0x7F800000, 0x7F800001}, 0x3F800000),
                output("o16", F16), output("o32", F32)}});
  // O4: NaNs with payloads (one negative, one signalling) in max and in a
  // reduce max whose NaN is in lane 3.
  p.push_back({"maxmin.nan",
               "f16 max and f32 reduce max with payload NaN operands",
               kMaxMinNaN,
               false,
               {input("a16", F16, {0xFE55, 0x3C00, 0x7D01}, 0x0000),
                input("b16", F16, {0x3C00, 0x7E77, 0x3C00}, 0x0000),
                input("a32", F32, {0x3F800000, 0x40000000, 0x3F800000, 0xFFA12345}, 0x3F800000),
                output("o16", F16), output("o32", F32)}});
  // O5: all-false masks (also for vcgmax / vcgmin, O17).
  p.push_back({"maxmin.empty",
               "f16 reduce (and reduce_data_block) max, f32 min, with an all-false mask",
               kMaxMinEmpty,
               false,
               {input("a16", F16, {}, 0x3C00), input("a32", F32, {}, 0x3F800000),
                output("o16", F16), output("o32", F32), output("b16", F16), output("b32", F32)}});
  // O3: one active lane of -0 (a NaN would also depend on add.nan).
  p.push_back({"pair.single_lane",
               "pair_reduce_sum of -0 with only lane 0 active (f16, f32)",
               kPairSingleLane,
               false,
               {input("a16", F16, {0x8000}, 0x3C00), input("a32", F32, {0x80000000}, 0x3F800000),
                output("o16", F16), output("o32", F32)}});
  // O12: the smallest subnormals against zeros of either sign.
  p.push_back({"compare.subnormals",
               "f32 select(a == b, a, b) and f16 max(a, b) of subnormals against zeros",
               kCompareSubnormals,
               false,
               {input("a32", F32, {0x00000001, 0x80000001, 0x00000001}, 0x3F800000),
                input("b32", F32, {0x00000000, 0x00000000, 0x80000000}, 0x40000000),
                input("a16", F16, {0x0001, 0x8001, 0x0001}, 0x3C00),
                input("b16", F16, {0x0000, 0x0000, 0x8000}, 0x4000), output("o32", F32),
                output("o16", F16)}});
  // O7: a mask of 4 b16 lanes (bits 0..7): lanes 0..3 by the result's
  // granularity, lanes 0..7 by the source's.
  p.push_back({"gather.mask",
               "16-bit gather from an 8-bit source under update_mask(4) for b16",
               kGatherMask,
               false,
               {input("base", I8, iota(256, 1, 1), 0), input("index", I16, iota(128, 0, 1), 0),
                output("o", I16)}});
  // O-C1: f16 -> f32 PART_ODD under a b32 mask of 5 lanes (bits 0, 4, ..., 16).
  p.push_back({"cast.widen_mask",
               "f16 -> f32 PART_ODD under update_mask(5) for b32",
               kCastWidenMask,
               false,
               {input("a16", F16, iota(128, 0x3C00, 1), 0), output("o32", F32)}});
  // O13: f16 300 * 300 = 90000, 65504 * 2 and NaN * 1 under CTRL[48] = 0 (the
  // kernel's own CTRL): 65504, 65504, +0 (ctrl) or +inf, +inf, the NaN (never).
  // The NaN is the canonical one, so that add.nan (canonical payloads) cannot
  // change the bits of either candidate: the probe depends on this point only.
  p.push_back({"mul.f16_saturation",
               "f16 mul of 300 * 300, 65504 * 2, NaN * 1 with CTRL[48] = 0",
               kMulF16Saturation,
               false,
               {input("a16", F16, {0x5CB0, 0x7BFF, 0x7E00}, 0x3C00),
                input("b16", F16, {0x5CB0, 0x4000, 0x3C00}, 0x3C00), output("o16", F16)}});
  // O14: abs of -NaN with payload 1, -0, an sNaN (f16); -sNaN, -0 (f32).
  p.push_back({"abs.float",
               "f16 / f32 abs of negative NaNs with payloads, sNaNs and -0",
               kAbsFloat,
               false,
               {input("a16", F16, {0xFE01, 0x8000, 0x7C01}, 0xBC00),
                input("a32", F32, {0xFF800001, 0x80000000}, 0xBF800000), output("o16", F16),
                output("o32", F32)}});
  // O15: f32 2^-100 * 2^-40 (subnormal result) and 2^-140 * 2^20 (subnormal
  // operand); f16 2^-14 * 0.5 and 2^-24 - 2^-23: kept, or flushed to +0.
  p.push_back(
      {"arith.subnormals",
       "f32 / f16 mul and f16 sub with subnormal operands and results",
       kArithSubnormals,
       false,
       {input("a32", F32, {0x0D800000, 0x00000200}, 0x3F800000),
        input("b32", F32, {0x2B800000, 0x49800000}, 0x3F800000),
        input("a16", F16, {0x0400, 0x0001}, 0x3C00), input("b16", F16, {0x3800, 0x0002}, 0x3C00),
        output("mul32", F32), output("mul16", F16), output("sub16", F16)}});
  // O-C2: f32 65520, inf, NaN, 65536 -> f16 RINT and f16 65504 + 65504 in a
  // kernel that never writes CTRL.
  // O18: i32 0x80000001 << 32 and >> 32: 0 and -1 (as_beyond), or the lane
  // unchanged (low_bits).
  p.push_back({"shift.range",
               "i32 shift_left / shift_right of 0x80000001, INT_MAX, INT_MIN by 32",
               kShifts,
               false,
               {input("a", I32, {0x80000001u, 0x7FFFFFFFu, 0x80000000u}, 0x12345678u),
                input("n", I32, {32, 32, 32}, 0), output("l", I32), output("r", I32)}});
  // O19: amounts -4, -1, -1 on small positive lanes (no bit reaches the
  // sign, so shift.signed_left cannot change them): the other way
  // (reverse) or 0 (out_of_range).
  p.push_back({"shift.negative",
               "i32 shift_left / shift_right of 0x100, 0x40, 2 by -4, -1, -1",
               kShifts,
               false,
               {input("a", I32, {0x100u, 0x40u, 2u}, 0x12345678u),
                input("n", I32, {0xFFFFFFFCu, 0xFFFFFFFFu, 0xFFFFFFFFu}, 0), output("l", I32),
                output("r", I32)}});
  // O20: 0x40000001 << 1 = 0x80000002 (wrap) or 0x00000002 (keep_sign).
  p.push_back({"shift.signed_left",
               "i32 shift_left of 0x40000001, 0xAAAAAAAA by 1 and INT_MIN by 4",
               kShifts,
               false,
               {input("a", I32, {0x40000001u, 0xAAAAAAAAu, 0x80000000u}, 0x12345678u),
                input("n", I32, {1, 1, 4}, 0), output("l", I32), output("r", I32)}});
  p.push_back({"ctrl.float_mode",
               "f32 -> f16 RINT of 65520 / inf / NaN and f16 65504 + 65504, CTRL never written",
               kFloatMode,
               true,
               {input("a32", F32, {0x477FF000, 0x7F800000, 0x7FC00000, 0x47800000}, 0x3F800000),
                input("a16", F16, {0x7BFF}, 0x3C00), output("cvt", F16), output("sum", F16)}});
  return p;
}

} // namespace

const std::vector<Probe> &probes() {
  static const std::vector<Probe> table = makeProbes();
  return table;
}

const Probe *findProbe(llvm::StringRef key) {
  for (const Probe &p : probes())
    if (key == p.point)
      return &p;
  return nullptr;
}

std::vector<const Probe *> selectProbes(llvm::ArrayRef<const Probe *> points) {
  std::vector<const Probe *> out;
  for (const Probe *p : points)
    if (!llvm::is_contained(out, p))
      out.push_back(p);
  if (out.empty())
    for (const Probe &p : probes())
      out.push_back(&p);
  return out;
}

const char *toolVersion() { return "ascreg-probe 0.1.0 (probe set 3)"; }

} // namespace probe
} // namespace ascreg
