"""Keeps a built Daybook site offline in headless Chromium (selenium) with its real service worker,
stops the server, reads the site without it, and prints what it showed.

Usage: offline_site.py CONFIG_JSON

CONFIG_JSON names:
  folder       the output folder to serve
  sub_path     "" or "diary/": the site is served at http://127.0.0.1:PORT/<sub_path>
  password     the password of an encrypted site, or null for a plain one
  pages        {name: path in the site} to open offline (not opened before)
  queries      search queries to run offline
  pictures     true: then keep the full-picture level and open the gallery offline
  needles      base64 byte runs that Cache Storage must not hold (an encrypted site's text and pictures)
  update       optional {"script": a shell script that edits and rebuilds, "edited": path, "deleted": path,
               "disable": a shell script that rebuilds with offline: false}
  screenshots  optional folder for screenshots of the control (360 and 1280 px, light and dark)

The script serves the folder itself (Python's http.server on 127.0.0.1), so it can stop and start
it on the same port. Prints one JSON object with what each step showed, the requests of the first
visit with their sizes, and the browser's errors.
"""
import base64
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from headless import browser  # noqa: E402
from search_page import counted  # noqa: E402


class Server:
    """Serves `root` on 127.0.0.1, stoppable and restartable on one port; records (path, bytes) of each answer.

    `max_age` (seconds, or None) adds `Cache-Control: max-age=…` to every answer, as hosts such as
    GitHub Pages do. While `stalled` is set, a request is accepted and then not answered until it is
    cleared: a network that connects but does not answer."""

    def __init__(self, root, max_age=None):
        self.root = root
        self.port = 0
        self.requests = []
        self.httpd = None
        self.max_age = max_age
        self.stalled = threading.Event()
        self.released = threading.Event()
        self.start()

    def stall(self):
        self.released.clear()
        self.stalled.set()

    def answer(self):
        self.stalled.clear()
        self.released.set()

    def start(self):
        requests = self.requests
        root = self.root
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            sent = 0

            def log_message(self, *args):
                pass

            def send_head(self):
                if server.stalled.is_set():
                    server.released.wait(120)
                return super().send_head()

            def end_headers(self):
                if server.max_age is not None:
                    self.send_header("Cache-Control", "max-age=%d" % server.max_age)
                super().end_headers()

            def log_request(self, code="-", size="-"):
                path = os.path.join(root, urllib.parse.unquote(self.path.split("?")[0]).lstrip("/"))
                if path.endswith("/"):
                    path += "index.html"
                sent = os.path.getsize(path) if str(code) == "200" and os.path.isfile(path) else 0
                requests.append((self.path, sent, int(code) if str(code).isdigit() else str(code)))

        handler = functools.partial(Handler, directory=self.root)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def text(driver, selector):
    return driver.execute_script(
        "var n = document.querySelector(arguments[0]);"
        "return n ? n.textContent.replace(/\\s+/g, ' ').trim() : null;", selector)


def wait(driver, condition, timeout=30):
    WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)


def panel_state(driver):
    return driver.execute_script(
        "var p = document.getElementById('daybook-offline'); return p && !p.hidden ? (p.getAttribute('data-state') || 'shown') : null;")


CACHE_KEYS = """
var done = arguments[arguments.length - 1];
(async function () {
  var keys = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    (await cache.keys()).forEach(function (request) { keys.push(request.url); });
  }
  var registrations = navigator.serviceWorker ? (await navigator.serviceWorker.getRegistrations()).length : -1;
  done({ names: await caches.keys(), keys: keys, registrations: registrations });
})().catch(function (error) { done({ error: String(error) }); });
"""

CACHE_TEXT = """
var done = arguments[arguments.length - 1];
var wanted = arguments[0];
(async function () {
  var found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.split('?')[0] !== wanted) continue;
      found[request.url] = await (await cache.match(request)).text();
    }
  }
  done(found);
})().catch(function (error) { done({ error: String(error) }); });
"""

# Which of the needles (base64 byte runs) any entry of Cache Storage holds, and how many bytes it holds.
CACHE_NEEDLES = """
var done = arguments[arguments.length - 1];
var needles = arguments[0].map(function (b64) { return atob(b64); });
(async function () {
  var found = [], bytes = 0, entries = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const data = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      bytes += data.length;
      entries++;
      var hay = '';
      for (var i = 0; i < data.length; i += 8192) hay += String.fromCharCode.apply(null, data.subarray(i, i + 8192));
      needles.forEach(function (needle, index) { if (hay.indexOf(needle) >= 0) found.push(index + ' in ' + request.url); });
    }
  }
  done({ found: found, bytes: bytes, entries: entries });
})().catch(function (error) { done({ error: String(error) }); });
"""


