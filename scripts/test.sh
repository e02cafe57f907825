#!/usr/bin/env bash
# Sets up, builds and runs every test: unit tests (GoogleTest) and the lit
# suite (FileCheck, verifier, example and execution tests), through ctest.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh"
cd "$BUILD"
ctest --output-on-failure -j "${ASCREG_JOBS:-$(nproc)}"
