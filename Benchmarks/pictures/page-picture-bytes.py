#!/usr/bin/env python3
"""The picture bytes a page makes a browser load, at a phone's and a desktop's size.

Opens each page in headless Chromium (selenium) with device metrics emulation, scrolls to the
bottom so every lazy picture loads, then sums the transferred bytes of the pictures the page
loaded (Resource Timing) and lists, for every <img>, its rendered CSS width and the width of the
file it shows (`currentSrc`). The cache is off, so each page is measured cold.

    .build/test-tools/bin/python Benchmarks/pictures/page-picture-bytes.py ORIGIN PATH...

ORIGIN serves a built site (e.g. `python3 -m http.server -d Output`); PATHs are page paths.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Tests/DiaryCommandsTests/Browser"))
from headless import browser  # noqa: E402  the browser tests' headless Chromium

DEVICES = {"phone 390 px, DPR 3": (390, 844, 3, True), "desktop 1280 px, DPR 2": (1280, 800, 2, False)}

MEASURE = """
var done = arguments[arguments.length - 1];
var bytes = performance.getEntriesByType('resource').filter(function (r) { return r.initiatorType === 'img'; })
  .reduce(function (sum, r) { return sum + r.transferSize; }, 0);
// The width of the file each <img> shows: its currentSrc opened alone (naturalWidth of an <img>
// with a srcset is divided by the density the browser picked).
Promise.all(Array.from(document.images).map(function (img) {
  var file = new Image();
  file.src = img.currentSrc;
  return file.decode().then(function () {
    return { css: Math.round(img.getBoundingClientRect().width), file: file.naturalWidth, src: img.currentSrc.split('/').pop() };
  });
})).then(function (images) { done({ bytes: bytes, images: images }); });
"""


def measure(driver, url, device):
    width, height, ratio, mobile = device
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile})
    driver.get(url)
    for _ in range(20):
        driver.execute_script("window.scrollBy(0, window.innerHeight);")
        time.sleep(0.1)
    time.sleep(1)
    return driver.execute_async_script(MEASURE)


def main():
    origin, paths = sys.argv[1], sys.argv[2:]
    results = {}
    for name, device in DEVICES.items():
        for path in paths:
            driver = browser()
            try:
                results.setdefault(path, {})[name] = measure(driver, origin + path, device)
            finally:
                driver.quit()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
