# xgid_examples.py -- run inside GNU Backgammon 1.07:
#     /usr/games/gnubg -t -q -r -p scripts/gnubg_xgids.py
#
# Produces xgids.txt (kept as tests/data/xgids.txt), one line per state:
#     POSID MATCHID XGID
#
# gnubg 1.07 can READ an XGID (`set xgid ...`, `set gnubgid ...`) but has no
# command that WRITES one.  So:
#   * POSID and MATCHID are gnubg's own (gnubg.positionid(), gnubg.matchid())
#     for states reached by playing real games (0-ply moves, random dice);
#   * the XGID is computed by xgid_from_ids() below, a pure function of the two
#     gnubg IDs (plus, for money play only, the Jacoby/beaver settings, which the
#     IDs do not fully carry);
#   * every XGID is then fed back to gnubg's own XGID parser (`set xgid`), and
#     the Position ID / Match ID gnubg derives from it must equal the originals
#     (for a pending double, gnubg's parser "steps back to the offering of the
#     cube", so it must equal the Match ID from just before the double).
# A second, independent check rebuilds the XGID from gnubg.board() and
# gnubg.cubeinfo()/posinfo() after `set gnubgid POSID:MATCHID`.


OUT = 'xgids.txt'
LOG = 'xgids.log'
B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'


# ---------------------------------------------------------------- decoders --

def b64_bytes(s, nbytes):
    bits = 0
    for ch in s:
        bits = (bits << 6) | B64.index(ch)
    nbits = 6 * len(s)
    out = []
    for i in range(nbytes):
        shift = nbits - 8 * (i + 1)
        out.append((bits >> shift) & 0xFF if shift >= 0 else (bits << -shift) & 0xFF)
    return out


def decode_posid(posid):
    """14-char Position ID -> (board_a, board_b), each a list of 25 counts,
    index 0..23 = that player's own 1..24 point, index 24 = his bar.
    board_a is encoded first (the player NOT on roll), board_b second (the
    player on roll, i.e. matchid's 'move' player)."""
    key = b64_bytes(posid, 10)
    boards = [[0] * 25, [0] * 25]
    i = j = 0
    for byte in key:
        for k in range(8):
            if (byte >> k) & 1:
                boards[i][j] += 1
            else:
                j += 1
                if j == 25:
                    i += 1
                    j = 0
                    if i == 2:
                        return boards
    return boards


