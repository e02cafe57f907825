// `ascreg-probe emit`: a complete Ascend C program per point, the scripts,
// and expected.json with every candidate's bits. The bits checked here are
// computed by hand from the candidate definitions (docs/semantics.md O1,
// O-C2), not taken from the tool.
// RUN: rm -rf %t && ascreg-probe emit sum.rounding ctrl.float_mode -o %t | FileCheck %s --check-prefix=LOG
// LOG: wrote 2 probe program(s) with their kernels (.asc, .mlir), expected.json, build.sh, build-host.sh, run.sh to

// The kernel in the program is exactly what ascreg-translate makes of the
// probe kernel emit writes next to it (one lowering, not a copy of it).
// RUN: ascreg-translate --ascreg-to-ascendc %t/sum_rounding.mlir -o %t/translated.cpp
// RUN: sed -n '/^\/\/ ---- the probe kernel/,/^\/\/ ---- end of the lowered kernel/p' %t/sum_rounding.asc | sed '1d;$d' > %t/embedded.cpp
// RUN: diff %t/translated.cpp %t/embedded.cpp
// RUN: ascreg-translate --ascreg-to-ascendc %t/ctrl_float_mode.mlir -o %t/translated-ctrl.cpp
// RUN: sed -n '/^\/\/ ---- the probe kernel/,/^\/\/ ---- end of the lowered kernel/p' %t/ctrl_float_mode.asc | sed '1d;$d' > %t/embedded-ctrl.cpp
// RUN: diff %t/translated-ctrl.cpp %t/embedded-ctrl.cpp
// RUN: FileCheck %s --check-prefix=EXP < %t/expected.json
// RUN: FileCheck %s --check-prefix=PROG < %t/sum_rounding.asc
// RUN: FileCheck %s --check-prefix=CTRL < %t/ctrl_float_mode.asc
// RUN: FileCheck %s --check-prefix=BUILD < %t/build.sh
// RUN: FileCheck %s --check-prefix=RUNSH < %t/run.sh

// O-C2: f32 65520 -> f16 RINT (f16 lane 0, PART_EVEN) is +inf 0x7C00 with
// CTRL[48] = 1 and 65504 0x7BFF with CTRL[48] = 0; inf -> 0x7C00 / 0x7BFF;
// NaN -> 0x7E00 / 0; 65536 -> 0x7C00 / 0x7BFF; then 1.0 (0x3C00). The second
// register: f16 65504 + 65504 = +inf / 65504, then 1 + 1 = 2 (0x4000).
// EXP:      "ctrl.float_mode": {
// EXP:        "candidates": {
// EXP-NEXT:     "non_saturating": "007c0000007c0000007e0000007c0000{{(003c0000){60}()}}007c{{(0040){127}()}}",
// EXP-NEXT:     "saturating": "ff7b0000ff7b000000000000ff7b0000{{(003c0000){60}()}}ff7b{{(0040){127}()}}"
// EXP:        "documented": "non_saturating",
// EXP:        "program": "ctrl_float_mode.asc",
// EXP-NEXT:   "question": "which CTRL[48] does a kernel that never writes CTRL see?",
// EXP-NEXT:   "result_bytes": 512,
// EXP-NEXT:   "result_file": "ctrl.float_mode.bin"