class Site:
    def __init__(self, driver, config, server):
        self.driver = driver
        self.config = config
        self.server = server
        self.encrypted = bool(config.get("password"))

    @property
    def url(self):
        return "http://127.0.0.1:%d/%s" % (self.server.port, self.config["sub_path"])

    def open(self, path=""):
        """Opens a page of the site and waits for its main heading."""
        if self.encrypted:
            self.driver.get(self.url + "#/" + path)
            wait(self.driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".site-header") or d.find_elements(By.ID, "daybook-unlock"))
            if self.driver.find_elements(By.ID, "daybook-unlock"):
                self.unlock()
        else:
            self.driver.get(self.url + path)
        wait(self.driver, lambda d: text(d, "main h1") or text(d, "h1"))
        return text(self.driver, "main h1") or text(self.driver, "h1")

    def unlock(self):
        wait(self.driver, lambda d: d.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").is_enabled())
        box = self.driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=password]")
        box.send_keys(self.config["password"])
        self.driver.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").click()
        wait(self.driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".site-header"))

    def keep(self, level):
        """Opens the control, reads the sizes, keeps `level` and waits until it is done."""
        driver = self.driver
        wait(driver, lambda d: panel_state(d) is not None)
        driver.execute_script("var p = document.getElementById('daybook-offline'); p.open = true; p.scrollIntoView();")
        wait(driver, lambda d: d.execute_script(
            "var b = document.querySelector('[data-offline-level=text]'); return Boolean(b && !b.disabled);"))
        sizes = driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-offline-level]')).map(function (b) {"
            " return [b.getAttribute('data-offline-level'), b.querySelector('[data-offline-size]').textContent]; });")
        started = time.monotonic()
        driver.find_element(By.CSS_SELECTOR, "[data-offline-level=%s]" % level).click()
        wait(driver, lambda d: d.execute_script(
            "var s = document.getElementById('daybook-offline').getAttribute('data-state'); return s === 'done' || s === 'failed';"), 300)
        return {"sizes": dict(sizes), "state": panel_state(driver), "status": text(driver, "#daybook-offline [role=status]"),
                "space": text(driver, "#daybook-offline [data-offline-space]"), "ms": round((time.monotonic() - started) * 1000)}

    def search(self, query):
        quoted = urllib.parse.quote(query)
        if self.encrypted:
            self.driver.get(self.url + "#/search/?q=" + quoted)
            wait(self.driver, lambda d: d.execute_script(
                "var box = document.querySelector('input[name=q]'); return box && box.value === arguments[0];", query))
        else:
            self.driver.get(self.url + "search/?q=" + quoted)
        status, count, links = counted(self.driver)
        return {"status": status, "count": count, "links": len(links)}

    def caches(self):
        return self.driver.execute_async_script(CACHE_KEYS)

    def picture_width(self, selector):
        def decoded(d):
            return d.execute_script(
                "var i = document.querySelector(arguments[0]); return i && i.complete && i.naturalWidth > 0 ? i.naturalWidth : 0;", selector)
        try:
            wait(self.driver, decoded, 15)
        except Exception:  # noqa: BLE001  reported as 0
            pass
        return decoded(self.driver)


def wait_for_worker(driver):
    """Until the control shows (the worker answered) and the page is controlled."""
    wait(driver, lambda d: panel_state(d) is not None)
    wait(driver, lambda d: d.execute_script("return Boolean(navigator.serviceWorker.controller);"))


def read_offline(site, config, answers, prefix):
    answers[prefix + "home"] = site.open("")
    for name, path in config["pages"].items():
        answers[prefix + name] = site.open(path)
    answers[prefix + "search"] = {query: site.search(query) for query in config["queries"]}


def shoot_area(driver, selector, name):
    """A screenshot of the window's width from the page's top down to the bottom of the element at
    `selector` (the control's panel, which opens over the page below the header)."""
    box = driver.execute_script(
        "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {x: 0, y: 0, width: document.documentElement.clientWidth, height: r.bottom + scrollY + 16};", selector)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True, "clip": dict(box, scale=1)})
    with open(name, "wb") as handle:
        handle.write(base64.b64decode(shot["data"]))


def screenshots(driver, site, folder, answers):
    """The control at 360 and 1280 px, light and dark: its sizes, and its progress half way."""
    os.makedirs(folder, exist_ok=True)
    shots = []
    for scheme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        for width in (360, 1280):
            driver.set_window_size(width, 1600)
            driver.execute_script("document.getElementById('daybook-offline').open = true; scrollTo(0, 0);")
            wait(driver, lambda d: d.execute_script(
                "var b = document.querySelector('[data-offline-level=pictures]'); return Boolean(b && !b.disabled);"))
            time.sleep(0.3)
            name = os.path.join(folder, "offline-%s-%d.png" % (scheme, width))
            shoot_area(driver, "#daybook-offline .offline-panel", name)
            shots.append(name)
            # The same control while storing: its status line and bar as the script fills them.
            driver.execute_async_script(
                "var done = arguments[arguments.length - 1]; var p = document.getElementById('daybook-offline');"
                "fetch(p.getAttribute('data-words')).then(function (r) { return r.json(); }).then(function (words) {"
                " var bar = p.querySelector('progress'); bar.hidden = false; bar.value = 0.42; p.setAttribute('data-state', 'working');"
                " p.querySelector('[role=status]').textContent = words.offline_progress"
                ".replace('{done}', '4,598').replace('{total}', '10,950').replace('{size}', '31.2 MB'); done(); });")
            name = os.path.join(folder, "offline-progress-%s-%d.png" % (scheme, width))
            shoot_area(driver, "#daybook-offline .offline-panel", name)
            shots.append(name)
            driver.execute_script(
                "var p = document.getElementById('daybook-offline'); p.querySelector('progress').hidden = true;"
                "p.removeAttribute('data-state'); p.querySelector('[role=status]').textContent = '';")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.set_window_size(1280, 900)
    answers["screenshots"] = shots


