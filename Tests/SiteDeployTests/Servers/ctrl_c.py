"""Runs a command on a pseudo-terminal that is its controlling terminal, as a person at a terminal
runs it, and types Ctrl-C once the screen shows PATTERN (a regular expression) with its first group
at least AT_LEAST. Prints a JSON object: the command's exit status and everything the screen showed.

Usage: ctrl_c.py PATTERN AT_LEAST COMMAND [ARGUMENT...]
"""
import json
import os
import pty
import re
import select
import sys
import time

pattern, at_least, command = re.compile(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
pid, master = pty.fork()
if pid == 0:
    os.execv(command[0], command)

screen = b""
typed = False
deadline = time.monotonic() + 120
while time.monotonic() < deadline:
    ready, _, _ = select.select([master], [], [], 0.05)
    if ready:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        screen += chunk
    if not typed:
        shown = [int(m.group(1)) for m in pattern.finditer(screen.decode("utf-8", "replace"))]
        if shown and shown[-1] >= at_least:
            os.write(master, b"\x03")
            typed = True
_, status = os.waitpid(pid, 0)
print(json.dumps({"status": os.waitstatus_to_exitcode(status), "typed": typed, "screen": screen.decode("utf-8", "replace")}))
