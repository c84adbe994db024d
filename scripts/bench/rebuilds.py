"""Rebuilds of the warm site, size by size: a no-op and a one-entry edit (then undone), alternating; then one of each
with -v for where their time goes, beside what no rebuild can go below: the process start and one stat of every
file it must check."""

import os
import re
import subprocess
import time

from build_output import daybook_summary, step_name, step_processor_times, steps_of
from diaries import edited_entry, entry_files
from figures import median
from record import commands_used, log, shell_quote
from running import settle, timed
from settings import DAYBOOK, QUICK, STAT_FLOOR, WORK

REBUILD_RUNS = 4 if QUICK else 10  # no-op rebuilds and one-entry edits, each (4 at 109,500): a median of few moves with a busy second


def measure(r, corpus, warm):
    """The rebuilds of the warm site `warm` of `corpus`, into `r` (the size's figures); returns the entry it edited."""
    size = r["size"]
    files = entry_files(os.path.join(corpus, "Content"))
    edited = files[len(files) // 2]
    r["edited"] = os.path.relpath(edited, corpus)
    noop, edit, noop_written, edit_written, noop_rss, edit_rss, edit_cpu = [], [], [], [], [], [], []
    rebuild_args = [DAYBOOK, "build", "-C", corpus, "--output", warm]
    commands_used.setdefault("daybook rebuild (no-op, one edit)", shell_quote(rebuild_args))
    # Two of each at 109,500 gave medians a busy minute of this shared machine could move by a tenth.
    rebuilds = 4 if size >= 100_000 else REBUILD_RUNS
    # The timed builds just before wrote gigabytes (the floor's last): their write-back would land on the rebuilds.
    settle(f"the rebuilds of {size:,} entries")
    with edited_entry(edited) as entry:
        timed(rebuild_args)  # settles anything the warm build left (none expected)
        # An untimed edit and its undoing: the timed builds just before (Hugo's 13 GB at 109,500) pushed the
        # entry cache out of the page cache, where a writer's edits find it.
        time.sleep(1.1)
        entry.save("Edited for the benchmark, untimed.")
        timed(rebuild_args)
        time.sleep(1.1)
        entry.restore()
        timed(rebuild_args)
        for i in range(rebuilds):
            n = timed(rebuild_args)
            noop.append(n.wall)
            noop_rss.append(n.rss_kb)
            noop_written.append(daybook_summary(n))
            time.sleep(1.1)  # a later modification time than the last build, whatever its clock granularity
            if i % 2 == 0:
                entry.save(f"Edited for the benchmark, round {i + 1}.")
            else:
                entry.restore()
            e = timed(rebuild_args)
            edit.append(e.wall)
            edit_cpu.append(e.user + e.system)
            edit_rss.append(e.rss_kb)
            edit_written.append(daybook_summary(e))
    r["noop"], r["noop_rss"], r["noop_written"] = noop, noop_rss, noop_written
    r["edit"], r["edit_rss"], r["edit_written"], r["edit_cpu"] = edit, edit_rss, edit_written, edit_cpu
    if any(w is None or w[0] != 0 for w in noop_written):
        r["notes"].append(f"a no-op rebuild wrote files: {noop_written}")
    log(f"  no-op rebuild median {median(noop) * 1000:.0f} ms (written {noop_written}); "
        f"one-edit rebuild median {median(edit) * 1000:.0f} ms (written {edit_written})")
    measure_rebuild_profile(r, rebuild_args, edited, os.path.join(corpus, "Content"), warm)
    return edited


def measure_rebuild_profile(r, rebuild_args, edited, content, output):
    """Where a command-line rebuild's time goes: one more no-op and one more one-entry edit with -v
    (each step's time), the process start alone (`daybook --version`), and the floor of a no-op that
    checks every file: one stat of each file and folder of Content/ (a file's size and time change
    without its folder's) and of each folder of the output (a file added, removed or renamed changes
    its folder's time), on both cores."""
    verbose = rebuild_args + ["-v"]
    with edited_entry(edited) as entry:
        timed(rebuild_args)
        n = timed(verbose, label="daybook rebuild, its steps (-v)")
        time.sleep(1.1)
        entry.save("Edited for the benchmark, the profiled round.")
        e = timed(verbose)
    r["noop_profile"] = {"steps": steps_of(n), "cpu": step_processor_times(n), "wall": n.wall, "total_cpu": n.user + n.system}
    r["edit_profile"] = {"steps": steps_of(e), "cpu": step_processor_times(e), "wall": e.wall, "total_cpu": e.user + e.system}
    r["start"] = median([timed([DAYBOOK, "--version"], label="process start").wall for _ in range(5)])
    r["stat_floor"], r["stat_files"] = stat_floor(content, output)
    log(f"  rebuild profile: start {r['start'] * 1000:.0f} ms; stat floor {r['stat_floor'] * 1000:.0f} ms "
        f"for {r['stat_files']:,} files and folders")


def stat_floor(content, output):
    """(median seconds, paths): one stat of every file and folder below `content` and of every folder below
    `output`, from compiled code on every core (`stat-floor`, each path relative to its folder two levels down, opened once,
    as Daybook looks at them, in path order); listed beforehand, and stat'ed once untimed, then 5 timed rounds."""
    lines = []
    for tree, tag, folders_only in ((content, "c", False), (output, "o", True)):
        for root, folders, files in os.walk(tree):
            relative = os.path.relpath(root, tree)
            for name in folders + ([] if folders_only else files):
                lines.append(f"{tag} {name if relative == '.' else os.path.join(relative, name)}")
    # In path order, as Daybook keeps them: each path's folders are then found where the one before left them.
    lines.sort()
    listing = os.path.join(WORK, "stat-floor-paths.txt")
    with open(listing, "w") as f:
        f.write("\n".join(lines) + "\n")
    proc = subprocess.run([STAT_FLOOR, content, output, listing, "6"], stdout=subprocess.PIPE, text=True, check=True)
    os.remove(listing)
    rounds = [float(x) for x in proc.stdout.split()][1:]
    return median(rounds), len(lines)


def section(L, results):
    """Each step of a no-op and of a one-entry edit on the command line, next to what no build can avoid."""
    if not results:
        return
    L.append("## Where a command-line rebuild spends its time (`daybook build -v`, after the timed rebuilds)")
    L.append("")
    L.append("One no-op and one one-entry edit per size, each step's time as the build printed it, and in brackets the")
    L.append("processor time the process used meanwhile on both cores (user and system). The last two rows are")
    L.append("what a rebuild cannot go below on this machine while it checks every file: the process start alone")
    L.append("(`daybook --version`, median of 5), and one stat from compiled code on both cores (`stat-floor`, median of 5")
    L.append("rounds after an untimed one; each path relative to its folder two levels down, opened once, and in path order, as Daybook looks) of each file")
    L.append("and folder of Content/ (an entry changed in place changes no folder) and of each folder of the output (a file")
    L.append("added or removed changes its folder's time, so one stat vouches for the folder's files): the floor of a")
    L.append("no-op's check for changes.")
    L.append("")
    names = []
    for r in results:
        for kind in ("noop_profile", "edit_profile"):
            for _, n in r[kind]["steps"]:
                if step_name(n) not in names:
                    names.append(step_name(n))
    L.append("| step | " + " | ".join(f"{r['size']:,}: no-op / edit" for r in results) + " |")
    L.append("|---|" + "---|" * len(results))

    def cell(r, kind, name):
        v = [(s, m) for s, m in r[kind]["steps"] if step_name(m) == name]
        if not v:
            return "–"
        cpu = r[kind].get("cpu", {}).get(v[0][1])
        return f"{v[0][0] * 1000:.0f}" + (f" ({cpu * 1000:.0f})" if cpu is not None else "")

    for n in names:
        title = re.sub(r"^\[\d+/\d+\]\s*", "", n)
        L.append(f"| {title} | " + " | ".join(f"{cell(r, 'noop_profile', n)} / {cell(r, 'edit_profile', n)} ms" for r in results) + " |")
    L.append("| **the whole command** | " + " | ".join(
        f"**{r['noop_profile']['wall'] * 1000:.0f} ({r['noop_profile'].get('total_cpu', 0) * 1000:.0f}) / "
        f"{r['edit_profile']['wall'] * 1000:.0f} ({r['edit_profile'].get('total_cpu', 0) * 1000:.0f}) ms**" for r in results) + " |")
    L.append("| process start alone | " + " | ".join(f"{r['start'] * 1000:.0f} ms" for r in results) + " |")
    L.append("| stat of every input file and folder and every output folder, 2 cores | " + " | ".join(
        f"{r['stat_floor'] * 1000:.0f} ms ({r['stat_files']:,} paths)" for r in results) + " |")
    L.append("")
