// Quantisation of f32 to s8 through f16 with saturation (ascreg.cast,
// docs/semantics.md section 10): every value is rounded to f16 (RINT, saturating:
// beyond +-65504 it becomes +-65504, NaN becomes 0), then to s8 (RINT, saturating:
// beyond -128..127 it clamps, NaN stays 0). The kernel runs with per-instruction
// saturation (ascreg.ctrl), so the `sat <on>` operands decide.
//
// Narrowing conversions write their results to every 2nd lane (part even / odd),
// so four f32 registers (256 values) become one s8 register whose lane
// 4k + 2a + b holds element 64 * (2b + a) + k; a gather within the register
// (vselr) with the permutation %perm puts the bytes back in element order.
//
//   python3 test/Inputs/mknpy.py x.npy f4 "[1.25 * (i - 128) for i in range(256)]"
//   python3 test/Inputs/mknpy.py perm.npy u1 \
//       "[4 * (i % 64) + 2 * ((i // 64) % 2) + (i // 64) // 2 for i in range(256)]"
//   python3 test/Inputs/mknpy.py q.npy i1 "[0] * 256"
//   build/bin/ascreg-run examples/quantize_f32_to_s8.mlir --arg=x.npy --arg=perm.npy \
//       --arg=q.npy --arg=index:1 --print
//   -> arg2: memref<?xi8> (256 elements) = [-128, ..., -128, -126, -125, -124, -122, ...,
//      125, 126, 127, 127, ...]
//      (-160 .. -128.75 clamp to -128; -127.5 rounds to -128 and -122.5 to -122 (ties
//       to even); 127.5 and above clamp to 127)
//
// (%x: memref<?xf32>, %perm: memref<256xi8>, %q: memref<?xi8>, %repeat: index):
// %repeat blocks of 256 values.
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%x: memref<?xf32>, %perm: memref<256xi8>, %q: memref<?xi8>, %repeat: index)
      attributes {ascreg.ctrl = #ascreg.ctrl<saturation = instruction>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c192 = arith.constant 192 : index
    %c256 = arith.constant 256 : index
    %allF32 = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %allF16 = ascreg.create_mask <ALL> for !ascreg.vreg<128xf16>
    %allS8 = ascreg.create_mask <ALL> for !ascreg.vreg<256xi8>
    %p = ascreg.load_align %perm[%c0] : memref<256xi8> -> !ascreg.vreg<256xu8>
    scf.for %r = %c0 to %repeat step %c1 {
      %base = arith.muli %r, %c256 : index
      %o1 = arith.addi %base, %c64 : index
      %o2 = arith.addi %base, %c128 : index
      %o3 = arith.addi %base, %c192 : index
      %x0 = ascreg.load_align %x[%base] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %x1 = ascreg.load_align %x[%o1] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %x2 = ascreg.load_align %x[%o2] : memref<?xf32> -> !ascreg.vreg<64xf32>
      %x3 = ascreg.load_align %x[%o3] : memref<?xf32> -> !ascreg.vreg<64xf32>
      // f32 -> f16: registers 0, 1 (2, 3) to the even and odd lanes of h0 (h1);
      // the other part of each result is 0, so an add merges them.
      %a0 = ascreg.cast %x0, %allF32 round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
      %a1 = ascreg.cast %x1, %allF32 round <rint> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
      %a2 = ascreg.cast %x2, %allF32 round <rint> sat <on> part <even> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
      %a3 = ascreg.cast %x3, %allF32 round <rint> sat <on> part <odd> : !ascreg.vreg<64xf32> -> !ascreg.vreg<128xf16>
      %h0 = ascreg.add %a0, %a1, %allF16 : !ascreg.vreg<128xf16>
      %h1 = ascreg.add %a2, %a3, %allF16 : !ascreg.vreg<128xf16>
      // f16 -> s8: h0 to the even lanes, h1 to the odd lanes.
      %b0 = ascreg.cast %h0, %allF16 round <rint> sat <on> part <even> : !ascreg.vreg<128xf16> -> !ascreg.vreg<256xi8>
      %b1 = ascreg.cast %h1, %allF16 round <rint> sat <on> part <odd> : !ascreg.vreg<128xf16> -> !ascreg.vreg<256xi8>
      %s = ascreg.add %b0, %b1, %allS8 : !ascreg.vreg<256xi8>
      %out = ascreg.gather_reg %s[%p] : !ascreg.vreg<256xi8>, !ascreg.vreg<256xu8>
      ascreg.store_align %out, %q[%base], %allS8 : !ascreg.vreg<256xi8>, memref<?xi8>
    }
    return
  }
}
