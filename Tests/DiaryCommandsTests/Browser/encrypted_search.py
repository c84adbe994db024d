"""Unlocks an encrypted Daybook site in headless Chromium (selenium), then uses its search page,
gallery and result links, and prints what they show.

Usage: encrypted_search.py SITE_URL PASSWORD QUERIES_JSON
  SITE_URL      the unlock page as served, e.g. http://127.0.0.1:8123/
  QUERIES_JSON  a JSON list of queries

Prints one JSON object: {"queries": {query: {"status": text, "links": [href, ...]}},
"typing": {...}, "result_heading": ..., "gallery": [naturalWidth, ...], "errors": [...]}.
"""
import json
import sys
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import failure, open_unlock_page, print_answers, unlock  # noqa: E402
from search_page import browser, settled  # noqa: E402  the plain site's search test, reused


def main():
    site, password, queries_file = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(queries_file, encoding="utf-8") as handle:
        queries = json.load(handle)
    driver = browser()
    answers = {"queries": {}}
    try:
        open_unlock_page(driver, site)
        unlock(driver, password)
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".site-header"))

        for query in queries:
            driver.get(site + "#/search/?q=" + urllib.parse.quote(query))
            # Only the part after '#' changed: the reader shows the new page after get() returns.
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(
                "var box = document.querySelector('input[name=q]'); return box && box.value === arguments[0];", query))
            status, links = settled(driver)
            answers["queries"][query] = {"status": status, "links": links}

        driver.get(site + "#/search/")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var box = document.querySelector('input[name=q]'); return box && box.value === '';"))
        box = driver.find_element(By.CSS_SELECTOR, "input[name=q]")
        box.send_keys(queries[0])
        status, links = settled(driver)
        answers["typing"] = {"links": links, "address": driver.current_url}

        first = driver.find_element(By.CSS_SELECTOR, ".search-result a")
        answers["result_title"] = first.text.strip()
        first.click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "body.kind-entry main h1"))
        answers["result_heading"] = driver.find_element(By.CSS_SELECTOR, "main h1").text.strip()
        answers["result_address"] = driver.current_url

        driver.get(site + "#/gallery/")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var images = Array.from(document.querySelectorAll('body.kind-gallery main img'));"
            "return images.length > 0 && images.every(function (i) { return i.complete && i.naturalWidth > 0; });"))
        answers["gallery"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('main img')).map(function (i) { return i.naturalWidth; });")
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


if __name__ == "__main__":
    main()
