# Adversarial run: families x seeds; oracle on base (and on time-reversed / nudged variants);
# judge on base + exact invariant transforms (permutations, scale 2^k, translations).
import sys, random, os, time, collections
from fractions import Fraction as F
import qa, gen, oracle

kind = sys.argv[1]
N = int(sys.argv[2])
only = sys.argv[3].split(",") if len(sys.argv) > 3 else None
import gen2
fams = gen.vf_families() if kind == "vf" else gen.ee_families()
if len(sys.argv) > 4 and sys.argv[4] == "extra":
    fams = gen2.vf_extra() if kind == "vf" else gen2.ee_extra()
if len(sys.argv) > 4 and sys.argv[4] == "irr":
    import gen4
    fams = gen4.vf_irr() if kind == "vf" else gen4.ee_irr()
if len(sys.argv) > 4 and sys.argv[4] == "floatmid":
    import gen3
    fams = gen3.vf_float_mid() if kind == "vf" else gen3.ee_float_mid()
if len(sys.argv) > 4 and sys.argv[4] == "double":
    import gen4
    fams = gen4.vf_double() if kind == "vf" else gen4.ee_double()
if len(sys.argv) > 4 and sys.argv[4] == "float":
    import gen3
    fams = gen3.vf_float() if kind == "vf" else gen3.ee_float()
os.makedirs(qa.RUNS, exist_ok=True)
stats = collections.Counter()
SCALES = [-1074, -1000, -537, -60, -1, 1, 52, 300, 960]
OFFS = [[F(2) ** 30, F(0), F(-3) * F(2) ** 20], [F(-1), F(2) ** 45, F(5)], [F(1, 2**20), F(-7, 2**30), F(2) ** -40]]

def good(q):
    return all(qa.is_double(x) for r in q for x in r)

def report(label, i, msg, q):
    print("[%s] %d: %s" % (label, i, msg), flush=True)
    path = qa.DISAGREE + "/%s_%s_%d.csv" % (label, os.environ.get("QA_SEED", "12345"), i)
    qa.write_csv(path, [q])
    stats["disagreements"] += 1

for name, fn in fams.items():
    if only and name not in only:
        continue
    t0 = time.time()
    R = random.Random("%s-%s" % (name, os.environ.get("QA_SEED", "12345")))
    base = []
    while len(base) < N:
        q = fn(R)
        if good(q):
            base.append(q)
    # oracle-checked set: base, time-reversed, nudged
    checked = []
    for q in base:
        checked.append(("base", q))
    for q in base[: N // 2]:
        checked.append(("rev", gen.reverse_time(q)))
    for q in base[: N // 2]:
        nq = gen.nudge(q, R)
        if good(nq):
            checked.append(("nudge", nq))
    path = qa.RUNS + "/%s_%s_%s_oracle.csv" % (kind, name, os.environ.get("QA_SEED", "12345"))
    qa.write_csv(path, [q for _, q in checked])
    judge = qa.run_judge(path, kind)
    results = []
    nh = 0
    for i, ((tag, q), j) in enumerate(zip(checked, judge)):
        ok, msg, res = qa.check_one(q, kind, j)
        results.append(res)
        nh += bool(res[0])
        if res[0]:
            t = res[1]
            if isinstance(t, F):
                stats["toi_" + ("0" if t == 0 else "1" if t == 1 else "rational")] += 1
            else:
                stats["toi_algebraic_deg%d" % (len(t.q) - 1)] += 1
        stats[kind + "_oracle_queries"] += 1
        if not ok:
            report("%s_%s_%s" % (kind, name, tag), i, msg, q)
    # invariant transforms, judged against the base oracle result
    var = []
    for bi, q in enumerate(base):
        vs = gen.perms(q, kind)
        R2 = random.Random(bi)
        for k in R2.sample(SCALES, 3):
            vs.append(("scale%d" % k, gen.scale(q, k)))
        off = OFFS[bi % len(OFFS)]
        vs.append(("translate", gen.translate(q, off)))
        vs.append(("scale_translate", gen.translate(gen.scale(q, -3), off)))
        for tag, v in vs:
            if good(v):
                var.append((bi, tag, v))
    path = qa.RUNS + "/%s_%s_%s_variants.csv" % (kind, name, os.environ.get("QA_SEED", "12345"))
    qa.write_csv(path, [v for _, _, v in var])
    judge = qa.run_judge(path, kind)
    for (bi, tag, v), j in zip(var, judge):
        ok, msg, _ = qa.check_one(v, kind, j, res=results[bi])
        stats[kind + "_variant_queries"] += 1
        if not ok:
            report("%s_%s_%s" % (kind, name, tag), bi, msg, v)
    print("%s: %d oracle-checked (%d hits), %d judged variants, %.1fs" % (name, len(checked), nh, len(var), time.time() - t0), flush=True)
print(dict(stats))
