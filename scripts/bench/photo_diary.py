#!/usr/bin/env python3
"""A photo diary for the picture benchmark (`make bench`, pictures.py).

    python3 scripts/bench/photo_diary.py FOLDER [--photos 2000]

Writes FOLDER/daybook.yml and FOLDER/Content/: one entry a day, two photos each (photos/2 entries), every
photo a 4000×3000 JPEG of 3–6 MB beside its entry (`Content/2023/01/01/0930-….md`, `IMG_0001.jpg`,
`IMG_0002.jpg`). Also a few photos in FOLDER/extra/ that no entry uses, for the "one photo added"
rebuild, and FOLDER.json: what was made (written last; it doubles as the marker of a finished diary).

Photos are made from the ten photographs of Debian's lomiri-wallpapers-16.04 (as
Benchmarks/pictures/bench.sh does): each, cropped to 4:3 and scaled to 4400×3300, and its mirror image
are twenty bases. Photo i is a 4000×3000 crop of base i mod 20 at a left edge of its own (4·k mod 401 for
the k-th photo of that base: no two photos of a base share it) and a random top edge, plus camera-like
grain (Gaussian, sigma 5, every channel on its own; one of four grain frames), saved at quality 92. So
every photo has different pixels and different bytes (Daybook processes the same bytes once), and
compresses like a photo: 3.8–5.6 MB by base. Needs the `vips` CLI (libvips-tools). Two photos are made
at once, one libvips thread each, with two `vips` commands (the crop, then the sum saved as a JPEG):
about half a second of CPU a photo, most of it the JPEG encoder.

Python 3 standard library only.
"""

import argparse
import datetime
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import threading
import time

VERSION = "photo-diary 1"  # bump when what is made changes: diaries are then made again
WALLPAPER_FOLDER = "/usr/share/backgrounds"
WALLPAPERS = [
    "Bridge_by_Sander_Klootwijk", "Dragonfly_by_Bolly", "Wine_by_Jakkub_Mede", "aitzgorri_by_Aitzol_Berasategi",
    "friends_by_Aitzol_Berasategi", "life_by_Aitzol_Berasategi", "picosdeeuropa_by_Aitzol_Berasategi",
    "seeding_by_Clements_Engelhardt", "sunset_by_Aitzol_Berasategi", "umang_by_Abhishek_Mudgal",
]
WIDTH, HEIGHT = 4000, 3000
BASE_WIDTH, BASE_HEIGHT = 4400, 3300  # room for 401 different left edges and 301 top edges
BASES = 2 * len(WALLPAPERS)  # each photograph and its mirror image
GRAIN_FRAMES = 4
MOST_PHOTOS = BASES * (BASE_WIDTH - WIDTH + 1)  # beyond this two photos of a base could share their left edge
GRAIN_SIGMA = 5
QUALITY = 92
EXTRA_PHOTOS = 3
WORKERS = 2
FIRST_DAY = datetime.date(2023, 1, 1)

EMOTIONS_YAML = """emotions:
  - id: happy
    label: 행복
    emoji: "😊"
    color: "#f5c542"
    aliases: [joy, 기쁨]
  - id: sad
    label: 슬픔
    emoji: "😢"
    color: "#5b8def"
    aliases: [우울]
  - id: angry
    label: 화남
    emoji: "😠"
    color: "#e5534b"
    aliases: [분노]
  - id: anxious
    label: 불안
    emoji: "😰"
    color: "#a371f7"
    aliases: [걱정]
  - id: calm
    label: 평온
    emoji: "😌"
    color: "#3fb68b"
    aliases: [차분]
  - id: grateful
    label: 감사
    emoji: "🙏"
    color: "#f0883e"
    aliases: [고마움]
  - id: tired
    label: 피곤
    emoji: "😴"
    color: "#8b949e"
    aliases: [지침]
  - id: excited
    label: 설렘
    emoji: "🤩"
    color: "#db61a2"
    aliases: [신남]
"""
EMOTIONS = ["happy", "sad", "angry", "anxious", "calm", "grateful", "tired", "excited", "행복", "평온", "joy"]
TITLES = [
    ("Morning walk", "morning-walk"), ("바닷가에서", "바닷가에서"), ("Old bridge", "old-bridge"), ("산 위의 구름", "산-위의-구름"),
    ("Dinner with friends", "dinner-with-friends"), ("Garden in bloom", "garden-in-bloom"), ("비 온 뒤", "비-온-뒤"),
    ("Sunset on the way home", "sunset-on-the-way-home"), ("A quiet Sunday", "a-quiet-sunday"), ("여행 첫날", "여행-첫날"),
]
TAGS = ["photo", "walk", "travel", "family", "sky", "food", "산책", "여행", "friends", "nature"]
SENTENCES = [
    "The light was soft all morning, so I took the camera along.",
    "오늘은 사진을 여러 장 찍었다.",
    "We walked until the wind got cold, then found a warm café.",
    "하늘이 맑아서 오래 걸었다.",
    "Two pictures from today, to remember it by.",
    "저녁에는 친구들과 밥을 먹었다.",
    "I almost missed this view: glad I turned around.",
    "바람이 불어서 조금 추웠지만 기분은 좋았다.",
]