// O1: f16 1 + 127 x 2^-11: per node 0x3C3F, rounded once 0x3C40; f32
// 1 + 63 x 2^-24: per node 0x3F80001F, once 0x3F800020 (lane 0 of each
// register; the other lanes of a reduce result are zero). O17: block 0 of
// reduce_data_block, f16 1 + 15 x 2^-11: per node 0x3C07, once 0x3C08; f32
// 1 + 7 x 2^-24: 0x3F800003, 0x3F800004; blocks 1..7 exactly 2^-7 (0x2000)
// and 2^-21 (0x35000000); lanes 8 and up zero.
// EXP:      "sum.rounding": {
// EXP:        "candidates": {
// EXP-NEXT:     "per_node": "3f3c{{(0000){127}()}}1f00803f{{(00000000){63}()}}073c{{(0020){7}()}}{{(0000){120}()}}0300803f{{(00000035){7}()}}{{(00000000){56}()}}",
// EXP-NEXT:     "round_once": "403c{{(0000){127}()}}2000803f{{(00000000){63}()}}083c{{(0020){7}()}}{{(0000){120}()}}0400803f{{(00000035){7}()}}{{(00000000){56}()}}"
// EXP:        "outputs": [
// EXP-NEXT:     {
// EXP-NEXT:       "elements": 128,
// EXP-NEXT:       "name": "o16",
// EXP-NEXT:       "offset": 0,
// EXP-NEXT:       "type": "f16"
// EXP:            "elements": 64,
// EXP-NEXT:       "name": "o32",
// EXP-NEXT:       "offset": 256,
// EXP-NEXT:       "type": "f32"
// EXP:      "tool": "ascreg-probe

// The program: the header, the lowered kernel (no recorded profile: no
// ASCREG_HOST_PROFILE define), the inputs as lane bits, the GM <-> UB entry
// and the AscendCL main of the vendor's example, the host-mode launch.
// PROG:      // sum.rounding (O1): does every vcadd tree node round, or only the result?
// PROG:      //   per_node (documented):
// PROG:      // NPU:  bisheng sum_rounding.asc -o sum_rounding --npu-arch=dav-3510
// PROG:      #ifdef ASCREG_HOST
// PROG-NEXT: #include "c_api/asc_host_kernel.h"
// PROG-NEXT: #endif
// PROG-NOT:  #define ASCREG_HOST_PROFILE
// PROG:      #include "c_api/asc_simd.h"
// PROG:      __simd_vf__ inline void probe_vf(__ubuf__ half* [[A16:v[0-9]+]], __ubuf__ float* {{v[0-9]+}}, __ubuf__ half* {{v[0-9]+}}, __ubuf__ float* {{v[0-9]+}}, __ubuf__ half* {{v[0-9]+}}, __ubuf__ float* {{v[0-9]+}}) {
// PROG:      vcadd(
// PROG:      vcgadd(
// PROG:      __aicore__ inline void probe(
// PROG:      set_ctrl(
// PROG:      #include "acl/acl.h"
// PROG:      const uint16_t k_a16[128] = {
// PROG-NEXT:     0x3c00, 0x1000, 0x1000,
// PROG:      const uint32_t k_a32[64] = {
// PROG-NEXT:     0x3f800000, 0x33800000,
// PROG:      __global__ __vector__ void probe_kernel(__gm__ uint8_t *a16, __gm__ uint8_t *a32, __gm__ uint8_t *o16, __gm__ uint8_t *o32, __gm__ uint8_t *b16, __gm__ uint8_t *b32) {
// PROG-NEXT:   asc_init();
// PROG-NEXT:   __ubuf__ half a16_ub[128];
// PROG-NEXT:   __ubuf__ float a32_ub[64];
// PROG-NEXT:   __ubuf__ half o16_ub[128];
// PROG-NEXT:   __ubuf__ float o32_ub[64];
// PROG-NEXT:   __ubuf__ half b16_ub[128];
// PROG-NEXT:   __ubuf__ float b32_ub[64];
// PROG-NEXT:   asc_copy_gm2ub_align(a16_ub, (__gm__ half *)a16, 256);
// PROG-NEXT:   asc_copy_gm2ub_align(a32_ub, (__gm__ float *)a32, 256);
// PROG-NEXT:   asc_sync_notify(PIPE_MTE2, PIPE_V, EVENT_ID0);
// PROG-NEXT:   asc_sync_wait(PIPE_MTE2, PIPE_V, EVENT_ID0);
// PROG-NEXT:   probe(a16_ub, a32_ub, o16_ub, o32_ub, b16_ub, b32_ub);
// PROG-NEXT:   asc_sync_notify(PIPE_V, PIPE_MTE3, EVENT_ID0);
// PROG-NEXT:   asc_sync_wait(PIPE_V, PIPE_MTE3, EVENT_ID0);
// PROG-NEXT:   asc_copy_ub2gm_align((__gm__ half *)o16, o16_ub, 256);
// PROG-NEXT:   asc_copy_ub2gm_align((__gm__ float *)o32, o32_ub, 256);
// PROG-NEXT:   asc_copy_ub2gm_align((__gm__ half *)b16, b16_ub, 256);
// PROG-NEXT:   asc_copy_ub2gm_align((__gm__ float *)b32, b32_ub, 256);
// PROG-NEXT:   asc_sync();
// PROG:      int main(int argc, char **argv) {
// PROG:        const std::string path = std::string(argv[1]) + "/sum.rounding.bin";
// PROG-NEXT:   CHECK_ACL(aclInit(nullptr));
// PROG-NEXT:   CHECK_ACL(aclrtSetDevice(0));
// PROG:        CHECK_ACL(aclrtMemcpy(a16, 256, k_a16, 256, ACL_MEMCPY_HOST_TO_DEVICE));
// PROG:      #ifdef ASCREG_HOST
// PROG-NEXT:   probe_kernel(a16, a32, o16, o32, b16, b32);
// PROG-NEXT: #else
// PROG-NEXT:   probe_kernel<<<1, 0>>>(a16, a32, o16, o32, b16, b32);
// PROG-NEXT: #endif
// PROG-NEXT:   CHECK_ACL(aclrtSynchronizeDevice());
// PROG:        CHECK_ACL(aclrtMemcpy(result.data() + 256, 256, o32, 256, ACL_MEMCPY_DEVICE_TO_HOST));
// PROG:        CHECK_ACL(aclFinalize());

