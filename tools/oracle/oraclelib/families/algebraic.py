"""Algebraic degeneracy instants and double roots: a triangle flat, or two edges parallel, only
at t = 1/sqrt(2) (irrational instants); a vertex or an edge touching a plane along a double root
of the coplanarity cubic at a chosen dyadic time."""
from fractions import Fraction as F

from .common import add, coplanar_map, mul, rot_axes, sub


def h(R, lo=-4, hi=4):
    return F(R.randint(lo, hi), 2)

def vf_irrational():
    def fam(R):
        o = [h(R), h(R), F(0)]
        k = F(R.choice([1, 2]))
        b0 = add(o, [k, F(0), F(0)]); b1 = add(o, [k, k, F(0)])        # o + k(1, t)
        c0 = add(o, [F(0), k, F(0)]); c1 = add(o, [2 * k, k, F(0)])    # o + k(2t, 1)
        if R.random() < 0.5:
            p0 = [h(R), h(R), F(0)]; p1 = [h(R), h(R), F(0)]
        else:  # p moving along the ray direction (1,1)/... through region of the flat instant
            s = h(R, -2, 4)
            p0 = add(o, [s, F(-1), F(0)]); p1 = add(o, [s, F(2), F(0)])
        q = [p0, o, b0, c0, p1, o, b1, c1]
        if R.random() < 0.5:
            q = coplanar_map(R, q)
        return rot_axes(R, q)
    return {"vf_irr_flat": fam}

def ee_irrational():
    def fam(R):
        o = [h(R), h(R), F(0)]
        k = F(R.choice([1, 2]))
        a0 = o; a1_0 = add(o, [k, F(0), F(0)]); a1_1 = add(o, [k, k, F(0)])
        b0_0 = [h(R), h(R), F(0)]; b0_1 = [h(R), h(R), F(0)]
        if R.random() < 0.5:
            b0_1 = add(b0_0, [F(R.randint(-2, 2)), F(R.randint(-2, 2)), F(0)])
        b1_0 = add(b0_0, [F(0), k, F(0)]); b1_1 = add(b0_1, [2 * k, k, F(0)])
        q = [a0, a1_0, b0_0, b1_0, a0, a1_1, b0_1, b1_1]
        if R.random() < 0.5:
            q = coplanar_map(R, q)
        return rot_axes(R, q)
    return {"ee_irr_parallel": fam}


def _double_root_draws(R):
    """The draws both double-root families start with: the point's x (s), the far vertex's x
    (cx), and its z at t = 0 and 1 (zp0, zp1) for a double root at a dyadic r in [0, 1]."""
    r = R.choice([F(0), F(1), F(1, 2), F(1, 4), F(3, 4), F(1, 8), F(5, 8), F(7, 8)])
    s = F(R.randint(-6, 6), 4)
    cx = F(R.randint(-4, 4), 2)
    zp0 = 1 - 2 * r * r
    return s, cx, zp0, zp0 + 4 * r - 3


def vf_double_root():
    def fam(R):
        s, cx, zp0, zp1 = _double_root_draws(R)
        a = [F(-2), F(-2), F(0)]; b = [F(2), F(-2), F(0)]
        q = [[s, F(2), zp0], a, b, [cx, F(2), F(1)], [s, F(-2), zp1], a, b, [cx, F(2), F(-1)]]
        if R.random() < 0.3:
            # flip the sign of the grazing: p crosses instead? keep; but shift p by a tiny z
            q[0] = [q[0][0], q[0][1], q[0][2] + F(R.choice([1, -1]), 2 ** R.randint(1, 60))]
            q[4] = [q[4][0], q[4][1], q[4][2] + q[0][2] - zp0]
        return rot_axes(R, q)
    return {"vf_double_root": fam}

def ee_double_root():
    def fam(R):
        s, cx, zp0, zp1 = _double_root_draws(R)
        k = F(R.choice([-4, -2, -1, 1, 2, 4]), R.choice([1, 2, 4]))
        a = [F(-2), F(-2), F(0)]
        p0 = [s, F(2), zp0]; p1 = [s, F(-2), zp1]
        q = [a, [cx, F(2), F(1)], p0, [s + k, F(2), zp0], a, [cx, F(2), F(-1)], p1, [s + k, F(-2), zp1]]
        return rot_axes(R, q)
    return {"ee_double_root": fam}
