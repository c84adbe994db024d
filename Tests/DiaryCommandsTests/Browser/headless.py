"""The headless Chromium (selenium) every browser test drives."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def browser(profile=None):
    """A new headless Chromium; with `profile`, in that user data folder, which outlives the browser
    (the default is a temporary one that chromedriver removes)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    if profile:
        options.add_argument("--user-data-dir=" + profile)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
