"""families: adversarial families (a set of them, see --list), checked by the oracle on each
query, its time reversal and a one-ulp nudge; the judge also answers exact invariant transforms
(permutations, 2^k scalings, translations), compared with the oracle's answer for the base query.
"""
import collections
import random
import time
from fractions import Fraction as F

from .. import transforms
from ..families import SETS, families
from ..judge import check_one, run_judge
from ..rational_csv import is_double_query, write_csv

NAME = "families"
HELP = "adversarial query families (with transforms), judge against oracle"

SCALES = [-1074, -1000, -537, -60, -1, 1, 52, 300, 960]
OFFSETS = [[F(2) ** 30, F(0), F(-3) * F(2) ** 20], [F(-1), F(2) ** 45, F(5)],
           [F(1, 2**20), F(-7, 2**30), F(2) ** -40]]


def add_arguments(p):
    p.add_argument("kind", choices=("vf", "ee"), nargs="?")
    p.add_argument("count", type=int, nargs="?", help="base queries per family")
    p.add_argument("--set", default="integer", choices=sorted(SETS), help="family set")
    p.add_argument("--only", default=None, help="comma-separated family names")
    p.add_argument("--seed", default="12345", help="random seed (any text)")
    p.add_argument("--list", action="store_true", help="list the sets and their families")


def list_sets():
    for name, (summary, vf, ee) in SETS.items():
        print("%-12s %s" % (name, summary))
        print("%-12s   %s" % ("", " ".join(sorted(vf()) + sorted(ee()))))


def run(args, ws):
    if args.list:
        list_sets()
        return 0
    if not args.kind or not args.count:
        print("families: KIND and COUNT are required (or --list)")
        return 2
    kind, n, seed = args.kind, args.count, args.seed
    only = args.only.split(",") if args.only else None
    stats = collections.Counter()

    def report(label, i, msg, q):
        print("[%s] %d: %s" % (label, i, msg), flush=True)
        ws.record_disagreement("%s_%s_%d" % (label, seed, i), q)
        stats["disagreements"] += 1

    for name, family in families(args.set, kind).items():
        if only and name not in only:
            continue
        t0 = time.time()
        R = random.Random("%s-%s" % (name, seed))
        base = []
        while len(base) < n:
            q = family(R)
            if is_double_query(q):
                base.append(q)
        # Checked by the oracle: the base queries, half of them time-reversed, half nudged.
        checked = [("base", q) for q in base]
        checked += [("rev", transforms.reverse_time(q)) for q in base[: n // 2]]
        for q in base[: n // 2]:
            nq = transforms.nudge(q, R)
            if is_double_query(nq):
                checked.append(("nudge", nq))
        path = ws.run_path("%s_%s_%s_oracle.csv" % (kind, name, seed))
        write_csv(path, [q for _, q in checked])
        results, hits = [], 0
        for i, ((tag, q), j) in enumerate(zip(checked, run_judge(ws.judge, path, kind))):
            ok, msg, res = check_one(q, kind, j)
            results.append(res)
            hits += bool(res[0])
            if res[0]:
                t = res[1]
                if isinstance(t, F):
                    stats["toi_" + ("0" if t == 0 else "1" if t == 1 else "rational")] += 1
                else:
                    stats["toi_algebraic_deg%d" % (len(t.q) - 1)] += 1
            stats[kind + "_oracle_queries"] += 1
            if not ok:
                report("%s_%s_%s" % (kind, name, tag), i, msg, q)
        # Invariant transforms of each base query, judged against its oracle answer.
        variants = []
        for bi, q in enumerate(base):
            vs = transforms.perms(q, kind)
            R2 = random.Random(bi)
            for k in R2.sample(SCALES, 3):
                vs.append(("scale%d" % k, transforms.scale(q, k)))
            off = OFFSETS[bi % len(OFFSETS)]
            vs.append(("translate", transforms.translate(q, off)))
            vs.append(("scale_translate", transforms.translate(transforms.scale(q, -3), off)))
            variants += [(bi, tag, v) for tag, v in vs if is_double_query(v)]
        path = ws.run_path("%s_%s_%s_variants.csv" % (kind, name, seed))
        write_csv(path, [v for _, _, v in variants])
        for (bi, tag, v), j in zip(variants, run_judge(ws.judge, path, kind)):
            ok, msg, _ = check_one(v, kind, j, res=results[bi])
            stats[kind + "_variant_queries"] += 1
            if not ok:
                report("%s_%s_%s" % (kind, name, tag), bi, msg, v)
        print("%s: %d oracle-checked (%d hits), %d judged variants, %.1fs"
              % (name, len(checked), hits, len(variants), time.time() - t0), flush=True)
    print(dict(stats))
    return 1 if stats["disagreements"] else 0
