"""Unlocks an encrypted Daybook site with a passkey in headless Chromium (selenium), with a virtual
authenticator (CDP WebAuthn, with the PRF extension) standing in for Face ID, Touch ID, Windows
Hello or a security key.

Usage: encrypted_passkey.py SITE_URL PASSWORD DAYBOOK DIARY PROFILE

SITE_URL is the unlock page on http://localhost:PORT (WebAuthn needs a host name), DAYBOOK the
daybook executable and DIARY the diary whose Output/ is served (`daybook keys passkey` is run on
it). PROFILE is the folder of the first browser's profile, kept after it quits for a scan.

First browser: the password (timed, the CPU slowed 4 times), the offer after unlocking, a passkey
made, a reload, one touch (timed). Second browser: a passkey made and published with `daybook keys
passkey`, its PRF output for the published slot (for the test's own decryptor), Lock, the
published slot opening the site on a device that kept nothing, the authenticator gone (the passkey
fails cleanly, the password works), an authenticator without PRF (the page says so).
Prints one JSON object.
"""
import json
import os
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import device_records, failure, open_unlock_page, site_storage, text_of, unlock  # noqa: E402
from headless import browser  # noqa: E402

AUTHENTICATOR = {"protocol": "ctap2", "ctap2Version": "ctap2_1", "transport": "internal", "hasResidentKey": True,
                 "hasUserVerification": True, "isUserVerified": True, "automaticPresenceSimulation": True}

# The test's own evaluation of a published passkey slot's PRF (not the page's code): what the
# README's decryptor needs to open that slot.
SLOT_PRF = """
var done = arguments[arguments.length - 1];
// XMLHttpRequest, not fetch(), which the reader gives pages for the site's (decrypted) files.
new Promise(function (resolve, reject) {
  var request = new XMLHttpRequest();
  request.open('GET', location.pathname + '?unlock-page');
  request.onload = function () { resolve(request.responseText); };
  request.onerror = reject;
  request.send();
}).then(function (page) {
  var json = page.split('id="daybook-lock">')[1].split('</script>')[0];
  var slot = JSON.parse(json).slots.filter(function (s) { return s.kind === 'passkey'; })[0];
  function bytes(text) { return Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); }); }
  var id = bytes(slot.credential);
  var byID = {};
  byID[btoa(String.fromCharCode.apply(null, id)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')] = { first: bytes(slot.salt) };
  return navigator.credentials.get({ publicKey: { challenge: new Uint8Array(32), userVerification: 'required',
    allowCredentials: [{ type: 'public-key', id: id }], extensions: { prf: { evalByCredential: byID } } } });
}).then(function (assertion) {
  var first = new Uint8Array(assertion.getClientExtensionResults().prf.results.first);
  done(Array.from(first).map(function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join(''));
}, function (error) { done('error ' + error); });
"""


def add_authenticator(driver, prf=True):
    options = dict(AUTHENTICATOR, hasPrf=prf)
    return driver.execute_cdp_cmd("WebAuthn.addVirtualAuthenticator", {"options": options})["authenticatorId"]


def unlocked(driver, timeout=30):
    WebDriverWait(driver, timeout).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".daybook-lock-control"))


def passkey_button(driver):
    return driver.execute_script(
        "var b = document.getElementById('daybook-unlock-passkey'); return b ? [!b.hidden && b.offsetParent !== null,"
        " b.textContent.trim(), document.activeElement === b] : null;")


def wait_for_passkey_button(driver):
    WebDriverWait(driver, 20).until(lambda d: (passkey_button(d) or [False])[0])


def offer(driver):
    """The passkey offer's words, once it shows."""
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-passkey"))
    return driver.execute_script(
        "var p = document.querySelector('.daybook-passkey-offer');"
        "return Array.from(p.querySelectorAll('h2, p:not(.daybook-passkey-actions), button')).map(function (n) { return n.textContent.trim(); })"
        ".filter(Boolean);")


def make_passkey(driver):
    """Makes a passkey from the offer; returns the code the page shows."""
    driver.find_element(By.ID, "daybook-passkey").click()
    WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-passkey-code"))
    return text_of(driver, "#daybook-passkey-code")


def timed(driver, click):
    """Milliseconds from a click to the unlocked page."""
    started = time.monotonic()
    click()
    unlocked(driver)
    return round((time.monotonic() - started) * 1000)


