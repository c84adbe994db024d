"""Unlocks an encrypted site in headless Chromium (selenium) along each way a reader can, and prints
what the browser keeps of the site after each, as the site's scripts see it, with the profile
folders (kept after the browser quits) for a scan of their files.

Usage: encrypted_keys.py SITE_URL PASSWORD PROFILES_DIR

SITE_URL is the unlock page as served. The site is EncryptedSiteBrowserTests' (a home page whose
<h1> is not "Private diary", a link "Autumn walk"). Each path runs in a browser of its own, whose
profile is PROFILES_DIR/<path>:
- "session": unlocked for this tab only, a page followed, then a reload and a new tab;
- "remember": "remember on this device" (its note first), then a new tab and a reload;
- "lock": remembered in one window, open in two more, Lock in the second;
- "expiry" (no scan): remembered for 30 days, then 7, with the tab's clock moved on.
Prints one JSON object: per path what the site kept ("storage": web storage values, cookies,
IndexedDB databases and their records, Cache Storage caches), the key the site kept in IndexedDB
(its algorithm and whether it can be exported), the wrapped keys read from Cache Storage ("blobs",
hex, for the scan), whether a reload or a new tab asked for the password, and "profiles".
"""
import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import device_records, failure, open_unlock_page, site_storage, text_of, unlock  # noqa: E402
from headless import browser  # noqa: E402

DAY_MS = 24 * 60 * 60 * 1000

CACHED_BLOBS = """
var done = arguments[arguments.length - 1];
caches.keys().then(function (names) {
  return Promise.all(names.filter(function (n) { return n.indexOf('daybook-device:') === 0; }).map(function (name) {
    return caches.open(name).then(function (cache) { return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) { return cache.match(request).then(function (r) { return r.arrayBuffer(); }); }));
    }); });
  }));
}).then(function (lists) {
  var hex = [];
  lists.forEach(function (bodies) { bodies.forEach(function (body) {
    hex.push(Array.from(new Uint8Array(body)).map(function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join(''));
  }); });
  done(hex);
}, function (error) { done(['error ' + error]); });
"""

# Moves this tab's clock by arguments[0] milliseconds for every document it opens from now on.
SHIFTED_CLOCK = """
(function (shift) {
  var RealDate = Date;
  function ShiftedDate() {
    if (!(this instanceof ShiftedDate)) return new RealDate(RealDate.now() + shift).toString();
    var args = arguments.length ? Array.prototype.slice.call(arguments) : [RealDate.now() + shift];
    return new (Function.prototype.bind.apply(RealDate, [null].concat(args)))();
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = function () { return RealDate.now() + shift; };
  ShiftedDate.UTC = RealDate.UTC;
  ShiftedDate.parse = RealDate.parse;
  window.Date = ShiftedDate;
})(%d);
"""


def shows_site(driver, timeout=20):
    """Waits for the home page or the unlock form; True for the home page."""
    WebDriverWait(driver, timeout).until(lambda d: text_of(d, "h1") not in (None, "Private diary")
                                         or d.execute_script(
                                             "var b = document.querySelector('#daybook-unlock button[type=submit]');"
                                             "return !!b && !b.disabled;"))
    return text_of(driver, "h1") != "Private diary"


def asks_password(driver, timeout=10):
    """Whether the unlock form comes (another window's Lock reaches this one by a message)."""
    try:
        WebDriverWait(driver, timeout).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        return True
    except Exception:
        return False


def new_tab(driver, site, shift_ms=0):
    """Opens `site` in a new tab, its clock moved by `shift_ms`; True when it shows the site."""
    driver.switch_to.new_window("tab")
    if shift_ms:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHIFTED_CLOCK % shift_ms})
    driver.get(site)
    return shows_site(driver)


def remember_note(driver):
    return driver.execute_script(
        "var n = document.getElementById('daybook-remember-note'); return n ? [n.hidden, n.textContent.trim(),"
        " document.querySelector('#daybook-unlock input[name=remember]').getAttribute('aria-describedby')] : null;")


