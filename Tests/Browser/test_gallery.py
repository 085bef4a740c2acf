"""The tester's gallery (`GET /inspect`): the `gallery` scenario in four looks, with raw-JSON toggles."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

STATES_JS = """
const states = (selector, name) => Array.from(document.querySelectorAll(selector)).map((e) => e.dataset[name]);
return {
  keyboards: states('[data-message-keyboard]:not([hidden])', 'keyboardState'),
  quotes: states('[data-message-quote]:not([hidden])', 'quoteState'),
  types: Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item')).map((e) => e.dataset.messageType),
};
"""

EXPECTED_TYPES = {
    "visitor",
    "info",
    "operator",
    "operatorBusy",
    "contactInformationRequest",
    "actionRequest",
    "keyboard",
    "keyboardResponse",
    "fileFromOperator",
    "fileFromVisitor",
    "sticker",
}

VISITOR_FIXTURES_JS = """
const item = (type) => document.querySelector(`[data-transcript-list] > .transcript-item[data-message-type="${type}"]`);
const text = (type) => item(type)?.querySelector('[data-message-text]:not([hidden])')?.textContent ?? null;
const link = item('fileFromVisitor')?.querySelector('a[data-file-link]');
return {
  keyboardResponse: text('keyboardResponse'),
  sticker: text('sticker'),
  stickerAlt: item('sticker')?.querySelector('img[data-sticker-image]')?.alt ?? null,
  file: link ? { name: link.querySelector('.transcript-file-name').textContent, path: new URL(link.href).pathname } : null,
  kinds: ['keyboardResponse', 'fileFromVisitor', 'sticker'].map((type) => item(type)?.dataset.messageKind ?? null),
  several: Array.from(document.querySelectorAll('[data-message-type="fileFromVisitor"]'))
    .map((e) => e.querySelectorAll('[data-message-files] > *').length).filter((n) => n > 1),
  caption: Array.from(document.querySelectorAll('[data-message-type="visitor"] [data-message-text]'))
    .some((e) => e.textContent === 'Three files in one message, and this caption'),
};
"""

#: What the operator's two requests show: the contact form's visible fields, the action request's button.
REQUESTS_JS = """
const item = (type) => document.querySelector(`[data-transcript-list] > .transcript-item[data-message-type="${type}"]`);
return {
  contactFields: Array.from(item('contactInformationRequest')?.querySelectorAll('input') ?? []).filter((i) => i.checkVisibility()).length,
  actionButton: item('actionRequest')?.querySelector('[data-message-action-request] button')?.textContent ?? null,
};
"""


def gallery_frames(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/inspect")
    return wait.until(
        lambda d: (found := d.find_elements(By.CSS_SELECTOR, "iframe[data-inspect-frame]")) and len(found) == 4 and found,
        "the gallery never showed four frames",
    )


def wait_for_every_state(driver, wait):
    def complete(_):
        seen = driver.execute_script(STATES_JS)
        keyboards, quotes, types = set(seen["keyboards"]), seen["quotes"], set(seen["types"])
        return (
            {"pending", "completed", "canceled"} <= keyboards
            and quotes.count("filled") >= 2
            and {"notFound", "pending"} <= set(quotes)
            and EXPECTED_TYPES <= types
            and seen
        )

    return wait.until(complete, "the gallery never showed every keyboard, quote and message type")


def test_the_gallery_shows_every_keyboard_and_quote_state(driver, wait, widget_url):
    frames = gallery_frames(driver, wait, widget_url)
    looks = []
    for frame in frames:
        driver.switch_to.default_content()
        driver.switch_to.frame(frame)
        wait_for_every_state(driver, wait)
        # The messages are on screen, so none is unread: a frame has no focus, and that is no reason to count them.
        badge = driver.find_element(By.CSS_SELECTOR, "[data-unread-badge]")
        wait.until(lambda d: not badge.is_displayed(), "the frame's unread badge counted the messages on screen")
        html = driver.find_element(By.TAG_NAME, "html")
        looks.append((html.get_attribute("data-theme"), html.get_attribute("dir")))
        # The visitor's own kinds, recorded by the scenario's fixture steps, render as the visitor's bubbles.
        fixtures = driver.execute_script(VISITOR_FIXTURES_JS)
        assert fixtures["keyboardResponse"] == "Completed: the chosen button", fixtures
        # Sticker 7 is the widget's star: its picture, named by its alt text, with no "Sticker 7" line.
        assert fixtures["sticker"] is None and fixtures["stickerAlt"] == "Star", fixtures
        assert fixtures["file"] is not None and fixtures["file"]["name"] == "notes.txt", fixtures
        assert fixtures["file"]["path"].startswith("/api/tabs/"), fixtures
        assert fixtures["kinds"] == ["visitor", "visitor", "visitor"], fixtures
        # A file's size and type keep their own direction: on a right-to-left page too they read "64 bytes · text/plain".
        meta = "return getComputedStyle(document.querySelector('[data-message-type=\"fileFromVisitor\"] .transcript-file-meta')).direction"
        assert driver.execute_script(meta) == "ltr"
        # A message of several files is one bubble with each file, its caption the visitor's message after it.
        assert fixtures["several"] == [3] and fixtures["caption"], fixtures
        # The operator's requests are a form and a button, each in every look.
        wait.until(
            lambda d: d.execute_script(REQUESTS_JS) == {"contactFields": 3, "actionButton": "Yes, please"},
            "the gallery's contacts request lacks its form, or its action request its button",
        )
    assert looks == [("light", "ltr"), ("dark", "ltr"), ("light", "rtl"), ("dark", "rtl")]

    # The last frame is still selected: its completed keyboard shows the chosen button; the pending
    # one offers a URL and an insert-text button; one quote is of a file.
    completed = driver.find_element(By.CSS_SELECTOR, '[data-keyboard-state="completed"] [data-selected]')
    assert completed.get_attribute("data-button-id") == "yes"
    pending = driver.find_element(By.CSS_SELECTOR, '[data-keyboard-state="pending"]')
    assert pending.find_elements(By.CSS_SELECTOR, "[data-insert]"), "no insert-text button"
    assert pending.find_elements(By.CSS_SELECTOR, 'a[href^="https://webim.ru"]'), "no URL button"
    quoted_file = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-message-quote][data-quote-state=\"filled\"]'))"
        ".map((q) => q.textContent).join('|')"
    )
    assert "sunset.png" in quoted_file, quoted_file
    # The visitor's file downloads through the tab's file route.
    downloaded = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const link = document.querySelector('[data-message-type=\"fileFromVisitor\"] a[data-file-link]');"
        "fetch(link.href).then((r) => r.text()).then(done, (e) => done(String(e)));"
    )
    assert downloaded.startswith("A tiny text file"), downloaded


def test_the_raw_json_toggle_shows_the_event_and_the_message(driver, wait, widget_url):
    frames = gallery_frames(driver, wait, widget_url)
    driver.switch_to.frame(frames[0])
    wait_for_every_state(driver, wait)
    item = driver.find_element(By.XPATH, "//*[@data-keyboard-state='completed']/ancestor::li[contains(@class,'transcript-item')]")
    toggle = item.find_element(By.CSS_SELECTOR, "[data-inspect-toggle]")
    pane = item.find_element(By.CSS_SELECTOR, "[data-inspect-json]")
    assert not pane.is_displayed()
    toggle.click()
    wait.until(EC.visibility_of(pane))
    text = pane.text
    assert text.startswith("event: ") and "\nid: " in text and "message:" in text, text
    assert '"type": "keyboard"' in text and '"state": "completed"' in text, text
    assert toggle.get_attribute("aria-expanded") == "true"
    # Inserted as text: the JSON's quotes and braces are characters, not markup.
    assert driver.execute_script("return arguments[0].children.length", pane) == 0
    toggle.click()
    wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-inspect-json]:not([hidden])")))


SHOWN_JS = "const e = document.querySelector(arguments[0]); return Boolean(e && !e.hidden && e.checkVisibility())"


#: What a visitor refused from the first visit reads, by state.
REFUSALS = {"banned": "This chat is no longer available to you.", "blocked": "This chat is closed for now."}


@pytest.mark.parametrize(
    ("state", "location", "selector"),
    [
        ("new-visitor", "manual", "[data-transcript-empty]"),
        ("offline", "offline", "[data-offline-form]"),
        ("blocked", "blocked", '[data-connection-banner][data-state="failed"]'),
        ("prechat", "prechat", "form[data-prechat]"),
        ("ongoing", "state-ongoing", '[data-message-type="operator"]:last-child'),
        ("busy", "state-busy", '[data-message-type="operatorBusy"]'),
        ("banned", "state-banned", '[data-connection-banner][data-state="failed"]'),
        ("keyboard-pending", "state-keyboard-pending", '[data-keyboard-state="pending"]'),
        ("keyboard-completed", "state-keyboard-completed", '[data-keyboard-state="completed"]'),
        ("quotes", "state-quotes", '[data-quote-state="notFound"]'),
        ("invitation", "invitation", "[data-invitation-bar]"),
        ("survey-stars", "gallery-survey-stars", '[data-survey][data-survey-type="stars"]'),
        ("survey-radio", "gallery-survey-radio", '[data-survey][data-survey-type="radio"]'),
        ("survey-comment", "gallery-survey-comment", '[data-survey][data-survey-type="comment"]'),
    ],
)
def test_a_gallery_state_shows_in_the_four_looks(driver, wait, widget_url, state, location, selector):
    driver.get(widget_url.rstrip("/") + f"/inspect?state={state}")
    frames = wait.until(
        lambda d: (found := d.find_elements(By.CSS_SELECTOR, "iframe[data-inspect-frame]")) and len(found) == 4 and found,
        "the gallery never showed four frames",
    )
    current = driver.find_element(By.CSS_SELECTOR, '.preview-states [aria-current="page"]')
    assert current.get_attribute("href").endswith(f"/inspect?state={state}")
    assert all(f"location={location}&" in frame.get_attribute("src") for frame in frames)
    for frame in frames:
        driver.switch_to.default_content()
        driver.switch_to.frame(frame)
        wait.until(lambda d: d.execute_script(SHOWN_JS, selector), f"a frame of {state} never showed {selector}")
        if state in REFUSALS:
            # Refused from its first visit, the page still says why in its own words, not the generic failure.
            banner = driver.find_element(By.CSS_SELECTOR, "[data-connection-banner]")
            wait.until(lambda d: banner.text == REFUSALS[state], f"the banner says {banner.text!r}")
            # Nor does it offer a chat the service refuses: no action in the header would reach it.
            offered = [
                hook
                for hook in ("chat-start", "chat-close", "rate-open", "transcript-open")
                if any(button.is_displayed() for button in driver.find_elements(By.CSS_SELECTOR, f"[data-{hook}]"))
            ]
            assert offered == [], f"a refused visitor is offered {offered}"
            # Nor invited to write: the composer takes nothing, and the empty chat's "send a message" is gone.
            assert not driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").is_enabled()
            assert not driver.find_element(By.CSS_SELECTOR, "[data-composer-send]").is_enabled()
            assert not driver.find_element(By.CSS_SELECTOR, "[data-transcript-empty]").is_displayed()
    driver.switch_to.default_content()


def test_an_unknown_gallery_state_is_refused_by_name(widget_url):
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(widget_url.rstrip("/") + "/inspect?state=nope", timeout=10)
    assert refused.value.code == 400
    assert json.loads(refused.value.read())["error"]["field"] == "state"


def test_the_gallery_offers_every_locale_and_the_pseudo_locale(driver, wait, widget_url):
    """A tester picks the gallery's language from its own list: every locale and `qps`, each link keeping the state;
    the chosen one is marked and reaches the four frames."""
    driver.get(widget_url.rstrip("/") + "/inspect?state=prechat")
    chooser = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "details.preview-locales")))
    assert "Language: auto" in chooser.find_element(By.TAG_NAME, "summary").text
    links = chooser.find_elements(By.CSS_SELECTOR, ".preview-locale-list a")
    codes = [link.get_attribute("data-locale") for link in links]
    assert len(codes) == 18 and codes[-1] == "qps" and {"en", "ar", "he", "ja", "pt-BR"} <= set(codes), codes
    assert all(link.get_attribute("href").endswith(f"/inspect?state=prechat&locale={code}") for link, code in zip(links, codes))
    chooser.find_element(By.TAG_NAME, "summary").click()
    links[-1].click()
    frames = wait.until(
        lambda d: (found := d.find_elements(By.CSS_SELECTOR, "iframe[data-inspect-frame]")) and "locale=qps" in found[0].get_attribute("src") and found,
        "the frames never took the pseudo-locale",
    )
    assert all(frame.get_attribute("src").endswith("&locale=qps") for frame in frames)
    assert driver.find_element(By.CSS_SELECTOR, '.preview-locale-list [aria-current="true"]').get_attribute("data-locale") == "qps"


def test_the_preview_reads_the_chat_services_named_states(widget_url):
    """`/preview/states` hands the page the embedded service's named states, each a location with a scenario."""
    with urllib.request.urlopen(widget_url.rstrip("/") + "/preview/states", timeout=10) as answer:
        states = json.load(answer)["states"]
    names = [state["name"] for state in states]
    assert names[0] == "messages" and {"ongoing", "busy", "banned", "quotes", "kiosk"} <= set(names), names
    assert all(state["location"] and state["caption"] and state["summary"] for state in states)
    assert next(state for state in states if state["name"] == "kiosk")["page"].startswith("mode=kiosk")
