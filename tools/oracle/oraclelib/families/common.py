"""Building blocks of the query families: small random integer points, dyadic parameters,
vector arithmetic on Fractions, exact planar maps, and the coplanarity cubic's root structure."""
from fractions import Fraction as F

from .. import exact


def P(*v):
    return [F(x) for x in v]

def rint(R, lo, hi):
    return R.randint(lo, hi)

def rpt(R, lo=-2, hi=2):
    return [F(R.randint(lo, hi)) for _ in range(3)]

def dy(R):
    # a dyadic in [0,1] with small denominators, boundary values frequent
    return R.choice([F(0), F(1), F(1, 2), F(1, 4), F(3, 4), F(1, 8), F(5, 8), F(R.randint(0, 16), 16)])

def add(u, v): return [u[i] + v[i] for i in range(3)]
def sub(u, v): return [u[i] - v[i] for i in range(3)]
def mul(s, u): return [s * x for x in u]

def coplanar_map(R, q):
    """z := alpha x + beta y + gamma (same map at both times) -> coplanar for all t"""
    al, be, ga = F(R.randint(-2, 2)), F(R.randint(-2, 2)), F(R.randint(-2, 2))
    return [[r[0], r[1], al * r[0] + be * r[1] + ga] for r in q]

def rot_axes(R, q):
    perm = R.choice([(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1)])
    sg = [R.choice([1, -1]) for _ in range(3)]
    return [[sg[i] * r[perm[i]] for i in range(3)] for r in q]


def cubic_of(q, kind):
    qi = exact.to_int_query(q)
    lin = exact.lin
    Pp = [[lin(qi[i][c], qi[i + 4][c]) for c in range(3)] for i in range(4)]
    if kind == "vf":
        p, a, b, c = Pp
        M = [exact.vsub(b, a), exact.vsub(c, a), exact.vsub(p, a)]
    else:
        a0, a1, b0, b1 = Pp
        M = [exact.vsub(a1, a0), exact.vsub(b1, b0), exact.vsub(b0, a0)]
    return exact.det3([[M[j][r] for j in range(3)] for r in range(3)])

def has_root_structure(q, kind, R):
    from sympy.polys.domains import ZZ
    from sympy.polys.factortools import dup_factor_list
    f = exact.primitive(cubic_of(q, kind))
    if len(f) < 2:
        return R.random() < 0.05   # identically zero or constant: keep a few
    _, facs = dup_factor_list([ZZ(c) for c in reversed(f)], ZZ)
    nroots = 0
    multi = False
    for g, m in facs:
        rs = exact.roots01(exact.primitive(list(reversed([int(c) for c in g]))))
        nroots += len(rs)
        if m >= 2 and rs:
            multi = True
    return multi or nroots >= 2