def photo_name(number):
    """IMG_0001.jpg for the first photo (numbers from 1): unique in the whole diary."""
    return f"IMG_{number:04d}.jpg"


def photo_plan(index):
    """How photo `index` (from 0) is made: (base, left, top, grain frame)."""
    base = index % BASES
    k = index // BASES
    rng = random.Random(index * 7919 + 17)
    # 4 and 401 are coprime: the first 401 photos of a base all start at different columns.
    return base, (4 * k) % (BASE_WIDTH - WIDTH + 1), rng.randint(0, BASE_HEIGHT - HEIGHT), rng.randrange(GRAIN_FRAMES)


def entry_plan(number, photos):
    """Entry `number` (from 0): its date and time, title, slug, emotion, tags, text and its photos' names."""
    rng = random.Random(number * 104729 + 3)
    day = FIRST_DAY + datetime.timedelta(days=number)
    minute = rng.randint(7 * 60, 22 * 60)
    title, slug = TITLES[rng.randrange(len(TITLES))]
    return {
        "day": day, "time": f"{minute // 60:02d}:{minute % 60:02d}", "title": title,
        "file": f"{day:%Y/%m/%d}/{minute // 60:02d}{minute % 60:02d}-{slug}.md",
        "emotion": EMOTIONS[rng.randrange(len(EMOTIONS))],
        "tags": rng.sample(TAGS, 2),
        "text": " ".join(rng.choice(SENTENCES) for _ in range(rng.randint(2, 5))),
        "photos": photos,
    }


def entry_text(entry):
    """The entry file: both forms of `images:` (a path, and src with alt and caption), SPEC §2."""
    lines = ["---", f"title: \"{entry['title']}\"", f"date: {entry['day']:%Y-%m-%d} {entry['time']}",
             f"emotion: {entry['emotion']}", f"tags: [{', '.join(entry['tags'])}]", "images:"]
    for n, name in enumerate(entry["photos"]):
        if n % 2 == 0:
            lines.append(f"  - {name}")
        else:
            lines += [f"  - src: {name}", f"    alt: \"{entry['title']}, photo {n + 1}\"", f"    caption: {entry['day']:%Y-%m-%d}"]
    lines += ["---", "", entry["text"], ""]
    return "\n".join(lines)


