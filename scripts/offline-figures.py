#!/usr/bin/env python3
"""Measures offline reading on a built site in headless Chromium: what an ordinary first visit
fetches (and how much of it is offline reading's), each level's size from the offline list, and the
time to keep the text level from a local server.

Usage: scripts/offline-figures.py OUTPUT_FOLDER [PASSWORD]

Serves OUTPUT_FOLDER at / with Python's http.server (no compression), opens the home page (unlocks
an encrypted site with PASSWORD), waits for the service worker, opens "Keep offline", reads the
list's exact sizes, keeps the text level, and prints one JSON object. Needs the test tools
(scripts/install-test-tools.sh): run it with .build/test-tools/bin/python.
"""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "DiaryCommandsTests", "Browser"))
from offline_site import Server, Site, panel_state, wait_for_worker  # noqa: E402
from headless import browser  # noqa: E402

LIST_SIZES = """
var done = arguments[arguments.length - 1];
var base = document.getElementById('daybook-offline').getAttribute('data-base');
fetch(base + 'offline.json').then(function (r) { return r.text(); }).then(function (text) {
  var list = JSON.parse(text), levels = [0, 0, 0], files = [0, 0, 0];
  list.files.forEach(function (f) { levels[f[2]] += f[1]; files[f[2]]++; });
  done({ list_bytes: new TextEncoder().encode(text).length, bytes: levels, files: files });
}, function (e) { done({ error: String(e) }); });
"""


def main():
    folder = os.path.abspath(sys.argv[1])
    password = sys.argv[2] if len(sys.argv) > 2 else None
    server = Server(folder)
    driver = browser()
    driver.set_script_timeout(600)
    driver.set_window_size(1280, 900)
    site = Site(driver, {"sub_path": "", "password": password}, server)
    answers = {}
    try:
        site.open("")
        wait_for_worker(driver)
        time.sleep(1)
        answers["first_visit"] = [list(r) for r in server.requests]
        answers["first_visit_bytes"] = sum(r[1] for r in server.requests)
        answers["list"] = driver.execute_async_script(LIST_SIZES)
        before = len(server.requests)
        answers["text"] = site.keep("text")
        answers["text_requests"] = len(server.requests) - before
        answers["text_bytes_served"] = sum(r[1] for r in server.requests[before:])
        answers["usage"] = driver.execute_async_script(
            "var done = arguments[arguments.length - 1]; navigator.storage.estimate().then(function (e) { done(e.usage); });")
        answers["state"] = panel_state(driver)
    except Exception as error:  # noqa: BLE001  what was measured so far is still printed
        answers["failed"] = "%s: %s" % (type(error).__name__, error)
    answers["errors"] = [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"][:5]
    print(json.dumps(answers, ensure_ascii=False))
    driver.quit()
    server.stop()


if __name__ == "__main__":
    main()
