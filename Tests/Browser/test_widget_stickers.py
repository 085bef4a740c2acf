"""Stickers, the operator's title and a message's custom data (issue 32): a sticker message shows as its picture,
the visitor picks one with the keyboard, the header shows the operator's title, and a host page sends and hears
custom `data` through the host API."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe_audit import audit, blocking, report
from host_site import seen
from test_embed import host, in_frame, wait_for_event  # noqa: F401 - `host` is the site fixture

import pytest

#: What each sticker item of the page shows: the picture's address and alt text, the text line, the bubble's colour.
STICKER_ITEMS_JS = """
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .map((item) => {
    const image = item.querySelector('img[data-sticker-image]');
    const text = item.querySelector('[data-message-text]');
    return {
      type: item.dataset.messageType,
      image: image && image.checkVisibility() && image.complete && image.naturalWidth > 0 ? image.getAttribute('src') : null,
      alt: image?.alt ?? null,
      text: text.hidden ? '' : text.textContent,
      bubble: getComputedStyle(item.querySelector('.transcript-bubble')).backgroundColor,
    };
  });
"""


STICKER_TEXT = re.compile(r"Sticker \d+|Стикер \d+")


def stickers_shown(driver):
    """The items that show a sticker: as a picture, or (the old way) as "Sticker 12"."""
    return [item for item in driver.execute_script(STICKER_ITEMS_JS) if item["image"] or STICKER_TEXT.search(item["text"])]


def service_stickers(operator_api, wait) -> list[dict]:
    visitor = operator_api.visitor_id(wait, "stickers")
    chat = operator_api.visitor(visitor, "", method="GET")["chat"]
    return [message for message in chat["messages"] if message["kind"] == "sticker_visitor"]


def test_a_sticker_shows_as_its_picture_and_one_is_picked_with_the_keyboard(page, driver, wait, operator_api):
    page.open("location=stickers")
    # The bot answers a text with a sticker: an operator message whose data carries the id.
    page.send("Hello")
    wait.until(
        lambda d: any(s["type"] == "operator" and s["image"] for s in stickers_shown(d)),
        "the bot's sticker never showed as a picture",
    )
    answer = next(s for s in stickers_shown(driver) if s["type"] == "operator")
    assert answer["image"].endswith("/static/stickers/4.svg") and answer["alt"] == "Smiling face"
    assert answer["text"] == "" and answer["bubble"] == "rgba(0, 0, 0, 0)", answer

    # The header shows the operator's title under the name, on one line.
    title = wait.until(
        lambda d: (element := d.find_element(By.CSS_SELECTOR, "[data-operator-title]")).is_displayed() and element,
        "the operator's title never showed",
    )
    assert title.text == "Support team · replies within minutes"
    assert title.value_of_css_property("text-overflow") == "ellipsis"
    assert driver.find_element(By.CSS_SELECTOR, "[data-header-title]").text == "Stella Sticker"

    button = wait.until(
        lambda d: (element := d.find_element(By.CSS_SELECTOR, "[data-composer-sticker]")).is_displayed() and element,
        "the sticker button never showed",
    )
    assert button.get_attribute("aria-label") == "Stickers" and button.get_attribute("aria-expanded") == "false"
    assert button.size["width"] >= 44 and button.size["height"] >= 44
    button.send_keys(Keys.ENTER)
    picker = driver.find_element(By.CSS_SELECTOR, "[data-sticker-picker]")
    assert picker.is_displayed() and picker.get_attribute("aria-label") == "Choose a sticker"
    assert button.get_attribute("aria-expanded") == "true"
    focused = driver.switch_to.active_element
    assert focused.get_attribute("data-sticker-id") == "1"
    choices = picker.find_elements(By.CSS_SELECTOR, "button[data-sticker-id]")
    assert len(choices) == 8 and all(c.size["width"] >= 44 and c.size["height"] >= 44 for c in choices)
    assert [c.get_attribute("tabindex") for c in choices].count("0") == 1
    # The open picker, the pictures and the title pass axe's serious and critical rules.
    violations = blocking(audit(driver))
    assert violations == [], report(violations)

    # Escape closes the picker and gives the focus back to the button.
    focused = driver.switch_to.active_element
    assert focused.get_attribute("data-sticker-id") == "1"
    focused.send_keys(Keys.ESCAPE)
    assert not picker.is_displayed()
    assert driver.switch_to.active_element == button

    button.send_keys(Keys.ENTER)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert driver.switch_to.active_element.get_attribute("data-sticker-id") == "5"
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert driver.switch_to.active_element.get_attribute("data-sticker-id") == "3"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert not picker.is_displayed()

    wait.until(
        lambda d: any(s["type"] == "sticker" and s["image"] for s in stickers_shown(d)),
        "the visitor's sticker never showed as a picture",
    )
    mine = [s for s in stickers_shown(driver) if s["type"] == "sticker"]
    assert mine[0]["image"].endswith("/static/stickers/3.svg") and mine[0]["alt"] == "Heart" and mine[0]["text"] == ""
    # The bot answers the sticker with a sticker.
    wait.until(
        lambda d: any(s["type"] == "operator" and (s["image"] or "").endswith("/2.svg") for s in stickers_shown(d)),
        "the bot never answered the sticker with one",
    )
    assert not any(STICKER_TEXT.search(item["text"]) for item in driver.execute_script(STICKER_ITEMS_JS))
    # Sent once: the page shows one, and the service stored one (the bot's answer came after the service had it).
    assert len([s for s in stickers_shown(driver) if s["type"] == "sticker"]) == 1
    stored = service_stickers(operator_api, wait)
    assert [message["data"] for message in stored] == [{"stickerId": 3}]
    assert page.uncaught_errors() == []


def test_a_location_without_stickers_has_no_sticker_button(page, driver):
    page.open("location=manual")
    # A message sent and confirmed comes after the snapshot with the location's offer: the page has read it by then.
    page.send("No stickers here?")
    loaded = "return performance.getEntriesByType('resource').some((e) => e.name.includes('/components/stickers.js'))"
    assert driver.execute_script(loaded) is False, "the picker loaded where no sticker is offered"
    assert driver.find_elements(By.CSS_SELECTOR, "[data-composer-sticker]") == [] or not driver.find_element(
        By.CSS_SELECTOR, "[data-composer-sticker]"
    ).is_displayed()


@pytest.fixture
def server_args(host) -> list[str]:
    return ["--embed-origins", host.origin]


def test_the_host_api_sends_custom_data_and_hears_the_operators(driver, wait, widget_url, host, operator_api):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    driver.execute_script("WebimWidget('send', 'Where is my order?', {data: {orderId: 'A-17', items: [1, 2]}})")
    sent = wait_for_event(driver, wait, "messageSent", lambda d: d["text"] == "Where is my order?")
    assert sent["id"]

    visitor = operator_api.visitor_id(wait, "manual")
    messages = operator_api.visitor(visitor, "", method="GET")["chat"]["messages"]
    stored = [m for m in messages if m["text"] == "Where is my order?"]
    assert [m.get("data") for m in stored] == [{"orderId": "A-17", "items": [1, 2]}]

    # Data that is no object, or over 4 KB, is refused with an error event and nothing is sent.
    driver.execute_script("WebimWidget('send', 'List', {data: [1, 2]}); WebimWidget('send', 'Big', {data: {x: 'y'.repeat(5000)}})")
    wait.until(lambda d: len([1 for name, detail in seen(d) if name == "error" and detail.get("code") == "invalid_data"]) == 2)

    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "Shipped today", "data": {"tracking": "ZX-9", "eta": 2}})
    heard = wait_for_event(driver, wait, "message", lambda d: d["text"] == "Shipped today")
    assert heard["data"] == {"tracking": "ZX-9", "eta": 2}
    operator_api.visitor(visitor, "/messages", {"text": "No data here"})
    assert wait_for_event(driver, wait, "message", lambda d: d["text"] == "No data here")["data"] is None
    texts = [m["text"] for m in operator_api.visitor(visitor, "", method="GET")["chat"]["messages"]]
    assert "List" not in texts and "Big" not in texts
