"""What the figures were measured on: the machine, the tools' versions, and the commit the binaries were built from."""

import platform

from diaries import unquote
from running import output_of
from settings import CORES, REPO, WORK


def machine():
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
            mem = f"{kb / 1024 / 1024:.1f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    os_name = ""
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    os_name = unquote(line.split("=", 1)[1].strip())
    except OSError:
        pass
    fs = output_of(["findmnt", "-n", "-o", "FSTYPE", "--target", WORK]) or output_of(["stat", "-f", "-c", "%T", WORK])
    return {
        "cpu": cpu, "cores": CORES, "memory": mem, "os": os_name, "kernel": platform.release(), "fs": fs,
        "swift": (output_of(["swift", "--version"]).splitlines() or [""])[0],
        "hugo": output_of(["hugo", "version"]),
        "cmark": output_of(["cmark-gfm", "--version"]).splitlines()[0] if output_of(["cmark-gfm", "--version"]) else "",
        "valgrind": output_of(["valgrind", "--version"]),
        "python": platform.python_version(),
    }


def source_state():
    """The commit the binaries are built from, whether Sources/, Templates/ or Package.swift differed from it,
    and its subject: taken when the run starts, since the tree may move on while it runs."""
    commit = output_of(["git", "-C", REPO, "rev-parse", "--short=12", "HEAD"])
    dirty = output_of(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Templates", "Package.swift"])
    subject = output_of(["git", "-C", REPO, "log", "-1", "--format=%s"])
    return commit, dirty, subject
