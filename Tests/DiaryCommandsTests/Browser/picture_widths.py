"""Opens a page of a Daybook site in headless Chromium (selenium) at a desktop's and a phone's
size and density (device metrics emulation) and prints, for every <img>, the CSS width it is
shown at, the width of the file it shows and the widest file its srcset offers.

Usage: picture_widths.py SITE_URL PAGE [PASSWORD]
  SITE_URL  the site's home as served, e.g. http://127.0.0.1:8123/
  PAGE      the page's path in the site, e.g. 2025/10/04/walk/
  PASSWORD  for an encrypted site: unlocks it, then opens the page through the reader

Prints one JSON object: {"devices": {"1280x2": [{"css", "file", "widest", "src"}, ...], "390x3": [...]},
"errors": [...]}.
"""
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import open_unlock_page, run_steps, unlock  # noqa: E402

DEVICES = {"1280x2": (1280, 800, 2, False), "390x3": (390, 844, 3, True)}

# Every picture shown (loaded, or decrypted by the reader) once scrolled to.
LOADED = """
var images = Array.from(document.images);
return images.length > 0 && images.every(function (img) { return img.complete && img.naturalWidth > 0 && img.currentSrc; });
"""

# The file's own width: the currentSrc opened alone (an <img> with a srcset divides naturalWidth
# by the density it picked); the widest candidate of its srcset, or of the reader's copy of it.
WIDTHS = """
var done = arguments[arguments.length - 1];
Promise.all(Array.from(document.images).map(function (img) {
  var srcset = img.getAttribute('srcset') || img.getAttribute('data-daybook-srcset') || '';
  var widest = Math.max.apply(null, srcset.split(',').map(function (part) { return parseInt(part.trim().split(/\\s+/)[1], 10) || 0; }));
  var file = new Image();
  file.src = img.currentSrc;
  return file.decode().then(function () {
    return { css: img.getBoundingClientRect().width, file: file.naturalWidth, widest: widest,
             src: img.getAttribute('data-daybook-src') || img.currentSrc.split('/').pop() };
  });
})).then(done, function (error) { done({ error: String(error) }); });
"""


def widths(driver, site, page, password, device):
    width, height, ratio, mobile = device
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile})
    if password:
        driver.get(site + "#/" + page)
        if driver.find_elements("id", "daybook-unlock"):
            open_unlock_page(driver, site + "#/" + page)
            unlock(driver, password)
        WebDriverWait(driver, 30).until(lambda d: d.find_elements("css selector", ".site-header"))
    else:
        driver.get(site + page)
    for _ in range(12):
        driver.execute_script("window.scrollBy(0, window.innerHeight / 2);")
        time.sleep(0.15)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script(LOADED))
    return driver.execute_async_script(WIDTHS)


def steps(driver, answers):
    site, page = sys.argv[1], sys.argv[2]
    password = sys.argv[3] if len(sys.argv) > 3 else None
    for name, device in DEVICES.items():
        answers["devices"][name] = widths(driver, site, page, password, device)


if __name__ == "__main__":
    run_steps(steps, {"devices": {}})
