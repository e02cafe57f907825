#!/usr/bin/env bash
# Builds and runs the benchmarks (bench/), writes Google Benchmark JSON to
# ${ASCREG_BUILD_DIR:-build}/bench/{kernels,semantics}.json and a Markdown
# summary to .../bench/summary.md (also printed). About 2 minutes on 2 cores.
#
#   scripts/bench.sh                  # build + run + summarise
#   ASCREG_JOBS=1 scripts/bench.sh    # build with one job
#   ASCREG_BENCH_FILTER=reduce_sum scripts/bench.sh   # subset of BM_Kernel etc.
#
# Times are CPU time (kernels: 10th percentile of the runs), which a shared machine
# disturbs less than wall time; treat the numbers as indicative there.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_BUILD_DIR:-$ROOT/build}"
OUT="$BUILD/bench"
FILTER="${ASCREG_BENCH_FILTER:-.}"

"$ROOT/scripts/build.sh" --target ascreg-bench-kernels ascreg-bench-semantics
mkdir -p "$OUT"

# Minimum times per benchmark (seconds; benchmark 1.7 takes a plain number).
# ~130 kernel and ~140 semantics benchmarks: together well under 3 minutes.
"$OUT/ascreg-bench-kernels" --benchmark_filter="$FILTER" --benchmark_min_time=0.2 \
  --benchmark_out="$OUT/kernels.json" --benchmark_out_format=json >/dev/null
"$OUT/ascreg-bench-semantics" --benchmark_filter="$FILTER" --benchmark_min_time=0.1 \
  --benchmark_out="$OUT/semantics.json" --benchmark_out_format=json >/dev/null

python3 "$ROOT/scripts/bench_summary.py" "$OUT/kernels.json" "$OUT/semantics.json" \
  --out "$OUT/summary.md"
