"""The pictures section of `make bench`: Daybook's picture pipeline on a photo diary.

A photo diary (photo_diary.py: 2,000 photos of 4000×3000 in 1,000 entries, made once) is built by
`daybook build` as a first build, and its photos are resized the same way (a display version with a long edge
of 1600, thumbnails 640 and 320 wide, JPEG quality 85, no metadata) by vipsthumbnail (libvips' own CLI: the
floor), ImageMagick's `convert -thumbnail` and Hugo (`.Fit`/`.Resize` in Benchmarks/hugo-pictures/), all in one
run, alternating, each into new folders. Then rebuilds with one photo added: their time, and how many pictures
each decoded (`daybook build -v` prints it).

Settings, from the environment (settings.py lists the others):

  BENCH_PICTURES=0             skip this section
  BENCH_PICTURE_PHOTOS=2000    photos in the diary (entries: half as many; 200 with BENCH_QUICK)
  BENCH_PICTURE_SLOW_SUBSET=N  ImageMagick and Hugo on the first N photos only (default: all; 40 with
                               BENCH_QUICK): about a second of CPU a photo each
  BENCH_PICTURE_RUNS=2         rounds of a Daybook and a vipsthumbnail run (ImageMagick and Hugo run once, after the
                               first round; with 1, a second Daybook run follows them)
"""

import datetime
import os
import re
import shutil
import statistics
import time

import photo_diary
from figures import fmt_mb, fmt_s, neighbour_ratios
from folders import fresh_dir
from record import commands_used, log, note, shell_quote
from running import output_of, settle, timed
from settings import DAYBOOK, ENV, QUICK, REPO, WORK

ENABLED = ENV.get("BENCH_PICTURES", "1") != "0"
PHOTOS = int(ENV.get("BENCH_PICTURE_PHOTOS", "200" if QUICK else "2000"))
SLOW_SUBSET = max(1, min(PHOTOS, int(ENV.get("BENCH_PICTURE_SLOW_SUBSET", "40" if QUICK else str(PHOTOS)))))
RUNS = max(1, int(ENV.get("BENCH_PICTURE_RUNS", "2")))
WORKERS = 2  # processes for vipsthumbnail and ImageMagick: one per core, as Daybook's two workers
HUGO_COPY_VERSION = "hugo-pictures 1"  # bump when the Hugo project's format changes
# The sizes Daybook publishes (PictureSettings): vipsthumbnail's --size and ImageMagick's geometry for each.
SIZES = (("display", "1600x1600"), ("640", "640x"), ("320", "320x"))
QUALITY = 85
KINDS = {"D": "Daybook", "V": "vipsthumbnail", "M": "ImageMagick", "H": "Hugo"}
PICTURES_LINE = re.compile(r"^Pictures: ([\d,]+) decoded, ([\d,]+) from the cache$", re.M)

# vipsthumbnail: one pass per size, each over every photo, two processes with half the photos each
# (vipsthumbnail takes many files), one libvips thread per process. $1 the photo list, $2 the output folder,
# $3 photos per process.
VIPSTHUMBNAIL_SCRIPT = """set -e
for size in {sizes}; do
  xargs -0 -a "$1" -P {workers} -n "$3" vipsthumbnail --size "$size" -o "$2/%s-$size.jpg[Q={quality},strip,optimize_coding,interlace]"
done""".format(sizes=" ".join(g for _, g in SIZES), workers=WORKERS, quality=QUALITY)

# ImageMagick: one `convert` per photo, two at a time, one thread each; one decode, the three sizes made
# from it with -thumbnail (which also strips metadata). $1 the photo list, $2 the output folder, $3 convert;
# in the inner script, $1 the output folder, $2 convert, $3 the photo.
IMAGEMAGICK_SCRIPT = """set -e
xargs -0 -a "$1" -P {workers} -n 1 sh -c 'name=$(basename "$3" .jpg)
exec "$2" "$3" -auto-orient -strip -quality {quality} -interlace JPEG \\
  \\( +clone -thumbnail {display} -write "$1/$name-display.jpg" +delete \\) \\
  \\( +clone -thumbnail {medium} -write "$1/$name-640.jpg" +delete \\) \\
  -thumbnail {small} "$1/$name-320.jpg"' sh "$2" "$3"
""".format(workers=WORKERS, quality=QUALITY, display=SIZES[0][1], medium=SIZES[1][1], small=SIZES[2][1])


def diary_folder(work):
    return os.path.join(work, "photo-diary" if PHOTOS == 2000 else f"photo-diary-{PHOTOS}")


