#!/usr/bin/env python3
"""Compares `gamester analyse`'s cube verdicts on gnubg's own matches (run_analyse.sh) with gnubg
2-ply's analysis of the same decisions (cube_points.py):

    python3 scripts/cube_oracle/compare_analyse.py points.tsv ANALYSES_DIR

A doubling decision is every turn at which the side on roll might have doubled: `analyse` lists
it when the player doubled, or did not where it would have; a turn it does not list is its "no
double". A taking decision is every double answered. gnubg's X is Gamester's Black and O White
(as `gamester import` reads an .sgf). Only games that were analysed are counted. Also checked:
no double is ever asked for in a Crawford game, and no post-Crawford double (the trailer's free
double) is marked bad or very bad. With a third argument, the gamester binary, each doubling
decision is also put to `gamester hint` at the decision's own gnubg ID (score and cube from the
Match ID): the analysis, replaying the game from its own score, must give the same verdict.
Last, every choice a player made that gnubg 2-ply finds right (a double or no double, a take
or a drop) and `analyse` marks bad or very bad is listed: the issue's "no correct drop, take or
redouble is marked bad", counted on the verdicts `analyse` itself prints."""
import collections
import os
import re
import subprocess
import sys

points, adir = sys.argv[1], sys.argv[2]
binary = sys.argv[3] if len(sys.argv) > 3 else None
hint_same = hint_differ = 0
LINE = re.compile(r'^turn (\d+) (White|Black) cube (\S+) best (\S+) loss (\S+) (\S+)$')
analysed = {}
for name in os.listdir(adir):
    m = re.match(r'^(m\d+_\d+)_g(\d+)\.txt$', name)
    if not m:
        continue
    cube = {}
    with open(os.path.join(adir, name)) as f:
        for line in f:
            c = LINE.match(line.strip())
            if c:
                cube[(int(c.group(1)), c.group(2), c.group(3) in ('take', 'drop'))] = (
                    c.group(3), c.group(4), float(c.group(5)), c.group(6))
    analysed[(m.group(1) + '.sgf', int(m.group(2)))] = cube

colour = {'X': 'Black', 'O': 'White'}
other = {'X': 'White', 'O': 'Black'}
t = collections.defaultdict(collections.Counter)
crawford_asked = []
free = []
dis = []
right_made = collections.Counter()
right_marked = []
games = set()
with open(points) as f:
    header = f.readline().rstrip('\n').split('\t')
    rows = [dict(zip(header, l.rstrip('\n').split('\t'))) for l in f]
for r in rows:
    key = (r['file'], int(r['game']))
    if key not in analysed:
        continue
    games.add(key)
    cube = analysed[key]
    turn = int(r['turn'])
    if r['state'] == 'crawford':
        line = cube.get((turn, colour[r['roller']], False))
        if line and line[1] == 'double':
            crawford_asked.append((r, line))
        continue
    line = cube.get((turn, colour[r['roller']], False))
    # Analyse's best, or the choice made where that loses nothing (double and no double worth
    # the same, as when a double is certain to be passed and the game is won anyway).
    mine = (line[0] if line[2] == 0.0 else line[1]) if line else 'no-double'
    g = r['gnubg']
    gd = g in ('double-take', 'double-pass')
    equal = 'equal' if r['away_roller'] == r['away_opp'] else 'unequal'
    groups = ['all', equal] + (['post'] if r['state'] == 'post' else [])
    for group in groups:
        t[group]['double n'] += 1
        t[group]['double agree'] += gd == (mine == 'double')
    if gd != (mine == 'double'):
        dis.append(('double', r, mine, line))
    if r['done'] in ('double', 'no-double') and gd == (r['done'] == 'double'):
        right_made['double' if gd else 'no double'] += 1
        if line and line[0] == r['done'] and line[3] in ('bad', 'very-bad'):
            right_marked.append((r, line))
    if binary:
        out = subprocess.run([binary, 'hint', '--position', r['id']], capture_output=True,
                             text=True).stdout
        action = [l for l in out.split('\n') if l.startswith('action ')]
        hd = bool(action) and re.match(r'action (Re)?[dD]ouble', action[0]) is not None
        if hd == (mine == 'double'):
            hint_same += 1
        else:
            hint_differ += 1
            print('hint and analyse differ: %s g%s t%s %s analyse %s, hint %s' % (
                r['file'], r['game'], r['turn'], r['id'], mine, action))
    if r['state'] == 'post' and r['done'] == 'double':
        free.append((r, line))
    if r['answer'] in ('take', 'drop'):
        ans = cube.get((turn, other[r['roller']], True))
        if ans:
            gt = g in ('double-take', 'no-double-take', 'too-good-take')
            for group in groups:
                t[group]['take n'] += 1
                t[group]['take agree'] += gt == (ans[1] == 'take')
            if gt != (ans[1] == 'take'):
                dis.append(('take', r, ans[1], ans))
            if gt == (r['answer'] == 'take'):
                right_made[r['answer']] += 1
                if ans[0] == r['answer'] and ans[3] in ('bad', 'very-bad'):
                    right_marked.append((r, ans))

