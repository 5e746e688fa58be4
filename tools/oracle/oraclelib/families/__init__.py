"""Generators of adversarial queries, grouped in sets. A family is a function of a
random.Random returning one query (8 rows of 3 Fractions, public row order); a set maps each
kind to {family name: family}. Add a set by adding a module and a line to SETS."""
from . import algebraic, floats, integer, mixed

# set name -> (one line, VF families, EE families); each a function returning {name: family}
SETS = {
    "integer": ("small integers: coplanar, degenerate, parallel, grazing, t = 0 / 1, several "
                "roots", integer.vf, integer.ee),
    "mixed": ("magnitudes 2^-1000 next to 2^1000, sliding along an edge, corners and endpoints",
              mixed.vf, mixed.ee),
    "float": ("random doubles passing 0 or 2^-20 .. 2^-200 from an edge, a vertex, t = 0 or 1",
              floats.vf, floats.ee),
    "float-mid": ("the same passing 2^-3 .. 2^-40 away (decided by the float filters)",
                  floats.vf_mid, floats.ee_mid),
    "irrational": ("a triangle flat, or edges parallel, only at t = 1/sqrt(2)",
                   algebraic.vf_irrational, algebraic.ee_irrational),
    "double-root": ("touching a plane along a double root of the coplanarity cubic",
                    algebraic.vf_double_root, algebraic.ee_double_root),
}


def families(set_name, kind):
    """{family name: family} of a set for kind "vf" or "ee"."""
    _, vf, ee = SETS[set_name]
    return vf() if kind == "vf" else ee()
