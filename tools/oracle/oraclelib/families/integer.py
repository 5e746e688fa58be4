"""Adversarial families on small integers and dyadics: random, coplanar (fixed, tilted, moving
planes), degenerate triangles and edges, parallel and collinear edges, contact at t = 0 and 1,
static queries, grazing, tiny and huge TOIs, cubics with several roots in [0,1]."""
from fractions import Fraction as F

from .common import (P, add, coplanar_map, dy, has_root_structure, mul, rot_axes, rpt, sub)


def rand_small(R):
    """Eight random small integer points (both kinds)."""
    return [rpt(R) for _ in range(8)]


def rand_01(R):
    """Eight random points in [0, 1]^3 (both kinds)."""
    return [rpt(R, 0, 1) for _ in range(8)]


def tiny_toi_heights(R):
    """The heights at t = 0 and 1 of a point crossing z = 0 (both kinds' tiny_toi): TOI =
    z0 / (z0 - z1) of mixed magnitude, near 0 or (30%) near 1."""
    e0 = R.choice([-1074, -1073, -1060, -1022, -1000, -600, -100, -53, -52, -30, -1, 0])
    z0 = F(R.randint(1, 7)) * F(2) ** e0
    z1 = -F(R.randint(1, 9)) * F(2) ** R.choice([-1074, -1000, -60, -3, 0, 5, 40, 900])
    if R.random() < 0.3:
        z0, z1 = -z1, -z0  # TOI near 1
    return z0, z1


def cubic_roots(kind):
    """Rejection sampling: a coplanarity cubic with a multiple root in [0,1] or >= 2 roots in
    [0,1]."""
    def fam(R):
        while True:
            q = [rpt(R, -3, 3) for _ in range(8)]
            if has_root_structure(q, kind, R):
                return q
    return fam


