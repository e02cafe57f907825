#!/usr/bin/env bash
# Installs ascreg's system dependencies from Debian's archive (Debian 12 "bookworm").
# Idempotent: packages already present are not touched; nothing runs apt when all are there.
set -euo pipefail

PKGS=(
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools   # MLIR/LLVM 22: libMLIR.so, tablegen, FileCheck, lit
  libhwy-dev                                                # Highway: portable SIMD with runtime dispatch
  libgtest-dev                                              # GoogleTest: unit tests of the semantics library
  libmpfr-dev                                               # MPFR (+GMP): independent oracle of the cast tests (CastOracleTest.cpp)
  libbenchmark-dev                                          # Google Benchmark: bench/
  ninja-build cmake g++ python3                             # build system and lit's interpreter
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-deps: all dependencies present"
  exit 0
fi

echo "setup-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
