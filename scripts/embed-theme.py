#!/usr/bin/env python3
"""Writes the Swift files that carry the browser's files inside the binary:
Sources/SiteBuilder/Theme/DefaultTheme.swift from Templates/, Sources/SiteEncryption/UnlockScript.swift
from Sources/SiteEncryption/Browser/unlock.js, and Sources/SiteBuilder/Offline/OfflineWorker.swift from
Sources/SiteBuilder/Browser/offline-worker.js. Run `make theme` after editing either; a test fails
while a copy differs from its file."""
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def swift_string(text):
    """A raw multi-line Swift string literal holding `text` exactly, its delimiter at the start of
    a line so the text keeps its own indentation."""
    hashes = "#"
    while ('"' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    body = text[:-1] if text.endswith("\n") else text
    closing = f'"""{hashes} + "\\n"' if text.endswith("\n") else f'"""{hashes}'
    return f'{hashes}"""\n{body}\n{closing}'


def write(relative_target, lines):
    with open(os.path.join(root, relative_target), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


def embed_theme():
    theme = os.path.join(root, "Templates")
    files = {}
    for folder, _, names in os.walk(theme):
        for name in names:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, theme).replace(os.sep, "/")
            if relative == "README.md" or name.startswith("."):
                continue
            with open(path, encoding="utf-8") as handle:
                files[relative] = handle.read()
    lines = [
        "// Generated from Templates/ by scripts/embed-theme.py (`make theme`). Do not edit.",
        "",
        "/// The default theme, built into the binary so a diary without Templates/ still builds.",
        "enum DefaultTheme {",
        "    static let files: [String: String] = [",
    ]
    for relative in sorted(files):
        lines.append(f'        "{relative}": {swift_string(files[relative])},')
    if not files:
        lines[-1] = "    static let files: [String: String] = [:"
    lines += ["    ]", "}", ""]
    write(os.path.join("Sources", "SiteBuilder", "Theme", "DefaultTheme.swift"), lines)
    print(f"embedded {len(files)} theme files into Sources/SiteBuilder/Theme/DefaultTheme.swift", file=sys.stderr)


def embed_script(source, target, enum, doc, public=False):
    """Writes `target`, a Swift file whose `enum` holds the text of `source` as `source` (both
    relative to the package's root); `public` when other modules read it."""
    with open(os.path.join(root, source), encoding="utf-8") as handle:
        text = handle.read()
    access = "public " if public else ""
    lines = [
        f"// Generated from {source.split('/', 2)[2]} by scripts/embed-theme.py (`make theme`). Do not edit.",
        "",
        f"/// {doc}",
        f"{access}enum {enum} {{",
        f"    {access}static let source = {swift_string(text)}",
        "}",
        "",
    ]
    write(target, lines)
    print(f"embedded {source} into {target}", file=sys.stderr)


embed_theme()
embed_script("Sources/SiteEncryption/Browser/unlock.js", "Sources/SiteEncryption/UnlockScript.swift", "UnlockScript",
             "The script of the unlock page and reader of an encrypted site (`unlock.js`).")
embed_script("Sources/SiteBuilder/Browser/offline-worker.js", "Sources/SiteBuilder/Offline/OfflineWorker.swift", "OfflineWorker",
             "The service worker of a site (`sw.js`), without the settings line a build puts before it (`OfflineSite`).",
             public=True)
