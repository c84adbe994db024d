"""Drives an encrypted site in headless Chromium (selenium) and prints what it shows.

Usage: encrypted_site.py SITE_URL WRONG_PASSWORD PASSWORD

SITE_URL is the unlock page as served, e.g. http://127.0.0.1:8123/diary/. The site is the one
EncryptedSiteBrowserTests builds: a home page whose <h1> names the latest entry, links with the
texts "Autumn walk", "Gallery", "Data", "Damaged" and "Nowhere", an entry with a picture, a data
page whose script fetches a JSON file, and a page whose published file was changed. Prints one
JSON object with what each step showed, with the Content-Security-Policy of every page shown and
every violation of it (securitypolicyviolation events, a ReportingObserver and the browser's log).
"""
import json
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from search_page import browser  # noqa: E402  the plain site's search test, reused


def text_of(driver, selector):
    return driver.execute_script(
        "var n = document.querySelector(arguments[0]); return n ? n.textContent.trim() : null;", selector)


def wait_for_text(driver, selector, timeout=20):
    WebDriverWait(driver, timeout).until(lambda d: text_of(d, selector))
    return text_of(driver, selector)


def wait_for_heading(driver, expected, timeout=20):
    WebDriverWait(driver, timeout).until(lambda d: text_of(d, "h1") == expected)
    return driver.current_url


def click_link(driver, text):
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.LINK_TEXT, text))
    driver.find_element(By.LINK_TEXT, text).click()


def picture_width(driver, selector):
    def decoded(d):
        return d.execute_script(
            "var i = document.querySelector(arguments[0]);"
            "return i && i.complete && i.naturalWidth > 0 ? i.naturalWidth : (i && i.getAttribute('data-daybook-error') ? -1 : 0);",
            selector)
    WebDriverWait(driver, 20).until(lambda d: decoded(d) != 0)
    return decoded(driver)


# Collects CSP violations for the whole life of the window: a ReportingObserver lives as long as
# the window, which the reader's document.open keeps (event listeners do not survive it).
REPORT_VIOLATIONS = """
window.__daybookReports = [];
new ReportingObserver(function (reports) {
  reports.forEach(function (r) { window.__daybookReports.push(r.body.effectiveDirective + ' ' + r.body.blockedURL); });
}, { types: ['csp-violation'], buffered: true }).observe();
"""

WATCH_PAGE = """
window.__daybookViolations = window.__daybookViolations || [];
var root = document.documentElement;
if (!root.hasAttribute('data-watched')) {
  root.setAttribute('data-watched', '');
  document.addEventListener('securitypolicyviolation', function (e) {
    window.__daybookViolations.push(e.effectiveDirective + ' ' + e.blockedURI);
  });
}
var meta = document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]');
return meta.length === 1 ? meta[0].content : meta.length + ' policies';
"""


def watch_violations(driver):
    """Reports every CSP violation of the window to window.__daybookReports (call before get())."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": REPORT_VIOLATIONS})


def page_policy(driver, answers, name):
    """Records the page's CSP meta under `name`, and listens for violations on this document."""
    answers.setdefault("policies", {})[name] = driver.execute_script(WATCH_PAGE)


def violations(driver):
    time.sleep(0.3)  # reports are delivered after a task
    return driver.execute_script("return (window.__daybookViolations || []).concat(window.__daybookReports || ['no observer']);")


def open_unlock_page(driver, site):
    driver.get(site)
    WebDriverWait(driver, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").is_enabled())


def unlock(driver, password):
    box = driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=password]")
    box.clear()
    box.send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").click()


PBKDF2_TIMING = """
var done = arguments[arguments.length - 1];
var settings = JSON.parse(arguments[0]).slots.filter(function (slot) { return slot.kind === 'password'; })[0];
var salt = Uint8Array.from(atob(settings.salt), function (c) { return c.charCodeAt(0); });
var started = performance.now();
crypto.subtle.importKey('raw', new TextEncoder().encode('timing'), 'PBKDF2', false, ['deriveBits']).then(function (key) {
  return crypto.subtle.deriveBits({name: 'PBKDF2', hash: 'SHA-256', salt: salt, iterations: settings.iterations}, key, 256);
}).then(function () { done(performance.now() - started); }, function (e) { done(-1); });
"""


