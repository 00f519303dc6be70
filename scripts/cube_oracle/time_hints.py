#!/usr/bin/env python3
"""Times the cube's decisions: `gamester hint` (the computer's double, take and resignation, the
same function at the expert level) at every live decision of a gnubg set, one after another,
each a process of its own, on a machine left otherwise idle:

    python3 scripts/cube_oracle/time_hints.py points.tsv [GAMESTER] [--all]

Live as in live_agreement.py (gnubg's normalised value of not doubling at least 0.3); with
--all, every position of the set. Prints the wall time and the CPU time (user and system, over
every core) at the median, the 90th and 99th percentiles and at most, how many took more than
0.1 s, and the slowest five."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from timing import report, run_timed  # noqa: E402

args = [a for a in sys.argv[1:] if not a.startswith('--')]
points, binary = args[0], (args[1] if len(args) > 1 else 'target/release/gamester')
every = '--all' in sys.argv
ids = []
with open(points) as f:
    head = f.readline().rstrip('\n').split('\t')
    for line in f:
        r = dict(zip(head, line.rstrip('\n').split('\t')))
        if not every:
            if r['nd'] == '-':
                continue
            nd, dp, dm = float(r['nd']), float(r['dp']), float(r['dm'])
            if dp - dm < 1e-9 or 2 * (nd - dm) / (dp - dm) - 1 < 0.3:
                continue
        if r['id'] not in ids:
            ids.append(r['id'])
walls, cpus = run_timed([[binary, 'hint', '--position', pid] for pid in ids])
report('hints', walls, cpus, [(pid,) for pid in ids])
