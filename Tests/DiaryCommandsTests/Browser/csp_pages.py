"""Opens pages of a plain Daybook site in headless Chromium and prints every Content-Security-Policy
violation each one reports.

Usage: csp_pages.py SITE_URL PATHS_JSON
  SITE_URL    the site's root as served, e.g. http://127.0.0.1:8123/
  PATHS_JSON  a JSON list of paths below it (`2025/03/01/`, `search/?q=walk`)

Prints one JSON object: {"pages": {path: {"policy": the page's CSP meta or null, "violations":
[directive and blocked URL, ...], "title": document.title}}, "console": [CSP messages]}.
"""
import json
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

from headless import browser

# Records every violation the page reports, from before any of its own scripts run.
RECORDER = """
window.__daybookViolations = [];
document.addEventListener('securitypolicyviolation', function (event) {
  window.__daybookViolations.push(event.violatedDirective + ' ' + event.blockedURI);
});
"""


def main():
    site, paths_file = sys.argv[1], sys.argv[2]
    with open(paths_file, encoding="utf-8") as handle:
        paths = json.load(handle)
    driver = browser()
    answers = {"pages": {}}
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        for path in paths:
            driver.get(site + path)
            WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")
            # Scripts that fetch (search, on this day) finish their requests.
            time.sleep(0.8)
            answers["pages"][path] = driver.execute_script("""
                var meta = document.querySelector('meta[http-equiv="Content-Security-Policy" i]');
                return { policy: meta ? meta.content : null, violations: window.__daybookViolations || [],
                         title: document.title };""")
        answers["console"] = [entry["message"] for entry in driver.get_log("browser")
                              if "Content Security Policy" in entry.get("message", "")]
    finally:
        print(json.dumps(answers, ensure_ascii=False))
        driver.quit()


if __name__ == "__main__":
    main()
