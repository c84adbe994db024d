"""Drives the built site's search page in headless Chromium (selenium) and prints what it shows.

Usage: search_page.py SITE_URL QUERIES_JSON
  SITE_URL      the site's root as served, e.g. http://127.0.0.1:8123/diary/
  QUERIES_JSON  a JSON list of queries

Prints one JSON object: {"queries": {query: {"status": text, "count": n, "links": [href, ...],
"words": [text, ...]}}, "typing": {"first": [...], "second": [...], "address": url}} — the result
links of the first page of results for each query opened as search/?q=..., with the count the
status line's data-count gives and the site's own words the page shows (its visible text and its
aria-label, title, placeholder and alt attributes, leaving out the diary's own titles and
excerpts), then the links after typing two queries into the box.
"""
import json
import sys
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless import browser

WORDS = """
var words = [];
var diarysOwn = '.search-result .card-title, .search-result .excerpt, script, style, noscript';
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (var node = walker.nextNode(); node; node = walker.nextNode()) {
  var parent = node.parentElement;
  if (!node.textContent.trim() || parent.closest(diarysOwn) || parent.getClientRects().length === 0) continue;
  words.push(node.textContent.trim());
}
document.querySelectorAll('[aria-label], [title], [placeholder], [alt]').forEach(function (element) {
  ['aria-label', 'title', 'placeholder', 'alt'].forEach(function (name) {
    if (element.hasAttribute(name) && !element.closest(diarysOwn)) words.push(element.getAttribute(name));
  });
});
return words;
"""


def shown(driver):
    """The status line, its state and count, and the result links, read in one step so a page
    that is still changing cannot be half read."""
    return driver.execute_script(
        "var s = document.querySelector('[data-search-status]');"
        "var items = Array.from(document.querySelectorAll('.search-result'));"
        "return [s ? s.textContent : '', s ? s.getAttribute('data-state') : null, Number(s && s.getAttribute('data-count')),"
        " items.map(function (i) { var a = i.querySelector('a'); return a ? a.href : ''; })];")


def settled(driver, previous=None):
    """`counted` without the count: the status line and the links."""
    status, _, links = counted(driver, previous)
    return status, links


def counted(driver, previous=None):
    """Waits until the status line reports an answer (in any language: its data-state says so),
    its first page of results is shown, and (when typing a new query) what is shown differs
    from `previous`. Returns the status line, the count and the links."""
    def ready(d):
        status, state, count, links = shown(d)
        if state not in ("done", "failed") or (status, links) == previous:
            return False
        return len(links) == min(count, 20)
    WebDriverWait(driver, 15).until(ready)
    status, _, count, links = shown(driver)
    return status, count, links


def main():
    site, queries_file = sys.argv[1], sys.argv[2]
    with open(queries_file, encoding="utf-8") as handle:
        queries = json.load(handle)
    driver = browser()
    try:
        answers = {}
        for query in queries:
            driver.get(site + "search/?q=" + urllib.parse.quote(query))
            status, count, links = counted(driver)
            answers[query] = {"status": status, "count": count, "links": links, "words": driver.execute_script(WORDS)}
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
