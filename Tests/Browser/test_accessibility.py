"""The visitor's pages pass an axe-core audit (WCAG 2.x A/AA rules and best practices): no serious or critical
violation on the widget page (light, dark, right-to-left), the kiosk page, the developer preview and the gallery.

Each widget page shows a chat with every common part first: the visitor's message, the operator's answer with a link
and a quote, a keyboard with a link button, an image with a caption, a system message. Moderate and minor findings are
printed (run with `-s`) but do not fail the audit.
"""

from __future__ import annotations

import base64

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from axe_audit import audit, blocking, by_impact, report
from test_gallery import gallery_frames, wait_for_every_state

#: A 1×1 PNG, so that the transcript shows an image preview with its alternative text.
PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)

#: The looks of the widget page the audit covers: the query each adds.
LOOKS = {
    "light": "dark=0",
    "dark": "dark=1",
    "rtl": "dir=rtl",
    "kiosk": "mode=kiosk&dark=0",
    "kiosk-dark": "mode=kiosk&dark=1",
}


def assert_no_blocking_violations(results: dict, where: str) -> None:
    counts = dict(by_impact(results))
    print(f"\naxe on {where}: {counts or 'no violations'}")
    if results["violations"]:
        print(report(results["violations"]))
    assert blocking(results) == [], f"{where}: {counts}\n{report(blocking(results))}"


def fill_chat(page, operator_api):
    """A chat showing the common parts: texts, a link, a quote, a keyboard, an image with a caption, a system line."""
    question = "Where is my order?"
    page.send(question)
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    quoted = next(
        m["id"]
        for chat in operator_api.call("GET", "/chats")
        if chat["visitorId"] == visitor and chat.get("chat")
        for m in chat["chat"]["messages"]
        if m["kind"] == "visitor" and m["text"] == question
    )
    operator_api.visitor(visitor, "/messages", {"text": "It ships today, see https://example.com/track", "quote": {"messageId": quoted}})
    operator_api.visitor(visitor, "/messages", {"text": "The operator joined the chat", "kind": "info"})
    rows = [[{"id": "yes", "text": "Thanks"}, {"id": "docs", "text": "Tracking help", "url": "https://example.com/help"}]]
    operator_api.visitor(visitor, "/keyboard", {"rows": rows})
    image = {"filename": "parcel.png", "contentType": "image/png", "base64": base64.b64encode(PIXEL_PNG).decode()}
    operator_api.visitor(visitor, "/files", {**image, "caption": "Your parcel"})
    page.wait_item("keyboard", message="the keyboard never showed")
    page.wait_item("fileFromOperator", message="the image never showed")
    page.wait.until(
        lambda d: d.execute_script(
            "return Array.from(document.querySelectorAll('.transcript-thumb-image')).every((i) => i.complete)"
            " && document.querySelector('[data-message-quote][data-quote-state=\"filled\"]') !== null"
        ),
        "the image or the quote never finished",
    )
    return visitor


@pytest.mark.parametrize("look", list(LOOKS))
def test_widget_page_has_no_serious_accessibility_violations(page, operator_api, driver, look):
    page.open("location=manual&" + LOOKS[look])
    fill_chat(page, operator_api)
    if look.startswith("kiosk"):
        # The confirmation of "Start new chat" is part of the kiosk page too.
        driver.find_element(By.CSS_SELECTOR, "[data-kiosk-new]").click()
        page.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-kiosk-confirm]")))
    assert_no_blocking_violations(audit(driver), f"the widget page ({look})")


def test_preview_has_no_serious_accessibility_violations(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview")
    wait.until(
        lambda d: d.execute_script(
            "const frames = Array.from(document.querySelectorAll('iframe[data-preview-frame]'));"
            "return frames.length > 0 && frames.every((f) => f.contentDocument?.body?.dataset.ready === 'true')"
        ),
        "the preview's frames never got ready",
    )
    assert_no_blocking_violations(audit(driver, "iframe[data-preview-frame]"), "the preview")


def test_gallery_has_no_serious_accessibility_violations(driver, wait, widget_url):
    frames = gallery_frames(driver, wait, widget_url)
    for frame in frames:
        driver.switch_to.default_content()
        driver.switch_to.frame(frame)
        wait_for_every_state(driver, wait)
    driver.switch_to.default_content()
    assert_no_blocking_violations(audit(driver, "iframe[data-inspect-frame]"), "the gallery")
