#!/usr/bin/env bash
# mpi_suite_speedup.sh — the built-in suite, one process vs `--threads N` vs `mpirun -n N`, the
# same `ccdbench run` command, alternated in one session (docs/benchmarks.md, "MPI"). Not run by
# ctest. Pass `--repeat 1 --no-cache` to time the truth too (the issue-20 measurement).
#   bench/mpi_suite_speedup.sh BUILD_DIR [RUNS=3] [RANKS=2] [extra run options...]
# Prints each run's wall time and CPU time (user + system, all ranks), then per mode the median,
# min and max of both, and the ratios of medians; and checks that every summary.csv equals the first
# one's apart from the timing columns. On a loaded machine two ranks get two scheduler shares:
# the CPU times say how much work each mode did.
set -euo pipefail
build="$1" runs="${2:-3}" ranks="${3:-2}"
shift $(($# < 3 ? $# : 3))
bin="$build/cli/ccdbench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export CCDB_CACHE_DIR="$work/cache"
"$bin" run "$@" -o "$work/warm" >/dev/null # the truth cache, so that both modes read it
declare -a one thr mpi one_cpu thr_cpu mpi_cpu
cpu() { awk '{printf "%.1f", $2 + $3}' "$1"; }
for i in $(seq "$runs"); do
  /usr/bin/time -f '%e %U %S' -o "$work/t1" "$bin" run "$@" -o "$work/one$i" >/dev/null
  /usr/bin/time -f '%e %U %S' -o "$work/t3" "$bin" run --threads "$ranks" "$@" \
    -o "$work/thr$i" >/dev/null
  /usr/bin/time -f '%e %U %S' -o "$work/t2" mpirun --allow-run-as-root --oversubscribe \
    -n "$ranks" "$bin" run "$@" -o "$work/mpi$i" >"$work/mpi$i.log"
  one+=("$(cut -d' ' -f1 "$work/t1")") mpi+=("$(cut -d' ' -f1 "$work/t2")")
  thr+=("$(cut -d' ' -f1 "$work/t3")")
  one_cpu+=("$(cpu "$work/t1")") thr_cpu+=("$(cpu "$work/t3")") mpi_cpu+=("$(cpu "$work/t2")")
  echo "run $i: one process ${one[-1]} s (cpu ${one_cpu[-1]} s), --threads $ranks ${thr[-1]} s" \
    "(cpu ${thr_cpu[-1]} s), mpirun -n $ranks ${mpi[-1]} s (cpu ${mpi_cpu[-1]} s);" \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
  grep 'mpi busy' "$work/mpi$i.log" || true
done
stats() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {printf "median %.2f s, min %.2f, max %.2f", v[int((NR+1)/2)], v[1], v[NR]}'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
echo "one process:      wall $(stats "${one[@]}"); cpu $(stats "${one_cpu[@]}")"
echo "--threads $ranks:      wall $(stats "${thr[@]}"); cpu $(stats "${thr_cpu[@]}")"
echo "mpirun -n $ranks:      wall $(stats "${mpi[@]}"); cpu $(stats "${mpi_cpu[@]}")"
echo "speedup (ratio of medians): --threads $ranks" \
  "$(echo "scale=3; $(median "${one[@]}") / $(median "${thr[@]}")" | bc)," \
  "mpirun -n $ranks $(echo "scale=3; $(median "${one[@]}") / $(median "${mpi[@]}")" | bc)"
echo "cpu ratio (medians, mpirun / one process):" \
  "$(echo "scale=3; $(median "${mpi_cpu[@]}") / $(median "${one_cpu[@]}")" | bc)"
# The reports: identical apart from the timing columns, found by name (ns_median, ns_min, ns_max
# and the per-query quantiles query_ns_*: docs/reports.md).
untimed() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) drop[i] = ($i ~ /^(query_)?ns_/) }
           { line = ""; for (i = 1; i <= NF; i++) if (!drop[i]) line = line $i ","; print line }' "$1"
}
for f in "$work"/one*/summary.csv "$work"/thr*/summary.csv "$work"/mpi*/summary.csv; do
  untimed "$f" | cmp -s - <(untimed "$work/one1/summary.csv") ||
    { echo "$f differs from one1 beyond timing" >&2; exit 1; }
done
echo "every summary.csv equal to the first apart from timing"
