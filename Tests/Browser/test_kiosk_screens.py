"""A kiosk on the screens it stands on, used by touch (Chromium's CDP touch events): a 1080×1920 portrait screen, a
1920×1080 landscape one and a 1280×800 tablet. The attract screen, the layout (text, 56 px targets, everything a
visitor does in the lower 60 % of the screen), the comforts, a language chosen at the screen, and a chat service that
is down."""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from axe_audit import audit, blocking, report

from touch import LANDSCAPE, PORTRAIT, TABLET, tap, tap_css, touch_screen

#: (width, height) of each screen, by name.
SCREENS = {"portrait": PORTRAIT, "landscape": LANDSCAPE, "tablet": TABLET}

#: The kiosk's languages; `sw` has no strings, so the attract screen does not offer it (its keyboard is English's).
LANGUAGES = "en,ru,ar,he,sw"


@pytest.fixture
def server_args() -> list[str]:
    return ["--kiosk-languages", LANGUAGES]


def emulate(driver, screen: str) -> tuple[int, int]:
    """Makes the browser a touch screen of the named size; returns (width, height)."""
    touch_screen(driver, SCREENS[screen])
    return SCREENS[screen]


def open_attract_screen(page, query: str = "location=manual&mode=kiosk"):
    page.driver.get(page.url + "?" + query)
    page.wait.until(
        lambda d: d.execute_script(
            "return document.body.dataset.ready === 'true' && !document.querySelector('[data-kiosk-attract]').hidden"
            " && document.querySelector('[data-kiosk-attract-status]').textContent !== ''"
        ),
        "the attract screen never showed with the location's state",
    )
    return page.driver.find_element(By.CSS_SELECTOR, "[data-kiosk-attract]")


def start_by_touch(page):
    tap_css(page.driver, "[data-kiosk-attract-start]")
    page.wait.until(
        lambda d: d.execute_script(
            "return document.querySelector('[data-connection-banner]').dataset.state === 'live'"
            " && document.querySelector('[data-kiosk-attract]').hidden"
        ),
        "a touch on the attract screen did not start the chat",
    )


def rect(driver, selector: str) -> dict:
    return driver.execute_script("return document.querySelector(arguments[0])?.getBoundingClientRect().toJSON()", selector)


