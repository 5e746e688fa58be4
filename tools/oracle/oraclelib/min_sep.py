"""An independent numeric check of the judge at a minimum separation d (`ccdbench truth
--min-sep D`): the distance between the primitives as a function of t, minimised numerically.

dist(t) is evaluated from closest points (no polynomial in t, nothing shared with the judge):
VF, the projection of p onto the triangle's plane when its Gram barycentric coordinates are all
>= 0, else the nearest of the three clamped point-segment distances; EE, the closest points of
the two lines when both parameters lie in [0, 1], else the nearest of the four endpoint-segment
distances. The minimiser samples a grid in double precision to find the basins, then refines
the best basins by golden-section search in mpmath (DPS digits) and evaluates every value it
reports in mpmath.

Rigid kinds (rigid-vf, rigid-ee; docs/rigid.md): the points at t from the screw motion written
the textbook way, not as the judge's polynomials in u: Rodrigues' rotation by the angle
phi1 t = 2 atan(|w|) t about the unit axis w / |w| through c, plus the translation
tan(phi1 t / 2) / |w| s (t s when w = 0), applied to the moving primitive's points (row 8).

The rigid kinds' trigonometry is slow in mpmath, so there the grid is finer (RIGID_GRID) and the
golden-section search runs in doubles; the times it ends at (and every other candidate) are then
evaluated in mpmath as above, so every reported value is still an mpmath value.

Checks (REL = 1e-12, far above the numeric error and far below any real violation):
  * a query judged a miss at d: no time found with dist < d (1 - REL);
  * a query judged a hit: dist(toi_hi) <= d (1 + REL) (toi_hi is at or just after the exact
    TOI), and no time before toi_lo found with dist < d (1 - REL)."""
import math

import mpmath

DPS = 32
REL = mpmath.mpf("1e-12")
GRID = 256
RIGID_GRID = 1024
BASINS = 4
GOLDEN_STEPS = 64


def _sub(a, b):
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _pt_seg2(p, a, b):
    e, w = _sub(b, a), _sub(p, a)
    ee = _dot(e, e)
    s = 0
    if ee > 0:
        s = _dot(w, e) / ee
        s = 0 if s < 0 else (1 if s > 1 else s)
    r = [w[0] - s * e[0], w[1] - s * e[1], w[2] - s * e[2]]
    return _dot(r, r)


def _at(q, i, t):
    return [q[i][j] + t * (q[i + 4][j] - q[i][j]) for j in range(3)]


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _rigid_points(q, kind, t):
    """The four points of a rigid query at time t (floats with math, mpf with mpmath)."""
    M = mpmath if isinstance(t, mpmath.mpf) else math
    c, w, s = q[4], q[5], q[6]
    nw = M.sqrt(_dot(w, w))
    second = q[7][0] != 0
    moving = ([1, 2, 3] if second else [0]) if kind == "rigid-vf" else (
        [2, 3] if second else [0, 1])
    if nw == 0:
        cs, sn, g, k = 1, 0, t, [0, 0, 0]
    else:
        theta = 2 * M.atan(nw) * t
        cs, sn, g = M.cos(theta), M.sin(theta), M.tan(theta / 2) / nw
        k = [w[j] / nw for j in range(3)]
    pts = []
    for i in range(4):
        if i not in moving:
            pts.append(list(q[i]))
            continue
        y = _sub(q[i], c)
        kxy, ky = _cross(k, y), _dot(k, y)
        pts.append([c[j] + y[j] * cs + kxy[j] * sn + k[j] * ky * (1 - cs) + g * s[j]
                    for j in range(3)])
    return pts


