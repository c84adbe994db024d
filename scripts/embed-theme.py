#!/usr/bin/env python3
"""Writes the Swift files that carry the browser's files inside the binary:
Sources/SiteBuilder/DefaultTheme.swift from Templates/, Sources/SiteEncryption/UnlockScript.swift
from Sources/SiteEncryption/Browser/unlock.js, and Sources/SiteBuilder/OfflineWorker.swift from
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
    write(os.path.join("Sources", "SiteBuilder", "DefaultTheme.swift"), lines)
    print(f"embedded {len(files)} theme files into Sources/SiteBuilder/DefaultTheme.swift", file=sys.stderr)


def embed_unlock_script():
    with open(os.path.join(root, "Sources", "SiteEncryption", "Browser", "unlock.js"), encoding="utf-8") as handle:
        text = handle.read()
    lines = [
        "// Generated from Browser/unlock.js by scripts/embed-theme.py (`make theme`). Do not edit.",
        "",
        "/// The script of the unlock page and reader of an encrypted site (`unlock.js`).",
        "enum UnlockScript {",
        f"    static let source = {swift_string(text)}",
        "}",
        "",
    ]
    write(os.path.join("Sources", "SiteEncryption", "UnlockScript.swift"), lines)
    print("embedded Browser/unlock.js into Sources/SiteEncryption/UnlockScript.swift", file=sys.stderr)


def embed_offline_worker():
    with open(os.path.join(root, "Sources", "SiteBuilder", "Browser", "offline-worker.js"), encoding="utf-8") as handle:
        text = handle.read()
    lines = [
        "// Generated from Browser/offline-worker.js by scripts/embed-theme.py (`make theme`). Do not edit.",
        "",
        "/// The service worker of a site (`sw.js`), without the settings line a build puts before it (`OfflineSite`).",
        "public enum OfflineWorker {",
        f"    public static let source = {swift_string(text)}",
        "}",
        "",
    ]
    write(os.path.join("Sources", "SiteBuilder", "OfflineWorker.swift"), lines)
    print("embedded Browser/offline-worker.js into Sources/SiteBuilder/OfflineWorker.swift", file=sys.stderr)


embed_theme()
embed_unlock_script()
embed_offline_worker()
