#!/bin/sh
# Imports every game of gnubg's matches into Gamester and analyses it, one report a game:
#   scripts/cube_oracle/run_analyse.sh SGF_DIR OUT GAMESTER
# OUT/<match>_g<N>.txt holds `gamester analyse`'s lines for game N of <match>.sgf (named
# m<LENGTH>_<SEED>.sgf). The matches are taken in turn across their lengths (the first seed of
# each length, then the next…), so a run stopped early still covers every length. Games already
# analysed are skipped.
set -u
sgf=$1; out=$2; g=$3
mkdir -p "$out"
seeds=$(ls "$sgf" | sed -n 's/^m[0-9]*_\([0-9]*\)\.sgf$/\1/p' | sort -nu)
for seed in $seeds; do
  for len in 3 5 7 9 11; do
    f="$sgf/m${len}_${seed}.sgf"
    [ -s "$f" ] || continue
    n=1
    while :; do
      r="$out/m${len}_${seed}_g$n.txt"
      if [ ! -s "$r" ]; then
        if ! "$g" import "$f" --game "$n" --out "$out/tmp.ron" > "$out/tmp.log" 2>&1; then
          break
        fi
        "$g" analyse "$out/tmp.ron" > "$r.part" 2>&1 && mv "$r.part" "$r"
      fi
      n=$((n + 1))
    done
  done
done
