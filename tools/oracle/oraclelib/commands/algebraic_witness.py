"""algebraic-witness: a sanity check of the oracle's algebraic (irrational) TOIs: at the TOI
refined to 2^-250, a least-squares (u, v) in 80-digit arithmetic (mpmath) must have a residual
near zero and lie in the primitive's domain."""
from fractions import Fraction as F

from .. import exact
from ..rational_csv import read_csv

NAME = "algebraic-witness"
HELP = "high-precision witness (u, v) at the oracle's irrational TOIs of a CSV (needs mpmath)"


def add_arguments(p):
    p.add_argument("file")
    p.add_argument("kind", choices=("vf", "ee"))


def run(args, ws):
    import mpmath
    mpmath.mp.dps = 80
    eps = mpmath.mpf("1e-60")

    def mf(x):
        return mpmath.mpf(x.numerator) / x.denominator

    def refine(t, bits=250):
        while (t.hi - t.lo) > F(1, 2**bits):
            t.bisect()
        return mf(t.lo)

    kind, n, bad = args.kind, 0, 0
    for q, _ in read_csv(args.file):
        hit, toi, w = exact.solve(q, kind)
        if not hit or isinstance(toi, F):
            continue
        t = refine(toi)
        pos = [[mf(q[i][c]) + t * (mf(q[i + 4][c]) - mf(q[i][c])) for c in range(3)]
               for i in range(4)]
        M = mpmath.matrix(3, 2)
        rhs = mpmath.matrix(3, 1)
        if kind == "vf":
            p, a, b, c = pos
            for k in range(3):
                M[k, 0] = b[k] - a[k]
                M[k, 1] = c[k] - a[k]
                rhs[k] = p[k] - a[k]
        else:
            a0, a1, b0, b1 = pos
            for k in range(3):
                M[k, 0] = a1[k] - a0[k]
                M[k, 1] = -(b1[k] - b0[k])
                rhs[k] = b0[k] - a0[k]
        n += 1
        try:
            sol = mpmath.lu_solve(M.T * M, M.T * rhs)
        except ZeroDivisionError:
            print("singular at the TOI (degenerate instant)", w[0], w[1])
            continue
        res = mpmath.norm(M * sol - rhs)
        u, v = sol[0], sol[1]
        if kind == "vf":
            dom = u >= -eps and v >= -eps and u + v <= 1 + eps
        else:
            dom = -eps <= u <= 1 + eps and -eps <= v <= 1 + eps
        bad += not dom or res > eps
        print(w[0], w[1], "deg%d t=%s res=%s u=%s v=%s in_domain=%s"
              % (len(toi.q) - 1, mpmath.nstr(t, 20), mpmath.nstr(res, 5), mpmath.nstr(u, 15),
                 mpmath.nstr(v, 15), dom))
    print(n, "algebraic hits checked,", bad, "without a witness")
    return 1 if bad else 0
