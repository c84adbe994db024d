"""Reads an encrypted site's pages in headless Chromium (selenium) and prints what the browser's
history and tab keep of them, then opens a bookmarked address in a fresh browser.

Usage: encrypted_history.py SITE_URL PASSWORD

The site is EncryptedSiteBrowserTests' (links "Autumn walk", "Gallery", "Data", "Home"). Prints
one JSON object: "visited", the headings of the pages followed; "entries", for each history entry
from the last back to the unlock page, its address after '#', the tab's title and the page's
heading; "entry_address", the entry's address in the bar; "fresh_heading", what that address
shows in a new browser after unlocking; and whether the policy refuses an inline script.
"""
import sys
import time

from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import (click_link, failure, open_unlock_page, print_answers, text_of,  # noqa: E402
                            unlock, violations, wait_for_heading, watch_violations)
from search_page import browser  # noqa: E402


def main():
    site, password = sys.argv[1], sys.argv[2]
    driver = browser()
    answers = {}
    try:
        watch_violations(driver)
        open_unlock_page(driver, site)
        unlock(driver, password)
        WebDriverWait(driver, 30).until(lambda d: text_of(d, "h1") not in (None, "Private diary"))
        home = text_of(driver, "h1")
        answers["visited"] = [home]
        for link, heading in (("Autumn walk", "Autumn walk"), ("Gallery", "Gallery"), ("Data", None), ("Home", home)):
            if link == "Data":
                click_link(driver, "Home")
                wait_for_heading(driver, home)
                answers["visited"].append(home)
                heading = "Data"
            click_link(driver, link)
            wait_for_heading(driver, heading)
            answers["visited"].append(heading)
            if heading == "Autumn walk":
                answers["entry_address"] = driver.current_url
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
        answers["history_length"] = driver.execute_script("return history.length;")

        entries = []
        for _ in range(answers["history_length"]):
            shown = text_of(driver, "h1")
            entries.append({"hash": driver.execute_script("return location.hash;"), "title": driver.title, "heading": shown})
            if shown == "Private diary" or driver.execute_script("return location.hash;") == "":
                break
            driver.back()
            WebDriverWait(driver, 20).until(lambda d: d.execute_script("return location.hash;") != entries[-1]["hash"])
            time.sleep(0.5)  # the page the entry names is decrypted and written after the move
        answers["entries"] = entries
        answers["violations"] = violations(driver)

        # The policy is in force on a reader page: an inline script does not run.
        answers["inline_script_ran"] = driver.execute_script(
            "var s = document.createElement('script'); s.textContent = 'window.__inlineRan = true;';"
            "document.head.appendChild(s); return window.__inlineRan === true;")
        answers["inline_script_reported"] = len(violations(driver)) > len(answers["violations"])
        driver.quit()

        driver = browser()
        open_unlock_page(driver, answers["entry_address"])
        unlock(driver, password)
        answers["fresh_heading"] = wait_for_heading(driver, "Autumn walk") and text_of(driver, "h1")
        answers["fresh_address"] = driver.current_url
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        print_answers(driver, answers)


if __name__ == "__main__":
    main()
