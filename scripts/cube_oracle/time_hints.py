#!/usr/bin/env python3
"""Times the cube's decisions: `gamester hint` (the computer's double, take and resignation, the
same function at the expert level) at every live decision of a gnubg set, one after another,
each a process of its own, on a machine left otherwise idle:

    python3 scripts/cube_oracle/time_hints.py points.tsv [GAMESTER] [--all]

Live as in live_agreement.py (gnubg's normalised value of not doubling at least 0.3); with
--all, every position of the set. Prints the wall time and the CPU time (user and system, over
every core) at the median, the 90th and 99th percentiles and at most, how many took more than
0.1 s, and the slowest five."""
import resource
import subprocess
import sys
import time

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
walls, cpus, slowest = [], [], []
for pid in ids:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary, 'hint', '--position', pid], capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    walls.append(wall)
    cpus.append(cpu)
    slowest.append((wall, cpu, pid))


def at(values, q):
    values = sorted(values)
    return values[int(q * (len(values) - 1))]


print('hints %d' % len(ids))
for name, v in (('wall', walls), ('cpu', cpus)):
    print('%s median %.3f p90 %.3f p99 %.3f max %.3f over 0.1 s %d'
          % (name, at(v, .5), at(v, .9), at(v, .99), max(v), sum(x > 0.1 for x in v)))
for s in sorted(slowest, reverse=True)[:5]:
    print('slowest wall %.3f cpu %.3f %s' % s)
