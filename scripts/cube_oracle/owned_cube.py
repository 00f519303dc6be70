# The values of an owned cube (a redouble), gamester hint against gnubg 2-ply's stored ones, at
# equal and unequal scores (and the centred cube at equal scores of 7-away or more), over the
# decisions of cube_points.py whose gnubg no-double value lies within ±1.2:
#   python3 scripts/cube_oracle/owned_cube.py points.tsv GAMESTER
# prints, for each group, the mean difference (Gamester − gnubg) of no double and of double/take,
# and the five positions where Gamester's no double is lowest against gnubg's.
import subprocess, sys, collections
G=sys.argv[2]
rows=[]
with open(sys.argv[1]) as f:
    h=f.readline().rstrip('\n').split('\t')
    for l in f:
        r=dict(zip(h,l.rstrip('\n').split('\t')))
        if r['state']!='crawford': rows.append(r)
stats=collections.defaultdict(list)
for r in rows:
    if r['owner']!='roller' and not (r['state']=='pre' and r['away_roller']==r['away_opp'] and int(r['away_roller'])>=7): continue
    nd,dt,dp,dm=(float(r[k]) for k in ('nd','dt','dp','dm'))
    norm=lambda x: 2*(x-dm)/(dp-dm)-1
    out=subprocess.run([G,'hint','--position',r['id']],capture_output=True,text=True).stdout.split('\n')
    v={l.split()[0]:float(l.split()[1]) for l in out[1:4]}
    key=(r['owner'], 'eq' if r['away_roller']==r['away_opp'] else 'uneq')
    if abs(norm(nd))<1.2:
        stats[key].append((v['no-double']-norm(nd), v['double-take']-norm(dt), r['id'], r['away_roller'], r['away_opp'], r['cube'], norm(nd), norm(dt), v['no-double'], v['double-take']))
for k,l in stats.items():
    n=len(l)
    print(k, n, 'mean dND %.3f dDT %.3f' % (sum(x[0] for x in l)/n, sum(x[1] for x in l)/n))
    for x in sorted(l, key=lambda x: x[0])[:5]: print('   ', ' '.join(map(str,x)))