// The CTRL probe calls the vector function directly: nothing in its kernel
// entry writes CTRL.
// CTRL:      The kernel calls probe_vf directly
// CTRL:      __global__ __vector__ void probe_kernel(
// CTRL-NOT:  set_ctrl
// CTRL:      asc_vf_call<probe_vf>(a32_ub, a16_ub, cvt_ub, sum_ub);
// CTRL-NOT:  set_ctrl
// CTRL:      int main(

// build.sh runs the vendor example's command for each program; run.sh runs them.
// BUILD: : "${ASCEND_HOME_PATH:?not set: source the CANN set_env.sh first}"
// BUILD: for p in sum_rounding ctrl_float_mode; do
// BUILD: "$BISHENG" "$p.asc" -o "$p" --npu-arch=dav-3510
// RUNSH: for p in sum_rounding ctrl_float_mode; do
// RUNSH: "$here/$p" "$RESULTS"

// ingest of results that match round_once and saturating (written from
// expected.json, as an NPU of that profile would): the profile names them.
// RUN: rm -rf %t/res && mkdir -p %t/res
// RUN: %python -c "import json,sys; e=json.load(open(sys.argv[1]))['points']; [open(sys.argv[2]+'/'+k+'.bin','wb').write(bytes.fromhex(e[k]['candidates'][c])) for k,c in (('sum.rounding','round_once'),('ctrl.float_mode','saturating'))]" %t/expected.json %t/res
// RUN: ascreg-probe ingest %t/res --points=sum.rounding,ctrl.float_mode -o %t/profile.json | FileCheck %s --check-prefix=INGEST
// RUN: FileCheck %s --check-prefix=PROFILE < %t/profile.json
// INGEST: sum.rounding = round_once (NOT the documented choice)
// INGEST: ctrl.float_mode = saturating (NOT the documented choice)
// INGEST: 2 of 2 points matched a candidate; profile sum.rounding=round_once,ctrl.float_mode=saturating
// PROFILE:      "choices": {
// PROFILE-NEXT:   "ctrl.float_mode": "saturating",
// PROFILE-NEXT:   "sum.rounding": "round_once"
// PROFILE:      "profile": "sum.rounding=round_once,ctrl.float_mode=saturating",
// PROFILE:      "unmatched": {}
