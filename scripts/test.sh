#!/usr/bin/env bash
# Sets up, builds and runs every test: unit tests (GoogleTest) and the lit
# suite (FileCheck, verifier, example and execution tests), through ctest.
#
#   scripts/test.sh              the Release build in ${ASCREG_BUILD_DIR:-build}
#   scripts/test.sh --sanitize   the sanitizer job: an ASan + UBSan build with
#                                the fuzz targets in build-asan, every suite
#                                with reduced case counts (scripts/sanitize.sh)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${1:-}" = "--sanitize" ]; then
  exec "$ROOT/scripts/sanitize.sh"
fi
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh"
cd "$BUILD"
ctest --output-on-failure -j "${ASCREG_JOBS:-$(nproc)}"
