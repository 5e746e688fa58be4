"""sample-invariance: the public sample under permutations, 2^k scalings and a translation must
give exactly the judge's base answer (hit, toi_lo, toi_hi); time-reversed hits are checked by
the oracle."""
import collections
import glob
import os
from fractions import Fraction as F

from .. import transforms
from ..judge import check_one, run_judge
from ..rational_csv import is_double_query, read_csv, write_csv

NAME = "sample-invariance"
HELP = "the public sample under exact transforms (judge vs itself) and time reversal (oracle)"


def add_arguments(p):
    pass


def run(args, ws):
    st = collections.Counter()
    files = sorted(glob.glob(os.path.join(ws.sample, "*", "*", "*.csv")))
    if not files:
        print("no sample files under %s (give --sample DIR)" % ws.sample)
        return 2
    for p in files:
        kind = "vf" if "/vertex-face/" in p else "ee"
        scene = p.split("/")[-3]
        qs = [q for q, _ in read_csv(p)]
        base = run_judge(ws.judge, p, kind)
        variants = []
        for i, q in enumerate(qs):
            variants += [(i, tag, v) for tag, v in transforms.perms(q, kind)]
            for k in (-900, -40, 7, 600):
                v = transforms.scale(q, k)
                if is_double_query(v):
                    variants.append((i, "scale%d" % k, v))
            v = transforms.translate(q, [F(2) ** -3, F(-5, 4), F(3)])
            if is_double_query(v):
                variants.append((i, "translate", v))
        out = ws.run_path("sampleinv_%s_%s_%s" % (scene, kind, os.path.basename(p)))
        write_csv(out, [v for _, _, v in variants])
        for (i, tag, v), r in zip(variants, run_judge(ws.judge, out, kind)):
            st[kind] += 1
            if r[:3] != base[i][:3]:
                st["disagreements"] += 1
                print("INVARIANCE", p, i, tag, base[i], r)
                ws.record_disagreement("sampleinv_%s_%d_%s" % (kind, i, tag), v)
        # Time reversal: the oracle judges it.
        rev = [transforms.reverse_time(q) for q in qs]
        out2 = ws.run_path("samplerev_%s_%s_%s" % (scene, kind, os.path.basename(p)))
        write_csv(out2, rev)
        for i, (q, r) in enumerate(zip(rev, run_judge(ws.judge, out2, kind))):
            if r[0] != base[i][0]:
                st["disagreements"] += 1
                print("REVERSAL HIT CHANGED", p, i)
            if r[0] or base[i][0]:
                ok, msg, _ = check_one(q, kind, r)
                st["rev_oracle"] += 1
                if not ok:
                    st["disagreements"] += 1
                    print("REV", p, i, msg)
                    ws.record_disagreement("samplerev_%s_%d" % (kind, i), q)
        print(p, dict(st), flush=True)
    print(dict(st))
    return 1 if st["disagreements"] else 0
