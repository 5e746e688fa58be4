#!/usr/bin/env bash
# ctest `install`: `cmake --install` into a temporary prefix, then what a plugin author does with
# it (docs/solvers.md, "Writing a plugin"), outside this checkout: two plugins (C:
# examples/plugin/example_aabb.c, C++17: tests/solvers/plugins/testplugin_cxx.cpp, copied out of
# the tree) built against the installed package through CMake (find_package(ccdbench),
# examples/plugin-package) and through pkg-config, each loaded and run by the installed ccdbench
# on a small generated set. Fails naming the step.
#   check-install.sh BUILD_DIR SOURCE_DIR CMAKE CC CXX
set -euo pipefail
[ "$#" = 5 ] || { echo "usage: $0 BUILD_DIR SOURCE_DIR CMAKE CC CXX" >&2; exit 2; }
build="$1" src="$(cd "$2" && pwd)" cmake="$3" cc="$4" cxx="$5"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ccdb-install.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
step=setup
trap 'echo "check-install: FAILED at: $step" >&2' ERR
fail() {
  echo "check-install: $step: $*" >&2
  exit 1
}
prefix="$tmp/prefix"

step="cmake --install"
"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log"
for f in bin/ccdbench include/ccdbench/ccdb_solver.h share/cmake/ccdbench/ccdbenchConfig.cmake \
  share/cmake/ccdbench/ccdbenchConfigVersion.cmake share/cmake/ccdbench/ccdbenchTargets.cmake \
  share/pkgconfig/ccdbench.pc; do
  [ -f "$prefix/$f" ] || fail "$f not installed"
done
cmp -s "$src/solvers/include/ccdb_solver.h" "$prefix/include/ccdbench/ccdb_solver.h" ||
  fail "the installed header differs from solvers/include/ccdb_solver.h"
ccdbench="$prefix/bin/ccdbench"
version="$("$ccdbench" --version | sed -n '1s/^ccdbench \([0-9.]*\).*/\1/p')"
[ -n "$version" ] || fail "the installed ccdbench prints no version"

step="the package's version file"
# find_package(ccdbench X.Y) accepts the same major.minor and refuses another minor version.
cat >"$tmp/version.cmake" <<CMAKE
cmake_minimum_required(VERSION 3.18)
include("$prefix/share/cmake/ccdbench/ccdbenchConfigVersion.cmake")
message("\${PACKAGE_VERSION} \${PACKAGE_VERSION_COMPATIBLE}")
CMAKE
compatible() {
  "$cmake" -DPACKAGE_FIND_VERSION="$1" -DPACKAGE_FIND_VERSION_MAJOR="${1%%.*}" \
    -DPACKAGE_FIND_VERSION_MINOR="${1#*.}" -DPACKAGE_FIND_VERSION_COUNT=2 -P "$tmp/version.cmake" 2>&1
}
[ "$(compatible "${version%.*}")" = "$version TRUE" ] || fail "$(compatible "${version%.*}")"
[ "$(compatible 9.9)" = "$version FALSE" ] || fail "9.9 accepted: $(compatible 9.9)"

# The plugins' sources, outside the checkout (nothing of it on their include path).
mkdir -p "$tmp/src"
cp "$src/examples/plugin/example_aabb.c" "$src/tests/solvers/plugins/testplugin_cxx.cpp" "$tmp/src/"

step="plugins through CMake (find_package(ccdbench), examples/plugin-package)"
"$cmake" -S "$src/examples/plugin-package" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DPLUGIN_SOURCES="$tmp/src/example_aabb.c;$tmp/src/testplugin_cxx.cpp" >"$tmp/cmake.log" 2>&1 ||
  { cat "$tmp/cmake.log" >&2; fail "configure failed"; }
"$cmake" --build "$tmp/cmake-build" >>"$tmp/cmake.log" 2>&1 ||
  { cat "$tmp/cmake.log" >&2; fail "build failed"; }
grep -Eq -- "(-I|-isystem )$prefix/include/ccdbench" "$tmp/cmake-build/compile_commands.json" ||
  fail "not compiled with the installed header's folder: $(cat "$tmp/cmake-build/compile_commands.json")"
! grep -q -- "$src/" "$tmp/cmake-build/compile_commands.json" || fail "the checkout is on the include path"

step="plugins through pkg-config"
export PKG_CONFIG_PATH="$prefix/share/pkgconfig"
[ "$(pkg-config --modversion ccdbench)" = "$version" ] || fail "pkg-config --modversion ccdbench"
[ "$(pkg-config --variable=ccdbench ccdbench)" -ef "$ccdbench" ] || fail "its ccdbench variable"
mkdir -p "$tmp/pc-build"
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -std=c17 -Wall -Wextra -Werror -O2 -fPIC -shared $(pkg-config --cflags ccdbench) \
  "$tmp/src/example_aabb.c" -o "$tmp/pc-build/example_aabb.so"
# shellcheck disable=SC2046
"$cxx" -std=c++17 -Wall -Wextra -Werror -O2 -fPIC -shared -fvisibility=hidden \
  $(pkg-config --cflags ccdbench) "$tmp/src/testplugin_cxx.cpp" -o "$tmp/pc-build/testplugin_cxx.so"

# Each plugin loaded and run by the installed ccdbench, from a folder outside the checkout, on a
# small generated set: summary.csv must have its row, with no false negative (both plugins are
# conservative swept-box tests) and status ok.
cd "$tmp"
export XDG_CACHE_HOME="$tmp/cache" XDG_DATA_HOME="$tmp/data"
unset CCDB_CACHE_DIR CCDB_PLUGIN_PATH
step="ccdbench gen"
"$ccdbench" gen --family grazing --kind vf --count 40 --seed 3 -o "$tmp/grazing.csv" >"$tmp/gen.log" 2>&1 ||
  { cat "$tmp/gen.log" >&2; fail "exit $?"; }
for so in cmake-build/example_aabb.so cmake-build/testplugin_cxx.so pc-build/example_aabb.so \
  pc-build/testplugin_cxx.so; do
  name="$(basename "$so" .so)"
  step="ccdbench run --plugin $so"
  "$ccdbench" run --plugin "$tmp/$so" --solvers "$name" --data "$tmp/grazing.csv" --kind vf \
    --repeat 1 -o "$tmp/report" >"$tmp/run.log" 2>&1 || { cat "$tmp/run.log" >&2; fail "exit $?"; }
  # columns: 1 solver, 4 family ("all"), 5 queries, 6 positives, 7 tp, 9 fn, 21 status
  row="$(awk -F, -v s="$name" '$1 == s && $4 == "all" { print $5, $6, $7, $9, $21 }' \
    "$tmp/report/summary.csv")"
  read -r queries positives tp fn status <<<"$row" || fail "no 'all' row of $name in summary.csv"
  if ! { [ "$queries" = 40 ] && [ "$positives" -gt 0 ] && [ "$tp" = "$positives" ] &&
    [ "$fn" = 0 ] && [ "$status" = ok ]; }; then
    fail "$name: queries, positives, tp, fn, status = $row"
  fi
  echo "$so: $queries queries, $tp of $positives hits found, status $status"
done
echo "check-install: ok (ccdbench $version installed, 4 plugins built against it and run)"
