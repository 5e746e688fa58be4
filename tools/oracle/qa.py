# QA driver: read/write CSV, run the judge, compare with the independent oracle.
import csv, subprocess, sys, math, time, os
from fractions import Fraction as F
import oracle

_HERE = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.dirname(os.path.dirname(_HERE))
# Paths: override with the environment (defaults: the repo's build, ../shared, a scratch dir).
JUDGE = os.environ.get("CCDB_JUDGE", os.path.join(_REPO, "build", "harness", "ccdbench"))
SAMPLE = os.environ.get("CCDB_SAMPLE", os.path.join(os.path.dirname(_REPO), "shared", "datasets", "sample-queries"))
OUT = os.environ.get("CCDB_ORACLE_OUT", "/tmp/ccdb-oracle")
RUNS = os.path.join(OUT, "runs")
DISAGREE = os.path.join(OUT, "disagreements")
os.makedirs(RUNS, exist_ok=True)
os.makedirs(DISAGREE, exist_ok=True)

def read_csv(path):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            a = line.split(",")
            rows.append(([F(int(a[0]), int(a[1])), F(int(a[2]), int(a[3])), F(int(a[4]), int(a[5]))], int(a[6])))
    qs = []
    for i in range(0, len(rows), 8):
        qs.append(([r[0] for r in rows[i:i + 8]], rows[i][1]))
    return qs

def is_double(x):
    x = F(x)
    try:
        d = float(x)
    except OverflowError:
        return False
    return F(d) == x

def fmt(x):
    x = F(x)
    return "%d,%d" % (x.numerator, x.denominator)

def write_csv(path, qs, truth=0):
    with open(path, "w") as f:
        for q in qs:
            for row in q:
                assert all(is_double(v) for v in row), row
                f.write("%s,%s,%s,%d\n" % (fmt(row[0]), fmt(row[1]), fmt(row[2]), truth))

def run_judge(path, kind):
    out = subprocess.run([JUDGE, "truth", path, "--kind", kind], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    res = []
    lines = out.stdout.strip().split("\n")
    assert lines[0].startswith("index"), lines[0]
    for ln in lines[1:]:
        a = ln.split(",")
        hit = int(a[1])
        lo = F(float(a[2])) if a[2] else None
        hi = F(float(a[3])) if a[3] else None
        res.append((hit, lo, hi, a[4]))
    return res

def next_up(x):
    return F(math.nextafter(float(x), math.inf))

def toi_str(t):
    if t is None:
        return "-"
    if isinstance(t, F):
        return "%s (~%.17g)" % (t, float(t))
    return "root of %s in [%s, %s] (~%.17g)" % (list(t.q), t.lo, t.hi, float((t.lo + t.hi) / 2))

def check_one(q, kind, j, res=None):
    """returns (ok, message, oracle_result)"""
    hit, toi, w = oracle.solve(q, kind) if res is None else res
    jhit, lo, hi, cls = j
    if hit != bool(jhit):
        return False, "HIT MISMATCH judge=%d oracle=%d toi=%s class=%s" % (jhit, hit, toi_str(toi), cls), (hit, toi, w)
    if not hit:
        return True, "", (hit, toi, w)
    # toi inside bracket
    msgs = []
    if not (oracle.cmp_cand(toi, lo) >= 0 if not isinstance(toi, F) else toi >= lo):
        msgs.append("TOI below toi_lo")
    if not (oracle.cmp_cand(toi, hi) <= 0 if not isinstance(toi, F) else toi <= hi):
        msgs.append("TOI above toi_hi")
    if not (hi == lo or hi == next_up(lo)):
        msgs.append("bracket not tight")
    if isinstance(toi, F) and is_double(toi) and lo != hi:
        msgs.append("TOI is a double but lo != hi")
    if isinstance(toi, F):
        wt = oracle.witness(q, kind, toi)
        if wt is None:
            msgs.append("ORACLE SELF-CHECK: no witness at rational TOI")
    if msgs:
        return False, "; ".join(msgs) + " judge=[%r,%r] oracle=%s class=%s" % (float(lo), float(hi), toi_str(toi), cls), (hit, toi, w)
    return True, "", (hit, toi, w)

def check_file(path, kind, label="", limit=None, verbose=True, judge=None):
    qs = read_csv(path)
    if judge is None:
        judge = run_judge(path, kind)
    assert len(judge) == len(qs)
    bad = []
    t0 = time.time()
    for i, (q, truth) in enumerate(qs[:limit]):
        ok, msg, res = check_one(q, kind, judge[i])
        if not ok:
            bad.append((i, msg, q))
            if verbose:
                print("[%s] query %d: %s" % (label or path, i, msg), flush=True)
    return qs, judge, bad, time.time() - t0
