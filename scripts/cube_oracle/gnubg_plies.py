# For each decision line of points.tsv (stdin), gnubg's cube action by cfevaluate at 0 and 1 ply.
#   /usr/games/gnubg -t -q -p gnubg_plies.py < points.tsv | grep '^P '
import sys
import gnubg
ctxs = [{'cubeful': 1, 'plies': n, 'deterministic': 1, 'prune': 1, 'noise': 0.0} for n in (0, 1)]
first = True
for line in sys.stdin:
    f = line.rstrip('\n').split('\t')
    if first:
        first = False
        continue
    if len(f) < 15 or f[10] == '-':
        continue
    gid = f[4]
    gnubg.command('set gnubgid ' + gid)
    board = gnubg.board()
    ci = gnubg.cubeinfo()
    out = [gid]
    for c in ctxs:
        opt, nd, dt, dp, code, text = gnubg.cfevaluate(board, ci, c)
        out += ['%.4f' % nd, '%.4f' % dt, text]
    print('P ' + '\t'.join(out))
