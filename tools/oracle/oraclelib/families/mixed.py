"""Mixed magnitudes (2^-1000 next to 2^1000), a vertex sliding along an edge's line, dyadic
random queries, contact exactly at a corner or an edge's endpoint."""
from fractions import Fraction as F

from .common import add, coplanar_map, dy, mul, rot_axes, rpt, sub


def vf():
    fams = {}
    def mixed_mag(R):
        big = F(2) ** R.choice([30, 200, 600, 1000])
        tiny = F(2) ** -R.choice([30, 200, 600, 1000])
        a = [-big, -big, F(0)]; b = [big, -big, F(0)]; c = [F(0), big, F(0)]
        if R.random() < 0.5:
            a = [F(R.randint(-2, 2)) * big for _ in range(2)] + [F(0)]
        z0 = F(R.randint(-2, 2)) * tiny; z1 = F(R.randint(-2, 2)) * tiny
        x0 = [F(R.randint(-2, 2)) * R.choice([tiny, F(1), big]) for _ in range(2)]
        x1 = [F(R.randint(-2, 2)) * R.choice([tiny, F(1), big]) for _ in range(2)]
        return rot_axes(R, [x0 + [z0], a, b, c, x1 + [z1], a, b, c])
    fams["vf_mixed_mag"] = mixed_mag
    def slide_edge(R):
        # triangle moving in a fixed plane, vertex sliding on the line of edge ab (moving with it)
        a0, b0, c0 = [[F(R.randint(-3, 3)), F(R.randint(-3, 3)), F(0)] for _ in range(3)]
        d = [F(R.randint(-2, 2)), F(R.randint(-2, 2)), F(0)]
        a1, b1, c1 = add(a0, d), add(b0, d), c0 if R.random() < 0.5 else add(c0, [F(R.randint(-2, 2)), F(R.randint(-2, 2)), F(0)])
        s0, s1 = F(R.randint(-4, 8), 4), F(R.randint(-4, 8), 4)
        p0 = add(a0, mul(s0, sub(b0, a0))); p1 = add(a1, mul(s1, sub(b1, a1)))
        q = [p0, a0, b0, c0, p1, a1, b1, c1]
        if R.random() < 0.5:
            q = coplanar_map(R, q)
        return rot_axes(R, q)
    fams["vf_slide_edge"] = slide_edge
    def dyadic_rand(R):
        return [[F(R.randint(-8, 8), 4) for _ in range(3)] for _ in range(8)]
    fams["vf_dyadic_rand"] = dyadic_rand
    def corner(R):
        # vertex passes exactly through / by a corner of a moving triangle
        a0, b0, c0 = rpt(R), rpt(R), rpt(R)
        d = rpt(R, -1, 1)
        a1, b1, c1 = add(a0, d), add(b0, d), add(c0, d)
        w = rpt(R, -2, 2)
        tt = dy(R)
        corner_t = add(a0, mul(tt, d))
        p0 = sub(corner_t, mul(tt, w)); p1 = add(corner_t, mul(1 - tt, w))
        return [p0, a0, b0, c0, p1, a1, b1, c1]
    fams["vf_corner"] = corner
    return fams

def ee():
    fams = {}
    def mixed_mag(R):
        big = F(2) ** R.choice([30, 200, 600, 1000])
        tiny = F(2) ** -R.choice([30, 200, 600, 1000])
        a0 = [-big, F(0), F(0)]; a1 = [big, F(0), F(0)]
        x = F(R.randint(-2, 2)) * R.choice([tiny, F(1), big])
        z0 = F(R.randint(-2, 2)) * tiny; z1 = F(R.randint(-2, 2)) * tiny
        yb = R.choice([tiny, F(1), big])
        q = [a0, a1, [x, -yb, z0], [x, yb, z0], a0, a1, [x, -yb, z1], [x, F(R.randint(-1, 2)) * yb, z1]]
        return rot_axes(R, q)
    fams["ee_mixed_mag"] = mixed_mag
    def dyadic_rand(R):
        return [[F(R.randint(-8, 8), 4) for _ in range(3)] for _ in range(8)]
    fams["ee_dyadic_rand"] = dyadic_rand
    def endpoint_touch(R):
        # endpoint of b passes exactly through edge a (interior or endpoint) at a dyadic time
        a0, a1 = rpt(R), rpt(R)
        d = rpt(R, -1, 1)
        tt = dy(R); s = dy(R)
        pt = add(add(a0, mul(s, sub(a1, a0))), mul(tt, d))
        w = rpt(R, -2, 2)
        b0 = sub(pt, mul(tt, w)); b0t1 = add(pt, mul(1 - tt, w))
        b1, b1t1 = rpt(R), rpt(R)
        return [a0, a1, b0, b1, add(a0, d), add(a1, d), b0t1, b1t1]
    fams["ee_endpoint_touch"] = endpoint_touch
    return fams
