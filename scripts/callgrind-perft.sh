#!/usr/bin/env bash
# Instructions, branches and simulated branch mispredictions per leaf node of bulk perft (callgrind), for ox88's
# `perft` example and the crates.io peers (through peers-perft), on the six positions of scripts/peers-perft.sh,
# one ply shallower. Counts of executed instructions do not depend on the machine's load, unlike wall time.
#
# usage: scripts/callgrind-perft.sh [LIB...]     (default: ox88 cozy-chess shakmaty; needs valgrind)
# env:   PEERS_DIR=../shared/tools/peers-perft
set -euo pipefail
cd "$(dirname "$0")/.."
LIBS=("$@")
[[ ${#LIBS[@]} -gt 0 ]] || LIBS=(ox88 cozy-chess shakmaty)
PEERS_DIR=${PEERS_DIR:-../shared/tools/peers-perft}
PEERS_TARGET=${PEERS_TARGET:-target/peers-perft}

PERFT=$(scripts/cargo-executable --release --example perft)
if [[ " ${LIBS[*]} " != " ox88 " ]]; then
  (cd "$PEERS_DIR" && CARGO_TARGET_DIR="$OLDPWD/$PEERS_TARGET" cargo build --release --quiet)
fi
PEERS="$PEERS_TARGET/release/peers-perft"

# name depth leaves FEN
POSITIONS=(
  "startpos 5 4865609 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  "kiwipete 4 4085603 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
  "pos3 6 11030083 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
  "pos4 4 422333 r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  "pos5 4 2103487 rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
  "pos6 4 3894594 r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
)

OUT=$(mktemp -d /tmp/ox88-callgrind.XXXXXX)
echo "# $(date -u +%FT%TZ)  $(git rev-parse --short HEAD)  callgrind files: $OUT"
printf "%-10s %-9s %10s %9s %13s\n" lib position instr/leaf br/leaf mispred/leaf
for lib in "${LIBS[@]}"; do
  total_i=0 total_b=0 total_m=0 total_l=0
  for p in "${POSITIONS[@]}"; do
    read -r name depth leaves fen <<<"$p"
    if [[ $lib == ox88 ]]; then cmd=("$PERFT" --fen "$fen" --depth "$depth"); else
      cmd=("$PEERS" "$lib" bulk --positions "$name" --depth "$depth"); fi
    file="$OUT/$lib.$name"
    valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$file" "${cmd[@]}" >/dev/null 2>"$file.log"
    read -r ir bc bcm bi bim < <(sed -n 's/^summary: //p' "$file")
    awk -v l="$lib" -v n="$name" -v i="$ir" -v b=$((bc + bi)) -v m=$((bcm + bim)) -v x="$leaves" \
      'BEGIN { printf "%-10s %-9s %10.2f %9.2f %13.3f\n", l, n, i / x, b / x, m / x }'
    total_i=$((total_i + ir)) total_b=$((total_b + bc + bi)) total_m=$((total_m + bcm + bim))
    total_l=$((total_l + leaves))
  done
  awk -v l="$lib" -v i="$total_i" -v b="$total_b" -v m="$total_m" -v x="$total_l" \
    'BEGIN { printf "%-10s %-9s %10.2f %9.2f %13.3f\n", l, "all six", i / x, b / x, m / x }'
done
