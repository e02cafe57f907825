#!/usr/bin/env bash
# Random-program differential testing: generates random valid kernels
# (scripts/rdiff/gen_kernels.py) and runs them on the interpreter, the JIT, the
# dav-3510 lowering and the emitted Ascend C compiled on the host
# (ascreg-random-diff), bit for bit. A kernel on which a path disagrees is
# saved and reduced automatically (scripts/rdiff/reduce.py).
#
#   scripts/random-diff.sh [--build DIR] [--kernels N] [--first I] [--seed S]
#                          [--batch B] [--cases C] [--paths P] [--jobs J] [--out DIR] [--no-reduce]
#                          [--emit-opt O] [--host-cxx CXX]
#
# The driver compiles each batch once per path (one JIT compilation, one
# host compilation of the emitted C++), so larger batches are cheaper per
# kernel. --emit-opt 0 compiles the emitted C++ without optimization, about
# 3x faster than the default -O1 (for long runs). --host-cxx compiles it with
# another compiler than the one that built ascreg (e.g. clang++-22 when that
# was GCC): the emitted C++ must mean the same to every C++20 compiler, and
# clang++ -O0 compiles it in about 60% of GCC's time.
#
# CI runs 300 kernels at --emit-opt 0 (ctest ascreg-random-diff;
# ASCREG_RDIFF_KERNELS in the environment changes the default); a long run:
#   scripts/random-diff.sh --kernels 1000000 --jobs 2 --out /tmp/rdiff
# Kernels are deterministic in (seed, index): a failure names both, and
# `gen_kernels.py --seed S --first I --count 1` regenerates the kernel.
# Rerunning with the same --out, --seed and --batch resumes a long run: a
# batch whose log already holds its summary line is not run again (the
# totals still count it). --first I runs kernels I .. I+N-1 of the seed's
# sequence (default 0): the tail of a long run on another machine, or a
# range split between machines (a multiple of --batch keeps the batches of
# the whole run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
KERNELS="${ASCREG_RDIFF_KERNELS:-300}"
FIRST=0
SEED=1
BATCH=150
CASES=3
PATHS=jit,dav,emit
JOBS=1
OUT=""
REDUCE=1
EMIT_OPT=1
HOST_CXX=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$2"; shift 2 ;;
    --kernels) KERNELS="$2"; shift 2 ;;
    --first) FIRST="$2"; shift 2 ;;
    --seed) SEED="$2"; shift 2 ;;
    --batch) BATCH="$2"; shift 2 ;;
    --cases) CASES="$2"; shift 2 ;;
    --paths) PATHS="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --no-reduce) REDUCE=0; shift ;;
    --emit-opt) EMIT_OPT="$2"; shift 2 ;;
    --host-cxx) HOST_CXX="$2"; shift 2 ;;
    *) echo "random-diff: unknown option $1" >&2; exit 2 ;;
  esac
done
DRIVER="$BUILD/bin/ascreg-random-diff"
[ -x "$DRIVER" ] || { echo "random-diff: $DRIVER not built (ninja ascreg-random-diff)" >&2; exit 2; }
if [ -z "$OUT" ]; then
  OUT="$(mktemp -d "${TMPDIR:-/tmp}/ascreg-rdiff.XXXXXX")"
  trap 'rm -rf "$OUT"' EXIT
fi
mkdir -p "$OUT"
WORK="${ASCREG_RDIFF_WORK_DIR:-$OUT/cache}"

