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

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from search_page import browser, settled  # noqa: E402  the plain site's search test, reused


def main():
    site, password, queries_file = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(queries_file, encoding="utf-8") as handle:
        queries = json.load(handle)
    driver = browser()
    answers = {"queries": {}}
    try:
        driver.get(site)
        WebDriverWait(driver, 20).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").is_enabled())
        driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=password]").send_keys(password)
        driver.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").click()
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".site-header"))
        answers["home_first_title"] = driver.execute_script(
            "var t = document.querySelector('main h1, main h2'); return t ? t.textContent.trim() : null;")

        for query in queries:
            driver.get(site + "#/search/?q=" + urllib.parse.quote(query))
            status, links = settled(driver)
            answers["queries"][query] = {"status": status, "links": links}

        driver.get(site + "#/search/")
        box = WebDriverWait(driver, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, "input[name=q]"))
        box.send_keys(queries[0])
        status, links = settled(driver)
        answers["typing"] = {"links": links, "address": driver.current_url}

        first = driver.find_element(By.CSS_SELECTOR, ".search-result a")
        answers["result_title"] = first.text.strip()
        first.click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "main h1"))
        answers["result_heading"] = driver.find_element(By.CSS_SELECTOR, "main h1").text.strip()
        answers["result_address"] = driver.current_url

        driver.get(site + "#/gallery/")
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "var images = Array.from(document.querySelectorAll('main img'));"
            "return images.length > 0 && images.every(function (i) { return i.complete && i.naturalWidth > 0; });"))
        answers["gallery"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('main img')).map(function (i) { return i.naturalWidth; });")
    except Exception as error:  # what was seen so far still goes to the test, with where it stopped
        answers["failed"] = "%s at %s: %s" % (type(error).__name__, driver.current_url, error)
    finally:
        answers["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        print(json.dumps(answers, ensure_ascii=False))
        driver.quit()


if __name__ == "__main__":
    main()