def dist2(q, kind, t):
    """Squared distance at time t; q holds floats or mpf, t the same type."""
    if kind.startswith("rigid-"):
        x = _rigid_points(q, kind, t)
        kind = kind[len("rigid-"):]
    else:
        x = [_at(q, i, t) for i in range(4)]
    if kind == "vf":
        p, a, b, c = x
        best = min(_pt_seg2(p, a, b), _pt_seg2(p, b, c), _pt_seg2(p, c, a))
        v0, v1, v2 = _sub(b, a), _sub(c, a), _sub(p, a)
        d00, d01, d11 = _dot(v0, v0), _dot(v0, v1), _dot(v1, v1)
        d20, d21 = _dot(v2, v0), _dot(v2, v1)
        den = d00 * d11 - d01 * d01
        if den > 0:
            v = (d11 * d20 - d01 * d21) / den
            w = (d00 * d21 - d01 * d20) / den
            if v >= 0 and w >= 0 and v + w <= 1:
                r = [v2[j] - v * v0[j] - w * v1[j] for j in range(3)]
                best = min(best, _dot(r, r))
        return best
    a0, a1, b0, b1 = x
    best = min(_pt_seg2(a0, b0, b1), _pt_seg2(a1, b0, b1), _pt_seg2(b0, a0, a1),
               _pt_seg2(b1, a0, a1))
    da, db, r0 = _sub(a1, a0), _sub(b1, b0), _sub(a0, b0)
    aa, ab, bb = _dot(da, da), _dot(da, db), _dot(db, db)
    ar, br = _dot(da, r0), _dot(db, r0)
    den = aa * bb - ab * ab
    if den > 0:
        s = (ab * br - bb * ar) / den
        u = (aa * br - ab * ar) / den
        if 0 <= s <= 1 and 0 <= u <= 1:
            r = [r0[j] + s * da[j] - u * db[j] for j in range(3)]
            best = min(best, _dot(r, r))
    return best


def _golden(f, lo, hi, num=mpmath.mpf):
    """Minimum of f on [lo, hi] (num: mpf, or float), golden-section search, returns (t, f(t))."""
    g = (num(5) ** 0.5 - 1) / 2
    a, b = num(lo), num(hi)
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(GOLDEN_STEPS):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    best = min((fa, ta) for ta, fa in ((a, f(a)), (b, f(b)), (c, fc), (d, fd)))
    return best[1], best[0]


class Profile:
    """dist(t) of one query: a float grid and its refined basins, reused for every d."""

    def __init__(self, q, kind):
        self.kind = kind
        self.rigid = kind.startswith("rigid-")
        self.qf = [[float(v) for v in row] for row in q]
        with mpmath.workdps(DPS):
            self.qm = [[mpmath.mpf(v.numerator) / v.denominator for v in row] for row in q]
        self.grid = RIGID_GRID if self.rigid else GRID
        self.ts = [i / self.grid for i in range(self.grid + 1)]
        self.vals = [dist2(self.qf, kind, t) for t in self.ts]
        self.memo = {}

    def d2m(self, t):
        with mpmath.workdps(DPS):
            return dist2(self.qm, self.kind, mpmath.mpf(t))

    def min_before(self, end):
        """Numeric minimum of dist^2 on [0, end] (end a float), as an mpf: the grid points in
        range, `end` itself, and golden-section refinement of the best basins in range."""
        if end in self.memo:
            return self.memo[end]
        with mpmath.workdps(DPS):
            idx = [i for i, t in enumerate(self.ts) if t <= end]
            cands = [self.d2m(end), self.d2m(0.0)]
            if idx:
                order = sorted(idx, key=lambda i: self.vals[i])[:BASINS]
                for i in order:
                    lo = self.ts[max(i - 1, 0)]
                    hi = min(self.ts[min(i + 1, self.grid)], end)
                    if hi > lo and self.rigid:
                        t = _golden(lambda t: dist2(self.qf, self.kind, t), lo, hi, float)[0]
                        cands.append(self.d2m(t))
                    elif hi > lo:
                        cands.append(_golden(self.d2m, lo, hi)[1])
                    cands.append(self.d2m(self.ts[i]))
            self.memo[end] = min(cands)
            return self.memo[end]


def check(profile, d, answer):
    """One judge answer (hit, toi_lo, toi_hi, class) at separation d (a float): returns a
    message for a contradiction, else None."""
    hit, lo, hi, cls = answer
    with mpmath.workdps(DPS):
        dd = mpmath.mpf(d) ** 2
        lower = dd * (1 - REL) ** 2
        if not hit:
            m = profile.min_before(1.0)
            if m < lower:
                return "judged a miss at d=%r, numeric distance %s" % (
                    d, mpmath.nstr(mpmath.sqrt(m), 20))
            return None
        at_hi = profile.d2m(float(hi))
        if at_hi > dd * (1 + REL) ** 2:
            return "hit at d=%r (class %s): distance %s at toi_hi=%r" % (
                d, cls, mpmath.nstr(mpmath.sqrt(at_hi), 20), float(hi))
        if float(lo) > 0:
            end = float(lo) if lo != hi else math.nextafter(float(lo), 0.0)
            m = profile.min_before(end)
            if m < lower:
                return "hit at d=%r (class %s, toi_lo=%r): distance %s earlier" % (
                    d, cls, float(lo), mpmath.nstr(mpmath.sqrt(m), 20))
    return None
