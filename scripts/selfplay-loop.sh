#!/usr/bin/env bash
# selfplay-loop.sh: one turn of the self-play loop (docs/training-data.md). When the data folder holds --every new
# training positions since the last turn, it trains two networks on all of it (fine-tuned from the embedded network,
# and from random weights), tests each against the embedded network by SPRT at 10,000 nodes, the first that passes
# again at 8+0.08, and embeds a network that passes both: a commit that says its bench signature.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/selfplay-loop.sh [options]

  --data DIR         the game chains (default data/selfplay of this repository)
  --every N          new training positions a turn needs (default 5000000)
  --state FILE       where the training positions of the last turn are kept (default DIR/last-turn: one line,
                     "positions N"; commit it with the data)
  --work DIR         the runs and match logs (default $OX88_DATA/loop or ~/ox88-data/loop)
  --train-bin FILE   the ox88-train binary (default: built from this checkout, release)
  --fine-epochs E    epochs of the fine-tuned network (default 3, lr 1e-4 -> 1e-6, from the embedded network)
  --scratch-epochs E epochs of the network from random weights (default 20, lr 1e-3 -> 1e-5)
  --srand S          the seed of the SPRTs' openings (default: the turn's position count)
  --dry-run          say what the turn would run, and run none of it (no training, no match, no commit)

Without enough new positions it says how many more the next turn needs and exits 0. The SPRTs are elo0 = 0,
elo1 = 10, alpha = beta = 0.05, with scripts/engine-match.sh (one thread, 16 MB, balanced openings, both
colours). A turn takes hours of CPU: run it where the cores are free, at normal priority, the generator beside it
at nice 19.
EOF
}

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
data_dir=$root/data/selfplay every=5000000 state="" work=${OX88_DATA:-$HOME/ox88-data}/loop train_bin=""
fine_epochs=3 scratch_epochs=20 srand="" dry_run=false
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --data) data_dir=$2; shift 2 ;;
        --every) every=$2; shift 2 ;;
        --state) state=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        --train-bin) train_bin=$2; shift 2 ;;
        --fine-epochs) fine_epochs=$2; shift 2 ;;
        --scratch-epochs) scratch_epochs=$2; shift 2 ;;
        --srand) srand=$2; shift 2 ;;
        --dry-run) dry_run=true; shift ;;
        *) echo "selfplay-loop.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
for number in "$every" "$fine_epochs" "$scratch_epochs"; do
    [[ $number =~ ^[0-9]+$ ]] || { echo "selfplay-loop.sh: $number is not a count (see --help)" >&2; exit 2; }
done
[ -d "$data_dir" ] || { echo "selfplay-loop.sh: $data_dir is not a directory" >&2; exit 2; }
state=${state:-$data_dir/last-turn}

# Runs a command, or says it in a dry run.
run() {
    if $dry_run; then
        echo "would run: $*"
    else
        echo "running: $*" >&2
        "$@"
    fi
}

if [ -z "$train_bin" ]; then
    cargo build --quiet --release --manifest-path "$root/Cargo.toml" -p ox88-train >&2
    train_bin=$root/target/release/ox88-train
fi
stats=$("$train_bin" datagen stats "$data_dir")
positions=$(sed -n 's/.* \([0-9][0-9]*\) training positions;.*/\1/p' <<<"$stats")
[ -n "$positions" ] || { echo "selfplay-loop.sh: $data_dir holds no game chains" >&2; exit 1; }
last=0
if [ -f "$state" ]; then
    last=$(sed -n 's/^positions \([0-9][0-9]*\)$/\1/p' "$state")
    [ -n "$last" ] || { echo "selfplay-loop.sh: $state is not a line \"positions N\"" >&2; exit 1; }
fi
new=$((positions - last))
if [ "$new" -lt "$every" ]; then
    echo "$data_dir: $positions training positions, $new new since the last turn: the next turn at $((last + every))"
    exit 0
fi
echo "$data_dir: $positions training positions, $new new since the last turn: a turn"
srand=${srand:-$positions}
turn=$work/turn-$positions
embedded=$root/crates/eval/nets/default.nnue
common=(--data "$data_dir" --mirror 0.5 --output-buckets 8 --threads "$(nproc)" --seed "$positions")
run mkdir -p "$turn"
run "$train_bin" train "${common[@]}" --init "$embedded" --epochs "$fine_epochs" --lr 0.0001 --lr-end 0.000001 \
    --out "$turn/fine"
run "$train_bin" train "${common[@]}" --epochs "$scratch_epochs" --out "$turn/scratch"

# An SPRT of network $1 against the embedded one at limit $2 (--nodes N or --tc T); true when H1 is accepted.
passes() {
    local log=$turn/sprt-$(basename "$(dirname "$1")")-${2#--}-$3.log
    run "$root/scripts/engine-match.sh" "$2" "$3" --sprt 0,10 --srand "$srand" --candidate-option "EvalFile=$1" \
        --log "$log" HEAD HEAD
    $dry_run || grep -q "H1 was accepted" "$log"
}

winner=""
for candidate in "$turn/fine/net.nnue" "$turn/scratch/net.nnue"; do
    if passes "$candidate" --nodes 10000 && passes "$candidate" --tc 8+0.08; then
        winner=$candidate
        $dry_run || break
    fi
done
if [ -z "$winner" ]; then
    echo "no network of this turn passed both SPRTs (logs in $turn); the embedded network stays"
    run sh -c "echo 'positions $positions' > '$state'"
    exit 0
fi
run cp "$winner" "$embedded"
run cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin ox88
bench="(the bench signature)"
$dry_run || bench=$("$root/target/release/ox88" bench 2>&1 | sed -n 's/^nodes \([0-9][0-9]*\)$/\1/p' | tail -1)
run sh -c "echo 'positions $positions' > '$state'"
run git -C "$root" commit -m "eval: the self-play loop's network of $positions positions embedded (SPRTs at 10,000 nodes and 8+0.08 passed, logs in $turn)

Bench: $bench" -- "$embedded" "$state"