#: Every control a finger may meet, visible and smaller than 56 × 56 CSS px (a field's label is not one: its field is).
SMALL_TARGETS_JS = """
const small = [];
for (const element of document.querySelectorAll('button, a[href], input, textarea, select, .composer-attach')) {
  const r = element.getBoundingClientRect();
  const hidden = r.width === 0 || r.height === 0 || element.closest('[hidden], .kit-visually-hidden, [inert]')
    || getComputedStyle(element).visibility === 'hidden';
  if (hidden || element.matches('input[type=file]')) continue;
  if (r.width < 56 || r.height < 56) small.push(`${element.outerHTML.slice(0, 80)} ${Math.round(r.width)}×${Math.round(r.height)}`);
}
return small;
"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_visitor_chats_by_touch_alone_and_leaves_nothing(page, driver, server, operator_api, screen):
    """Taps the attract screen's Русский, types on the on-screen keyboard, gets an answer, walks away."""
    emulate(driver, screen)
    open_attract_screen(page, "location=manual&mode=kiosk&idle=6&countdown=2")
    tap_css(driver, '[data-kiosk-language="ru"]')
    page.wait.until(
        lambda d: d.execute_script(
            "return document.documentElement.lang === 'ru' && document.body.dataset.ready === 'true'"
            " && document.querySelector('[data-connection-banner]').dataset.state === 'live'"
        ),
        "choosing Русский did not open the chat in Russian",
    )
    tap(driver, page.composer())
    keyboard = page.wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-onscreen-keyboard]:not([hidden])"), "no on-screen keyboard"
    )
    for letter in "привет":
        tap_css(driver, f'[data-onscreen-keyboard] [data-key="{letter}"]')
    assert page.composer().get_attribute("value") == "привет"
    # The composer's own Send sends and leaves the keyboard open, the focus in the composer, for the next message.
    tap_css(driver, "[data-composer-send]")
    page.wait_item("visitor", lambda item: page.text_of(item) == "привет" and item.get_attribute("data-send-status") == "sent")
    assert keyboard.is_displayed() and driver.execute_script(
        "return document.activeElement === document.querySelector('[data-composer-input]')"
    ), "Send closed the keyboard"
    tab = driver.execute_script("return JSON.parse(sessionStorage.getItem('webim-widget.chat.manual')).tabId")
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "Здравствуйте! Чем помочь?"})
    page.wait_text("operator", "Чем помочь?")

    # The visitor walks away: the countdown, then the attract screen, in the kiosk's own language, with nothing left.
    page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-kiosk-countdown]").is_displayed(), "no countdown")
    open_attract_screen_after_reset(page)
    assert driver.execute_script("return document.documentElement.lang") == "en"
    assert page.items() == [] and page.composer().get_attribute("value") == ""
    assert driver.find_elements(By.CSS_SELECTOR, "[data-onscreen-keyboard]:not([hidden])") == []
    assert driver.execute_script("return sessionStorage.length + localStorage.length") == 0
    assert not (Path(server.data_dir) / "widget" / "tabs" / tab).exists(), "the tab's data is still on the server"
    assert page.uncaught_errors() == []


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_kiosk_fits_each_screen(page, driver, operator_api, screen):
    width, height = emulate(driver, screen)
    attract = open_attract_screen(page)
    box = attract.rect
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, width, height), "the attract screen is not full-screen"
    assert driver.find_element(By.CSS_SELECTOR, "[data-kiosk-attract-title]").text == "Chat"
    assert "Tap here to chat" in attract.text and "erased when you leave" in attract.text
    languages = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "[data-kiosk-language]")]
    assert languages == ["English", "Русский", "العربية", "עברית"], "the attract screen offers a language it cannot speak"
    # Nothing of any visitor exists before a touch: no tab is kept, and the chat underneath is inert.
    assert driver.execute_script("return sessionStorage.length + localStorage.length") == 0
    assert driver.execute_script("return document.querySelector('.widget-frame').inert") is True
    violations = blocking(audit(driver))
    assert violations == [], f"attract screen, {screen}:\n{report(violations)}"

    start_by_touch(page)
    page.send("Where is the pharmacy?")
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "On the second floor, next to the lifts."})
    page.wait_text("operator", "second floor")

    # Read from arm's length: 1.4 × the desktop's 15 px.
    assert driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)") >= 21
    # Everything a visitor does is in the lower 60 % of the screen (reachable from a wheelchair), and on it.
    for selector in ("[data-composer-input]", "[data-composer-send]", "[data-kiosk-end]", "[data-kiosk-new]",
                     "[data-kiosk-text-size]", "[data-kiosk-contrast]", "[data-chat-close]"):
        box = rect(driver, selector)
        assert box is not None and box["height"] > 0, f"{selector} is not shown"
        assert box["top"] >= 0.4 * height and box["bottom"] <= height, f"{screen}: {selector} is out of reach: {box}"
    # The newest message sits just above the composer, not in the top third.
    newest = driver.execute_script("return [...document.querySelectorAll('.transcript-item')].at(-1).getBoundingClientRect().bottom")
    assert newest >= rect(driver, "[data-composer-input]")["top"] - 200, "the newest message is far from the composer"
    assert driver.execute_script(SMALL_TARGETS_JS) == [], f"{screen}: targets under 56 px"
    # A finger drags to scroll and never starts a selection; double-tap zoom is off, pinch zoom stays (axe checks it).
    style = driver.execute_script("const s = getComputedStyle(document.body); return [s.userSelect, s.touchAction]")
    assert style == ["none", "manipulation"], style
    violations = blocking(audit(driver))
    assert violations == [], f"chat, {screen}:\n{report(violations)}"
    assert page.uncaught_errors() == []


