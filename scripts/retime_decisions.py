#!/usr/bin/env python3
"""Times again, one after another, every decision the expert made in whole games against gnubg
(the `bot.jsonl` logs of `../shared/oracle/match/run_chunks.sh`), each `gamester best` a process
of its own as in the games, on a machine left otherwise idle:

    python3 scripts/retime_decisions.py GAMESTER CHUNK_DIR...

Prints the decisions' wall time and CPU time (user and system, over every core) at the median,
the 90th and 99th percentiles and at most, and how many took more than 0.1 s."""
import json
import os
import sys

from timing import report, run_timed

binary, dirs = sys.argv[1], sys.argv[2:]
asked = []
for d in dirs:
    for line in open(os.path.join(d, 'bot.jsonl')):
        r = json.loads(line)
        if 'pid' in r:
            asked.append((r['pid'], '%d,%d' % tuple(r['dice'])))
walls, cpus = run_timed([[binary, 'best', '--preset', 'modern', '--level', 'expert',
                          '--position', pid, '--dice', dice] for pid, dice in asked], check=True)
report('decisions', walls, cpus, asked)