# One batch: generate, run, keep the log; a clean batch leaves only its log.
run_batch() {
  local first=$1 count=$2 f="$OUT/batch-$1.mlir"
  grep -qs '^ascreg-random-diff: ' "$OUT/batch-$first.log" && return 0
  /usr/bin/python3 "$ROOT/scripts/rdiff/gen_kernels.py" --seed "$SEED" --first "$first" --count "$count" -o "$f"
  local rc=0
  "$DRIVER" "$f" --paths="$PATHS" --cases="$CASES" --seed="$SEED" --work-dir="$WORK" \
    --emit-opt="$EMIT_OPT" ${HOST_CXX:+--host-cxx="$HOST_CXX"} --times > "$OUT/batch-$first.log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] && rm -f "$f"
  # Emitted kernels are cached by content; a batch never repeats.
  rm -f "$WORK"/emitted-*.so "$WORK"/emitted-*.cpp "$WORK"/emitted-*.log 2>/dev/null || true
  return 0
}
export -f run_batch
export OUT ROOT SEED PATHS CASES DRIVER WORK EMIT_OPT HOST_CXX

start=$(date +%s)
batches=()
end=$((FIRST + KERNELS))
for ((first = FIRST; first < end; first += BATCH)); do
  n=$((end - first < BATCH ? end - first : BATCH))
  batches+=("$first $n")
done
if [ "$JOBS" -gt 1 ]; then
  # Separate emit caches per job: a batch deletes its shared objects when done.
  printf '%s\n' "${batches[@]}" | xargs -P "$JOBS" -L 1 bash -c 'WORK="$OUT/cache-$0"; run_batch "$0" "$1"'
else
  for b in "${batches[@]}"; do run_batch $b; done
fi

# Totals over the batch logs.
kernels=0; runs=0; mismatches=0; bad=0
for log in "$OUT"/batch-*.log; do
  line=$(grep '^ascreg-random-diff: ' "$log" | tail -1 || true)
  if [ -z "$line" ]; then bad=$((bad + 1)); echo "random-diff: no summary in $log:"; tail -5 "$log"; continue; fi
  k=$(sed -E 's/^ascreg-random-diff: ([0-9]+) kernels.*/\1/' <<<"$line")
  r=$(sed -E 's/.* ([0-9]+) runs.*/\1/' <<<"$line")
  m=$(sed -E 's/.* ([0-9]+) mismatches.*/\1/' <<<"$line")
  kernels=$((kernels + k)); runs=$((runs + r)); mismatches=$((mismatches + m))
  if grep -qE '^(MISMATCH|COMPILE-FAILURE|BAD-INPUT)' "$log"; then bad=$((bad + 1)); fi
done
elapsed=$(( $(date +%s) - start ))
echo "random-diff: $kernels kernels generated and compared (seed $SEED, $CASES input sets each," \
     "paths interp,$PATHS): $runs runs, $mismatches mismatches, $bad failing batches, ${elapsed} s"

status=0
for log in "$OUT"/batch-*.log; do
  grep -qE '^(MISMATCH|COMPILE-FAILURE|BAD-INPUT)' "$log" || continue
  status=1
  grep -E '^(MISMATCH|COMPILE-FAILURE|BAD-INPUT)' "$log" | head -5
  [ "$REDUCE" -eq 1 ] || continue
  # Reduce the first mismatching kernel of the batch.
  line=$(grep -m1 '^MISMATCH' "$log" || true)
  [ -n "$line" ] || continue
  idx=$(sed -E 's/.*\[seed [0-9]+ index ([0-9]+)\].*/\1/' <<<"$line")
  case_=$(sed -E 's/^MISMATCH kernel [0-9]+ case ([0-9]+):.*/\1/' <<<"$line")
  path=$(sed -E 's/^MISMATCH kernel [0-9]+ case [0-9]+: ([a-z]+):.*/\1/' <<<"$line")
  k="$OUT/kernel-$idx.mlir"
  /usr/bin/python3 "$ROOT/scripts/rdiff/gen_kernels.py" --seed "$SEED" --first "$idx" --count 1 -o "$k"
  /usr/bin/python3 "$ROOT/scripts/rdiff/reduce.py" "$k" --driver "$DRIVER" --case "$case_" \
    --seed "$SEED" --paths "$path" --work-dir "$WORK" -o "$OUT/kernel-$idx.reduced.mlir" || true
  echo "random-diff: reduced reproducer: $OUT/kernel-$idx.reduced.mlir"
  trap - EXIT
done
exit $status
