#!/usr/bin/env python3
"""Daybook's speed figures, side by side with Hugo and with the floor; writes BENCHMARKS.md.

Full builds, no-op and one-entry-edit rebuilds, and `daybook serve` against `hugo server` (from saving an
entry to the served day page showing it), with callgrind profiles of a full build and of one serve rebuild.

Run by `make bench` (which builds the release binaries and installs hugo, valgrind and time first);
it also runs on its own after `make run` builds Daybook, as long as `.build/release/daybook-corpus`,
`.build/release/template-bench` and `.build/release/stat-floor` exist (`make bench` builds them).

Python 3 standard library only. Settings from the environment:

  BENCH_QUICK=1          1,095 and 10,950 entries only, fewer runs (for development)
  BENCH_SIZES=1095,10950 corpus sizes (entries; each must be one of 1095, 10950, 109500)
  BENCH_RUNS=N           runs of each full build per size (default 5; 3 at 109,500; 3 when quick)
  BENCH_SETTLE=60        seconds to wait after `sync` before timing starts (see README of the issue:
                         the filesystem slows file creation for about a minute after deletions)
  BENCH_DIR=/tmp/daybook-bench   corpora, Hugo copies and run folders (never in the repository)
  BENCH_BIN=.build/release       where daybook, daybook-corpus, template-bench and stat-floor are
  BENCH_OUTPUT=BENCHMARKS.md     the report
  BENCH_PROFILE=0        skip the callgrind profiles (a full build, and one `daybook serve` rebuild after a save)
  BENCH_SERVE=0          skip the serve benchmark (a save, then polling the served day page until it shows it)
  BENCH_SERVE_SAVES=20   saves per server and size in the serve benchmark
  BENCH_LARGE_HUGO=0     no Hugo at 109,500 entries (neither `hugo` builds nor `hugo server`: about 13 GB each)
  BENCH_TEMPLATE=0       skip template-bench
  BENCH_KEEP=1           keep the built sites (otherwise each size's outputs are deleted after it)
  BENCH_ONLY=pictures    only the pictures section; the rest of BENCHMARKS.md stays as the last full run wrote it
  BENCH_PICTURES=0       skip the pictures section (a photo diary: Daybook against vipsthumbnail, ImageMagick and
                         Hugo), keeping the one the last run that measured it wrote; its own settings
                         (BENCH_PICTURE_*) are in scripts/bench_pictures.py
  BENCH_DEPLOY=0         skip the deploy section (`daybook deploy` to a folder, git, rsync and S3 on loopback, and
                         `hugo deploy` beside it); its settings (BENCH_DEPLOY_*) are in scripts/bench_deploy.py
"""

import datetime
import hashlib
import http.client
import json
import math
import os
import platform
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import unicodedata
import urllib.parse

import bench_deploy
import bench_pictures

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = os.environ
QUICK = ENV.get("BENCH_QUICK", "") not in ("", "0")
WORK = os.path.abspath(ENV.get("BENCH_DIR", "/tmp/daybook-bench"))
BIN = os.path.abspath(os.path.join(REPO, ENV.get("BENCH_BIN", ".build/release")))
DAYBOOK = os.path.join(BIN, "daybook")
CORPUS_TOOL = os.path.join(BIN, "daybook-corpus")
# The Makefile's RELEASE_BUILD, for a run without `make bench`: the same flags, or the binary differs.
RELEASE_BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib",
                 "-Xswiftc", "-Xfrontend", "-Xswiftc", "-disable-autolink-library", "-Xswiftc", "-Xfrontend", "-Xswiftc", "curl"]
TEMPLATE_BENCH = os.path.join(BIN, "template-bench")
STAT_FLOOR = os.path.join(BIN, "stat-floor")
OUTPUT = os.path.join(REPO, ENV.get("BENCH_OUTPUT", "BENCHMARKS.md"))
SETTLE = float(ENV.get("BENCH_SETTLE", "60"))
KEEP = ENV.get("BENCH_KEEP", "") not in ("", "0")
ONLY = ENV.get("BENCH_ONLY", "")
if ONLY not in ("", "pictures"):
    sys.exit(f"bench: BENCH_ONLY: {ONLY} is not a section this script can run alone (pictures)")
CORES = os.cpu_count() or 1

# entries -> (days, per day): the project's generator, 1 a day for 3 years, 10 a day for 3 and 30 years.
CORPORA = {1095: (1095, 1), 10950: (1095, 10), 109500: (10950, 10)}
SIZES = [int(s) for s in ENV.get("BENCH_SIZES", "1095,10950" if QUICK else "1095,10950,109500").split(",")]
for _size in SIZES:
    if _size not in CORPORA:
        sys.exit(f"bench: BENCH_SIZES: {_size} is not one of {sorted(CORPORA)}")


def runs_for(size):
    if "BENCH_RUNS" in ENV:
        return max(1, int(ENV["BENCH_RUNS"]))
    if QUICK or size >= 100_000:
        return 3
    return 5


REBUILD_RUNS = 4 if QUICK else 10  # no-op rebuilds and one-entry edits, each (4 at 109,500): a median of few moves with a busy second
FLOOR_THREADS = int(ENV.get("BENCH_FLOOR_THREADS", str(CORES)))
CMARK_EXTENSIONS = ["footnotes", "table", "strikethrough", "autolink", "tagfilter", "tasklist"]
HUGO_COPY_VERSION = "hugo-copy 1"  # bump when the copy's format changes: copies are then made again

started_at = time.monotonic()
commands_used = {}  # label -> command line, for the report
notes = []  # oddities seen during the run, for the report


def log(message):
    elapsed = time.monotonic() - started_at
    print(f"[bench {int(elapsed) // 60:02d}:{int(elapsed) % 60:02d}] {message}", file=sys.stderr, flush=True)


def note(message):
    log("NOTE: " + message)
    notes.append(message)


def shell_quote(args):
    return " ".join(a if re.fullmatch(r"[A-Za-z0-9_./=:,+-]+", a) else "'" + a.replace("'", "'\\''") + "'" for a in args)


# MARK: - Running and timing


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


def tree_size(root):
    """(html pages, files, bytes) under root."""
    pages = files = total = 0
    for folder, dirs, names in os.walk(root):
        for name in names:
            files += 1
            if name.endswith(".html"):
                pages += 1
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return pages, files, total


def median(values):
    return statistics.median(values) if values else float("nan")


def spread(values):
    return f"{min(values):.2f}–{max(values):.2f}" if values else "–"


_fresh_counter = [0]


def fresh_dir(run_root, name):
    """A new, never-used folder path (not created: both tools create their output folder)."""
    _fresh_counter[0] += 1
    path = os.path.join(run_root, f"{_fresh_counter[0]:03d}-{name}")
    assert not os.path.exists(path)
    return path


def remove_tree(path):
    if os.path.lexists(path):
        shutil.rmtree(path, ignore_errors=True)


# MARK: - Corpora


def corpus_dir(size):
    return os.path.join(WORK, f"corpus-{size}")


def ensure_corpus(size):
    """The project's own generator, once; reused when its marker says it was finished."""
    path = corpus_dir(size)
    marker = path + ".complete"
    days, per_day = CORPORA[size]
    args = [CORPUS_TOOL, path, "--days", str(days), "--per-day", str(per_day)]
    commands_used.setdefault(f"corpus {size}", shell_quote(args))
    if os.path.exists(marker) and os.path.isdir(os.path.join(path, "Content")):
        return path
    if os.path.exists(path):
        log(f"removing an unfinished corpus {path}")
        remove_tree(path)
    log(f"generating the {size:,}-entry corpus: {shell_quote(args)}")
    begin = time.perf_counter()
    summary = run_quiet(args).strip()
    log(f"  {summary} ({time.perf_counter() - begin:.0f} s)")
    with open(marker, "w") as f:
        f.write(shell_quote(args) + "\n" + summary + "\n")
    return path


def build_cache_dir(corpus):
    """Daybook's build cache: the diary's `.daybook/` (the shared entry cache, and a folder per output folder)."""
    return os.path.join(corpus, ".daybook")


def forget_build_cache(corpus):
    """Removes the diary's build cache (a few files: quick), so the next `daybook build` is a real first build."""
    remove_tree(build_cache_dir(corpus))


def entry_files(content):
    result = []
    for folder, dirs, names in os.walk(content):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".md"):
                result.append(os.path.join(folder, name))
    return result


