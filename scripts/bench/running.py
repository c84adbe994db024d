"""Running commands: timed under /usr/bin/time -v, quietly, or for their output; and the quiet before timing."""

import os
import subprocess
import time

from record import commands_used, log, shell_quote
from settings import SETTLE, WORK


class Run:
    """One timed command: wall seconds, peak RSS (KB) and CPU seconds from /usr/bin/time -v."""

    def __init__(self, wall, rss_kb, user, system, stdout, stderr, code):
        self.wall, self.rss_kb, self.user, self.system = wall, rss_kb, user, system
        self.stdout, self.stderr, self.code = stdout, stderr, code


def timed(args, cwd=None, label=None, check=True, env=None):
    """Runs `args` under /usr/bin/time -v; the wall time is measured here (finer than time's)."""
    stats_file = os.path.join(WORK, ".time-v.txt")
    full = ["/usr/bin/time", "-v", "-o", stats_file] + args
    if label and label not in commands_used:
        commands_used[label] = shell_quote(args)
    begin = time.perf_counter()
    proc = subprocess.run(full, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    wall = time.perf_counter() - begin
    rss = user = system = 0.0
    try:
        with open(stats_file, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.strip()
                if line.startswith("Maximum resident set size (kbytes):"):
                    rss = int(line.split(":")[1])
                elif line.startswith("User time (seconds):"):
                    user = float(line.split(":")[1])
                elif line.startswith("System time (seconds):"):
                    system = float(line.split(":")[1])
    except OSError:
        pass
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    if check and proc.returncode != 0:
        raise RuntimeError(f"command failed ({proc.returncode}): {shell_quote(args)}\n{out[-2000:]}\n{err[-4000:]}")
    return Run(wall, rss, user, system, out, err, proc.returncode)


def run_quiet(args, cwd=None):
    proc = subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if proc.returncode != 0:
        raise RuntimeError(f"command failed ({proc.returncode}): {shell_quote(args)}\n{proc.stdout.decode('utf-8', 'replace')[-4000:]}")
    return proc.stdout.decode("utf-8", "replace")


def output_of(args, cwd=None):
    try:
        return subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60).stdout.decode("utf-8", "replace").strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def settle(reason):
    """`sync`, then wait: the filesystem creates files slowly for about a minute after deletions."""
    log(f"sync, then {SETTLE:.0f} s of quiet before timing {reason}")
    subprocess.run(["sync"])
    time.sleep(SETTLE)
