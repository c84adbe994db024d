"""Drives the built site's search page in headless Chromium (selenium) and prints what it shows.

Usage: search_page.py SITE_URL QUERIES_JSON
  SITE_URL      the site's root as served, e.g. http://127.0.0.1:8123/diary/
  QUERIES_JSON  a JSON list of queries

Prints one JSON object: {"queries": {query: {"status": text, "links": [href, ...]}},
"typing": {"first": [...], "second": [...], "address": url}} — the result links of the first
page of results for each query opened as search/?q=..., then the links after typing two
queries into the box.
"""
import json
import sys
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless import browser

DONE = ("match", "No entries", "failed")


def shown(driver):
    """The status line and the result links, read in one step so a page that is still
    changing cannot be half read."""
    status, links = driver.execute_script(
        "var s = document.querySelector('[data-search-status]');"
        "var items = Array.from(document.querySelectorAll('.search-result'));"
        "return [s ? s.textContent : '', items.map(function (i) { var a = i.querySelector('a'); return a ? a.href : ''; })];")
    return status, links


def settled(driver, previous=None):
    """Waits until the status line reports an answer, its first page of results is shown, and
    (when typing a new query) what is shown differs from `previous`."""
    def ready(d):
        status, links = shown(d)
        if not any(word in status for word in DONE) or (status, links) == previous:
            return False
        count = int(status.split()[0]) if status[:1].isdigit() else 0
        return len(links) == min(count, 20)
    WebDriverWait(driver, 15).until(ready)
    return shown(driver)


def main():
    site, queries_file = sys.argv[1], sys.argv[2]
    with open(queries_file, encoding="utf-8") as handle:
        queries = json.load(handle)
    driver = browser()
    try:
        answers = {}
        for query in queries:
            driver.get(site + "search/?q=" + urllib.parse.quote(query))
            status, links = settled(driver)
            answers[query] = {"status": status, "links": links}
        driver.get(site + "search/")
        box = driver.find_element(By.CSS_SELECTOR, "input[name=q]")
        typing = {}
        box.send_keys(queries[0])
        typing["first_status"], typing["first"] = settled(driver)
        box.clear()
        box.send_keys(queries[1])
        typing["second_status"], typing["second"] = settled(driver, (typing["first_status"], typing["first"]))
        typing["address"] = driver.current_url
        errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        print(json.dumps({"queries": answers, "typing": typing, "errors": errors}, ensure_ascii=False))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
