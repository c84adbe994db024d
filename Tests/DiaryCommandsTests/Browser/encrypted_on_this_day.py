"""Unlocks an encrypted Daybook site in headless Chromium with the browser's clock set to a chosen
instant, and prints what its home page's "on this day" section shows.

Usage: encrypted_on_this_day.py SITE_URL PASSWORD INSTANT TIMEZONE
  SITE_URL  the unlock page as served, e.g. http://127.0.0.1:8123/
  INSTANT   ISO 8601, e.g. 2026-03-02T10:00:00+09:00; TIMEZONE an IANA name

Prints one JSON object: {"shown": bool, "titles": [card title, ...], "errors": [...]}. The test
reads which files were asked for from the server's log: one browser a run, so one run's requests.
"""
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import failure, open_unlock_page, print_answers, unlock  # noqa: E402
from on_this_day import FIXED_CLOCK, milliseconds  # noqa: E402
from search_page import browser  # noqa: E402


def main():
    site, password, instant, timezone = sys.argv[1:5]
    driver = browser()
    answers = {}
    try:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": timezone})
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIXED_CLOCK % milliseconds(instant)})
        open_unlock_page(driver, site)
        unlock(driver, password)
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "var s = document.querySelector('[data-on-this-day]'); return s && s.hasAttribute('data-ready');"))
        # Whatever the page or the reader still fetches after the section is ready is asked for now.
        time.sleep(1.5)
        answers.update(driver.execute_script("""
            var section = document.querySelector('[data-on-this-day]');
            return {
              shown: !section.hidden && section.offsetHeight > 0,
              titles: Array.from(section.querySelectorAll('[data-on-this-day-cards] .card-title a'))
                .map(function (a) { return a.textContent.trim(); })
            };"""))
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


if __name__ == "__main__":
    main()
