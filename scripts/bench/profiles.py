"""Callgrind profiles: a full build of the 1,095-entry corpus, one rebuild inside `daybook serve` after a save, and the
same edit's rebuild on the command line; their top functions by own and by inclusive cost."""

import os
import re
import shutil
import subprocess
import time

from dev_server import DevServer, free_port
from diaries import edited_entry, ensure_corpus, forget_build_cache
from figures import fmt_s, table_cell
from folders import fresh_dir
from record import commands_used, log, shell_quote
from running import output_of, timed
from settings import DAYBOOK, ENV, SIZES, WORK

ENABLED = ENV.get("BENCH_PROFILE", "1") != "0"

# Frames that only hand work on (to another thread, to every core, to a closure), which every profile's
# inclusive table would otherwise open with: left out, so that the table shows where the work is.
INCLUSIVE_PLUMBING = ("partial apply", "thunk for", "protocol witness", "closure #1 in closure #1 in static ParallelMap",
                      "closure #1 in static ParallelMap", "static ParallelMap.map", "_dispatch", "___swift_dispatch", "dispatch_",
                      "static DispatchQueue.concurrentPerform", "Array.init<A>(unsafeUninitializedCapacity",
                      "ContiguousArray.init<A>(unsafeUninitializedCapacity", "closure #1 in BackgroundValue.init")


