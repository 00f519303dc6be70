#!/bin/sh
# gnubg's 0-ply chances for the position IDs in $1, written to $2 (see examples/fit_eval.rs).
# gnubg waits between evaluations more than it works, so the IDs are split among $3 (default
# 12) gnubg processes at once.
set -eu
in=$1 out=$2 jobs=${3:-12}
dir=$(mktemp -d)
split -n "l/$jobs" "$in" "$dir/part."
for f in "$dir"/part.*; do
    /usr/games/gnubg -t -q -r -p "$(dirname "$0")/../crates/train/examples/gnubg_probs.py" <"$f" >"$f.out" 2>/dev/null &
done
wait
cat "$dir"/part.*.out | grep -E '^[A-Za-z0-9+/]{14} ' >"$out"
rm -r "$dir"