def main():
    site, wrong, password = sys.argv[1], sys.argv[2], sys.argv[3]
    driver = browser()
    driver.set_script_timeout(60)
    answers = {}
    try:
        watch_violations(driver)
        open_unlock_page(driver, site)
        page_policy(driver, answers, "unlock")
        settings = driver.execute_script("return document.getElementById('daybook-lock').textContent;")
        answers["pbkdf2_ms"] = driver.execute_async_script(PBKDF2_TIMING, settings)

        unlock(driver, wrong)
        answers["wrong_password_alert"] = wait_for_text(driver, "#daybook-unlock [role=alert]")

        started = time.monotonic()
        unlock(driver, password)
        WebDriverWait(driver, 30).until(lambda d: text_of(d, "h1") not in (None, "Private diary"))
        answers["unlock_ms"] = round((time.monotonic() - started) * 1000)
        answers["home_heading"] = text_of(driver, "h1")
        answers["home_url"] = driver.current_url
        answers["home_background"] = driver.execute_script("return getComputedStyle(document.body).backgroundColor;")
        page_policy(driver, answers, "home")

        click_link(driver, "Autumn walk")
        answers["entry_url"] = wait_for_heading(driver, "Autumn walk")
        answers["entry_text"] = text_of(driver, "main p")
        answers["entry_picture_width"] = picture_width(driver, "#image-1 img")
        answers["entry_title"] = driver.title
        answers["entry_page_url"] = driver.execute_script("return daybookPageURL().href;")
        page_policy(driver, answers, "entry")

        driver.back()
        answers["back_heading"] = text_of(driver, "h1") if wait_for_heading(driver, answers["home_heading"]) else None
        driver.forward()
        wait_for_heading(driver, "Autumn walk")
        answers["forward_heading"] = text_of(driver, "h1")

        click_link(driver, "Gallery")
        wait_for_heading(driver, "Gallery")
        answers["gallery_picture_width"] = picture_width(driver, ".gallery img")
        page_policy(driver, answers, "gallery")

        click_link(driver, "Home")
        wait_for_heading(driver, answers["home_heading"])
        click_link(driver, "Data")
        wait_for_heading(driver, "Data")
        answers["data_result"] = wait_for_text(driver, "#data-result")
        answers["data_url"] = driver.current_url
        answers["data_page_url"] = driver.execute_script("return daybookPageURL().href;")
        page_policy(driver, answers, "data")

        # Unlocked for this tab only: the keys were in its memory, so a reload asks again, and the
        # address after '#' opens once it is answered.
        driver.refresh()
        open_unlock_page(driver, driver.current_url)
        answers["reload_asked_password"] = bool(driver.find_elements(By.ID, "daybook-unlock"))
        unlock(driver, password)
        wait_for_heading(driver, "Data")
        answers["reload_heading"] = text_of(driver, "h1")
        answers["reload_data_result"] = wait_for_text(driver, "#data-result")

        click_link(driver, "Home")
        wait_for_heading(driver, answers["home_heading"])
        click_link(driver, "Damaged")
        answers["damaged_alert"] = wait_for_text(driver, "[role=alert]")
        answers["damaged_url"] = driver.current_url

        shown = text_of(driver, "h1")
        driver.get(site + "#/nowhere/")
        WebDriverWait(driver, 20).until(lambda d: text_of(d, "h1") not in (None, shown))
        answers["missing_heading"] = text_of(driver, "h1")

        answers["missing_url"] = driver.current_url

        driver.get(site + "#/2025/10/04/1030-autumn-walk/")
        answers["bookmark_heading"] = wait_for_heading(driver, "Autumn walk") and text_of(driver, "h1")
        WebDriverWait(driver, 20).until(lambda d: "#/" not in d.current_url)
        answers["old_bookmark_url"] = driver.current_url

        driver.get(site + "#bm90LWFuLWlkLW9mLXRoaXMtc2l0ZS1hdC1hbGwtYXQtYWxsLWF0LWFsbC1hdC1hbGw")
        WebDriverWait(driver, 20).until(lambda d: text_of(d, "h1") not in (None, "Autumn walk"))
        answers["made_up_heading"] = text_of(driver, "h1")
        answers["violations"] = violations(driver)

        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        driver.get(site + "#/2025/10/04/1030-autumn-walk/")
        time.sleep(1)
        answers["after_lock_asks_password"] = bool(driver.find_elements(By.ID, "daybook-unlock"))
        answers["after_lock_heading"] = text_of(driver, "h1")
        answers["storage_after_lock"] = site_storage(driver)

    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


