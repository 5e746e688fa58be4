"""min-sep: the judge at minimum separations d (`ccdbench truth --min-sep D`) against an
independent numeric minimiser of the distance (oraclelib/min_sep.py, mpmath): a miss must never
come closer than d (1 - 1e-12), a hit must be within d (1 + 1e-12) at toi_hi and never closer than
d (1 - 1e-12) before toi_lo; and over the separations given, a hit stays a hit at every larger d
with a TOI that does not grow. Inputs: CSV files (--kind), else the public sample; plus --random
N generated queries of each kind (doubles passing near each other, and a small dyadic grid with
parallel, coplanar and degenerate configurations)."""
import glob
import os
import random
from fractions import Fraction as F

from .. import min_sep
from ..judge import run_judge
from ..rational_csv import read_csv, write_csv

NAME = "min-sep"
HELP = "judge at separations d against a numeric minimiser of the distance (mpmath)"


def add_arguments(p):
    p.add_argument("files", nargs="*", help="CSV files (public rational format); default: the "
                   "public sample")
    p.add_argument("--kind", choices=("vf", "ee", "rigid-vf", "rigid-ee"),
                   help="kind of the files given (rigid-vf, rigid-ee: e.g. from `ccdbench gen`)")
    p.add_argument("--d", default="1e-4,1e-3,1e-2",
                   help="comma-separated separations (default 1e-4,1e-3,1e-2)")
    p.add_argument("--limit", type=int, default=None, help="only the first N queries per file")
    p.add_argument("--random", type=int, default=0, help="also N random queries of each kind")
    p.add_argument("--seed", default="min-sep")


def random_queries(kind, n, R):
    qs = []
    for i in range(n):
        if i % 2:  # dyadic grid, static second primitive: degeneracies, contact at t = 0
            q = [[F(R.randint(-8, 8), 4) for _ in range(3)] for _ in range(8)]
        else:  # doubles in [0, 1/2]^3, one primitive moving by up to 0.3 per axis
            shift = [R.uniform(-0.3, 0.3) for _ in range(3)]
            q = [[F(R.random() * 0.5) for _ in range(3)] for _ in range(4)]
            moving = [0] if kind == "vf" else [2, 3]
            q += [[F(float(q[i][j] + (shift[j] if i in moving else 0))) for j in range(3)]
                  for i in range(4)]
        static = [1, 2, 3] if kind == "vf" else [0, 1]
        for i in static:
            q[i + 4] = list(q[i])
        qs.append(q)
    return qs


def run(args, ws):
    ds = [float(x) for x in args.d.split(",")]
    if any(not d > 0 for d in ds):
        print("min-sep: every d must be > 0")
        return 2
    ds.sort()
    inputs = []
    if args.files:
        if not args.kind:
            print("min-sep: --kind is needed with files")
            return 2
        inputs = [(f, args.kind) for f in args.files]
    elif not args.random:
        for kind, folder in (("vf", "vertex-face"), ("ee", "edge-edge")):
            inputs += [(f, kind) for f in sorted(glob.glob(os.path.join(
                ws.sample, "*", folder, "*.csv")))]
    R = random.Random(args.seed)
    for kind in ("vf", "ee"):
        if args.random:
            path = ws.run_path("min_sep_random_%s.csv" % kind)
            write_csv(path, random_queries(kind, args.random, R))
            inputs.append((path, kind))
    total, hits, bad = check_inputs(ws, inputs, ds, args.limit)
    print("min-sep: %d judged (query, d) pairs at d = %s, %d hits, %d contradictions"
          % (total, ",".join(repr(d) for d in ds), hits, bad))
    return 1 if bad else 0


def check_inputs(ws, inputs, ds, limit=None):
    """Every query of every (path, kind) at every d of ds (increasing): (pairs judged, hits,
    contradictions); each contradiction is printed and its query recorded."""
    total = hits = bad = 0
    for path, kind in inputs:
        everything = [q for q, _label in read_csv(path)]
        qs = everything
        if limit is not None:
            qs = qs[:limit]
            if len(qs) < len(everything):
                path2 = ws.run_path("limited_%d_%s" % (len(inputs), os.path.basename(path)))
                write_csv(path2, qs)
                path = path2
        answers = [run_judge(ws.judge, path, kind, d) for d in ds]
        for i, q in enumerate(qs):
            prof = min_sep.Profile(q, kind)
            prev = None
            for d, ans in zip(ds, answers):
                a = ans[i]
                total += 1
                hits += a[0]
                msg = min_sep.check(prof, d, a)
                if msg is None and prev is not None and prev[0]:
                    if not a[0] or a[1] > prev[1]:
                        msg = "not monotone: hit at a smaller d, %r at d=%r" % (a[:3], d)
                prev = a
                if msg:
                    bad += 1
                    name = "min_sep_%s_%s_%d" % (kind, os.path.basename(path), i)
                    print("[%s %d] %s (written to %s)" % (path, i, msg,
                                                          ws.record_disagreement(name, q)))
    return total, hits, bad
