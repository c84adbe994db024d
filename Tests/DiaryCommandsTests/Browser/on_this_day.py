"""Opens a built site's home page in headless Chromium with the browser's clock and timezone set
to chosen values, and prints what its "on this day" section shows.

Usage: on_this_day.py SITE_URL CASES_JSON
  SITE_URL    the site's root as served, e.g. http://127.0.0.1:8123/
  CASES_JSON  a JSON list of {"now": ISO 8601 instant, "timezone": IANA name}

Prints one JSON object: {"cases": [{"shown": bool, "links": [href, ...], "ago": [text, ...],
"requests": [url, ...]}], "errors": [...]}: per case, whether the section is visible, its cards'
links and "years ago" texts in order, and the on-this-day files the page asked for.
"""
import json
import sys
from datetime import datetime

from selenium.webdriver.support.ui import WebDriverWait

from headless import browser

# Replaces Date before any script of the page runs: `new Date()` and `Date.now()` give the chosen
# instant; dates built from values are left as they are.
FIXED_CLOCK = """
(function (fixed) {
  var RealDate = Date;
  function FixedDate() {
    var args = Array.prototype.slice.call(arguments);
    if (args.length === 0) args = [fixed];
    return new (Function.prototype.bind.apply(RealDate, [null].concat(args)))();
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = function () { return fixed; };
  FixedDate.UTC = RealDate.UTC;
  FixedDate.parse = RealDate.parse;
  window.Date = FixedDate;
})(%d);
"""


def milliseconds(instant):
    return int(datetime.fromisoformat(instant).timestamp() * 1000)


def main():
    site, cases_file = sys.argv[1], sys.argv[2]
    with open(cases_file, encoding="utf-8") as handle:
        cases = json.load(handle)
    driver = browser()
    try:
        answers = []
        for case in cases:
            driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": case["timezone"]})
            script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                            {"source": FIXED_CLOCK % milliseconds(case["now"])})
            driver.get(site)
            WebDriverWait(driver, 15).until(lambda d: d.execute_script(
                "return document.querySelector('[data-on-this-day]').hasAttribute('data-ready')"))
            answers.append(driver.execute_script("""
                var section = document.querySelector('[data-on-this-day]');
                var cards = Array.from(section.querySelectorAll('[data-on-this-day-cards] .card'));
                return {
                  shown: !section.hidden && section.offsetHeight > 0,
                  links: cards.map(function (c) { return c.querySelector('.card-title a').href; }),
                  ago: cards.map(function (c) { return c.querySelector('[data-slot="ago"]').textContent; }),
                  titles: cards.map(function (c) { return c.querySelector('.card-title').textContent; }),
                  meta: cards.map(function (c) { return c.querySelector('.meta').textContent; }),
                  today: new Date().getFullYear() + '-' + (new Date().getMonth() + 1) + '-' + new Date().getDate(),
                  requests: performance.getEntriesByType('resource').map(function (r) { return r.name; })
                    .filter(function (name) { return name.indexOf('/on-this-day/') >= 0; })
                };"""))
            driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        print(json.dumps({"cases": answers, "errors": errors}, ensure_ascii=False))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
