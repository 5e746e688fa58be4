"""extreme: the queries of earlier runs rescaled to the ends of the double range (largest
|coordinate| just below 2^1024, or smallest non-zero one 2^-1074), judged against the oracle's
answer for the unscaled query."""
import collections
import math
import os

from .. import exact, transforms
from ..judge import check_one, run_judge
from ..rational_csv import is_double_query, read_csv, write_csv

NAME = "extreme"
HELP = "queries of CSV files rescaled to 2^1024 / 2^-1074, judge against oracle"


def add_arguments(p):
    p.add_argument("kind", choices=("vf", "ee"))
    p.add_argument("files", nargs="+", help="CSV files, e.g. OUT/runs/*_oracle.csv of a "
                   "`families` run")


def run(args, ws):
    stats = collections.Counter()
    for path in args.files:
        qs = read_csv(path)
        variants = []
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
                v = transforms.scale(q, k)
                if is_double_query(v):
                    variants.append((bi, k, v))
        if not variants:
            continue
        out = ws.run_path("extreme_" + os.path.basename(path))
        write_csv(out, [v for _, _, v in variants])
        cache = {}
        for (bi, k, v), j in zip(variants, run_judge(ws.judge, out, args.kind)):
            if bi not in cache:
                cache[bi] = exact.solve(qs[bi][0], args.kind)
            ok, msg, _ = check_one(v, args.kind, j, res=cache[bi])
            stats["variants"] += 1
            stats["hits"] += j[0]
            if not ok:
                print("[extreme %s q%d k=%d] %s" % (path, bi, k, msg), flush=True)
                ws.record_disagreement("extreme_%s_%d_%d" % (os.path.basename(path)[:-4], bi, k),
                                       v)
                stats["disagreements"] += 1
        print(path, len(variants), flush=True)
    print(dict(stats))
    return 1 if stats["disagreements"] else 0
