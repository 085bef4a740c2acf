"""The kiosk's on-screen keyboard (Public/js/components/onscreen-keyboard.js) on an emulated touch screen.

Taps are DevTools touch events (touch.py), so the page sees a finger: pointerType "touch", focus, click.
"""

from __future__ import annotations

import pytest
from axe_audit import audit, blocking, report
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from touch import LANDSCAPE, PORTRAIT, TABLET, centre, tap, tap_css, touch_end, touch_screen, touch_start

KEYBOARD = "[data-onscreen-keyboard]"
ANNOUNCE = "[data-onscreen-keyboard-announce]"
COMPOSER = "[data-composer-input]"

#: How the page's own script sees the keyboard and the composer.
STATE_JS = """
const keyboard = document.querySelector('[data-onscreen-keyboard]');
const composer = document.querySelector('[data-composer-input]');
return {
  present: keyboard !== null,
  open: keyboard !== null && !keyboard.hidden && keyboard.getBoundingClientRect().height > 0,
  layout: keyboard?.dataset.layout ?? null,
  dir: keyboard?.dir ?? null,
  value: composer?.value ?? null,
  composerFocused: document.activeElement === composer,
  said: document.querySelector('[data-onscreen-keyboard-announce]')?.textContent ?? null,
};
"""


def state(driver) -> dict:
    return driver.execute_script(STATE_JS)


def key(driver, name: str):
    return driver.find_element(By.CSS_SELECTOR, f'{KEYBOARD} [data-key="{name}"]')


def open_kiosk(page, size=PORTRAIT, query: str = "keyboard=onscreen"):
    """A kiosk page on a touch screen of `size`, past its attract screen, with the keyboard's module loaded."""
    touch_screen(page.driver, size)
    page.open("mode=kiosk&location=manual&" + query)
    return page.wait.until(
        EC.presence_of_element_located((By.CSS_SELECTOR, KEYBOARD)), "the on-screen keyboard never came onto the page"
    )


def tap_composer_open(page):
    """Taps the composer and waits for the keyboard to be open below it."""
    tap_css(page.driver, COMPOSER)
    page.wait.until(lambda d: state(d)["open"], "the keyboard did not open on a touch of the composer")


def press(page, name: str, said: str | None = None):
    """Taps a key; the composer keeps the focus, and the live region says `said` when given."""
    tap(page.driver, key(page.driver, name))
    if said is not None:
        page.wait.until(lambda d: state(d)["said"] == said, f"the live region never said {said!r} for {name!r}")
    assert state(page.driver)["composerFocused"], f"the {name!r} key took the focus from the composer"


def wait_value(page, value: str):
    page.wait.until(lambda d: state(d)["value"] == value, f"the composer never read {value!r}")


def test_auto_opens_on_a_touch_of_the_composer_not_on_a_mouse_click(page):
    open_kiosk(page, query="keyboard=auto")
    composer = page.driver.find_element(By.CSS_SELECTOR, COMPOSER)
    composer.click()  # WebDriver's click is a mouse's
    page.wait.until(lambda d: state(d)["composerFocused"], "the click did not focus the composer")
    # The keyboard answers focus synchronously: by the next round trip it would be open.
    assert page.driver.execute_script("return new Promise((done) => requestAnimationFrame(() => done(true)))")
    assert not state(page.driver)["open"], "a mouse click opened the on-screen keyboard in auto mode"

    page.driver.execute_script("document.activeElement.blur()")
    tap(page.driver, composer)
    page.wait.until(lambda d: state(d)["open"], "a touch on the composer did not open the keyboard")
    assert state(page.driver)["composerFocused"]

    # The hide key closes it; a touch on the field (which still has the focus) opens it again.
    press(page, "hide", "Keyboard hidden")
    page.wait.until(lambda d: not state(d)["open"], "the hide key did not close the keyboard")
    tap(page.driver, composer)
    page.wait.until(lambda d: state(d)["open"], "a second touch on the composer did not open the keyboard again")


