// Seed 000 (Reduce), "归约求最大值或者最小值" calling example, instantiated with
// T = half and ReduceType::MAX. Lane 0 of each stored result is the maximum,
// lane 1 its index as raw f16 bits (index 114 reads back as 6.8e-06).
//
//   for (uint16_t i = 0; i < repeatTimes; i++) {
//     LoadAlign(srcReg, srcAddr + i * oneRepeatSize);
//     mask = UpdateMask<T>(count);
//     Reduce<ReduceType::MAX>(dstReg, srcReg, mask);
//     StoreAlign(dstAddr + i * oneRepeatSize, dstReg, mask);
//   }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xf16>, %src: memref<?xf16>, %count: i32,
                    %oneRepeatSize: index, %repeatTimes: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %left = scf.for %i = %c0 to %repeatTimes step %c1 iter_args(%n = %count) -> (i32) {
      %off = arith.muli %i, %oneRepeatSize : index
      %srcReg = ascreg.load_align %src[%off] : memref<?xf16> -> !ascreg.vreg<128xf16>
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<128xf16>
      %dstReg = ascreg.reduce <max> %srcReg, %mask : !ascreg.vreg<128xf16> -> !ascreg.vreg<128xf16>
      // ReduceType::MIN: ascreg.reduce <min> %srcReg, %mask : ...
      ascreg.store_align %dstReg, %dst[%off], %mask : !ascreg.vreg<128xf16>, memref<?xf16>
      scf.yield %rest : i32
    }
    return
  }
}
