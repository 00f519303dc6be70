#!/bin/sh
# As gen_matches.sh, with one side (gnubg's player 1) playing with noise on its plays and its
# cube (NOISE, 0.04 by default), so that there are errors to judge, as an independent test set:
# Usage: scripts/cube_oracle/gen_noisy.sh OUT "3 5 7 9 11" FIRST_SEED LAST_SEED [NOISE]
set -eu
out=$1; lengths=$2; first=$3; last=$4; noise=${5:-0.04}
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
set player 1 chequerplay evaluation noise $noise
set player 1 chequerplay evaluation deterministic off
set player 1 cubedecision evaluation noise $noise
set player 1 cubedecision evaluation deterministic off
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
