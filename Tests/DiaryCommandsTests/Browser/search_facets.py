"""Drives the built site's search page in headless Chromium (selenium): the counts of the results
by emotion, tag and year, a click on one of them, further queries, and what the page fetched.

Usage: search_facets.py SITE_URL QUERY NEXT_QUERY
  SITE_URL    the site's root as served, e.g. http://127.0.0.1:8123/
  QUERY       opened as search/?q=QUERY; a facet of its answer is then clicked
  NEXT_QUERY  typed into the box afterwards

Prints one JSON object: {"first": answer, "clicked": {"filter": term, "input": text, "address": url,
"answer": answer}, "next": answer, "nothing": {"facets_hidden": bool}, "facets_fetches": n,
"facets_after_first_result": bool, "errors": [...]}, an answer being {"query": text, "status",
"count", "links": [href, ...], "facets": [{"group", "filter", "label", "count"}, ...]}.
"""
import json
import sys
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless import browser
from search_page import counted

# Notes when the first result and the first facet appear, before the page's own scripts run.
WATCH = """
window.__seen = {};
document.addEventListener('DOMContentLoaded', function () {
  new MutationObserver(function () {
    if (!window.__seen.result && document.querySelector('.search-result')) window.__seen.result = performance.now();
  }).observe(document.body, { childList: true, subtree: true });
});
"""

FACETS = """
var nav = document.querySelector('[data-search-facets]');
if (!nav || nav.hidden) return null;
return {query: nav.getAttribute('data-query'), items: Array.from(nav.querySelectorAll('[data-facet-group]:not([hidden]) button[data-filter]'))
  .map(function (b) { return {group: b.closest('[data-facet-group]').getAttribute('data-facet-group'), filter: b.getAttribute('data-filter'),
    label: b.querySelector('.facet-label').textContent, count: Number(b.querySelector('.facet-count').getAttribute('data-count'))}; })};
"""


def answer(driver, query, previous=None):
    """Waits for the results of `query` and their facets, and reads them."""
    status, count, links = counted(driver, previous)
    facets = None
    if count > 0:
        WebDriverWait(driver, 15).until(lambda d: (d.execute_script(FACETS) or {}).get("query") == query)
        facets = driver.execute_script(FACETS)["items"]
    return {"query": query, "status": status, "count": count, "links": links, "facets": facets}


def facets_fetches(driver):
    return driver.execute_script(
        "return performance.getEntriesByType('resource').filter(function (e) { return /search\\/facets\\.json$/.test(e.name); })"
        ".map(function (e) { return e.startTime; });")


def main():
    site, query, next_query = sys.argv[1], sys.argv[2], sys.argv[3]
    driver = browser()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        driver.get(site + "search/?q=" + urllib.parse.quote(query))
        first = answer(driver, query)
        starts = facets_fetches(driver)
        seen = driver.execute_script("return window.__seen;")
        after_first = bool(starts) and seen.get("result") is not None and starts[0] >= seen["result"]

        clicked = {}
        tags = [item for item in first["facets"] if item["group"] == "tag"]
        target = (tags or first["facets"])[0]
        clicked["filter"] = target["filter"]
        box = driver.find_element(By.CSS_SELECTOR, "input[name=q]")
        button = driver.find_element(By.CSS_SELECTOR, "[data-search-facets] button[data-filter='%s']" % target["filter"].replace("'", "\\'"))
        button.click()
        WebDriverWait(driver, 15).until(lambda d: box.get_attribute("value") != query)
        clicked["input"] = box.get_attribute("value")
        clicked["answer"] = answer(driver, clicked["input"], (first["status"], first["links"]))
        clicked["address"] = driver.current_url
        clicked["focus_in_facets"] = driver.execute_script(
            "return !!document.activeElement.closest && !!document.activeElement.closest('[data-search-facets]');")

        box.clear()
        box.send_keys(next_query)
        WebDriverWait(driver, 15).until(lambda d: d.execute_script(
            "var s = document.querySelector('[data-search-status]'); return s.getAttribute('data-state') === 'done';")
            and (d.execute_script(FACETS) or {}).get("query") == next_query)
        next_answer = answer(driver, next_query)

        box.clear()
        box.send_keys("zzqqzzqq")
        WebDriverWait(driver, 15).until(lambda d: d.execute_script(
            "var s = document.querySelector('[data-search-status]'); return s.getAttribute('data-state') === 'done' && s.getAttribute('data-count') === '0';"))
        nothing = {"facets_hidden": driver.execute_script("return document.querySelector('[data-search-facets]').hidden;")}

        errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        print(json.dumps({"first": first, "clicked": clicked, "next": next_answer, "nothing": nothing,
                          "facets_fetches": len(facets_fetches(driver)), "facets_after_first_result": after_first,
                          "errors": errors}, ensure_ascii=False))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
