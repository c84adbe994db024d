"""The floor a full build is compared with: reading every file of Content/, converting every entry body with
cmark-gfm's own CLI (one process a core), and writing the same files and bytes as Daybook's output."""

import os
import resource
import time

from diaries import entry_files
from folders import remove_tree
from record import commands_used, shell_quote
from running import timed
from settings import CORES, ENV, WORK

FLOOR_THREADS = int(ENV.get("BENCH_FLOOR_THREADS", str(CORES)))
CMARK_EXTENSIONS = ["footnotes", "table", "strikethrough", "autolink", "tagfilter", "tasklist"]


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
