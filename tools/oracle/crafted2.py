# TOI = any chosen double h (translating triangle plane z = s t, static vertex at height h) and
# EE analog; checks exact-double TOIs (subnormal, near 1, ...) and brackets of h/s.
import math, random
from fractions import Fraction as F
import qa
hs = [2.0**-1074, 3*2.0**-1074, 2.0**-1022 - 2.0**-1074, 2.0**-1022, 2.0**-1023, 0.5, 1 - 2.0**-53,
      math.nextafter(0.5, 0), 1/3, 0.1, 2.0**-60, 1.0, 0.0, 0.75, 2.0**-1000, math.nextafter(1.0, 0) * 0.5]
R = random.Random(7)
hs += [R.random() * 2.0 ** -R.randint(0, 1070) for _ in range(150)]
ss = [1.0, 1 + 2.0**-52, 3.0, 0.75, 1 - 2.0**-53, 2.0**-1000 * 0 + 1.5, 7.0]
vf, ee = [], []
for h in hs:
    for s in ss:
        if h > s:
            continue
        H, S = F(h), F(s)
        a0, b0, c0 = [F(-1), F(-1), F(0)], [F(2), F(-1), F(0)], [F(0), F(2), F(0)]
        a1, b1, c1 = [F(-1), F(-1), S], [F(2), F(-1), S], [F(0), F(2), S]
        p = [F(0), F(0), H]
        vf.append([p, a0, b0, c0, p, a1, b1, c1])
        e0, e1 = [F(-1), F(0), F(0)], [F(1), F(0), F(0)]
        ee.append([e0, e1, [F(0), F(-1), H], [F(0), F(1), H], [e0[0], e0[1], S], [e1[0], e1[1], S], [F(0), F(-1), H], [F(0), F(1), H]])
for kind, qs in (("vf", vf), ("ee", ee)):
    path = qa.RUNS + "/crafted2_%s.csv" % kind
    qa.write_csv(path, qs)
    j = qa.run_judge(path, kind)
    bad = 0
    for i, q in enumerate(qs):
        ok, msg, _ = qa.check_one(q, kind, j[i])
        if not ok:
            bad += 1; print(kind, i, msg); qa.write_csv(qa.DISAGREE + "/crafted2_%s_%d.csv" % (kind, i), [q])
    print(kind, len(qs), "queries, hits", sum(x[0] for x in j), "bad", bad)
