"""check: every query of one CSV file, judge against oracle."""
from ..judge import check_file

NAME = "check"
HELP = "one CSV file (public rational format), judge against oracle"


def add_arguments(p):
    p.add_argument("file", help="a CSV file in the public rational format")
    p.add_argument("--kind", choices=("vf", "ee"), required=True)
    p.add_argument("--limit", type=int, default=None, help="only the first N queries")


def run(args, ws):
    qs, answers, bad, seconds = check_file(ws.judge, args.file, args.kind, limit=args.limit)
    n = len(qs) if args.limit is None else min(args.limit, len(qs))
    for i, _msg, q in bad:
        ws.record_disagreement("check_%s_%d" % (args.kind, i), q)
    print("%s: %d queries, %d judge hits, %d disagreements (oracle %.1f s)"
          % (args.file, n, sum(a[0] for a in answers[:n]), len(bad), seconds))
    return 1 if bad else 0
