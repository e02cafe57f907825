#!/usr/bin/env bash
# The install test: `cmake --install` the ascreg build into a fresh prefix,
# configure and build test/Downstream/project against it with
# find_package(AscReg), and run what it built plus the installed tools.
#
#   run-downstream-test.sh BUILD_DIR SOURCE_DIR WORK_DIR CMAKE MLIR_DIR C_COMPILER CXX_COMPILER LLVM_TOOLS_DIR
set -euo pipefail
BUILD=$1 SRC=$2 WORK=$3 CMAKE=$4 MLIR_DIR=$5 CC=$6 CXX=$7 LLVM_TOOLS=$8
GEN=${ASCREG_DOWNSTREAM_GENERATOR:-Ninja}
JOBS=${ASCREG_DOWNSTREAM_JOBS:-1}

rm -rf "$WORK"
mkdir -p "$WORK"
PREFIX=$WORK/prefix
step() { echo "== $* ($(date +%T))"; }

step "install into $PREFIX"
"$CMAKE" --install "$BUILD" --prefix "$PREFIX" > "$WORK/install.log"
for f in include/ascreg/Dialect/AscReg/IR/AscRegOps.h.inc include/ascreg/Dialect/AscReg/IR/AscRegOps.td \
         include/ascreg/Conversion/Passes.h.inc include/ascreg-c/Dialects.h \
         lib/cmake/AscReg/AscRegConfig.cmake lib/cmake/AscReg/AscRegTargets.cmake \
         lib/AscRegPlugin.so bin/ascreg-opt bin/ascreg-run bin/ascreg-lsp-server \
         bin/ascreg-cc include/ascreg/AscendC/regapi/kernel_operator.h lib/libAscRegSemantics.a; do
  [[ -e $PREFIX/$f ]] || { echo "not installed: $f"; exit 1; }
done

if [[ -e $BUILD/lib/AscRegImporter.so ]]; then
  step "import a C++ kernel with the installed importer"
  for f in lib/AscRegImporter.so bin/ascreg-import; do
    [[ -e $PREFIX/$f ]] || { echo "not installed: $f"; exit 1; }
  done
  # A macro only the installed twin headers define: the installed importer
  # must parse against its own tree, not the source tree it was built from
  # (which is still there).
  echo '#define ASCREG_TEST_INSTALLED_TWIN 1' >> "$PREFIX/include/ascreg/AscendC/regapi/kernel_operator.h"
  cat > "$WORK/installed.asc" <<'KERNEL'
#include "kernel_operator.h"
#ifndef ASCREG_TEST_INSTALLED_TWIN
#error "the importer parsed a twin other than the installed one"
#endif
__simd_vf__ inline void CopyVF(__ubuf__ float *dst, __ubuf__ float *src, uint32_t n)
{
    AscendC::Reg::RegTensor<float> v;
    uint16_t regs = (n + 63) / 64;
    for (uint16_t i = 0; i < regs; ++i) {
        AscendC::Reg::MaskReg mask = AscendC::Reg::UpdateMask<float>(n);
        AscendC::Reg::LoadAlign(v, src + i * 64);
        AscendC::Reg::StoreAlign(dst + i * 64, v, mask);
    }
}
KERNEL
  env -u ASCREG_IMPORTER "$PREFIX/bin/ascreg-import" "$WORK/installed.asc" -o "$WORK/installed.mlir"
  grep -q "ascreg.store_align" "$WORK/installed.mlir"
  echo "installed ascreg-import: ok"
fi

step "configure the downstream project"
# Only the prefix: no package registry, no ascreg build tree on any path.
"$CMAKE" -S "$SRC/test/Downstream/project" -B "$WORK/build" -G "$GEN" \
  -DCMAKE_BUILD_TYPE= -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DAscReg_DIR="$PREFIX/lib/cmake/AscReg" -DMLIR_DIR="$MLIR_DIR" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF > "$WORK/configure.log" \
  || { cat "$WORK/configure.log"; exit 1; }
grep "AscReg .* from $PREFIX/lib/cmake/AscReg" "$WORK/configure.log"

step "build it"
"$CMAKE" --build "$WORK/build" -j "$JOBS" > "$WORK/build.log" || { cat "$WORK/build.log"; exit 1; }
if grep -Eq -- "$BUILD/(lib|include|bin)/" "$WORK/build/build.ninja" 2>/dev/null; then
  echo "the downstream build refers to the ascreg build tree $BUILD"; exit 1
fi
source "$WORK/build/installed-tools.sh"

step "run the frontend example"
"$FRONTEND" | tee "$WORK/frontend.out"
grep -q "interpreter and jit agree" "$WORK/frontend.out"

step "run the C API test"
"$CAPI_TEST" > "$WORK/capi.out" || { cat "$WORK/capi.out"; exit 1; }
tail -1 "$WORK/capi.out"

if [[ -e $BUILD/lib/AscRegImporter.so ]]; then
  step "import a C++ kernel from a program outside the prefix"
  # The build tree's importer is still there, but parses the source tree's
  # twin: installed.asc's #error says if that one was taken.
  env -u ASCREG_IMPORTER "$IMPORT_KERNEL" "$WORK/installed.asc" CopyVF | tee "$WORK/import.out"
  grep -q "imported @CopyVF" "$WORK/import.out"
fi

step "run seed 001 on the installed host twin"
"$SEED001" | tee "$WORK/seed001.out"
grep -q "\[Success\]" "$WORK/seed001.out"
"$ASCREG_CC" "$SRC/examples/regapi/seeds/reduce.asc" -o "$WORK/reduce"
"$WORK/reduce" | grep "max 50 at index 30"

step "run the installed tools"
"$ASCREG_OPT" "$SRC/examples/argmax.mlir" --convert-ascreg-to-vector > "$WORK/opt.mlir"
grep -q "vector.reduction" "$WORK/opt.mlir"
# (Sanitizer builds: the stock mlir-opt preloads the runtime the plugin needs.)
PRELOAD=()
[[ -n ${ASCREG_SANITIZER_PRELOAD:-} ]] && PRELOAD=(env "LD_PRELOAD=$ASCREG_SANITIZER_PRELOAD")
"${PRELOAD[@]}" "$LLVM_TOOLS/mlir-opt" --load-dialect-plugin="$ASCREG_PLUGIN" --load-pass-plugin="$ASCREG_PLUGIN" \
  --pass-pipeline="builtin.module(convert-ascreg-to-vector)" "$SRC/examples/argmax.mlir" \
  > "$WORK/plugin.mlir"
cmp "$WORK/opt.mlir" "$WORK/plugin.mlir"
echo "installed ascreg-opt and AscRegPlugin.so (stock mlir-opt): ok"
step "done"
