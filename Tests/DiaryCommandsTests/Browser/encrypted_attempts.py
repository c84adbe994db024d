"""Tries secrets on an encrypted Daybook site's unlock page in headless Chromium (selenium): each
a password or a recovery key, from a fresh unlock page, locking again after one that opens.

Usage: encrypted_attempts.py SITE_URL ATTEMPTS_JSON

ATTEMPTS_JSON is a JSON list of ["password" | "recovery", secret]. Prints one JSON object:
"results", for each attempt "opened" or the unlock form's alert, and the page's JavaScript "errors".
"""
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import open_unlock_page, run_steps, text_of, unlock  # noqa: E402


def attempt(driver, site, kind, secret):
    open_unlock_page(driver, site)
    if kind == "password":
        unlock(driver, secret)
    else:
        driver.find_element(By.CSS_SELECTOR, ".daybook-recovery summary").click()
        driver.find_element(By.ID, "daybook-recovery-key").send_keys(secret)
        driver.find_element(By.ID, "daybook-unlock-recovery").click()
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".daybook-lock-control")
                                    or text_of(d, "#daybook-unlock [role=alert]"))
    if driver.find_elements(By.CSS_SELECTOR, ".daybook-lock-control"):
        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        return "opened"
    return text_of(driver, "#daybook-unlock [role=alert]")


def steps(driver, answers):
    site = sys.argv[1]
    with open(sys.argv[2], encoding="utf-8") as handle:
        attempts = json.load(handle)
    answers["results"] = [attempt(driver, site, kind, secret) for kind, secret in attempts]


if __name__ == "__main__":
    run_steps(steps)
