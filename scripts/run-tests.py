#!/usr/bin/env python3
"""Runs every XCTest of the package's test bundle, a test class per process, several processes at
once, the slowest classes (as the last run timed them) first so that the lanes end together.
Prints a line per class, the whole output of any class with a failure, the slowest classes and a
summary; exits 1 when a test failed, and under CI=true when a test was skipped too (`make test`
installs every tool a test needs there, so a skip is a check that did not run).

Usage: run-tests.py BUNDLE [--workers N] [--filter TEXT]
  BUNDLE   the test bundle `swift build --build-tests` made (.build/debug/daybookPackageTests.xctest)
  --workers  processes at once (default 2: one a core of the machines the suite is sized for)
  --filter   only the classes whose name contains TEXT

Each class's time is remembered in .build/test-durations.json for the next run's order.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time

DURATIONS = os.path.join(".build", "test-durations.json")
CLASS_TIMEOUT = 20 * 60
RESULT = re.compile(r"^Test Case '([^']+)' (passed|failed|skipped) \(")


def test_classes(bundle):
    """Class (`Target.Class`) -> its tests, as the bundle lists them."""
    listing = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, check=True).stdout
    classes = {}
    for line in listing.splitlines():
        if "/" in line:
            name, test = line.strip().split("/", 1)
            classes.setdefault(name, []).append(test)
    return classes


def run_class(bundle, name):
    """Runs one class in a process of its own: (seconds, outcomes by test, output)."""
    started = time.monotonic()
    try:
        run = subprocess.run([bundle, name], capture_output=True, text=True, timeout=CLASS_TIMEOUT)
        output, status = run.stdout + run.stderr, run.returncode
    except subprocess.TimeoutExpired as expired:
        output = (expired.stdout or b"").decode("utf-8", "replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        output += f"\nrun-tests: {name} did not end within {CLASS_TIMEOUT} s and was stopped\n"
        status = -1
    outcomes = {}
    for line in output.splitlines():
        match = RESULT.match(line)
        if match:
            outcomes[match.group(1)] = match.group(2)
    if status != 0 and not any(outcome == "failed" for outcome in outcomes.values()):
        # Ended by a crash or a timeout before a test could report failing.
        outcomes[f"{name} (the process, exit {status})"] = "failed"
    return time.monotonic() - started, outcomes, output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--filter", default="")
    arguments = parser.parse_args()

    classes = {name: tests for name, tests in test_classes(arguments.bundle).items() if arguments.filter in name}
    try:
        with open(DURATIONS) as f:
            known = json.load(f)
    except (OSError, ValueError):
        known = {}
    queue = sorted(classes, key=lambda name: (-known.get(name, 0), name))
    lock = threading.Lock()
    done = {"count": 0}
    results = {}

    def lane():
        while True:
            with lock:
                if not queue:
                    return
                name = queue.pop(0)
            seconds, outcomes, output = run_class(arguments.bundle, name)
            with lock:
                done["count"] += 1
                results[name] = (seconds, outcomes)
                counts = {kind: sum(1 for outcome in outcomes.values() if outcome == kind) for kind in ("passed", "failed", "skipped")}
                print(f"[{done['count']}/{len(classes)}] {name}: {counts['passed']} passed, {counts['failed']} failed, "
                      f"{counts['skipped']} skipped ({seconds:.1f} s)", flush=True)
                if counts["failed"] or (counts["passed"] + counts["skipped"] < len(classes[name]) and not counts["failed"]):
                    print(output, flush=True)

    started = time.monotonic()
    lanes = [threading.Thread(target=lane) for _ in range(max(1, arguments.workers))]
    for thread in lanes:
        thread.start()
    for thread in lanes:
        thread.join()

    known.update({name: round(seconds, 1) for name, (seconds, _) in results.items()})
    os.makedirs(os.path.dirname(DURATIONS), exist_ok=True)
    with open(DURATIONS, "w") as f:
        json.dump(known, f, indent=1, sort_keys=True)

    outcomes = {test: outcome for _, found in results.values() for test, outcome in found.items()}
    failed = sorted(test for test, outcome in outcomes.items() if outcome == "failed")
    skipped = sorted(test for test, outcome in outcomes.items() if outcome == "skipped")
    expected = sum(len(tests) for tests in classes.values())
    print("\nSlowest classes:")
    for name, (seconds, _) in sorted(results.items(), key=lambda item: -item[1][0])[:8]:
        print(f"  {seconds:6.1f} s  {name}")
    print(f"\n{len(outcomes)} of {expected} tests ran in {time.monotonic() - started:.0f} s with {arguments.workers} at once: "
          f"{len(failed)} failed, {len(skipped)} skipped")
    for test in failed:
        print(f"  failed: {test}")
    for test in skipped:
        print(f"  skipped: {test}")
    if failed or len(outcomes) < expected:
        sys.exit(1)
    if skipped and os.environ.get("CI") == "true":
        sys.exit("run-tests: under CI=true no test may skip: install what it names (scripts/install-test-tools.sh)")


if __name__ == "__main__":
    main()
