// Seed 000 (Reduce), "归约求和" calling example, instantiated with
// T = int32_t (dst), U = int16_t (src): per repeat, load a source register,
// take the mask of the remaining count on the SOURCE type, reduce, and store
// the result register with that same mask (the vendor example's pattern).
//
//   for (uint16_t i = 0; i < repeatTimes; i++) {
//     LoadAlign(srcReg, srcAddr + i * srcRepeatSize);
//     mask = UpdateMask<U>(count);
//     Reduce<ReduceType::SUM>(dstReg, srcReg, mask);
//     StoreAlign(dstAddr + i * dstRepeatSize, dstReg, mask);
//   }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xi32>, %src: memref<?xi16>, %count: i32,
                    %srcRepeatSize: index, %dstRepeatSize: index, %repeatTimes: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %left = scf.for %i = %c0 to %repeatTimes step %c1 iter_args(%n = %count) -> (i32) {
      %soff = arith.muli %i, %srcRepeatSize : index
      %srcReg = ascreg.load_align %src[%soff] : memref<?xi16> -> !ascreg.vreg<128xi16>
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<128xi16>
      %dstReg = ascreg.reduce <sum> %srcReg, %mask : !ascreg.vreg<128xi16> -> !ascreg.vreg<64xi32>
      %doff = arith.muli %i, %dstRepeatSize : index
      ascreg.store_align %dstReg, %dst[%doff], %mask : !ascreg.vreg<64xi32>, memref<?xi32>
      scf.yield %rest : i32
    }
    return
  }
}
