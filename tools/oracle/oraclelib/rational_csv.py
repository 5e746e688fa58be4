"""The public rational CSV format (8 rows per query: x_num,x_den,y_num,y_den,z_num,z_den,truth),
read and written exactly with Fractions. Every value written must be a double."""
from fractions import Fraction as F


def read_csv(path):
    """[(query, truth)]: query = 8 rows of 3 Fractions; truth = the file's label of the query."""
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            a = line.split(",")
            rows.append(([F(int(a[0]), int(a[1])), F(int(a[2]), int(a[3])),
                          F(int(a[4]), int(a[5]))], int(a[6]) if len(a) > 6 else 0))
    qs = []
    for i in range(0, len(rows), 8):
        qs.append(([r[0] for r in rows[i:i + 8]], rows[i][1]))
    return qs


def is_double(x):
    x = F(x)
    try:
        d = float(x)
    except OverflowError:
        return False
    return F(d) == x


def is_double_query(q):
    return all(is_double(x) for r in q for x in r)


def fmt(x):
    x = F(x)
    return "%d,%d" % (x.numerator, x.denominator)


def write_csv(path, qs, truth=0):
    """Writes queries (each 8 rows of 3 doubles as Fractions) with the given truth label."""
    with open(path, "w") as f:
        for q in qs:
            for row in q:
                assert all(is_double(v) for v in row), row
                f.write("%s,%s,%s,%d\n" % (fmt(row[0]), fmt(row[1]), fmt(row[2]), truth))
