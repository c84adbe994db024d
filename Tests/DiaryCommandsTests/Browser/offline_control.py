"""The "Keep offline" control of a built Daybook site in headless Chromium (selenium) with the
site's real service worker: where it sits on a phone and a desktop, what its levels say, the level
kept marked on a later visit, and removing what is kept. Takes screenshots of it.

Usage: offline_control.py CONFIG_JSON

CONFIG_JSON names:
  folder       the output folder to serve
  sub_path     "" or "diary/": the site is served at http://127.0.0.1:PORT/<sub_path>
  page         another page of the site, for the later visits
  level        the level to keep ("thumbnails", say)
  places_only  true: only where the control sits ("places")
  screenshots  optional folder for screenshots of the open control (360 and 1280 px, light and dark)
  name         the screenshots' name prefix ("en", "ko")

Prints one JSON object:
  places       per width ("360", "1280"): {in_header, summary: {top, bottom, left, right},
               main_top, screen_height, screen_width, nav_rows}
  levels_before, levels_kept, levels_later: each level as shown [{level, name, size, pressed,
               mark}] with "remove" (whether the remove button shows) — when first opened, once
               `level` is kept, and on a later visit
  later        the control on a later visit before it is opened: {kept, state}
  removed      after the remove button: {status, kept, state, cache_entries, levels}
  after_removal  the control on a visit after that: {kept, state}
  screenshots, errors
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layout import NAV  # noqa: E402
from offline_site import run_session, shoot_area, text, wait, wait_for_worker  # noqa: E402

PLACE = """
var panel = document.getElementById('daybook-offline');
var box = panel.querySelector('summary').getBoundingClientRect();
return { in_header: Boolean(panel.closest('.site-header')),
         summary: { top: box.top + scrollY, bottom: box.bottom + scrollY, left: box.left, right: box.right },
         main_top: document.querySelector('main').getBoundingClientRect().top + scrollY,
         screen_height: innerHeight, screen_width: innerWidth };
"""

LEVELS = """
var panel = document.getElementById('daybook-offline');
var remove = panel.querySelector('[data-offline-remove]');
return { remove: Boolean(remove && !remove.hidden && remove.getClientRects().length),
         levels: Array.from(panel.querySelectorAll('[data-offline-level]')).map(function (b) {
  var mark = b.querySelector('[data-offline-kept-mark]');
  return { level: b.getAttribute('data-offline-level'), pressed: b.getAttribute('aria-pressed'),
           name: (b.querySelector('.offline-level-name') || b.firstChild).textContent.trim(),
           size: b.querySelector('[data-offline-size]').textContent,
           mark: mark && mark.getClientRects().length ? mark.textContent : null };
}) };
"""

STATE = """
var p = document.getElementById('daybook-offline');
return { kept: p.getAttribute('data-kept'), state: p.getAttribute('data-state') };
"""

CACHE_ENTRIES = """
var done = arguments[arguments.length - 1];
(async function () {
  var count = 0;
  for (const name of await caches.keys()) count += (await (await caches.open(name)).keys()).length;
  done(count);
})().catch(function (error) { done(String(error)); });
"""


def emulate(driver, width):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600})


def open_control(driver):
    driver.execute_script("document.getElementById('daybook-offline').open = true;")
    wait(driver, lambda d: d.execute_script(
        "var b = document.querySelector('[data-offline-level=pictures]'); return Boolean(b && !b.disabled);"))


def places(driver, site):
    found = {}
    for width in (360, 1280):
        emulate(driver, width)
        site.open("")
        wait_for_worker(driver)
        driver.execute_script("scrollTo(0, 0);")
        found[str(width)] = dict(driver.execute_script(PLACE), nav_rows=driver.execute_script(NAV)["rows"])
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return found


def levels(driver):
    return driver.execute_script(LEVELS)


def later_visit(driver, site, path):
    site.open(path)
    wait_for_worker(driver)
    wait(driver, lambda d: d.execute_script(
        "var p = document.getElementById('daybook-offline'); return !p.hidden;"))
    time.sleep(0.3)
    return driver.execute_script(STATE)


def screenshots(driver, folder, name):
    """The open control, kept, over the page's top: 360 and 1280 px, light and dark."""
    os.makedirs(folder, exist_ok=True)
    shots = []
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        for width in (360, 1280):
            emulate(driver, width)
            driver.execute_script("scrollTo(0, 0);")
            open_control(driver)
            time.sleep(0.3)
            shot = os.path.join(folder, "offline-%s-%s-%d.png" % (name, scheme, width))
            shoot_area(driver, "#daybook-offline .offline-panel", shot)
            shots.append(shot)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return shots


def remove(driver):
    driver.find_element("css selector", "#daybook-offline [data-offline-remove]").click()
    wait(driver, lambda d: d.execute_script(
        "return !document.getElementById('daybook-offline').hasAttribute('data-kept')"
        " && document.querySelector('#daybook-offline [role=status]').textContent !== '';"))
    time.sleep(0.3)
    return dict(driver.execute_script(STATE), status=text(driver, "#daybook-offline [role=status]"),
                cache_entries=driver.execute_async_script(CACHE_ENTRIES), levels=levels(driver))


def steps(driver, site, answers):
    config = site.config
    answers["places"] = places(driver, site)
    if config.get("places_only"):
        return
    site.open("")
    wait_for_worker(driver)
    open_control(driver)
    answers["levels_before"] = levels(driver)
    answers["kept"] = site.keep(config["level"])
    answers["levels_kept"] = levels(driver)
    answers["later"] = later_visit(driver, site, config["page"])
    open_control(driver)
    answers["levels_later"] = levels(driver)
    if config.get("screenshots"):
        answers["screenshots"] = screenshots(driver, config["screenshots"], config["name"])
    answers["removed"] = remove(driver)
    answers["after_removal"] = later_visit(driver, site, "")


if __name__ == "__main__":
    run_session(steps)
