"""magnitudes: a vertex descending through a static triangle from heights of extreme magnitude
(2^-1074 .. 2^900) to depths of other magnitudes: TOIs of very different sizes, some of them
subnormal or just below 1."""
from fractions import Fraction as F

from ..judge import check_one, run_judge, toi_str
from ..rational_csv import write_csv

NAME = "magnitudes"
HELP = "a vertex through a triangle from heights 2^-1074 .. 2^900, judge against oracle"

HEIGHTS = [(F(1, 2**20), -F(2)**60), (F(1), -F(2)**80), (F(1, 2**1074), -F(1)),
           (F(1, 2**1074), -F(2)**900), (F(2)**900, -F(1, 2**1074)), (F(1), -(F(2)**53 - 1)),
           (F(3), -F(2)**70), (F(2)**-1022, -F(2)**-1074), (F(2)**-1074, -F(2)**-1074 * 3)]


def vf_query(z0, z1, xy=(0, 0)):
    a, b, c = [F(-4), F(-4), F(0)], [F(4), F(-4), F(0)], [F(0), F(4), F(0)]
    return [[F(xy[0]), F(xy[1]), F(z0)], a, b, c, [F(xy[0]), F(xy[1]), F(z1)], a, b, c]


def add_arguments(p):
    pass


def run(args, ws):
    qs = [vf_query(z0, z1) for z0, z1 in HEIGHTS]
    path = ws.run_path("magnitudes_vf.csv")
    write_csv(path, qs)
    bad = 0
    for i, (q, j) in enumerate(zip(qs, run_judge(ws.judge, path, "vf"))):
        ok, msg, res = check_one(q, "vf", j)
        bad += not ok
        if not ok:
            ws.record_disagreement("magnitudes_vf_%d" % i, q)
        print("ok" if ok else "DISAGREE " + msg, "judge hit", j[0],
              "[%r, %r]" % (float(j[1]), float(j[2])) if j[0] else "", "oracle", toi_str(res[1]))
    return 1 if bad else 0
