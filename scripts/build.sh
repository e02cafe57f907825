#!/usr/bin/env bash
# Configures and builds ascreg (Ninja, Release) into ${ASCREG_BUILD_DIR:-build}.
# Installs missing system packages first (scripts/setup-deps.sh, idempotent).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
# Compiler warnings in ascreg's own files are errors in CI (CI=true: .ci/run
# and CI services set it) or with ASCREG_WERROR=ON (the CMake option).
WERROR="${ASCREG_WERROR:-$([ "${CI:-}" = true ] && echo ON || echo OFF)}"
"$ROOT/scripts/setup-deps.sh"
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DASCREG_WERROR="$WERROR"
elif [ "$WERROR" = ON ]; then
  cmake "$BUILD" -DASCREG_WERROR=ON >/dev/null # an existing build dir, e.g. a CI cache
fi
JOBS="${ASCREG_JOBS:-$(nproc)}"
cmake --build "$BUILD" -j "$JOBS" "$@"
