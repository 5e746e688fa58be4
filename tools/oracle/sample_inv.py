# Judge-only invariances on the public sample: permutations, scale 2^k, translation; must equal
# the base judge output exactly (hit, toi_lo, toi_hi). Time reversal checked by the oracle.
import glob, collections
from fractions import Fraction as F
import qa, gen, oracle
st = collections.Counter()
for p in sorted(glob.glob(qa.SAMPLE + '/*/*/*.csv')):
    kind = 'vf' if '/vertex-face/' in p else 'ee'
    qs = [q for q, _ in qa.read_csv(p)]
    base = qa.run_judge(p, kind)
    var = []
    for i, q in enumerate(qs):
        for tag, v in gen.perms(q, kind):
            var.append((i, tag, v))
        for k in (-900, -40, 7, 600):
            v = gen.scale(q, k)
            if all(qa.is_double(x) for r in v for x in r):
                var.append((i, "scale%d" % k, v))
        v = gen.translate(q, [F(2) ** -3, F(-5, 4), F(3)])
        if all(qa.is_double(x) for r in v for x in r):
            var.append((i, "translate", v))
    out = qa.RUNS + "/sampleinv_" + p.split("/")[-3] + "_" + kind + "_" + p.split("/")[-1]
    qa.write_csv(out, [v for _, _, v in var])
    j = qa.run_judge(out, kind)
    for (i, tag, v), r in zip(var, j):
        st[kind] += 1
        if r[:3] != base[i][:3]:
            st["bad"] += 1
            print("INVARIANCE", p, i, tag, base[i], r)
            qa.write_csv(qa.DISAGREE + "/sampleinv_%s_%d_%s.csv" % (kind, i, tag), [v])
    # time reversal via the oracle
    rev = [gen.reverse_time(q) for q in qs]
    out2 = out.replace("sampleinv_", "samplerev_")
    qa.write_csv(out2, rev)
    j2 = qa.run_judge(out2, kind)
    for i, (q, r) in enumerate(zip(rev, j2)):
        if r[0] != base[i][0]:
            st["bad"] += 1; print("REVERSAL HIT CHANGED", p, i)
        if r[0] or base[i][0]:
            ok, msg, _ = qa.check_one(q, kind, r)
            st["rev_oracle"] += 1
            if not ok:
                st["bad"] += 1; print("REV", p, i, msg)
                qa.write_csv(qa.DISAGREE + "/samplerev_%s_%d.csv" % (kind, i), [q])
    print(p, dict(st), flush=True)
print(dict(st))
