# Every cube decision of GNU Backgammon's own matches, with gnubg's 2-ply analysis of it.
# Run inside gnubg:  SGF_DIR=/tmp/sgf /usr/games/gnubg -t -q -p scripts/cube_oracle/cube_points.py > points.tsv
# One tab-separated line a decision (the header names the columns): the match file, the game
# (from 1), the turn (plays made before it, plus 1), the side on roll (gnubg's X is Gamester's
# Black, O White, as `gamester import` reads them), GNU Backgammon's whole ID of the decision
# (Position ID from the side on roll, Match ID), the state of the match (pre, crawford, post),
# the points each side still needs (on roll first), the cube and its owner (centred, roller,
# opponent), the stored 2-ply cubeful chances of winning the match for no double and double-take,
# the pass's chance and that of losing the cube's value (dm, for gnubg's normalised equity
# 2·(x − dm)/(dp − dm) − 1), gnubg's verdict by its own rule, and what the player did (double or
# no-double, then take or drop).
import glob
import os
import sys

import gnubg


def verdict(nd, dt, dp):
    # gnubg's FindBestCubeDecision, in the doubler's chances.
    if dt >= nd and dp >= nd:
        return 'double-pass' if dt >= dp else 'double-take'
    if nd > dp:
        return 'too-good-pass' if dt > dp else 'too-good-take'
    return 'no-double-take'


out = sys.stdout
out.write('\t'.join(['file', 'game', 'turn', 'roller', 'id', 'state', 'away_roller', 'away_opp',
                     'cube', 'owner', 'nd', 'dt', 'dp', 'dm', 'gnubg', 'done', 'answer']) + '\n')
for path in sorted(glob.glob(os.path.join(os.environ.get('SGF_DIR', '.'), '*.sgf'))):
    gnubg.command('load match ' + path)
    m = gnubg.match(1, 1, 1, 0)
    length = m['match-info']['match-length']
    for gi, g in enumerate(m['games']):
        info = g['info']
        score = {'X': info['score-X'], 'O': info['score-O']}
        crawford_game = bool(info.get('crawford', False))
        cube, owner = 1, None
        turn = 1
        pending = None  # a double waiting for its answer: (row, who doubled)
        for a in g['game']:
            who = a['player']
            act = a['action']
            other = 'O' if who == 'X' else 'X'
            if act in ('move', 'double'):
                if pending is None and act == 'move' and owner not in (None, who):
                    turn += 1
                    continue
                an = a.get('analysis') or {}
                doubled = act == 'double'
                may = (not crawford_game) and (owner is None or owner == who)
                if crawford_game and act == 'move' and 'board' in a:
                    p0 = 0 if who == 'X' else 1
                    ci = gnubg.cubeinfo(1, -1, p0, length, (score['X'], score['O']), 1, 0)
                    mid = gnubg.matchid(ci, gnubg.posinfo(p0, 0, 0, 1, (0, 0)))
                    away = (length - score[who], length - score[other])
                    out.write('\t'.join(map(str, [os.path.basename(path), gi + 1, turn, who,
                                                   a['board'] + ':' + mid, 'crawford', away[0],
                                                   away[1], 1, 'centred', '-', '-', '-', '-',
                                                   'unavailable', 'no-double', '-'])) + '\n')
                if may and 'nd-cubeful-eq' in an and 'board' in a:
                    p0 = 0 if who == 'X' else 1
                    sc = (score['X'], score['O'])
                    ci = gnubg.cubeinfo(cube, -1 if owner is None else (0 if owner == 'X' else 1),
                                        p0, length, sc, 0, 0)
                    pi = gnubg.posinfo(p0, 0, 0, 1, (0, 0))
                    mid = gnubg.matchid(ci, pi)
                    nd, dt = an['nd-cubeful-eq'], an['dt-cubeful-eq']
                    dp = gnubg.eq2mwc(1.0, ci)
                    dm = gnubg.eq2mwc(-1.0, ci)
                    away = (length - score[who], length - score[other])
                    state = 'crawford' if crawford_game else (
                        'post' if 1 in away else 'pre')
                    row = [os.path.basename(path), gi + 1, turn, who, a['board'] + ':' + mid,
                           state, away[0], away[1], cube,
                           'centred' if owner is None else ('roller' if owner == who else 'opponent'),
                           '%.4f' % nd, '%.4f' % dt, '%.4f' % dp, '%.4f' % dm, verdict(nd, dt, dp),
                           'double' if doubled else 'no-double', '-']
                    if doubled:
                        pending = row
                    else:
                        out.write('\t'.join(map(str, row)) + '\n')
                if act == 'move':
                    turn += 1
            elif act in ('take', 'drop'):
                if pending is not None:
                    pending[-1] = act
                    out.write('\t'.join(map(str, pending)) + '\n')
                    pending = None
                if act == 'take':
                    cube *= 2
                    owner = who
