"""The diaries the benchmark builds: the project's generated corpora, made once and reused, and a Hugo-readable copy
of each for Hugo to build the same diary; and one entry's edits, undone afterwards."""

import json
import os
import re
import shutil
import signal
import sys
import time

from folders import remove_tree
from record import commands_used, log, shell_quote
from running import run_quiet
from settings import CORPORA, CORPUS_TOOL, REPO, WORK

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


# MARK: - The Hugo copy

HUGO_COPY_VERSION = "hugo-copy 1"  # bump when the copy's format changes: copies are then made again



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


# MARK: - Edits


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
