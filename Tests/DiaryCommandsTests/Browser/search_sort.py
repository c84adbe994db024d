"""Drives the built site's search page in headless Chromium (selenium): its sort control.

Usage: search_sort.py SITE_URL QUERY
  SITE_URL  the site's root as served, e.g. http://127.0.0.1:8123/
  QUERY     opened as search/?q=QUERY

Prints one JSON object: {"rank": shown, "date": shown, "date_address": url, "reloaded": shown,
"errors": [...]}, each shown being {"sort": the control's value, "count": n, "links": [href, ...],
"times": [datetime, ...]} (the first page of results, and the dates their cards show) as the page
opened, after the control was switched to date, and after that address was opened again.
"""
import json
import sys
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from headless import browser
from search_page import counted


def shown(driver, previous=None):
    status, count, links = counted(driver, previous)
    times = driver.execute_script(
        "return Array.from(document.querySelectorAll('.search-result time')).map(function (t) { return t.getAttribute('datetime'); });")
    sort = driver.find_element(By.CSS_SELECTOR, "[data-search-sort]").get_attribute("value")
    return {"status": status, "sort": sort, "count": count, "links": links, "times": times}


def main():
    site, query = sys.argv[1], sys.argv[2]
    driver = browser()
    try:
        driver.get(site + "search/?q=" + urllib.parse.quote(query))
        answers = {"rank": shown(driver)}
        Select(driver.find_element(By.CSS_SELECTOR, "[data-search-sort]")).select_by_value("date")
        answers["date"] = shown(driver, (answers["rank"]["status"], answers["rank"]["links"]))
        answers["date_address"] = driver.current_url
        driver.get("about:blank")
        driver.get(answers["date_address"])
        answers["reloaded"] = shown(driver)
        answers["errors"] = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        print(json.dumps(answers, ensure_ascii=False))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
