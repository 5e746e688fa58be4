#!/usr/bin/env bash
# ctest `wrappers`: the three shell entry points, observed in throw-away copies of the checkout
# (never this checkout's build/), by what they do, never by how long they take:
#   1. ./ccdbench's fast path: on a built, current tree it runs the binary and calls neither
#      scripts/ensure-deps nor scripts/build-tree (stubs that leave a trace); a source newer than
#      the build stamp, a changed tracked file (git revision "-dirty") or another build option
#      takes the slow path (the trace shows both calls).
#   2. scripts/build-tree's build.log keeps every call: the configure output of the first call
#      and the build output of each, appended under "==== DATE what" lines, never overwritten.
#   3. ./run-tests ends with how many tests were skipped and why: Criterion's [SKIP] lines (one
#      line per reason, counted) and ctest's exit-77 skips, with the tests' exit status kept.
#   check-wrappers.sh SOURCE_DIR CMAKE
# (A && B || fail: fail runs when either fails, which is what is meant.)
# shellcheck disable=SC2015
set -euo pipefail
[ "$#" = 2 ] || { echo "usage: $0 SOURCE_DIR CMAKE" >&2; exit 2; }
src="$(cd "$1" && pwd)" cmake="$2"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/ccdb-wrappers.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
step=setup
fail() {
  echo "check-wrappers: $step: $*" >&2
  exit 1
}
unset CCDB_BUILD_DIR CCDB_PEERS_DIR CCDB_PEERS CCDB_MPI CCDB_WERROR CCDB_ENGINES
# The copies below have no ../shared beside them by design (their tests are stubs): CI's
# CCDB_REQUIRE_SHARED=1 is about the real tests, not these.
unset CCDB_REQUIRE_SHARED
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t

# ---- 1. the wrapper's fast path
step="ccdbench fast path"
root="$tmp/checkout"
mkdir -p "$root/scripts" "$root/cli" "$root/build/cli" "$root/build/generated"
cp "$src/ccdbench" "$root/"
echo 'int main(void) { return 0; }' >"$root/cli/main.c"
# Stubs: each call leaves a line in the trace; build-tree prints the build folder as the real one.
cat >"$root/scripts/ensure-deps" <<'STUB'
#!/bin/sh
echo "ensure-deps $*" >>"$(dirname "$0")/../trace"
STUB
cat >"$root/scripts/build-tree" <<'STUB'
#!/bin/sh
echo "build-tree $*" >>"$(dirname "$0")/../trace"
echo "$(cd "$(dirname "$0")/.." && pwd)/build"
STUB
cat >"$root/build/cli/ccdbench" <<'STUB'
#!/bin/sh
echo "binary $*"
STUB
chmod +x "$root/scripts/"* "$root/build/cli/ccdbench"
printf '%s\n' 'CMAKE_BUILD_TYPE:STRING=Release' 'CCDB_WERROR:BOOL=ON' 'CCDB_SANITIZE:BOOL=OFF' \
  >"$root/build/CMakeCache.txt"
printf '/build*/\n/trace\n' >"$root/.gitignore"
git -C "$root" init -q
git -C "$root" add -A
git -C "$root" commit -qm tree
rev="$(git -C "$root" rev-parse --short=12 HEAD)"
set_revision() { printf '#define CCDB_GIT_REVISION "%s"\n' "$1" >"$root/build/generated/ccdb_git_revision.h"; }
set_revision "$rev"
touch -d '-1 minute' "$root/cli/main.c" "$root/ccdbench" "$root/scripts/"* "$root/.gitignore"
touch "$root/build/.ccdb-built"
rm -f "$root/trace"
out="$("$root/ccdbench" --version)"
[ "$out" = "binary --version" ] || fail "the binary did not run: $out"
[ ! -e "$root/trace" ] || fail "a current tree configured or built: $(cat "$root/trace")"
# From another folder, through a relative path too.
out="$(cd "$tmp" && ./checkout/ccdbench list)"
[ "$out" = "binary list" ] && [ ! -e "$root/trace" ] || fail "from another folder: $out"

slow_path_taken() { # $1: why
  rm -f "$root/trace"
  out="$("$root/ccdbench" --version)"
  [ "$out" = "binary --version" ] || fail "$1: the binary did not run: $out"
  grep -qx 'ensure-deps build' "$root/trace" 2>/dev/null && grep -qx 'build-tree main' "$root/trace" ||
    fail "$1: no dependency check and build: $(cat "$root/trace" 2>/dev/null)"
}
touch -d '+1 minute' "$root/cli/main.c"
slow_path_taken "a source newer than the stamp"
touch -d '-1 minute' "$root/cli/main.c"
echo '/* changed */' >>"$root/cli/main.c"
touch -d '-1 minute' "$root/cli/main.c"
slow_path_taken "a tracked file changed (the binary is not -dirty)"
set_revision "$rev-dirty"
rm -f "$root/trace"
"$root/ccdbench" --version >/dev/null
[ ! -e "$root/trace" ] || fail "the same -dirty revision took the slow path"
git -C "$root" checkout -q cli/main.c
touch -d '-1 minute' "$root/cli/main.c"
slow_path_taken "a -dirty binary in a clean checkout"
set_revision "$rev"
CCDB_MPI=ON slow_path_taken "a build option in the environment"
sed -i 's/CCDB_SANITIZE:BOOL=OFF/CCDB_SANITIZE:BOOL=ON/' "$root/build/CMakeCache.txt"
slow_path_taken "a tree configured otherwise"

