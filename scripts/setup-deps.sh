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
  libclang-rt-22-dev                                        # FuzzedDataProvider.h: the fuzz targets' input decoding (fuzz/, in every test build)
  clang-22                                                  # the second host compiler of the Reg API twin's tests (test/RegAPI, docs/regapi.md)
  libclang-cpp22-dev libclang-22-dev                        # Clang's C++ library and headers: the C++ importer (lib/Import, docs/import.md)
  clang-format-22                                           # the formatter of the root .clang-format (/usr/lib/llvm-22/bin/clang-format)
  # The Python package (python/, docs/python.md), built for Debian's /usr/bin/python3:
  # pybind11 for the extension, numpy for the arrays it runs kernels on, pytest and
  # hypothesis for its tests and ascreg.testing (property-based kernel tests).
  pybind11-dev python3-pybind11 python3-dev python3-numpy python3-pytest python3-hypothesis
)

# The browser tests of the HTML run report (test/Report, docs/report.md) render
# pages in Chromium's headless shell. CI (scripts/test.sh) runs them, so it is
# installed by default; ASCREG_NO_BROWSER=1 leaves it out (the test then skips).
if [ "${ASCREG_NO_BROWSER:-0}" != "1" ]; then
  PKGS+=(chromium-headless-shell)
fi

# The sanitizer job and the fuzz targets (scripts/test.sh --sanitize,
# scripts/fuzz.sh) build with clang 22: its compiler, the sanitizer runtimes
# and libFuzzer. Installed only for those jobs (setup-deps.sh --sanitize).
if [ "${1:-}" = "--sanitize" ]; then
  PKGS+=(libfuzzer-22-dev)   # (and clang-22, libclang-rt-22-dev above: the compiler, the sanitizer runtimes)
fi

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
