// The example kernels of the ops around reduce and gather (examples/
// sum_of_squares.mlir, absmax_quant.mlir, binary_search.mlir) equal their
// numpy goldens (test/Inputs/example_cases.py) bit for bit on every path:
// the interpreter, the JIT (check mode: interpreter vs JIT), the dav-3510
// lowering and the emitted Ascend C compiled on the host
// (test/Inputs/run_emitted.cpp).
// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/sum_of_squares.mlir -o %t.sos.cpp
// RUN: ascreg-cc -iquote %ascreg_src_root/include/ascreg/AscendC/host -include %t.sos.cpp %S/../Inputs/run_emitted.cpp -o %t.sos
// RUN: %python %S/../Inputs/example_paths.py sum_of_squares ascreg-run %ascreg_src_root %t.w1 %t.sos | FileCheck %s --check-prefix=SOS
// SOS: sum_of_squares: 8 cases x 4 paths, 0 mismatches

// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/absmax_quant.mlir -o %t.amax.cpp
// RUN: ascreg-cc -iquote %ascreg_src_root/include/ascreg/AscendC/host -include %t.amax.cpp %S/../Inputs/run_emitted.cpp -o %t.amax
// RUN: %python %S/../Inputs/example_paths.py absmax_quant ascreg-run %ascreg_src_root %t.w2 %t.amax | FileCheck %s --check-prefix=AMAX
// AMAX: absmax_quant: 8 cases x 4 paths, 0 mismatches

// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/binary_search.mlir -o %t.bs.cpp
// RUN: ascreg-cc -iquote %ascreg_src_root/include/ascreg/AscendC/host -include %t.bs.cpp %S/../Inputs/run_emitted.cpp -o %t.bs
// RUN: %python %S/../Inputs/example_paths.py binary_search ascreg-run %ascreg_src_root %t.w6 %t.bs | FileCheck %s --check-prefix=BS
// BS: binary_search: 8 cases x 4 paths, 0 mismatches

// The checker fails on a planted bug: the tail's mask dropped from the
// square (sum_of_squares) or the abs (absmax_quant), so the NaN padding
// past n enters the result.
// RUN: rm -rf %t.planted && mkdir -p %t.planted/examples
// RUN: sed 's/ascreg.mul %%v, %%v, %%m/ascreg.mul %%v, %%v, %%all/' %ascreg_src_root/examples/sum_of_squares.mlir > %t.planted/examples/sum_of_squares.mlir
// RUN: not %python %S/../Inputs/example_paths.py sum_of_squares ascreg-run %t.planted %t.w3 4 | FileCheck %s --check-prefix=PLANTED-SOS
// PLANTED-SOS: sum_of_squares: 4 cases x 3 paths, {{[1-9][0-9]*}} mismatches
// PLANTED-SOS: interp gives nan at [0]
// RUN: sed 's/ascreg.abs %%v, %%m/ascreg.abs %%v, %%all/' %ascreg_src_root/examples/absmax_quant.mlir > %t.planted/examples/absmax_quant.mlir
// RUN: not %python %S/../Inputs/example_paths.py absmax_quant ascreg-run %t.planted %t.w4 4 | FileCheck %s --check-prefix=PLANTED-AMAX
// PLANTED-AMAX: absmax_quant: 4 cases x 3 paths, {{[1-9][0-9]*}} mismatches

// The hand-written MLIR of examples/regapi/histogram_total.asc (post-update
// loads and a first-element store in the C++; test/RegAPI/examples.test).
// RUN: ascreg-translate --ascreg-to-ascendc %ascreg_src_root/examples/regapi/histogram_total.mlir -o %t.hist.cpp
// RUN: ascreg-cc -iquote %ascreg_src_root/include/ascreg/AscendC/host -include %t.hist.cpp %S/../Inputs/run_emitted.cpp -o %t.hist
// RUN: %python %S/../Inputs/example_paths.py histogram_total ascreg-run %ascreg_src_root %t.w5 %t.hist | FileCheck %s --check-prefix=HIST
// HIST: histogram_total: 8 cases x 4 paths, 0 mismatches