def vf():
    fams = {}

    fams["vf_rand_small"] = rand_small
    fams["vf_rand_01"] = rand_01

    def coplanar_fixed(R):
        q = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(8)]
        return rot_axes(R, q)
    fams["vf_coplanar_fixed"] = coplanar_fixed

    def coplanar_tilted(R):
        q = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(8)]
        return rot_axes(R, coplanar_map(R, q))
    fams["vf_coplanar_tilted"] = coplanar_tilted

    def coplanar_translating(R):
        z0, z1 = F(R.randint(-2, 2)), F(R.randint(-2, 2))
        q = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), z0 if i < 4 else z1] for i in range(8)]
        return rot_axes(R, q)
    fams["vf_coplanar_translating"] = coplanar_translating

    def coplanar_static_tri(R):
        # static triangle in z=0, vertex moving in plane (cross edge / touch edge / corner / pass by)
        a, b, c = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(3)]
        p0 = [F(R.randint(-4, 4)), F(R.randint(-4, 4)), F(0)]
        p1 = [F(R.randint(-4, 4)), F(R.randint(-4, 4)), F(0)]
        return rot_axes(R, [p0, a, b, c, p1, a, b, c])
    fams["vf_coplanar_static_tri"] = coplanar_static_tri

    def on_edge_line(R):
        a0, b0, c0 = rpt(R), rpt(R), rpt(R)
        mv = R.random() < 0.5
        a1, b1, c1 = (rpt(R), rpt(R), rpt(R)) if mv else (a0, b0, c0)
        s0 = F(R.randint(-4, 8), 4); s1 = F(R.randint(-4, 8), 4)
        p0 = add(a0, mul(s0, sub(b0, a0)))
        p1 = add(a1, mul(s1, sub(b1, a1)))
        return [p0, a0, b0, c0, p1, a1, b1, c1]
    fams["vf_on_edge_line"] = on_edge_line

    def degenerate_tri(R):
        kind = R.randrange(4)
        def tri():
            a, b = rpt(R), rpt(R)
            if kind == 0:  # collinear
                c = add(a, mul(F(R.randint(-2, 3), 2), sub(b, a)))
            elif kind == 1:  # two coincident
                c = list(a)
            elif kind == 2:  # all coincident
                b = list(a); c = list(a)
            else:
                c = rpt(R)
            return a, b, c
        a0, b0, c0 = tri(); a1, b1, c1 = tri()
        if R.random() < 0.5:
            # p on one of the degenerate triangle's edges at t0 or t1
            s = dy(R)
            p0 = add(a0, mul(s, sub(b0, a0))) if R.random() < 0.5 else rpt(R)
            p1 = add(b1, mul(s, sub(c1, b1))) if R.random() < 0.5 else rpt(R)
        else:
            p0, p1 = rpt(R), rpt(R)
        q = [p0, a0, b0, c0, p1, a1, b1, c1]
        return q
    fams["vf_degenerate_tri"] = degenerate_tri

    def flip_tri(R):
        # c crosses the line ab at one instant (triangle degenerate at t = 1/2 or other)
        a, b = rpt(R), rpt(R)
        m = add(a, mul(dy(R), sub(b, a)))
        off = rpt(R, -2, 2)
        k = R.choice([F(1), F(1, 2), F(2), F(4)])
        c0 = add(m, off); c1 = sub(m, mul(k, off))
        a1, b1 = (a, b) if R.random() < 0.6 else (add(a, rpt(R, -1, 1)), add(b, rpt(R, -1, 1)))
        if R.random() < 0.5:
            p0, p1 = rpt(R), rpt(R)
        else:
            # vertex sitting on segment ab (or line) whole time
            s = F(R.randint(-2, 6), 4)
            p0 = add(a, mul(s, sub(b, a))); p1 = add(a1, mul(s, sub(b1, a1)))
        return [p0, a, b, c0, p1, a1, b1, c1]
    fams["vf_flip_tri"] = flip_tri

    def static(R):
        q = R.choice([rand_small, coplanar_fixed, degenerate_tri, on_edge_line])(R)
        return q[:4] + [list(r) for r in q[:4]]
    fams["vf_static"] = static

    def touch_end(R):
        q = rand_small(R)
        at = R.choice([0, 4])
        u, v = dy(R), dy(R)
        if u + v > 1:
            u, v = 1 - u, 1 - v
            if u < 0 or v < 0:
                u, v = F(0), F(1)
        a, b, c = q[at + 1], q[at + 2], q[at + 3]
        q[at] = add(a, add(mul(u, sub(b, a)), mul(v, sub(c, a))))
        return q
    fams["vf_touch_end"] = touch_end

    def grazing_planar(R):
        # p moves parallel to a static plane at distance d in {0, tiny}; or touches a corner
        a, b, c = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(3)]
        z = R.choice([F(0), F(0), F(1, 2**R.randint(1, 60))])
        p0 = [F(R.randint(-4, 4)), F(R.randint(-4, 4)), z]
        p1 = [F(R.randint(-4, 4)), F(R.randint(-4, 4)), z]
        return rot_axes(R, [p0, a, b, c, p1, a, b, c])
    fams["vf_grazing_planar"] = grazing_planar

    def tiny_toi(R):
        # big static triangle in z=0, p descending: TOI = z0/(z0 - z1) of mixed magnitude
        a, b, c = P(-4, -4, 0), P(4, -4, 0), P(0, 4, 0)
        z0, z1 = tiny_toi_heights(R)
        xy = [F(R.randint(-1, 1)), F(R.randint(-1, 1))]
        q = [xy + [z0], a, b, c, xy + [z1], a, b, c]
        return rot_axes(R, q)
    fams["vf_tiny_toi"] = tiny_toi

    fams["vf_cubic_roots"] = cubic_roots("vf")
    return fams


