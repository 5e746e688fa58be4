# Sanity check of algebraic TOIs: high-precision witness (u,v) at the oracle's TOI.
import sys, mpmath, qa, oracle
from fractions import Fraction as F
mpmath.mp.dps = 80
def refine(t, bits=250):
    while (t.hi - t.lo) > F(1, 2**bits):
        t.bisect()
    return mpmath.mpf(t.lo.numerator) / t.lo.denominator
kind = sys.argv[2]
qs = qa.read_csv(sys.argv[1])
n = worst = 0
for q, _ in qs:
    hit, toi, w = oracle.solve(q, kind)
    if not hit or isinstance(toi, F):
        continue
    t = refine(toi)
    mf = lambda x: mpmath.mpf(x.numerator) / x.denominator
    pos = [[mf(q[i][c]) + t * (mf(q[i + 4][c]) - mf(q[i][c])) for c in range(3)] for i in range(4)]
    M = mpmath.matrix(3, 2); rhs = mpmath.matrix(3, 1)
    if kind == "vf":
        p, a, b, c = pos
        for k in range(3):
            M[k, 0] = b[k]-a[k]; M[k, 1] = c[k]-a[k]; rhs[k] = p[k]-a[k]
    else:
        a0, a1, b0, b1 = pos
        for k in range(3):
            M[k, 0] = a1[k]-a0[k]; M[k, 1] = -(b1[k]-b0[k]); rhs[k] = b0[k]-a0[k]
    try:
        sol = mpmath.lu_solve(M.T*M, M.T*rhs)
    except ZeroDivisionError:
        print("singular at toi (degenerate instant)", w[0], w[1]); n += 1; continue
    res = mpmath.norm(M*sol - rhs)
    u, v = sol[0], sol[1]
    dom = (u >= -mpmath.mpf("1e-60") and v >= -mpmath.mpf("1e-60") and u+v <= 1+mpmath.mpf("1e-60")) if kind == "vf" else (-mpmath.mpf("1e-60") <= u <= 1+mpmath.mpf("1e-60") and -mpmath.mpf("1e-60") <= v <= 1+mpmath.mpf("1e-60"))
    n += 1
    print(w[0], w[1], "deg%d t=%s res=%s u=%s v=%s in_domain=%s" % (len(toi.q)-1, mpmath.nstr(t, 20), mpmath.nstr(res, 5), mpmath.nstr(u, 15), mpmath.nstr(v, 15), dom))
print(n, "algebraic hits checked")