def first_browser(site, password, profile, answers):
    driver = browser(profile)
    driver.set_script_timeout(60)
    found = answers["first"] = {}
    try:
        driver.get(site)
        driver.execute_cdp_cmd("WebAuthn.enable", {"enableUI": False})
        add_authenticator(driver)
        open_unlock_page(driver, site)
        found["button_before"] = passkey_button(driver)
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        box = driver.find_element(By.CSS_SELECTOR, "#daybook-unlock input[name=password]")
        box.send_keys(password)
        found["password_ms"] = timed(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#daybook-unlock button[type=submit]").click())
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        found["offer"] = offer(driver)
        found["storage_before"] = site_storage(driver)
        found["code"] = make_passkey(driver)
        found["made"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('.daybook-passkey-offer h2, .daybook-passkey-offer p:not(.daybook-passkey-actions),"
            " .daybook-passkey-offer button'))"
            ".map(function (n) { return n.textContent.trim(); }).filter(Boolean);")
        found["storage"] = site_storage(driver)
        found["device"] = device_records(driver)
        driver.refresh()
        wait_for_passkey_button(driver)
        found["button_after"] = passkey_button(driver)
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        found["passkey_ms"] = timed(driver, lambda: driver.find_element(By.ID, "daybook-unlock-passkey").click())
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
        found["typed"] = driver.execute_script("return document.querySelectorAll('input[type=password]').length;")
        found["heading"] = text_of(driver, "main h1") or text_of(driver, "h1")
        found["offer_after_passkey"] = bool(driver.find_elements(By.ID, "daybook-passkey"))
    except Exception as error:
        found["failed"] = failure(driver, error)
    finally:
        found["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        driver.quit()


def second_browser(site, password, daybook, diary, answers):
    driver = browser()
    driver.set_script_timeout(60)
    found = answers["second"] = {}
    try:
        driver.get(site)
        driver.execute_cdp_cmd("WebAuthn.enable", {"enableUI": False})
        authenticator = add_authenticator(driver)
        open_unlock_page(driver, site)
        unlock(driver, password)
        unlocked(driver)
        offer(driver)
        code = make_passkey(driver).split(" ")[-1]
        found["code"] = code
        environment = dict(os.environ, DAYBOOK_PASSWORD=password)
        published = subprocess.run([daybook, "keys", "passkey", code, "--label", "virtual", "-C", diary], env=environment,
                                   capture_output=True, text=True)
        found["published"] = [published.returncode, published.stderr]
        found["slot_prf"] = driver.execute_async_script(SLOT_PRF)

        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        found["storage_after_lock"] = site_storage(driver)
        driver.refresh()
        wait_for_passkey_button(driver)
        found["button_with_published_slot"] = passkey_button(driver)
        driver.find_element(By.ID, "daybook-unlock-passkey").click()
        unlocked(driver)
        found["opened_by_published_slot"] = True
        found["storage_after_published_slot"] = site_storage(driver)

        # The authenticator that holds the passkey is gone: this device now has another one, without it.
        driver.find_element(By.CSS_SELECTOR, ".daybook-lock-control").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "daybook-unlock"))
        driver.execute_cdp_cmd("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": authenticator})
        authenticator = add_authenticator(driver)
        driver.refresh()
        wait_for_passkey_button(driver)
        driver.find_element(By.ID, "daybook-unlock-passkey").click()
        WebDriverWait(driver, 30).until(lambda d: text_of(d, "#daybook-unlock [role=alert]"))
        found["without_authenticator_alert"] = text_of(driver, "#daybook-unlock [role=alert]")
        found["without_authenticator_focus"] = driver.execute_script("return document.activeElement && document.activeElement.name;")
        unlock(driver, password)
        unlocked(driver)
        found["password_after_failure"] = True

        # An authenticator without the PRF extension: the page says so and keeps to the password.
        driver.execute_cdp_cmd("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": authenticator})
        add_authenticator(driver, prf=False)
        offer(driver)
        driver.find_element(By.ID, "daybook-passkey").click()
        WebDriverWait(driver, 20).until(lambda d: text_of(d, ".daybook-passkey-status"))
        found["no_prf_status"] = text_of(driver, ".daybook-passkey-status")
        found["no_prf_button_left"] = bool(driver.find_elements(By.ID, "daybook-passkey"))
        found["no_prf_storage"] = site_storage(driver)
    except Exception as error:
        found["failed"] = failure(driver, error)
    finally:
        found["errors"] = [entry["message"] for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        driver.quit()


def main():
    site, password, daybook, diary, profile = sys.argv[1:6]
    answers = {"profile": profile}
    first_browser(site, password, profile, answers)
    second_browser(site, password, daybook, diary, answers)
    print(json.dumps(answers, ensure_ascii=False))


if __name__ == "__main__":
    main()
