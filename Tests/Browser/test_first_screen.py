"""The first screen as a visitor sees it: what a file, a quote, a kiosk, a right-to-left page and a bot's menu
show before anyone has done much, each a defect seen in Chromium once."""

from __future__ import annotations

import base64
import re

from selenium.webdriver.common.by import By

from test_widget_messages import start_chat
from test_widget_uploads import DROP_JS, file_card

#: Reads the tab's event stream until its snapshot and returns the snapshot's messages (what a host page's
#: integration would see).
SNAPSHOT_MESSAGES_JS = """
const [location, done] = arguments;
(async () => {
  const tab = JSON.parse(localStorage.getItem('webim-widget.chat.' + location)).tabId;
  const response = await fetch(`/api/tabs/${tab}/events`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) return null;
    text += decoder.decode(value, { stream: true });
    const match = /event: snapshot\\ndata: (.*)\\n/.exec(text);
    if (match) {
      void reader.cancel();
      return JSON.parse(match[1]).messages;
    }
  }
})().then(done, (error) => done(String(error)));
"""

#: Characters drawn from an emoji font, which a kiosk or a headless browser may not have.
EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u26ff\u2700-\u27bf]")


def test_a_file_message_shows_its_card_and_no_raw_json_or_name_as_text(page, driver):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    driver.execute_script(DROP_JS, "notes.txt", "text/plain", base64.b64encode(b"some notes").decode())
    file_card(page, "notes.txt")
    page.wait_item("fileFromOperator", lambda i: i.find_elements(By.CSS_SELECTOR, "a[data-file-link]"), "no file card")

    files = page.items("fileFromOperator") + page.items("fileFromVisitor")
    assert len(files) == 3
    captions = []
    for item in files:
        assert "{" not in item.text and "visitor_id" not in item.text, item.text
        # The card's icon is a drawing that takes the text's colour, not an emoji.
        card = item.find_element(By.CSS_SELECTOR, "[data-message-files]")
        assert not EMOJI.search(card.text), card.text
        text = item.find_element(By.CSS_SELECTOR, "[data-message-text]")
        captions.append(page.text_of(item))
        assert text.is_displayed() == (page.text_of(item) != "")
    # The photo has a caption; the PDF and the visitor's file have none, and their names are on their cards only.
    assert sorted(captions) == ["", "", "The sunset from our office"], captions
    assert driver.find_elements(By.CSS_SELECTOR, "a[data-file-link] svg.transcript-file-icon")

    messages = driver.execute_async_script(SNAPSHOT_MESSAGES_JS, "files")
    texts = sorted(m["text"] for m in messages if m["type"].startswith("file"))
    assert texts == ["", "", "The sunset from our office"], texts


def test_a_quoted_file_is_named_beside_a_drawn_clip(page):
    page.open("location=quotes")
    page.send("Quote me")
    item = page.wait_text("operator", "And quoting that photo.")
    quote = item.find_element(By.CSS_SELECTOR, "[data-quote-text]")
    assert "sunset.png" in quote.text and not EMOJI.search(quote.text), quote.text
    assert quote.find_elements(By.CSS_SELECTOR, "svg.transcript-quote-icon")


def test_the_previews_floating_launcher_shows_its_panel_over_a_page(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview")
    frame = wait.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, 'iframe[data-query*="launcher=floating"]'), "no floating variant"
    )[0]
    # The frame is transparent around the launcher: behind it, a sketch of a site's page rather than a blank box.
    assert "gradient" in driver.execute_script("return getComputedStyle(arguments[0]).backgroundImage", frame)
    driver.switch_to.frame(frame)
    button = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-launcher-toggle]"), "no launcher")[0]
    wait.until(lambda d: button.get_attribute("aria-expanded") == "true", "the panel did not start open")
    assert driver.find_element(By.CSS_SELECTOR, ".widget-frame").is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, "[data-header-title]").is_displayed()


def test_a_kiosk_offers_one_way_to_start(page, driver):
    page.open("location=manual&mode=kiosk")
    assert driver.find_element(By.CSS_SELECTOR, "[data-kiosk-new]").is_displayed()
    page.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-online-status]").is_displayed())
    assert not driver.find_element(By.CSS_SELECTOR, "[data-chat-start]").is_displayed()


def test_a_right_to_left_page_keeps_english_sentences_in_their_own_direction(page, driver):
    page.open("location=manual&dir=rtl")
    direction = "return getComputedStyle(arguments[0]).direction"
    empty = driver.find_element(By.CSS_SELECTOR, "[data-transcript-empty]")
    assert driver.execute_script(direction, empty) == "ltr"
    item = page.send("Hello there.")
    for hook in ("[data-message-text]", "[data-message-time]"):
        assert driver.execute_script(direction, item.find_element(By.CSS_SELECTOR, hook)) == "ltr", hook
    page.composer().send_keys("Typed in English")
    assert driver.execute_script("return arguments[0].matches(':dir(ltr)')", page.composer())


def test_a_bot_menu_survives_the_first_message_and_comes_back_after_every_answer(page, driver):
    page.open("location=bot-keyboards")
    page.send("Hi")

    def pending_menus():
        return [
            item
            for item in page.items("keyboard")
            if item.find_elements(By.CSS_SELECTOR, '[data-button-id="orders"]')
            and item.find_element(By.CSS_SELECTOR, "[data-message-keyboard]").get_attribute("data-keyboard-state")
            == "pending"
        ]

    # The message that started the chat came before the menu: it answers nothing, so the menu stays.
    menu = page.wait.until(lambda d: pending_menus() and pending_menus()[0], "no menu to press")
    orders = menu.find_element(By.CSS_SELECTOR, '[data-button-id="orders"]')
    page.wait.until(lambda d: orders.get_attribute("aria-disabled") == "false", "the menu's buttons were never pressable")
    orders.click()
    page.wait_text("operator", "You have no open orders.")
    # After its answer the bot offers the menu again, and that new menu is the one waiting.
    page.wait.until(lambda d: len(page.items("keyboard")) >= 4 and len(pending_menus()) == 1, "no menu after the answer")

    page.send("Where is my parcel?")
    page.wait_text("operator", "Here is the menu again.")
    page.wait.until(lambda d: len(pending_menus()) == 1 and pending_menus()[0] != menu, "no menu after typing")
    states = [
        item.find_element(By.CSS_SELECTOR, "[data-message-keyboard]").get_attribute("data-keyboard-state")
        for item in page.items("keyboard")
        if item.find_elements(By.CSS_SELECTOR, '[data-button-id="orders"]')
    ]
    assert states == ["completed", "canceled", "pending"], states
