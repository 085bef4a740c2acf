"""The operator console in Russian: chosen by `?locale=ru` or by the browser's language, with no English left.

The console's strings are `Public/operator/i18n/{en,ru}.json`; `?locale=` wins over `navigator.languages`, and
English is the fallback. Every wait is on a condition, never on time.
"""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ARTIFACTS, start_chromium
from console_pages import Windows, assert_no_script_errors, windows  # noqa: F401

#: Latin words the Russian console may show: names, keys and wire values that are not sentences of the console.
ALLOWED_LATIN = {"Webim", "Enter", "Shift", "http", "https", "URL", "manual", "default", "e-mail"}

#: Elements whose text is the conversation's data (names, messages, locations), not the console's words.
DATA_SELECTORS = ", ".join(
    [
        "[data-message-text]",
        "[data-message-sender]",
        "[data-message-quote]",
        "[data-chat-last]",
        "[data-chat-name]",
        "[data-chat-location]",
        "[data-visitor-name]",
        "[data-visitor-fields]",
        "[data-status-location]",
        "[data-transfer-department]",
        "[data-composer-chip-text]",
    ]
)

#: The console's words as a reader meets them: text shown (hidden parts left out, the visually hidden labels kept,
#: since a screen reader reads them) and the labels, placeholders and titles of shown elements.
CONSOLE_WORDS = """
const dataSelectors = arguments[0];
const shown = (element) => !element.closest('[hidden], template, script, style, title, head');
const words = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const parent = node.parentElement;
  if (parent && shown(parent) && !parent.closest(dataSelectors)) words.push(node.textContent);
}
for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
  if (!shown(element) || element.closest(dataSelectors)) continue;
  for (const name of ['aria-label', 'placeholder', 'title']) {
    if (element.hasAttribute(name)) words.push(element.getAttribute(name));
  }
}
return words.join(' ');
"""


def english_words(text: str) -> set[str]:
    """The Latin words in `text` that are not allowed ones (message data is left out before this)."""
    return {word for word in re.findall(r"[A-Za-z][A-Za-z-]*[A-Za-z]", text) if word not in ALLOWED_LATIN}


def open_console_in(windows: Windows, query: str) -> None:
    """Signs in with the printed link, then opens the console with `query` (the sign-in drops the link's query)."""
    windows.open_console()
    windows.driver.get(f"{windows.console_url}{query}")
    windows.wait.until(
        EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection][data-state="live"]')),
        "the console's event stream never went live",
    )


def test_the_console_speaks_russian_with_locale_ru(windows, driver, wait):
    open_console_in(windows, "?locale=ru")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
    assert driver.title == "Консоль оператора"
    assert driver.find_element(By.CSS_SELECTOR, ".console-title").text == "Консоль оператора"
    assert driver.find_element(By.CSS_SELECTOR, "#chat-list-heading").text == "Чаты"
    assert driver.find_element(By.CSS_SELECTOR, "[data-connection]").text == "На связи"
    assert driver.find_element(By.CSS_SELECTOR, "[data-status-set]").text == "Задать статус"
    assert driver.find_element(By.CSS_SELECTOR, "[data-status-current]").text.startswith("Сейчас: ")
    assert driver.find_element(By.CSS_SELECTOR, "[data-chat-view-empty]").text == "Выберите чат слева."

    windows.open_widget()
    question = "Есть кто-нибудь?"
    windows.visitor_writes(question)
    row = windows.select_chat_with_last(question)
    assert "в очереди" in row.text
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "[data-visitor-state]"), "Чат: в очереди"),
        "the panel does not say the chat's state in Russian",
    )
    assert driver.find_element(By.CSS_SELECTOR, "[data-visitor-operator]").text == "Без оператора"
    assert driver.find_element(By.CSS_SELECTOR, '[data-action="join"]').text == "Взять чат"
    assert driver.find_element(By.CSS_SELECTOR, '[data-action="ban"]').text == "Заблокировать"
    assert driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").get_attribute("placeholder") == "Напишите ответ…"
    kind = driver.find_element(By.CSS_SELECTOR, '[data-author="visitor"] [data-message-kind-label]')
    assert kind.text == "посетитель"

    # The tools open, so their keyboard rows (built by the script) are read too.
    for tool in driver.find_elements(By.CSS_SELECTOR, "details.tool"):
        tool.find_element(By.CSS_SELECTOR, "summary").click()
    driver.find_element(By.CSS_SELECTOR, "[data-keyboard-add-row]").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-keyboard-row]"), "no keyboard row was added")

    left = english_words(driver.execute_script(CONSOLE_WORDS, DATA_SELECTORS))
    assert left == set(), f"English left in the Russian console: {sorted(left)}"

    # A refusal is worded by its code, not by the service's English sentence.
    driver.find_element(By.CSS_SELECTOR, '[data-action="close"]').click()
    wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, '[data-action="close"]').get_attribute("aria-disabled") == "true",
        "closing never disabled the close button",
    )
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    composer.send_keys("Поздно")
    composer.send_keys(Keys.ENTER)
    alert = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-alert]")), "no error was shown")
    assert alert.text.startswith("Отправка: не удалось — нет открытого чата")
    assert "no open chat" not in alert.text
    assert english_words(driver.execute_script(CONSOLE_WORDS, DATA_SELECTORS)) == set()
    assert_no_script_errors(driver)


def test_the_console_follows_the_browser_language_and_the_query_wins(server):
    browser = start_chromium("--lang=ru", "--accept-lang=ru")
    try:
        wait = WebDriverWait(browser, 15)
        pair = Windows(browser, wait, server.console_url, server.widget_url, server.console_link, server.console_token)
        pair.open_console()
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
        assert browser.find_element(By.CSS_SELECTOR, "#chat-list-heading").text == "Чаты"
        assert browser.find_element(By.CSS_SELECTOR, "[data-connection]").text == "На связи"

        open_console_in(pair, "?locale=en")
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
        assert browser.find_element(By.CSS_SELECTOR, "#chat-list-heading").text == "Chats"
        assert browser.find_element(By.CSS_SELECTOR, "[data-status-set]").text == "Set status"
        # An unknown locale is no choice: the browser's language still decides.
        open_console_in(pair, "?locale=xx")
        assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
        assert_no_script_errors(browser)
    finally:
        browser.quit()


def test_screenshots_of_the_russian_console_light_dark_and_narrow(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = "Здравствуйте! Хочу узнать о доставке."
    windows.visitor_writes(question)
    windows.show_console()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        driver.get(f"{windows.console_url}?locale=ru&theme={theme}")
        windows.select_chat_with_last(question)
        for tool in driver.find_elements(By.CSS_SELECTOR, "details.tool"):
            tool.find_element(By.CSS_SELECTOR, "summary").click()
        driver.find_element(By.CSS_SELECTOR, "[data-keyboard-add-row]").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-keyboard-row]"), "no keyboard row was added")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-theme") == theme
        for width, name in ((1280, theme), (400, f"{theme}-narrow")):
            driver.set_window_size(width, 1400)
            driver.save_screenshot(str(ARTIFACTS / f"console-ru-{name}.png"))
        driver.set_window_size(1024, 768)
    assert_no_script_errors(driver)