SITE_STORAGE = """
var done = arguments[arguments.length - 1];
var base = location.pathname.replace(/[^/]*$/, '');
var found = { web_storage: sessionStorage.length + localStorage.length, cookies: document.cookie, databases: [], records: 0, caches: [] };
Promise.all([indexedDB.databases(), caches.keys()]).then(function (lists) {
  found.databases = lists[0].map(function (info) { return info.name; });
  found.caches = lists[1];
  if (found.databases.indexOf('daybook:' + base) < 0) { done(found); return; }
  var request = indexedDB.open('daybook:' + base);
  request.onsuccess = function () {
    var db = request.result;
    var names = Array.from(db.objectStoreNames);
    if (!names.length) { db.close(); done(found); return; }
    var transaction = db.transaction(names);
    names.forEach(function (name) {
      transaction.objectStore(name).count().onsuccess = function (event) { found.records += event.target.result; };
    });
    transaction.oncomplete = function () { db.close(); done(found); };
  };
  request.onerror = function () { done(found); };
}, function (error) { found.error = String(error); done(found); });
"""


def site_storage(driver):
    """What the site keeps in this browser, as its scripts see it: the number of web storage
    values, the cookies, the names of the IndexedDB databases and Cache Storage caches of the
    origin, and how many records the site's database holds (without opening one that is not there)."""
    return driver.execute_async_script(SITE_STORAGE)


DEVICE_RECORDS = """
var done = arguments[arguments.length - 1];
var base = location.pathname.replace(/[^/]*$/, '');
var request = indexedDB.open('daybook:' + base);
request.onerror = function () { done(null); };
request.onsuccess = function () {
  var db = request.result;
  if (!db.objectStoreNames.contains('device')) { db.close(); done([]); return; }
  var all = db.transaction('device').objectStore('device').getAll();
  all.onsuccess = function () {
    db.close();
    var work = [];
    done.records = all.result.map(function (record) {
      var fields = {};
      Object.keys(record).sort().forEach(function (name) {
        var value = record[name];
        if (value instanceof Uint8Array) {
          fields[name] = Array.from(value).map(function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join('');
        } else if (value instanceof CryptoKey) {
          var key = fields[name] = { type: value.type, algorithm: value.algorithm.name, extractable: value.extractable };
          work.push(crypto.subtle.exportKey('raw', value).then(function () { key.exported = true; }, function () { key.exported = false; }));
        } else {
          fields[name] = value;
        }
      });
      return fields;
    });
    Promise.all(work).then(function () { done(done.records); });
  };
};
"""


def device_records(driver):
    """The records of the site's database, each field as JSON: bytes in hex, a CryptoKey described
    (its type, algorithm, whether it is extractable and whether exportKey gave its bytes)."""
    return driver.execute_async_script(DEVICE_RECORDS)


def failure(driver, error):
    """Where the steps stopped and why: what was seen before still goes to the test."""
    return "%s at %s: %s" % (type(error).__name__, driver.current_url, error)


def print_answers(driver, answers):
    """Prints the answers with the page's JavaScript errors, and closes the browser."""
    answers["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    print(json.dumps(answers, ensure_ascii=False))
    driver.quit()


def run_steps(steps, answers=None):
    """Opens a browser, runs `steps(driver, answers)`, and prints the answers however the steps end."""
    driver = browser()
    driver.set_script_timeout(60)
    answers = {} if answers is None else answers
    try:
        steps(driver, answers)
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


if __name__ == "__main__":
    main()
