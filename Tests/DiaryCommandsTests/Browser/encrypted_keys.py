"""Unlocks an encrypted site in headless Chromium (selenium) in several windows and prints what
the browser keeps of its key and when it asks for the password again.

Usage: encrypted_keys.py SITE_URL PASSWORD

SITE_URL is the unlock page as served. The site is EncryptedSiteBrowserTests' (a home page whose
<h1> is not "Private diary"). Prints one JSON object: every sessionStorage/localStorage value
after unlocking, the master key and content key computed here (base64, so the test can compare),
what IndexedDB holds (each key's type, algorithm, extractable flag and whether exportKey refused
it), and whether a reload, a new tab, a remembered key at several clock shifts, and a second
window after Lock in the first asked for the password.
"""
import base64
import hashlib
import hmac
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import failure, kept_records, open_unlock_page, print_answers, text_of, unlock  # noqa: E402
from search_page import browser  # noqa: E402

DAY_MS = 24 * 60 * 60 * 1000

STORAGE = """
var values = [];
[sessionStorage, localStorage].forEach(function (storage) {
  for (var i = 0; i < storage.length; i++) values.push(storage.getItem(storage.key(i)));
});
return values;
"""

KEPT_KEYS = """
var done = arguments[arguments.length - 1];
var base = location.pathname.replace(/[^/]*$/, '');
var request = indexedDB.open('daybook:' + base);
request.onerror = function () { done({ error: String(request.error) }); };
request.onsuccess = function () {
  var all = request.result.transaction('keys').objectStore('keys').getAll();
  all.onsuccess = function () {
    var found = [];
    var work = [];
    all.result.forEach(function (record) {
      Object.keys(record.keys).forEach(function (name) {
        var key = record.keys[name];
        var entry = { record: record.id.length, name: name, type: key.type, algorithm: key.algorithm.name,
                      extractable: key.extractable, usages: key.usages };
        found.push(entry);
        work.push(crypto.subtle.exportKey('raw', key).then(function () { entry.exported = true; },
                                                          function () { entry.exported = false; }));
      });
    });
    Promise.all(work).then(function () { request.result.close(); done(found); });
  };
};
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


def site_keys(password, salt, iterations):
    """The master key (PBKDF2) and content key (HKDF) as SiteKeys derives them."""
    master = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations, 32)
    prk = hmac.new(b"\0" * 32, master, hashlib.sha256).digest()
    content = hmac.new(prk, b"daybook 1 content key\x01", hashlib.sha256).digest()
    return master, content


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
    """Opens `site` in a new tab (no sessionStorage of its own), its clock moved by `shift_ms`."""
    driver.switch_to.new_window("tab")
    if shift_ms:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHIFTED_CLOCK % shift_ms})
    driver.get(site)
    return shows_site(driver)


def unlock_and_wait(driver, password, remember_days=None):
    if remember_days is not None:
        driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
        if remember_days:
            Select(driver.find_element(By.CSS_SELECTOR, "#daybook-unlock select[name=remember_days]")).select_by_value(str(remember_days))
    unlock(driver, password)
    WebDriverWait(driver, 30).until(lambda d: text_of(d, "h1") not in (None, "Private diary"))


def main():
    site, password = sys.argv[1], sys.argv[2]
    driver = browser()
    driver.set_script_timeout(30)
    answers = {}
    try:
        open_unlock_page(driver, site)
        settings = json.loads(driver.execute_script("return document.getElementById('daybook-lock').textContent;"))
        master, content = site_keys(password, base64.b64decode(settings["salt"]), settings["iterations"])
        answers["master_key"] = base64.b64encode(master).decode()
        answers["content_key"] = base64.b64encode(content).decode()
        answers["remember_label"] = driver.execute_script(
            "var s = document.querySelector('select[name=remember_days]');"
            "return [s.getAttribute('aria-label'), s.value, Array.from(s.options).map(function (o) { return o.value; })];")

        unlock_and_wait(driver, password)
        first = driver.current_window_handle
        answers["stored_values"] = driver.execute_script(STORAGE)
        answers["kept_keys"] = driver.execute_async_script(KEPT_KEYS)
        driver.refresh()
        answers["reload_shows_site"] = shows_site(driver)

        answers["new_tab_shows_site"] = new_tab(driver, site)
        unlock_and_wait(driver, password, remember_days=0)
        second = driver.current_window_handle
        answers["remembered_values"] = driver.execute_script(STORAGE)
        answers["records_remembered"] = kept_records(driver)
        answers["remembered_tab_shows_site"] = new_tab(driver, site)
        third = driver.current_window_handle

        # Lock in the second window: the first and third windows lock too.
        driver.switch_to.window(second)
        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        for name, handle in (("first", first), ("third", third)):
            driver.switch_to.window(handle)
            answers["lock_reached_" + name] = asks_password(driver)
        answers["records_after_lock"] = kept_records(driver)
        answers["storage_after_lock"] = driver.execute_script(STORAGE)

        # Remembered for 30 days (the default), then for 7: the reader's clock decides.
        unlock_and_wait(driver, password, remember_days=0)
        answers["after_29_days_shows_site"] = new_tab(driver, site, 29 * DAY_MS)
        answers["after_31_days_shows_site"] = new_tab(driver, site, 31 * DAY_MS)
        answers["records_after_expiry"] = kept_records(driver)
        driver.switch_to.window(driver.window_handles[0])
        answers["expired_record_tab_shows_site"] = new_tab(driver, site)
        unlock_and_wait(driver, password, remember_days=7)
        answers["after_6_days_of_7_shows_site"] = new_tab(driver, site, 6 * DAY_MS)
        answers["after_8_days_of_7_shows_site"] = new_tab(driver, site, 8 * DAY_MS)
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


if __name__ == "__main__":
    main()
