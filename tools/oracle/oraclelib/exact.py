"""The independent exact oracle: earliest contact of a linear CCD query, exactly.

Static test: 0 in conv(P) with P = {x - p : x in a,b,c} (VF) or {a_i - b_j} (EE), decided by
Caratheodory: some affinely independent subset S of P has 0 in conv(S), with unique affine
coordinates given by Cramer on the Gram system (k < 3) or on the 3x3 system (k = 3). Every
quantity is a polynomial in t with integer coefficients. Time: the earliest contact is 0 or a
root in (0,1] of one of those (non-zero) polynomials, since the predicate is a boolean function
of their signs. Candidates are sorted exactly and tested in order; algebraic roots are
(irreducible q, isolating interval).

A query is 8 rows of 3 Fractions in the public row order; solve() is the entry point, witness()
gives exact (t, u, v) at a rational time of impact.
"""
from fractions import Fraction as F
from functools import cmp_to_key
from itertools import combinations
import math

from sympy.polys.domains import ZZ, QQ
from sympy.polys.factortools import dup_factor_list
from sympy.polys.rootisolation import dup_isolate_real_roots_sqf

# ---------- polynomials: lists of ints, index = power ----------
def trim(a):
    a = list(a)
    while a and a[-1] == 0:
        a.pop()
    return a

def padd(a, b):
    n = max(len(a), len(b))
    return trim([(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)])

def pneg(a):
    return [-x for x in a]

def psub(a, b):
    return padd(a, pneg(b))

def pmul(a, b):
    if not a or not b:
        return []
    r = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                r[i + j] += x * y
    return trim(r)

def vsub(u, v):
    return [psub(u[i], v[i]) for i in range(3)]

def dot(u, v):
    r = []
    for i in range(3):
        r = padd(r, pmul(u[i], v[i]))
    return r

def det2(m):
    return psub(pmul(m[0][0], m[1][1]), pmul(m[0][1], m[1][0]))

def det3(m):
    r = []
    for j in range(3):
        minor = [[m[1][k], m[2][k]] for k in range(3) if k != j]
        d = psub(pmul(minor[0][0], minor[1][1]), pmul(minor[1][0], minor[0][1]))
        term = pmul(m[0][j], d)
        r = padd(r, term) if j % 2 == 0 else psub(r, term)
    return r

def peval(a, t):
    r = F(0)
    for c in reversed(a):
        r = r * t + c
    return r

