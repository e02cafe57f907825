// Seed 003 (Gather), "收集RegTensor中的元素" calling example, instantiated with
// T = half and U = uint16_t: the index register is loaded once; each repeat
// gathers within a freshly loaded source register (index mod 128, no mask)
// and stores with the mask of the remaining count.
//
//   LoadAlign(srcReg1, src1Addr);
//   for (uint16_t i = 0; i < repeatTimes; i++) {
//     mask = UpdateMask<T>(count);
//     LoadAlign(srcReg0, src0Addr + i * oneRepeatSize);
//     Gather(dstReg, srcReg0, srcReg1);
//     StoreAlign(dstAddr + i * oneRepeatSize, dstReg, mask);
//   }
module attributes {ascreg.target = "dav-3510"} {
  func.func @kernel(%dst: memref<?xf16>, %src0: memref<?xf16>, %src1: memref<?xi16>,
                    %count: i32, %oneRepeatSize: index, %repeatTimes: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %srcReg1 = ascreg.load_align %src1[%c0] : memref<?xi16> -> !ascreg.vreg<128xu16>
    %left = scf.for %i = %c0 to %repeatTimes step %c1 iter_args(%n = %count) -> (i32) {
      %mask, %rest = ascreg.update_mask %n for !ascreg.vreg<128xf16>
      %off = arith.muli %i, %oneRepeatSize : index
      %srcReg0 = ascreg.load_align %src0[%off] : memref<?xf16> -> !ascreg.vreg<128xf16>
      %dstReg = ascreg.gather_reg %srcReg0[%srcReg1] : !ascreg.vreg<128xf16>, !ascreg.vreg<128xu16>
      ascreg.store_align %dstReg, %dst[%off], %mask : !ascreg.vreg<128xf16>, memref<?xf16>
      scf.yield %rest : i32
    }
    return
  }
}
