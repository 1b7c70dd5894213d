#!/usr/bin/env bash
# engine-match.sh: one engine against another with the project's runner, as docs/search.md and docs/strength.md
# measure them, rebuilding whatever a new machine lacks (the engines at their commits, ox88-match, the openings).
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/engine-match.sh [options] CANDIDATE BASE

CANDIDATE and BASE are commits of this repository (each built once into $DATA/bin/ox88-<commit>) or paths to
ox88 binaries. Both colours of random balanced ECO openings ($DATA/eco400.epd, made by balanced_openings.py
when missing), 16 MB, one thread, the adjudication of docs/search.md.

  --nodes N          a fixed N nodes a move (default 20000; load-independent)
  --tc T             a time control instead, e.g. 10+0.1 (the issue 36 measure: 200 ms time margin, and
                     resignation needs both engines' scores, as docs/strength.md's "Reproduce")
  --sprt E0,E1       an SPRT of elo0 E0 against elo1 E1 (alpha = beta = 0.05); without it, --games games
  --prior P          the pentanomial counts P0,P1,P2,P3,P4 of earlier runs of the same SPRT, to resume it
  --games N          games when there is no SPRT (default 1000; an even number: each opening twice)
  --start K          with --games: sequential openings from the K-th (1-based), to continue a measure in parts
  --from K           with --games and the random openings: from the K-th opening of their shuffled order (1-based;
                     the same --srand), to continue a measure of random openings that stopped after K-1 of them
  --srand S          the seed of the random openings (default 1)
  --option K=V       a UCI option for both engines (repeatable), e.g. Hash=64
  --candidate-option K=V  a UCI option for CANDIDATE alone (repeatable), e.g. EvalFile=/path/net.nnue: with it,
                     CANDIDATE and BASE may be the same binary (a network against the embedded one)
  --concurrency N    games at once (default 1)
  --log FILE         the runner's output (default $DATA/logs/match-<candidate>-<base>-<srand>.log)

DATA is $OX88_DATA or ~/ox88-data. Prints the log's path; the runner goes on in the foreground.
EOF
}

data=${OX88_DATA:-$HOME/ox88-data}
limit=(nodes=20000) resign=(movecount=3 score=1000) sprt="" prior="" games=1000 start="" from=1 srand=1 options=() concurrency=1 log=""
candidate_options=()
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --nodes) limit=("nodes=$2"); shift 2 ;;
        --tc) limit=("tc=$2" timemargin=200); resign+=(twosided=true); shift 2 ;;
        --sprt) sprt=$2; shift 2 ;;
        --prior) prior=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        --start) start=$2; shift 2 ;;
        --from) from=$2; shift 2 ;;
        --srand) srand=$2; shift 2 ;;
        --option) options+=("option.$2"); shift 2 ;;
        --candidate-option) candidate_options+=("option.$2"); shift 2 ;;
        --concurrency) concurrency=$2; shift 2 ;;
        --log) log=$2; shift 2 ;;
        -*) echo "engine-match.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -eq 2 ] || { echo "engine-match.sh: need CANDIDATE and BASE (see --help)" >&2; exit 2; }
if [ -n "$prior" ] && [ -z "$sprt" ]; then
    echo "engine-match.sh: --prior resumes an SPRT: give --sprt too" >&2
    exit 2
fi
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
mkdir -p "$data/bin" "$data/logs"

# An ox88 binary for a commit or a path, built in a scratch checkout so that the work tree is left alone.
engine() {
    if [ -x "$1" ]; then
        realpath "$1"
        return
    fi
    local commit
    commit=$(git -C "$root" rev-parse --short=7 "$1^{commit}" 2>/dev/null) || { echo "engine-match.sh: $1 is neither a binary nor a commit" >&2; exit 2; }
    local out="$data/bin/ox88-$commit"
    if [ ! -x "$out" ]; then
        local src="$data/build/$commit"
        rm -rf "$src" && mkdir -p "$src"
        # --touch: the files get the time of extraction, not the commit's. With the commit's times, an older
        # commit built after a newer one in the shared target directory looked up to date to cargo, and its
        # "build" was the newer commit's binary.
        git -C "$root" archive "$commit" | tar -x --touch -C "$src"
        echo "building ox88 at $commit" >&2
        CARGO_TARGET_DIR="$data/build/target" cargo build --quiet --release --manifest-path "$src/Cargo.toml" --bin ox88 >&2
        cp "$data/build/target/release/ox88" "$out"
        rm -rf "$src"
    fi
    echo "$out"
}

candidate=$(engine "$1")
base=$(engine "$2")
if [ ${#candidate_options[@]} -eq 0 ] && cmp -s "$candidate" "$base"; then
    # Options go to both engines alike, so two identical binaries can only play themselves.
    echo "engine-match.sh: $1 and $2 are the same binary ($candidate, $base)" >&2
    exit 2
fi
runner="$data/bin/ox88-match-$(git -C "$root" rev-parse --short=7 HEAD)"
if [ ! -x "$runner" ]; then
    echo "building ox88-match" >&2
    CARGO_TARGET_DIR="$root/target" cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p ox88-match >&2
    cp "$root/target/release/ox88-match" "$runner"
fi
openings="$data/eco400.epd"
# Written beside and moved into place, so that a run stopped half-way never leaves a short file that looks made.
if [ ! -s "$openings" ]; then
    python3 "$root/scripts/balanced_openings.py" "$openings.$$" >&2
    mv "$openings.$$" "$openings"
fi

args=(-engine "cmd=$candidate" name=candidate "${candidate_options[@]}" -engine "cmd=$base" name=base
    -each "${limit[@]}" option.Hash=16 option.Threads=1 "${options[@]}" -concurrency "$concurrency"
    -resign "${resign[@]}" -draw movenumber=40 movecount=10 score=5 -ratinginterval 50 -repeat)
if [ -n "$sprt" ]; then
    args+=(-openings "file=$openings" format=epd order=random -srand "$srand" -rounds 20000
        -sprt "elo0=${sprt%,*}" "elo1=${sprt#*,}" alpha=0.05 beta=0.05)
    [ -z "$prior" ] || args+=("prior=$prior")
elif [ -n "$start" ]; then
    args+=(-openings "file=$openings" format=epd order=sequential "start=$start" -rounds $((games / 2)))
else
    args+=(-openings "file=$openings" format=epd order=random "start=$from" -srand "$srand" -rounds $((games / 2)))
fi
log=${log:-$data/logs/match-$(basename "$candidate")-$(basename "$base")-$srand.log}
echo "$log"
"$runner" "${args[@]}" > "$log" 2>&1
