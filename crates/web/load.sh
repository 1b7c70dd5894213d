#!/usr/bin/env bash
# The friend games' load test: starts the page's server (release build, a
# fresh SQLite file) on loopback and plays GAMES simultaneous games of random
# legal moves against it (examples/load.rs), reporting moves/s, round trips,
# and the server's CPU and memory. With REVIEWS > 0 the server is ox88-server
# (the engine's routes too) and REVIEWS game reviews of REVIEW_PLIES random
# plies run during the games, each from an address of its own.
# SERVER=ox88-server runs the games against ox88-server with no review too,
# for runs with and without reviews against the same server.
# Usage: crates/web/load.sh [GAMES] [PLIES] [THINK_MS] [REVIEWS] [REVIEW_PLIES]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-500}
plies=${2:-80}
think=${3:-100}
reviews=${4:-0}
review_plies=${5:-60}
port=18090
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
load=$(scripts/cargo-executable --release -p ox88-web --example load)
dir=$(mktemp -d)
if [ "$reviews" -gt 0 ] || [ "${SERVER:-}" = ox88-server ]; then
  server=$(scripts/cargo-executable --release -p ox88-server --bin ox88-server)
  "$server" --port "$port" --games-db "$dir/games.sqlite" --max-open-games $((games * 2)) --trust-forwarded-for \
    --review-queue $((reviews + 16)) >"$dir/server.log" 2>&1 &
else
  server=$(scripts/cargo-executable --release -p ox88-web --example serve)
  "$server" --addr "127.0.0.1:$port" --db "$dir/games.sqlite" --max-open-games $((games * 2)) >"$dir/server.log" 2>&1 &
fi
pid=$!
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
for _ in $(seq 100); do
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "http://127.0.0.1:$port/" 2>/dev/null && break
  sleep 0.1
done
echo "commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
"$load" --addr "127.0.0.1:$port" --games "$games" --plies "$plies" --think-ms "$think" --pid "$pid" \
  --reviews "$reviews" --review-plies "$review_plies"
echo "database: $(du -h "$dir/games.sqlite" | cut -f1)"
