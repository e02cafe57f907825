#!/usr/bin/env bash
# Sets up, builds and runs every test: unit tests (GoogleTest) and the lit
# suite (FileCheck, verifier, example and execution tests), through ctest.
#
#   scripts/test.sh              the Release build in ${ASCREG_BUILD_DIR:-build}
#                                and every ctest test, then the sanitizer job
#                                of lib/Semantics (ASan + UBSan build of the
#                                reference, the SIMD kernels and their unit
#                                tests; scripts/sanitize.sh --semantics, about
#                                3 minutes). ASCREG_SKIP_SANITIZE=1 skips it.
#   scripts/test.sh --sanitize   the whole-tree sanitizer job: an ASan + UBSan
#                                build with the fuzz targets in build-asan,
#                                every suite with reduced case counts
#                                (scripts/sanitize.sh; long)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${1:-}" = "--sanitize" ]; then
  exec "$ROOT/scripts/sanitize.sh"
fi
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh"
cd "$BUILD"
ctest --output-on-failure -j "${ASCREG_JOBS:-$(nproc)}"
if [ "${ASCREG_SKIP_SANITIZE:-0}" != 1 ]; then
  "$ROOT/scripts/sanitize.sh" --semantics
fi
