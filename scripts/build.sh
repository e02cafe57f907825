#!/usr/bin/env bash
# Configures and builds ascreg (Ninja, Release) into ${ASCREG_BUILD_DIR:-build}.
# Installs missing system packages first (scripts/setup-deps.sh, idempotent).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/setup-deps.sh"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
JOBS="${ASCREG_JOBS:-$(nproc)}"
cmake --build "$BUILD" -j "$JOBS" "$@"