def run_script(path):
    done = subprocess.run(["bash", path], capture_output=True, text=True)
    return done.returncode, done.stderr[-2000:]


def update(driver, site, config, answers):
    """Rebuilds after an edit, reloads online: the new build is offered, taken, and the cache changes."""
    steps = config["update"]
    answers["rebuild"] = run_script(steps["script"])
    site.open("")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".offline-update button"), 60)
    answers["update_offer"] = text(driver, ".offline-update")
    driver.find_element(By.CSS_SELECTOR, ".offline-update button").click()
    time.sleep(1)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, ".site-header"), 30)
    if site.encrypted and driver.find_elements(By.ID, "daybook-unlock"):
        site.unlock()
    wait_for_worker(driver)
    time.sleep(1)
    keys = site.caches()["keys"]
    answers["keys_after_update"] = keys
    edited_url = site.url + steps["edited_url"]
    answers["edited_cached"] = driver.execute_async_script(CACHE_TEXT, edited_url)
    site.server.stop()
    answers["edited_offline"] = site.open(steps["edited"])
    answers["edited_offline_text"] = text(driver, "main")
    site.server.start()
    answers["disable"] = run_script(steps["disable"])
    driver.get(site.url)
    # The browser looks for a new worker when a page of the site is opened; on a loaded machine that
    # look can come late, so the loop also asks for it as a returning reader's browser eventually would.
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        state = site.caches()
        if state.get("registrations") == 0 and not state.get("keys"):
            break
        driver.execute_script("navigator.serviceWorker && navigator.serviceWorker.getRegistration()"
                              ".then(function (r) { if (r) r.update(); });")
        time.sleep(1)
        driver.get(site.url)
    answers["after_disable"] = site.caches()


def keep_and_read(driver, site, answers):
    """The first visit, a keep at the text level, reading with the server stopped, then the pictures
    and a new build as the config asks."""
    config, server = site.config, site.server
    answers["first_heading"] = site.open("")
    wait_for_worker(driver)
    time.sleep(0.5)
    answers["first_visit"] = [list(r) for r in server.requests]
    if config.get("screenshots"):
        screenshots(driver, site, config["screenshots"], answers)
    answers["text"] = site.keep("text")
    answers["cache_after_text"] = len(site.caches()["keys"])
    if site.encrypted:
        answers["needles"] = driver.execute_async_script(CACHE_NEEDLES, config["needles"])
    server.stop()
    if site.encrypted:
        # Lock forgets the key: unlocking again needs the password, with the server stopped.
        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        wait(driver, lambda d: d.find_elements(By.ID, "daybook-unlock"))
        site.unlock()
        answers["unlocked_offline"] = text(driver, "main h1") or text(driver, "h1")
    read_offline(site, config, answers, "offline_")
    if config.get("pictures"):
        server.start()
        site.open("")
        answers["pictures"] = site.keep("pictures")
        if site.encrypted:
            answers["needles_pictures"] = driver.execute_async_script(CACHE_NEEDLES, config["needles"])
        server.stop()
        site.open("gallery/")
        answers["gallery_width"] = site.picture_width(".gallery img, main img")
    if config.get("update"):
        server.start()
        update(driver, site, config, answers)


def served_folder(config):
    """The folder to serve for the site to be at /<sub_path> (a link to the output folder below a new one)."""
    if not config.get("sub_path"):
        return config["folder"]
    served = tempfile.mkdtemp(prefix="daybook-offline-")
    os.symlink(config["folder"], os.path.join(served, config["sub_path"].rstrip("/")))
    return served


def run_session(steps, max_age=None):
    """Reads the config (argv[1]), serves the site, runs `steps(driver, site, answers)` in headless
    Chromium, and prints the answers with the browser's errors however the steps end."""
    with open(sys.argv[1], encoding="utf-8") as handle:
        config = json.load(handle)
    config.setdefault("sub_path", "")
    config.setdefault("password", None)
    server = Server(served_folder(config), max_age=max_age(config) if max_age else None)
    driver = browser()
    driver.set_script_timeout(300)
    driver.set_window_size(1280, 900)
    answers = {}
    try:
        steps(driver, Site(driver, config, server), answers)
    except Exception as error:  # noqa: BLE001  what was seen so far still goes to the test
        answers["failed"] = "%s at %s: %s" % (type(error).__name__, driver.current_url, error)
    server.answer()
    answers["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
    print(json.dumps(answers, ensure_ascii=False))
    driver.quit()
    try:
        server.stop()
    except Exception:  # noqa: BLE001  stopped already
        pass


if __name__ == "__main__":
    run_session(keep_and_read)
