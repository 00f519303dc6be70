#!/usr/bin/env python3
"""Resignations against playing on, over every position of a gnubg set:

    python3 scripts/cube_oracle/resign_check.py points.tsv [GAMESTER]

For each position of points.tsv (cube_points.py's lines, each ID once) it asks `gamester hint`
and counts its `resign` lines. A resignation of a single, a gammon or a backgammon is worth
−1, −2 or −3 in the hint's units (a single game at the cube's value is 1); it lists every one
offered where the `no-double` value printed, what playing on is worth, is above it: a
resignation worth less than playing on. The count should be 0."""
import concurrent.futures
import subprocess
import sys

points = sys.argv[1]
binary = sys.argv[2] if len(sys.argv) > 2 else 'target/release/gamester'
with open(points) as f:
    ids = sorted({line.split('\t')[4] for line in f if not line.startswith('file')})
KINDS = {'single': 1, 'gammon': 2, 'backgammon': 3}


def hint(pid):
    out = subprocess.run([binary, 'hint', '--position', pid], capture_output=True, text=True)
    lines = {}
    for line in out.stdout.split('\n'):
        parts = line.split(' ')
        if parts[0] in ('resign', 'no-double') and len(parts) > 1:
            lines[parts[0]] = parts[1]
    return pid, lines


counts, below, n = {}, [], 0
with concurrent.futures.ThreadPoolExecutor(2) as ex:
    for pid, lines in ex.map(hint, ids):
        if 'resign' not in lines:
            continue
        n += 1
        kind = lines['resign']
        counts[kind] = counts.get(kind, 0) + 1
        if kind in KINDS and 'no-double' in lines:
            played_on = float(lines['no-double'])
            if played_on > -KINDS[kind] + 1e-9:
                below.append((pid, kind, played_on))
print('positions', len(ids), 'with a resign line', n, counts)
print('resignations worth less than playing on as printed:', len(below))
for b in below:
    print('  %s resign %s, playing on %+.3f' % b)
