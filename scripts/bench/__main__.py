"""Daybook's speed figures, side by side with Hugo and with the floor; writes BENCHMARKS.md.

    python3 scripts/bench        (what `make bench` runs, after building the release binaries and installing
                                  hugo, valgrind, time, the pictures' and the deploy section's tools)

Runs on its own too after `make run` builds Daybook, as long as `.build/release/daybook-corpus`,
`.build/release/template-bench` and `.build/release/stat-floor` exist (`make bench` builds them).
Python 3 standard library only; the settings, from the environment (BENCH_*), are listed in settings.py.

The sections, in the order they run, each in its own module:

  diaries.py          the corpora (made once) and the Hugo copy of each
  full_builds.py      full builds: Daybook, Hugo, Hugo with bare layouts, and the floor (floor.py)
  rebuilds.py         no-op and one-entry-edit rebuilds, and where their time goes
  search.py           the search index's size and the bytes a query fetches (of the warm-up build)
  serve.py            `daybook serve` and `hugo server`: from a save to the served page
  pictures.py         a photo diary (photo_diary.py): Daybook against vipsthumbnail, ImageMagick and Hugo
  deploy.py           `daybook deploy` to a folder, git, rsync and S3 on loopback, and `hugo deploy`
  profiles.py         callgrind profiles of a full build and of one serve rebuild
  template_engine.py  template-bench
  report.py           BENCHMARKS.md: the goals table, every section, the commands and the method
"""

import json
import os
import shutil
import subprocess
import sys
import time

import deploy
import full_builds
import pictures
import profiles
import rebuilds
import search
import report
import serve
import template_engine
from diaries import ensure_corpus, hugo_copy
from floor import floor_inputs
from folders import delete_later, fresh_run_folders, set_aside
from machine import machine, source_state
from record import commands_used, log, note, notes, started_at
from splice import splice
from settings import CORPUS_TOOL, DAYBOOK, ENV, ONLY, OUTPUT, RELEASE_BUILD, REPO, SIZES, STAT_FLOOR, TEMPLATE_BENCH, WORK


def main():
    if ONLY:
        return main_section_only()
    check_tools()
    run_root, trash = fresh_run_folders()
    free_gb = shutil.disk_usage(WORK).free / 1e9
    if free_gb < (35 if 109500 in SIZES else 8):
        note(f"only {free_gb:.0f} GB free under {WORK}; the built sites are kept until the end of the run")
    info = machine()
    info["source"] = source_state()
    log(f"{info['cores']} cores, {info['memory']}; sizes {SIZES}; Daybook {DAYBOOK}")

    for size in SIZES:  # generate first: the slow part of a fresh clone
        corpus = ensure_corpus(size)
        hugo_copy(size, corpus)
        floor_inputs(size, corpus)

    results = []
    for size in SIZES:
        results.append(measure_size(size, run_root))
        # Deleting hundreds of thousands of files takes minutes and slows file creation afterwards: the
        # sites are moved aside now (instant) and deleted once all timing is done.
        set_aside(run_root, trash)

    picture_figures = None
    if pictures.ENABLED:
        picture_figures = pictures.measure(run_root)
        set_aside(run_root, trash)
    deploy_figures = None
    if deploy.skipped_reason() is None:
        deploy_figures = deploy.measure(run_root)
    else:
        log(f"deploy section skipped: {deploy.skipped_reason()}")
    prof, prof_error = (None, "skipped (BENCH_PROFILE=0)")
    if profiles.ENABLED:
        prof, prof_error = profiles.full_build(run_root)
    tmpl = template_engine.measure() if template_engine.ENABLED else None
    with open(os.path.join(WORK, "results.json"), "w", encoding="utf-8") as f:  # the raw figures of this run
        json.dump({"results": results, "pictures": picture_figures, "deploy": deploy_figures, "profile": prof,
                   "profile_error": prof_error, "template_bench": tmpl, "machine": info, "commands": commands_used, "notes": notes},
                  f, ensure_ascii=False, indent=1, default=str)
    report.write(results, prof, prof_error, tmpl, info, time.monotonic() - started_at, picture_figures, deploy_figures)
    delete_later(run_root, trash)


