"""Serve: from saving an entry to the served day page showing it, `daybook serve` against `hugo server`, both running
at once on their own copy of the diary, the page polled over HTTP after each save."""

import http.client
import math
import os
import re
import signal
import sys
import time
import urllib.parse

from dev_server import DevServer, free_port
from figures import fmt_mb, fmt_s, median, percentile, table_cell
from folders import fresh_dir
from record import commands_used, log, shell_quote
from settings import DAYBOOK, ENV, WORK

ENABLED = ENV.get("BENCH_SERVE", "1") != "0"
SERVE_SAVES = max(1, int(ENV.get("BENCH_SERVE_SAVES", "20")))
SERVE_POLL_SECONDS = 0.005  # between an answer and the next request: light on the 2 cores the rebuild needs
SAVE_GAP_SECONDS = 1.0  # quiet time after a save is served, before the next save


class PagePoller:
    """Plain HTTP GETs of one page on loopback, over one kept-alive connection (opened again when dropped)."""

    def __init__(self, port, path):
        self.port, self.path = port, path
        self.conn = None

    def get(self):
        """(status, body), or (None, b"") when the server did not answer."""
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            self.conn.request("GET", self.path)
            response = self.conn.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            return None, b""

    def wait_for(self, needle, present, deadline):
        """Polls until a 200 answer contains `needle` (or, with present=False, no longer does): the time that
        answer was read (perf_counter), or None at the deadline."""
        while True:
            status, body = self.get()
            now = time.perf_counter()
            if status == 200 and (needle in body) == present:
                return now
            if now >= deadline:
                return None
            time.sleep(SERVE_POLL_SECONDS)

    def close(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def measure(size, corpus, project, run_root, entry_rel, with_hugo):
    """`daybook serve` and `hugo server` side by side: each started on its copy of the diary; then one entry
    saved SERVE_SAVES times (a new line appended each time), alternating between the two, 1 s apart; each
    time, the entry's day page polled over HTTP until it shows the new line. The entry is restored afterwards
    (also on SIGTERM) and both servers stopped."""
    day = "/" + "/".join(entry_rel.split(os.sep)[:3]) + "/"
    large = size >= 100_000
    start_timeout = 2400 if large else 600
    save_timeout = 180 if large else 30
    hugo_cache = os.path.join(WORK, "hugo-cache")
    # Per server: the file saved, its line once serving, the line ending a rebuild (with its seconds), its command.
    specs = [("daybook", os.path.join(corpus, "Content", entry_rel), r"^Serving .* at (http://\S+)", (r"^Built .* in (\d+(?:\.\d+)?)s\b", 1.0),
              lambda port: [DAYBOOK, "serve", "-C", corpus, "--output", fresh_dir(run_root, f"daybook-serve-{size}"), "--port", str(port)])]
    if with_hugo:
        specs.append(("hugo", os.path.join(project, "content", entry_rel), r"Web Server is available at (\S+)", (r"Total in (\d+(?:\.\d+)?) ms", 0.001),
                      lambda port: ["hugo", "server", "-s", project, "--port", str(port), "--bind", "127.0.0.1", "--cacheDir", hugo_cache]))
    result = {"entry": entry_rel, "day": day, "saves": SERVE_SAVES, "save_timeout": save_timeout, "sides": {}}
    originals, servers, active, rebuild_line = {}, [], [], {}

    def restore():
        for path, data in originals.items():
            with open(path, "wb") as f:
                f.write(data)

    def on_term(*_):
        restore()
        for server in servers:
            server.stop(timeout=5)
        sys.exit(143)

    previous_handler = signal.signal(signal.SIGTERM, on_term)
    try:
        for key, path, ready, rebuilt, make_args in specs:
            with open(path, "rb") as f:
                originals[path] = f.read()
            port = free_port()
            args = make_args(port)
            commands_used.setdefault(f"serve: {key}", shell_quote(args))
            log(f"{size:,} entries: starting {shell_quote(args)}")
            server = DevServer(args)
            servers.append(server)
            side = {"file": path, "latencies": [], "startup": None, "error": None, "rebuilds": [], "rebuild_lines": []}
            rebuild_line[key] = rebuilt
            result["sides"][key] = side
            got = server.wait_for_line(ready, start_timeout)
            if not got:
                side["error"] = (f"not serving after {start_timeout} s" if server.proc.poll() is None
                                 else f"ended with status {server.proc.returncode}") + f" (its last lines: {server.tail()})"
                log(f"  {key}: {side['error']}")
                server.stop()
                continue
            at, match = got
            side["startup"] = at - server.began
            side["first_build"] = next((l for l in reversed(server.lines_between(server.began, at)) if l.startswith("Built")), "")
            path_prefix = urllib.parse.urlparse(match.group(1)).path.rstrip("/")
            poller = PagePoller(port, path_prefix + day)
            side["url"] = f"http://127.0.0.1:{port}{path_prefix}{day}"
            status, _ = poller.get()
            if status != 200:
                side["error"] = f"its day page {side['url']} answered {status or 'nothing'}"
                log(f"  {key}: {side['error']}")
                server.stop()
                continue
            log(f"  {key} serving after {side['startup']:.1f} s; polling {side['url']}")
            active.append((key, side, server, poller))

        nonce = f"{os.getpid():x}{int(time.time()) % 1_000_000:x}"
        series_began = time.perf_counter()
        cpu_before = {key: server.cpu_seconds() for key, _, server, _ in active}
        last_token = {}
        for i in range(SERVE_SAVES):
            said = []
            for key, side, server, poller in list(active):
                token = f"benchsave{nonce}n{i + 1}{key}"
                last_token[key] = token
                data = originals[side["file"]] + f"\n\nSaved for the benchmark: {token}.\n".encode()
                begin = time.perf_counter()
                with open(side["file"], "wb") as f:
                    f.write(data)
                seen = poller.wait_for(token.encode(), True, begin + save_timeout)
                side["latencies"].append(None if seen is None else seen - begin)
                # Hugo serves the changed page before its rebuild ends: the next save, to either server, waits for the end.
                server.wait_for_line(rebuild_line[key][0], save_timeout, since=begin)
                said.append(f"{key} " + (f"{(seen - begin) * 1000:.0f} ms" if seen else "not served"))
                misses = side["latencies"][-2:] if i > 0 else side["latencies"]
                if all(x is None for x in misses):
                    side["error"] = f"save {i + 1} was not served within {save_timeout} s (its last lines: {server.tail()})"
                    log(f"  {key}: {side['error']}; no more saves to it")
                    active.remove((key, side, server, poller))
                time.sleep(SAVE_GAP_SECONDS)
            log(f"  save {i + 1}/{SERVE_SAVES}: " + ", ".join(said))
        series_ended = time.perf_counter()
        restore()
        for key, side, server, poller in active:
            # Let the rebuild of the restore finish before the server is stopped.
            poller.wait_for(last_token[key].encode(), False, time.perf_counter() + save_timeout)
            poller.close()
        for key, side, server, poller in active:
            side["peak_rss_kb"] = server.peak_rss_kb()
            side["cpu_per_save"] = (server.cpu_seconds() - cpu_before[key]) / max(1, len(side["latencies"]))
            lines = server.lines_between(series_began, series_ended)
            pattern, scale = rebuild_line[key]
            side["rebuild_lines"] = [line for line in lines if re.search(pattern, line)]
            side["rebuilds"] = [float(re.search(pattern, line).group(1)) * scale for line in side["rebuild_lines"]]
            side["other_lines"] = [line for line in lines if not re.search(pattern, line)][:20]
    finally:
        restore()
        for server in servers:
            server.stop()
        signal.signal(signal.SIGTERM, previous_handler)
    for key, side in result["sides"].items():
        served = [x for x in side["latencies"] if x is not None]
        if served:
            log(f"  {key}: first save {fmt_latency(side['latencies'][0])}, then median {fmt_latency(serve_median(side))}, "
                f"p95 {fmt_latency(serve_p95(side))}; {len(side['rebuilds'])} rebuilds reported")
    return result


def serve_later(side):
    """The saves after the first, a save that was never served counting as infinitely slow."""
    return [float("inf") if x is None else x for x in side["latencies"][1:]]


def serve_median(side):
    return median(serve_later(side))


def serve_p95(side):
    return percentile(serve_later(side), 0.95)


def fmt_latency(seconds):
    if seconds is None or seconds == float("inf"):
        return "not served"
    if seconds != seconds:
        return "–"
    return fmt_s(seconds)


SERVERS = (("daybook", "`daybook serve`"), ("hugo", "`hugo server`"))


def serve_sides(results):
    """(result, key, server name, side) of every server measured, size by size."""
    for r in results:
        for key, name in SERVERS:
            side = r["serve"]["sides"].get(key)
            if side:
                yield r, key, name, side


def section(L, results):
    """The serve benchmark: per size and server, the save → served times."""
    if not results:
        return
    saves = results[0]["serve"]["saves"]
    L.append("## Serve: from a save to the served page")
    L.append("")
    L.append(f"Both development servers run at once, each on its own copy of the diary. One entry is saved {saves} times (a new")
    L.append("line appended to the original each time), alternately in Daybook's diary and in Hugo's copy, each save 1 s after")
    L.append("the last one was seen and its server's rebuild ended (Hugo serves the changed page before its rebuild ends, and a")
    L.append("rebuild still running would slow the other server's save). The time is from the write to the first HTTP answer")
    L.append("of the entry's day page (`/YYYY/MM/DD/`, the day's entries in full, on both sites) that contains the new line:")
    later, rank = saves - 1, math.ceil((saves - 1) * 0.95)
    which = "the slowest" if rank == later else f"number {rank} from the fastest"
    L.append(f"plain GETs on loopback over one kept-alive connection, {SERVE_POLL_SECONDS * 1000:.0f} ms apart. Median and p95 are of")
    L.append(f"the saves after the first (p95 by nearest rank: of {later} saves, {which}); a save not served within the time")
    L.append("limit counts as infinitely slow.")
    L.append("")
    L.append("| entries | server | start-up (first build) | first save | median | p95 | range | rebuilds it reported (median; first → last) | CPU per save | peak RSS |")
    L.append("|---|---|---|---|---|---|---|---|---|---|")
    for r, key, name, side in serve_sides(results):
        later = [x for x in side["latencies"][1:] if x is not None]
        cells = [f"{r['size']:,}", name, f"{side['startup']:.1f} s" if side["startup"] is not None else "–"]
        if side["latencies"]:
            cells += [fmt_latency(side["latencies"][0]), fmt_latency(serve_median(side)), fmt_latency(serve_p95(side)),
                      f"{min(later) * 1000:.0f}–{max(later) * 1000:.0f} ms" if later else "–"]
        else:
            cells += ["–"] * 4
        rebuilds = side.get("rebuilds") or []
        cells.append(f"{len(rebuilds)}: {fmt_s(median(rebuilds))} ({fmt_s(rebuilds[0])} → {fmt_s(rebuilds[-1])})" if rebuilds else "–")
        cells.append(fmt_s(side["cpu_per_save"]) if side.get("cpu_per_save") else "–")
        cells.append(fmt_mb(side["peak_rss_kb"]) if side.get("peak_rss_kb") else "–")
        L.append("| " + " | ".join(cells) + " |")
    L.append("")
    L.append("Each save in order, ms (– not served in time), and the rebuild times the servers printed meanwhile (Daybook's")
    L.append("summary line, Hugo's `Total in … ms`):")
    L.append("")
    for r, key, name, side in serve_sides(results):
        if side["latencies"]:
            L.append(f"- {r['size']:,}, {name}: saves " + " ".join("–" if x is None else f"{x * 1000:.0f}" for x in side["latencies"])
                     + "; rebuilds " + (" ".join(f"{x * 1000:.0f}" for x in side.get("rebuilds") or []) or "none printed"))
    L.append("")
    L.append("Servers' lines:")
    L.append("")
    for r in results:
        s = r["serve"]
        L.append(f"- {r['size']:,} entries, entry `{s['entry']}`, page `{s['day']}`:")
        for key, name in SERVERS:
            side = s["sides"].get(key)
            if not side:
                continue
            if side["error"]:
                L.append(f"  - {name}: **{table_cell(side['error'], 400)}**")
            lines = side.get("rebuild_lines") or []
            if side.get("first_build"):
                L.append(f"  - {name}, first build: `{table_cell(side['first_build'], 200)}`")
            if lines:
                L.append(f"  - {name}, first and last rebuild: `{table_cell(lines[0], 200)}`; `{table_cell(lines[-1], 200)}`")
            # Hugo's other lines only say that a file changed; Daybook's would be diagnostics.
            other = side.get("other_lines") if key == "daybook" else None
            if other:
                L.append(f"  - {name}, other lines meanwhile: " + "; ".join(f"`{table_cell(l, 160)}`" for l in other[:5]))
    L.append("")
    L.append("- `daybook serve` builds into a new output folder, so its first build writes the whole site; the diary's shared")
    L.append("  entry cache (`.daybook/entries.bin`) is warm from the builds before, as it would be for a writer. It watches the")
    L.append("  diary with inotify and rebuilds 40 ms after the last change.")
    L.append("- `hugo server` (Debian's Hugo, defaults: pages in memory, fast render mode, so after a change it renders the pages")
    L.append("  a browser has asked for first, here the polled day page) on the Hugo copy and layouts described under Method;")
    L.append("  its day page `/YYYY/MM/DD/` lists the day's entries in full, so it shows the new line too.")
    L.append("- CPU per save: the server process's user and system time over the saves, divided by the saves: its rebuilds and")
    L.append("  its answers to the polls (compare with the one-entry-edit rebuild's CPU in the table above). Peak RSS: the server")
    L.append("  process's VmHWM at the end, the first build included.")
    L.append("")
