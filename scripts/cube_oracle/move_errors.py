# GNU Backgammon's 2-ply verdict on every checker play of its own matches, for
# compare_plays.py to put beside `gamester analyse`'s.
# Run inside gnubg:  SGF_DIR=DIR OUT=DIR /usr/games/gnubg -t -q -p scripts/cube_oracle/move_errors.py
# For each DIR/<match>.sgf not done yet, writes OUT/<match>.tsv: one line a play with a choice,
# the game (from 1), the turn (the plays of the game both sides made so far, from 1), the side (gnubg's X
# is Gamester's Black), the dice, and gnubg's equity loss of the play made (cubeful, normalised
# as gnubg shows it), 0 when it is gnubg's best.
import glob
import os

import gnubg

C = gnubg.command
for c in ('set threads 1', 'set display off', 'set analysis chequerplay evaluation plies 2',
          'set analysis cubedecision evaluation plies 0', 'set analysis luck off',
          'set analysis cube off'):
    C(c)
out_dir = os.environ['OUT']
for path in sorted(glob.glob(os.path.join(os.environ['SGF_DIR'], '*.sgf'))):
    name = os.path.basename(path)[:-4]
    out = os.path.join(out_dir, name + '.tsv')
    if os.path.exists(out):
        continue
    C('load match ' + path)
    C('analyse match')
    m = gnubg.match(analysis=1, boards=1, statistics=0, verbose=0)
    rows = []
    for gi, g in enumerate(m['games']):
        plays = 0
        for rec in g['game']:
            if rec.get('action') != 'move':
                continue
            plays += 1
            an = rec.get('analysis') or {}
            moves = an.get('moves') or []
            played = an.get('imove')
            if len(moves) < 2 or played is None or played < 0 or played >= len(moves):
                continue
            best = moves[0]['score']
            loss = best - moves[played]['score']
            rows.append('\t'.join(map(str, [gi + 1, plays, rec['player'],
                                            '%d-%d' % tuple(rec['dice']), '%.5f' % loss])))
    with open(out + '.part', 'w') as f:
        f.write('\n'.join(rows) + '\n')
    os.rename(out + '.part', out)
