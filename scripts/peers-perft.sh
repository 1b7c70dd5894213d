#!/usr/bin/env bash
# ox88's perft beside the crates.io move generators (shakmaty, cozy-chess, chess), measured in one interleaved run
# on the six positions of the chess programming wiki's "Perft Results" page, single-threaded, no hashing.
#
# usage: scripts/peers-perft.sh [ROUNDS]     (default 3; prints raw lines, then the median table)
# env:   PEERS_DIR=../shared/tools/peers-perft   LIBS="ox88 shakmaty cozy-chess chess"   MODES="bulk full"
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
PEERS_DIR=${PEERS_DIR:-../shared/tools/peers-perft}
LIBS=${LIBS:-"ox88 shakmaty cozy-chess chess"}
MODES=${MODES:-"bulk full"}
PEERS_TARGET=${PEERS_TARGET:-target/peers-perft}

PERFT=$(scripts/cargo-executable --release --example perft)   # wherever CARGO_TARGET_DIR puts it
(cd "$PEERS_DIR" && CARGO_TARGET_DIR="$OLDPWD/$PEERS_TARGET" cargo build --release --quiet)
PEERS="$PEERS_TARGET/release/peers-perft"

POSITIONS=(
  "startpos 6 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "kiwipete 5 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "pos3 7 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "pos4 5 r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "pos5 5 rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "pos6 5 r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

ox88_run() { # mode -> raw lines in peers-perft's format: lib mode position depth nodes s Mnps cpu_s cpuMnps
  local mode=$1 flag="" total_nodes=0 total_wall=0 total_cpu=0
  [[ "$mode" == full ]] && flag="--full"
  for p in "${POSITIONS[@]}"; do
    read -r name depth fen <<<"$p"
    out=$( { /usr/bin/time -f "TIME %e %U %S" "$PERFT" --fen "$fen" --depth "$depth" $flag; } 2>&1 )
    nodes=$(echo "$out" | sed -n 1p)
    read -r _ wall user sys <<<"$(echo "$out" | grep '^TIME')"
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN{print u+s}')
    awk -v n="$name" -v m="$mode" -v d="$depth" -v nodes="$nodes" -v w="$wall" -v c="$cpu" \
      'BEGIN{printf "%-10s %-4s %-8s %-5s %10d %8.3f %8.2f %8.3f %8.2f\n","ox88",m,n,d,nodes,w,nodes/w/1e6,c,nodes/(c>0?c:1e-9)/1e6}'
    total_nodes=$((total_nodes + nodes))
    total_wall=$(awk -v a="$total_wall" -v b="$wall" 'BEGIN{print a+b}')
    total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN{print a+b}')
  done
  awk -v m="$mode" -v nodes="$total_nodes" -v w="$total_wall" -v c="$total_cpu" \
    'BEGIN{printf "%-10s %-4s %-8s %-5s %10d %8.3f %8.2f %8.3f %8.2f\n","ox88",m,"total","-",nodes,w,nodes/w/1e6,c,nodes/c/1e6}'
}

RAW=$(mktemp /tmp/ox88-peers.XXXXXX)
echo "# $(date -u +%FT%TZ)  $(nproc) cores  $(rustc --version)  raw lines: $RAW"
for ((r = 1; r <= ROUNDS; r++)); do
  echo "# round $r/$ROUNDS  load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for lib in $LIBS; do
    for mode in $MODES; do
      if [[ "$lib" == ox88 ]]; then ox88_run "$mode"; else "$PEERS" "$lib" "$mode"; fi | tee -a "$RAW"
    done
  done
done
echo
echo "# median Mnps over $ROUNDS interleaved rounds"
"$PEERS_DIR/run.sh" --summarize "$RAW" | tee "$RAW.summary"
echo
echo "# ratios of ox88 to each peer: median over the rounds of total Mnps (wall | CPU)"
awk '$3 == "total" { k = $1 " " $2; n[k]++; w[k, n[k]] = $7; c[k, n[k]] = $9 }
     function med(arr, key, m,   a, b, x, v) {
       for (a = 1; a <= m; a++) v[a] = arr[key, a]
       for (a = 2; a <= m; a++) { x = v[a]; b = a - 1; while (b >= 1 && v[b] > x) { v[b + 1] = v[b]; b-- } v[b + 1] = x }
       return (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }
     END { for (k in n) { split(k, f, " "); o = "ox88 " f[2]; if (f[1] != "ox88" && (o in n))
             printf "ox88 / %-10s %-4s  %.2fx | %.2fx\n", f[1], f[2], med(w, o, n[o]) / med(w, k, n[k]), med(c, o, n[o]) / med(c, k, n[k]) } }' \
  "$RAW" | sort
