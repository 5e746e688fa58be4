"""sample: every query of the public sample, judge against oracle, and against the file's own
labels (for information: the published labels are not always right, see
docs/ground-truth-disagreements.md)."""
import collections
import glob
import os

from ..judge import check_file

NAME = "sample"
HELP = "the public sample queries (../shared), judge against oracle (about a minute)"


def add_arguments(p):
    pass


def run(args, ws):
    files = sorted(glob.glob(os.path.join(ws.sample, "*", "*", "*.csv")))
    if not files:
        print("no sample files under %s (give --sample DIR)" % ws.sample)
        return 2
    tot = collections.Counter()
    for p in files:
        kind = "vf" if "/vertex-face/" in p else "ee"
        qs, answers, bad, seconds = check_file(ws.judge, p, kind)
        hits = sum(1 for a in answers if a[0])
        labelled = sum(1 for _q, t in qs if t)
        label_disagrees = [i for i, (_q, t) in enumerate(qs) if t != answers[i][0]]
        for i, _msg, q in bad:
            ws.record_disagreement("sample_%s_%s_%d" % (kind, os.path.basename(p)[:-4], i), q)
        tot[kind] += len(qs)
        tot[kind + "_hits"] += hits
        tot[kind + "_disagreements"] += len(bad)
        print(p, kind, len(qs), "judge hits", hits, "label hits", labelled,
              "judge != label at", label_disagrees, "oracle disagreements", len(bad),
              "%.1fs" % seconds, flush=True)
    print(dict(tot))
    return 1 if tot["vf_disagreements"] + tot["ee_disagreements"] else 0
