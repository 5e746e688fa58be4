"""The judge under test (`ccdbench truth`) and the comparison of its answers with the oracle's.

A judge answer is (hit, toi_lo, toi_hi, class); the oracle's is (hit, toi, witness) with toi a
Fraction or an exact.Alg. They agree when the hits are equal and, for a hit: the exact TOI lies
in [toi_lo, toi_hi], the bracket is tight (equal ends or adjacent doubles), toi_lo == toi_hi when
the TOI is a double, and a rational TOI has an exact witness (t, u, v)."""
import math
import subprocess
import time
from fractions import Fraction as F

from . import exact
from .rational_csv import is_double, read_csv


class JudgeError(RuntimeError):
    pass


def run_judge(judge, path, kind, min_sep=None):
    """`judge truth PATH [--kind KIND] [--min-sep D]`, parsed into one answer per query. --kind
    only where the path names no kind (the judge refuses it where the path names one: then that
    kind must be KIND)."""
    extra = ["--min-sep", repr(float(min_sep))] if min_sep is not None else []
    out = subprocess.run([judge, "truth", path, "--kind", kind] + extra, capture_output=True,
                         text=True)
    if out.returncode == 2 and ("the path says the kind (%s)" % kind) in out.stderr:
        out = subprocess.run([judge, "truth", path] + extra, capture_output=True, text=True)
    if out.returncode != 0:
        raise JudgeError("%s truth %s: exit %d: %s" % (judge, path, out.returncode, out.stderr))
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
    """Compares one judge answer j with the oracle (res: the oracle's answer, computed when None).
    Returns (ok, message, oracle answer)."""
    hit, toi, w = exact.solve(q, kind) if res is None else res
    jhit, lo, hi, cls = j
    if hit != bool(jhit):
        return (False, "HIT MISMATCH judge=%d oracle=%d toi=%s class=%s"
                % (jhit, hit, toi_str(toi), cls), (hit, toi, w))
    if not hit:
        return True, "", (hit, toi, w)
    msgs = []
    if not (exact.cmp_cand(toi, lo) >= 0 if not isinstance(toi, F) else toi >= lo):
        msgs.append("TOI below toi_lo")
    if not (exact.cmp_cand(toi, hi) <= 0 if not isinstance(toi, F) else toi <= hi):
        msgs.append("TOI above toi_hi")
    if not (hi == lo or hi == next_up(lo)):
        msgs.append("bracket not tight")
    if isinstance(toi, F) and is_double(toi) and lo != hi:
        msgs.append("TOI is a double but lo != hi")
    if isinstance(toi, F) and exact.witness(q, kind, toi) is None:
        msgs.append("ORACLE SELF-CHECK: no witness at rational TOI")
    if msgs:
        return (False, "; ".join(msgs) + " judge=[%r,%r] oracle=%s class=%s"
                % (float(lo), float(hi), toi_str(toi), cls), (hit, toi, w))
    return True, "", (hit, toi, w)


def check_file(judge, path, kind, label="", limit=None, verbose=True):
    """Every query of a CSV file: judge vs oracle. Returns (queries, judge answers, [(index,
    message, query)] disagreements, seconds spent in the oracle)."""
    qs = read_csv(path)
    answers = run_judge(judge, path, kind)
    assert len(answers) == len(qs)
    bad = []
    t0 = time.time()
    for i, (q, _truth) in enumerate(qs[:limit]):
        ok, msg, _ = check_one(q, kind, answers[i])
        if not ok:
            bad.append((i, msg, q))
            if verbose:
                print("[%s] query %d: %s" % (label or path, i, msg), flush=True)
    return qs, answers, bad, time.time() - t0
