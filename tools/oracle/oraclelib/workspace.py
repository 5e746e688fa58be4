"""Where a command reads the judge and the sample data, and writes its outputs. Nothing is ever
written into the checkout: outputs go to the folder given with --out, else to a new temporary
folder made on the first write (its name is printed at the end)."""
import os
import tempfile

from .rational_csv import write_csv


class Workspace:
    def __init__(self, judge, sample, out=None):
        self.judge = judge    # the ccdbench binary whose `truth` is checked
        self.sample = sample  # the public sample: <scene>/{vertex-face,edge-edge}/*.csv
        self.out = out        # None until the first write when no --out was given

    def _folder(self, name):
        if self.out is None:
            self.out = tempfile.mkdtemp(prefix="ccdb-oracle-")
        path = os.path.join(self.out, name)
        os.makedirs(path, exist_ok=True)
        return path

    def run_path(self, name):
        """A path for a generated CSV: OUT/runs/NAME."""
        return os.path.join(self._folder("runs"), name)

    def record_disagreement(self, name, q):
        """Writes the query as a one-query CSV, OUT/disagreements/NAME.csv (ready for
        `ccdbench truth` or `replay`); returns its path."""
        path = os.path.join(self._folder("disagreements"), name + ".csv")
        write_csv(path, [q])
        return path
