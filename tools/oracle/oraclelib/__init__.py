"""ccdbench's independent exact oracle, as a library (see tools/oracle/README.md).

exact         the oracle itself: earliest contact of a query, exactly (a different method from
              the judge's)
rational_csv  the public rational CSV format, read and written exactly
judge         runs `ccdbench truth` and compares its answers with the oracle's
transforms    exact maps that must not change the answer (permutations, 2^k scaling, ...)
families      generators of adversarial queries, grouped in sets
workspace     where a command reads the judge and the sample data, and writes its outputs
commands      the subcommands of tools/oracle/ccdb-oracle
"""
