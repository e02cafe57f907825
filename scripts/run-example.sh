#!/usr/bin/env bash
# The main job on a kernel that ships with the project: set up, build, then
# verify and run examples/argmax.mlir (masked argmax over 1000 floats) in the
# interpreter and print its inputs and results.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh" --target ascreg-opt ascreg-run
KERNEL="$ROOT/examples/argmax.mlir"
WORK="$BUILD/example"
mkdir -p "$WORK"
MKNPY="python3 $ROOT/test/Inputs/mknpy.py"
# x[i] = ((i * 37) mod 1000) / 7 for i < 1000: the maximum 142.714... is at index 27.
$MKNPY "$WORK/x.npy" f4 "[((i * 37) % 1000) / 7.0 for i in range(1000)] + [0.0] * 24"
$MKNPY "$WORK/val.npy" f4 "[0.0] * 64"
$MKNPY "$WORK/idx.npy" i4 "[0] * 64"
echo "== ascreg-opt: parse and verify $KERNEL"
"$BUILD/bin/ascreg-opt" "$KERNEL" > /dev/null && echo "verified"
echo "== ascreg-run: interpret it (value and first index of the maximum in element 0)"
"$BUILD/bin/ascreg-run" "$KERNEL" --arg="$WORK/x.npy" --arg="$WORK/val.npy" \
  --arg="$WORK/idx.npy" --arg=i32:1000 --out=1:"$WORK/val.out.npy" --out=2:"$WORK/idx.out.npy" \
  --print | sed -n '2,3p' | cut -c1-100
echo "(expected: value 142.714279, index 27)"
echo "== ascreg-run --mode=check: the vector lowering + JIT gives the same bits"
"$BUILD/bin/ascreg-run" "$KERNEL" --arg="$WORK/x.npy" --arg="$WORK/val.npy" \
  --arg="$WORK/idx.npy" --arg=i32:1000 --mode=check
