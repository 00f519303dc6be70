# GNU Backgammon plays against itself at 0-ply (cube on, 0-ply cube decisions), money games or
# matches, and prints, for every move, the Position ID before it (side on roll) and the throw:
# "<id> <d1> <d2>". Run by scripts/gnubg_selfplay.sh; `fit_eval gnubg-play OTHERS` turns the lines
# into positions to label.
# Env: SEED (first seed: 5001 and up; 1-10, 701-708 and 901-999 are the measurement sets), GAMES
# (money games, or matches with LENGTHS), NOISE (chequer-play noise, 0 = none), NOISE_SIDES
# (the players given the noise: "0,1" by default, "0" or "1" for one side only), LENGTHS (match
# lengths taken in turn, e.g. "3,5,7,9,11"; none = money games). A match's score changes how
# gnubg plays for gammons and uses the cube, so its positions are not a money game's.
import os, sys, gnubg
C = gnubg.command
seed, games, noise = int(os.environ["SEED"]), int(os.environ["GAMES"]), float(os.environ.get("NOISE", "0"))
sides = [int(x) for x in os.environ.get("NOISE_SIDES", "0,1").split(",") if x]
lengths = [int(x) for x in os.environ.get("LENGTHS", "").split(",") if x]
C("set display off")
for p in (0, 1):
    C("set player %d gnubg" % p)
    C("set player %d chequerplay evaluation plies 0" % p)
    C("set player %d cubedecision evaluation plies 0" % p)
    if noise > 0 and p in sides:
        C("set player %d chequerplay evaluation noise %g" % (p, noise))
        C("set player %d chequerplay evaluation deterministic off" % p)
C("set seed %d" % seed)


def dump(played):
    for g in played:
        for a in g['game']:
            if a.get('action') == 'move' and 'board' in a and 'dice' in a:
                d = a['dice']
                print(a['board'], d[0], d[1])
    sys.stdout.flush()


if lengths:
    # With automatic games on, "new match" plays the whole match.
    C("set automatic game on")
    for i in range(games):
        C("new match %d" % lengths[i % len(lengths)])
        dump(gnubg.match(analysis=0, boards=1)['games'])
else:
    C("set automatic game off")
    C("new session")
    done = 0
    while done < games:
        C("new game")
        dump([gnubg.match(analysis=0, boards=1)['games'][-1]])
        done += 1
        if done % 50 == 0:
            C("new session")