def test_typing_with_shift_backspace_and_space_then_enter_sends(page):
    open_kiosk(page)
    tap_composer_open(page)
    page.driver.execute_script(
        """
        window.seenInputs = [];
        const composer = document.querySelector('[data-composer-input]');
        composer.addEventListener('input', (event) => window.seenInputs.push(`${event.inputType}:${event.data}`));
        // A page may refuse a character in beforeinput; the keyboard must then type nothing.
        composer.addEventListener('beforeinput', (event) => { if (event.data === 'q') event.preventDefault(); });
        """
    )
    assert key(page.driver, "shift").get_attribute("aria-pressed") == "false"
    press(page, "shift", "Shift on")
    assert key(page.driver, "shift").get_attribute("aria-pressed") == "true"
    assert key(page.driver, "h").text == "H", "shift did not show capitals"
    press(page, "h", "H")
    wait_value(page, "H")
    assert key(page.driver, "shift").get_attribute("aria-pressed") == "false", "shift stayed on after one letter"
    press(page, "i", "i")
    press(page, "q")
    press(page, "space", "Space")
    wait_value(page, "Hi ")
    press(page, "x", "x")
    wait_value(page, "Hi x")
    press(page, "backspace", "Backspace")
    press(page, "backspace", "Backspace")
    wait_value(page, "Hi")
    assert page.driver.execute_script("return window.seenInputs") == [
        "insertText:H",
        "insertText:i",
        "insertText: ",
        "insertText:x",
        "deleteContentBackward:null",
        "deleteContentBackward:null",
    ]

    press(page, "enter", "Enter")
    page.wait_item(
        "visitor",
        lambda item: page.text_of(item) == "Hi" and item.get_attribute("data-send-status") == "sent",
        "Enter on the keyboard did not send the message",
    )
    wait_value(page, "")
    assert state(page.driver)["open"], "sending closed the keyboard"


def test_holding_backspace_repeats_and_a_tap_after_it_deletes_one(page):
    open_kiosk(page)
    tap_composer_open(page)
    page.driver.execute_script(
        "const c = document.querySelector('[data-composer-input]'); c.value = 'abcdefghij';"
        "c.setSelectionRange(10, 10);"
    )
    x, y = centre(page.driver, key(page.driver, "backspace"))
    touch_start(page.driver, x, y)
    page.wait.until(lambda d: len(state(d)["value"]) <= 7, "holding backspace did not repeat")
    touch_end(page.driver)
    held = state(page.driver)["value"]
    assert "abcdefghij".startswith(held) and held
    press(page, "backspace")
    wait_value(page, held[:-1])


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE, TABLET], ids=["portrait", "landscape", "tablet"])
def test_keys_are_large_and_the_composer_stays_above_the_keyboard(page, size):
    open_kiosk(page, size)
    tap_composer_open(page)
    boxes = page.driver.execute_script(
        """
        const box = (element) => element.getBoundingClientRect().toJSON();
        return {
          keyboard: box(document.querySelector('[data-onscreen-keyboard]')),
          composer: box(document.querySelector('[data-composer-input]')),
          keys: [...document.querySelectorAll('[data-onscreen-keyboard] [data-key]')].map((key) => ({ name: key.dataset.key, ...box(key) })),
        };
        """
    )
    width, height = size
    small = [(k["name"], round(k["width"]), round(k["height"])) for k in boxes["keys"] if k["width"] < 56 or k["height"] < 56]
    assert small == [], f"keys under 56 × 56 px at {size}: {small}"
    keyboard, composer = boxes["keyboard"], boxes["composer"]
    assert composer["bottom"] <= keyboard["top"] + 0.5, f"the keyboard covers the composer at {size}"
    assert composer["top"] >= 0, "the composer went off the top of the screen"
    assert keyboard["bottom"] <= height + 0.5 and keyboard["width"] <= 1100.5
    assert keyboard["height"] <= 0.4 * height, f"the keyboard takes {keyboard['height']:.0f} px of {height}"


