#!/usr/bin/env python3
"""Times again, one after another, every decision the expert made in whole games against gnubg
(the `bot.jsonl` logs of `../shared/oracle/match/run_chunks.sh`), each `gamester best` a process
of its own as in the games, on a machine left otherwise idle:

    python3 scripts/retime_decisions.py GAMESTER CHUNK_DIR...

Prints the decisions' wall time and CPU time (user and system, over every core) at the median,
the 90th and 99th percentiles and at most, and how many took more than 0.1 s."""
import glob
import json
import os
import resource
import subprocess
import sys
import time

binary, dirs = sys.argv[1], sys.argv[2:]
asked = []
for d in dirs:
    for line in open(os.path.join(d, 'bot.jsonl')):
        r = json.loads(line)
        if 'pid' in r:
            asked.append((r['pid'], '%d,%d' % tuple(r['dice'])))
walls, cpus, slowest = [], [], []
for pid, dice in asked:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([binary, 'best', '--preset', 'modern', '--level', 'expert',
                    '--position', pid, '--dice', dice], capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    walls.append(wall)
    cpus.append(cpu)
    slowest.append((wall, cpu, pid, dice))


def at(values, q):
    values = sorted(values)
    return values[int(q * (len(values) - 1))]


print('decisions %d' % len(asked))
for name, v in (('wall', walls), ('cpu', cpus)):
    print('%s median %.3f p90 %.3f p99 %.3f max %.3f over 0.1 s %d'
          % (name, at(v, .5), at(v, .9), at(v, .99), max(v), sum(x > 0.1 for x in v)))
for s in sorted(slowest, reverse=True)[:5]:
    print('slowest wall %.3f cpu %.3f %s %s' % s)
