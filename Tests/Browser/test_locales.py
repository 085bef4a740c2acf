"""The page speaks the visitor's language: chosen by the browser (`locale=auto`, the default) under Chromium's
`--lang`, overridden by `locale=`; the tester's pseudo-locale; a refusal in the page's own words."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from conftest import WidgetPage, start_chromium
from selenium.webdriver.support.ui import WebDriverWait

#: (Chromium's --lang, the locale the page should speak, its direction).
BROWSER_LANGUAGES = [("de-AT", "de", "ltr"), ("ja", "ja", "ltr"), ("ar-EG", "ar", "rtl"), ("sw", "en", "ltr")]

LANGUAGE_JS = """
const input = document.querySelector('[data-composer-input]');
return [document.documentElement.lang, document.documentElement.dir, input.placeholder, navigator.languages[0]];
"""


@pytest.fixture
def browser_in(request):
    """A Chromium whose interface and preferred language are `request.param`."""
    browsers = []

    def start(language: str):
        # Headless Chromium takes its preferred languages from --accept-lang; --lang alone sets only its interface.
        browser = start_chromium(f"--lang={language}", f"--accept-lang={language}")
        browsers.append(browser)
        return browser

    yield start
    for browser in browsers:
        browser.quit()


@pytest.mark.parametrize(("language", "locale", "direction"), BROWSER_LANGUAGES)
def test_the_browser_chooses_the_language(browser_in, widget_url, language, locale, direction):
    driver = browser_in(language)
    page = WidgetPage(driver, WebDriverWait(driver, 20), widget_url)
    page.open("location=manual")
    lang, dir_, placeholder, preferred = driver.execute_script(LANGUAGE_JS)
    assert preferred.lower().startswith(language.split("-")[0].lower()), f"Chromium's --lang did not take: {preferred}"
    assert (lang, dir_) == (locale, direction)
    english = placeholder == "Type a message…"
    assert english == (locale == "en"), f"{language}: the composer reads {placeholder!r}"


def test_a_locale_given_wins_over_the_browser(browser_in, widget_url):
    driver = browser_in("ru")
    page = WidgetPage(driver, WebDriverWait(driver, 20), widget_url)
    page.open("location=manual&locale=en")
    assert driver.execute_script(LANGUAGE_JS)[:3] == ["en", "ltr", "Type a message…"]


def test_the_pseudo_locale_draws_every_string_longer_and_accented(page, driver):
    page.open("location=manual&locale=qps")
    assert driver.execute_script("return document.documentElement.lang") == "en"
    placeholder = page.composer().get_attribute("placeholder")
    assert placeholder.startswith("[Ţýþé å ɱéššåĝé") and placeholder.endswith("]"), placeholder
    send = driver.find_element(By.CSS_SELECTOR, "[data-composer-send]").text
    assert send.startswith("[Šéñð"), send
    # Every string the page shows came from the pseudo-locale's tables: none is left in plain English.
    texts = driver.execute_script(
        "return [...document.querySelectorAll('[data-i18n]')].filter((e) => e.offsetParent !== null)"
        ".map((e) => e.textContent).filter((t) => t.trim() !== '')"
    )
    assert texts and all(text.startswith("[") for text in texts), texts
    page.send("Hello")
    assert page.uncaught_errors() == []
