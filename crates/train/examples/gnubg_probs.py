# gnubg's 0-ply chances for positions given by Position ID (side on roll), one per line.
# Run: /usr/games/gnubg -t -q -r -p crates/train/examples/gnubg_probs.py < pos.txt > probs.txt
# Output: <id> <win> <win gammon> <win backgammon> <lose gammon> <lose backgammon>
import sys, gnubg
C = gnubg.command
for c in ("set display off", "set player 0 human", "set player 1 human", "set jacoby off",
          "set cube use off", "new game"):
    C(c)
ci = gnubg.cubeinfo()
ec = gnubg.evalcontext(0, 0, 0, 1, 0.0)
for line in sys.stdin:
    pid = line.strip()
    if not pid:
        continue
    r = gnubg.evaluate(gnubg.positionfromid(pid), ci, ec)
    print(pid, " ".join("%.5f" % x for x in r[:5]), flush=True)
