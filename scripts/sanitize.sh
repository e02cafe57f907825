#!/usr/bin/env bash
# The sanitizer job (scripts/test.sh --sanitize; docs/hardening.md): builds
# ascreg with clang, AddressSanitizer + UndefinedBehaviorSanitizer and the
# fuzz targets into ${ASCREG_ASAN_BUILD_DIR:-build-asan}, then runs every
# test (unit, differential, emission, lit, install, random-program
# differential, a bounded run of each fuzz target) with reduced case counts,
# and counts the sanitizer reports (each one also fails its test).
#
#   scripts/sanitize.sh              the whole tree (about 17 minutes on 2
#                                    cores: every ascreg target instrumented)
#   scripts/sanitize.sh --semantics  the part CI runs next to the main job:
#                                    lib/Semantics (the reference, the SIMD
#                                    kernels, casts, the UB arena) and its unit
#                                    tests, in ${ASCREG_ASAN_BUILD_DIR:-build-asan-semantics}
#
# Debian's libMLIR.so / libLLVM.so are not instrumented. What that needs:
#   - allow_user_poisoning=0: LLVM's allocators (BumpPtrAllocator, the
#     StorageUniquer's arenas) poison and unpoison their slabs from inline
#     header code; ascreg's instrumented copy of that code poisons memory that
#     the uninstrumented library then hands out, and later instrumented reads
#     of it look like use-after-poison. Turning user poisoning off removes
#     those false reports (heap, stack and global checks stay on).
#   - detect_odr_violation=0: instrumented inline variables of the LLVM
#     headers also exist, uninstrumented, in libLLVM.so.
#   - plugin tests: the stock mlir-opt is not instrumented, so lit preloads
#     the shared ASan runtime (which carries UBSan's) when it loads
#     AscRegPlugin.so (test/lit.cfg.py, ASCREG_SANITIZER_PRELOAD).
#   - the install test: the exported libraries carry -fsanitize=..., so the
#     downstream project links the runtimes (cmake/AddAscReg.cmake).
# Case counts (override in the environment): ASCREG_DIFF_CASES=40,
# ASCREG_EMIT_CASES=25, ASCREG_RDIFF_KERNELS=60, ASCREG_FUZZ_CI_SECONDS=10,
# ASCREG_CAST_RANDOM=20000 (random f32 inputs of the MPFR cast oracle).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCOPE=(-DASCREG_BUILD_FUZZERS=ON)
DEFAULT_BUILD="$ROOT/build-asan"
if [ "${1:-}" = "--semantics" ]; then
  SCOPE=(-DASCREG_SEMANTICS_ONLY=ON -DASCREG_BUILD_FUZZERS=OFF)
  DEFAULT_BUILD="$ROOT/build-asan-semantics"
elif [ -n "${1:-}" ]; then
  echo "sanitize: unknown option $1" >&2
  exit 2
fi
BUILD="${ASCREG_ASAN_BUILD_DIR:-$DEFAULT_BUILD}"
JOBS="${ASCREG_JOBS:-$(nproc)}"
"$ROOT/scripts/setup-deps.sh" --sanitize
if [ ! -f "$BUILD/build.ninja" ]; then
  # -O1: a fraction of -O3's compile time; line tables for the reports.
  CC=/usr/lib/llvm-22/bin/clang CXX=/usr/lib/llvm-22/bin/clang++ \
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DASCREG_SANITIZERS="address;undefined" \
    "${SCOPE[@]}" \
    -DASCREG_BUILD_BENCHMARKS=OFF
fi
cmake --build "$BUILD" -j "$JOBS"

REPORTS="$BUILD/sanitizer-reports"
rm -rf "$REPORTS"
mkdir -p "$REPORTS"
# Every report is also written to $REPORTS (counted below), whatever a test
# does with the output of the process that failed.
export ASAN_OPTIONS="allow_user_poisoning=0:detect_odr_violation=0:abort_on_error=0:log_path=$REPORTS/asan:log_exe_name=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$REPORTS/ubsan:log_exe_name=1"
export LSAN_OPTIONS="suppressions=$ROOT/scripts/sanitizer/lsan.supp:print_suppressions=0"
export ASCREG_DIFF_CASES="${ASCREG_DIFF_CASES:-40}"
export ASCREG_EMIT_CASES="${ASCREG_EMIT_CASES:-25}"
export ASCREG_RDIFF_KERNELS="${ASCREG_RDIFF_KERNELS:-60}"
export ASCREG_FUZZ_CI_SECONDS="${ASCREG_FUZZ_CI_SECONDS:-10}"
export ASCREG_CAST_RANDOM="${ASCREG_CAST_RANDOM:-20000}"
cd "$BUILD"
rc=0
ctest --output-on-failure -j "$JOBS" 2>&1 | tee "$BUILD/ctest-sanitize.log" || rc=$?
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
reports=$(find "$REPORTS" -type f | wc -l)
# (|| true: a count that is absent, e.g. lit in --semantics, must not end the script.)
tests=$(grep -oE 'tests passed, [0-9]+ tests failed out of [0-9]+' "$BUILD/ctest-sanitize.log" | awk '{print $NF}' || true)
lit=$(grep -oE '^ *Passed *: *[0-9]+' "$BUILD/ctest-sanitize.log" | awk '{print $NF}' | tail -1 || true)
echo "sanitize: ${tests:-?} ctest tests${lit:+ (lit: $lit passed)}, $reports sanitizer reports"
if [ "$reports" -ne 0 ]; then
  find "$REPORTS" -type f | head -5 | xargs -r head -40
  exit 1
fi
exit $rc
