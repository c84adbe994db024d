"""The template engine alone (`template-bench`): its own figures, shown as it prints them."""

import os
import subprocess

from record import commands_used, log, shell_quote
from settings import ENV, TEMPLATE_BENCH

ENABLED = ENV.get("BENCH_TEMPLATE", "1") != "0"


def measure():
    """template-bench's output, or None when it was not built."""
    if not os.path.exists(TEMPLATE_BENCH):
        return None
    commands_used["template-bench"] = shell_quote([TEMPLATE_BENCH])
    log("template engine benchmark (template-bench)")
    proc = subprocess.run([TEMPLATE_BENCH], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return proc.stdout.decode("utf-8", "replace").strip()


def section(L, tmpl):
    """template-bench's output, or that it did not run."""
    L.append("## Template engine (`template-bench`)")
    L.append("")
    if tmpl:
        L.append("```")
        L.append(tmpl)
        L.append("```")
    else:
        L.append("Not run in this run.")
    L.append("")
