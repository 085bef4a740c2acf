"""Hostile text in every place the page shows service data must stay inert text."""

from __future__ import annotations

import urllib.error

import pytest
from selenium.webdriver.common.by import By

from payloads import CORPUS
from test_widget_messages import start_manual_chat

INJECTED = "[data-transcript-list] script, [data-transcript-list] img:not(.transcript-avatar):not(.transcript-thumb-image), " \
    "[data-transcript-list] svg:not(.transcript-file > svg.transcript-file-icon, [data-quote-text] > svg.transcript-quote-icon, " \
    ".transcript-reaction > svg.transcript-reaction-icon), [data-transcript-list] iframe, [href^='javascript']"


def assert_inert(driver):
    assert driver.execute_script("return window.__pwned") is None
    assert driver.find_elements(By.CSS_SELECTOR, INJECTED) == []


def test_hostile_visitor_and_operator_text_is_inert(page, operator_api, driver):
    visitor = start_manual_chat(page, operator_api, "start")
    for text in CORPUS:
        page.send(text)
        operator_api.visitor(visitor, "/messages", {"text": "op " + text})
        operator_api.visitor(visitor, "/messages", {"text": "info " + text, "kind": "info"})
    for text in CORPUS:
        item = page.wait_text("operator", "op " + text)
        assert page.text_of(item) == "op " + text
        page.wait_text("info", "info " + text)
    for item in page.items():
        element = item.find_element(By.CSS_SELECTOR, "[data-message-text]")
        assert driver.execute_script("return arguments[0].querySelectorAll(':not(a.transcript-link)').length", element) == 0
    assert_inert(driver)
    assert page.uncaught_errors() == []


def test_hostile_file_names_keyboard_buttons_and_quotes_are_inert(page, operator_api, driver):
    import base64

    visitor = start_manual_chat(page, operator_api, CORPUS[1])
    for index, text in enumerate(CORPUS):
        operator_api.visitor(
            visitor, "/files", {"filename": f"{text}.txt", "base64": base64.b64encode(b"x").decode(), "contentType": "text/plain"}
        )
        operator_api.visitor(visitor, "/keyboard", {"rows": [[{"id": f"b{index}", "text": text}]]})
        # A button that would link to anything but a web address is refused before it reaches a page.
        with pytest.raises(urllib.error.HTTPError) as refused:
            operator_api.visitor(visitor, "/keyboard", {"rows": [[{"id": f"u{index}", "text": "link", "url": text}]]})
        assert refused.value.code == 400
    page.wait.until(lambda d: len(page.items("keyboard")) == len(CORPUS))
    page.wait.until(lambda d: len(page.items("fileFromOperator")) == len(CORPUS))
    texts = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-button-id^=\"b\"]')).map((b) => b.firstChild.textContent)"
    )
    assert sorted(texts) == sorted(CORPUS)
    names = driver.execute_script(
        "return Array.from(document.querySelectorAll('.transcript-file-name')).map((n) => n.textContent)"
    )
    assert sorted(names) == sorted(f"{t}.txt" for t in CORPUS)
    assert_inert(driver)


def service_message_id(operator_api, visitor: str, kind: str, text: str) -> str:
    """The service's id of the visitor's chat message of this kind and text."""
    for chat in operator_api.call("GET", "/chats"):
        if chat["visitorId"] == visitor and chat.get("chat"):
            for message in chat["chat"]["messages"]:
                if message["kind"] == kind and message["text"] == text:
                    return message["id"]
    raise AssertionError(f"the service has no {kind} message {text!r}")


def test_hostile_quoted_text_is_inert(page, operator_api, driver):
    from selenium.webdriver.common.keys import Keys

    visitor = start_manual_chat(page, operator_api, "start")
    # The operator quotes each hostile message of the visitor's.
    for index, text in enumerate(CORPUS):
        page.send(text)
        quoted = service_message_id(operator_api, visitor, "visitor", text)
        operator_api.visitor(visitor, "/messages", {"text": f"re {index}", "quote": {"messageId": quoted}})
    for index, text in enumerate(CORPUS):
        item = page.wait_text("operator", f"re {index}")
        quote = item.find_element(By.CSS_SELECTOR, "[data-message-quote]")
        page.wait.until(lambda d: quote.get_attribute("data-quote-state") == "filled")
        assert quote.find_element(By.CSS_SELECTOR, "[data-quote-text]").text == text
        # Only the quote's own two lines: nothing from the quoted text became an element.
        assert driver.execute_script("return arguments[0].querySelectorAll('*').length", quote) == 2

    # The visitor replies to a hostile operator message: the chip and the sent quote stay text.
    hostile = CORPUS[1]
    operator_api.visitor(visitor, "/messages", {"text": hostile})
    item = page.wait_text("operator", hostile)
    item.find_element(By.CSS_SELECTOR, '[data-action="reply"]').click()
    chip = driver.find_element(By.CSS_SELECTOR, "[data-composer-chip]")
    assert chip.find_element(By.CSS_SELECTOR, "[data-composer-chip-text]").text == f"Replying to Console Operator: {hostile}"
    assert driver.execute_script("return arguments[0].querySelectorAll('img, script, svg, iframe').length", chip) == 0
    page.composer().send_keys("my reply" + Keys.ENTER)
    mine = page.wait_item(
        "visitor", lambda i: page.text_of(i) == "my reply" and i.get_attribute("data-send-status") == "sent"
    )
    assert mine.find_element(By.CSS_SELECTOR, "[data-quote-text]").text == hostile
    assert_inert(driver)
    assert page.uncaught_errors() == []
