#!/usr/bin/env bash
# Runs cargo-fuzz targets to a fixed number of inputs each, one after another,
# and prints one summary line per target (for docs/fuzz.md):
#   TARGET runs N seconds S exec/s R date D commit C result ok|FAILED
#
#   scripts/fuzz-campaign.sh [RUNS] TARGET...      (default RUNS 10000000)
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`); the stable toolchain works with
# RUSTC_BOOTSTRAP=1. No sanitizer (-s none): the crates forbid unsafe code, and
# the build keeps debug assertions and overflow checks, so a panic is a crash.
# Logs go to fuzz/logs/TARGET.log; crashes to fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
runs=10000000
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then runs=$1; shift; fi
if [ $# -eq 0 ]; then echo "usage: $0 [RUNS] TARGET..." >&2; exit 2; fi
mkdir -p logs
commit=$(git rev-parse --short HEAD)
for target in "$@"; do
  mkdir -p "corpus/$target"
  dirs=("corpus/$target")
  [ -d "seeds/$target" ] && dirs+=("seeds/$target")
  start=$(date +%s)
  if RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$target" "${dirs[@]}" -- -runs="$runs" -print_final_stats=1 \
      > "logs/$target.log" 2>&1; then result=ok; else result=FAILED; fi
  seconds=$(( $(date +%s) - start ))
  done_runs=$(grep -oE 'Done [0-9]+ runs' "logs/$target.log" | grep -oE '[0-9]+' | tail -1 || true)
  done_runs=${done_runs:-$(grep -oE '^#[0-9]+' "logs/$target.log" | tail -1 | tr -d '#')}
  echo "$target runs ${done_runs:-?} seconds $seconds exec/s $(( ${done_runs:-0} / (seconds > 0 ? seconds : 1) )) date $(date -u +%Y-%m-%d) commit $commit result $result"
done
