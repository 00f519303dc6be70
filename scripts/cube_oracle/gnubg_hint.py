# GNU Backgammon's 2-ply cube hint for each whole ID (POSITION:MATCH) on standard input:
#   /usr/games/gnubg -t -q -p scripts/cube_oracle/gnubg_hint.py < ids.txt
# prints `H <id>\t<no double>\t<double, take>\t<double, pass>\t<proper cube action>`, the
# equities normalised as gnubg's `hint` prints them in a match.
import sys

import gnubg

ctx = {'cubeful': 1, 'plies': 2, 'deterministic': 1, 'prune': 1, 'noise': 0.0}
for line in sys.stdin:
    gid = line.strip()
    if not gid:
        continue
    gnubg.command('set gnubgid ' + gid)
    board = gnubg.board()
    ci = gnubg.cubeinfo()
    opt, nd, dt, dp, code, text = gnubg.cfevaluate(board, ci, ctx)
    print('H %s\t%.4f\t%.4f\t%.4f\t%s' % (gid, nd, dt, dp, text))
