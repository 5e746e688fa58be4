# Float families: random doubles with crossings engineered to be very close to an edge / vertex /
# the ends of the step, so the float filter must be right (or pass to the exact stage).
import random, math
from fractions import Fraction as F

def fl(x):
    return F(float(x))

def r3(R, s=1.0):
    return [R.uniform(-s, s) for _ in range(3)]

def cross(a, b):
    return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]

def tiny(R):
    return R.choice([0.0, 1.0, -1.0]) * 2.0 ** -R.choice([20, 40, 50, 52, 53, 54, 60, 80, 200])

def vf_float():
    fams = {}
    def near(R):
        a, b, c = r3(R), r3(R), r3(R)
        n = cross([b[i]-a[i] for i in range(3)], [c[i]-a[i] for i in range(3)])
        mode = R.randrange(3)
        if mode == 0:      # near edge ab
            u, v = R.random(), tiny(R)
        elif mode == 1:    # near vertex a
            u, v = tiny(R), tiny(R)
        else:              # near edge bc
            u = R.random(); v = 1 - u + tiny(R)
        X = [a[i] + u*(b[i]-a[i]) + v*(c[i]-a[i]) for i in range(3)]
        tc = R.choice([R.random(), tiny(R) if R.random() < 0.5 else 1 - abs(tiny(R)), 0.5])
        h = R.uniform(0.1, 2)
        p0 = [X[i] + tc*h*n[i] for i in range(3)]
        p1 = [X[i] - (1-tc)*h*n[i] for i in range(3)]
        if R.random() < 0.3:   # moving triangle too: translate everything at t1
            d = r3(R, 0.5)
            a1, b1, c1 = [[x[i] + d[i] for i in range(3)] for x in (a, b, c)]
            p1 = [p1[i] + d[i] for i in range(3)]
        else:
            a1, b1, c1 = a, b, c
        return [[fl(x) for x in row] for row in (p0, a, b, c, p1, a1, b1, c1)]
    fams["vf_float_near"] = near
    return fams

def ee_float():
    fams = {}
    def near(R):
        a0, a1, b0 = r3(R), r3(R), r3(R)
        mode = R.randrange(3)
        u = R.random() if mode == 0 else tiny(R) if mode == 1 else 1 + tiny(R)
        v = tiny(R) if mode != 0 else R.random()
        if mode == 0:
            u = tiny(R) if R.random() < 0.5 else 1 + tiny(R)
        X = [a0[i] + u*(a1[i]-a0[i]) for i in range(3)]
        # b1 such that b0 + v' (b1-b0) passes through X at v' = max(v, 0.3)
        vv = R.uniform(0.2, 0.8)
        b1 = [b0[i] + (X[i]-b0[i])/vv for i in range(3)]
        n = cross([a1[i]-a0[i] for i in range(3)], [b1[i]-b0[i] for i in range(3)])
        tc = R.choice([R.random(), tiny(R) if R.random() < 0.5 else 1 - abs(tiny(R)), 0.5])
        h = R.uniform(0.1, 2)
        b0t0 = [b0[i] + tc*h*n[i] for i in range(3)]; b1t0 = [b1[i] + tc*h*n[i] for i in range(3)]
        b0t1 = [b0[i] - (1-tc)*h*n[i] for i in range(3)]; b1t1 = [b1[i] - (1-tc)*h*n[i] for i in range(3)]
        return [[fl(x) for x in row] for row in (a0, a1, b0t0, b1t0, a0, a1, b0t1, b1t1)]
    fams["ee_float_near"] = near
    return fams

def _generic_vf(R):
    s = R.choice([1.0, 1e-3, 1e3])
    q = [r3(R, s) for _ in range(4)]
    d = [r3(R, s * 0.3) for _ in range(4)]
    q1 = [[q[k][i] + d[k][i] for i in range(3)] for k in range(4)]
    return [[fl(x) for x in row] for row in q + q1]

def _grazing_vf(R):
    # p moves exactly-ish parallel to a tilted float plane, offset tiny: near-double-root / no root
    a, b, c = r3(R), r3(R), r3(R)
    n = cross([b[i]-a[i] for i in range(3)], [c[i]-a[i] for i in range(3)])
    u, v = R.random() * 0.5, R.random() * 0.5
    X = [a[i] + u*(b[i]-a[i]) + v*(c[i]-a[i]) for i in range(3)]
    e = [b[i]-a[i] for i in range(3)]
    off = tiny(R)
    p0 = [X[i] - 0.5*e[i] + off*n[i] for i in range(3)]
    p1 = [X[i] + 0.5*e[i] + off*n[i] for i in range(3)]
    return [[fl(x) for x in row] for row in (p0, a, b, c, p1, a, b, c)]

_old_vf_float = vf_float
def vf_float():
    f = _old_vf_float()
    f["vf_float_generic"] = _generic_vf
    f["vf_float_grazing"] = _grazing_vf
    return f

def _generic_ee(R):
    s = R.choice([1.0, 1e-3, 1e3])
    q = [r3(R, s) for _ in range(4)]
    d = [r3(R, s * 0.3) for _ in range(4)]
    q1 = [[q[k][i] + d[k][i] for i in range(3)] for k in range(4)]
    return [[fl(x) for x in row] for row in q + q1]

def _grazing_ee(R):
    a0, a1 = r3(R), r3(R)
    b0 = r3(R)
    da = [a1[i]-a0[i] for i in range(3)]
    w = r3(R)
    n = cross(da, w)
    # edge b in the plane through a spanned by da, w, offset tiny along n, sliding along w
    s0, s1 = R.random(), R.random()
    off = tiny(R)
    base = [a0[i] + s0*da[i] for i in range(3)]
    bb0 = [base[i] - 0.5*w[i] + off*n[i] for i in range(3)]
    bb1 = [base[i] + 0.3*da[i] - 0.4*w[i] + off*n[i] for i in range(3)]
    sh = R.uniform(-1, 1)
    t1a = [bb0[i] + sh*w[i] for i in range(3)]
    t1b = [bb1[i] + sh*w[i] for i in range(3)]
    return [[fl(x) for x in row] for row in (a0, a1, bb0, bb1, a0, a1, t1a, t1b)]

_old_ee_float = ee_float
def ee_float():
    f = _old_ee_float()
    f["ee_float_generic"] = _generic_ee
    f["ee_float_grazing"] = _grazing_ee
    return f

def _mid_tiny(R):
    return R.choice([1.0, -1.0]) * 2.0 ** -R.randint(3, 40)

def vf_float_mid():
    import gen3 as g
    old = g.tiny
    fam = g._old_vf_float()["vf_float_near"]
    def f(R):
        g.tiny = _mid_tiny
        try:
            return fam(R)
        finally:
            g.tiny = old
    def f2(R):
        g.tiny = _mid_tiny
        try:
            return g._grazing_vf(R)
        finally:
            g.tiny = old
    return {"vf_float_mid": f, "vf_float_mid_grazing": f2}

def ee_float_mid():
    import gen3 as g
    old = g.tiny
    fam = g._old_ee_float()["ee_float_near"]
    def f(R):
        g.tiny = _mid_tiny
        try:
            return fam(R)
        finally:
            g.tiny = old
    def f2(R):
        g.tiny = _mid_tiny
        try:
            return g._grazing_ee(R)
        finally:
            g.tiny = old
    return {"ee_float_mid": f, "ee_float_mid_grazing": f2}
