#!/usr/bin/env python3
"""sweep_scenes.py -- small sweep datasets for judging the engines on their full motion
(docs/engines.md, "Sweeps: the engines on their full motion").

gen's sweep_random has few hits (about 3%) and its planar sweeps use 30-bit coordinates that are
not floats, so Box2D (float) cannot be given them exactly. This writes, from a fixed seed, sweeps
of the games' kind: a body (a point, a paddle-like segment or a triangle) that moves towards a
still one while spinning about a centre O near it,

    X(t) = O + t v + R(theta t)(X0 - O)    (docs/sweep.md)

every value on the 2^-8 grid below 8 in size (11 significant bits: a float exactly), theta =
k / 64 with |k| <= 192 (one in eight theta = 0, half of the rest within Bullet's pi/4). --planar
puts everything in z = 0 with w along +-z (Box2D's 2D case); otherwise w is a random grid vector
and the points leave the plane. The file has 6 columns (no labels: `ccdbench run` judges it by
the exact truth alone; `ccdbench truth` gives the labels).

Usage: sweep_scenes.py --kind vf|ee --count N --seed S [--planar] -o FILE.csv
"""
import argparse
import random
import sys
from fractions import Fraction

GRID = 256  # values are integers / 256


def grid(r, lo, hi):
    """A grid value in [lo, hi] (Fractions)."""
    return Fraction(r.randint(int(lo * GRID), int(hi * GRID)), GRID)


def vec(r, half, planar):
    return [grid(r, -half, half), grid(r, -half, half), 0 if planar else grid(r, -half, half)]


def add(a, b, s=1):
    return [x + s * y for x, y in zip(a, b)]


def centroid(ps):
    n = len(ps)
    return [sum(p[k] for p in ps) / n for k in range(3)]


def snap(x):
    """The grid value nearest x (so every value stays a float)."""
    return Fraction(round(x * GRID), GRID)


def query(r, vf, planar):
    """One sweep: rows 1-4, O, w, v, (moving, theta, 0)."""
    second = [vec(r, 1, planar) for _ in range(3 if vf else 2)]  # the triangle / edge b
    first = [vec(r, 3, planar)]  # the vertex / edge a, farther out
    if not vf:  # a paddle: its second end up to 1.5 away
        first.append(add(first[0], vec(r, Fraction(3, 2), planar)))
    flag = r.randrange(2)  # 0: the first primitive moves, 1: the second
    moving, still = (first, second) if flag == 0 else (second, first)
    # O on or near the moving body (it spins about a point of itself or close by); v takes O
    # to near the still body, a little short of it or past it.
    O = [snap(x) for x in add(centroid(moving), vec(r, Fraction(1, 4), planar))]
    target = add(centroid(still), vec(r, Fraction(1, 2), planar))
    f = Fraction(r.randint(4, 12), 8)
    v = [snap(f * (t - o)) for t, o in zip(target, O)]
    k = 0
    if r.randrange(8) != 0:
        k = r.choice([-1, 1]) * (r.randint(1, 50) if r.randrange(2) else r.randint(51, 192))
    if planar:
        w = [0, 0, r.choice([-1, 1])]
    else:
        w = vec(r, 1, False)
        while not any(w):
            w = vec(r, 1, False)
    return first + second + [O, w, v, [flag, Fraction(k, 64), 0]]


def row(values):
    cells = []
    for x in values:
        x = Fraction(x)
        cells += [str(x.numerator), str(x.denominator)]
    return ",".join(cells)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=["vf", "ee"], required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--planar", action="store_true")
    ap.add_argument("-o", required=True)
    a = ap.parse_args()
    if a.count < 1:
        sys.exit("sweep_scenes.py: --count must be at least 1")
    r = random.Random(a.seed)
    lines = [row(v) for _ in range(a.count) for v in query(r, a.kind == "vf", a.planar)]
    with open(a.o, "w", encoding="ascii") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
