import qa, glob, collections
tot=collections.Counter()
for p in sorted(glob.glob(qa.SAMPLE + '/*/*/*.csv')):
    kind='vf' if '/vertex-face/' in p else 'ee'
    qs,j,bad,dt=qa.check_file(p,kind)
    nh=sum(1 for x in j if x[0]); lab=sum(1 for q,t in qs if t)
    disagree_label=[i for i,(q,t) in enumerate(qs) if t!=j[i][0]]
    tot[kind]+=len(qs); tot[kind+'_hits']+=nh; tot[kind+'_bad']+=len(bad)
    print(p, kind, len(qs), 'judge hits',nh,'label hits',lab,'judge!=label',disagree_label,'oracle disagreements',len(bad),'%.1fs'%dt, flush=True)
print(dict(tot))
