"""A development server (`daybook serve`, `hugo server`) run as its own process on a free loopback port, its output
lines collected with the time each came."""

import os
import re
import socket
import subprocess
import threading
import time


def free_port():
    """A loopback port nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevServer:
    """A development server (`daybook serve`, `hugo server`) in its own process; a thread collects its
    output lines with the time each came."""

    def __init__(self, args):
        self.began = time.perf_counter()
        self.lines = []  # (perf_counter time, line)
        self._lock = threading.Lock()
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for raw in iter(self.proc.stdout.readline, b""):
            parts = raw.decode("utf-8", "replace").replace("\r", "\n").split("\n")
            with self._lock:
                self.lines.extend((time.perf_counter(), part.strip()) for part in parts if part.strip())

    def lines_between(self, begin, end=float("inf")):
        with self._lock:
            return [line for at, line in self.lines if begin <= at <= end]

    def wait_for_line(self, pattern, timeout, since=0.0):
        """(time, match) of the first output line from `since` on matching `pattern`, or None: timed out, or the
        server ended."""
        deadline = time.perf_counter() + timeout
        checked = 0
        while True:
            running = self._reader.is_alive()
            with self._lock:
                fresh = self.lines[checked:]
            checked += len(fresh)
            for at, line in fresh:
                m = re.search(pattern, line) if at >= since else None
                if m:
                    return at, m
            if not running or time.perf_counter() > deadline:
                return None
            time.sleep(0.05)

    def peak_rss_kb(self):
        """The process's peak resident set so far (VmHWM), or 0 once it has ended."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return 0

    def cpu_seconds(self):
        """User and system CPU time the process has used so far (0 once it has ended)."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return 0.0

    def tail(self, count=8):
        with self._lock:
            return " / ".join(line for _, line in self.lines[-count:])

    def stop(self, timeout=20):
        """SIGTERM (both servers stop cleanly on it), then SIGKILL when it lingers."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(timeout=5)
