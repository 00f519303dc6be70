# Self-play matches gnubg vs gnubg (0-ply), saved as SGF and .mat
import sys
gnubg.command('set confirm new off')
gnubg.command('set display off')
gnubg.command('set rng mersenne')
for p in (0, 1):
    gnubg.command('set player %d gnubg' % p)
    gnubg.command('set player %d chequerplay evaluation plies 0' % p)
    gnubg.command('set player %d cubedecision evaluation plies 0' % p)
gnubg.command('set evaluation chequerplay eval plies 0')
gnubg.command('set evaluation cubedecision eval plies 0')
gnubg.command('set automatic game on')
gnubg.command('set automatic roll on')
for seed, length in [(1, 5), (2, 7), (3, 7), (4, 5)]:
    gnubg.command('set seed %d' % seed)
    gnubg.command('new match %d' % length)
    base = 'selfplay_%dpt_seed%d' % (length, seed)
    gnubg.command('save match %s.sgf' % base)
    gnubg.command('export match mat %s.mat' % base)
