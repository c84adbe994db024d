"""Runs axe-core (4.12, from .build/test-tools, injected with selenium's execute_script) on pages
of a Daybook site in headless Chromium, in the light and the dark colour scheme
(prefers-color-scheme emulation), and prints what it finds.

Usage: accessibility.py AXE_JS SITE_URL PAGES_JSON [PASSWORD]
  AXE_JS      axe.min.js
  SITE_URL    the site's home as served, e.g. http://127.0.0.1:8123/
  PAGES_JSON  a JSON object: name -> page path in the site ("2025/03/01/", "search/?q=walk")
  PASSWORD    for an encrypted site: the unlock page is checked with every control shown (the
              recovery key's field opened, the remember note ticked on; the passkey button shows
              when the site publishes a passkey slot), then the site is unlocked and its pages
              are checked as the reader shows them, with the passkey offer

Prints one JSON object: {"violations": {"<name> <scheme>": [{"id", "impact", "help", "nodes": [...]}]},
"checked": ["<name> <scheme>", ...], "errors": [...]}.
"""
import json
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import open_unlock_page, run_steps, unlock  # noqa: E402

RUN_AXE = """
var done = arguments[arguments.length - 1];
axe.run(document).then(function (results) {
  done(results.violations.map(function (v) {
    return { id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map(function (n) {
      return { target: n.target.join(' '), summary: n.failureSummary, html: n.html.slice(0, 200) };
    }) };
  }));
}, function (error) { done([{ id: 'axe-error', help: String(error), nodes: [] }]); });
"""


def settle(driver, path):
    """Waits for the page, and for the search page's results and their facets when it has a query."""
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(
        "return document.readyState === 'complete' && !!document.querySelector('main, #daybook-unlock');"))
    if "search/?q=" in path:
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var s = document.querySelector('[data-search-status]');"
            " return s && s.getAttribute('data-state') === 'done' && document.querySelector('.search-result');"))
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var n = document.querySelector('[data-search-facets]'); return !n || !n.hidden;"))
    time.sleep(0.3)


def check(driver, axe, answers, name, scheme):
    driver.execute_script(axe)
    found = driver.execute_async_script(RUN_AXE)
    answers["checked"].append(name + " " + scheme)
    if found:
        answers["violations"][name + " " + scheme] = found


def open_page(driver, site, path, password):
    if password:
        driver.get(site + "#/" + path)
        WebDriverWait(driver, 30).until(lambda d: d.find_elements("css selector", ".daybook-lock-control"))
    else:
        driver.get(site + path)
    settle(driver, path)


def steps(driver, answers):
    axe_file, site, pages_file = sys.argv[1], sys.argv[2], sys.argv[3]
    password = sys.argv[4] if len(sys.argv) > 4 else None
    with open(axe_file, encoding="utf-8") as handle:
        axe = handle.read()
    with open(pages_file, encoding="utf-8") as handle:
        pages = json.load(handle)
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        if password:
            open_unlock_page(driver, site)
            driver.execute_script("document.querySelector('.daybook-recovery').open = true;"
                                  "document.querySelector('#daybook-unlock input[name=remember]').click();")
            answers.setdefault("unlock_controls", driver.execute_script(
                "return ['daybook-unlock-passkey', 'daybook-recovery-key', 'daybook-remember-note'].filter(function (id) {"
                " var n = document.getElementById(id); return n && n.offsetParent !== null; });"))
            check(driver, axe, answers, "unlock", scheme)
            driver.execute_script("document.querySelector('#daybook-unlock input[name=remember]').click();")
            unlock(driver, password)
        for name, path in pages.items():
            open_page(driver, site, path, password)
            if password:
                WebDriverWait(driver, 20).until(lambda d: d.find_elements("id", "daybook-passkey"))
                answers.setdefault("passkey_offer_checked", []).append(name + " " + scheme)
            check(driver, axe, answers, name, scheme)
        if password:
            driver.find_element("css selector", ".daybook-lock-control").click()
            WebDriverWait(driver, 20).until(lambda d: d.find_elements("id", "daybook-unlock"))


if __name__ == "__main__":
    run_steps(steps, {"violations": {}, "checked": []})
