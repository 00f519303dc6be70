#!/usr/bin/env python3
"""Remakes tests/data/gnubg_judged.txt: GNU Backgammon's 2-ply judgement of plays from seeded
games of modern backgammon, which crates/core/tests/core/analysis_gnubg.rs compares the analysis with (issue 12).

Usage, from the project root (about 6 minutes on two cores):
    python3 scripts/gnubg_judged.py [GAMES SEED EVERY] > tests/data/gnubg_judged.txt

1. `cargo run --release -p gamester-train --example gnubg_queries -- GAMES SEED EVERY` picks the plays (see that
   example for how).
2. /work/shared/oracle/gnubg_eval.py judges each with FULL2=1: every legal play at 2-ply,
   cubeless money equity for the mover (gammons count, no cube, no Jacoby).
3. Each answer is joined to its query. gnubg finds the play by the board it leaves, so the move
   texts need not agree; where gnubg writes the play otherwise than Gamester it is told on
   stderr (e.g. 4-4 played 13/9/5/1 and 13/9: gnubg `13/1 13/9`, Gamester `13/9 13/1`; two men
   6/2 hitting: gnubg `6/2*(2)`, Gamester `6/2* 6/2`).

Needs /usr/games/gnubg and the oracle scripts (ORACLE, default /work/shared/oracle). The cargo
target directory is CARGO_TARGET_DIR if set.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.environ.get("ORACLE", "/work/shared/oracle")
GNUBG = "/usr/games/gnubg"


def main():
    games, seed, every = (sys.argv[1:4] + ["40", "1", "5"][len(sys.argv[1:4]):])
    queries = subprocess.run(
        ["cargo", "run", "--quiet", "--release", "-p", "gamester-train", "--example", "gnubg_queries", "--",
         games, seed, every],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout.splitlines()
    rows = [q.split("\t") for q in queries]
    env = dict(os.environ, ORACLE_DIR=ORACLE, FULL2="1")
    out = subprocess.run(
        [GNUBG, "-t", "-q", "-r", "-p", "gnubg_eval.py"], cwd=ORACLE, env=env, check=True,
        input="".join(r[0] + "\n" for r in rows), capture_output=True, text=True).stdout
    answers = {}
    for line in out.splitlines():
        if line.startswith("E "):
            t = line.split()
            answers[int(t[1])] = line
    version = subprocess.run([GNUBG, "--version"], capture_output=True,
                             text=True).stdout.splitlines()[0]
    print(f"""# GNU Backgammon's 2-ply judgement of plays from seeded games of modern backgammon (issue 12).
# Made by {version} with /work/shared/oracle/gnubg_eval.py, FULL2=1: every legal play
# evaluated at 2-ply, cubeless money equity for the mover (gammons count, no cube, no Jacoby).
# Remake: python3 scripts/gnubg_judged.py {games} {seed} {every} > tests/data/gnubg_judged.txt
# (plays chosen by `cargo run --release -p gamester-train --example gnubg_queries -- {games} {seed} {every}`).
# Line: J <position id before> <d1>-<d2> <position id after the play> <legal plays> <loss 2-ply>
#       <loss 0-ply> <random|fair|near: how the play was chosen> <move text> | <gnubg's best at 2-ply>
# Ids are gnubg's, both seen from the side that moves. Losses are gnubg's, against its best play.""")
    for qno, (query, after, text, source) in enumerate(rows):
        e = answers.get(qno)
        if e is None or " ILLEGAL " in e:
            sys.exit(f"gnubg did not judge query {qno}: {query} ({e})")
        t = e.split()
        nplays, loss0, loss2 = t[2], t[4], t[6]
        best, chosen = e.split(None, 7)[7].split(" | ")
        chosen = chosen.rsplit("(", 1)[0].strip()
        if chosen != text:
            print(f"query {qno}: gnubg writes the play {chosen!r}, Gamester {text!r}",
                  file=sys.stderr)
        q = query.split()
        print(f"J {q[0]} {q[1]}-{q[2]} {after} {nplays} {loss2} {loss0} {source} {text} | {best}")


if __name__ == "__main__":
    main()