def ee():
    fams = {}

    fams["ee_rand_small"] = rand_small
    fams["ee_rand_01"] = rand_01

    def parallel(R):
        def edges():
            a0 = rpt(R); d = rpt(R, -2, 2)
            a1 = add(a0, d)
            k = F(R.choice([1, -1, 2, -2, 1, 1])) * R.choice([F(1), F(1, 2)])
            if R.random() < 0.5:
                b0 = add(a0, mul(F(R.randint(-6, 6), 4), d))   # collinear
            else:
                b0 = add(a0, rpt(R, -1, 1))
            b1 = add(b0, mul(k, d))
            return a0, a1, b0, b1
        e0 = edges()
        e1 = edges() if R.random() < 0.5 else tuple(add(x, rpt(R, -1, 1)) for x in e0) if R.random() < 0.5 else e0
        return list(e0) + list(e1)
    fams["ee_parallel"] = parallel

    def collinear_line(R):
        # all four points on one line (the x axis), possibly translating in y,z: 1D interval motion
        y0, y1 = F(R.randint(-1, 1)), F(R.randint(-1, 1))
        xs = [F(R.randint(-4, 4)) for _ in range(8)]
        q = [[xs[i], y0 if i < 4 else y1, F(0)] for i in range(8)]
        return rot_axes(R, q)
    fams["ee_collinear_line"] = collinear_line

    def zero_length(R):
        q = [rpt(R) for _ in range(8)]
        m = R.randrange(5)
        if m in (0, 2):
            q[1] = list(q[0]); q[5] = list(q[4])   # edge a zero-length
        if m in (1, 2):
            q[3] = list(q[2]); q[7] = list(q[6])   # edge b zero-length
        if m == 3:
            q[1] = list(q[0])                       # zero-length at t0 only
        if m == 4:
            q[7] = list(q[6])                       # zero-length at t1 only
        if R.random() < 0.3:
            q[2] = list(q[0])                       # coincident points at t0
        if R.random() < 0.3:
            q[7] = list(q[5])
        return q
    fams["ee_zero_length"] = zero_length

    def coplanar(R):
        q = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(8)]
        if R.random() < 0.5:
            q = coplanar_map(R, q)
        return rot_axes(R, q)
    fams["ee_coplanar"] = coplanar

    def coplanar_static_edge(R):
        a0, a1 = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(2)]
        b = [[F(R.randint(-4, 4)), F(R.randint(-4, 4)), F(0)] for _ in range(4)]
        return rot_axes(R, [a0, a1, b[0], b[1], a0, a1, b[2], b[3]])
    fams["ee_coplanar_static_edge"] = coplanar_static_edge

    def flip_edge(R):
        # edge a shrinks through zero length at one instant
        c = rpt(R); d = rpt(R, -2, 2)
        k = R.choice([F(1), F(1, 2), F(2), F(4)])
        a0, a1 = add(c, d), sub(c, d)
        c1 = add(c, rpt(R, -1, 1)) if R.random() < 0.5 else c
        a0t1, a1t1 = sub(c1, mul(k, d)), add(c1, mul(k, d))
        b0, b1, b0t1, b1t1 = rpt(R), rpt(R), rpt(R), rpt(R)
        if R.random() < 0.5:
            s = dy(R)
            b0 = add(a0, mul(s, sub(a1, a0)))
        return [a0, a1, b0, b1, a0t1, a1t1, b0t1, b1t1]
    fams["ee_flip_edge"] = flip_edge

    def static(R):
        q = R.choice([rand_small, parallel, zero_length, coplanar, collinear_line])(R)
        return q[:4] + [list(r) for r in q[:4]]
    fams["ee_static"] = static

    def touch_end(R):
        q = rand_small(R)
        at = R.choice([0, 4])
        u, v = dy(R), R.choice([F(0), F(1), F(1, 2), F(1, 4), F(1, 8)])
        a0, a1, b0 = q[at], q[at + 1], q[at + 2]
        pa = add(a0, mul(u, sub(a1, a0)))
        # choose b1 so that b0 + v (b1 - b0) = pa  (v != 0)
        if v == 0:
            q[at + 2] = pa
        else:
            q[at + 3] = add(b0, mul(1 / v, sub(pa, b0)))
        return q
    fams["ee_touch_end"] = touch_end

    def grazing(R):
        # edge b slides parallel to the plane containing a static edge a, in the plane or at tiny offset
        a0, a1 = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(2)]
        z = R.choice([F(0), F(0), F(1, 2**R.randint(1, 60))])
        b = [[F(R.randint(-4, 4)), F(R.randint(-4, 4)), z] for _ in range(4)]
        return rot_axes(R, [a0, a1, b[0], b[1], a0, a1, b[2], b[3]])
    fams["ee_grazing"] = grazing

    def tiny_toi(R):
        a0, a1 = P(-4, 0, 0), P(4, 0, 0)
        z0, z1 = tiny_toi_heights(R)
        x = F(R.randint(-1, 1))
        q = [a0, a1, [x, F(-2), z0], [x, F(3), z0], a0, a1, [x, F(-2), z1], [x, F(3), z1]]
        return rot_axes(R, q)
    fams["ee_tiny_toi"] = tiny_toi

    fams["ee_cubic_roots"] = cubic_roots("ee")
    return fams
