#!/usr/bin/env bash
# ox88's PGN reading beside pgn-reader 0.29 + shakmaty 0.30 (../shared/tools/peers-pgn), in one interleaved run on the
# same files: COPIES concatenated copies of each real file of tests/data/pgn (30: ~60 MB in all). Both programs read a
# whole file into memory, then time the parse alone, and print `FILE games G moves M bytes B seconds S MB/s R`.
#
# usage: scripts/peers-pgn.sh [ROUNDS]     (default 5; which program goes first alternates by round)
# env:   PEERS_DIR=../shared/tools/peers-pgn  PEERS_TARGET=/tmp/peers-pgn-target  COPIES=30  MODES="tokens validate"
#        BASE=path/to/an/older/pgn/example (optional: timed too, as "ox88-base", to compare two versions of ox88)
# prints the raw lines, then per mode and file the median MB/s of each and ox88's ratio (median of ox88 / median of
# pgn-reader; above 1.0 is faster), and with BASE the ratio of ox88 to ox88-base.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-5}
# ../shared beside the repository (or beside the directory of worktrees holding it).
for d in ../shared/tools/peers-pgn ../../shared/tools/peers-pgn; do [[ -d $d ]] && PEERS_DIR=${PEERS_DIR:-$d}; done
PEERS_DIR=${PEERS_DIR:?set PEERS_DIR to the peers-pgn directory}
PEERS_TARGET=${PEERS_TARGET:-/tmp/peers-pgn-target}
COPIES=${COPIES:-30}
MODES=${MODES:-"tokens validate"}

OURS=$(scripts/cargo-executable --release --example pgn)
(cd "$PEERS_DIR" && CARGO_TARGET_DIR="$PEERS_TARGET" cargo build --release --quiet)
PEERS="$PEERS_TARGET/release/peers-pgn"

FILES=()
for f in tests/data/pgn/*.pgn; do
  big="/tmp/ox88-peers-$(basename "$f" .pgn)-x$COPIES.pgn"
  [[ -f "$big" ]] || for ((i = 0; i < COPIES; i++)); do cat "$f"; done >"$big"
  FILES+=("$big")
done

RAW=$(mktemp /tmp/ox88-peers-pgn.XXXXXX)
echo "# $(date -u +%FT%TZ)  $(nproc) cores  $(rustc --version)  commit $(git rev-parse --short HEAD)  raw: $RAW"
run() { # who mode -> raw lines: who mode file MB/s seconds
  local bin=$OURS
  [[ $1 == pgn-reader ]] && bin=$PEERS
  [[ $1 == ox88-base ]] && bin=$BASE
  "$bin" "$2" "${FILES[@]}" | awk -v who="$1" -v mode="$2" '{print who, mode, $1, $NF, $(NF-2)}'
}
for ((r = 1; r <= ROUNDS; r++)); do
  echo "# round $r/$ROUNDS  load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for mode in $MODES; do
    if ((r % 2)); then order="ox88 pgn-reader"; else order="pgn-reader ox88"; fi
    if [[ -n ${BASE:-} ]]; then
      case $((r % 3)) in 0) order="ox88 ox88-base pgn-reader" ;; 1) order="ox88-base pgn-reader ox88" ;; *) order="pgn-reader ox88 ox88-base" ;; esac
    fi
    for who in $order; do run "$who" "$mode" | tee -a "$RAW"; done
  done
done
echo
echo "# median MB/s over $ROUNDS rounds, and ox88 / pgn-reader"
awk '{k = $2 " " $3; n[$1, k]++; v[$1, k, n[$1, k]] = $4; keys[k] = 1}
     function med(who, k,   m, a, b, x, s) {
       m = n[who, k]
       for (a = 1; a <= m; a++) s[a] = v[who, k, a]
       for (a = 2; a <= m; a++) { x = s[a]; b = a - 1; while (b >= 1 && s[b] > x) { s[b + 1] = s[b]; b-- } s[b + 1] = x }
       return (m % 2) ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2 }
     END { printf "%-9s %-40s %10s %10s %7s %10s %9s\n", "mode", "file", "ox88", "pgn-reader", "ratio", "ox88-base", "ox88/base"
           for (k in keys) { split(k, f, " "); o = med("ox88", k); p = med("pgn-reader", k)
             b = n["ox88-base", k] ? med("ox88-base", k) : 0
             printf "%-9s %-40s %10.1f %10.1f %6.2fx", f[1], f[2], o, p, o / p
             if (b) printf " %10.1f %8.3fx", b, o / b
             printf "\n" } }' "$RAW" | sort
