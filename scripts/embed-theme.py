#!/usr/bin/env python3
"""Writes Sources/SiteBuilder/DefaultTheme.swift from Templates/, so the binary carries the
default theme. Run `make theme` after editing Templates/; a test fails while they differ."""
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
theme = os.path.join(root, "Templates")
target = os.path.join(root, "Sources", "SiteBuilder", "DefaultTheme.swift")

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
    text = files[relative]
    hashes = "#"
    while ('"' + hashes) in text or ("\\" + hashes) in text:
        hashes += "#"
    # The closing delimiter stands at the start of a line so the text keeps its own indentation.
    lines.append(f'        "{relative}": {hashes}"""')
    lines.append(text[:-1] if text.endswith("\n") else text)
    lines.append(f'"""{hashes} + "\\n",' if text.endswith("\n") else f'"""{hashes},')
if not files:
    lines[-1] = "    static let files: [String: String] = [:"
lines += ["    ]", "}", ""]
with open(target, "w", encoding="utf-8") as handle:
    handle.write("\n".join(lines))
print(f"embedded {len(files)} theme files into {os.path.relpath(target, root)}", file=sys.stderr)