def convert_tool():
    """Debian's ImageMagick 6 `convert` itself, not whatever else PATH may name first."""
    return "/usr/bin/convert" if os.access("/usr/bin/convert", os.X_OK) else shutil.which("convert") or "convert"


def missing_tools():
    """The commands this section needs that are not installed (make bench installs them)."""
    needed = {"vips": "libvips-tools", "vipsthumbnail": "libvips-tools", "hugo": "hugo"}
    missing = sorted({package for tool, package in needed.items() if not shutil.which(tool)})
    if not os.access("/usr/bin/convert", os.X_OK):
        missing.append("imagemagick")
    if not os.path.exists(os.path.join(photo_diary.WALLPAPER_FOLDER, photo_diary.WALLPAPERS[0] + ".jpg")):
        missing.append("lomiri-wallpapers-16.04")
    return missing


def photo_list(folder, paths, name):
    """The photos as a NUL-separated list of absolute paths, beside the diary (never in it), for xargs."""
    target = f"{folder}.{name}.list"
    with open(target, "w", encoding="utf-8") as f:
        f.write("".join(os.path.join(folder, p) + "\0" for p in paths))
    return target


def hugo_project(folder, manifest, count):
    """A Hugo project holding the first `count` photos as page resources of their entries' page bundles
    (hard links: no copy of the bytes), made once; Benchmarks/hugo-pictures/ copied in fresh every time."""
    project = f"{folder}-hugo-{count}"
    marker = project + ".complete"
    want = f"{HUGO_COPY_VERSION}\n{manifest['settings']}\n{count}\n"
    if not (os.path.exists(marker) and open(marker).read() == want):
        shutil.rmtree(project, ignore_errors=True)
        left = count
        for entry in manifest["entries"]:
            if left <= 0:
                break
            photos = entry["photos"][:left]
            left -= len(photos)
            bundle = os.path.join(project, "content", "photos", os.path.splitext(os.path.basename(entry["file"]))[0]
                                  + "-" + entry["date"][:10])
            os.makedirs(bundle)
            for photo in photos:
                os.link(os.path.join(folder, photo), os.path.join(bundle, os.path.basename(photo)))
            with open(os.path.join(bundle, "index.md"), "w", encoding="utf-8") as f:
                # Only what the pages use is published: not the originals (Hugo copies a bundle's files otherwise).
                f.write(f"---\ntitle: \"{entry['title']}\"\ndate: {entry['date'][:10]}\n"
                        "_build:\n  publishResources: false\n---\n")
        with open(marker, "w") as f:
            f.write(want)
    site = os.path.join(REPO, "Benchmarks", "hugo-pictures")
    shutil.rmtree(os.path.join(project, "layouts"), ignore_errors=True)
    shutil.copytree(os.path.join(site, "layouts"), os.path.join(project, "layouts"))
    shutil.copy(os.path.join(site, "hugo.toml"), os.path.join(project, "hugo.toml"))
    return project


def picture_files(root):
    """(JPEG files, bytes) under root."""
    files = total = 0
    for base, _, names in os.walk(root):
        for name in names:
            if name.endswith(".jpg"):
                files += 1
                total += os.path.getsize(os.path.join(base, name))
    return files, total


def plan():
    """The order of the timed runs: Daybook and vipsthumbnail alternating, ImageMagick and Hugo once, between
    the first two rounds, so that every run has a Daybook run beside it."""
    order = []
    for round_number in range(RUNS):
        order += ["D", "V"]
        if round_number == 0:
            order += ["M", "H"]
    if RUNS == 1:
        order.append("D")
    return order


def counts(text):
    """(decoded, from the cache) from `daybook build -v`'s Pictures line, or None."""
    m = PICTURES_LINE.search(text)
    return (int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))) if m else None


