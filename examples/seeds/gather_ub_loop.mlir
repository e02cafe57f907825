// Seed 003 (Gather), "收集UB中的元素" calling example, instantiated with
// T = half (data) and U = uint16_t (index): per repeat, mask on the data type,
// load an index register, gather from the UB base, store with the mask.
//
//   for (uint16_t i = 0; i < repeatTimes; i++) {
//     mask = UpdateMask<T>(count);
//     LoadAlign(srcReg, src1Addr + i * oneRepeatSize);
//     Gather(dstReg, src0Addr, srcReg, mask);
//     StoreAlign(dstAddr + i * oneRepeatSize, dstReg, mask);
//   }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xf16>, %src0: memref<?xf16>, %src1: memref<?xi16>,
                    %count: i32, %oneRepeatSize: index, %repeatTimes: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %left = scf.for %i = %c0 to %repeatTimes step %c1 iter_args(%n = %count) -> (i32) {
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<128xf16>
      %off = arith.muli %i, %oneRepeatSize : index
      %srcReg = ascreg.load_align %src1[%off] : memref<?xi16> -> !ascreg.vreg<128xu16>
      %dstReg = ascreg.gather %src0[%srcReg], %mask : memref<?xf16>, !ascreg.vreg<128xu16> -> !ascreg.vreg<128xf16>
      ascreg.store_align %dstReg, %dst[%off], %mask : !ascreg.vreg<128xf16>, memref<?xf16>
      scf.yield %rest : i32
    }
    return
  }
}