def measure_size(size, run_root):
    """Every figure of one corpus size: full builds, rebuilds, serve, and at one size the serve rebuild's profile."""
    corpus = ensure_corpus(size)
    project = hugo_copy(size, corpus)
    r, warm = full_builds.measure(size, corpus, project, run_root)
    edited = rebuilds.measure(r, corpus, warm)
    if serve.ENABLED:
        with_hugo = size < 100_000 or ENV.get("BENCH_LARGE_HUGO", "1") != "0"
        r["serve"] = serve.measure(size, corpus, project, run_root, os.path.relpath(edited, os.path.join(corpus, "Content")), with_hugo)
    if profiles.ENABLED and size == profiles.REBUILD_PROFILE_SIZE:
        r["rebuild_profile"], r["rebuild_profile_error"] = profiles.serve_rebuild(corpus, run_root, edited)
    return r


def check_tools():
    """Builds what `make bench` would have built when run on its own; stops when something is still missing."""
    for tool in (DAYBOOK, CORPUS_TOOL, TEMPLATE_BENCH, STAT_FLOOR):
        if not os.access(tool, os.X_OK) and "BENCH_BIN" not in ENV and shutil.which("swift"):
            log(f"building {os.path.basename(tool)}: {' '.join(RELEASE_BUILD)} --product {os.path.basename(tool)}")
            subprocess.run(RELEASE_BUILD + ["--product", os.path.basename(tool)], cwd=REPO)
    for tool in (DAYBOOK, CORPUS_TOOL, STAT_FLOOR):
        if not os.access(tool, os.X_OK):
            sys.exit(f"bench: {tool} is missing; run `make bench` (it builds it) or `{' '.join(RELEASE_BUILD)} --product {os.path.basename(tool)}`")
    for tool in ("hugo", "cmark-gfm"):
        if not shutil.which(tool):
            sys.exit(f"bench: `{tool}` is not installed; `make bench` installs it with apt-get")
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("bench: /usr/bin/time is missing (Debian package `time`); `make bench` installs it")
    missing = pictures.missing_tools() if pictures.ENABLED else []
    if missing:
        sys.exit(f"bench: the pictures section needs {', '.join(missing)} (apt-get install; `make bench` installs them), or BENCH_PICTURES=0")


def main_section_only():
    """BENCH_ONLY=pictures, deploy or search: that section alone, written into the existing report in place of its old one."""
    if not os.access(DAYBOOK, os.X_OK) and "BENCH_BIN" not in ENV and shutil.which("swift"):
        log(f"building daybook: {' '.join(RELEASE_BUILD)} --product daybook")
        subprocess.run(RELEASE_BUILD + ["--product", "daybook"], cwd=REPO)
    if not os.access(DAYBOOK, os.X_OK):
        sys.exit(f"bench: {DAYBOOK} is missing; run `make bench` (it builds it) or `{' '.join(RELEASE_BUILD)} --product daybook`")
    if ONLY == "pictures":
        missing = pictures.missing_tools() + ([] if os.access("/usr/bin/time", os.X_OK) else ["time"])
    elif ONLY == "deploy":
        missing = deploy.missing_tools()
    else:
        missing = [] if shutil.which("node") or shutil.which("nodejs") else ["node"]
    if missing:
        sys.exit(f"bench: the {ONLY} section needs {', '.join(missing)} (`make bench` installs them)")
    run_root, trash = fresh_run_folders()
    log(f"{ONLY} only; Daybook {DAYBOOK}")
    source = source_state()
    measure = {"pictures": pictures.measure, "deploy": deploy.measure, "search": search.measure_alone}[ONLY]
    figures = measure(run_root)
    with open(os.path.join(WORK, f"results-{ONLY}.json"), "w", encoding="utf-8") as f:
        json.dump({ONLY: figures, "source": f"commit {source[0]} ({source[2]})", "commands": commands_used, "notes": notes},
                  f, ensure_ascii=False, indent=1, default=str)
    if ONLY == "pictures":
        lines, heading = pictures.section(figures), "## Pictures"
    elif ONLY == "deploy":
        lines, heading = deploy.section(figures), "## Deploy"
    else:
        lines, heading = [], "## Search index"
        search.section(lines, figures, search.before_rows())
    if os.path.exists(OUTPUT):
        with open(OUTPUT, encoding="utf-8") as f:
            text = splice(f.read(), heading, lines)
    else:
        text = "\n".join(["# Benchmarks", "", "Regenerated by `make bench` (scripts/bench/); do not edit by hand.", ""] + lines)
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(text)
    log(f"wrote the {ONLY} section of {OUTPUT}")
    set_aside(run_root, trash)
    delete_later(run_root, trash)


if __name__ == "__main__":
    main()