class Tools:
    """The four ways of publishing the pictures, each into folders it has never used."""

    def __init__(self, folder, manifest, run_root):
        self.folder, self.run_root = folder, run_root
        self.all_list = photo_list(folder, manifest["photos"], "all")
        self.slow_list = photo_list(folder, manifest["photos"][:SLOW_SUBSET], f"first-{SLOW_SUBSET}")
        self.two_list = photo_list(folder, manifest["photos"][:2], "first-2")  # for the warm-up
        self.hugo = hugo_project(folder, manifest, SLOW_SUBSET)
        self.convert = convert_tool()

    def fresh(self, name):
        path = fresh_dir(self.run_root, name)
        os.makedirs(path)
        return path

    def daybook(self, label="pictures: daybook first build"):
        """A first build: the diary's build cache (`.daybook/`, the processed pictures with it) is moved
        aside first (a rename; deleted with the run's folders)."""
        cache = os.path.join(self.folder, ".daybook")
        if os.path.exists(cache):
            os.rename(cache, fresh_dir(self.run_root, "daybook-cache-old"))
        output = fresh_dir(self.run_root, "pictures-daybook")
        args = [DAYBOOK, "build", "-C", self.folder, "--output", output]
        return timed(args, label=label), output, os.path.join(output, "images")

    def vipsthumbnail(self, small=False):
        out = self.fresh("pictures-vipsthumbnail")
        listing, photos = (self.two_list, 2) if small else (self.all_list, PHOTOS)
        per_process = str((photos + WORKERS - 1) // WORKERS)
        args = ["bash", "-c", VIPSTHUMBNAIL_SCRIPT, "vipsthumbnail-all", listing, out, per_process]
        return self.timed(args, {"VIPS_CONCURRENCY": "1"}, None if small else "pictures: vipsthumbnail"), out, out

    def imagemagick(self, small=False):
        out = self.fresh("pictures-imagemagick")
        args = ["bash", "-c", IMAGEMAGICK_SCRIPT, "imagemagick-all", self.two_list if small else self.slow_list, out, self.convert]
        return self.timed(args, {"MAGICK_THREAD_LIMIT": "1"}, None if small else "pictures: ImageMagick"), out, out

    def hugo_build(self, project=None, label="pictures: hugo"):
        """A Hugo build that processes every picture: new resource, cache and output folders, --ignoreCache."""
        out = fresh_dir(self.run_root, "pictures-hugo")
        resources = fresh_dir(self.run_root, "pictures-hugo-resources")
        cache = fresh_dir(self.run_root, "pictures-hugo-cache")
        args = ["hugo", "--quiet", "--noBuildLock", "--ignoreCache", "-s", project or self.hugo, "-d", out, "--cacheDir", cache]
        return self.timed(args, {"HUGO_RESOURCEDIR": resources}, label), out, out

    def timed(self, args, variables, label):
        """`timed` with these environment variables set; the command is recorded with them."""
        if label:
            prefix = " ".join(f"{name}={shell_quote([value])}" for name, value in variables.items())
            commands_used.setdefault(label, prefix + " " + shell_quote(args))
        return timed(args, env=dict(os.environ, **variables))


def warm_up(tools, manifest):
    """Untimed: the photos read once (page cache), and each tool run on two photos (its binaries and
    libraries loaded, and a wrong command caught before an hour of timing)."""
    log(f"pictures: warm-up (reading {manifest['bytes'] / 1e9:.1f} GB of photos; each tool on two photos)")
    for path in manifest["photos"]:
        with open(os.path.join(tools.folder, path), "rb") as f:
            while f.read(1 << 20):
                pass
    tools.vipsthumbnail(small=True)
    tools.imagemagick(small=True)
    small_hugo = hugo_project(tools.folder, manifest, min(2, PHOTOS))
    tools.hugo_build(project=small_hugo, label=None)
    run, _, images = tools.daybook(label=None)
    files, _ = picture_files(images)
    if files != 3 * PHOTOS:
        note(f"pictures: the warm-up Daybook build published {files} picture files, not {3 * PHOTOS}")


def measure(run_root):
    """Makes the diary (once), times the four tools and the rebuilds; returns the figures for `section`."""
    began = time.monotonic()
    folder = diary_folder(WORK)
    generate = ["python3", "scripts/bench/photo_diary.py", folder, "--photos", str(PHOTOS)]
    commands_used.setdefault("pictures: the photo diary (made once)", shell_quote(generate))
    manifest = photo_diary.ensure(folder, PHOTOS, log=log)
    tools = Tools(folder, manifest, run_root)
    warm_up(tools, manifest)
    settle("the pictures")
    r = {"photos": PHOTOS, "entries": len(manifest["entries"]), "slow_subset": SLOW_SUBSET, "plan": plan(),
         "corpus_bytes": manifest["bytes"], "smallest": manifest["smallest"], "largest": manifest["largest"],
         "load_before": os.getloadavg(), "runs": {k: [] for k in KINDS}, "notes": []}
    log(f"pictures: timed runs in this order: {' '.join(r['plan'])} (D Daybook, V vipsthumbnail, M ImageMagick, "
              f"H Hugo); ImageMagick and Hugo on {SLOW_SUBSET:,} of {PHOTOS:,} photos")
    rates, last_daybook = [], None
    for i, kind in enumerate(r["plan"]):
        if kind == "D":
            run, site, images = tools.daybook()
            last_daybook = site
        elif kind == "V":
            run, _, images = tools.vipsthumbnail()
        elif kind == "M":
            run, _, images = tools.imagemagick()
        else:
            run, _, images = tools.hugo_build()
        photos = SLOW_SUBSET if kind in "MH" else PHOTOS
        files, size = picture_files(images)
        if files != 3 * photos:
            r["notes"].append(f"a {KINDS[kind]} run wrote {files:,} pictures, not {3 * photos:,}")
        figures = {"photos": photos, "wall": run.wall, "cpu": run.user + run.system, "rss_kb": run.rss_kb,
                   "files": files, "bytes": size}
        r["runs"][kind].append(figures)
        rates.append(photos / run.wall)
        log(f"  {i + 1}/{len(r['plan'])} {KINDS[kind]}: {photos:,} photos in {run.wall:.1f} s = {photos / run.wall:.2f}/s, "
                  f"{figures['cpu'] / photos:.3f} s CPU each, peak {run.rss_kb / 1024:.0f} MB, {files:,} files")
    # Daybook's speed over each other tool's, paired with the Daybook runs just before and after it.
    r["daybook_over"] = {k: neighbour_ratios(r["plan"], rates, k) for k in "VMH"}
    r["rebuilds"] = rebuild(folder, manifest, last_daybook)
    r["seconds"] = time.monotonic() - began
    return r


def rebuild(folder, manifest, site):
    """One new entry with one new photo, built onto the last timed Daybook site, once per extra photo (each
    a different photo); the diary is put back as it was afterwards."""
    results, added = [], []
    last_day = datetime.date.fromisoformat(manifest["last_day"])
    args = [DAYBOOK, "build", "-v", "-C", folder, "--output", site]
    commands_used.setdefault("pictures: rebuild with one photo added", shell_quote(args))
    try:
        for n, extra in enumerate(manifest["extra"]):
            day = last_day + datetime.timedelta(days=n + 1)
            entry_folder = os.path.join(folder, "Content", f"{day:%Y/%m/%d}")
            os.makedirs(entry_folder, exist_ok=True)
            added.append(entry_folder)
            photo = os.path.basename(extra)
            shutil.copyfile(os.path.join(folder, extra), os.path.join(entry_folder, photo))
            time.sleep(1.1)  # a later modification time than the last build, whatever the clock's granularity
            with open(os.path.join(entry_folder, "2100-one-more-photo.md"), "w", encoding="utf-8") as f:
                f.write(f"---\ndate: {day:%Y-%m-%d} 21:00\nemotion: happy\nimages:\n  - {photo}\n---\nOne more photo.\n")
            run = timed(args)
            decoded, cached = counts(run.stderr) or (None, None)
            results.append({"wall": run.wall, "rss_kb": run.rss_kb, "cpu": run.user + run.system,
                            "decoded": decoded, "cached": cached})
            log(f"  rebuild with one photo added: {run.wall * 1000:.0f} ms, decoded {decoded}, from the cache {cached}")
    finally:
        for entry_folder in added:
            shutil.rmtree(entry_folder, ignore_errors=True)
            # The day's month and year folders, when the new entry made them.
            for parent in (os.path.dirname(entry_folder), os.path.dirname(os.path.dirname(entry_folder))):
                if os.path.isdir(parent) and not os.listdir(parent):
                    os.rmdir(parent)
    return results


# MARK: - Report


def versions():
    """libvips', ImageMagick's and Hugo's versions, as short as they go: `vips-8.14.1`, `ImageMagick 6.9.11-60`, `0.111.3`."""
    vips_version = output_of(["vips", "--version"]) or "vips (version unknown)"
    magick = re.search(r"ImageMagick \S+", output_of([convert_tool(), "-version"]))
    hugo = re.search(r"v(\d+\.\d+\.\d+)", output_of(["hugo", "version"]))
    return vips_version, magick.group(0) if magick else "ImageMagick", hugo.group(1) if hugo else "(version unknown)"


def fmt_known(number):
    """A count, or `?` when `daybook build -v` did not print it."""
    return "?" if number is None else f"{number:,}"


def fmt_count(photos):
    return f"{photos:,}" if photos == PHOTOS else f"{photos:,} of {PHOTOS:,}"


def section(r, skipped_reason=None):
    """The report's "Pictures" section, as lines of Markdown."""
    L = ["## Pictures: a photo diary (issue 12)", ""]
    if r is None:
        L += [f"Not measured in this run ({skipped_reason}).", ""]
        return L
    median = statistics.median
    commit = output_of(["git", "-C", REPO, "rev-parse", "--short=12", "HEAD"])
    dirty = output_of(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift"])
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    vips_version, magick_version, hugo_version = versions()
    L.append(f"Measured {now} at commit `{commit}`{' (with uncommitted changes in Sources/)' if dirty else ''}; {vips_version}, "
             f"{magick_version}, Hugo {hugo_version}. This section's runs took {r['seconds'] / 60:.0f} min (the diary, made once, not "
             f"counted). {r['photos']:,} photos of 4000×3000 ({r['corpus_bytes'] / 1e9:.1f} GB, {r['smallest'] / 1e6:.1f}–"
             f"{r['largest'] / 1e6:.1f} MB each) in {r['entries']:,} entries; each tool publishes every photo as a display version"
             f" (long edge 1600) and thumbnails 640 and 320 wide, JPEG quality {QUALITY}, without metadata. Runs in this order:"
             f" {' '.join(r['plan'])}; load average before: {' / '.join(f'{x:.1f}' for x in r['load_before'])}.")
    L.append("")
    L.append("| tool | photos | runs | pictures/s | wall | CPU a picture | peak RSS | vs vipsthumbnail | pictures written |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    names = {
        "D": "**Daybook** `daybook build` (first build, 2 workers, 1 libvips thread each)",
        "V": f"vipsthumbnail (the floor: 3 passes, {WORKERS} processes, 1 libvips thread each)",
        "M": f"ImageMagick `convert -thumbnail` ({WORKERS} processes, 1 thread each)",
        "H": "Hugo 0.111 `.Fit`/`.Resize` (all cores)",
    }
    rate = {k: median([x["photos"] / x["wall"] for x in runs]) for k, runs in r["runs"].items() if runs}
    for kind, runs in r["runs"].items():
        if not runs:
            L.append(f"| {names[kind]} | – | 0 | not run | | | | | |")
            continue
        rates = [x["photos"] / x["wall"] for x in runs]
        spread = f" ({min(rates):.2f}–{max(rates):.2f})" if len(runs) > 1 else ""
        versus = f"{rate[kind] / rate['V']:.2f}×" if "V" in rate else "–"
        L.append(f"| {names[kind]} | {fmt_count(runs[0]['photos'])} | {len(runs)} | **{rate[kind]:.2f}**{spread} | "
                 f"{median([x['wall'] for x in runs]):.1f} s | {median([x['cpu'] / x['photos'] for x in runs]):.3f} s | "
                 f"{fmt_mb(median([x['rss_kb'] for x in runs]))} | {versus} | "
                 f"{runs[0]['files']:,}, {runs[0]['bytes'] / 1e6:.0f} MB |")
    L.append("")
    L.append("Medians over the runs (ranges min–max). Pictures/s: photos over the wall time of the whole command (Daybook's")
    L.append("also reads the entries and writes the site's pages and search index). Peak RSS: of the largest single process;")
    L.append(f"vipsthumbnail and ImageMagick run {WORKERS} processes at once, so they hold about twice that.")
    L.append("")

    L.append("| goal | measured | met |")
    L.append("|---|---|---|")

    def goal(name, value, ok):
        L.append(f"| {name} | {value} | {'yes' if ok else '**no**'} |")

    over = r["daybook_over"]
    if over["V"]:
        goal("Daybook ≥ 90% of the vipsthumbnail floor (pictures/s)",
             f"{median(over['V']):.0%} (each vipsthumbnail run against the Daybook runs beside it: "
             f"{', '.join(f'{x:.0%}' for x in over['V'])})", median(over["V"]) >= 0.9)
    if over["H"]:
        goal("Daybook ≥ 3× Hugo (pictures/s)", f"{median(over['H']):.1f}× (Hugo on {fmt_count(SLOW_SUBSET)} photos)",
             median(over["H"]) >= 3)
    if r["runs"]["D"]:
        peak = max(x["rss_kb"] for x in r["runs"]["D"])
        goal("Daybook peak RSS ≤ 500 MB", f"{fmt_mb(peak)} (the largest of {len(r['runs']['D'])} runs)", peak * 1024 <= 500e6)
    rebuilds = r["rebuilds"]
    if rebuilds:
        decoded = [x["decoded"] for x in rebuilds]
        goal("rebuild with one photo added: pictures decoded = 1",
             f"{', '.join(fmt_known(d) for d in decoded)} ({len(rebuilds)} rebuilds, each a new entry with a new photo)",
             all(d == 1 for d in decoded))
    L.append("")
    if over["M"]:
        L.append(f"Daybook against ImageMagick (on {fmt_count(SLOW_SUBSET)} photos): {median(over['M']):.1f}× as many pictures a second.")
        L.append("")
    if rebuilds:
        L.append("Rebuilds with one photo added (a new entry with one new photo, on the last timed Daybook site; `daybook build -v`):")
        L.append("")
        L.append("| rebuild | wall | CPU | peak RSS | decoded | from the cache |")
        L.append("|---|---|---|---|---|---|")
        for n, x in enumerate(rebuilds):
            L.append(f"| {n + 1} | {fmt_s(x['wall'])} | {fmt_s(x['cpu'])} | {fmt_mb(x['rss_kb'])} | "
                     f"{fmt_known(x['decoded'])} | {fmt_known(x['cached'])} |")
        L.append("")
    L.append("Commands, as run the first time (every run writes into new, never-used folders under the run folder; the")
    L.append("`.list` files hold the photos' absolute paths, NUL-separated):")
    L.append("")
    L.append("```sh")
    for label, command in commands_used.items():
        if label.startswith("pictures:"):
            L.append(f"# {label[len('pictures: '):]}")
            L.append(command)
    L.append("```")
    L.append("")
    L.append("- **Daybook:** the diary's `.daybook/` (its build cache, processed pictures included) is moved aside before")
    L.append("  each timed build, so every one decodes every photo; two workers, one libvips thread each (Daybook's own setting).")
    L.append("- **vipsthumbnail:** libvips' CLI, the floor: one pass per size, each decoding every photo (shrink-on-load),")
    L.append(f"  {WORKERS} processes with half the photos each, `VIPS_CONCURRENCY=1`: one thread a process, as Daybook's workers.")
    L.append("  Daybook decodes each photo once, at 2000×1500 (libjpeg's shrink-on-load), and makes the thumbnails from")
    L.append("  the display version in memory, so it can be faster than this floor.")
    L.append(f"- **ImageMagick:** one `convert` (`{convert_tool()}`) per photo, {WORKERS} at once, `MAGICK_THREAD_LIMIT=1`;")
    L.append("  one decode, three `-thumbnail`s from it.")
    L.append("- **Hugo:** `Benchmarks/hugo-pictures/`: a page bundle per entry with its photos (hard links) as page resources;")
    L.append("  the page template calls `.Fit \"1600x1600\"`, `.Resize \"640x\"` and `.Resize \"320x\"` on each (quality 85,")
    L.append("  Hugo's default Box filter, its fastest; libvips uses Lanczos 3). New resource (`HUGO_RESOURCEDIR`), cache and")
    L.append("  output folders each run, and `--ignoreCache`: every picture is processed. Pages are bare, so this is the pictures'")
    L.append("  time. Hugo uses every core (GOMAXPROCS).")
    if SLOW_SUBSET < PHOTOS:
        L.append(f"- **Subset:** ImageMagick and Hugo ran on the first {SLOW_SUBSET:,} photos only (BENCH_PICTURE_SLOW_SUBSET);")
        L.append("  their figures are per picture, so they compare with the others' as they are.")
    L.append("- **Warm-up:** every photo read once and each tool run on two photos, untimed, before a `sync` and the settle time.")
    for n in r["notes"]:
        L.append(f"- **Note from this run:** {n}")
    L.append("")
    return L


def kept_section(report_path):
    """The pictures section of an earlier report, as lines, when it holds measurements (BENCH_PICTURES=0 keeps
    it: the photo diary takes about an hour, and what it measures seldom changes); else None."""
    if not os.path.exists(report_path):
        return None
    with open(report_path, encoding="utf-8") as f:
        text = f.read()
    start = text.find("\n## Pictures")
    if start < 0:
        return None
    end = text.find("\n## ", start + 1)
    section = [line for line in text[start + 1:len(text) if end < 0 else end].rstrip("\n").split("\n")
               if not line.startswith("(Kept from the run")]
    while section and not section[-1]:
        section.pop()
    if not any(line.startswith("Measured ") for line in section):
        return None
    return section + ["", "(Kept from the run that measured it: this run had BENCH_PICTURES=0.)", ""]

