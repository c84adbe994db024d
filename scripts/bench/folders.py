"""The folders a run writes into: new ones for every build, set aside while timing, deleted once the report is written."""

import os
import shutil
import subprocess
import time

from record import log
from settings import KEEP, WORK


def tree_size(root):
    """(html pages, files, bytes) under root."""
    pages = files = total = 0
    for folder, dirs, names in os.walk(root):
        for name in names:
            files += 1
            if name.endswith(".html"):
                pages += 1
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                pass
    return pages, files, total


_fresh_counter = [0]


def fresh_dir(run_root, name):
    """A new, never-used folder path (not created: both tools create their output folder)."""
    _fresh_counter[0] += 1
    path = os.path.join(run_root, f"{_fresh_counter[0]:03d}-{name}")
    assert not os.path.exists(path)
    return path


def remove_tree(path):
    if os.path.lexists(path):
        shutil.rmtree(path, ignore_errors=True)


def fresh_run_folders():
    """The run folder (new, empty) and the trash folder (absent); what an earlier run left is deleted first."""
    os.makedirs(WORK, exist_ok=True)
    run_root = os.path.join(WORK, "runs")
    trash = os.path.join(WORK, "trash")
    for leftover in (run_root, trash):
        if os.path.exists(leftover):
            log(f"deleting the sites of an earlier run ({leftover}); the settle time before timing follows")
            begin = time.perf_counter()
            remove_tree(leftover)
            log(f"  deleted in {time.perf_counter() - begin:.0f} s")
    os.makedirs(run_root)
    return run_root, trash


def set_aside(run_root, trash):
    """Moves everything in the run folder into the trash folder (renames: instant)."""
    os.makedirs(trash, exist_ok=True)
    for name in os.listdir(run_root):
        os.rename(os.path.join(run_root, name), os.path.join(trash, name))


def delete_later(run_root, trash):
    if not KEEP:
        # In the background: the report is written; the next run waits for a settled filesystem anyway.
        log(f"deleting the built sites in the background ({trash}, {run_root})")
        subprocess.Popen(["rm", "-rf", trash, run_root], start_new_session=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
