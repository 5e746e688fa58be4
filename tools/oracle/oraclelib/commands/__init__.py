"""The subcommands of tools/oracle/ccdb-oracle. Each module has NAME, HELP (one line),
add_arguments(parser) and run(args, workspace) -> exit status (0: no disagreement, 1: at least
one). Add a command by adding a module and its name to ALL."""
from . import (algebraic_witness, check, chosen_tois, extreme, families, magnitudes, min_sep,
               sample, sample_invariance, selftest, three_roots)

ALL = [selftest, check, sample, sample_invariance, families, extreme, three_roots, chosen_tois,
       magnitudes, algebraic_witness, min_sep]
