# Writes tests/data/match_ids.txt: random match states and the Match ID GNU Backgammon gives each.
# Run: /usr/games/gnubg -t -q -r -p scripts/gnubg_match_ids.py | grep -E "^[0-9#]" > tests/data/match_ids.txt
import gnubg, random
random.seed(34)
print("# cube owner(-1 centred) move matchto score0 score1 crawford turn resigned doubled gamestate die1 die2 matchid")
n = 0
while n < 60:
    matchto = random.choice([0, 0, 1, 3, 5, 7, 11, 25])
    if matchto:
        s0, s1 = random.randrange(matchto), random.randrange(matchto)
    else:
        s0 = s1 = 0
    crawford = 1 if matchto and (s0 == matchto - 1) != (s1 == matchto - 1) and random.random() < 0.5 else 0
    cube = 1 if crawford else random.choice([1, 2, 4, 8, 16, 64])
    owner = -1 if cube == 1 else random.choice([0, 1])
    move = random.randrange(2)
    turn = random.randrange(2)
    d = (0, 0) if random.random() < 0.3 else (random.randint(1, 6), random.randint(1, 6))
    gs = random.choice([1, 1, 1, 2])
    doubled = 1 if (d == (0, 0) and random.random() < 0.3) else 0
    try:
        ci = gnubg.cubeinfo(cube, owner, move, matchto, (s0, s1), crawford)
        pi = gnubg.posinfo(turn, 0, doubled, gs, d)
        mid = gnubg.matchid(ci, pi)
    except Exception as e:
        continue
    print(cube, owner, move, matchto, s0, s1, crawford, turn, 0, doubled, gs, d[0], d[1], mid)
    n += 1
