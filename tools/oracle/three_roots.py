# Queries whose coplanarity cubic has 3 roots in [0,1]; count hits at the 2nd/3rd root; judge vs oracle.
import random, sys, collections
from fractions import Fraction as F
import qa, oracle, gen
kind = sys.argv[1]; N = int(sys.argv[2])
R = random.Random("three-" + kind)
qs, info = [], []
tries = 0
while len(qs) < N and tries < 400000:
    tries += 1
    q = [gen.rpt(R, -3, 3) for _ in range(8)]
    f = oracle.primitive(gen.cubic_of(q, kind))
    if len(f) != 4:
        continue
    rs = oracle.roots01(f) if False else None
    from sympy.polys.domains import ZZ
    from sympy.polys.factortools import dup_factor_list
    _, facs = dup_factor_list([ZZ(c) for c in reversed(f)], ZZ)
    roots = []
    for g, m in facs:
        roots += oracle.roots01(oracle.primitive(list(reversed([int(c) for c in g]))))
    if len(roots) < 3:
        continue
    hit, toi, w = oracle.solve(q, kind)
    if not hit:
        if R.random() < 0.8:
            continue
        qs.append(q); info.append(-1); continue
    roots = [r if isinstance(r, F) else oracle.Alg(*r) for r in roots]
    idx = sum(1 for r in roots if oracle.cmp_cand(r, toi) < 0)
    qs.append(q); info.append(idx)
path = qa.RUNS + "/three_roots_%s.csv" % kind
qa.write_csv(path, qs)
j = qa.run_judge(path, kind)
bad = 0
for i, q in enumerate(qs):
    ok, msg, _ = qa.check_one(q, kind, j[i])
    if not ok:
        bad += 1; print(i, msg); qa.write_csv(qa.DISAGREE + "/three_roots_%s_%d.csv" % (kind, i), [q])
print(kind, "queries", len(qs), "tries", tries, "TOI at root index:", dict(collections.Counter(info)), "bad", bad)