def unlock_and_wait(driver, password, remember_days=None):
    if remember_days is not None:
        driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
        if remember_days:
            Select(driver.find_element(By.CSS_SELECTOR, "#daybook-unlock select[name=remember_days]")).select_by_value(str(remember_days))
    unlock(driver, password)
    WebDriverWait(driver, 30).until(lambda d: text_of(d, "h1") not in (None, "Private diary"))


def in_browser(profile, steps, answers):
    """Runs `steps(driver)` in a browser whose profile is `profile`, which quits after."""
    driver = browser(profile)
    driver.set_script_timeout(30)
    try:
        steps(driver)
    except Exception as error:
        answers.setdefault("failed", []).append(failure(driver, error))
    finally:
        answers.setdefault("errors", []).extend(
            entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE")
        driver.quit()


def main():
    site, password, profiles = sys.argv[1], sys.argv[2], sys.argv[3]
    answers = {"profiles": {}}

    def session(driver):
        found = answers["session"] = {}
        open_unlock_page(driver, site)
        unlock_and_wait(driver, password)
        driver.find_element(By.LINK_TEXT, "Autumn walk").click()
        WebDriverWait(driver, 20).until(lambda d: text_of(d, "h1") == "Autumn walk")
        found["storage"] = site_storage(driver)
        driver.refresh()
        found["reload_shows_site"] = shows_site(driver)
        found["new_tab_shows_site"] = new_tab(driver, site)
        found["storage_at_end"] = site_storage(driver)

    def remember(driver):
        found = answers["remember"] = {}
        open_unlock_page(driver, site)
        found["remember_label"] = driver.execute_script(
            "var s = document.querySelector('select[name=remember_days]');"
            "return [s.getAttribute('aria-label'), s.value, Array.from(s.options).map(function (o) { return o.value; })];")
        found["note_before"] = remember_note(driver)
        driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
        found["note_ticked"] = remember_note(driver)
        driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
        unlock_and_wait(driver, password, remember_days=0)
        found["storage"] = site_storage(driver)
        found["device"] = device_records(driver)
        found["blobs"] = driver.execute_async_script(CACHED_BLOBS)
        driver.refresh()
        found["reload_shows_site"] = shows_site(driver)
        found["new_tab_shows_site"] = new_tab(driver, site)

    def lock(driver):
        found = answers["lock"] = {}
        open_unlock_page(driver, site)
        unlock_and_wait(driver, password, remember_days=0)
        first = driver.current_window_handle
        found["blobs"] = driver.execute_async_script(CACHED_BLOBS)
        found["second_tab_shows_site"] = new_tab(driver, site)
        second = driver.current_window_handle
        found["third_tab_shows_site"] = new_tab(driver, site)
        third = driver.current_window_handle
        driver.switch_to.window(second)
        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        for name, handle in (("first", first), ("third", third)):
            driver.switch_to.window(handle)
            found["lock_reached_" + name] = asks_password(driver)
        found["storage"] = site_storage(driver)
        found["new_tab_shows_site"] = new_tab(driver, site)

    def expiry(driver):
        found = answers["expiry"] = {}
        open_unlock_page(driver, site)
        unlock_and_wait(driver, password, remember_days=0)
        found["after_29_days_shows_site"] = new_tab(driver, site, 29 * DAY_MS)
        found["after_31_days_shows_site"] = new_tab(driver, site, 31 * DAY_MS)
        found["storage_after_expiry"] = site_storage(driver)
        driver.switch_to.window(driver.window_handles[0])
        found["expired_record_tab_shows_site"] = new_tab(driver, site)
        unlock_and_wait(driver, password, remember_days=7)
        found["after_6_days_of_7_shows_site"] = new_tab(driver, site, 6 * DAY_MS)
        found["after_8_days_of_7_shows_site"] = new_tab(driver, site, 8 * DAY_MS)

    for name, steps in (("session", session), ("remember", remember), ("lock", lock), ("expiry", expiry)):
        profile = os.path.join(profiles, name)
        answers["profiles"][name] = profile
        in_browser(profile, steps, answers)
    print(json.dumps(answers, ensure_ascii=False))


if __name__ == "__main__":
    main()