print('games analysed: %d' % len(games))
for group in ('all', 'equal', 'unequal', 'post'):
    c = t[group]
    if c['double n']:
        print('%-8s doubling decisions %4d, the same verdict as gnubg 2-ply %5.1f%%; '
              'takes and passes %3d, the same %5.1f%%' % (
                  group, c['double n'], 100 * c['double agree'] / c['double n'], c['take n'],
                  100 * c['take agree'] / max(1, c['take n'])))
print('doubles asked for in a Crawford game: %d' % len(crawford_asked))
if binary:
    print('analyse and gamester hint at the same decisions: the same %d, differ %d' % (
        hint_same, hint_differ))
marks = collections.Counter(l[3] if l else 'not listed' for _, l in free)
print('post-Crawford doubles made: %d, marked %s, largest loss %.4f' % (
    len(free), dict(marks), max([l[2] for _, l in free if l] or [0.0])))
print("right choices made (gnubg 2-ply's): %s; marked bad or very bad by analyse: %d" % (
    dict(right_made), len(right_marked)))
for r, line in right_marked:
    print('  %s g%s t%s %s %s-%s cube %s: %s marked %s, loss %.4f (gnubg %s)' % (
        r['file'], r['game'], r['turn'], r['id'], r['away_roller'], r['away_opp'], r['cube'],
        line[0], line[3], line[2], r['gnubg']))
print('\ndisagreements: kind, match, game, turn, away (roller-opponent), cube; gnubg 2-ply no double, '
      'double/take (normalised; chances ND/DT/DP); gamester (hint at the same ID) no double, '
      'double/take; gnubg verdict -> gamester analyse\'s best')
for kind, r, mine, line in dis:
    nd, dt, dp, dm = (float(r[k]) for k in ('nd', 'dt', 'dp', 'dm'))
    norm = lambda x: 2 * (x - dm) / (dp - dm) - 1 if dp - dm > 1e-9 else 0.0
    ours = ''
    if binary:
        out = subprocess.run([binary, 'hint', '--position', r['id']], capture_output=True,
                             text=True).stdout.split('\n')
        vals = {l.split(' ')[0]: l.split(' ')[1] for l in out[1:4] if ' ' in l}
        ours = '%s %s' % (vals.get('no-double'), vals.get('double-take'))
    print('%s %s g%s t%s %s-%s cube %s %s | %+.3f %+.3f (%.1f%% %.1f%% %.1f%%) | %s | %s -> %s' % (
        kind, r['file'], r['game'], r['turn'], r['away_roller'], r['away_opp'], r['cube'],
        r['owner'], norm(nd), norm(dt), 100 * nd, 100 * dt, 100 * dp, ours, r['gnubg'], mine))
