# gnubg's cube values of a few whole IDs at 0, 1 and 2 plies, to tell the depth of the search
# from the cube model (docs/computer.md, "The cube against GNU Backgammon"):
#   /usr/games/gnubg -t -q -p scripts/cube_oracle/depth.py | grep '^P '
# prints `P <plies> <id> <no double> <double, take> <proper cube action>`.
import gnubg
for plies in (0,1,2):
    ctx = {'cubeful': 1, 'plies': plies, 'deterministic': 1, 'prune': 1, 'noise': 0.0}
    for gid in ['4HPwAyDgc/ABMA:MAFgATAAUAAE','/B0AALBtGwCgAQ:AQGgAAAAAAAE']:
        gnubg.command('set gnubgid ' + gid)
        r = gnubg.cfevaluate(gnubg.board(), gnubg.cubeinfo(), ctx)
        print('P', plies, gid, '%.3f %.3f %s' % (r[1], r[2], r[5]))
