#!/usr/bin/env bash
# The friend games' load test: starts the page's server (release build, a
# fresh SQLite file) on loopback and plays GAMES simultaneous games of random
# legal moves against it (examples/load.rs), reporting moves/s, round trips,
# and the server's CPU and memory. Usage: crates/web/load.sh [GAMES] [PLIES] [THINK_MS]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-500}
plies=${2:-80}
think=${3:-100}
port=18090
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"
cargo build --quiet --release -p ox88-web --example serve --example load
dir=$(mktemp -d)
target/release/examples/serve --addr "127.0.0.1:$port" --db "$dir/games.sqlite" --max-open-games $((games * 2)) >"$dir/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$dir"' EXIT
sleep 0.5
echo "commit $(git rev-parse --short HEAD), $(nproc) cores"
target/release/examples/load --addr "127.0.0.1:$port" --games "$games" --plies "$plies" --think-ms "$think" --pid "$server"
echo "database: $(du -h "$dir/games.sqlite" | cut -f1)"