def vips(*args):
    """One `vips` command, one libvips thread (two run at once), failing loudly."""
    env = dict(os.environ, VIPS_CONCURRENCY="1")
    proc = subprocess.run(["vips"] + [str(a) for a in args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"vips {' '.join(map(str, args))} failed: {proc.stderr.decode('utf-8', 'replace').strip()}")


def scratch_folder(folder):
    """Bases and grain (about 1 GB, read for every photo) in memory when /dev/shm has room, else beside FOLDER."""
    shm = "/dev/shm"
    if os.path.isdir(shm) and shutil.disk_usage(shm).free > 3e9:
        return os.path.join(shm, f"daybook-photo-diary-{os.getpid()}")
    return folder + ".scratch"


def make_grain(scratch):
    """Camera-like grain: Gaussian noise, each channel on its own, as signed 8-bit values; GRAIN_FRAMES
    frames of the photos' size cut from one larger field."""
    for band in range(3):
        vips("gaussnoise", f"{scratch}/noise{band}.v", BASE_WIDTH, BASE_HEIGHT, "--sigma", GRAIN_SIGMA, "--mean", 0)
    vips("bandjoin", " ".join(f"{scratch}/noise{band}.v" for band in range(3)), f"{scratch}/noise.v")
    vips("cast", f"{scratch}/noise.v", f"{scratch}/grain.v", "char")
    corners = [(0, 0), (BASE_WIDTH - WIDTH, 0), (0, BASE_HEIGHT - HEIGHT), (BASE_WIDTH - WIDTH, BASE_HEIGHT - HEIGHT)]
    for frame, (left, top) in enumerate(corners[:GRAIN_FRAMES]):
        vips("extract_area", f"{scratch}/grain.v", f"{scratch}/grain{frame}.v", left, top, WIDTH, HEIGHT)
    for name in ["noise0", "noise1", "noise2", "noise", "grain"]:
        os.remove(f"{scratch}/{name}.v")


def make_base(scratch, base):
    wallpaper = os.path.join(WALLPAPER_FOLDER, WALLPAPERS[base // 2] + ".jpg")
    target = f"{scratch}/base{base}.v"
    if base % 2 == 0:
        vips("thumbnail", wallpaper, target, BASE_WIDTH, "--height", BASE_HEIGHT, "--crop", "centre", "--size", "force")
    else:
        vips("thumbnail", wallpaper, f"{scratch}/unflipped{base}.v", BASE_WIDTH, "--height", BASE_HEIGHT,
             "--crop", "centre", "--size", "force")
        vips("flip", f"{scratch}/unflipped{base}.v", target, "horizontal")
        os.remove(f"{scratch}/unflipped{base}.v")


def make_photo(scratch, index, target, worker):
    """Crop + grain, saved straight from the sum (libvips clips it to 0–255 as it saves the JPEG)."""
    base, left, top, frame = photo_plan(index)
    crop = f"{scratch}/crop-{worker}.v"
    vips("extract_area", f"{scratch}/base{base}.v", crop, left, top, WIDTH, HEIGHT)
    vips("add", crop, f"{scratch}/grain{frame}.v", f"{target}[Q={QUALITY}]")


def in_parallel(jobs, run):
    """Runs `run(job, worker)` for every job, WORKERS at a time, each worker taking the next job when done
    with its last; `worker` (0, 1, …) names the worker's own scratch files."""
    pending = list(jobs)
    lock = threading.Lock()
    failures = []

    def work(worker):
        while not failures:
            with lock:
                if not pending:
                    return
                job = pending.pop(0)
            try:
                run(job, worker)
            except Exception as error:  # reported once all workers stopped
                failures.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def check_unique(paths):
    """Fails if two photos have the same bytes: compares sizes, and hashes only photos of equal size."""
    by_size = {}
    for path in paths:
        by_size.setdefault(os.path.getsize(path), []).append(path)
    for same_size in (group for group in by_size.values() if len(group) > 1):
        digests = {}
        for path in same_size:
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if digest in digests:
                raise RuntimeError(f"{path} and {digests[digest]} have the same bytes")
            digests[digest] = path


def manifest_path(folder):
    return folder + ".json"


def settings_line(photos):
    return f"{VERSION}: {photos} photos, {WIDTH}x{HEIGHT}, grain sigma {GRAIN_SIGMA}, quality {QUALITY}, {EXTRA_PHOTOS} extra"


def load(folder, photos):
    """The manifest of a finished diary made with these settings, or None."""
    try:
        with open(manifest_path(folder), encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError):
        return None
    if manifest.get("settings") != settings_line(photos) or not os.path.isdir(os.path.join(folder, "Content")):
        return None
    return manifest


def ensure(folder, photos, log=lambda message: print(message, file=sys.stderr, flush=True)):
    """The diary in `folder` with `photos` photos, made unless a finished one with these settings is there.
    Returns its manifest: entries (file, photos), photo paths relative to the diary, extra photos, sizes."""
    folder = os.path.abspath(folder)
    manifest = load(folder, photos)
    if manifest:
        return manifest
    if photos < 1 or photos + EXTRA_PHOTOS > MOST_PHOTOS:
        raise ValueError(f"between 1 and {MOST_PHOTOS - EXTRA_PHOTOS} photos")
    missing = [w for w in WALLPAPERS if not os.path.exists(os.path.join(WALLPAPER_FOLDER, w + ".jpg"))]
    if missing or not shutil.which("vips"):
        raise RuntimeError("the photo diary needs `vips` (libvips-tools) and lomiri-wallpapers-16.04: "
                           "apt-get install libvips-tools lomiri-wallpapers-16.04")
    began = time.perf_counter()
    for stale in (manifest_path(folder), folder, folder + ".partial"):
        if os.path.isdir(stale):
            shutil.rmtree(stale)
        elif os.path.exists(stale):
            os.remove(stale)
    partial = folder + ".partial"
    content = os.path.join(partial, "Content")
    scratch = scratch_folder(folder)
    os.makedirs(scratch, exist_ok=True)
    try:
        log(f"making the photo diary: {photos} photos of {WIDTH}×{HEIGHT} in {photos // 2 + photos % 2} entries, "
            f"{WORKERS} at a time, in {folder}")
        make_grain(scratch)
        in_parallel(range(min(BASES, photos + EXTRA_PHOTOS)), lambda base, worker: make_base(scratch, base))
        entries, photo_paths = [], []
        for number in range((photos + 1) // 2):
            names = [photo_name(i + 1) for i in range(2 * number, min(2 * number + 2, photos))]
            entry = entry_plan(number, names)
            entries.append(entry)
            folder_rel = os.path.dirname(entry["file"])
            os.makedirs(os.path.join(content, folder_rel), exist_ok=True)
            with open(os.path.join(content, entry["file"]), "w", encoding="utf-8") as f:
                f.write(entry_text(entry))
            photo_paths += [os.path.join("Content", folder_rel, name) for name in names]
        extra_paths = [os.path.join("extra", photo_name(photos + n + 1)) for n in range(EXTRA_PHOTOS)]
        os.makedirs(os.path.join(partial, "extra"))
        with open(os.path.join(partial, "daybook.yml"), "w", encoding="utf-8") as f:
            f.write(f"title: 사진 일기 (photo diary, {photos} photos)\ntimezone: Asia/Seoul\nlocale: ko_KR\n"
                    f"base_url: /\npage_size: 30\n{EMOTIONS_YAML}")
        targets = [os.path.join(partial, p) for p in photo_paths + extra_paths]
        lock = threading.Lock()
        done = [0]
        every = max(1, len(targets) // 10)

        def photo(index, worker):
            make_photo(scratch, index, targets[index], worker)
            with lock:
                done[0] += 1
                if done[0] % every == 0:
                    log(f"  {done[0]} of {len(targets)} photos ({time.perf_counter() - began:.0f} s)")

        in_parallel(range(len(targets)), photo)
        check_unique(targets)
        sizes = [os.path.getsize(p) for p in targets]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    os.rename(partial, folder)
    manifest = {
        "settings": settings_line(photos),
        "entries": [{"file": os.path.join("Content", e["file"]), "date": f"{e['day']:%Y-%m-%d} {e['time']}",
                     "title": e["title"], "photos": [os.path.join("Content", os.path.dirname(e["file"]), n) for n in e["photos"]]}
                    for e in entries],
        "photos": photo_paths,
        "extra": extra_paths,
        "last_day": f"{entries[-1]['day']:%Y-%m-%d}",
        "bytes": sum(sizes[:photos]),
        "smallest": min(sizes), "largest": max(sizes),
        "seconds": round(time.perf_counter() - began, 1),
    }
    with open(manifest_path(folder) + ".partial", "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=1)
    os.rename(manifest_path(folder) + ".partial", manifest_path(folder))
    log(f"  made in {manifest['seconds']:.0f} s: {manifest['bytes'] / 1e9:.2f} GB, "
        f"{manifest['smallest'] / 1e6:.1f}–{manifest['largest'] / 1e6:.1f} MB a photo")
    return manifest


def main():
    parser = argparse.ArgumentParser(description="Writes the photo diary of the picture benchmark.")
    parser.add_argument("folder")
    parser.add_argument("--photos", type=int, default=2000, help="photos (entries: half as many); default 2000")
    arguments = parser.parse_args()
    manifest = ensure(arguments.folder, arguments.photos)
    print(f"{len(manifest['entries'])} entries, {len(manifest['photos'])} photos, {manifest['bytes'] / 1e9:.2f} GB")


if __name__ == "__main__":
    main()
