"""Opens the unlock page of an encrypted Daybook site in headless Chromium (selenium), tries a
wrong password and a mistyped recovery key, then the right password, and prints the words the
unlock page and the reader show.

Usage: encrypted_language.py SITE_URL WRONG_PASSWORD PASSWORD

The site publishes a passkey slot, so the unlock page offers its passkey button. Prints one JSON
object: "lang", "title" and "form" (the unlock form's text) of the unlock page, "passkey_button",
"remember_note" (shown once "remember" is ticked), "recovery" (the recovery key's label and button
once opened), "wrong_password_alert", "recovery_typo_alert", then the unlocked reader's
"reader_lang" (the home page's), "lock_text" and "lock_title" (its Lock control), "passkey_offer"
(the offer's words), and the page's JavaScript "errors".
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
    answers["passkey_button"] = driver.find_element(By.ID, "daybook-unlock-passkey").text
    driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
    answers["remember_note"] = driver.find_element(By.ID, "daybook-remember-note").text
    driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=remember]").click()
    driver.find_element(By.CSS_SELECTOR, ".daybook-recovery summary").click()
    answers["recovery"] = [driver.find_element(By.CSS_SELECTOR, "label[for=daybook-recovery-key]").text,
                           driver.find_element(By.ID, "daybook-unlock-recovery").text]
    driver.find_element(By.ID, "daybook-recovery-key").send_keys("7K2Q-ABCD-EFGH")
    driver.find_element(By.ID, "daybook-unlock-recovery").click()
    answers["recovery_typo_alert"] = wait_for_text(driver, "#daybook-unlock [role=alert]")
    unlock(driver, wrong)
    WebDriverWait(driver, 30).until(lambda d: (d.find_element(By.CSS_SELECTOR, "#daybook-unlock [role=alert]").text
                                               != answers["recovery_typo_alert"]))
    answers["wrong_password_alert"] = wait_for_text(driver, "#daybook-unlock [role=alert]")
    unlock(driver, password)
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".daybook-lock-control"))
    control = driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control")
    answers["reader_lang"] = driver.execute_script("return document.documentElement.lang;")
    answers["lock_text"] = control.text
    answers["lock_title"] = control.get_attribute("title")
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-passkey"))
    answers["passkey_offer"] = driver.execute_script(
        "return Array.from(document.querySelectorAll('.daybook-passkey-offer h2, .daybook-passkey-offer p:not(.daybook-passkey-actions),"
        " .daybook-passkey-offer button')).map(function (n) { return n.textContent.trim(); }).filter(Boolean);")


if __name__ == "__main__":
    run_steps(steps)
