"""The widget page against the real server and its embedded "default" scenario."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support import expected_conditions as EC

COMPOSER_INPUT = (By.CSS_SELECTOR, "[data-composer-input]")

ITEMS_WITH_TEXT = """
const [type, text] = arguments;
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .filter((item) => item.dataset.messageType === type)
  .filter((item) => item.querySelector('[data-message-text]').textContent === text);
"""

OPERATOR_ITEMS_CONTAINING = """
const [text] = arguments;
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .filter((item) => item.dataset.messageType === 'operator')
  .filter((item) => item.querySelector('[data-message-text]').textContent.includes(text));
"""


def open_widget(driver, wait, url):
    """Loads the page, waits until its event stream is live, and returns the focused composer."""
    driver.get(url)
    wait.until(
        EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')),
        "the connection banner never reached data-state=live",
    )
    composer = wait.until(EC.element_to_be_clickable(COMPOSER_INPUT), "the composer is not usable")
    composer.click()
    return composer


def visitor_items(driver, text):
    return driver.execute_script(ITEMS_WITH_TEXT, "visitor", text)


def wait_for_sent(driver, wait, text):
    """Waits until exactly one visitor item shows `text` with the server's id and status sent."""

    def sent(d):
        items = visitor_items(d, text)
        if len(items) != 1:
            return False
        item = items[0]
        if item.get_attribute("data-send-status") == "sent" and item.get_attribute("data-message-id"):
            return item
        return False

    return wait.until(sent, f"the visitor message {text!r} never became one item with data-send-status=sent")


def wait_for_operator_reply(driver, wait, text):
    return wait.until(
        lambda d: (d.execute_script(OPERATOR_ITEMS_CONTAINING, text) or [False])[0],
        f"no operator message containing {text!r} arrived",
    )


def message_text(driver, item):
    return driver.execute_script("return arguments[0].querySelector('[data-message-text]').textContent", item)


def test_send_message_gets_operator_reply(driver, wait, widget_url):
    text = "Hello from the browser"
    composer = open_widget(driver, wait, widget_url)

    composer.send_keys(text)
    composer.send_keys(Keys.ENTER)

    # The message shows at once, before the server confirms it.
    item = wait.until(lambda d: (visitor_items(d, text) or [False])[0], "the message did not appear")
    assert item.get_attribute("data-send-status") in ("sending", "sent")
    status = item.find_element(By.CSS_SELECTOR, "[data-message-status]")
    assert status.is_displayed() and status.text in ("Sending…", "Sent")

    sent_item = wait_for_sent(driver, wait, text)
    assert sent_item == item, "the server's copy replaced the optimistic <li> instead of updating it"
    wait.until(
        lambda d: item.find_element(By.CSS_SELECTOR, "[data-message-status]").text == "Sent",
        "the visible status never said Sent",
    )

    # The operator's name replaces the title, and is not repeated in the status line.
    wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-header] [data-header-title]").text.strip() not in ("", "Chat"),
        "the operator's name never replaced the title",
    )
    name_in_title = driver.find_element(By.CSS_SELECTOR, "[data-header] [data-header-title]").text.strip()
    status_names = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[data-header] [data-operator-name]") if e.is_displayed()]
    assert name_in_title not in status_names, "the operator's name shows twice in the header"

    reply = wait_for_operator_reply(driver, wait, text)
    assert text in message_text(driver, reply)

    # The optimistic item became the server's message: still exactly one, never a duplicate.
    assert len(visitor_items(driver, text)) == 1
    assert driver.find_elements(By.CSS_SELECTOR, '[data-send-status="failed"]') == []

    composer = driver.find_element(*COMPOSER_INPUT)
    assert composer.get_attribute("value") == ""
    assert driver.switch_to.active_element == composer

    # The typing indicator is hidden once the operator has answered.
    wait.until(
        EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-typing-indicator]")),
        "the typing indicator stayed visible after the reply",
    )

    errors = [entry for entry in driver.get_log("browser") if "Uncaught" in entry["message"]]
    assert errors == [], f"uncaught script errors: {errors}"


def test_markup_in_messages_is_shown_as_text(driver, wait, widget_url):
    text = "<b>bold</b> & <script>x</script>"
    composer = open_widget(driver, wait, widget_url)

    composer.send_keys(text)
    composer.send_keys(Keys.ENTER)

    item = wait_for_sent(driver, wait, text)
    text_element = item.find_element(By.CSS_SELECTOR, "[data-message-text]")
    assert driver.execute_script("return arguments[0].textContent", text_element) == text
    assert driver.execute_script("return arguments[0].childElementCount", text_element) == 0

    # The operator's quote of it is inert too.
    reply = wait_for_operator_reply(driver, wait, text)
    reply_text = reply.find_element(By.CSS_SELECTOR, "[data-message-text]")
    assert driver.execute_script("return arguments[0].childElementCount", reply_text) == 0
    assert driver.find_elements(By.CSS_SELECTOR, "[data-transcript-list] b, [data-transcript-list] script") == []


def test_shift_enter_adds_a_line_without_sending(driver, wait, widget_url):
    composer = open_widget(driver, wait, widget_url)

    # Blank text is never sent.
    composer.send_keys("   ")
    composer.send_keys(Keys.ENTER)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-transcript-list] > .transcript-item") == []

    composer.clear()
    composer.send_keys("first line")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    composer.send_keys("second line")

    # Sending clears the box at once, so text still there means nothing was sent.
    assert composer.get_attribute("value") == "first line\nsecond line"
    assert driver.find_elements(By.CSS_SELECTOR, "[data-transcript-list] > .transcript-item") == []

    composer.send_keys(Keys.ENTER)
    item = wait_for_sent(driver, wait, "first line\nsecond line")
    text_element = item.find_element(By.CSS_SELECTOR, "[data-message-text]")
    white_space = driver.execute_script("return getComputedStyle(arguments[0]).whiteSpace", text_element)
    assert white_space in ("pre-wrap", "break-spaces", "pre-line")
    assert text_element.text.splitlines() == ["first line", "second line"]
    assert composer.get_attribute("value") == ""
