#!/usr/bin/env python3
"""Compares `gamester hint` with GNU Backgammon's 2-ply cube analysis at every cube decision of
gnubg's own matches (the lines of cube_points.py), and draws 40 positions for a closer look.

    python3 scripts/cube_oracle/compare_hint.py points.tsv [GAMESTER] > report.txt

GAMESTER is the binary (target/release/gamester by default). Writes `drawn40.txt`, the whole
IDs of the 40 drawn positions, for gnubg_hint.py. Verdicts are compared three ways: the whole
action (gnubg's rule on each side's values), the doubling decision (double or not) and the
taking decision (take or pass). A decision is "live" when gnubg's no-double value, normalised
(2·(nd − dm)/(dp − dm) − 1), is at least 0.3: a side well enough ahead to think of the cube.
The 40 are eight live decisions of each match length, drawn with random.Random(44)."""
import collections
import random
import subprocess
import sys

points, binary = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else 'target/release/gamester')


def category(words):
    w = words.lower()
    if w.startswith('too good'):
        return 'too-good-pass' if w.endswith('pass') else 'too-good-take'
    if w.startswith('never'):
        return 'dead-cube'
    if w.startswith('no '):
        return 'no-double-take'
    return 'double-pass' if w.endswith('pass') else 'double-take'


def doubles(c):
    return c in ('double-take', 'double-pass')


def takes(c):
    return c in ('double-take', 'no-double-take', 'too-good-take', 'dead-cube')


def hint(gid):
    out = subprocess.run([binary, 'hint', '--position', gid], capture_output=True, text=True)
    lines = out.stdout.split('\n')
    if out.returncode != 0:
        return {'error': out.stderr.strip()}
    h = {'head': lines[0]}
    for line in lines[1:]:
        parts = line.split(' ')
        if parts[0] in ('no-double', 'double-take', 'double-pass'):
            h[parts[0]] = float(parts[1])
            if len(parts) > 2:
                h[parts[0] + '%'] = float(parts[2].rstrip('%')) / 100
        elif parts[0] == 'action':
            h['action'] = line[len('action '):]
        elif parts[0] == 'no-cube':
            h['no-cube'] = line
    return h


rows = []
with open(points) as f:
    header = f.readline().rstrip('\n').split('\t')
    for line in f:
        rows.append(dict(zip(header, line.rstrip('\n').split('\t'))))

tally = collections.defaultdict(collections.Counter)
crawford_doubles = 0
crawford_seen = 0
dis = []
for r in rows:
    h = hint(r['id'])
    r['hint'] = h
    if r['state'] == 'crawford':
        crawford_seen += 1
        if 'no-cube' not in h:
            crawford_doubles += 1
        continue
    if 'action' not in h:
        print('NO ACTION', r['id'], h)
        continue
    nd, dt, dp, dm = (float(r[k]) for k in ('nd', 'dt', 'dp', 'dm'))
    norm = lambda x: 2 * (x - dm) / (dp - dm) - 1 if dp - dm > 1e-9 else 0.0
    r['g_nd'], r['g_dt'] = norm(nd), norm(dt)
    r['live'] = r['g_nd'] >= 0.3
    g, m = r['gnubg'], category(h['action'])
    r['mine'] = m
    equal = r['away_roller'] == r['away_opp']
    for group in (['all', 'equal' if equal else 'unequal'] + (['live'] if r['live'] else [])
                  + ([('live-equal' if equal else 'live-unequal')] if r['live'] else [])
                  + (['post'] if r['state'] == 'post' else [])):
        t = tally[group]
        t['n'] += 1
        t['action'] += g == m or (m == 'dead-cube' and not doubles(g))
        t['double'] += doubles(g) == doubles(m)
        t['take'] += takes(g) == takes(m)
        t['gnubg doubles'] += doubles(g)
        t['gamester doubles'] += doubles(m)

print('cube decisions compared with gnubg 2-ply (stored analysis of its own matches)')
for group in ('all', 'equal', 'unequal', 'live', 'live-equal', 'live-unequal', 'post'):
    t = tally[group]
    if t['n']:
        print('%-13s n %5d  action %5.1f%%  double/no double %5.1f%%  take/pass %5.1f%%  '
              'gnubg doubles %d, gamester %d' % (
                  group, t['n'], 100 * t['action'] / t['n'], 100 * t['double'] / t['n'],
                  100 * t['take'] / t['n'], t['gnubg doubles'], t['gamester doubles']))
print('Crawford-game positions: %d, hint offered a cube decision at %d' % (
    crawford_seen, crawford_doubles))

print('\nlive decisions, gnubg 2-ply (rows) against gamester hint (columns)')
cats = ['no-double-take', 'double-take', 'double-pass', 'too-good-take', 'too-good-pass', 'dead-cube']
print('%-15s' % '' + ''.join('%15s' % c for c in cats))
for g in cats[:-1]:
    counts = collections.Counter(r['mine'] for r in rows if r.get('live') and r['gnubg'] == g)
    print('%-15s' % g + ''.join('%15d' % counts[c] for c in cats))

live = [r for r in rows if r.get('live')]
rng = random.Random(44)
drawn = []
for length in ('3', '5', '7', '9', '11'):
    pool = [r for r in live if r['file'].startswith('m%s_' % length)]
    drawn += rng.sample(pool, min(8, len(pool)))
with open('drawn40.txt', 'w') as f:
    for r in drawn:
        f.write(r['id'] + '\n')
agree = sum(r['gnubg'] == r['mine'] for r in drawn)
print('\n40 drawn live decisions: the same action %d of %d' % (agree, len(drawn)))
print('id | score (away: roller, opponent; state) | cube | gnubg ND DT (MWC ND DT DP) | '
      'Gamester ND DT (MWC) | gnubg | Gamester')
for r in drawn:
    h = r['hint']
    print('%s | %s-%s %s | %s %s | %+.3f %+.3f (%.1f%% %.1f%% %.1f%%) | %+.3f %+.3f (%.1f%% %.1f%%) | %s | %s%s' % (
        r['id'], r['away_roller'], r['away_opp'], r['state'], r['cube'], r['owner'],
        r['g_nd'], r['g_dt'], 100 * float(r['nd']), 100 * float(r['dt']), 100 * float(r['dp']),
        h['no-double'], h['double-take'], 100 * h.get('no-double%', 0), 100 * h.get('double-take%', 0),
        r['gnubg'], r['mine'], '' if r['gnubg'] == r['mine'] else '  <-- differs'))
print('\npost-Crawford decisions')
for r in rows:
    if r['state'] == 'post':
        h = r['hint']
        print('%s | %s-%s | cube %s %s | gnubg %+.3f %+.3f %s | Gamester %+.3f %+.3f %s' % (
            r['id'], r['away_roller'], r['away_opp'], r['cube'], r['owner'], r['g_nd'], r['g_dt'],
            r['gnubg'], h['no-double'], h['double-take'], h.get('action')))
