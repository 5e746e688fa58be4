"""Exact maps of a query: relabellings (a triangle's vertices, an edge's ends, the two edges),
scaling by 2^k and translations, which must not change the judge's answer at all; time reversal,
which keeps contact but changes the TOI (only the oracle can judge it); one-ulp nudges."""
import itertools
import math
from fractions import Fraction as F


def scale(q, k):
    s = F(2) ** k
    return [[s * x for x in r] for r in q]


def translate(q, off):
    return [[r[i] + off[i] for i in range(3)] for r in q]


def perms(q, kind):
    """[(tag, query)] for every relabelling that keeps the answer (identity excluded)."""
    out = []
    if kind == "vf":
        for p in itertools.permutations([1, 2, 3]):
            if p == (1, 2, 3):
                continue
            idx = [0] + list(p)
            out.append(("perm%s" % (p,), [q[i] for i in idx] + [q[4 + i] for i in idx]))
    else:
        for sa in (0, 1):
            for sb in (0, 1):
                for sw in (0, 1):
                    if (sa, sb, sw) == (0, 0, 0):
                        continue
                    a = [0, 1] if not sa else [1, 0]
                    b = [2, 3] if not sb else [3, 2]
                    idx = (b + a) if sw else (a + b)
                    out.append(("swap%d%d%d" % (sa, sb, sw),
                                [q[i] for i in idx] + [q[4 + i] for i in idx]))
    return out


def reverse_time(q):
    return q[4:] + q[:4]


def nudge(q, R):
    """A near miss / near hit: one coordinate moved by one ulp."""
    q = [list(r) for r in q]
    i, c = R.randrange(8), R.randrange(3)
    x = float(q[i][c])
    q[i][c] = F(math.nextafter(x, R.choice([math.inf, -math.inf])))
    return q
