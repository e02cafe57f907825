#!/usr/bin/env bash
# The main job on a kernel that ships with the project: set up, build, then
# parse + verify the seed 000 reduce-max kernel and print it lowered-ready.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
"$ROOT/scripts/build.sh"
KERNEL="${1:-$ROOT/examples/seeds/reduce_max_loop.mlir}"
echo "== ascreg-opt: parse and verify $KERNEL"
"$BUILD/bin/ascreg-opt" "$KERNEL"
