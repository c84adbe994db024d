#!/usr/bin/env bash
# `make test`: every check, in parts, with the time each part took printed at the end (so the
# next slow part is seen when it appears):
#   tools     scripts/install-test-tools.sh (what the tests need beyond the build)
#   build     the tests' debug build, and the release build the command-line and browser tests and
#             the installation checks run (built once; `make run` has usually built it already)
#   tests     every XCTest, a test class per process, two at a time (scripts/run-tests.py), with the
#             command-line and browser tests running the release binary
#   install   scripts/test-install.sh and scripts/test-package.sh
# Under CI=true a skipped test fails the run, naming it: a green run means every check ran
# (TEST_WORKERS=N runs N test processes at once).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
timings=()
part() {
    local name=$1 started status=0
    shift
    started=$(date +%s)
    "$@" || status=$?
    timings+=("$name $(($(date +%s) - started))")
    return $status
}

print_timings() {
    echo
    echo "make test: the time each part took"
    local total=0 line
    for line in "${timings[@]}"; do
        set -- $line
        printf '  %-8s %4d min %02d s\n' "$1" $(($2 / 60)) $(($2 % 60))
        total=$((total + $2))
    done
    printf '  %-8s %4d min %02d s\n' total $((total / 60)) $((total % 60))
}
trap print_timings EXIT

build() {
    # The release build first: it is the one that takes longest, and the tests run its binary.
    make --no-print-directory release package-files
    "$SWIFT" build --build-tests
}

tests() {
    DAYBOOK_EXECUTABLE="$PWD/.build/release/daybook" \
        scripts/run-tests.py "$("$SWIFT" build --show-bin-path)/daybookPackageTests.xctest" --workers "${TEST_WORKERS:-2}"
}

install_checks() {
    scripts/test-install.sh
    scripts/test-package.sh
}

part tools scripts/install-test-tools.sh
part build build
part tests tests
part install install_checks
