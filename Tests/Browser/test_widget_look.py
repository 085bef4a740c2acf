"""Locale, direction, dark mode and accessibility rules of the widget page."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_widget_messages import start_manual_chat


def test_russian_right_to_left_and_dark(page, operator_api, driver, wait):
    page.open("location=manual&locale=ru&dir=rtl&dark=1")
    html = driver.find_element(By.TAG_NAME, "html")
    assert html.get_attribute("dir") == "rtl" and html.get_attribute("lang") == "ru"
    assert html.get_attribute("data-theme") == "dark"
    assert driver.find_element(By.CSS_SELECTOR, "[data-composer-send]").text == "Отправить"
    assert page.composer().get_attribute("placeholder") == "Введите сообщение…"
    assert driver.find_element(By.CSS_SELECTOR, "[data-transcript-log]").get_attribute("aria-label") == "Сообщения чата"

    page.send("Привет")
    visitor = operator_api.visitor_id(wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "Здравствуйте"})
    mine = page.items("visitor")[0]
    reply = page.wait_text("operator", "Здравствуйте")
    assert mine.find_element(By.CSS_SELECTOR, "[data-message-status]").text in ("Отправлено",)
    # Right to left: the visitor's bubble is on the left, the operator's on the right.
    mine_box = mine.find_element(By.CSS_SELECTOR, ".transcript-bubble").rect
    reply_box = reply.find_element(By.CSS_SELECTOR, ".transcript-bubble").rect
    assert mine_box["x"] < reply_box["x"]
    # Dark: a dark page background and light text.
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    red, green, blue = [int(v) for v in background[background.index("(") + 1 : background.index(")")].split(",")[:3]]
    assert red + green + blue < 120, background


def test_light_by_default_and_dark_from_the_system(page, driver):
    page.open("location=manual")
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(243, 244, 246)"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(15, 17, 21)"


def test_accessibility_rules(page, operator_api, driver):
    start_manual_chat(page, operator_api)
    # One live region for messages: the log around the list (a list keeps its items' semantics), no extra aria-live.
    log = driver.find_element(By.CSS_SELECTOR, "[data-transcript-log]")
    assert log.get_attribute("role") == "log" and log.get_attribute("aria-live") is None
    assert log.find_element(By.CSS_SELECTOR, "ol[data-transcript-list]").get_attribute("role") is None
    assert driver.find_elements(By.CSS_SELECTOR, "[data-transcript] [aria-live]") == []
    # Every visible control has a name.
    unnamed = driver.execute_script(
        """
        return Array.from(document.querySelectorAll('button, input, textarea, a[href]'))
          .filter((e) => e.checkVisibility())
          .filter((e) => !(e.labels?.length || e.getAttribute('aria-label') || e.textContent.trim()))
          .map((e) => e.outerHTML.slice(0, 80));
        """
    )
    assert unnamed == []
    # Focus is visible and keyboard operation works: Tab reaches the send button.
    composer = page.composer()
    composer.send_keys(Keys.TAB)
    focused = driver.switch_to.active_element
    assert focused.get_attribute("data-composer-send") is not None
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", focused)
    assert outline == "solid"
    # Reduced motion switches animations off.
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
    )
    item = page.items()[0]
    duration = driver.execute_script("return getComputedStyle(arguments[0]).animationDuration", item)
    assert duration in ("1e-05s", "0.00001s", "0s")


def test_a_new_visitor_sees_no_closed_chat_and_no_older_messages_to_load(page, operator_api, driver, wait):
    page.open("location=manual")
    state = driver.find_element(By.CSS_SELECTOR, "[data-chat-state]")
    wait.until(lambda _: state.get_attribute("data-chat-state") not in ("", "unknown"), "no chat state arrived")
    # No chat has ever started: "Chat closed." would tell of one that never was.
    assert state.get_attribute("data-chat-state") == "closed"
    assert not state.is_displayed() and state.text == ""
    more = driver.find_element(By.CSS_SELECTOR, "[data-history-more]")
    assert not more.is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, "[data-chat-start]").is_displayed()
    # Their first messages: still nothing older to offer (the server's `history.complete`), not a button that loads
    # nothing when pressed.
    page.send("Hello")
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "Hi there"})
    page.wait_text("operator", "Hi there")
    wait.until(lambda _: not more.is_displayed(), "a new visitor is offered older messages")
    operator_api.visitor(visitor, "/messages", {"text": "Anything else?"})
    page.wait_text("operator", "Anything else?")
    assert not more.is_displayed()