# ---- 2. build.log keeps the configure and every build
step="build-tree's build.log"
proj="$tmp/project"
mkdir -p "$proj/scripts"
cp "$src/scripts/build-tree" "$proj/scripts/"
cat >"$proj/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.18)
project(wrapper_test C)
message(STATUS "configure output marker")
add_executable(hello hello.c)
CMAKE
echo 'int main(void) { return 0; }' >"$proj/hello.c"
log="$proj/build/build.log"
dir="$(CMAKE_BUILD_PARALLEL_LEVEL=1 "$proj/scripts/build-tree" main 2>"$tmp/bt.err")" ||
  fail "first call: $(cat "$tmp/bt.err")"
[ "$dir" = "$proj/build" ] || fail "printed $dir"
[ -f "$proj/build/.ccdb-built" ] || fail "no .ccdb-built stamp after a build"
grep -q '^==== .* configure (new)$' "$log" || fail "no configure entry: $(cat "$log")"
grep -q 'configure output marker' "$log" || fail "the configure output is not in build.log"
grep -q 'hello' "$log" || fail "the build output is not in build.log"
[ "$(grep -c '^==== .* build$' "$log")" = 1 ] || fail "one build entry expected: $(cat "$log")"
lines="$(wc -l <"$log")"
CMAKE_BUILD_PARALLEL_LEVEL=1 "$proj/scripts/build-tree" main >/dev/null 2>"$tmp/bt.err" ||
  fail "second call: $(cat "$tmp/bt.err")"
[ "$(wc -l <"$log")" -gt "$lines" ] || fail "the second call added nothing to build.log"
grep -q 'configure output marker' "$log" || fail "the second call overwrote the configure output"
[ "$(grep -c '^==== .* build$' "$log")" = 2 ] || fail "two build entries expected: $(cat "$log")"
echo 'int main(void) { return x; }' >"$proj/hello.c"
if CMAKE_BUILD_PARALLEL_LEVEL=1 "$proj/scripts/build-tree" main >/dev/null 2>"$tmp/bt.err"; then
  fail "a broken source built"
fi
grep -q '^==== .* build: FAILED$' "$log" && grep -q 'configure output marker' "$log" ||
  fail "the failed build is not logged after the others: $(cat "$log")"
grep -q 'build.log' "$tmp/bt.err" || fail "the failure does not name the log: $(cat "$tmp/bt.err")"

# ---- 3. run-tests ends with the skipped tests and why
step="run-tests' skipped count"
rt="$tmp/rt"
mkdir -p "$rt/scripts" "$rt/build"
cp "$src/run-tests" "$rt/"
printf '#!/bin/sh\nexit 0\n' >"$rt/scripts/ensure-deps"
printf '#!/bin/sh\necho "%s"\n' "$rt/build" >"$rt/scripts/build-tree"
chmod +x "$rt/scripts/"*
# A ctest folder written by hand: a passing test, a Criterion-like one with three skips for two
# reasons, one skipped by exit status 77.
cat >"$rt/build/CTestTestfile.cmake" <<'CTEST'
add_test(passes "sh" "-c" "echo fine")
add_test(crit "sh" "-c" "printf '[SKIP] s::a: ../shared is absent\\n[SKIP] s::b: ../shared is absent\\n[SKIP] s::c: not root\\n'")
add_test(oracle "sh" "-c" "exit 77")
set_tests_properties(oracle PROPERTIES SKIP_RETURN_CODE 77)
CTEST
ctest="$(dirname "$cmake")/ctest"
[ -x "$ctest" ] || ctest=ctest
PATH="$(dirname "$ctest"):$PATH" "$rt/run-tests" >"$tmp/rt.out" 2>&1 || fail "exit $?: $(cat "$tmp/rt.out")"
tail -n 4 "$tmp/rt.out" >"$tmp/rt.tail"
grep -q '^run-tests: 3 Criterion test(s) and 1 ctest test(s) skipped' "$tmp/rt.tail" &&
  grep -Eq '^ +2 \.\./shared is absent$' "$tmp/rt.tail" && grep -Eq '^ +1 not root$' "$tmp/rt.tail" &&
  grep -q 'ctest oracle: skipped (exit 77)' "$tmp/rt.tail" || fail "the end of its output: $(cat "$tmp/rt.out")"
# A failing test: the count is still printed, and the exit status is ctest's.
echo 'add_test(fails "sh" "-c" "exit 1")' >>"$rt/build/CTestTestfile.cmake"
if PATH="$(dirname "$ctest"):$PATH" "$rt/run-tests" >"$tmp/rt.out" 2>&1; then
  fail "a failing test exited 0"
fi
grep -q '^run-tests: 3 Criterion test(s) and 1 ctest test(s) skipped' "$tmp/rt.out" ||
  fail "no count after a failure: $(cat "$tmp/rt.out")"
echo "check-wrappers: ok"