def primitive(a):
    a = trim(a)
    if not a:
        return ()
    g = 0
    for c in a:
        g = math.gcd(g, c)
    a = [c // g for c in a]
    if a[-1] < 0:
        a = [-c for c in a]
    return tuple(a)

def prem(a, q):
    """remainder of a mod q over Q (q primitive); returns list of Fractions, trimmed"""
    a = [F(c) for c in a]
    while len(a) >= len(q) and a:
        c = a[-1] / q[-1]
        sh = len(a) - len(q)
        for i, qc in enumerate(q):
            a[sh + i] -= c * qc
        a = trim(a)
    return a

# ---------- algebraic numbers in [0,1] ----------
class Alg:
    """root of irreducible q (low->high ints) in the open interval (klo/2^m, khi/2^m)"""
    __slots__ = ("q", "klo", "khi", "m", "slo")
    def __init__(self, q, lo, hi):
        self.q = q
        m = 0
        while (lo * 2**m).denominator != 1 or (hi * 2**m).denominator != 1:
            m += 1
        self.m, self.klo, self.khi = m, int(lo * 2**m), int(hi * 2**m)
        self.slo = self.qsign(self.klo, m)
        assert self.slo != 0 and self.qsign(self.khi, m) == -self.slo
    def qsign(self, k, m):
        d = len(self.q) - 1
        acc = 0
        for i, c in enumerate(self.q):
            acc += c * k**i << (m * (d - i))
        return sgn(acc)
    @property
    def lo(self):
        return F(self.klo, 2**self.m)
    @property
    def hi(self):
        return F(self.khi, 2**self.m)
    def bisect(self):
        self.m += 1
        self.klo *= 2
        self.khi *= 2
        mid = (self.klo + self.khi) // 2
        s = self.qsign(mid, self.m)
        assert s != 0
        if s == self.slo:
            self.klo = mid
        else:
            self.khi = mid

def sgn(x):
    return (x > 0) - (x < 0)

def interval_eval(a, lo, hi):
    """enclosure of a([lo,hi]) for 0 <= lo <= hi"""
    L = H = F(0)
    for c in reversed(a):
        cands = (L * lo, L * hi, H * lo, H * hi)
        L, H = min(cands) + c, max(cands) + c
    return L, H

def sign_at(a, r):
    if not a:
        return 0
    if isinstance(r, F):
        return sgn(peval(a, r))
    if not prem(a, r.q):
        return 0
    while True:
        L, H = interval_eval(a, r.lo, r.hi)
        if L > 0:
            return 1
        if H < 0:
            return -1
        r.bisect()

def cmp_cand(x, y):
    if isinstance(x, F) and isinstance(y, F):
        return sgn(x - y)
    if isinstance(x, F):
        return -cmp_cand(y, x)
    if isinstance(y, F):
        n, d = y.numerator, y.denominator
        while True:
            if x.khi * d < n << x.m:
                return -1
            if x.klo * d > n << x.m:
                return 1
            x.bisect()
    def lt(a, ma, b, mb):   # a/2^ma < b/2^mb
        return (a << mb) < (b << ma)
    if x.q == y.q:
        lo = x.lo if x.lo > y.lo else y.lo
        hi = x.hi if x.hi < y.hi else y.hi
        if lo < hi and sgn(peval(x.q, lo)) * sgn(peval(x.q, hi)) < 0:
            return 0
    while True:
        if lt(x.khi, x.m, y.klo, y.m):
            return -1
        if lt(y.khi, y.m, x.klo, x.m):
            return 1
        if x.m <= y.m:
            x.bisect()
        else:
            y.bisect()

def sturm_chain(q):
    """q: low->high ints, square-free. chain of Fraction polys"""
    p0 = [F(c) for c in q]
    p1 = trim([F(i * q[i]) for i in range(1, len(q))])
    ch = [p0, p1]
    while len(ch[-1]) > 1:
        r = prem(ch[-2], ch[-1])
        if not r:
            break
        ch.append([-c for c in r])
    return ch

def variations(ch, x):
    n, last = 0, 0
    for p in ch:
        s = sgn(peval(p, x))
        if s:
            if last and s != last:
                n += 1
            last = s
    return n

def isolate01(q):
    """isolating intervals (a,b) of the roots of q in (0,1); q irreducible of degree >= 2"""
    ch = sturm_chain(q)
    out = []
    stack = [(F(0), F(1), variations(ch, F(0)), variations(ch, F(1)))]
    while stack:
        a, b, va, vb = stack.pop()
        n = va - vb
        if n == 0:
            continue
        if n == 1:
            out.append((a, b))
            continue
        m = (a + b) / 2
        vm = variations(ch, m)
        stack.append((a, m, va, vm))
        stack.append((m, b, vm, vb))
    return out

_factor_cache = {}

def roots01(p):
    """exact roots of the primitive polynomial p (tuple, low->high) in [0,1]"""
    if p in _factor_cache:
        return _factor_cache[p]
    out = []
    if len(p) >= 2:
        _, facs = dup_factor_list([ZZ(c) for c in reversed(p)], ZZ)
        for f, _m in facs:
            f = [int(c) for c in f]  # high -> low
            ql = tuple(reversed(f))
            if len(ql) == 2:
                r = F(-ql[0], ql[1])
                if 0 <= r <= 1:
                    out.append(r)
            elif len(ql) > 2:
                for (a, b) in isolate01(ql):
                    assert a < b
                    out.append((ql, a, b))
    _factor_cache[p] = out
    return out

# ---------- the static predicate as polynomials ----------
def build(points):
    """points: list of 3-vectors of polynomials. Returns list of subset records."""
    recs = []
    n = len(points)
    for k in range(1, min(n, 4) + 1):
        for S in combinations(range(n), k):
            s0 = points[S[0]]
            E = [vsub(points[i], s0) for i in S[1:]]
            kk = k - 1
            if kk == 0:
                recs.append(("pt", S, [s0[0], s0[1], s0[2]]))
            elif kk in (1, 2):
                G = [[dot(E[i], E[j]) for j in range(kk)] for i in range(kk)]
                b = [pneg(dot(E[i], s0)) for i in range(kk)]
                if kk == 1:
                    dG = G[0][0]
                    N = [b[0]]
                else:
                    dG = det2(G)
                    N = [det2([[b[0], G[0][1]], [b[1], G[1][1]]]),
                         det2([[G[0][0], b[0]], [G[1][0], b[1]]])]
                R = []
                for c in range(3):
                    rc = pmul(dG, s0[c])
                    for i in range(kk):
                        rc = padd(rc, pmul(N[i], E[i][c]))
                    R.append(rc)
                slack = dG
                for x in N:
                    slack = psub(slack, x)
                recs.append(("gram", S, dG, N, slack, R))
            else:
                M = [[E[j][r] for j in range(3)] for r in range(3)]  # columns e_j
                D = det3(M)
                N = []
                for i in range(3):
                    Mi = [[(pneg(s0[r]) if j == i else M[r][j]) for j in range(3)] for r in range(3)]
                    N.append(det3(Mi))
                slack = D
                for x in N:
                    slack = psub(slack, x)
                recs.append(("full", S, D, N, slack))
    return recs

def all_polys(recs):
    ps = []
    for r in recs:
        if r[0] == "pt":
            ps += r[2]
        elif r[0] == "gram":
            ps += [r[2], r[4]] + r[3] + r[5]
        else:
            ps += [r[2], r[4]] + r[3]
    return ps

def holds(recs, t):
    for r in recs:
        if r[0] == "pt":
            if all(sign_at(c, t) == 0 for c in r[2]):
                return r
        elif r[0] == "gram":
            _, S, dG, N, slack, R = r
            if sign_at(dG, t) == 0:
                continue
            if any(sign_at(c, t) != 0 for c in R):
                continue
            if all(sign_at(x, t) >= 0 for x in N) and sign_at(slack, t) >= 0:
                return r
        else:
            _, S, D, N, slack = r
            sD = sign_at(D, t)
            if sD == 0:
                continue
            if all(sign_at(x, t) * sD >= 0 for x in N) and sign_at(slack, t) * sD >= 0:
                return r
    return None

# ---------- queries ----------
def to_int_query(q):
    """q: 8 rows of 3 Fractions -> 8 rows of ints scaled by a common power of two"""
    den = 1
    for row in q:
        for x in row:
            den = max(den, x.denominator)
    for row in q:
        for x in row:
            assert den % x.denominator == 0
    return [[int(x * den) for x in row] for row in q]

def lin(x0, x1):
    return trim([x0, x1 - x0])

def point_sets(qi, kind):
    P = [[lin(qi[i][c], qi[i + 4][c]) for c in range(3)] for i in range(4)]
    if kind == "vf":
        p = P[0]
        return [vsub(P[1], p), vsub(P[2], p), vsub(P[3], p)]
    else:
        a0, a1, b0, b1 = P
        return [vsub(a0, b0), vsub(a0, b1), vsub(a1, b0), vsub(a1, b1)]

def solve(q, kind):
    """returns (hit, toi) with toi a Fraction or Alg, plus the witness record"""
    qi = to_int_query(q)
    pts = point_sets(qi, kind)
    recs = build(pts)
    w = holds(recs, F(0))
    if w:
        return True, F(0), w
    cands = []
    seen = set()
    for p in all_polys(recs):
        pp = primitive(p)
        if len(pp) < 2 or pp in seen:
            continue
        seen.add(pp)
        for r in roots01(pp):
            if isinstance(r, F):
                if r > 0:
                    cands.append(r)
            else:
                cands.append(Alg(*r))
    # dedupe rationals
    rats = sorted(set(c for c in cands if isinstance(c, F)))
    algs = [c for c in cands if not isinstance(c, F)]
    # dedupe algebraics: same q, same root
    ualgs = []
    for a in algs:
        if not any(b.q == a.q and cmp_cand(a, b) == 0 for b in ualgs):
            ualgs.append(a)
    if F(1) not in rats:
        rats.append(F(1))
    allc = rats + ualgs
    allc.sort(key=cmp_to_key(cmp_cand))
    for c in allc:
        w = holds(recs, c)
        if w:
            return True, c, w
    return False, None, None

# ---------- witness check for rational t ----------
def witness(q, kind, t):
    """exact (u,v) at rational t with the equations verified, or None"""
    pos = [[q[i][c] + t * (q[i + 4][c] - q[i][c]) for c in range(3)] for i in range(4)]
    if kind == "vf":
        p, a, b, c = pos
        pts = [[a[k] - p[k] for k in range(3)], [b[k] - p[k] for k in range(3)], [c[k] - p[k] for k in range(3)]]
    else:
        a0, a1, b0, b1 = pos
        pts = [[x[k] - y[k] for k in range(3)] for (x, y) in ((a0, b0), (a0, b1), (a1, b0), (a1, b1))]
    lam = convex_zero(pts)
    if lam is None:
        return None
    if kind == "vf":
        u, v = lam[1], lam[2]
        p, a, b, c = pos
        assert u >= 0 and v >= 0 and u + v <= 1
        for k in range(3):
            assert p[k] == a[k] + u * (b[k] - a[k]) + v * (c[k] - a[k])
        return (t, u, v)
    else:
        u = lam[2] + lam[3]
        v = lam[1] + lam[3]
        a0, a1, b0, b1 = pos
        assert 0 <= u <= 1 and 0 <= v <= 1
        for k in range(3):
            assert a0[k] + u * (a1[k] - a0[k]) == b0[k] + v * (b1[k] - b0[k])
        return (t, u, v)

def convex_zero(pts):
    """exact lambda >= 0, sum 1, sum lambda_i pts_i = 0, searching affinely independent subsets"""
    n = len(pts)
    for k in range(1, n + 1):
        for S in combinations(range(n), k):
            s0 = pts[S[0]]
            E = [[pts[i][c] - s0[c] for c in range(3)] for i in S[1:]]
            # least squares via Gram, exact
            m = len(E)
            G = [[sum(E[i][c] * E[j][c] for c in range(3)) for j in range(m)] for i in range(m)]
            b = [-sum(E[i][c] * s0[c] for c in range(3)) for i in range(m)]
            mu = gauss(G, b)
            if mu is None:
                continue
            res = [s0[c] + sum(mu[i] * E[i][c] for i in range(m)) for c in range(3)]
            if any(res):
                continue
            if any(x < 0 for x in mu) or sum(mu) > 1:
                continue
            lam = [F(0)] * n
            lam[S[0]] = 1 - sum(mu)
            for i, idx in enumerate(S[1:]):
                lam[idx] = mu[i]
            return lam
    return None

def gauss(A, b):
    m = len(A)
    M = [list(map(F, A[i])) + [F(b[i])] for i in range(m)]
    for c in range(m):
        piv = next((r for r in range(c, m) if M[r][c] != 0), None)
        if piv is None:
            return None
        M[c], M[piv] = M[piv], M[c]
        for r in range(m):
            if r != c and M[r][c] != 0:
                f = M[r][c] / M[c][c]
                M[r] = [M[r][j] - f * M[c][j] for j in range(m + 1)]
    return [M[i][m] / M[i][i] for i in range(m)]
