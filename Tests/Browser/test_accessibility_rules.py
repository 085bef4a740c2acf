"""The rules docs/ACCESSIBILITY.md states, each checked in Chromium: focus stays where the visitor put it, Escape comes
back to the composer, a chosen keyboard stays readable, forced colours keep every control and bubble outlined,
reduced motion stops every animation, and `<html lang>` follows the locale."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_accessibility import fill_chat
from test_widget_messages import start_manual_chat

ACTIVE = "return document.activeElement"


def test_a_message_arriving_never_moves_the_focus(page, operator_api, driver):
    visitor = start_manual_chat(page, operator_api)
    transcript_button = driver.find_element(By.CSS_SELECTOR, "[data-transcript-open]")
    transcript_button.send_keys("")  # focus it, as Tab would
    driver.execute_script("arguments[0].focus()", transcript_button)
    operator_api.visitor(visitor, "/messages", {"text": "A reply while you look elsewhere"})
    page.wait_text("operator", "A reply while you look elsewhere")
    assert driver.execute_script(ACTIVE) == transcript_button
    # The log announces it: the list sits in the page's one role=log region.
    assert driver.find_element(By.CSS_SELECTOR, "[data-transcript-log]").get_attribute("role") == "log"


def test_escape_comes_back_to_the_composer(page, operator_api, driver):
    page.open("location=manual")
    button = driver.find_element(By.CSS_SELECTOR, "[data-chat-start]")
    driver.execute_script("arguments[0].focus()", button)
    button.send_keys(Keys.ESCAPE)
    page.wait.until(lambda d: d.execute_script(ACTIVE) == page.composer(), "Escape left the focus on the header")


def test_a_chosen_keyboard_stays_readable_and_says_what_was_chosen(page, operator_api, driver):
    visitor = start_manual_chat(page, operator_api)
    operator_api.visitor(visitor, "/keyboard", {"rows": [[{"id": "tea", "text": "Tea"}, {"id": "coffee", "text": "Coffee"}]]})
    keyboard = page.wait_item("keyboard", lambda i: i.find_elements(By.CSS_SELECTOR, '[data-button-id="coffee"]'))
    keyboard.find_element(By.CSS_SELECTOR, '[data-button-id="coffee"]').click()
    board = keyboard.find_element(By.CSS_SELECTOR, "[data-message-keyboard]")
    page.wait.until(lambda d: board.get_attribute("data-keyboard-state") == "completed", "the choice never completed")
    buttons = board.find_elements(By.CSS_SELECTOR, "button[data-button-id]")
    # aria-disabled, not disabled: each is still focusable and read, and the chosen one says so.
    assert all(b.get_attribute("aria-disabled") == "true" and b.is_enabled() for b in buttons)
    tea = board.find_element(By.CSS_SELECTOR, '[data-button-id="tea"]')
    driver.execute_script("arguments[0].focus()", tea)
    assert driver.execute_script(ACTIVE) == tea
    assert "chosen" in board.find_element(By.CSS_SELECTOR, '[data-button-id="coffee"]').text
    # Pressing one now does nothing: no second answer reaches the chat.
    tea.click()
    answers = [i for i in page.items("keyboardResponse")]
    page.wait.until(lambda d: len(page.items("keyboardResponse")) == 1)
    assert len(answers) == 1


#: Every visible bubble and control, and whether forced colours leave it an edge: a border or an outline of some
#: width in a colour that is not transparent.
EDGES_JS = """
const edged = (e) => {
  const s = getComputedStyle(e);
  const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) =>
    parseFloat(s[`border${side}Width`]) > 0 && s[`border${side}Style`] !== 'none' && s[`border${side}Color`] !== 'rgba(0, 0, 0, 0)');
  const outline = parseFloat(s.outlineWidth) > 0 && s.outlineStyle !== 'none' && s.outlineColor !== 'rgba(0, 0, 0, 0)';
  return border || outline;
};
return Array.from(document.querySelectorAll('.transcript-bubble, button, textarea, .transcript-file, .transcript-key'))
  .filter((e) => e.checkVisibility())
  .filter((e) => !edged(e))
  .map((e) => e.className || e.tagName);
"""


def test_forced_colours_keep_every_control_and_bubble_outlined(page, operator_api, driver):
    page.open("location=manual")
    fill_chat(page, operator_api)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "forced-colors", "value": "active"}]})
    assert driver.execute_script("return matchMedia('(forced-colors: active)').matches")
    unedged = driver.execute_script(EDGES_JS)
    assert unedged == [], unedged


def test_reduced_motion_stops_every_animation(page, operator_api, driver):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    visitor = start_manual_chat(page, operator_api)
    operator_api.visitor(visitor, "/messages", {"text": "No sliding in"})
    page.wait_text("operator", "No sliding in")
    operator_api.visitor(visitor, "/typing", {"typing": True})
    page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-typing-indicator]").is_displayed())
    running = driver.execute_script(
        "return document.getAnimations().filter((a) => a.playState === 'running'"
        " && a.effect.getComputedTiming().duration > 1).map((a) => a.animationName ?? String(a))"
    )
    assert running == []


def test_html_lang_and_direction_follow_the_page(page, driver):
    page.open("location=manual&locale=ru&dir=rtl")
    html = driver.find_element(By.TAG_NAME, "html")
    assert html.get_attribute("lang") == "ru" and html.get_attribute("dir") == "rtl"
    page.open("location=manual")
    html = driver.find_element(By.TAG_NAME, "html")
    assert html.get_attribute("lang") == "en" and html.get_attribute("dir") == "ltr"
