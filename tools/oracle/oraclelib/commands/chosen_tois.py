"""chosen-tois: queries whose exact TOI is a chosen double h/s (a static vertex or edge at height
h, a plane rising at speed s): subnormal, near 1, 1/3, random magnitudes down to 2^-1074."""
import math
import random
from fractions import Fraction as F

from ..judge import check_one, run_judge
from ..rational_csv import write_csv

NAME = "chosen-tois"
HELP = "TOIs equal to chosen doubles (subnormal ... 1), judge against oracle"


def queries():
    hs = [2.0**-1074, 3*2.0**-1074, 2.0**-1022 - 2.0**-1074, 2.0**-1022, 2.0**-1023, 0.5,
          1 - 2.0**-53, math.nextafter(0.5, 0), 1/3, 0.1, 2.0**-60, 1.0, 0.0, 0.75, 2.0**-1000,
          math.nextafter(1.0, 0) * 0.5]
    R = random.Random(7)
    hs += [R.random() * 2.0 ** -R.randint(0, 1070) for _ in range(150)]
    ss = [1.0, 1 + 2.0**-52, 3.0, 0.75, 1 - 2.0**-53, 1.5, 7.0]
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
            ee.append([e0, e1, [F(0), F(-1), H], [F(0), F(1), H], [e0[0], e0[1], S],
                       [e1[0], e1[1], S], [F(0), F(-1), H], [F(0), F(1), H]])
    return {"vf": vf, "ee": ee}


def add_arguments(p):
    pass


def run(args, ws):
    bad = 0
    for kind, qs in queries().items():
        path = ws.run_path("chosen_tois_%s.csv" % kind)
        write_csv(path, qs)
        answers = run_judge(ws.judge, path, kind)
        n_bad = 0
        for i, (q, j) in enumerate(zip(qs, answers)):
            ok, msg, _ = check_one(q, kind, j)
            if not ok:
                n_bad += 1
                print(kind, i, msg)
                ws.record_disagreement("chosen_tois_%s_%d" % (kind, i), q)
        print(kind, len(qs), "queries, hits", sum(a[0] for a in answers), "disagreements", n_bad)
        bad += n_bad
    return 1 if bad else 0
