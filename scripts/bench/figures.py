"""Turning measured values into the report's figures: medians, ranges, paired ratios, and their text."""

import math
import statistics


def median(values):
    return statistics.median(values) if values else float("nan")


def spread(values):
    return f"{min(values):.2f}–{max(values):.2f}" if values else "–"


def percentile(values, share):
    """Nearest rank: the smallest value with at least `share` (0–1) of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(len(ordered) * share)) - 1] if ordered else float("nan")


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


def fmt_s(seconds):
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1000:.0f} ms"


def fmt_mb(kb):
    return f"{kb / 1024:.0f} MB"


def fmt_bytes(n):
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.1f} KB"


def table_cell(text, limit=140):
    text = text.replace("|", "\\|")
    return text[:limit - 3] + "…" if len(text) > limit else text
