# GNU Backgammon plays money games against itself at 0-ply (cube on, 0-ply cube decisions) and
# prints, for every move, the Position ID before it (side on roll) and the throw: "<id> <d1> <d2>".
# Run by scripts/gnubg_selfplay.sh; `fit_eval gnubg-play OTHERS` turns the lines into positions to label.
# Env: SEED (first seed: 5001 and up; 1-10 and 701-708 are the measurement sets), GAMES,
# NOISE (chequer-play noise, 0 = none).
import os, sys, gnubg
C = gnubg.command
seed, games, noise = int(os.environ["SEED"]), int(os.environ["GAMES"]), float(os.environ.get("NOISE", "0"))
C("set display off")
C("set automatic game off")
for p in (0, 1):
    C("set player %d gnubg" % p)
    C("set player %d chequerplay evaluation plies 0" % p)
    C("set player %d cubedecision evaluation plies 0" % p)
    if noise > 0:
        C("set player %d chequerplay evaluation noise %g" % (p, noise))
        C("set player %d chequerplay evaluation deterministic off" % p)
C("set seed %d" % seed)
C("new session")
done = 0
while done < games:
    C("new game")
    m = gnubg.match(analysis=0, boards=1)
    for a in m['games'][-1]['game']:
        if a.get('action') == 'move' and 'board' in a and 'dice' in a:
            d = a['dice']
            print(a['board'], d[0], d[1])
    sys.stdout.flush()
    done += 1
    if done % 50 == 0:
        C("new session")
