"""three-roots: queries whose coplanarity cubic has three roots in [0,1]; counts at which root
the contact is, and checks the judge against the oracle."""
import collections
import random
from fractions import Fraction as F

from sympy.polys.domains import ZZ
from sympy.polys.factortools import dup_factor_list

from .. import exact
from ..families.common import cubic_of, rpt
from ..judge import check_one, run_judge
from ..rational_csv import write_csv

NAME = "three-roots"
HELP = "coplanarity cubics with three roots in [0,1], judge against oracle"


def add_arguments(p):
    p.add_argument("kind", choices=("vf", "ee"))
    p.add_argument("count", type=int, help="queries to find")


def run(args, ws):
    kind, n = args.kind, args.count
    R = random.Random("three-" + kind)
    qs, info = [], []
    tries = 0
    while len(qs) < n and tries < 400000:
        tries += 1
        q = [rpt(R, -3, 3) for _ in range(8)]
        f = exact.primitive(cubic_of(q, kind))
        if len(f) != 4:
            continue
        _, facs = dup_factor_list([ZZ(c) for c in reversed(f)], ZZ)
        roots = []
        for g, _m in facs:
            roots += exact.roots01(exact.primitive(list(reversed([int(c) for c in g]))))
        if len(roots) < 3:
            continue
        hit, toi, _w = exact.solve(q, kind)
        if not hit:
            if R.random() < 0.8:
                continue
            qs.append(q)
            info.append(-1)
            continue
        roots = [r if isinstance(r, F) else exact.Alg(*r) for r in roots]
        qs.append(q)
        info.append(sum(1 for r in roots if exact.cmp_cand(r, toi) < 0))
    path = ws.run_path("three_roots_%s.csv" % kind)
    write_csv(path, qs)
    bad = 0
    for i, (q, j) in enumerate(zip(qs, run_judge(ws.judge, path, kind))):
        ok, msg, _ = check_one(q, kind, j)
        if not ok:
            bad += 1
            print(i, msg)
            ws.record_disagreement("three_roots_%s_%d" % (kind, i), q)
    print(kind, "queries", len(qs), "tries", tries, "TOI at root index (-1: miss):",
          dict(collections.Counter(info)), "disagreements", bad)
    return 1 if bad else 0
