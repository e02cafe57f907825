#!/usr/bin/env bash
# Builds the seed corpora and dictionaries (fuzz/make_seeds.py) and runs the
# libFuzzer targets of a fuzzer build (docs/hardening.md):
#   ascreg-fuzz-npy     the .npy reader
#   ascreg-fuzz-parse   parse + verify of ascreg/dav IR (and the round trip)
#   ascreg-fuzz-interp  the interpreter on verified kernels with fuzzed
#                       arguments (vs the dav-lowered kernel)
#   ascreg-fuzz-lower   convert-ascreg-to-vector, convert-ascreg-to-dav and the
#                       Ascend C emission on verified kernels
#   ascreg-fuzz-options semantic profiles (spelling and JSON file) and pass
#                       pipelines
#   ascreg-fuzz-import  the C++ importer (not in the default list: each input
#                       parses the twin's headers, seconds per input;
#                       --targets import)
#
#   scripts/fuzz.sh [--build DIR] [--ci | --runs N | --time SECONDS]
#                   [--targets "npy parse interp lower options"] [--corpus DIR] [--jobs J]
#
# --ci: 15 s per target on a fresh copy of the seeds (ctest ascreg-fuzz-smoke).
# A build without -DASCREG_BUILD_FUZZERS=ON (the Release build CI tests) has
# the same targets with a standalone driver (fuzz/StandaloneMain.cpp: the
# seeds, then blind mutations of them); this script runs either kind.
# A long run, keeping the corpus between runs:
#   scripts/fuzz.sh --build build-asan --runs 1000000 --corpus ~/ascreg-corpus
# A crash is saved as CORPUS/TARGET/crash-*; reproduce it with
#   build-asan/bin/ascreg-fuzz-TARGET CORPUS/TARGET/crash-...
# The fuzzer build: scripts/test.sh --sanitize builds one (build-asan), or
#   CC=clang-22 CXX=clang++-22 cmake ... -DASCREG_BUILD_FUZZERS=ON -DASCREG_SANITIZERS="address;undefined"
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${ASCREG_FUZZ_BUILD_DIR:-$ROOT/build-asan}"
TARGETS="npy parse interp lower options"
LIMIT=(-max_total_time=15)
CORPUS=""
JOBS=1
CI=0
while [ $# -gt 0 ]; do
  case "$1" in
    --build) BUILD="$2"; shift 2 ;;
    --ci) CI=1; LIMIT=(-max_total_time="${ASCREG_FUZZ_CI_SECONDS:-15}"); shift ;;
    --runs) LIMIT=(-runs="$2"); shift 2 ;;
    --time) LIMIT=(-max_total_time="$2"); shift 2 ;;
    --targets) TARGETS="$2"; shift 2 ;;
    --corpus) CORPUS="$2"; shift 2 ;;
    --jobs) JOBS="$2"; shift 2 ;;
    *) echo "fuzz: unknown option $1" >&2; exit 2 ;;
  esac
done
if [ -z "$CORPUS" ]; then
  CORPUS="$(mktemp -d "${TMPDIR:-/tmp}/ascreg-fuzz.XXXXXX")"
  [ "$CI" -eq 1 ] && trap 'rm -rf "$CORPUS"' EXIT
fi
SEEDS="$CORPUS/seeds"
rm -rf "$SEEDS"
/usr/bin/python3 "$ROOT/fuzz/make_seeds.py" "$SEEDS"

# The sanitizer settings of docs/hardening.md (Debian's libMLIR.so is not
# instrumented); the fuzzers' own leak checking stays on.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_odr_violation=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

status=0
summary=()
for t in $TARGETS; do
  bin="$BUILD/bin/ascreg-fuzz-$t"
  [ -x "$bin" ] || { echo "fuzz: $bin not built (ninja -C $BUILD ascreg-fuzzers)" >&2; exit 2; }
  work="$CORPUS/$t"
  mkdir -p "$work"
  dict="$SEEDS/mlir.dict"
  [ "$t" = npy ] && dict="$SEEDS/npy.dict"
  [ "$t" = options ] && dict="$SEEDS/options.dict"
  [ "$t" = import ] && dict="$SEEDS/import.dict"
  # (An import input parses the twin's headers: seconds each, more on a
  # loaded machine.)
  timeout=20
  [ "$t" = import ] && timeout=300
  log="$CORPUS/$t.log"
  echo "== ascreg-fuzz-$t ${LIMIT[*]} ($(date +%T))"
  rc=0
  # -fork keeps going past a crash (one per job); crashes land in $work.
  extra=()
  [ "$JOBS" -gt 1 ] && extra=(-fork="$JOBS" -ignore_crashes=1)
  "$bin" "$work" "$SEEDS/$t" -dict="$dict" "${LIMIT[@]}" "${extra[@]}" -timeout="$timeout" \
    -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/" \
    > "$log" 2>&1 || rc=$?
  # (|| true: a target that fails at once prints neither line, and the
  # summary must still say so.)
  execs=$(grep -aE '^stat::number_of_executed_units:' "$log" | awk '{s += $2} END {print s + 0}' || true)
  [ "${execs:-0}" -eq 0 ] && execs=$(grep -aoE '#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  cov=$(grep -aoE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}' || true)
  crashes=$(ls "$work" 2>/dev/null | grep -cE '^(crash|leak|timeout|oom)-' || true)
  corpus=$(ls "$work" | grep -vcE '^(crash|leak|timeout|oom)-' || true)
  if grep -aq 'blind mutation' "$log"; then # the standalone driver (builds without libFuzzer)
    summary+=("ascreg-fuzz-$t: ${execs:-0} executions (standalone driver: seeds and blind mutations, no coverage), findings $crashes")
  else
    summary+=("ascreg-fuzz-$t: ${execs:-0} executions, coverage ${cov:-?}, corpus $corpus, findings $crashes")
  fi
  if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    status=1
    echo "fuzz: ascreg-fuzz-$t failed (exit $rc); last lines of $log:"
    tail -30 "$log"
    # The input itself, so that a CI log (whose corpus is deleted) reproduces
    # it: echo ... | base64 -d | gunzip > crash; $bin crash
    for f in $(ls "$work" | grep -E '^(crash|leak|timeout|oom)-' | head -3); do
      packed=$(gzip -9 -c "$work/$f" | base64 -w 0)
      if [ "${#packed}" -le 16384 ]; then
        echo "fuzz: $f ($(wc -c < "$work/$f") bytes), gzip | base64:"
        echo "$packed"
      else
        echo "fuzz: $f ($(wc -c < "$work/$f") bytes) is too large to print"
      fi
    done
  fi
done
printf 'fuzz: %s\n' "${summary[@]}"
exit $status
