#!/bin/sh
# GNU Backgammon's own play, for fitting the network (see examples/fit_eval.rs): gnubg plays
# GAMES money games against itself at 0-ply with seed SEED and chequer-play noise NOISE (0 for
# none), and the positions before each move are written to OUT as "<id> <die> <die>".
# With LENGTHS=3,5,7 (say) in the environment it plays GAMES matches of those lengths in turn;
# with NOISE_SIDES=0 (or 1) only that player has the noise (see gnubg_selfplay.py).
# Seeds 1-10, 701-708 and 901-999 are the measurement sets': use 5001 and up for training.
# Usage: [LENGTHS=…] [NOISE_SIDES=…] scripts/gnubg_selfplay.sh OUT SEED GAMES [NOISE]
set -eu
out=$1 seed=$2 games=$3 noise=${4:-0}
SEED=$seed GAMES=$games NOISE=$noise /usr/games/gnubg -t -q \
    -p "$(dirname "$0")/../crates/train/examples/gnubg_selfplay.py" 2>/dev/null |
    grep -E '^[A-Za-z0-9+/]{14} [1-6] [1-6]$' >"$out"
