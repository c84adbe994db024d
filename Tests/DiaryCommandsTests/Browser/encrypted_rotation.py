"""A browser that remembered an encrypted Daybook site, before and after `daybook keys rotate`, in
headless Chromium (selenium) with a profile that outlives it.

Usage: encrypted_rotation.py SITE_URL PASSWORD PROFILE remember|after

- remember: "remember on this device", then the browser quits; prints the wrapped keys the page
  kept in Cache Storage ("blobs", hex), for a scan of the profile.
- after (the same profile, once the site was rotated): what the unlock page says, what the site
  still keeps, and whether the password opens it.
Prints one JSON object.
"""
import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_keys import CACHED_BLOBS  # noqa: E402
from encrypted_site import failure, open_unlock_page, site_storage, text_of, unlock, wait_for_text  # noqa: E402
from headless import browser  # noqa: E402


def main():
    site, password, profile, phase = sys.argv[1:5]
    driver = browser(profile)
    driver.set_script_timeout(30)
    answers = {}
    try:
        if phase == "remember":
            open_unlock_page(driver, site)
            driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
            unlock(driver, password)
            WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".daybook-lock-control"))
            answers["blobs"] = driver.execute_async_script(CACHED_BLOBS)
        else:
            open_unlock_page(driver, site)
            answers["message"] = wait_for_text(driver, "#daybook-unlock [role=alert]")
            answers["storage"] = site_storage(driver)
            unlock(driver, password)
            WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".daybook-lock-control"))
            answers["heading"] = text_of(driver, "main h1") or text_of(driver, "h1")
    except Exception as error:
        answers["failed"] = failure(driver, error)
    finally:
        answers["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        driver.quit()
    print(json.dumps(answers, ensure_ascii=False))


if __name__ == "__main__":
    main()
