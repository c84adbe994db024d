"""What a run keeps for its report besides the figures: the exact commands it ran, and oddities it saw; and its log."""

import re
import sys
import time

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