def bits(key, pos, n):
    v = 0
    for i in range(n):
        b = pos + i
        if (key[b // 8] >> (b % 8)) & 1:
            v |= 1 << i
    return v


def decode_matchid(mid):
    key = b64_bytes(mid, 9)
    owner = bits(key, 4, 2)
    return {
        'cube': 1 << bits(key, 0, 4),
        'owner': {0: 0, 1: 1}.get(owner, -1),      # 3 (binary 11) = centred
        'move': bits(key, 6, 1),                   # player on roll / who doubled
        'crawford': bits(key, 7, 1),
        'gamestate': bits(key, 8, 3),
        'turn': bits(key, 11, 1),                  # player who must act now
        'doubled': bits(key, 12, 1),
        'resigned': bits(key, 13, 2),
        'dice': (bits(key, 15, 3), bits(key, 18, 3)),
        'matchto': bits(key, 21, 15),
        'score': (bits(key, 36, 15), bits(key, 51, 15)),
        'jacoby': 1 - bits(key, 66, 1),
    }


# ------------------------------------------------------------ XGID encoder --

def xg_char(n, upper):
    if n == 0:
        return '-'
    return chr((ord('A') if upper else ord('a')) + n - 1)


def xgid_from_boards(top, bottom, cube, owner, move, doubled, dice,
                     score, matchto, crawford, jacoby=0, beavers=0, maxcube=10):
    """top = gnubg player 0, bottom = gnubg player 1 (each: 25 counts from its
    own side, index 24 = bar).  owner: -1 centred, 0 or 1.  move: player on
    roll (the doubler when doubled).  score = (player0, player1)."""
    pos = [''] * 26
    pos[0] = xg_char(top[24], False)          # top player's bar
    pos[25] = xg_char(bottom[24], True)       # bottom player's bar
    for i in range(1, 25):                    # i = bottom player's point i
        b, t = bottom[i - 1], top[24 - i]     # top's point 25-i
        if b and t:
            raise ValueError('both players on one point')
        pos[i] = xg_char(b, True) if b else xg_char(t, False)
    cube_log = cube.bit_length() - 1
    cube_pos = {-1: 0, 1: 1, 0: -1}[owner]
    turn = 1 if move == 1 else -1
    if doubled:
        d = 'D'
    elif dice[0] and dice[1]:
        d = '%d%d' % (dice[0], dice[1])
    else:
        d = '00'
    if matchto:
        rules = 1 if crawford else 0
    else:
        rules = (1 if jacoby else 0) + (2 if beavers else 0)
    return 'XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d' % (
        ''.join(pos), cube_log, cube_pos, turn, d,
        score[1], score[0], rules, matchto, maxcube)


def xgid_from_ids(posid, matchid, beavers=0):
    a, b = decode_posid(posid)
    m = decode_matchid(matchid)
    if m['move'] == 1:
        bottom, top = b, a
    else:
        bottom, top = a, b
    return xgid_from_boards(top, bottom, m['cube'], m['owner'], m['move'],
                            m['doubled'], m['dice'], m['score'], m['matchto'],
                            m['crawford'], m['jacoby'], beavers)


def xgid_from_api(beavers=0):
    """Independent route: gnubg.board() is (player not on roll, player on roll)."""
    brd = gnubg.board()
    ci = gnubg.cubeinfo()
    pi = gnubg.posinfo()
    move = ci['move']
    opp, onroll = list(brd[0]), list(brd[1])
    bottom, top = (onroll, opp) if move == 1 else (opp, onroll)
    return xgid_from_boards(top, bottom, ci['cube'], ci['cubeowner'], move,
                            pi['doubled'], pi['dice'], ci['score'],
                            ci['matchto'], ci['crawford'], ci['jacoby'], beavers)


# --------------------------------------------------------------- playing --

log = open(LOG, 'w')


def say(*a):
    log.write(' '.join(str(x) for x in a) + '\n')
    log.flush()


def cmd(c):
    say('>', c)
    gnubg.command(c)


def playing():
    return gnubg.posinfo()['gamestate'] == 1


def half_move():
    """Roll if needed, then play gnubg's best (0-ply) move for the roller."""
    if not playing():
        return False
    pi = gnubg.posinfo()
    if pi['doubled']:
        cmd('take')
        return True
    if pi['dice'] == (0, 0):
        cmd('roll')
        if not playing():
            return False
        pi = gnubg.posinfo()
        if pi['dice'] == (0, 0):      # no legal move: gnubg already passed
            return True
    best = gnubg.findbestmove()
    if best:
        cmd('move ' + gnubg.movetupletostring(best, gnubg.board()))
    return True


def advance(n):
    for _ in range(n):
        if not half_move():
            return False
    return True


records = []


def record(note, beavers=0, pre_double_mid=None):
    posid, matchid = gnubg.positionid(), gnubg.matchid()
    if 'rolled' in note and gnubg.posinfo()['dice'] == (0, 0):
        note += ' [the roll had no legal move, so the turn passed: opponent to roll]'
    x1 = xgid_from_ids(posid, matchid, beavers)
    x2 = xgid_from_api(beavers)
    say('record', note, posid, matchid, x1, x2)
    if x1 != x2:
        raise SystemExit('decoder mismatch: %s vs %s' % (x1, x2))
    records.append((posid, matchid, x1, note, pre_double_mid))


cmd('set confirm new off')
cmd('set confirm default no')      # never swap players in `set xgid`
cmd('set display off')
cmd('set player 0 human')
cmd('set player 1 human')
cmd('set automatic roll off')
cmd('set automatic game off')
cmd('set rng mersenne')
cmd('set evaluation chequerplay eval plies 0')
cmd('set evaluation cubedecision eval plies 0')

# (match length, score p0, score p1, crawford game?, seed, plies, action)
#   action: 'rolled'  -> record after rolling the dice
#           'noroll'  -> record before rolling
#           'double'  -> player on roll doubles; record the pending double
#           'take'    -> double + take, then record (cube owned) before/after roll
scenarios = [
    (5, 0, 0, False, 101, 1, 'rolled'),
    (5, 0, 0, False, 102, 4, 'noroll'),
    (7, 2, 4, False, 103, 7, 'rolled'),
    (7, 4, 2, False, 104, 10, 'double'),
    (7, 3, 3, False, 105, 9, 'take'),
    (9, 8, 5, True, 106, 6, 'rolled'),     # Crawford game, player 0 leads 8-5
    (9, 5, 8, True, 107, 11, 'noroll'),    # Crawford game, player 1 leads
    (9, 8, 6, False, 108, 5, 'double'),    # post-Crawford
    (11, 10, 10, False, 109, 14, 'rolled'),  # DMP, post-Crawford
    (3, 0, 1, False, 110, 3, 'take'),
    (3, 1, 0, False, 111, 20, 'rolled'),
    (5, 2, 1, False, 112, 25, 'noroll'),
    (5, 3, 1, False, 113, 30, 'take'),
    (7, 0, 6, True, 114, 16, 'rolled'),
    (7, 6, 0, False, 115, 12, 'double'),   # `set score 6 0` makes this the Crawford game: double refused
    (15, 7, 9, False, 116, 40, 'rolled'),
    (0, 0, 0, False, 117, 6, 'rolled'),    # money, Jacoby on
    (0, 0, 0, False, 118, 9, 'double'),    # money
    (0, 0, 0, False, 119, 13, 'take'),     # money
    (0, 0, 0, False, 120, 2, 'noroll'),    # money, Jacoby off
    (5, 0, 0, False, 121, 0, 'rolled'),    # opening roll of a match
    (25, 11, 17, False, 122, 35, 'rolled'),
]

for (length, s0, s1, crawford, seed, plies, action) in scenarios:
    cmd('set seed %d' % seed)
    if length:
        cmd('set jacoby off')
        cmd('new match %d' % length)
        if s0 or s1:
            cmd('set score %d %d' % (s0, s1))
        if crawford:
            cmd('set crawford on')
    else:
        jac, beav = {117: (1, 1), 118: (1, 1), 119: (0, 1), 120: (0, 0)}[seed]
        cmd('set jacoby %s' % ('on' if jac else 'off'))
        cmd('set beavers %d' % (3 if beav else 0))
        cmd('new session')
    beavers = 0 if length else beav
    ok = advance(plies)
    if not ok:
        say('game ended early in scenario', seed)
        continue
    note = 'len=%d score=%d-%d%s plies=%d %s' % (
        length, s0, s1, ' crawford' if crawford else '', plies, action)
    pi = gnubg.posinfo()
    if action == 'rolled':
        if pi['dice'] == (0, 0):
            cmd('roll')
            if not playing():
                continue
        record(note, beavers)
    elif action == 'noroll':
        if pi['dice'] != (0, 0):
            advance(1)                     # finish this move; opponent to roll
        record(note, beavers)
    elif action in ('double', 'take'):
        if pi['dice'] != (0, 0):
            advance(1)
        before = gnubg.matchid()
        cmd('double')
        if not gnubg.posinfo()['doubled']:
            say('double not allowed in scenario', seed, '- recording as noroll')
            record(note + ' (double refused)', beavers)
            continue
        if action == 'double':
            record(note, beavers, pre_double_mid=before)
        else:
            cmd('take')
            record(note + ' (taken; doubler to roll)', beavers)
            cmd('roll')
            if playing():
                record(note + ' (taken; doubler rolled)', beavers)

# ------------------------------------------------------------ verification --
# Feed each XGID to gnubg's own parser and compare the IDs it derives.
bad = 0
for (posid, matchid, xgid, note, pre) in records:
    cmd('new match 1')
    cmd('set xgid %s' % xgid)
    p2, m2 = gnubg.positionid(), gnubg.matchid()
    want_m = pre if pre else matchid
    status = 'OK' if (p2 == posid and m2 == want_m) else 'MISMATCH'
    if status != 'OK':
        bad += 1
    say('verify', status, xgid, 'gnubg->', p2, m2, 'expected', posid, want_m)

with open(OUT, 'w') as f:
    for (posid, matchid, xgid, note, pre) in records:
        f.write('%s %s %s\n' % (posid, matchid, xgid))
with open(OUT.replace('.txt', '_notes.txt'), 'w') as f:
    f.write('# line  POSID MATCHID XGID  | scenario (len=match length, 0 = money; score = player0-player1 '
            'as set before play; plies = half-moves played) | round-trip through gnubg `set xgid`\n')
    for n, (posid, matchid, xgid, note, pre) in enumerate(records, 1):
        f.write('%2d  %s %s %s  | %s | %s\n' % (n, posid, matchid, xgid, note,
                'OK (pending double: gnubg steps back to %s)' % pre if pre else 'OK'))
say('records', len(records), 'mismatches', bad)
log.close()
