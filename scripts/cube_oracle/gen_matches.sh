#!/bin/sh
# GNU Backgammon plays matches against itself (both sides gnubg 0-ply, the cube at 0-ply),
# then analyses each match's cube decisions at 2-ply, and saves it as OUT/m<LENGTH>_<SEED>.sgf.
# Usage: scripts/cube_oracle/gen_matches.sh OUT "3 5 7 9 11" FIRST_SEED LAST_SEED
set -eu
out=$1; lengths=$2; first=$3; last=$4
mkdir -p "$out"
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
