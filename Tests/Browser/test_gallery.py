"""The tester's gallery (`GET /inspect`): the `gallery` scenario in four looks, with raw-JSON toggles."""

from __future__ import annotations

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

EXPECTED_TYPES = {"visitor", "info", "operator", "operatorBusy", "contactInformationRequest", "keyboard", "fileFromOperator"}


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
        html = driver.find_element(By.TAG_NAME, "html")
        looks.append((html.get_attribute("data-theme"), html.get_attribute("dir")))
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
    assert "📎 sunset.png" in quoted_file, quoted_file


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