def test_the_language_key_switches_to_russian_and_types_privet(page):
    open_kiosk(page)
    tap_composer_open(page)
    assert state(page.driver)["layout"] == "en"
    assert key(page.driver, "language").get_attribute("aria-label") == "Keyboard language: English"
    press(page, "language", "Russian keyboard")
    assert state(page.driver)["layout"] == "ru"
    assert key(page.driver, "language").text == "РУ"
    assert key(page.driver, "language").get_attribute("aria-label") == "Keyboard language: Russian"
    for letter in "привет":
        press(page, letter, letter)
    wait_value(page, "привет")
    # Back to English: the list is the kiosk's languages (en, ru by default).
    press(page, "language", "English keyboard")
    assert page.driver.find_elements(By.CSS_SELECTOR, f'{KEYBOARD} [data-key="п"]') == []


@pytest.mark.parametrize("server_args", [["--kiosk-languages", "ar,he"]], ids=["ar-he"])
def test_a_russian_page_starts_on_its_own_layout_named_in_russian_with_english_reachable(page):
    open_kiosk(page, query="keyboard=onscreen&locale=ru")
    tap_composer_open(page)
    keyboard = page.driver.find_element(By.CSS_SELECTOR, KEYBOARD)
    assert keyboard.get_attribute("aria-label") == "Экранная клавиатура"
    assert state(page.driver)["layout"] == "ru", "the page's own layout does not come first"
    assert key(page.driver, "backspace").get_attribute("aria-label") == "Стереть"
    press(page, "space", "Пробел")
    seen = []
    for _ in range(3):
        press(page, "language")
        seen.append(state(page.driver)["layout"])
    assert seen == ["ar", "he", "en"], "the language key does not go through the kiosk's layouts and English"
    assert state(page.driver)["said"] == "Раскладка: английский"


def test_the_symbols_layer_types_an_email_address(page):
    open_kiosk(page)
    tap_composer_open(page)
    for letter in "me":
        press(page, letter)
    press(page, "symbols", "Symbols")
    assert page.driver.find_elements(By.CSS_SELECTOR, f'{KEYBOARD} [data-key="m"]') == []
    press(page, "@", "@")
    press(page, "symbols", "Letters")
    for letter in "x":
        press(page, letter)
    press(page, ".", ".")
    wait_value(page, "me@x.")


@pytest.mark.parametrize("server_args", [["--kiosk-languages", "en,ar"]], ids=["en-ar"])
def test_arabic_letters_go_in_right_to_left(page):
    open_kiosk(page)
    tap_composer_open(page)
    assert key(page.driver, "language").get_attribute("aria-label") == "Keyboard language: English"
    press(page, "language", "Arabic keyboard")
    current = state(page.driver)
    assert current["layout"] == "ar" and current["dir"] == "rtl"
    assert page.driver.find_elements(By.CSS_SELECTOR, f'{KEYBOARD} [data-key="shift"]') == [], "Arabic has no shift"
    # The standard layout's top row: ض at the left, د at the right, as on a hardware keyboard.
    left, right = (key(page.driver, letter).rect["x"] for letter in ("ض", "د"))
    assert left < right
    for letter in "مرحبا":
        press(page, letter, letter)
    press(page, "؟", "؟")
    wait_value(page, "مرحبا؟")


#: A form as the pre-chat and offline panels have them, in the transcript: an e-mail input (no selection API) with
#: a maximum length, a password the keyboard leaves alone, and a record of the form's submissions.
FORM_JS = """
const form = document.createElement('form');
form.dataset.testForm = '';
const email = Object.assign(document.createElement('input'), { type: 'email', maxLength: 6 });
email.setAttribute('aria-label', 'E-mail');
email.dataset.testEmail = '';
const password = Object.assign(document.createElement('input'), { type: 'password' });
password.setAttribute('aria-label', 'Password');
password.dataset.testPassword = '';
form.append(email, password);
window.submitted = [];
form.addEventListener('submit', (event) => { event.preventDefault(); window.submitted.push(email.value); });
document.querySelector('[data-transcript]').prepend(form);
"""


