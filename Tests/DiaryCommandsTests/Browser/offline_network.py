"""How a kept site's real service worker answers in headless Chromium (selenium) when the network
is fresh, slow or gone, and prints what the pages showed.

Usage: offline_network.py CONFIG_JSON

CONFIG_JSON names:
  folder     the output folder to serve (at the server's root)
  password   the password of an encrypted site, or null for a plain one
  scenario   one of:
    "new-build"  the server answers with `Cache-Control: max-age=600` (as GitHub Pages does); the
                 page `page` is opened, then `rebuild` (a shell script) edits it and rebuilds; the
                 page is opened again online (from another page, no reload): "new_text" is its main
                 text, "offer" the bar that offers the new build
    "stalled"    the page `page` is opened (so it is kept), then the server accepts requests and
                 does not answer: "stalled_heading" is what the page shows when opened again (null
                 if nothing within 30 s), "stalled_ms" how long it took, "answered" how many
                 requests the server answered meanwhile
    "not-kept"   `keep` (a level, or null) is kept, the server is stopped, and an address that
                 was never kept is opened: "not_kept" is the {"url", "title", "heading"} shown
  page       a page of the site (its path; on an encrypted site, the address after "#/")
  rebuild    the script of "new-build"
  needle     the text the edit adds (new-build)
  keep       the level to keep first (not-kept), or null

Prints one JSON object with what each step showed and the browser's errors.
"""
import os
import subprocess
import sys
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from offline_site import run_session, text, wait, wait_for_worker  # noqa: E402


def new_build(driver, site, config, answers):
    """A page opened online after a build shows the new text, without a reload or a tap on the bar."""
    site.open(config["page"])
    site.open("")
    done = subprocess.run(["bash", config["rebuild"]], capture_output=True, text=True)
    answers["rebuild"] = [done.returncode, done.stderr[-2000:]]
    site.open(config["page"])
    answers["new_text"] = text(driver, "main")
    answers["has_new_text"] = config["needle"] in (answers["new_text"] or "")
    try:
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".offline-update button"), 60)
        answers["offer"] = text(driver, ".offline-update")
    except TimeoutException:
        answers["offer"] = None


def stalled(driver, site, config, answers):
    """A kept page opened while the network connects but does not answer."""
    server = site.server
    answers["heading"] = site.open(config["page"])
    site.open("")
    time.sleep(1)
    answered = len(server.requests)
    server.stall()
    driver.set_page_load_timeout(30)
    started = time.monotonic()
    try:
        answers["stalled_heading"] = site.open(config["page"])
    except TimeoutException:
        answers["stalled_heading"] = None
    answers["stalled_ms"] = round((time.monotonic() - started) * 1000)
    answers["answered"] = len(server.requests) - answered
    server.answer()


def not_kept(driver, site, config, answers):
    """Offline, an address that was never kept."""
    if config.get("keep"):
        answers["kept"] = site.keep(config["keep"])
    else:
        time.sleep(1)
    site.server.stop()
    driver.get(site.url + "no/such/page/")
    time.sleep(1)
    answers["not_kept"] = {
        "url": driver.current_url,
        "title": driver.title,
        "heading": text(driver, "h1"),
    }


SCENARIOS = {"new-build": new_build, "stalled": stalled, "not-kept": not_kept}


def steps(driver, site, answers):
    answers["first_heading"] = site.open("")
    wait_for_worker(driver)
    time.sleep(0.5)
    SCENARIOS[site.config["scenario"]](driver, site, site.config, answers)


if __name__ == "__main__":
    run_session(steps, max_age=lambda config: 600 if config["scenario"] == "new-build" else None)