def test_the_pre_chat_form_is_within_reach(page, driver):
    _, height = emulate(driver, "portrait")
    open_attract_screen(page, "location=prechat&mode=kiosk")
    start_by_touch(page)
    page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-prechat-start]").is_displayed(), "no pre-chat form")
    for selector in ("[data-prechat-start]", '[data-prechat-field="name"]', "[data-prechat-question]"):
        box = rect(driver, selector)
        assert box["top"] >= 0.4 * height and box["bottom"] <= height, f"{selector} is out of reach: {box}"
    assert driver.execute_script(SMALL_TARGETS_JS) == [], "targets under 56 px"
    # The on-screen keyboard types into the form's fields as into the composer, and leaves the field in sight.
    name = driver.find_element(By.CSS_SELECTOR, '[data-prechat-field="name"]')
    tap(driver, name)
    page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-onscreen-keyboard]:not([hidden])"), "no keyboard")
    for key in ("shift", "a", "n", "n"):
        tap_css(driver, f'[data-onscreen-keyboard] [data-key="{key}"]')
    assert name.get_attribute("value") == "Ann"
    field, keys = rect(driver, '[data-prechat-field="name"]'), rect(driver, "[data-onscreen-keyboard]")
    assert field["top"] >= 0 and field["bottom"] <= keys["top"], "the keyboard covers the field it types into"


def test_a_language_chosen_at_the_screen_lasts_until_the_visitor_leaves(page, driver, server):
    emulate(driver, "portrait")
    open_attract_screen(page)
    tap_css(driver, '[data-kiosk-language="ru"]')
    page.wait.until(
        lambda d: d.execute_script(
            "return document.documentElement.lang === 'ru' && document.querySelector('[data-kiosk-attract]').hidden"
            " && document.querySelector('[data-connection-banner]').dataset.state === 'live'"
        ),
        "choosing Русский did not open the chat in Russian",
    )
    assert driver.current_url.endswith("mode=kiosk"), "the choice stayed in the address, where a reload would keep it"
    assert page.composer().get_attribute("placeholder") != "Type a message…"
    assert driver.find_element(By.CSS_SELECTOR, "[data-kiosk-end]").text == "Завершить и стереть"
    page.send("Здравствуйте")

    tap_css(driver, "[data-kiosk-end]")
    yes = page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-kiosk-confirm-yes]"))
    assert yes.text == "Да, завершить и стереть"
    tap(driver, yes)
    # The next visitor meets the kiosk's own language again, and nothing of this one.
    open_attract_screen_after_reset(page)
    assert driver.execute_script("return document.documentElement.lang") == "en"
    assert page.items() == []
    assert driver.execute_script("return sessionStorage.length + localStorage.length") == 0
    assert page.uncaught_errors() == []


def open_attract_screen_after_reset(page):
    page.wait.until(
        lambda d: d.execute_script(
            "return document.body.dataset.ready === 'true' && !document.body.dataset.kioskResetting"
            " && !document.querySelector('[data-kiosk-attract]').hidden"
        ),
        "the attract screen never came back",
    )


def test_high_contrast_wins_over_the_pages_own_colours(page, driver):
    """A kiosk configured with its brand's colours still turns white on black with yellow for what acts."""
    emulate(driver, "tablet")
    open_attract_screen(page, "location=manual&mode=kiosk&accent=%23e11d48&visitorBubble=%23777777")
    start_by_touch(page)
    send = lambda: driver.execute_script(  # noqa: E731
        "return getComputedStyle(document.querySelector('[data-composer-send]')).backgroundColor"
    )
    assert send() == "rgb(225, 29, 72)", "the page's accent was not applied to begin with"
    tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-kiosk-contrast]"))
    # Send eases into its new colour.
    page.wait.until(lambda d: send() == "rgb(255, 212, 0)", "high contrast kept the page's accent on Send")
    bubble = driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--chat-visitor-bubble')")
    assert bubble.strip() == "#ffd400", f"high contrast kept the page's visitor bubble: {bubble}"


