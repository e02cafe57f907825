// A planted bug for `ascreg-run --check=ub` (docs/debugging.md): double
// buffering with two 128 KiB ping-pong buffers after the input buffer needs
// more than the 253,952 bytes of UB a dav-3510 kernel has (256 KiB minus
// 8 KiB for register spills).
module {
  func.func @kernel(%src: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %all = ascreg.create_mask <ALL> for !ascreg.vreg<64xf32>
    %ping = memref.alloc() : memref<32768xf32>
    %pong = memref.alloc() : memref<32768xf32>
    %v = ascreg.load_align %src[%c0] : memref<?xf32> -> !ascreg.vreg<64xf32>
    ascreg.store_align %v, %ping[%c0], %all : !ascreg.vreg<64xf32>, memref<32768xf32>
    ascreg.store_align %v, %pong[%c0], %all : !ascreg.vreg<64xf32>, memref<32768xf32>
    return
  }
}
