// A masked store whose register was loaded from UB bytes that the store
// overwrites (load [704, 960), store [928, 1184) of one buffer). The
// interpreter keeps such a register as a view of UB, and its partial store
// once read bytes it had already written: byte 1152 got the value of byte
// 704 instead of byte 928 (found by random-program differential testing,
// seed 1 index 23; the JIT and the emitted C++ were right). The store must
// act as if the register were read first.
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %S/../Inputs/mknpy.py %t/in.npy i1 "[((i * 37 + 11) %% 256) - 128 for i in range(2048)]"
// The f16 mask of 300 lanes activates every f16 lane, i.e. the even bytes of
// the i8 store: byte 928 + 2j takes byte 704 + 2j, odd bytes keep their value
// (computed here from the input alone).
// RUN: %python %S/../Inputs/mknpy.py %t/want.npy i1 "[((((704 + i - 928) if 928 <= i < 1184 and (i - 928) %% 2 == 0 else i) * 37 + 11) %% 256) - 128 for i in range(2048)]"
// RUN: ascreg-run %t/k.mlir --arg=%t/in.npy --arg=i32:300 --out=0:%t/interp.npy
// RUN: cmp %t/interp.npy %t/want.npy
// RUN: ascreg-run %t/k.mlir --arg=%t/in.npy --arg=i32:300 --mode=jit --out=0:%t/jit.npy
// RUN: cmp %t/jit.npy %t/want.npy
// The dav-3510 lowering runs the same store (vsts) in the interpreter.
// RUN: ascreg-run %t/k.mlir --pass-pipeline=convert-ascreg-to-dav --arg=%t/in.npy --arg=i32:300 --out=0:%t/dav.npy
// RUN: cmp %t/dav.npy %t/want.npy

//--- k.mlir
func.func @kernel(%b: memref<?xi8>, %n: i32) {
  %c704 = arith.constant 704 : index
  %c928 = arith.constant 928 : index
  %m, %rest = ascreg.update_mask %n for !ascreg.vreg<128xf16>
  %v = ascreg.load_align %b[%c704] : memref<?xi8> -> !ascreg.vreg<256xi8>
  ascreg.store_align %v, %b[%c928], %m : !ascreg.vreg<256xi8>, memref<?xi8>
  return
}
