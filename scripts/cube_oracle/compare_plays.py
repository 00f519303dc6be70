#!/usr/bin/env python3
"""Puts `gamester analyse`'s checker-play verdicts beside GNU Backgammon 2-ply's on gnubg's own
matches (move_errors.py writes gnubg's):

    python3 scripts/cube_oracle/compare_plays.py SGF_DIR GNUBG_TSV_DIR GAMESTER OUT_DIR

Each game of each match is imported (`gamester import --game N`) and analysed once into
OUT_DIR/<match>_g<N>.txt (kept: run again with the same OUT_DIR to recount). A play is
compared when both programs saw a choice in it; gnubg's X is Gamester's Black. Printed: the
plays compared, the mean absolute difference of the two equity losses, and the plays gnubg
calls bad (a loss of 0.08 or more) that Gamester flags too (0.08 or more), and the plays gnubg
calls fine (below 0.04) that Gamester calls bad."""
import collections
import os
import re
import subprocess
import sys

sgf_dir, gnubg_dir, binary, out_dir = sys.argv[1:5]
os.makedirs(out_dir, exist_ok=True)
LINE = re.compile(r'^turn (\d+) (White|Black) (\d-\d) played .* loss (\S+) (\S+)$')
side = {'X': 'Black', 'O': 'White'}
n = 0
diff = 0.0
signed = 0.0
bad = flagged = fine = false_bad = 0
by_size = collections.Counter()
missing = 0
for name in sorted(os.listdir(gnubg_dir)):
    if not name.endswith('.tsv'):
        continue
    match = name[:-4]
    rows = collections.defaultdict(list)
    with open(os.path.join(gnubg_dir, name)) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 5:
                rows[int(parts[0])].append((int(parts[1]), side[parts[2]], parts[3],
                                            float(parts[4])))
    for game, plays in sorted(rows.items()):
        report = os.path.join(out_dir, '%s_g%d.txt' % (match, game))
        if not os.path.exists(report):
            ron = os.path.join(out_dir, 'tmp.ron')
            r = subprocess.run([binary, 'import', os.path.join(sgf_dir, match + '.sgf'),
                                '--game', str(game), '--out', ron], capture_output=True)
            if r.returncode != 0:
                missing += len(plays)
                continue
            r = subprocess.run([binary, 'analyse', ron], capture_output=True, text=True)
            with open(report + '.part', 'w') as f:
                f.write(r.stdout)
            os.rename(report + '.part', report)
        mine = {}
        with open(report) as f:
            for line in f:
                m = LINE.match(line.strip())
                if m:
                    mine[(int(m.group(1)), m.group(2))] = (m.group(3), float(m.group(4)))
        for turn, who, dice, loss in plays:
            got = mine.get((turn, who))
            a, b = sorted(dice.split('-'), reverse=True), None
            if got is None or sorted(got[0].split('-'), reverse=True) != a:
                missing += 1
                continue
            g = got[1]
            n += 1
            diff += abs(g - loss)
            signed += g - loss
            if loss >= 0.08:
                bad += 1
                flagged += g >= 0.08
            if loss < 0.04:
                fine += 1
                false_bad += g >= 0.08
print('plays compared %d (not found in gamester\'s analysis: %d)' % (n, missing))
if n:
    print('mean |gamester loss - gnubg 2-ply loss| %.4f (gamester minus gnubg %+.4f)'
          % (diff / n, signed / n))
    print('gnubg bad (>= 0.08) %d, of them flagged bad by gamester %d' % (bad, flagged))
    print('gnubg fine (< 0.04) %d, of them flagged bad by gamester %d' % (fine, false_bad))
