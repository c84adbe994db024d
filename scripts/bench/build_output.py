"""What `daybook build` prints: its summary line, and with -v each step's time (and the processor time meanwhile)."""

import re


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
