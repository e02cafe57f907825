// The report draws what reduce_data_block decided, per 32-byte block (8 f32
// lanes), from the op's interpreter payload (TraceDecision::Blocks). Expected
// by hand from the source below and %count = 44 (lanes 0-43 active):
//   block 0 [1 5 3 5 2 0 0 0]: max 5, first at lane 1;
//   block 1 [1 2 NaN 7 NaN 9 0 0]: the first NaN, lane 10;
//   block 2 [-0 +0 -1 -2 -0 +0 -3 -4]: +0 (above -0), first at lane 17;
//   block 3 [-5 x 8]: lane 24; block 4 [32 .. 39]: lane 39;
//   block 5 [40 .. 47], lanes 40-43 active: 43 at lane 43;
//   blocks 6 and 7: no active lane.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../Inputs/mknpy.py %t/src.npy f4 "[1,5,3,5,2,0,0,0, 1,2,nan,7,nan,9,0,0, -0.0,0.0,-1,-2,-0.0,0.0,-3,-4] + [-5] * 8 + [float(i) for i in range(32, 64)]"
// RUN: %python %S/../Inputs/mknpy.py %t/dst.npy f4 "[0] * 64"
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_data_block_max_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:44 --arg=index:1 --report=%t/max.html --print | FileCheck %s --check-prefix=OUT
// OUT: arg1: memref<?xf32> (64 elements) = [5, nan, 0, -5, 39, 43,
// RUN: FileCheck %s --check-prefix=MAX < %t/max.html
// MAX: decided by: per 32-byte block (result lane &larr; max of the block's active lanes)</div><div class="map">
// MAX-SAME: <div>0 &larr; max of lanes 0-7: 8 active; winning lane 1 (first of equal values), source value 5</div>
// MAX-SAME: <div>1 &larr; max of lanes 8-15: 8 active; <b>first NaN</b> at lane 10, source value {{[^<]*}}</div>
// MAX-SAME: <div>2 &larr; max of lanes 16-23: 8 active; winning lane 17 (first of equal values), source value 0</div>
// MAX-SAME: <div>3 &larr; max of lanes 24-31: 8 active; winning lane 24 (first of equal values), source value -5</div>
// MAX-SAME: <div>4 &larr; max of lanes 32-39: 8 active; winning lane 39 (first of equal values), source value 39</div>
// MAX-SAME: <div>5 &larr; max of lanes 40-47: 4 active (40-43); winning lane 43 (first of equal values), source value 43</div>
// MAX-SAME: <div>6 &larr; max of lanes 48-55: no active lane (the identity)</div>
// MAX-SAME: <div>7 &larr; max of lanes 56-63: no active lane (the identity)</div>
// MAX-SAME: <div>8-63 &larr; 0</div></div>

// min: block 0's 0 first at lane 5; block 2's -4 at lane 23.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_data_block_min_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:44 --arg=index:1 --report=%t/min.html
// RUN: FileCheck %s --check-prefix=MIN < %t/min.html
// MIN: <div>0 &larr; min of lanes 0-7: 8 active; winning lane 5 (first of equal values), source value 0</div>
// MIN-SAME: <div>1 &larr; min of lanes 8-15: 8 active; <b>first NaN</b> at lane 10
// MIN-SAME: <div>2 &larr; min of lanes 16-23: 8 active; winning lane 23 (first of equal values), source value -4</div>

// sum: the lanes that fed each block's tree.
// RUN: ascreg-run %ascreg_src_root/examples/conformance/reduce_data_block_sum_f32_f32.mlir --arg=%t/src.npy --arg=%t/dst.npy --arg=i32:44 --arg=index:1 --report=%t/sum.html
// RUN: FileCheck %s --check-prefix=SUM < %t/sum.html
// SUM: decided by: per 32-byte block (result lane &larr; sum of the block's active lanes, inactive ones as +0, adjacent pairs first)</div><div class="map"><div>0 &larr; sum of lanes 0-7: 8 active</div>
// SUM-SAME: <div>5 &larr; sum of lanes 40-47: 4 active (40-43)</div><div>6 &larr; sum of lanes 48-55: no active lane (+0)</div>
