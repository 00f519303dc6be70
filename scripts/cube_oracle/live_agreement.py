#!/usr/bin/env python3
"""The cube hint against GNU Backgammon's 2-ply analysis, on the lines of cube_points.py:

    python3 scripts/cube_oracle/live_agreement.py points.tsv [GAMESTER] [--all] [--marked]

For every decision whose gnubg value of not doubling, normalised (2·(nd − dm)/(dp − dm) − 1),
is at least 0.3 (a *live* decision; every decision with --all) it asks `gamester hint` and
prints how often its action, its double / no double and its take / pass are gnubg's, the kinds
of misses, the mean difference of the two values from gnubg's (normalised), and how many of
gnubg's right choices `analyse` would mark doubtful, bad or very bad (its loss against
Gamester's own best choice, by `analyse`'s marks: 0.04, 0.08, 0.16 of the cube; the hint's
two-throw values, before the deeper look `analyse` gives a choice it would mark bad, which
compare_analyse.py counts on `analyse`'s own verdicts): the double
or no double gnubg says is right, and the take or pass. Positions are also split by kind:
contact, race, and both sides bearing off."""
import collections
import concurrent.futures
import subprocess
import sys

args = [a for a in sys.argv[1:] if not a.startswith('--')]
points, binary = args[0], (args[1] if len(args) > 1 else 'target/release/gamester')
every = '--all' in sys.argv
# --marked: also list each of gnubg's right choices marked bad or very bad, with both values.
listed = '--marked' in sys.argv
marked = []


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


def decode(pid):
    import base64
    bits = []
    for byte in base64.b64decode(pid + '=='):
        bits += [(byte >> i) & 1 for i in range(8)]
    boards, p, pt = [[0] * 25, [0] * 25], 0, 0
    for bit in bits:
        if p > 1:
            break
        if bit:
            boards[p][pt] += 1
        else:
            pt += 1
            if pt == 25:
                p, pt = p + 1, 0
    return boards


def kind(pid):
    a, b = decode(pid)
    back = lambda s: max([i for i in range(25) if s[i]] + [-1])
    if back(a) + back(b) + 2 > 25:
        return 'contact'
    if all(a[i] == 0 for i in range(6, 25)) and all(b[i] == 0 for i in range(6, 25)):
        return 'bear-off'
    return 'race'


def hint(row):
    out = subprocess.run([binary, 'hint', '--position', row['id']], capture_output=True, text=True)
    h = {}
    for line in out.stdout.split('\n'):
        parts = line.split(' ')
        if parts[0] in ('no-double', 'double-take'):
            h[parts[0]] = float(parts[1])
        elif parts[0] == 'action':
            h['action'] = line[len('action '):]
    return row, h


rows = []
with open(points) as f:
    head = f.readline().rstrip('\n').split('\t')
    for line in f:
        r = dict(zip(head, line.rstrip('\n').split('\t')))
        if r['nd'] == '-':
            continue
        nd, dt, dp, dm = (float(r[k]) for k in ('nd', 'dt', 'dp', 'dm'))
        if dp - dm < 1e-9:
            continue
        norm = lambda x: 2 * (x - dm) / (dp - dm) - 1
        r['g_nd'], r['g_dt'] = norm(nd), norm(dt)
        if every or r['g_nd'] >= 0.3:
            rows.append(r)

stats = collections.defaultdict(lambda: collections.Counter())
sums = collections.defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
misses = collections.Counter()
marks = collections.Counter()
with concurrent.futures.ThreadPoolExecutor(2) as ex:
    for r, h in ex.map(hint, rows):
        if 'action' not in h:
            continue
        g, c = r['gnubg'], category(h['action'])
        for k in ('all', kind(r['id'].split(':')[0])):
            s = stats[k]
            s['n'] += 1
            s['action'] += c == g
            s['double'] += doubles(c) == doubles(g)
            s['take'] += takes(c) == takes(g)
            d = sums[k]
            d[0] += h['no-double'] - r['g_nd']
            d[1] += h['double-take'] - r['g_dt']
            d[2] += abs(h['no-double'] - r['g_nd'])
            d[3] += abs(h['double-take'] - r['g_dt'])
        if c != g:
            misses[(g, c)] += 1
        # What analyse would say of gnubg's right choices, by Gamester's own values.
        nd, dt = h['no-double'], h['double-take']
        best = max(nd, min(dt, 1.0))
        chosen = min(dt, 1.0) if doubles(g) else nd
        taker = -dt if takes(g) else -1.0
        for what, loss in (('double', best - chosen), ('take', max(-dt, -1.0) - taker)):
            for name, least in (('doubtful', 0.04), ('bad', 0.08), ('very bad', 0.16)):
                if loss >= least - 1e-9:
                    marks[(what, name)] += 1
            if loss >= 0.08 - 1e-9:
                marked.append('%s %s loses %.3f: gnubg %s nd %.3f dt %.3f; Gamester %s nd %.3f dt %.3f' % (
                    r['id'], what, loss, g, r['g_nd'], r['g_dt'], c, nd, dt))
print('live decisions' if not every else 'all decisions', 'of', points)
for k in sorted(stats, key=lambda k: -stats[k]['n']):
    s, d, n = stats[k], sums[k], stats[k]['n']
    print('%-8s n %4d  action %5.1f%%  double %5.1f%%  take %5.1f%%  | mean diff no double %+.3f, double-take %+.3f; '
          'mean |diff| %.3f, %.3f' % (k, n, 100 * s['action'] / n, 100 * s['double'] / n,
                                      100 * s['take'] / n, d[0] / n, d[1] / n, d[2] / n, d[3] / n))
print("gnubg's right choices that analyse would mark: " + ', '.join(
    '%s %s %d' % (w, m, marks[(w, m)]) for w in ('double', 'take') for m in ('doubtful', 'bad', 'very bad')))
print('misses (gnubg -> Gamester):')
for (g, c), n in misses.most_common():
    print('  %-15s -> %-15s %d' % (g, c, n))
if listed:
    print('right choices marked bad:')
    for m in marked:
        print('  ' + m)
