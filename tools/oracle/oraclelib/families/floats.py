"""Float families: random doubles with crossings engineered very close to an edge, a vertex or
the ends of the step, generic float queries, and grazing motion at a tiny offset from a tilted
plane, so the judge's float filters must be right (or pass the query on to the exact stage).

`near` offsets are 0 or +-2^-20 .. 2^-200 (the "float" set); the "float-mid" set uses
+-2^-3 .. 2^-40 instead, which the float filters decide more often on their own."""
from fractions import Fraction as F


def fl(x):
    return F(float(x))


def r3(R, s=1.0):
    return [R.uniform(-s, s) for _ in range(3)]


def cross(a, b):
    return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]


def tiny(R):
    return R.choice([0.0, 1.0, -1.0]) * 2.0 ** -R.choice([20, 40, 50, 52, 53, 54, 60, 80, 200])


def mid_tiny(R):
    return R.choice([1.0, -1.0]) * 2.0 ** -R.randint(3, 40)


def vf_near(R, tiny=tiny):
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


def ee_near(R, tiny=tiny):
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


def generic(R):
    s = R.choice([1.0, 1e-3, 1e3])
    q = [r3(R, s) for _ in range(4)]
    d = [r3(R, s * 0.3) for _ in range(4)]
    q1 = [[q[k][i] + d[k][i] for i in range(3)] for k in range(4)]
    return [[fl(x) for x in row] for row in q + q1]


def vf_grazing(R, tiny=tiny):
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


def ee_grazing(R, tiny=tiny):
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


def vf():
    return {"vf_float_near": vf_near, "vf_float_generic": generic, "vf_float_grazing": vf_grazing}


def ee():
    return {"ee_float_near": ee_near, "ee_float_generic": generic, "ee_float_grazing": ee_grazing}


def vf_mid():
    return {"vf_float_mid": lambda R: vf_near(R, mid_tiny),
            "vf_float_mid_grazing": lambda R: vf_grazing(R, mid_tiny)}


def ee_mid():
    return {"ee_float_mid": lambda R: ee_near(R, mid_tiny),
            "ee_float_mid_grazing": lambda R: ee_grazing(R, mid_tiny)}