def annotate(out_file, inclusive, limit, only_object=None):
    """Top functions of a callgrind profile: (Ir, percent, function, object), demangled."""
    proc = subprocess.run(["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100", out_file],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    raw = proc.stdout
    swift = shutil.which("swift")
    if swift:
        demangled = subprocess.run([swift, "demangle", "--simplified"], input=raw, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if demangled.returncode == 0 and demangled.stdout:
            raw = demangled.stdout
    total, rows = None, []
    for line in raw.decode("utf-8", "replace").splitlines():
        m = re.match(r"^\s*([\d,]+)\s+\(\s*100\.0+%\)\s+PROGRAM TOTALS", line)
        if m:
            total = int(m.group(1).replace(",", ""))
            continue
        m = re.match(r"^\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+(.*?)\s*$", line)
        if not m or total is None:
            continue
        where, obj = m.group(3), ""
        om = re.search(r"\s\[([^\]]+)\]$", where)
        if om:
            obj, where = os.path.basename(om.group(1)), where[:om.start()]
        func = where.split(":", 1)[1] if re.match(r"^[^:\s]*:", where) else where
        func = func.strip()
        if only_object and obj != only_object:
            continue
        if inclusive and (func in ("main", "daybook_main", "(below main)") or func.startswith(INCLUSIVE_PLUMBING)
                          or "BuildCommand.run" in func or "start_thread" in func or "clone" in func):
            continue
        rows.append((int(m.group(1).replace(",", "")), float(m.group(2)), func, obj))
        if len(rows) >= limit:
            break
    return total, rows


# The size whose one-entry-edit rebuild is profiled: the serve goal's, or the largest below 100,000 in the run.
REBUILD_PROFILE_SIZE = 10950 if 10950 in SIZES else max([s for s in SIZES if s < 100_000], default=None)


def nodebug_binary():
    """A copy of daybook without debug info (function symbols kept): valgrind 3.19 cannot read the DWARF 5
    debug info of Swift 6 binaries ("Possibly corrupted debuginfo file. I can't recover.")."""
    binary = os.path.join(WORK, "daybook-nodebug")
    if os.path.exists(binary):
        os.remove(binary)
    subprocess.run(["strip", "--strip-debug", "-o", binary, DAYBOOK], check=True)
    commands_used.setdefault("profile: the binary", f"strip --strip-debug -o {binary} {shell_quote([DAYBOOK])}")
    return binary


def callgrind(label, args, out_file, timeout):
    """Runs `args` (the nodebug binary's) under callgrind: the profile's figures, or (None, why not)."""
    full = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}"] + args
    commands_used[label] = shell_quote(full) + f"\ncallgrind_annotate --inclusive=no {out_file} | swift demangle --simplified"
    begin = time.perf_counter()
    try:
        proc = subprocess.run(full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"callgrind took more than {timeout} s"
    seconds = time.perf_counter() - begin
    if proc.returncode != 0:
        return None, "callgrind failed: " + proc.stderr.decode("utf-8", "replace")[-500:]
    total, rows = annotate(out_file, False, 10)
    _, inclusive = annotate(out_file, True, 20, only_object=os.path.basename(args[0]))
    return {"total": total, "rows": rows, "inclusive": inclusive, "seconds": seconds, "file": out_file}, None


def profiler_note():
    """Why the profiles are callgrind's: whether perf can count instructions on this machine."""
    if not shutil.which("perf"):
        return "perf is not installed"
    out = output_of(["perf", "stat", "-e", "instructions", "true"])
    if "not supported" in out or "instructions" not in out:
        return "`perf stat -e instructions true` says the instructions counter is not supported here (no hardware counters in this VM)"
    return "perf can count instructions here, but callgrind's counts are exact and repeatable on a shared machine"


def full_build(run_root):
    """callgrind on a full build of the 1,095-entry corpus (no build cache): the top functions by own cost."""
    if not shutil.which("valgrind"):
        return None, "valgrind is not installed"
    corpus = ensure_corpus(1095)
    forget_build_cache(corpus)  # a real first build
    target = fresh_dir(run_root, "daybook-callgrind")
    log("profiling a full build of the 1,095-entry corpus with callgrind")
    return callgrind("profile: full build", [nodebug_binary(), "build", "-q", "-C", corpus, "--output", target],
                     os.path.join(WORK, "callgrind.out"), 3600)


SERVE_BUILT = r"^(Built|Build failed)"


def serve_rebuild(corpus, run_root, edited):
    """callgrind on one rebuild inside `daybook serve`: the server runs under callgrind with instrumentation
    off; one save is left unprofiled (so the profiled one is a later save, as most are), then instrumentation
    is turned on (`callgrind_control -i on`) for the next save's rebuild and off again once it printed its line."""
    if not (shutil.which("valgrind") and shutil.which("callgrind_control")):
        return None, "valgrind is not installed"
    binary = nodebug_binary()
    out_file = os.path.join(WORK, "callgrind-serve.out")
    args = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out_file}",
            binary, "serve", "-C", corpus, "--output", fresh_dir(run_root, "daybook-serve-callgrind"), "--port", str(free_port())]
    commands_used["profile: one serve rebuild"] = (shell_quote(args) + "\ncallgrind_control -i on PID; (save the entry); "
                                                   "callgrind_control -i off PID (after its `Built` line); kill -TERM PID"
                                                   f"\ncallgrind_annotate --inclusive=yes {out_file} | swift demangle --simplified")
    log(f"profiling one `daybook serve` rebuild after a one-entry edit ({os.path.relpath(edited, corpus)}) with callgrind")

    def control(*flags):
        subprocess.run(["callgrind_control", *flags, str(server.proc.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    server = DevServer(args)
    begin = time.perf_counter()
    try:
        with edited_entry(edited) as entry:
            if not server.wait_for_line(r"^Serving ", 3600):
                return None, f"`daybook serve` under callgrind was not serving after an hour (its last lines: {server.tail()})"
            lines = []
            for n in (1, 2, 3):  # unprofiled, profiled, the restore (unprofiled)
                time.sleep(1.1)  # a later modification time than the last build
                if n == 2:
                    control("-i", "on")
                saved = time.perf_counter()
                if n < 3:
                    entry.save(f"Saved for the profile, {n}.")
                else:
                    entry.restore()
                got = server.wait_for_line(SERVE_BUILT, 1800, since=saved)
                if n == 2:
                    control("-i", "off")
                if not got:
                    return None, f"a rebuild under callgrind took more than 30 minutes (its last lines: {server.tail()})"
                lines.append(got[1].string)
    finally:
        server.stop(timeout=300)  # callgrind writes its file as the process ends
    seconds = time.perf_counter() - begin
    if not os.path.exists(out_file):
        return None, f"callgrind wrote no profile (its last lines: {server.tail()})"
    total, rows = annotate(out_file, False, 10)
    _, inclusive = annotate(out_file, True, 20, only_object=os.path.basename(binary))
    return {"total": total, "rows": rows, "inclusive": inclusive, "seconds": seconds, "file": out_file, "rebuild_line": lines[1],
            "cli": cli_rebuild(corpus, run_root, edited, binary)}, None


def cli_rebuild(corpus, run_root, edited, binary):
    """The instructions of `daybook build` for the same kind of edit, on a warm site: what the serve rebuild is
    compared with. None when callgrind fails."""
    target = fresh_dir(run_root, "daybook-cli-callgrind")
    args = [binary, "build", "-q", "-C", corpus, "--output", target]
    timed([DAYBOOK] + args[1:])  # the site and its cache, warm
    with edited_entry(edited) as entry:
        time.sleep(1.1)
        entry.save("Saved for the profile, from the command line.")
        prof, _ = callgrind("profile: one-entry-edit rebuild (command line)", args, os.path.join(WORK, "callgrind-cli-rebuild.out"), 3600)
    return prof


def profile_tables(L, prof, inclusive_first=False):
    """A callgrind profile's top functions by own cost (all objects) and by inclusive cost (Daybook's own)."""
    def exclusive():
        L.append(f"Top 10 functions by own (exclusive) cost, instructions; {prof['total']:,} in all (took {prof['seconds']:.0f} s under")
        L.append(f"valgrind). Full data: `callgrind_annotate {prof['file']}`.")
        L.append("")
        L.append("| # | Ir | share | function | object |")
        L.append("|---|---|---|---|---|")
        for i, (ir, pct, func, obj) in enumerate(prof["rows"], 1):
            L.append(f"| {i} | {ir:,} | {pct:.1f}% | `{table_cell(func)}` | {obj} |")
        L.append("")

    def inclusive(lead):
        L.append(lead)
        L.append("")
        L.append("| Ir (inclusive) | share | function |")
        L.append("|---|---|---|")
        for ir, pct, func, obj in prof["inclusive"]:
            L.append(f"| {ir:,} | {pct:.1f}% | `{table_cell(func)}` |")
        L.append("")

    if inclusive_first:
        inclusive(f"Top functions by inclusive cost (callees counted), Daybook's own functions only; {prof['total']:,} instructions in all:")
        exclusive()
    else:
        exclusive()
        inclusive("The same profile by inclusive cost (callees counted), Daybook's own functions only, for where the time comes from:")
    while L and L[-1] == "":
        L.pop()


def section(L, results, prof, prof_error):
    """The three profiles' sections: the full build's (`prof`, or why not), and the serve and command-line rebuilds'."""
    L.append("## Profile: full build of the 1,095-entry corpus (callgrind)")
    L.append("")
    if prof:
        profile_tables(L, prof)
    else:
        L.append(f"Not profiled: {prof_error}.")
    L.append("")
    rebuild = next((r for r in results if "rebuild_profile" in r), None)
    rebuild_size = rebuild["size"] if rebuild else REBUILD_PROFILE_SIZE or 10950
    L.append(f"## Profile: one serve rebuild ({rebuild_size:,} entries, one entry edited; callgrind)")
    L.append("")
    if rebuild and rebuild["rebuild_profile"]:
        prof_rebuild = rebuild["rebuild_profile"]
        L.append(f"`daybook serve` on the {rebuild_size:,}-entry diary, run under callgrind with instrumentation off; one save to")
        L.append(f"`{rebuild['edited']}` unprofiled, then instrumentation on (`callgrind_control -i on`) for the next save's rebuild only,")
        L.append(f"until it printed `{prof_rebuild['rebuild_line']}` (times under valgrind). Profiled with callgrind")
        L.append(f"(valgrind), not perf: {profiler_note()}.")
        cli = prof_rebuild.get("cli")
        if cli:
            L.append(f"For comparison, `daybook build` of the same kind of edit on a warm site (command line, {fmt_s(cli['seconds'])} under")
            L.append(f"valgrind): {cli['total']:,} instructions in all, so the serve rebuild costs {prof_rebuild['total'] / cli['total']:.1f}× as many")
            L.append(f"(`callgrind_annotate {cli['file']}`).")
        L.append("")
        profile_tables(L, prof_rebuild, inclusive_first=True)
        if cli:
            L.append("")
            L.append(f"## Profile: one command-line edit ({rebuild_size:,} entries, one entry edited; callgrind)")
            L.append("")
            L.append("`daybook build` after one entry's save, on the warm site above: what the command line's one-entry-edit row")
            L.append("spends its instructions on. Callgrind counts the process's own instructions, not the kernel's: the system")
            L.append("calls of the check for changes (a stat of every file, see the rebuild steps above) and the page faults of")
            L.append("mapping the entry cache are not in it.")
            L.append("")
            profile_tables(L, cli, inclusive_first=True)
    else:
        L.append("Not profiled: " + (rebuild["rebuild_profile_error"] if rebuild else
                                     "skipped (BENCH_PROFILE=0)" if not ENABLED else "no size below 109,500 in this run") + ".")
    L.append("")
