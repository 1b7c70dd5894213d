#!/usr/bin/env bash
# ox88's parallel PGN reading beside pgn-reader 0.29 + shakmaty 0.30 (../shared/tools/peers-pgn, single-threaded) on
# one large file: COPIES copies of each real file of tests/data/pgn, alternating (520: ~1.04 GB), built once under
# BIG_DIR. In each round, in turn (the order rotating by round): ox88 on 1 thread (the plain reader), ox88 on THREADS
# threads (ParallelReader), pgn-reader; in each mode. Every program reads the whole file into memory, then times the
# parse alone. Prints the raw lines, the load before each round, then per mode the median MB/s of each and the ratios.
#
# usage: scripts/peers-pgn-parallel.sh [ROUNDS]     (default 5)
# env:   PEERS_DIR=../shared/tools/peers-pgn  PEERS_TARGET=/tmp/peers-pgn-target  BIG_DIR=~/ox88-data  COPIES=520
#        THREADS=2  MODES="tokens validate"
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
for d in ../shared/tools/peers-pgn ../../shared/tools/peers-pgn; do [[ -d $d ]] && PEERS_DIR=${PEERS_DIR:-$d}; done
PEERS_DIR=${PEERS_DIR:?set PEERS_DIR to the peers-pgn directory}
PEERS_TARGET=${PEERS_TARGET:-/tmp/peers-pgn-target}
BIG_DIR=${BIG_DIR:-$HOME/ox88-data}
COPIES=${COPIES:-520}
THREADS=${THREADS:-2}
MODES=${MODES:-"tokens validate"}

OURS=$(scripts/cargo-executable --release --example pgn)
(cd "$PEERS_DIR" && CARGO_TARGET_DIR="$PEERS_TARGET" cargo build --release --quiet)
PEERS="$PEERS_TARGET/release/peers-pgn"

mkdir -p "$BIG_DIR"
BIG="$BIG_DIR/pgn-x$COPIES.pgn"
if [[ ! -f $BIG ]]; then
  for ((i = 0; i < COPIES; i++)); do
    for f in tests/data/pgn/*.pgn; do cat "$f"; echo; done
  done >"$BIG.tmp"
  mv "$BIG.tmp" "$BIG"
fi

RAW=$(mktemp /tmp/ox88-peers-pgn-parallel.XXXXXX)
echo "# $(date -u +%FT%TZ)  $(nproc) cores  $(rustc --version)  commit $(git rev-parse --short HEAD)  file $BIG ($(stat -c %s "$BIG") bytes)  raw: $RAW"
run() { # who mode -> raw line: who mode MB/s seconds games moves
  local line
  case $1 in
    ox88-1) line=$("$OURS" --threads 1 "$2" "$BIG" | tail -1) ;;
    ox88-$THREADS) line=$("$OURS" --threads "$THREADS" "$2" "$BIG" | tail -1) ;;
    pgn-reader) line=$("$PEERS" "$2" "$BIG" | tail -1) ;;
  esac
  awk -v who="$1" -v mode="$2" '{print who, mode, $NF, $(NF-2), $3, $5}' <<<"$line"
}
WHO=("ox88-1" "ox88-$THREADS" "pgn-reader")
for ((r = 1; r <= ROUNDS; r++)); do
  echo "# round $r/$ROUNDS  load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for mode in $MODES; do
    for ((k = 0; k < 3; k++)); do
      run "${WHO[$(((r + k) % 3))]}" "$mode" | tee -a "$RAW"
    done
  done
done
echo
echo "# median MB/s over $ROUNDS rounds; ratios of medians"
awk -v t="ox88-$THREADS" '{k = $2; n[$1, k]++; v[$1, k, n[$1, k]] = $3; modes[k] = 1}
     function med(who, k,   m, a, b, x, s) {
       m = n[who, k]
       for (a = 1; a <= m; a++) s[a] = v[who, k, a]
       for (a = 2; a <= m; a++) { x = s[a]; b = a - 1; while (b >= 1 && s[b] > x) { s[b + 1] = s[b]; b-- } s[b + 1] = x }
       return (m % 2) ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2 }
     END { printf "%-9s %10s %10s %10s %12s %14s\n", "mode", "ox88-1", t, "pgn-reader", t " / ox88-1", t " / pgn-reader"
           for (k in modes) { a = med("ox88-1", k); b = med(t, k); p = med("pgn-reader", k)
             printf "%-9s %10.1f %10.1f %10.1f %11.2fx %13.2fx\n", k, a, b, p, b / a, b / p } }' "$RAW"
