"""Unlocks an encrypted Daybook site in headless Chromium (selenium), then uses its search page,
gallery and result links, and prints what they show.

Usage: encrypted_search.py SITE_URL PASSWORD QUERIES_JSON
  SITE_URL      the unlock page as served, e.g. http://127.0.0.1:8123/
  QUERIES_JSON  a JSON list of queries

Prints one JSON object: {"queries": {query: {"status": text, "links": [href, ...]}},
"facets": [{"group", "filter", "label", "count"}, ...] (the first query's), "typing": {...}, "result_heading": ..., "gallery": [naturalWidth, ...], "policies": {page: CSP},
"violations": [...], "errors": [...]}.
"""
import json
import sys
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import (failure, open_unlock_page, page_policy, print_answers, unlock,  # noqa: E402
                            violations, watch_violations)
from search_facets import FACETS  # noqa: E402
from search_page import browser, settled  # noqa: E402  the plain site's search test, reused


def main():
    site, password, queries_file = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(queries_file, encoding="utf-8") as handle:
        queries = json.load(handle)
    driver = browser()
    answers = {"queries": {}}
    try:
        watch_violations(driver)
        open_unlock_page(driver, site)
        page_policy(driver, answers, "unlock")
        unlock(driver, password)
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".site-header"))

        for query in queries:
            driver.get(site + "#/search/?q=" + urllib.parse.quote(query))
            # Only the part after '#' changed: the reader shows the new page after get() returns.
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(
                "var box = document.querySelector('input[name=q]'); return box && box.value === arguments[0];", query))
            status, links = settled(driver)
            answers["queries"][query] = {"status": status, "links": links}
            page_policy(driver, answers, "search")
            if query == queries[0]:
                # The counts by emotion, tag and year, from search/facets.json read through the reader.
                WebDriverWait(driver, 20).until(lambda d: (d.execute_script(FACETS) or {}).get("query") == query)
                answers["facets"] = driver.execute_script(FACETS)["items"]

        driver.get(site + "#/search/")
        WebDriverWait(driver, 20).until(lambda d: "#/" not in d.current_url)
        answers["search_address"] = driver.current_url.split("#")[-1]
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var box = document.querySelector('input[name=q]'); return box && box.value === '';"))
        box = driver.find_element(By.CSS_SELECTOR, "input[name=q]")
        box.send_keys(queries[0])
        status, links = settled(driver)
        # The search page's replaceState is answered at once; the bar gets the id when it is ready.
        WebDriverWait(driver, 20).until(lambda d: d.current_url.split("#")[-1] not in ("", answers["search_address"]))
        answers["typing"] = {"links": links, "address": driver.current_url,
                             "page_url": driver.execute_script("return daybookPageURL().href;")}

        first = driver.find_element(By.CSS_SELECTOR, ".search-result a")
        answers["result_title"] = first.text.strip()
        first.click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body.kind-entry main h1"))
        answers["result_heading"] = driver.find_element(By.CSS_SELECTOR, "main h1").text.strip()
        answers["result_address"] = driver.current_url
        answers["result_page_url"] = driver.execute_script("return daybookPageURL().href;")
        page_policy(driver, answers, "entry")

        driver.get(site + "#/gallery/")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var images = Array.from(document.querySelectorAll('body.kind-gallery main img'));"
            "return images.length > 0 && images.every(function (i) { return i.complete && i.naturalWidth > 0; });"))
        answers["gallery"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('main img')).map(function (i) { return i.naturalWidth; });")
        page_policy(driver, answers, "gallery")
        answers["violations"] = violations(driver)
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


if __name__ == "__main__":
    main()