def read_emotions(config_path):
    """The `emotions:` list of a daybook.yml as written by the corpus generator (id, label, emoji, color, aliases)."""
    emotions = []
    current = None
    in_list = False
    with open(config_path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if re.match(r"^emotions:\s*$", line):
                in_list = True
                continue
            if in_list and line and not line.startswith(" "):
                in_list = False
            if not in_list:
                continue
            m = re.match(r"^\s*-\s*id:\s*(.+?)\s*$", line)
            if m:
                current = {"id": unquote(m.group(1)), "label": "", "emoji": "", "color": "", "aliases": []}
                emotions.append(current)
                continue
            m = re.match(r"^\s+(label|emoji|color|aliases):\s*(.*?)\s*$", line)
            if m and current is not None:
                key, value = m.group(1), m.group(2)
                if key == "aliases":
                    current["aliases"] = [unquote(v) for v in value.strip("[]").split(",") if v.strip()]
                else:
                    current[key] = unquote(value)
    return emotions


def unquote(text):
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


HHMM_ONLY = re.compile(r"^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$")


def hugo_front_matter(lines, emotion_ids):
    """Rewrites the few front-matter forms Hugo 0.111 reads differently from Daybook."""
    out = []
    for line in lines:
        if line.startswith("date:"):
            value = unquote(line[5:])
            m = HHMM_ONLY.match(value)
            # Hugo silently gives `2023-01-01 09:30` the zero date (0001-01-01); with seconds it reads it.
            out.append(f"date: {m.group(1)} {m.group(2)}:00" if m else line)
        elif line.startswith("emotion:"):
            value = line[8:].strip()
            names = [unquote(v) for v in value.strip("[]").split(",")] if value.startswith("[") else [unquote(value)]
            ids = []
            for name in names:
                found = emotion_ids.get(name.strip().lower(), name.strip().lower())
                if found and found not in ids:
                    ids.append(found)
            # A taxonomy needs the ids Daybook resolves labels and aliases to ("행복", "joy" -> happy).
            out.append("emotions: [" + ", ".join(ids) + "]")
        elif line.startswith('tags: "') or line.startswith("tags: '"):
            tags = [t.strip() for t in unquote(line[5:]).split(",") if t.strip()]
            # Daybook splits "a, b"; a Hugo taxonomy would take it as one term.
            out.append("tags: [" + ", ".join(tags) + "]")
        else:
            out.append(line)
    return out


def hugo_copy(size, corpus):
    """A Hugo project holding a Hugo-readable copy of the corpus, made once (see BENCHMARKS.md)."""
    project = os.path.join(WORK, f"hugo-{size}")
    marker = project + ".complete"
    want = HUGO_COPY_VERSION + "\n" + open(corpus + ".complete").read()
    if os.path.exists(marker) and open(marker).read() == want:
        install_hugo_site(project, corpus)
        return project
    if os.path.exists(project):
        remove_tree(project)
    log(f"making the Hugo copy of the {size:,}-entry corpus in {project}")
    begin = time.perf_counter()
    emotions = read_emotions(os.path.join(corpus, "daybook.yml"))
    emotion_ids = {}
    for e in emotions:
        for name in [e["id"], e["label"]] + e["aliases"]:
            if name:
                emotion_ids[name.lower()] = e["id"]
    source = os.path.join(corpus, "Content")
    content = os.path.join(project, "content")
    sections = set()
    for path in entry_files(source):
        rel = os.path.relpath(path, source)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if text.startswith("---\n"):
            end = text.find("\n---\n", 4)
            head = text[4:end].split("\n")
            text = "---\n" + "\n".join(hugo_front_matter(head, emotion_ids)) + text[end:]
        target = os.path.join(content, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        parts = rel.split(os.sep)[:-1]
        for depth in range(1, len(parts) + 1):
            sections.add(tuple(parts[:depth]))
    # Day, month and year pages: Hugo makes a page for a folder only when it holds an _index.md.
    levels = {1: "year", 2: "month", 3: "day"}
    for parts in sections:
        level = levels.get(len(parts), "folder")
        title = "-".join(parts) if len(parts) <= 3 else parts[-1]
        with open(os.path.join(content, *parts, "_index.md"), "w", encoding="utf-8") as f:
            f.write(f'---\ntitle: "{title}"\nlevel: {level}\n---\n')
    for name, title in (("archive", "Archive"), ("gallery", "Gallery"), ("search", "Search")):
        os.makedirs(os.path.join(content, name), exist_ok=True)
        with open(os.path.join(content, name, "_index.md"), "w", encoding="utf-8") as f:
            f.write(f'---\ntitle: "{title}"\n---\n')
    # Pictures (Content/images/) are served as they are from /images/.
    images = os.path.join(source, "images")
    if os.path.isdir(images):
        shutil.copytree(images, os.path.join(project, "static", "images"))
    os.makedirs(os.path.join(project, "data"), exist_ok=True)
    with open(os.path.join(project, "data", "emotions.json"), "w", encoding="utf-8") as f:
        json.dump({"order": [e["id"] for e in emotions], "byId": {e["id"]: e for e in emotions}}, f, ensure_ascii=False)
    install_hugo_site(project, corpus)
    with open(marker, "w") as f:
        f.write(want)
    log(f"  done in {time.perf_counter() - begin:.0f} s")
    return project


def install_hugo_site(project, corpus):
    """Copies the committed site (Benchmarks/hugo: config and layouts) into the project, fresh."""
    site = os.path.join(REPO, "Benchmarks", "hugo")
    for name in ("layouts", "resources"):
        remove_tree(os.path.join(project, name))
    for name in ("hugo.toml", "config.toml"):
        if os.path.exists(os.path.join(project, name)):
            os.remove(os.path.join(project, name))
    shutil.copytree(os.path.join(site, "layouts"), os.path.join(project, "layouts"))
    shutil.copy(os.path.join(site, "hugo.toml"), os.path.join(project, "hugo.toml"))
    # A stylesheet so both sites link to a real file (Daybook's own, for the same bytes).
    css_source = os.path.join(REPO, "Templates", "assets", "style.css")
    os.makedirs(os.path.join(project, "static", "assets"), exist_ok=True)
    if os.path.exists(css_source):
        shutil.copy(css_source, os.path.join(project, "static", "assets", "style.css"))


# MARK: - The floor


def floor_inputs(size, corpus):
    """Entry bodies (front matter cut off) in one file per core, made once, for cmark-gfm's CLI."""
    folder = os.path.join(WORK, f"floor-{size}")
    marker = folder + ".complete"
    want = open(corpus + ".complete").read() + f"cores {CORES}\n"
    chunks = [os.path.join(folder, f"bodies-{i}.md") for i in range(CORES)]
    if os.path.exists(marker) and open(marker).read() == want:
        return chunks
    remove_tree(folder)
    os.makedirs(folder)
    outs = [open(c, "w", encoding="utf-8") for c in chunks]
    for n, path in enumerate(entry_files(os.path.join(corpus, "Content"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if text.startswith("---\n"):
            end = text.find("\n---\n", 4)
            text = text[end + 5:] if end >= 0 else text
        outs[n % CORES].write(text + "\n\n")
    for o in outs:
        o.close()
    with open(marker, "w") as f:
        f.write(want)
    return chunks


def site_file_list(source):
    """The files of a built site, as (relative path, size), in walk order."""
    files = []
    for folder, dirs, names in os.walk(source):
        for name in names:
            path = os.path.join(folder, name)
            files.append((os.path.relpath(path, source), os.lstat(path).st_size))
    return files


def write_like(source, files, target, threads):
    """Creates the files of `source` (a built site) in the new folder `target`: same paths, same bytes,
    `threads` writers at once. Bytes are read into memory in batches of about 64 MB, untimed; only
    creating folders and files and writing them is timed. Returns (seconds, processor seconds of
    the timed part, user and system, every thread)."""
    import concurrent.futures
    made = set()
    elapsed = 0.0
    processor = 0.0

    def processor_now():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    def write_one(item):
        rel, data = item
        fd = os.open(os.path.join(target, rel), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.close(fd)

    with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as pool:
        batch, batch_bytes = [], 0
        for index, (rel, size) in enumerate(files):
            with open(os.path.join(source, rel), "rb") as f:
                batch.append((rel, f.read()))
            batch_bytes += size
            if batch_bytes < 64_000_000 and index + 1 < len(files):
                continue
            begin = time.perf_counter()
            begin_processor = processor_now()
            for rel2, _ in batch:
                folder = os.path.dirname(os.path.join(target, rel2))
                if folder not in made:
                    os.makedirs(folder, exist_ok=True)
                    made.add(folder)
            if threads > 1:
                chunk = max(1, len(batch) // (threads * 4))
                list(pool.map(write_one, batch, chunksize=chunk))
            else:
                for item in batch:
                    write_one(item)
            elapsed += time.perf_counter() - begin
            processor += processor_now() - begin_processor
            batch, batch_bytes = [], 0
    return elapsed, processor


class FloorTimes(tuple):
    """(read, convert, write) seconds of one floor run; `cpu`: the processor time the three took."""
    cpu = 0.0


def floor_run(corpus, chunks, site, site_files, target):
    """Read every file of Content/, convert every body with cmark-gfm (one process per core), write the
    same files and bytes as Daybook's output. Returns (read, convert, write) seconds."""
    content = os.path.join(corpus, "Content")
    read_cmd = ["sh", "-c", f"find '{content}' -type f -print0 | xargs -0 cat > /dev/null"]
    ext = " ".join(f"-e {e}" for e in CMARK_EXTENSIONS)
    convert_cmd = ["sh", "-c", " ".join(f"cmark-gfm {ext} '{c}' > /dev/null &" for c in chunks) + " wait"]
    commands_used.setdefault("floor: read", shell_quote(read_cmd))
    commands_used.setdefault("floor: convert", shell_quote(convert_cmd))
    commands_used.setdefault("floor: write", f"(in the script) create and write each file of Daybook's output in NEW_DIR, {FLOOR_THREADS} threads")
    r = timed(read_cmd)
    c = timed(convert_cmd)
    w, w_cpu = write_like(site, site_files, target, FLOOR_THREADS)
    times = FloorTimes((r.wall, c.wall, w))
    times.cpu = r.user + r.system + c.user + c.system + w_cpu
    return times


# MARK: - Search (item 5)


def fold(text):
    text = re.sub("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]", "", str(text))
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).lower())
    text = "".join(ch for ch in text if not unicodedata.category(ch).startswith("M"))
    text = unicodedata.normalize("NFC", text).replace("\u03c2", "\u03c3")
    return re.sub("[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]", " ", text)


SEARCH_SPACE_RUN = re.compile("[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")
SEARCH_PERIOD = re.compile(r"^[0-9]{4}(-(0[1-9]|1[0-2]))?$")


def normalize(text):
    return re.sub(" {2,}", " ", fold(text)).strip(" ")


def slug(text):
    """The diary's slug rule (twin of Slug.swift): letters and digits kept, any other run as one dash."""
    result, pending_dash = "", False
    for ch in unicodedata.normalize("NFC", str(text)).lower():
        if ch.isalpha() or unicodedata.category(ch) == "Nd":
            if pending_dash and result:
                result += "-"
            pending_dash = False
            result += ch
        else:
            pending_dash = True
    return result


def parse_query(query):
    """(words, filters) as search.js's parseQuery: `#tag`, `emotion:<name>`, a year or month, and words."""
    words, filters = [], []
    for term in SEARCH_SPACE_RUN.split(str(query)):
        filter_ = None
        if term.startswith("#") and len(term) > 1:
            filter_ = ("tag", slug(term[1:]))
        elif term.lower().startswith("emotion:") and len(term) > len("emotion:"):
            filter_ = ("emotion", term[len("emotion:"):])
        elif SEARCH_PERIOD.match(term):
            filter_ = ("period", term)
        if filter_:
            if filter_ not in filters:
                filters.append(filter_)
            continue
        for word in normalize(term).split(" "):
            if word and word not in words:
                words.append(word)
    return words, filters


SEARCH_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
SEARCH_DIGIT = {c: i for i, c in enumerate(SEARCH_ALPHABET)}


def postings(text):
    text = str(text)
    result = []
    if text.startswith("~"):
        for i, ch in enumerate(text[1:]):
            bits = SEARCH_DIGIT[ch]
            result.extend(i * 6 + b for b in range(6) if bits & (1 << b))
        return result
    value, previous = 0, -1
    for ch in text:
        digit = SEARCH_DIGIT[ch]
        value = value * 32 + (digit & 31)
        if digit < 32:
            previous += value + 1
            result.append(previous)
            value = 0
    return result


def search_fetches(site, query, piece_length=32, piece_step=16, page_size=20):
    """The files `Templates/assets/search.js` fetches for `query` (first page of results): an
    emulation of its engine. It reads search/index.json (and search/initials.json when a word holds
    a Korean initial consonant), one shard or heavy-key file per filter and word part, from the
    key space of the part (`search/` or `search/initials/`), then the chunks of the shown entries."""
    longest = piece_length - piece_step + 1
    initials_prefix = "\ucd08 "
    fetched = []
    cache = {}

    def load(rel):
        if rel not in cache:
            with open(os.path.join(site, rel), "rb") as f:
                data = f.read()
            fetched.append((rel, len(data)))
            cache[rel] = json.loads(data)
        return cache[rel]

    def is_initial(c):
        return 0x1100 <= ord(c) <= 0x1112

    def is_syllable(c):
        return 0xAC00 <= ord(c) <= 0xD7A3

    def initial_of(c):
        return chr(0x1100 + (ord(c) - 0xAC00) // 588) if is_syllable(c) else c

    def matches_initials(part, token):
        """An initial matches itself and the syllables it starts; any other character only itself."""
        return any(all(w == c or (is_initial(w) and is_syllable(c) and initial_of(c) == w) for w, c in zip(part, token[start:]))
                   for start in range(len(token) - len(part) + 1))

    def parts(word):
        chars = list(word)
        if len(chars) <= longest:
            return [word]
        result, start = [], 0
        while True:
            end = min(len(chars), start + longest)
            result.append("".join(chars[end - longest:end]))
            if end == len(chars):
                return result
            start += longest - 1

    def pick(runs, heavy):
        """The first run that is not heavy, else the lightest heavy one."""
        best, best_bytes = None, 0
        for key in runs:
            known = heavy.get(key)
            if not known:
                return key
            if best is None or known[1] < best_bytes:
                best, best_bytes = key, known[1]
        return best

    def key_of(part, heavy):
        if len(part) <= 2:
            return part
        return pick([part[i:i + 3] for i in range(len(part) - 2)], heavy)

    def initials_key_of(part, heavy):
        initials = "".join(initial_of(c) for c in part)
        if len(initials) <= 2:
            return initials_prefix + initials
        runs = [initials[i:i + 3] for i in range(len(initials) - 2) if any(is_initial(c) for c in initials[i:i + 3])]
        return pick([initials_prefix + run for run in runs], heavy)

    def shard_of(key, count):
        h = 0x811C9DC5
        for b in key.encode("utf-8"):
            h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
        return h % count

    def emotion_id(name, emotions):
        wanted = unicodedata.normalize("NFC", name).lower()
        folded = lambda text: unicodedata.normalize("NFC", str(text)).lower()
        for id_ in emotions:
            if folded(id_) == wanted:
                return id_
        for id_, names in emotions.items():
            if any(folded(n) == wanted for k, n in enumerate(names) if k >= 1 and k != 2):
                return id_
        return None

    words, filters = parse_query(query)
    if not words and not filters:
        return 0, [], fetched
    manifest = load("search/index.json")
    initials = load("search/initials.json") if any(is_initial(c) for w in words for c in w) else None
    # (key, folder of its key space, that space's manifest, which tokens of a token list match)
    lookups = []
    for kind, value in filters:
        if kind == "emotion":
            value = emotion_id(value, manifest.get("emotions") or {})
            if value is None:
                return 0, [], fetched
        key = {"tag": "tag ", "period": "date ", "emotion": "emotion "}[kind] + value
        lookups.append((key, "search/", manifest, lambda token: False))
    for word in words:
        for part in parts(word):
            if any(is_initial(c) for c in part):
                lookups.append((initials_key_of(part, initials.get("heavy") or {}), "search/initials/", initials,
                                lambda token, part=part: matches_initials(part, token)))
            else:
                lookups.append((key_of(part, manifest.get("heavy") or {}), "search/", manifest,
                                lambda token, part=part: part in token))
    count = manifest.get("entries", 0)
    matches = None
    for key, folder, space, is_match in lookups:
        heavy = space.get("heavy") or {}
        rel = f"{folder}keys/{heavy[key][0]}.json" if key in heavy else f"{folder}shards/{shard_of(key, max(1, space.get('shards', 1)))}.json"
        value = load(rel).get(key)
        found = set()
        if isinstance(value, str):
            found.update(postings(value))
        elif isinstance(value, list):
            for i in range(0, len(value) - 1, 2):
                if is_match(str(value[i])):
                    found.update(postings(value[i + 1]))
        found = {n for n in found if n < count}
        matches = found if matches is None else matches & found
        if not matches:
            break
    numbers = sorted(matches or [], reverse=True)
    size = max(1, manifest.get("chunk") or 1)
    for n in numbers[:page_size]:
        load(f"search/chunks/{n // size}.json")
    return len(numbers), numbers, fetched


NODE_SEARCH_PROBE = r"""
// For each query: the files the search page's engine fetches for it and its first page of results.
const api = require(process.argv[2]);
const fs = require('fs'), path = require('path');
const site = process.argv[3];
const queries = JSON.parse(process.argv[4]);
const pageSize = Number(process.argv[5] || 20);
(async () => {
  const out = [];
  for (const q of queries) {
    const fetched = [];
    const engine = api.createEngine(p => {
      const data = fs.readFileSync(path.join(site, p));
      fetched.push([p, data.length]);
      return JSON.parse(data);
    });
    const numbers = await engine.entryNumbers(q);
    if (numbers.length) await engine.manifest();
    await Promise.all(numbers.slice(0, pageSize).map(engine.entry));
    out.push({query: q, results: numbers.length, files: fetched.length, bytes: fetched.reduce((a, b) => a + b[1], 0)});
  }
  console.log(JSON.stringify(out));
})().catch(e => { console.error(String(e && e.stack || e)); process.exit(1); });
"""

SEARCH_QUERIES = ["산책", "coffee", "비", "walk 친구", "오늘은 조용히", "zzzqx",
                  # filters and initial consonants (SPEC §10): a tag, a month, an emotion with a word, 초성
                  "#cat", "2024-10", "emotion:calm 산책", "ㅅㅊ", "ㄱㅇㅇ 2025"]


def measure_search(site, size):
    """Index size and bytes fetched per query, when the build wrote search/ (else None)."""
    folder = os.path.join(site, "search")
    if not os.path.isdir(folder):
        return None
    _, files, total = tree_size(folder)
    result = {"files": files, "bytes": total, "queries": [], "error": None}
    script = os.path.join(REPO, "Templates", "assets", "search.js")
    if not os.path.exists(script):
        result["error"] = "Templates/assets/search.js does not exist: bytes per query not measured yet"
        return result
    page = os.path.join(folder, "index.html")
    site_script = os.path.join(site, "assets", "search.js")
    result["page_bytes"] = sum(os.path.getsize(p) for p in (page, site_script) if os.path.exists(p))
    try:
        node = shutil.which("node") or shutil.which("nodejs")
        if node and os.path.exists(site_script):
            # The page's own script, run by Node with a loader that reads the site's files and counts them.
            probe = os.path.join(WORK, "search-probe.js")
            with open(probe, "w", encoding="utf-8") as f:
                f.write(NODE_SEARCH_PROBE)
            args = [node, probe, site_script, site, json.dumps(SEARCH_QUERIES, ensure_ascii=False), "20"]
            commands_used.setdefault("search: bytes per query", shell_quote(args[:2]) + " SITE/assets/search.js SITE '[queries]' 20")
            result["queries"] = json.loads(run_quiet(args))
            result["method"] = "Node running the site's `assets/search.js` (`createEngine`) with a loader that reads and counts the files"
        else:
            for q in SEARCH_QUERIES:
                count, _, fetched = search_fetches(site, q)
                result["queries"].append({"query": q, "results": count, "files": len(fetched), "bytes": sum(b for _, b in fetched)})
            result["method"] = "a Python emulation of `Templates/assets/search.js` (no Node on this machine)"
    except Exception as error:  # the index format is still moving: say so rather than guess
        result["error"] = f"emulating search.js failed ({type(error).__name__}: {error}): bytes per query not measured"
        result["queries"] = []
    return result


# MARK: - Measuring one corpus size


def step_name(title):
    """A step's progress title without its counts (`Render 13,621 of 13,621 pages` → `Render pages`), the same at every size."""
    return re.sub(r"\b\d[\d,]* (of \d[\d,]* )?", "", title)


def daybook_summary(run):
    """(written, unchanged) from the summary line (which may go on to say how many were deleted), or None."""
    m = re.search(r"\((\d+) written, (\d+) unchanged(?:, \d+ deleted)?\)", run.stdout)
    return (int(m.group(1)), int(m.group(2))) if m else None


STEP_LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s{2,}(.+?)(?:\s+\((\d+(?:\.\d+)?)s CPU\))?\s*$")


def steps_of(run):
    """The (seconds, title) of each step a `daybook build -v` printed."""
    return [(float(m.group(1)), m.group(2)) for m in (STEP_LINE.match(l) for l in run.stderr.splitlines()) if m]


def step_processor_times(run):
    """Step title → the processor time the process used during it (all cores), as `-v` printed it."""
    return {m.group(2): float(m.group(3)) for m in (STEP_LINE.match(l) for l in run.stderr.splitlines()) if m and m.group(3)}


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


def hugo_bare_layouts(size):
    """Benchmarks/hugo-bare/layouts, copied out; Hugo builds the same project with them (--layoutDir)."""
    layouts = os.path.join(WORK, f"hugo-bare-layouts-{size}")
    remove_tree(layouts)
    shutil.copytree(os.path.join(REPO, "Benchmarks", "hugo-bare", "layouts"), layouts)
    return layouts


def round_plan(size):
    """The order of the timed builds: D Daybook, H Hugo, B Hugo bare, F floor."""
    if size >= 100_000:
        # Hugo takes about 5 minutes here: one Hugo build between two Daybook builds.
        return ["D", "F", "H", "D", "F"] if ENV.get("BENCH_LARGE_HUGO", "1") != "0" else ["D", "F", "D", "F"]
    return ["D", "H", "B", "F"] * runs_for(size)


def neighbour_ratios(sequence, values, kind, reference="D"):
    """For each `kind` run, the mean of the nearest `reference` runs before and after it, over it."""
    ratios = []
    for i, (k, v) in enumerate(zip(sequence, values)):
        if k != kind:
            continue
        before = next((values[j] for j in range(i - 1, -1, -1) if sequence[j] == reference), None)
        after = next((values[j] for j in range(i + 1, len(sequence)) if sequence[j] == reference), None)
        refs = [x for x in (before, after) if x is not None]
        if refs:
            ratios.append(statistics.mean(refs) / v)
    return ratios


def measure_size(size, run_root):
    corpus = ensure_corpus(size)
    project = hugo_copy(size, corpus)
    chunks = floor_inputs(size, corpus)
    plan = round_plan(size)
    bare = hugo_bare_layouts(size) if "B" in plan else None
    r = {"size": size, "plan": plan, "runs": plan.count("D"), "notes": []}
    hugo_cache = os.path.join(WORK, "hugo-cache")

    def daybook_full(target, verbose=False):
        args = [DAYBOOK, "build", "-C", corpus, "--output", target] + (["-v"] if verbose else [])
        return timed(args, label="daybook full build" + (" (-v)" if verbose else ""))

    def hugo_full(target, layouts=None, label="hugo full build"):
        args = ["hugo", "--quiet", "--noBuildLock", "-s", project, "-d", target, "--cacheDir", hugo_cache]
        if layouts:
            args += ["--layoutDir", layouts]
        return timed(args, label=label)

    # Warm-up, not timed: page cache, per-step times (-v), and the Daybook site the rebuilds start from.
    log(f"{size:,} entries: warm-up builds (not timed)")
    warm = fresh_dir(run_root, f"daybook-warm-{size}")
    forget_build_cache(corpus)  # a first build too, so that its step times are a full build's
    first = daybook_full(warm, verbose=True)
    r["daybook_summary_line"] = first.stdout.strip().splitlines()[-1] if first.stdout.strip() else ""
    r["steps"] = [(float(m.group(1)), m.group(2)) for m in (STEP_LINE.match(l) for l in first.stderr.splitlines()) if m]
    r["steps_cpu"] = step_processor_times(first)
    r["steps_total_cpu"] = first.user + first.system
    r["steps_total"] = first.wall
    r["daybook_pages"], r["daybook_files"], r["daybook_bytes"] = tree_size(warm)
    _, r["cache_files"], r["cache_bytes"] = tree_size(build_cache_dir(corpus))
    if os.path.exists(os.path.join(warm, ".daybook")):
        r["notes"].append("the output folder holds a `.daybook/` folder (the build cache belongs in the diary's)")
    r["search"] = measure_search(warm, size)
    site_files = site_file_list(warm)
    if "H" in plan and size < 100_000:
        hugo_warm = fresh_dir(run_root, f"hugo-warm-{size}")
        hugo_full(hugo_warm)
    if "B" in plan:
        hugo_full(fresh_dir(run_root, f"hugo-bare-warm-{size}"), bare, "hugo bare full build")

    # Every timed Daybook build starts without a build cache; the warm site's is set aside meanwhile
    # (a rename) and put back for the rebuilds.
    warm_cache = os.path.join(WORK, f"warm-cache-{size}")
    remove_tree(warm_cache)
    os.rename(build_cache_dir(corpus), warm_cache)
    settle(f"{size:,} entries")
    r["load_before"] = os.getloadavg()
    log(f"{size:,} entries: timed builds in this order: {' '.join(plan)} (D Daybook, H Hugo, B Hugo bare, F floor)")
    values, rss_values, runs_by_kind = [], [], {"D": [], "H": [], "B": [], "F": []}
    first_hugo = first_bare = None
    try:
        for i, kind in enumerate(plan):
            if kind == "D":
                forget_build_cache(corpus)  # the last timed build's: each is a real first build
                x = daybook_full(fresh_dir(run_root, f"daybook-{size}"))
                values.append(x.wall)
                msg = f"Daybook {x.wall:.2f} s, {x.rss_kb / 1024:.0f} MB"
            elif kind == "H":
                target = fresh_dir(run_root, f"hugo-{size}")
                x = hugo_full(target)
                first_hugo = first_hugo or target
                values.append(x.wall)
                msg = f"Hugo {x.wall:.2f} s, {x.rss_kb / 1024:.0f} MB"
            elif kind == "B":
                target = fresh_dir(run_root, f"hugo-bare-{size}")
                x = hugo_full(target, bare, "hugo bare full build")
                first_bare = first_bare or target
                values.append(x.wall)
                msg = f"Hugo bare {x.wall:.2f} s, {x.rss_kb / 1024:.0f} MB"
            else:
                x = floor_run(corpus, chunks, warm, site_files, fresh_dir(run_root, f"floor-{size}"))
                values.append(sum(x))
                msg = f"floor {sum(x):.2f} s (read {x[0]:.2f}, cmark-gfm {x[1]:.2f}, write {x[2]:.2f})"
            runs_by_kind[kind].append(x)
            rss_values.append(x.rss_kb if kind in "DH" else 0)
            log(f"  {i + 1}/{len(plan)} {msg}")
    finally:
        forget_build_cache(corpus)
        os.rename(warm_cache, build_cache_dir(corpus))
    del site_files
    D, H, B, F = (runs_by_kind[k] for k in "DHBF")
    r["daybook_full"] = [x.wall for x in D]
    r["daybook_cpu"] = [x.user + x.system for x in D]
    r["daybook_rss"] = [x.rss_kb for x in D]
    r["hugo_full"] = [x.wall for x in H]
    r["hugo_cpu"] = [x.user + x.system for x in H]
    r["hugo_rss"] = [x.rss_kb for x in H]
    r["bare_full"] = [x.wall for x in B]
    r["bare_rss"] = [x.rss_kb for x in B]
    r["floor"] = [sum(x) for x in F]
    r["floor_parts"] = [median([x[k] for x in F]) for k in range(3)] if F else []
    r["floor_cpu"] = [x.cpu for x in F]
    r["ratio_hugo"] = neighbour_ratios(plan, values, "H")
    r["ratio_bare"] = neighbour_ratios(plan, values, "B")
    r["ratio_floor"] = neighbour_ratios(plan, values, "F")
    r["ratio_rss"] = neighbour_ratios(plan, rss_values, "H")
    r["hugo_pages"] = r["hugo_files"] = r["hugo_bytes"] = r["hugo_index_bytes"] = 0
    if first_hugo:
        r["hugo_pages"], r["hugo_files"], r["hugo_bytes"] = tree_size(first_hugo)
        r["hugo_index_bytes"] = os.path.getsize(os.path.join(first_hugo, "index.json"))
    if first_bare:
        r["bare_pages"], _, _ = tree_size(first_bare)

    # Rebuilds of the warm site: nothing changed, and one entry edited (then restored), alternating.
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

    if ENV.get("BENCH_SERVE", "1") != "0":
        with_hugo = size < 100_000 or ENV.get("BENCH_LARGE_HUGO", "1") != "0"
        r["serve"] = measure_serve(size, corpus, project, run_root, os.path.relpath(edited, os.path.join(corpus, "Content")), with_hugo)
    if ENV.get("BENCH_PROFILE", "1") != "0" and size == REBUILD_PROFILE_SIZE:
        r["rebuild_profile"], r["rebuild_profile_error"] = profile_serve_rebuild(corpus, run_root, edited)
    return r


# MARK: - Serve: from a save to the served page


SERVE_SAVES = max(1, int(ENV.get("BENCH_SERVE_SAVES", "20")))
SERVE_POLL_SECONDS = 0.005  # between an answer and the next request: light on the 2 cores the rebuild needs
SAVE_GAP_SECONDS = 1.0  # quiet time after a save is served, before the next save


def free_port():
    """A loopback port nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """A development server (`daybook serve`, `hugo server`) in its own process; a thread collects its
    output lines with the time each came."""

    def __init__(self, args):
        self.began = time.perf_counter()
        self.lines = []  # (perf_counter time, line)
        self._lock = threading.Lock()
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for raw in iter(self.proc.stdout.readline, b""):
            parts = raw.decode("utf-8", "replace").replace("\r", "\n").split("\n")
            with self._lock:
                self.lines.extend((time.perf_counter(), part.strip()) for part in parts if part.strip())

    def lines_between(self, begin, end=float("inf")):
        with self._lock:
            return [line for at, line in self.lines if begin <= at <= end]

    def wait_for_line(self, pattern, timeout, since=0.0):
        """(time, match) of the first output line from `since` on matching `pattern`, or None: timed out, or the
        server ended."""
        deadline = time.perf_counter() + timeout
        checked = 0
        while True:
            running = self._reader.is_alive()
            with self._lock:
                fresh = self.lines[checked:]
            checked += len(fresh)
            for at, line in fresh:
                m = re.search(pattern, line) if at >= since else None
                if m:
                    return at, m
            if not running or time.perf_counter() > deadline:
                return None
            time.sleep(0.05)

    def peak_rss_kb(self):
        """The process's peak resident set so far (VmHWM), or 0 once it has ended."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def cpu_seconds(self):
        """User and system CPU time the process has used so far (0 once it has ended)."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def tail(self, count=8):
        with self._lock:
            return " / ".join(line for _, line in self.lines[-count:])

    def stop(self, timeout=20):
        """SIGTERM (both servers stop cleanly on it), then SIGKILL when it lingers."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(timeout=5)


class PagePoller:
    """Plain HTTP GETs of one page on loopback, over one kept-alive connection (opened again when dropped)."""

    def __init__(self, port, path):
        self.port, self.path = port, path
        self.conn = None

    def get(self):
        """(status, body), or (None, b"") when the server did not answer."""
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            self.conn.request("GET", self.path)
            response = self.conn.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            return None, b""

    def wait_for(self, needle, present, deadline):
        """Polls until a 200 answer contains `needle` (or, with present=False, no longer does): the time that
        answer was read (perf_counter), or None at the deadline."""
        while True:
            status, body = self.get()
            now = time.perf_counter()
            if status == 200 and (needle in body) == present:
                return now
            if now >= deadline:
                return None
            time.sleep(SERVE_POLL_SECONDS)

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def percentile(values, share):
    """Nearest rank: the smallest value with at least `share` (0–1) of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(len(ordered) * share)) - 1] if ordered else float("nan")


def measure_serve(size, corpus, project, run_root, entry_rel, with_hugo):
    """`daybook serve` and `hugo server` side by side: each started on its copy of the diary; then one entry
    saved SERVE_SAVES times (a new line appended each time), alternating between the two, 1 s apart; each
    time, the entry's day page polled over HTTP until it shows the new line. The entry is restored afterwards
    (also on SIGTERM) and both servers stopped."""
    day = "/" + "/".join(entry_rel.split(os.sep)[:3]) + "/"
    large = size >= 100_000
    start_timeout = 2400 if large else 600
    save_timeout = 180 if large else 30
    hugo_cache = os.path.join(WORK, "hugo-cache")
    # Per server: the file saved, its line once serving, the line ending a rebuild (with its seconds), its command.
    specs = [("daybook", os.path.join(corpus, "Content", entry_rel), r"^Serving .* at (http://\S+)", (r"^Built .* in (\d+(?:\.\d+)?)s\b", 1.0),
              lambda port: [DAYBOOK, "serve", "-C", corpus, "--output", fresh_dir(run_root, f"daybook-serve-{size}"), "--port", str(port)])]
    if with_hugo:
        specs.append(("hugo", os.path.join(project, "content", entry_rel), r"Web Server is available at (\S+)", (r"Total in (\d+(?:\.\d+)?) ms", 0.001),
                      lambda port: ["hugo", "server", "-s", project, "--port", str(port), "--bind", "127.0.0.1", "--cacheDir", hugo_cache]))
    result = {"entry": entry_rel, "day": day, "saves": SERVE_SAVES, "save_timeout": save_timeout, "sides": {}}
    originals, servers, active, rebuild_line = {}, [], [], {}

    def restore():
        for path, data in originals.items():
            with open(path, "wb") as f:
                f.write(data)

    def on_term(*_):
        restore()
        for server in servers:
            server.stop(timeout=5)
        sys.exit(143)

    previous_handler = signal.signal(signal.SIGTERM, on_term)
    try:
        for key, path, ready, rebuilt, make_args in specs:
            with open(path, "rb") as f:
                originals[path] = f.read()
            port = free_port()
            args = make_args(port)
            commands_used.setdefault(f"serve: {key}", shell_quote(args))
            log(f"{size:,} entries: starting {shell_quote(args)}")
            server = DevServer(args)
            servers.append(server)
            side = {"file": path, "latencies": [], "startup": None, "error": None, "rebuilds": [], "rebuild_lines": []}
            rebuild_line[key] = rebuilt
            result["sides"][key] = side
            got = server.wait_for_line(ready, start_timeout)
            if not got:
                side["error"] = (f"not serving after {start_timeout} s" if server.proc.poll() is None
                                 else f"ended with status {server.proc.returncode}") + f" (its last lines: {server.tail()})"
                log(f"  {key}: {side['error']}")
                server.stop()
                continue
            at, match = got
            side["startup"] = at - server.began
            side["first_build"] = next((l for l in reversed(server.lines_between(server.began, at)) if l.startswith("Built")), "")
            path_prefix = urllib.parse.urlparse(match.group(1)).path.rstrip("/")
            poller = PagePoller(port, path_prefix + day)
            side["url"] = f"http://127.0.0.1:{port}{path_prefix}{day}"
            status, _ = poller.get()
            if status != 200:
                side["error"] = f"its day page {side['url']} answered {status or 'nothing'}"
                log(f"  {key}: {side['error']}")
                server.stop()
                continue
            log(f"  {key} serving after {side['startup']:.1f} s; polling {side['url']}")
            active.append((key, side, server, poller))

        nonce = f"{os.getpid():x}{int(time.time()) % 1_000_000:x}"
        series_began = time.perf_counter()
        cpu_before = {key: server.cpu_seconds() for key, _, server, _ in active}
        last_token = {}
        for i in range(SERVE_SAVES):
            said = []
            for key, side, server, poller in list(active):
                token = f"benchsave{nonce}n{i + 1}{key}"
                last_token[key] = token
                data = originals[side["file"]] + f"\n\nSaved for the benchmark: {token}.\n".encode()
                begin = time.perf_counter()
                with open(side["file"], "wb") as f:
                    f.write(data)
                seen = poller.wait_for(token.encode(), True, begin + save_timeout)
                side["latencies"].append(None if seen is None else seen - begin)
                # Hugo serves the changed page before its rebuild ends: the next save, to either server, waits for the end.
                server.wait_for_line(rebuild_line[key][0], save_timeout, since=begin)
                said.append(f"{key} " + (f"{(seen - begin) * 1000:.0f} ms" if seen else "not served"))
                misses = side["latencies"][-2:] if i > 0 else side["latencies"]
                if all(x is None for x in misses):
                    side["error"] = f"save {i + 1} was not served within {save_timeout} s (its last lines: {server.tail()})"
                    log(f"  {key}: {side['error']}; no more saves to it")
                    active.remove((key, side, server, poller))
                time.sleep(SAVE_GAP_SECONDS)
            log(f"  save {i + 1}/{SERVE_SAVES}: " + ", ".join(said))
        series_ended = time.perf_counter()
        restore()
        for key, side, server, poller in active:
            # Let the rebuild of the restore finish before the server is stopped.
            poller.wait_for(last_token[key].encode(), False, time.perf_counter() + save_timeout)
            poller.close()
        for key, side, server, poller in active:
            side["peak_rss_kb"] = server.peak_rss_kb()
            side["cpu_per_save"] = (server.cpu_seconds() - cpu_before[key]) / max(1, len(side["latencies"]))
            lines = server.lines_between(series_began, series_ended)
            pattern, scale = rebuild_line[key]
            side["rebuild_lines"] = [line for line in lines if re.search(pattern, line)]
            side["rebuilds"] = [float(re.search(pattern, line).group(1)) * scale for line in side["rebuild_lines"]]
            side["other_lines"] = [line for line in lines if not re.search(pattern, line)][:20]
    finally:
        restore()
        for server in servers:
            server.stop()
        signal.signal(signal.SIGTERM, previous_handler)
    for key, side in result["sides"].items():
        served = [x for x in side["latencies"] if x is not None]
        if served:
            log(f"  {key}: first save {fmt_latency(side['latencies'][0])}, then median {fmt_latency(serve_median(side))}, "
                f"p95 {fmt_latency(serve_p95(side))}; {len(side['rebuilds'])} rebuilds reported")
    return result


def rebuild_profile_section(L, results):
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


def serve_later(side):
    """The saves after the first, a save that was never served counting as infinitely slow."""
    return [float("inf") if x is None else x for x in side["latencies"][1:]]


def serve_median(side):
    return median(serve_later(side))


def serve_p95(side):
    return percentile(serve_later(side), 0.95)


def fmt_latency(seconds):
    if seconds is None or seconds == float("inf"):
        return "not served"
    if seconds != seconds:
        return "–"
    return fmt_s(seconds)


# MARK: - Profile, template bench, machine


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


def profile(run_root):
    """callgrind on a full build of the 1,095-entry corpus (no build cache): the top functions by own cost."""
    if not shutil.which("valgrind"):
        return None, "valgrind is not installed"
    corpus = ensure_corpus(1095)
    forget_build_cache(corpus)  # a real first build
    target = fresh_dir(run_root, "daybook-callgrind")
    log("profiling a full build of the 1,095-entry corpus with callgrind")
    return callgrind("profile: full build", [nodebug_binary(), "build", "-q", "-C", corpus, "--output", target],
                     os.path.join(WORK, "callgrind.out"), 3600)


def edited_entry(edited):
    """A context for one entry's edits: restores its bytes on leaving and on SIGTERM."""
    class Edits:
        def __enter__(self):
            with open(edited, "rb") as f:
                self.original = f.read()
            self.previous = signal.signal(signal.SIGTERM, lambda *a: (self.restore(), sys.exit(143)))
            return self

        def save(self, line):
            with open(edited, "wb") as f:
                f.write(self.original + f"\n\n{line}\n".encode())

        def restore(self):
            with open(edited, "wb") as f:
                f.write(self.original)

        def __exit__(self, *_):
            self.restore()
            signal.signal(signal.SIGTERM, self.previous)

    return Edits()


SERVE_BUILT = r"^(Built|Build failed)"


def profile_serve_rebuild(corpus, run_root, edited):
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
            "cli": profile_cli_rebuild(corpus, run_root, edited, binary)}, None


def profile_cli_rebuild(corpus, run_root, edited, binary):
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


def template_bench():
    if not os.path.exists(TEMPLATE_BENCH):
        return None
    commands_used["template-bench"] = shell_quote([TEMPLATE_BENCH])
    log("template engine benchmark (template-bench)")
    proc = subprocess.run([TEMPLATE_BENCH], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc.stdout.decode("utf-8", "replace").strip()


def machine():
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    os_name = ""
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    os_name = unquote(line.split("=", 1)[1].strip())
    except OSError:
        pass
    fs = output_of(["findmnt", "-n", "-o", "FSTYPE", "--target", WORK]) or output_of(["stat", "-f", "-c", "%T", WORK])
    return {
        "cpu": cpu, "cores": CORES, "memory": mem, "os": os_name, "kernel": platform.release(), "fs": fs,
        "swift": (output_of(["swift", "--version"]).splitlines() or [""])[0],
        "hugo": output_of(["hugo", "version"]),
        "cmark": output_of(["cmark-gfm", "--version"]).splitlines()[0] if output_of(["cmark-gfm", "--version"]) else "",
        "valgrind": output_of(["valgrind", "--version"]),
        "python": platform.python_version(),
    }


# MARK: - Report


def no_op_floor(r):
    """What a no-op cannot go below while it checks every file (`rebuild_profile_section`), for the goals table."""
    if "stat_floor" not in r:
        return ""
    return (f" (floor while every file is checked: start {fmt_s(r['start'])} + stat of {r['stat_files']:,} input files and "
            f"folders and output folders on 2 cores {fmt_s(r['stat_floor'])}; see the rebuild section)")


def edit_profile_note(r):
    """Where the profiled one-entry edit's time went (`rebuild_profile_section`), for the goals table."""
    profile = r.get("edit_profile")
    if not profile or "start" not in r:
        return ""
    steps = {step_name(re.sub(r"^\[\d+/\d+\]\s*", "", title)): seconds for seconds, title in profile["steps"]}
    check, read = steps.get("Check for changes"), steps.get("Read entries")
    if check is None or read is None:
        return ""
    rest = profile["wall"] - r["start"] - check - read
    return (f" (the profiled edit, {fmt_s(profile['wall'])}: start {fmt_s(r['start'])}, check for changes {fmt_s(check)} "
            f"against a stat floor of {fmt_s(r['stat_floor'])}, reading the entry cache {fmt_s(read)}, the other steps {fmt_s(rest)}; "
            f"see the rebuild section)")


def fmt_s(seconds):
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1000:.0f} ms"


def fmt_mb(kb):
    return f"{kb / 1024:.0f} MB"


def fmt_bytes(n):
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.1f} KB"


def table_cell(text, limit=140):
    text = text.replace("|", "\\|")
    return text[:limit - 3] + "…" if len(text) > limit else text


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


SERVERS = (("daybook", "`daybook serve`"), ("hugo", "`hugo server`"))


def serve_sides(results):
    """(result, key, server name, side) of every server measured, size by size."""
    for r in results:
        for key, name in SERVERS:
            side = r["serve"]["sides"].get(key)
            if side:
                yield r, key, name, side


def serve_section(L, results):
    """The serve benchmark: per size and server, the save → served times."""
    if not results:
        return
    saves = results[0]["serve"]["saves"]
    L.append("## Serve: from a save to the served page")
    L.append("")
    L.append(f"Both development servers run at once, each on its own copy of the diary. One entry is saved {saves} times (a new")
    L.append("line appended to the original each time), alternately in Daybook's diary and in Hugo's copy, each save 1 s after")
    L.append("the last one was seen and its server's rebuild ended (Hugo serves the changed page before its rebuild ends, and a")
    L.append("rebuild still running would slow the other server's save). The time is from the write to the first HTTP answer")
    L.append("of the entry's day page (`/YYYY/MM/DD/`, the day's entries in full, on both sites) that contains the new line:")
    later, rank = saves - 1, math.ceil((saves - 1) * 0.95)
    which = "the slowest" if rank == later else f"number {rank} from the fastest"
    L.append(f"plain GETs on loopback over one kept-alive connection, {SERVE_POLL_SECONDS * 1000:.0f} ms apart. Median and p95 are of")
    L.append(f"the saves after the first (p95 by nearest rank: of {later} saves, {which}); a save not served within the time")
    L.append("limit counts as infinitely slow.")
    L.append("")
    L.append("| entries | server | start-up (first build) | first save | median | p95 | range | rebuilds it reported (median; first → last) | CPU per save | peak RSS |")
    L.append("|---|---|---|---|---|---|---|---|---|---|")
    for r, key, name, side in serve_sides(results):
        later = [x for x in side["latencies"][1:] if x is not None]
        cells = [f"{r['size']:,}", name, f"{side['startup']:.1f} s" if side["startup"] is not None else "–"]
        if side["latencies"]:
            cells += [fmt_latency(side["latencies"][0]), fmt_latency(serve_median(side)), fmt_latency(serve_p95(side)),
                      f"{min(later) * 1000:.0f}–{max(later) * 1000:.0f} ms" if later else "–"]
        else:
            cells += ["–"] * 4
        rebuilds = side.get("rebuilds") or []
        cells.append(f"{len(rebuilds)}: {fmt_s(median(rebuilds))} ({fmt_s(rebuilds[0])} → {fmt_s(rebuilds[-1])})" if rebuilds else "–")
        cells.append(fmt_s(side["cpu_per_save"]) if side.get("cpu_per_save") else "–")
        cells.append(fmt_mb(side["peak_rss_kb"]) if side.get("peak_rss_kb") else "–")
        L.append("| " + " | ".join(cells) + " |")
    L.append("")
    L.append("Each save in order, ms (– not served in time), and the rebuild times the servers printed meanwhile (Daybook's")
    L.append("summary line, Hugo's `Total in … ms`):")
    L.append("")
    for r, key, name, side in serve_sides(results):
        if side["latencies"]:
            L.append(f"- {r['size']:,}, {name}: saves " + " ".join("–" if x is None else f"{x * 1000:.0f}" for x in side["latencies"])
                     + "; rebuilds " + (" ".join(f"{x * 1000:.0f}" for x in side.get("rebuilds") or []) or "none printed"))
    L.append("")
    L.append("Servers' lines:")
    L.append("")
    for r in results:
        s = r["serve"]
        L.append(f"- {r['size']:,} entries, entry `{s['entry']}`, page `{s['day']}`:")
        for key, name in SERVERS:
            side = s["sides"].get(key)
            if not side:
                continue
            if side["error"]:
                L.append(f"  - {name}: **{table_cell(side['error'], 400)}**")
            lines = side.get("rebuild_lines") or []
            if side.get("first_build"):
                L.append(f"  - {name}, first build: `{table_cell(side['first_build'], 200)}`")
            if lines:
                L.append(f"  - {name}, first and last rebuild: `{table_cell(lines[0], 200)}`; `{table_cell(lines[-1], 200)}`")
            # Hugo's other lines only say that a file changed; Daybook's would be diagnostics.
            other = side.get("other_lines") if key == "daybook" else None
            if other:
                L.append(f"  - {name}, other lines meanwhile: " + "; ".join(f"`{table_cell(l, 160)}`" for l in other[:5]))
    L.append("")
    L.append("- `daybook serve` builds into a new output folder, so its first build writes the whole site; the diary's shared")
    L.append("  entry cache (`.daybook/entries.bin`) is warm from the builds before, as it would be for a writer. It watches the")
    L.append("  diary with inotify and rebuilds 40 ms after the last change.")
    L.append("- `hugo server` (Debian's Hugo, defaults: pages in memory, fast render mode, so after a change it renders the pages")
    L.append("  a browser has asked for first, here the polled day page) on the Hugo copy and layouts described under Method;")
    L.append("  its day page `/YYYY/MM/DD/` lists the day's entries in full, so it shows the new line too.")
    L.append("- CPU per save: the server process's user and system time over the saves, divided by the saves: its rebuilds and")
    L.append("  its answers to the polls (compare with the one-entry-edit rebuild's CPU in the table above). Peak RSS: the server")
    L.append("  process's VmHWM at the end, the first build included.")
    L.append("")


def source_state():
    """The commit the binaries are built from, whether Sources/, Templates/ or Package.swift differed from it,
    and its subject: taken when the run starts, since the tree may move on while it runs."""
    commit = output_of(["git", "-C", REPO, "rev-parse", "--short=12", "HEAD"])
    dirty = output_of(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Templates", "Package.swift"])
    subject = output_of(["git", "-C", REPO, "log", "-1", "--format=%s"])
    return commit, dirty, subject


def report(results, prof, prof_error, tmpl, info, total_seconds, pictures=None, deploy=None):
    commit, dirty, subject = info.get("source") or source_state()
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    L = []
    L.append("# Benchmarks")
    L.append("")
    L.append("Regenerated by `make bench` (scripts/bench.py); do not edit by hand. Daybook against Hugo building the same")
    L.append("diary into an equivalent site, and against the floor (reading the files, cmark-gfm's CLI, writing the bytes).")
    L.append("")
    L.append(f"- **Date:** {now}; the whole run took {total_seconds / 60:.0f} min.")
    L.append(f"- **Commit:** `{commit}` ({subject})" + (
        "; **the working tree had uncommitted changes in Sources/, Templates/ or Package.swift** (other work in progress), "
        "and the binaries were built from that tree." if dirty else "."))
    L.append(f"- **Machine:** {info['cpu']}, {info['cores']} cores, {info['memory']} memory; {info['os']}, Linux {info['kernel']}; "
             f"{WORK} on {info['fs']}. Shared with other work, so noisy: see the load averages and ranges.")
    L.append(f"- **Tools:** {info['swift']}; {info['hugo']}; cmark-gfm {info['cmark']}; {info['valgrind']}; Python {info['python']}.")
    L.append("")
    if QUICK or SIZES != [1095, 10950, 109500]:
        L.append(f"> **Partial run** (BENCH_QUICK / BENCH_SIZES): sizes {', '.join(f'{s:,}' for s in SIZES)}. `make bench` runs all three.")
        L.append("")

    # Goals
    by = {r["size"]: r for r in results}
    L.append("## Goals (2 cores, measured by this benchmark)")
    L.append("")
    L.append("Issue 16, \"save → see it\": serve reloads in under 100 ms at 10,950 entries, and rebuilds stay fast at 109,500.")
    L.append("")
    L.append("| goal | measured | met |")
    L.append("|---|---|---|")

    def goal(name, value, ok):
        L.append(f"| {name} | {value} | {'yes' if ok else '**no**'} |")

    def unmeasured(name):
        L.append(f"| {name} | not measured in this run | – |")

    def serve_goal(size, name, limit_median, limit_p95=None):
        side = ((by.get(size) or {}).get("serve") or {}).get("sides", {}).get("daybook")
        if not side:
            return unmeasured(name)
        if len(side["latencies"]) < 2:
            return goal(name, side["error"] or "fewer than 2 saves", False)
        med, p95 = serve_median(side), serve_p95(side)
        hugo = by[size]["serve"]["sides"].get("hugo")
        versus = f"; `hugo server`: {fmt_latency(serve_median(hugo))} median" if hugo and len(hugo["latencies"]) > 1 else ""
        goal(name, f"{fmt_latency(med)} median, {fmt_latency(p95)} p95 (saves 2–{len(side['latencies'])}); "
                   f"the first save {fmt_latency(side['latencies'][0])}{versus}",
             med <= limit_median and (limit_p95 is None or p95 <= limit_p95))

    serve_goal(10950, "serve: write → served page has the change, 10,950 entries: ≤ 100 ms median, ≤ 200 ms p95", 0.1, 0.2)
    if 10950 in by:
        r = by[10950]
        goal("CLI one-entry edit, 10,950: ≤ 150 ms", fmt_s(median(r["edit"])) + edit_profile_note(r), median(r["edit"]) <= 0.15)
        goal("CLI no-op, 10,950: ≤ 50 ms", fmt_s(median(r["noop"])) + no_op_floor(r), median(r["noop"]) <= 0.05)
    else:
        unmeasured("CLI one-entry edit, 10,950: ≤ 150 ms")
        unmeasured("CLI no-op, 10,950: ≤ 50 ms")
    serve_goal(109500, "serve: write → served, 109,500: ≤ 300 ms median", 0.3)
    if 109500 in by:
        r = by[109500]
        goal("CLI one edit / no-op, 109,500: ≤ 1 s / ≤ 300 ms",
             f"{fmt_s(median(r['edit']))} / {fmt_s(median(r['noop']))}" + edit_profile_note(r) + no_op_floor(r),
             median(r["edit"]) <= 1 and median(r["noop"]) <= 0.3)
        goal("full build peak RSS, 109,500: ≤ 1.2 GB", f"{median(r['daybook_rss']) * 1024 / 1e9:.2f} GB ({fmt_mb(median(r['daybook_rss']))})",
             median(r["daybook_rss"]) * 1024 <= 1.2e9)
    else:
        unmeasured("CLI one edit / no-op, 109,500: ≤ 1 s / ≤ 300 ms")
        unmeasured("full build peak RSS, 109,500: ≤ 1.2 GB")
    if 10950 in by and by[10950]["ratio_floor"]:
        r = by[10950]
        rf = median(r["ratio_floor"])
        goal("full build vs the floor (read + cmark-gfm + write the same files), 10,950: ≤ 1.1×",
             f"{median(r['daybook_full']):.2f} s vs floor {median(r['floor']):.2f} s: {rf:.2f}×"
             + (f" (processor time on 2 cores: Daybook {median(r['daybook_cpu']):.2f} s, floor {median(r['floor_cpu']):.2f} s;"
                " see the full build's steps)" if r.get("floor_cpu") else ""), rf <= 1.1)
    else:
        unmeasured("full build vs the floor (read + cmark-gfm + write the same files), 10,950: ≤ 1.1×")
    L.append("")
    L.append("Earlier goals (10,950 entries unless said):")
    L.append("")
    L.append("| goal | measured | met |")
    L.append("|---|---|---|")
    if 10950 in by:
        r = by[10950]
        rh = median(r["ratio_hugo"])
        bare = (f"; against Hugo bare ({median(r['bare_full']):.2f} s): {median(r['ratio_bare']):.2f}" if r["ratio_bare"] else "")
        goal("full build ≤ 1/10 of Hugo's time", f"{median(r['daybook_full']):.2f} s vs {median(r['hugo_full']):.2f} s: ratio {rh:.2f} (1/{1 / rh:.1f}){bare}", rh <= 0.1)
        rf = median(r["ratio_floor"])
        goal("full build ≤ 2× the floor", f"{median(r['daybook_full']):.2f} s vs floor {median(r['floor']):.2f} s: {rf:.2f}×", rf <= 2)
        goal("no-op rebuild ≤ 100 ms", fmt_s(median(r["noop"])), median(r["noop"]) <= 0.1)
        goal("one-edit rebuild ≤ 200 ms", fmt_s(median(r["edit"])), median(r["edit"]) <= 0.2)
        rr = median(r["ratio_rss"])
        goal("peak RSS ≤ 1/4 of Hugo's", f"{fmt_mb(median(r['daybook_rss']))} vs {fmt_mb(median(r['hugo_rss']))}: ratio {rr:.2f}", rr <= 0.25)
    if 10950 in by and 109500 in by:
        a = median(by[10950]["daybook_full"]) / 10950
        b = median(by[109500]["daybook_full"]) / 109500
        goal("time per entry at 109,500 ≤ 1.5× that at 10,950", f"{a * 1e6:.0f} µs → {b * 1e6:.0f} µs: {b / a:.2f}×", b / a <= 1.5)
        ra = median(by[10950]["daybook_rss"]) / 10950
        rb = median(by[109500]["daybook_rss"]) / 109500
        L.append(f"| (RSS growth, no goal) | {fmt_mb(median(by[10950]['daybook_rss']))} → {fmt_mb(median(by[109500]['daybook_rss']))}: "
                 f"{ra:.0f} → {rb:.0f} KB per entry | – |")
    else:
        unmeasured("time per entry at 109,500 ≤ 1.5× that at 10,950")
    L.append("")

    # Main table
    L.append("## Full builds, side by side")
    L.append("")
    L.append("Medians over the timed builds, run in the order shown (D Daybook, H Hugo, B Hugo bare, F floor), each into a")
    L.append("new folder. Each ratio is Daybook's time (the mean of the Daybook builds just before and just after) over the other's,")
    L.append("so a slow minute of this shared machine weighs on both sides; the median of those ratios is shown. Ranges: min–max.")
    L.append("")
    head = "| | " + " | ".join(f"{r['size']:,} entries" for r in results) + " |"
    L.append(head)
    L.append("|---|" + "---|" * len(results))

    def row(name, f):
        cells = []
        for r in results:
            try:
                cells.append(f(r))
            except (ValueError, ZeroDivisionError, KeyError, IndexError, TypeError):
                cells.append("–")
        L.append(f"| {name} | " + " | ".join(cells) + " |")

    def need(values):
        if not values:
            raise ValueError("not measured")
        return values

    row("timed builds, in order", lambda r: " ".join(r["plan"]))
    row("load average before (1/5/15 min)", lambda r: " / ".join(f"{x:.1f}" for x in r["load_before"]))
    row("**Daybook full build**", lambda r: f"**{median(r['daybook_full']):.2f} s** ({spread(r['daybook_full'])})")
    row("Daybook CPU (user+sys)", lambda r: f"{median(r['daybook_cpu']):.2f} s")
    row("Daybook peak RSS", lambda r: fmt_mb(median(r["daybook_rss"])))
    row("Daybook pages (HTML) / files / bytes", lambda r: f"{r['daybook_pages']:,} / {r['daybook_files']:,} / {fmt_bytes(r['daybook_bytes'])}")
    row("Daybook build cache (the diary's `.daybook/`, not in the site)", lambda r: f"{r['cache_files']:,} files / {fmt_bytes(r['cache_bytes'])}")
    row("**Hugo full build** (equivalent site)", lambda r: f"**{median(need(r['hugo_full'])):.2f} s** ({spread(r['hugo_full'])})")
    row("Hugo CPU (user+sys)", lambda r: f"{median(need(r['hugo_cpu'])):.2f} s")
    row("Hugo peak RSS", lambda r: fmt_mb(median(need(r["hugo_rss"]))))
    row("Hugo pages (HTML) / files / bytes", lambda r: f"{r['hugo_pages']:,} / {r['hugo_files']:,} / {fmt_bytes(r['hugo_bytes'])}" if r["hugo_files"] else "–")
    row("**Daybook / Hugo time**", lambda r: f"**{median(need(r['ratio_hugo'])):.2f}** (1/{1 / median(r['ratio_hugo']):.1f})")
    row("Daybook / Hugo peak RSS", lambda r: f"{median(need(r['ratio_rss'])):.2f}")
    row("Hugo bare full build (reference)", lambda r: f"{median(need(r['bare_full'])):.2f} s ({spread(r['bare_full'])}), {fmt_mb(median(r['bare_rss']))}, {r['bare_pages']:,} pages")
    row("Daybook / Hugo bare time", lambda r: f"{median(need(r['ratio_bare'])):.2f}")
    row("**floor** (read + cmark-gfm + write)", lambda r: f"**{median(need(r['floor'])):.2f} s** ({spread(r['floor'])})")
    row("… read / cmark-gfm / write", lambda r: " / ".join(f"{x:.2f}" for x in need(r["floor_parts"])) + " s")
    row("floor CPU (user+sys; the writer's own Python included)", lambda r: f"{median(need(r['floor_cpu'])):.2f} s")
    row("**Daybook / floor**", lambda r: f"**{median(need(r['ratio_floor'])):.2f}×**")
    row("no-op rebuild", lambda r: f"{fmt_s(median(r['noop']))} ({spread([x * 1000 for x in r['noop']])} ms, {len(r['noop'])} runs)")
    row("no-op rebuild peak RSS", lambda r: fmt_mb(median(r["noop_rss"])))
    row("one-entry-edit rebuild", lambda r: f"{fmt_s(median(r['edit']))} ({spread([x * 1000 for x in r['edit']])} ms, {len(r['edit'])} runs)")
    row("one-entry-edit rebuild CPU (user+sys)", lambda r: fmt_s(median(need(r["edit_cpu"]))))
    row("one-entry-edit rebuild peak RSS", lambda r: fmt_mb(median(r["edit_rss"])))
    row("… files written by it", lambda r: ", ".join(sorted({str(w[0]) if w else "?" for w in r["edit_written"]})))
    L.append("")
    L.append("Daybook's summary line (warm-up build): " + "; ".join(f"{r['size']:,}: `{r['daybook_summary_line']}`" for r in results))
    L.append("")

    serve_section(L, [r for r in results if r.get("serve")])

    # Scaling
    L.append("## Scaling")
    L.append("")
    L.append("| entries | Daybook full build | time per entry | vs previous size | peak RSS | RSS per entry | Hugo time per entry | Hugo RSS |")
    L.append("|---|---|---|---|---|---|---|---|")
    prev = None
    for r in results:
        per = median(r["daybook_full"]) / r["size"]
        ratio = f"{per / prev:.2f}×" if prev else "–"
        hugo_per = f"{median(r['hugo_full']) / r['size'] * 1e6:.0f} µs" if r["hugo_full"] else "–"
        hugo_rss = fmt_mb(median(r["hugo_rss"])) if r["hugo_rss"] else "–"
        L.append(f"| {r['size']:,} | {median(r['daybook_full']):.2f} s | {per * 1e6:.0f} µs | {ratio} | {fmt_mb(median(r['daybook_rss']))} | "
                 f"{median(r['daybook_rss']) / r['size']:.1f} KB | {hugo_per} | {hugo_rss} |")
        prev = per
    L.append("")

    # Steps
    L.append("## Where Daybook's full build spends its time (`daybook build -v`: the untimed warm-up build of each size)")
    L.append("")
    L.append("Each step's wall time, then in brackets the processor time the process used meanwhile on both cores (user and")
    L.append("system; work a step leaves running in the background counts in the steps it overlaps). A step whose processor")
    L.append("time is twice its wall time kept both cores busy.")
    L.append("")
    names = []
    for r in results:
        for _, n in r["steps"]:
            key = step_name(n)
            if key not in names:
                names.append(key)
    L.append("| step | " + " | ".join(f"{r['size']:,}" for r in results) + " |")
    L.append("|---|" + "---|" * len(results))
    for n in names:
        cells = []
        for r in results:
            v = [(s, m) for s, m in r["steps"] if step_name(m) == n]
            cpu = r.get("steps_cpu", {}).get(v[0][1]) if v else None
            cells.append((f"{v[0][0]:.3f} s" + (f" ({cpu:.2f} s)" if cpu is not None else "")) if v else "–")
        L.append(f"| {n} | " + " | ".join(cells) + " |")
    L.append("| (wall time of that build, and its processor time) | " + " | ".join(
        f"{r['steps_total']:.2f} s" + (f" ({r['steps_total_cpu']:.2f} s)" if r.get("steps_total_cpu") else "") for r in results) + " |")
    L.append("")

    rebuild_profile_section(L, [r for r in results if r.get("edit_profile")])

    # Search
    L.append("## Search index (item 5)")
    L.append("")
    if not any(r.get("search") for r in results):
        L.append("**Not measured yet:** the builds wrote no `search/` folder (the search index is not wired into `daybook build`")
        L.append("at this commit). Bytes fetched per query: **not measured yet**. For comparison, the Hugo site's one-file")
        L.append("index (`index.json`, what Fuse.js/Lunr set-ups download in full on every first query) is in the next table.")
    else:
        L.append("| entries | index files | index bytes | " + " | ".join(f"`{q}`" for q in SEARCH_QUERIES) + " |")
        L.append("|---|---|---|" + "---|" * len(SEARCH_QUERIES))
        for r in results:
            s = r.get("search")
            if not s:
                L.append(f"| {r['size']:,} | no search/ folder | – |" + " – |" * len(SEARCH_QUERIES))
                continue
            if s["error"]:
                L.append(f"| {r['size']:,} | {s['files']:,} | {fmt_bytes(s['bytes'])} |" + " not measured yet |" * len(SEARCH_QUERIES))
                continue
            cells = [f"{fmt_bytes(q['bytes'])} in {q['files']} files ({q['results']:,} hits)" for q in s["queries"]]
            L.append(f"| {r['size']:,} | {s['files']:,} | {fmt_bytes(s['bytes'])} | " + " | ".join(cells) + " |")
        L.append("")
        methods = sorted({r["search"].get("method", "") for r in results if r.get("search") and r["search"].get("method")})
        page_bytes = [r["search"].get("page_bytes", 0) for r in results if r.get("search")]
        L.append("Cells: bytes fetched for the query and its first page of 20 results, in how many files (and how many entries match):")
        L.append("`search/index.json` once (and `search/initials.json` for a word with initial consonants), one shard or heavy-key")
        L.append("file per filter and word part, the chunk files that hold the shown entries. Measured by")
        L.append(" and ".join(methods) + f"; uncompressed bytes. The page and its script add {fmt_bytes(max(page_bytes) if page_bytes else 0)}")
        L.append("(once, cacheable). Pagefind on a 10,000-page site: about 300 KB a query (SPEC §4).")
        for r in results:
            if r.get("search") and r["search"]["error"]:
                L.append(f"At {r['size']:,} entries: {r['search']['error']}.")
    L.append("")
    L.append("| entries | Hugo `index.json` (one file, fetched whole) |")
    L.append("|---|---|")
    for r in results:
        L.append(f"| {r['size']:,} | {fmt_bytes(r.get('hugo_index_bytes', 0))} |")
    L.append("")

    kept_pictures = None if pictures is not None else bench_pictures.kept_section(OUTPUT)
    L += kept_pictures or bench_pictures.section(sys.modules[__name__], pictures, "BENCH_PICTURES=0")
    L += bench_deploy.section(deploy, "BENCH_DEPLOY=0, or missing " + ", ".join(bench_deploy.missing_tools()))

    # Profiles
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
                                     "skipped (BENCH_PROFILE=0)" if ENV.get("BENCH_PROFILE", "1") == "0" else "no size below 109,500 in this run") + ".")
    L.append("")

    # Template bench
    L.append("## Template engine (`template-bench`)")
    L.append("")
    if tmpl:
        L.append("```")
        L.append(tmpl)
        L.append("```")
    else:
        L.append("Not run in this run.")
    L.append("")

    # Commands and method
    L.append("## Exact commands")
    L.append("")
    L.append("```sh")
    L.append("make bench     # = " + " ".join(RELEASE_BUILD) + " --product daybook / daybook-corpus / template-bench / stat-floor; apt-get install hugo valgrind time")
    L.append("               #   libvips-tools imagemagick lomiri-wallpapers-16.04 (when missing); python3 scripts/bench.py")
    for label, cmd in commands_used.items():
        if label.startswith("pictures:"):
            continue  # in the pictures section
        L.append(f"# {label}")
        L.append(cmd)
    L.append("```")
    L.append("")
    L.append("`/usr/bin/time -v` wraps every timed command (peak RSS: its \"Maximum resident set size\", of the largest process);")
    L.append("wall times are taken around it by the script. `NEW_DIR`s are new, never-used folders under")
    L.append(f"`{WORK}/runs/`; nothing is deleted while timing but the diary's build cache before each Daybook full build (a")
    L.append("few files; each size's sites are moved aside and deleted in the background once the report is written); every size")
    L.append(f"starts timing {SETTLE:.0f} s after a `sync`.")
    L.append("")
    L.append("## Method and what is compared")
    L.append("")
    L.append("- **Corpora:** the project's generator (`daybook-corpus`): 1,095 entries = 1,095 days × 1; 10,950 = 1,095 days × 10;")
    L.append("  109,500 = 10,950 days × 10. Kept in `" + WORK + "/corpus-N`, reused when present.")
    L.append("- **Warm caches:** one untimed build of each tool first (page cache); Daybook's, with `-v` and without a build cache, gives")
    L.append("  the per-step times and is the site the rebuilds start from (its build cache is set aside during the timed builds and")
    L.append("  put back for the rebuilds). At 109,500 entries Hugo takes about 5 minutes and 13 GB, so the order there")
    L.append("  is D F H D F (one Hugo build between two Daybook builds, no Hugo warm-up) and there are 2 rebuilds of each kind.")
    L.append("- **Daybook full build:** `daybook build` into a new folder, with the diary's build cache (`.daybook/`: the shared entry")
    L.append("  cache and one folder per output folder, a few files) removed just before, so that each is a real first build.")
    L.append("  **No-op rebuild:** the same command again on the warm site.")
    L.append("  **One-edit rebuild:** a line appended to one entry in the middle of the diary (then taken out again on the next edit),")
    L.append("  alternating with no-op rebuilds; the corpus is restored afterwards. The rebuilds start after a `sync` and the same")
    L.append("  quiet as the full builds, so that the full builds' files being written back to disk do not land on them, then one")
    L.append("  untimed no-op and one untimed edit (and its undoing) bring back into the page cache what the timed builds pushed out.")
    L.append("- **Hugo:** Debian's `hugo`, site in `Benchmarks/hugo/` (config, layouts): one page per entry, day pages listing that day's")
    L.append("  entries in full in time order, month and year pages (a year-in-pixels calendar coloured by each day's main emotion),")
    L.append("  emotion and tag taxonomy pages (30 entries a page), `/emotions/` and `/tags/`, an archive of days (30 a page), a")
    L.append("  gallery, a home page with the latest entry, \"on this day\" and recent days, and `index.json` with every entry's")
    L.append("  title, URL, date, emotions, tags and text (the usual Hugo search index). No RSS, no sitemap (Daybook writes neither).")
    L.append("  Hugo uses all cores (GOMAXPROCS), as Daybook does. `buildFuture = true` (the largest corpus runs to 2052; Hugo")
    L.append("  would silently leave out every entry dated after today). Cards, day sections and main emotions are rendered once")
    L.append("  each with `partialCached`, as a Hugo user minding build time would.")
    L.append("- **Hugo bare** (`Benchmarks/hugo-bare/`, `--layoutDir`): the same project with minimal layouts (title and body; list")
    L.append("  pages only link; `index.json` with title and text): how long Hugo takes for reading, Markdown and writing alone. The")
    L.append("  issue's \"Hugo 0.111: about 7–9 s and about 970 MB\" for 10,950 entries is of this kind. Not run at 109,500.")
    L.append("- **Hugo-readable copy of each corpus** (made once, in `" + WORK + "/hugo-N/content`, by this script): Hugo 0.111 reads")
    L.append("  `date: 2023-01-01 09:30` (no seconds; 1 entry in 10 of the corpus) as the zero date 0001-01-01 without a word, so")
    L.append("  those get `:00` appended; `emotion:` (an id, label or alias, or a list) becomes `emotions: [ids]` (a taxonomy cannot")
    L.append("  resolve labels and aliases as Daybook does); `tags: \"a, b\"` becomes a list; every year, month and day folder gets an")
    L.append("  `_index.md` (Hugo makes a page for a folder only with one). `Content/images/` is served as `/images/` (Hugo copies")
    L.append("  36 pictures once; Daybook copies each entry's pictures as `/images/<entry id>_image_<n>.png`, so it writes more files).")
    L.append("- **Known differences** (Hugo does a little less): entries titled by their first `# heading` keep the heading in the body")
    L.append("  and are titled by date in Hugo; day pages have no previous/next-day links; the gallery lists entries with pictures")
    L.append("  (15 entries a page) rather than single pictures. Daybook also writes its build cache, in the diary's `.daybook/`")
    L.append("  (outside the site; its size is in the table).")
    L.append(f"- **Floor:** `cat` of every file under Content/ to /dev/null; cmark-gfm's CLI (`-e {' -e '.join(CMARK_EXTENSIONS)}`)")
    L.append(f"  on every entry body (front matter cut off beforehand), split in {CORES} files converted by {CORES} processes at once;")
    L.append("  then creating the same files with the same bytes as Daybook's output (the site's files only) in a new folder")
    L.append("  (Python `os.open`/`os.write`, the bytes already in memory). The three are timed one after the other and added.")
    L.append("- **Noise:** these machines are shared (other engineers compile on the same 2 cores); ratios pair each build with")
    L.append("  the Daybook builds around it, so a slow minute affects both sides. Single figures move by ±30% from run to run.")
    notes_all = notes + [f"{r['size']:,}: {n}" for r in results for n in r["notes"]]
    if notes_all:
        L.append("")
        L.append("## Notes from this run")
        L.append("")
        for n in notes_all:
            L.append(f"- {n}")
    L.append("")
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write("\n".join(L))
    log(f"wrote {OUTPUT}")


# MARK: - Main


def main():
    if ONLY == "pictures":
        return main_pictures_only()
    for tool in (DAYBOOK, CORPUS_TOOL, TEMPLATE_BENCH, STAT_FLOOR):
        # Run on its own after `make run`: build what `make bench` would have built.
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
    missing = bench_pictures.missing_tools() if bench_pictures.ENABLED else []
    if missing:
        sys.exit(f"bench: the pictures section needs {', '.join(missing)} (apt-get install; `make bench` installs them), or BENCH_PICTURES=0")
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
        r = measure_size(size, run_root)
        results.append(r)
        # Deleting hundreds of thousands of files takes minutes and slows file creation afterwards: the
        # sites are moved aside now (instant) and deleted once all timing is done.
        set_aside(run_root, trash)

    pictures = None
    if bench_pictures.ENABLED:
        pictures = bench_pictures.measure(sys.modules[__name__], run_root)
        set_aside(run_root, trash)
    deploy = None
    if bench_deploy.ENABLED and not bench_deploy.missing_tools():
        deploy = bench_deploy.measure(sys.modules[__name__], run_root)
    prof, prof_error = (None, "skipped (BENCH_PROFILE=0)")
    if ENV.get("BENCH_PROFILE", "1") != "0":
        prof, prof_error = profile(run_root)
    tmpl = template_bench() if ENV.get("BENCH_TEMPLATE", "1") != "0" else None
    with open(os.path.join(WORK, "results.json"), "w", encoding="utf-8") as f:  # the raw figures of this run
        json.dump({"results": results, "pictures": pictures, "deploy": deploy, "profile": prof, "profile_error": prof_error, "template_bench": tmpl,
                   "machine": info, "commands": commands_used, "notes": notes}, f, ensure_ascii=False, indent=1, default=str)
    report(results, prof, prof_error, tmpl, info, time.monotonic() - started_at, pictures, deploy)
    delete_later(run_root, trash)


def main_pictures_only():
    """BENCH_ONLY=pictures: the pictures section alone, written into the existing report in place of its old one."""
    if not os.access(DAYBOOK, os.X_OK) and "BENCH_BIN" not in ENV and shutil.which("swift"):
        log(f"building daybook: {' '.join(RELEASE_BUILD)} --product daybook")
        subprocess.run(RELEASE_BUILD + ["--product", "daybook"], cwd=REPO)
    if not os.access(DAYBOOK, os.X_OK):
        sys.exit(f"bench: {DAYBOOK} is missing; run `make bench` (it builds it) or `{' '.join(RELEASE_BUILD)} --product daybook`")
    missing = bench_pictures.missing_tools() + ([] if os.access("/usr/bin/time", os.X_OK) else ["time"])
    if missing:
        sys.exit(f"bench: the pictures section needs {', '.join(missing)} (apt-get install; `make bench` installs them)")
    run_root, trash = fresh_run_folders()
    log(f"pictures only; Daybook {DAYBOOK}")
    pictures = bench_pictures.measure(sys.modules[__name__], run_root)
    with open(os.path.join(WORK, "results-pictures.json"), "w", encoding="utf-8") as f:
        json.dump({"pictures": pictures, "commands": commands_used, "notes": notes}, f, ensure_ascii=False, indent=1, default=str)
    lines = bench_pictures.section(sys.modules[__name__], pictures)
    if os.path.exists(OUTPUT):
        with open(OUTPUT, encoding="utf-8") as f:
            text = bench_pictures.splice(f.read(), lines)
    else:
        text = "\n".join(["# Benchmarks", "", "Regenerated by `make bench` (scripts/bench.py); do not edit by hand.", ""] + lines)
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(text)
    log(f"wrote the pictures section of {OUTPUT}")
    set_aside(run_root, trash)
    delete_later(run_root, trash)


def fresh_run_folders():
    """The run folder (new, empty) and the trash folder (absent); what an earlier run left is deleted first."""
    os.makedirs(WORK, exist_ok=True)
    run_root = os.path.join(WORK, "runs")
    trash = os.path.join(WORK, "trash")
    for leftover in (run_root, trash):
        if os.path.exists(leftover):
            log(f"deleting the sites of an earlier run ({leftover}); the settle time before timing follows")
            begin = time.perf_counter()
            remove_tree(leftover)
            log(f"  deleted in {time.perf_counter() - begin:.0f} s")
    os.makedirs(run_root)
    return run_root, trash


def set_aside(run_root, trash):
    """Moves everything in the run folder into the trash folder (renames: instant)."""
    os.makedirs(trash, exist_ok=True)
    for name in os.listdir(run_root):
        os.rename(os.path.join(run_root, name), os.path.join(trash, name))


def delete_later(run_root, trash):
    if not KEEP:
        # In the background: the report is written; the next run waits for a settled filesystem anyway.
        log(f"deleting the built sites in the background ({trash}, {run_root})")
        subprocess.Popen(["rm", "-rf", trash, run_root], start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
