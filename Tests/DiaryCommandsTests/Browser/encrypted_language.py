"""Opens the unlock page of an encrypted Daybook site in headless Chromium (selenium), tries a
wrong password, then the right one, and prints the words the unlock page and the reader show.

Usage: encrypted_language.py SITE_URL WRONG_PASSWORD PASSWORD

Prints one JSON object: "lang", "title" and "form" (the unlock form's text) of the unlock page,
"wrong_password_alert", then the unlocked reader's "reader_lang" (the home page's), "lock_text"
and "lock_title" (its Lock control), and the page's JavaScript "errors".
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import open_unlock_page, run_steps, unlock, wait_for_text  # noqa: E402


def steps(driver, answers):
    site, wrong, password = sys.argv[1], sys.argv[2], sys.argv[3]
    open_unlock_page(driver, site)
    answers["lang"] = driver.execute_script("return document.documentElement.lang;")
    answers["title"] = driver.title
    answers["form"] = driver.execute_script(
        "return document.getElementById('daybook-unlock').innerText.replace(/\\s+/g, ' ').trim();")
    unlock(driver, wrong)
    answers["wrong_password_alert"] = wait_for_text(driver, "#daybook-unlock [role=alert]")
    unlock(driver, password)
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".daybook-lock-control"))
    control = driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control")
    answers["reader_lang"] = driver.execute_script("return document.documentElement.lang;")
    answers["lock_text"] = control.text
    answers["lock_title"] = control.get_attribute("title")


if __name__ == "__main__":
    run_steps(steps)
