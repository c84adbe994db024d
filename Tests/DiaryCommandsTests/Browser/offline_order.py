"""Keeps an encrypted Daybook site offline in headless Chromium (selenium) with its real service
worker and prints the host's log of that keep, with what each logged (published) path is.

Usage: offline_order.py CONFIG_JSON

CONFIG_JSON names:
  folder     the output folder of an encrypted site, served at the server's root
  password   its password
  level      the level to keep ("text", "thumbnails" or "pictures")

Prints one JSON object: "log" (the published paths the server answered during the keep, in the
order it answered them), "kept_list" (the published paths of the list the worker keeps, in its
order), "addresses" ({published path: the site address it stands for}, from the decrypted offline
list), "kept" (what the control showed), and the browser's errors.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from offline_site import run_session, wait_for_worker  # noqa: E402

# The decrypted offline list's addresses with their published paths (unlock.js's mapping).
ADDRESSES = """
var done = arguments[arguments.length - 1];
(async function () {
  var base = document.getElementById('daybook-offline').getAttribute('data-base');
  var site = await (await fetch(base + 'offline.json', { cache: 'no-cache' })).json();
  var names = {};
  for (const file of site.files) names[await window.daybookPublishedPath(file[0])] = file[0];
  done(names);
})().catch(function (error) { done({ error: String(error) }); });
"""

# The list the worker keeps (its internal entry), as published paths in its order.
KEPT_LIST = """
var done = arguments[arguments.length - 1];
(async function () {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.indexOf('/__daybook/list') < 0) continue;
      const files = await (await cache.match(request)).json();
      return done(files.map(function (file) { return new URL(file[0]).pathname.slice(1); }));
    }
  }
  done([]);
})().catch(function (error) { done({ error: String(error) }); });
"""


def steps(driver, site, answers):
    site.open("")
    wait_for_worker(driver)
    time.sleep(0.5)
    answers["addresses"] = driver.execute_async_script(ADDRESSES)
    before = len(site.server.requests)
    answers["kept"] = site.keep(site.config["level"])
    answers["log"] = [path.split("?")[0].lstrip("/") for path, _, status in site.server.requests[before:] if status == 200]
    answers["kept_list"] = driver.execute_async_script(KEPT_LIST)


if __name__ == "__main__":
    run_session(steps)