def test_a_form_input_is_typed_into_and_enter_submits_its_form(page):
    open_kiosk(page, TABLET)
    page.driver.execute_script(FORM_JS)
    email = page.driver.find_element(By.CSS_SELECTOR, "[data-test-email]")
    tap(page.driver, email)
    page.wait.until(lambda d: state(d)["open"], "a touch on an e-mail input did not open the keyboard")
    keyboard = page.driver.find_element(By.CSS_SELECTOR, KEYBOARD).rect
    assert email.rect["y"] + email.rect["height"] <= keyboard["y"] + 0.5, "the keyboard covers the field"
    for name in ("m", "e", "symbols", "@", "symbols", "x", "."):
        tap(page.driver, key(page.driver, name))
    page.wait.until(lambda d: email.get_property("value") == "me@x.", "the e-mail input never read me@x.")
    for name in ("i", "o"):  # the maximum length is 6: "o" does not go in
        tap(page.driver, key(page.driver, name))
    page.wait.until(lambda d: email.get_property("value") == "me@x.i")
    assert page.driver.execute_script("return document.activeElement.dataset.testEmail === ''")
    tap(page.driver, key(page.driver, "enter"))
    page.wait.until(lambda d: d.execute_script("return window.submitted") == ["me@x.i"], "Enter did not submit the form")

    # A password field is not the keyboard's: touching it closes the keyboard.
    tap_css(page.driver, "[data-test-password]")
    page.wait.until(lambda d: not state(d)["open"], "the keyboard stayed open over a password field")


@pytest.mark.parametrize("server_args", [["--kiosk-languages", "en,fr"]], ids=["en-fr"])
def test_a_french_dead_key_accents_the_next_letter(page):
    open_kiosk(page)
    tap_composer_open(page)
    press(page, "language", "French keyboard")
    circumflex = key(page.driver, "^")
    assert circumflex.get_attribute("aria-label") == "Circumflex"
    press(page, "^", "Circumflex")
    assert key(page.driver, "^").get_attribute("aria-pressed") == "true"
    assert state(page.driver)["value"] == "", "a dead key typed by itself"
    press(page, "e", "ê")
    press(page, "t", "t")
    press(page, "e", "e")
    wait_value(page, "ête")
    assert key(page.driver, "^").get_attribute("aria-pressed") == "false"


@pytest.mark.parametrize("server_args", [["--kiosk-languages", "en,ar"]], ids=["en-ar"])
@pytest.mark.parametrize("look", ["light", "dark"])
def test_the_open_keyboard_has_no_serious_accessibility_violations(page, look):
    open_kiosk(page, query="keyboard=onscreen" + ("&dark=1" if look == "dark" else ""))
    tap_composer_open(page)
    for layout in ("en", "ar"):
        if layout == "ar":
            press(page, "language", "Arabic keyboard")
        violations = blocking(audit(page.driver))
        assert violations == [], f"{look}, {layout}:\n{report(violations)}"


def test_keyboard_off_puts_no_keyboard_on_the_page(page):
    touch_screen(page.driver, PORTRAIT)
    page.open("mode=kiosk&location=manual&keyboard=off")
    tap_css(page.driver, COMPOSER)
    page.wait.until(lambda d: state(d)["composerFocused"], "the touch did not focus the composer")
    assert page.driver.execute_script("return new Promise((done) => requestAnimationFrame(() => done(true)))")
    assert not state(page.driver)["present"], "keyboard=off still put a keyboard on the page"
    loaded = page.driver.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name)"
        ".filter((name) => name.includes('onscreen-keyboard') || name.includes('keyboard-layouts'))"
    )
    assert loaded == [], f"keyboard=off still loaded {loaded}"
