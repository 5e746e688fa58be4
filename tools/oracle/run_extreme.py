# Judge-only extreme-scale variants of the oracle-checked sets: scaled so the largest |coordinate|
# is just below 2^1024 (overflow in any float filter), or the smallest non-zero one is 2^-1074.
import sys, glob, math, collections, os
from fractions import Fraction as F
import qa, oracle, gen
kind = sys.argv[1]
files = sys.argv[2:]
stats = collections.Counter()
for path in files:
    qs = qa.read_csv(path)
    var = []
    for bi, (q, _) in enumerate(qs):
        vals = [abs(x) for r in q for x in r if x != 0]
        if not vals:
            continue
        mx, mn = max(vals), min(vals)
        kmax = 1023 - math.floor(math.log2(float(mx))) if float(mx) > 0 else None
        kmin = -1074 - math.floor(math.log2(float(mn))) if float(mn) > 0 else None
        for k in (kmax, kmin):
            if k is None:
                continue
            v = gen.scale(q, k)
            if all(qa.is_double(x) for r in v for x in r):
                var.append((bi, k, v))
    if not var:
        continue
    out = qa.RUNS + "/extreme_" + os.path.basename(path)
    qa.write_csv(out, [v for _, _, v in var])
    judge = qa.run_judge(out, kind)
    cache = {}
    for (bi, k, v), j in zip(var, judge):
        if bi not in cache:
            cache[bi] = oracle.solve(qs[bi][0], kind)
        ok, msg, _ = qa.check_one(v, kind, j, res=cache[bi])
        stats["variants"] += 1
        stats["hits"] += j[0]
        if not ok:
            print("[extreme %s q%d k=%d] %s" % (path, bi, k, msg), flush=True)
            qa.write_csv(qa.DISAGREE + "/extreme_%s_%d_%d.csv" % (os.path.basename(path)[:-4], bi, k), [v])
            stats["bad"] += 1
    print(path, len(var), flush=True)
print(dict(stats))