def test_larger_text_and_high_contrast_last_for_one_visitor(page, driver):
    emulate(driver, "tablet")
    open_attract_screen(page)
    start_by_touch(page)
    size = lambda: driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)")  # noqa: E731
    background = lambda: driver.execute_script(  # noqa: E731
        "return getComputedStyle(document.querySelector('.transcript')).backgroundColor + ' '"
        " + getComputedStyle(document.body).backgroundColor"
    )
    normal_size, normal_background = size(), background()

    larger = driver.find_element(By.CSS_SELECTOR, "[data-kiosk-text-size]")
    contrast = driver.find_element(By.CSS_SELECTOR, "[data-kiosk-contrast]")
    assert larger.get_attribute("aria-pressed") == contrast.get_attribute("aria-pressed") == "false"
    tap(driver, larger)
    tap(driver, contrast)
    assert larger.get_attribute("aria-pressed") == contrast.get_attribute("aria-pressed") == "true"
    assert size() >= normal_size * 1.2, "Larger text did not enlarge the text"
    assert background() != normal_background and "rgb(0, 0, 0)" in background(), "High contrast did not darken the page"
    violations = blocking(audit(driver))
    assert violations == [], f"high contrast, larger text:\n{report(violations)}"
    # Pressed again, each goes back.
    tap(driver, larger)
    assert larger.get_attribute("aria-pressed") == "false" and size() == normal_size
    tap(driver, larger)

    tap_css(driver, "[data-kiosk-new]")
    tap(driver, page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-kiosk-confirm-yes]")))
    # "Start new chat" goes straight into a fresh chat, with neither comfort of the visitor before.
    page.wait.until(
        lambda d: d.execute_script(
            "return document.body.dataset.ready === 'true' && !document.body.dataset.kioskResetting"
            " && document.querySelector('[data-kiosk-attract]').hidden"
            " && document.querySelector('[data-connection-banner]').dataset.state === 'live'"
        ),
        "Start new chat did not open a fresh chat",
    )
    assert size() == normal_size and background() == normal_background
    assert driver.find_element(By.CSS_SELECTOR, "[data-kiosk-contrast]").get_attribute("aria-pressed") == "false"
    assert page.uncaught_errors() == []


@pytest.mark.parametrize("server_args", [["--account", "http://127.0.0.1:9"]], ids=["service-down"])
def test_a_kiosk_says_when_the_chat_service_is_down_and_still_resets(page, driver, server):
    emulate(driver, "portrait")
    open_attract_screen(page)
    status = driver.find_element(By.CSS_SELECTOR, "[data-kiosk-attract-status]")
    assert status.get_attribute("data-status") == "unreachable"
    assert status.text == "The chat is not available right now. Please try again later."

    start_by_touch(page)
    notice = driver.find_element(By.CSS_SELECTOR, "[data-kiosk-service-down]")
    assert notice.is_displayed() and "not answering" in notice.text
    assert rect(driver, "[data-kiosk-service-down]")["top"] >= 0.4 * SCREENS["portrait"][1]
    tab = page.wait.until(lambda d: d.execute_script("return JSON.parse(sessionStorage.getItem('webim-widget.chat.manual') ?? 'null')?.tabId"))
    folder = Path(server.data_dir) / "widget" / "tabs" / tab
    assert folder.is_dir(), "the tab keeps no data folder; the check below would prove nothing"

    tap_css(driver, "[data-kiosk-end]")
    tap(driver, page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-kiosk-confirm-yes]")))
    open_attract_screen_after_reset(page)
    assert driver.execute_script("return sessionStorage.length + localStorage.length") == 0
    assert not folder.exists(), "the reset left the tab's data on the server"
    assert page.uncaught_errors() == []
