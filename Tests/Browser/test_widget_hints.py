"""Hints (issue 32): where the location offers them, suggested questions appear above the composer as the visitor
types; they are chosen with the keyboard or a tap, go out with `hint_question` when sent unchanged (the `hints` bot
answers those differently), close on send, and show markup as text. Where hints are off nothing is asked."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe_audit import audit, blocking, report

#: The list's state: shown or not, its options' texts and selection, the text box's ARIA wiring.
HINTS_JS = """
const list = document.querySelector('[data-hints]');
const input = document.querySelector('[data-composer-input]');
return {
  shown: Boolean(list && !list.hidden && list.checkVisibility()),
  options: list ? Array.from(list.querySelectorAll('[role=option]')).map((o) => o.textContent) : [],
  selected: list ? Array.from(list.querySelectorAll('[aria-selected=true]')).map((o) => o.textContent) : [],
  activedescendant: input.getAttribute('aria-activedescendant'),
  controls: input.getAttribute('aria-controls'),
  autocomplete: input.getAttribute('aria-autocomplete'),
  status: document.querySelector('[data-hints] + [role=status]')?.textContent ?? null,
  images: list ? list.querySelectorAll('img').length : 0,
};
"""

#: Every request the page made to a tab's hints route.
HINT_REQUESTS_JS = """
return performance.getEntriesByType('resource').filter((e) => /\\/api\\/tabs\\/[^/]+\\/hints$/.test(e.name)).length;
"""


def hints(driver) -> dict:
    return driver.execute_script(HINTS_JS)


def wait_options(driver, wait, expected: list[str], message: str):
    return wait.until(lambda d: (state := hints(d))["shown"] and state["options"] == expected and state, message)


def open_hints(page, driver, wait):
    """Opens the `hints` location and waits until the page knows that hints are offered (its module is loaded)."""
    composer = page.open("location=hints")
    wait.until(
        lambda d: d.execute_script("return document.querySelector('[data-composer-input]').getAttribute('aria-autocomplete')")
        == "list",
        "the page never took up the location's hints",
    )
    return composer


def test_suggestions_are_chosen_with_the_keyboard_and_sent_as_a_hint_question(page, driver, wait):
    composer = open_hints(page, driver, wait)
    state = hints(driver)
    assert state["controls"] == "composer-hints" and not state["shown"]

    composer.send_keys("h")
    composer.send_keys("ow do")
    state = wait_options(
        driver,
        wait,
        ["How do I track my order?", "How do I return an item?", "How do I reset my password?"],
        "the suggestions for 'how do' never showed",
    )
    assert state["selected"] == [] and state["activedescendant"] is None
    assert state["status"] == "3 suggested questions. Use the up and down arrows to pick one."
    # The open list passes axe's serious and critical rules.
    violations = blocking(audit(driver))
    assert violations == [], report(violations)

    # Down, down, up: the first; up from the first wraps to the last.
    composer.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_UP)
    state = hints(driver)
    assert state["selected"] == ["How do I track my order?"] and state["activedescendant"] == "composer-hint-0"
    composer.send_keys(Keys.ARROW_UP)
    assert hints(driver)["selected"] == ["How do I reset my password?"]
    composer.send_keys(Keys.ARROW_DOWN)
    # Enter chooses: the question is in the text box, the list closed, nothing sent yet.
    composer.send_keys(Keys.ENTER)
    assert composer.get_attribute("value") == "How do I track my order?"
    assert driver.switch_to.active_element == composer
    state = hints(driver)
    assert not state["shown"] and state["activedescendant"] is None
    assert page.items("visitor") == []

    # Sent unchanged, it goes as a hint question: the bot says so.
    composer.send_keys(Keys.ENTER)
    page.wait_text("operator", "You picked a suggested question: How do I track my order?")
    assert composer.get_attribute("value") == ""

    # A chosen question that the visitor edits is their own message.
    composer.send_keys("return")
    wait_options(driver, wait, ["How do I return an item?"], "the suggestion for 'return' never showed")
    assert hints(driver)["status"] == "1 suggested question. Use the up and down arrows to pick it."
    composer.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    assert composer.get_attribute("value") == "How do I return an item?"
    composer.send_keys(Keys.BACKSPACE, " today?", Keys.ENTER)
    page.wait_text("operator", "You typed: How do I return an item today?")
    assert not any("You picked" in page.text_of(item) and "return" in page.text_of(item) for item in page.items("operator"))
    assert page.uncaught_errors() == []


def test_the_list_closes_on_send_and_escape_and_a_tap_chooses(page, driver, wait):
    composer = open_hints(page, driver, wait)
    composer.send_keys("deliver")
    wait_options(
        driver,
        wait,
        ["How long does delivery take?", "Can I change my delivery address?", "Do you deliver abroad?"],
        "the suggestions for 'deliver' never showed",
    )
    # Escape closes the list and leaves the text.
    composer.send_keys(Keys.ESCAPE)
    assert not hints(driver)["shown"] and composer.get_attribute("value") == "deliver"

    # Typed on, the list comes back; Enter with no suggestion active sends what was typed and closes the list.
    composer.send_keys("y")
    wait_options(
        driver,
        wait,
        ["How long does delivery take?", "Can I change my delivery address?"],
        "the suggestions for 'delivery' never showed",
    )
    requests_before = driver.execute_script(HINT_REQUESTS_JS)
    composer.send_keys(Keys.ENTER)
    page.wait_text("operator", "You typed: delivery")
    assert not hints(driver)["shown"]
    # Nothing was asked after the send, and no late answer reopened the list.
    assert driver.execute_script(HINT_REQUESTS_JS) == requests_before
    assert not hints(driver)["shown"]

    # A click (a tap on a phone) chooses, and the focus stays in the text box.
    composer.send_keys("abroad")
    wait_options(driver, wait, ["Do you deliver abroad?"], "the suggestion for 'abroad' never showed")
    driver.find_element(By.CSS_SELECTOR, "[data-hints] [role=option]").click()
    assert composer.get_attribute("value") == "Do you deliver abroad?"
    assert driver.switch_to.active_element == composer and not hints(driver)["shown"]
    driver.find_element(By.CSS_SELECTOR, "[data-composer-send]").click()
    page.wait_text("operator", "You picked a suggested question: Do you deliver abroad?")
    assert page.uncaught_errors() == []


def test_a_suggestion_with_markup_shows_as_text(page, driver, wait):
    composer = open_hints(page, driver, wait)
    composer.send_keys("<img")
    state = wait_options(
        driver, wait, ["A question with <img src=x onerror=alert(1)> in it"], "the suggestion with markup never showed"
    )
    assert state["images"] == 0
    composer.send_keys(Keys.ARROW_DOWN, Keys.ENTER, Keys.ENTER)
    page.wait_text("operator", "You picked a suggested question: A question with <img src=x onerror=alert(1)> in it")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-transcript] img[src=x]") == []
    assert page.uncaught_errors() == []


def test_a_location_without_hints_asks_for_none(page, driver, wait):
    composer = page.open("location=default")
    # A message sent and confirmed comes after the snapshot with the location's settings: the page has read them.
    page.send("How do I track my order?")
    composer.send_keys("how do")
    # The bot's answer takes seconds, far longer than the pause after which a page with hints would ask.
    page.wait_text("operator", "You wrote")
    loaded = "return performance.getEntriesByType('resource').some((e) => e.name.includes('/components/hints.js'))"
    assert driver.execute_script(loaded) is False, "the hints module loaded where no hints are offered"
    assert driver.execute_script(HINT_REQUESTS_JS) == 0
    assert driver.find_elements(By.CSS_SELECTOR, "[data-hints]") == []
    assert composer.get_attribute("aria-autocomplete") is None


#: Holds the page's hints request for "how" until the test releases it, then answers it with a stale suggestion
#: whatever the page asked meanwhile; records whether the page had aborted it and when it read the stale answer.
HOLD_FIRST_JS = """
const real = window.fetch.bind(window);
window.fetch = (url, init) => {
  if (!String(url).endsWith('/hints') || JSON.parse(init.body).text !== 'how') return real(url, init);
  return new Promise((resolve) => {
    window.__releaseStale = () => {
      window.__staleAborted = init.signal.aborted;
      const response = new Response(JSON.stringify({ suggestions: ['A stale suggestion'] }), { status: 200 });
      const read = response.json.bind(response);
      response.json = async () => {
        const body = await read();
        window.__staleRead = true;
        return body;
      };
      resolve(response);
    };
  });
};
"""


def test_a_request_overtaken_by_typing_is_aborted_and_its_late_answer_ignored(page, driver, wait):
    composer = open_hints(page, driver, wait)
    driver.execute_script(HOLD_FIRST_JS)
    composer.send_keys("how")
    wait.until(lambda d: d.execute_script("return typeof window.__releaseStale === 'function'"), "'how' was never asked")
    composer.send_keys(" do")
    wait_options(
        driver,
        wait,
        ["How do I track my order?", "How do I return an item?", "How do I reset my password?"],
        "the suggestions for 'how do' never showed",
    )
    driver.execute_script("window.__releaseStale()")
    wait.until(lambda d: d.execute_script("return window.__staleRead === true"), "the page never read the late answer")
    assert driver.execute_script("return window.__staleAborted") is True
    state = hints(driver)
    assert state["shown"] and "A stale suggestion" not in state["options"], state
    assert page.uncaught_errors() == []
