#!/bin/sh
# GNU Backgammon plays matches against itself (both sides gnubg 0-ply, the cube at 0-ply),
# then analyses each match's cube decisions at 2-ply, and saves it as OUT/m<LENGTH>_<SEED>.sgf.
# With NOISE (say 0.04), gnubg's player 1 plays its moves and its cube with that much noise, so
# that there are errors to judge (the test sets of docs/computer.md).
# Usage: scripts/cube_oracle/gen_matches.sh OUT "3 5 7 9 11" FIRST_SEED LAST_SEED [NOISE]
set -eu
out=$1; lengths=$2; first=$3; last=$4; noise=${5:-}
mkdir -p "$out"
if [ -n "$noise" ]; then
  noisy="set player 1 chequerplay evaluation noise $noise
set player 1 chequerplay evaluation deterministic off
set player 1 cubedecision evaluation noise $noise
set player 1 cubedecision evaluation deterministic off"
else
  noisy=""
fi
for len in $lengths; do
  seed=$first
  while [ "$seed" -le "$last" ]; do
    f="$out/m${len}_${seed}.sgf"
    if [ ! -s "$f" ]; then
      /usr/games/gnubg -t -q > "$out/m${len}_${seed}.log" 2>&1 <<GNUBG
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
$noisy
set analysis chequerplay evaluation plies 0
set analysis cubedecision evaluation plies 2
set automatic game on
set seed $((seed * 100 + len))
new match $len
analyse match
save match $f
GNUBG
      rm -f "$out/m${len}_${seed}.log"
    fi
    seed=$((seed + 1))
  done
done
