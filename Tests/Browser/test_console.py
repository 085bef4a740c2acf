"""The operator console (`/operator` on the embedded service) in real Chromium, beside the widget page.

One browser, two windows: the console and a visitor's widget page at the `manual` location (no bot,
so only the person at the console answers). Every wait is on a condition, never on time.
"""

from __future__ import annotations

import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import ARTIFACTS, _safe_name

#: Recorded before the widget's scripts run: each `error.fatal` event of the page's stream, as JSON text.
RECORD_FATAL_EVENTS = """
(() => {
  const Native = window.EventSource;
  window.__fatalEvents = [];
  window.EventSource = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('error.fatal', (event) => window.__fatalEvents.push(event.data));
    }
  };
})();
"""

WIDGET_ITEMS = """
const [type, text] = arguments;
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .filter((item) => item.dataset.messageType === type)
  .filter((item) => text === null || item.querySelector('[data-message-text]').textContent === text);
"""

CONSOLE_ITEM_WITH_LAST = """
const [text] = arguments;
return Array.from(document.querySelectorAll('[data-chat-list-items] > [data-visitor-id]'))
  .find((item) => item.querySelector('[data-chat-last]').textContent === text) ?? null;
"""

CONSOLE_MESSAGES = """
const [kind, text] = arguments;
return Array.from(document.querySelectorAll('[data-transcript-list] > [data-message-id]'))
  .filter((item) => item.dataset.messageKind === kind)
  .filter((item) => text === null || item.querySelector('[data-message-text]').textContent === text);
"""


class Windows:
    """The console window and the visitor's widget window of one browser."""

    def __init__(self, driver, wait, console_url: str, widget_url: str):
        self.driver = driver
        self.wait = wait
        self.console_url = console_url
        self.widget_url = widget_url.rstrip("/") + "/?location=manual"
        self.console = driver.current_window_handle
        self.widget = None

    def show_console(self):
        self.driver.switch_to.window(self.console)

    def show_widget(self):
        self.driver.switch_to.window(self.widget)

    def open_console(self):
        self.driver.get(self.console_url)
        self.wait.until(
            EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection][data-state="live"]')),
            "the console's event stream never went live",
        )

    def open_widget(self, record_fatal_events: bool = False):
        self.driver.switch_to.new_window("window")
        self.widget = self.driver.current_window_handle
        if record_fatal_events:
            self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_FATAL_EVENTS})
        self.driver.get(self.widget_url)
        self.wait.until(
            EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')),
            "the widget never went live",
        )

    def visitor_writes(self, text: str):
        """Sends `text` from the widget and waits until the service has it."""
        self.show_widget()
        composer = self.wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-composer-input]")))
        composer.send_keys(text)
        composer.send_keys(Keys.ENTER)

        def sent(d):
            items = d.execute_script(WIDGET_ITEMS, "visitor", text)
            return len(items) == 1 and items[0].get_attribute("data-send-status") == "sent"

        self.wait.until(sent, f"the visitor message {text!r} was never sent")

    def select_chat_with_last(self, text: str):
        """In the console, waits for the row whose last message is `text`, selects it, returns the row."""
        self.show_console()
        row = self.wait.until(
            lambda d: d.execute_script(CONSOLE_ITEM_WITH_LAST, text),
            f"the console never listed a chat whose last message is {text!r}",
        )
        row.find_element(By.CSS_SELECTOR, "[data-chat-item]").click()
        self.wait.until(
            lambda d: d.execute_script(CONSOLE_MESSAGES, "visitor", text),
            "the selected chat's transcript does not show the visitor's message",
        )
        return row


@pytest.fixture
def windows(request, driver, wait, server):
    """The two windows; on failure, a screenshot of each (conftest saves only the current one)."""
    pair = Windows(driver, wait, server.console_url, server.widget_url)
    yield pair
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for name, handle in (("console", pair.console), ("widget", pair.widget)):
            if handle is None:
                continue
            try:
                driver.switch_to.window(handle)
                driver.save_screenshot(str(ARTIFACTS / f"{_safe_name(request.node.nodeid)}.{name}.png"))
                (ARTIFACTS / f"{_safe_name(request.node.nodeid)}.{name}.html").write_text(
                    driver.page_source, encoding="utf-8"
                )
            except Exception:  # noqa: BLE001 - evidence is best effort, the test already failed
                pass


def unique(text: str) -> str:
    return f"{text} {uuid.uuid4().hex[:8]}"


def test_operator_answers_a_visitor_from_the_console(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Is anyone there?")
    windows.visitor_writes(question)

    # The chat arrives over the console's event stream: the page was loaded before it existed.
    row = windows.select_chat_with_last(question)
    assert row.find_element(By.CSS_SELECTOR, "[data-chat-item]").get_attribute("aria-current") == "true"
    assert "in queue" in row.text

    answer = unique("Yes, how can I help?")
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    composer.click()
    composer.send_keys(answer)
    composer.send_keys(Keys.ENTER)

    wait.until(
        lambda d: d.execute_script(CONSOLE_MESSAGES, "operator", answer),
        "the console transcript never showed the answer",
    )
    # Sending joined the chat as the location's operator, and the focus stayed in the answer box.
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "[data-visitor-operator]"), "Console Operator"),
        "the panel does not name the operator who joined",
    )
    assert driver.switch_to.active_element == driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []

    windows.show_widget()
    reply = wait.until(
        lambda d: (d.execute_script(WIDGET_ITEMS, "operator", answer) or [False])[0],
        "the visitor's page never showed the operator's answer",
    )
    assert reply.find_element(By.CSS_SELECTOR, "[data-message-sender]").text == "Console Operator"


def test_operator_sends_a_keyboard(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Which plan?")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)

    driver.find_element(By.CSS_SELECTOR, '[data-tool="keyboard"] > summary').click()
    builder = driver.find_element(By.CSS_SELECTOR, "[data-keyboard-builder]")
    first = builder.find_element(By.CSS_SELECTOR, "[data-keyboard-button-spec]")
    first.find_element(By.CSS_SELECTOR, '[data-field="id"]').send_keys("basic")
    first.find_element(By.CSS_SELECTOR, '[data-field="text"]').send_keys("Basic")
    builder.find_element(By.CSS_SELECTOR, "[data-keyboard-add-button]").click()
    second = builder.find_elements(By.CSS_SELECTOR, "[data-keyboard-button-spec]")[1]
    assert driver.switch_to.active_element == second.find_element(By.CSS_SELECTOR, '[data-field="id"]')
    second.find_element(By.CSS_SELECTOR, '[data-field="id"]').send_keys("pro")
    second.find_element(By.CSS_SELECTOR, '[data-field="text"]').send_keys("Pro")
    second.find_element(By.CSS_SELECTOR, '[data-field="url"]').send_keys("https://example.com/pro")
    builder.find_element(By.CSS_SELECTOR, "[data-keyboard-send]").click()

    keyboard = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "keyboard", None) or [False])[0],
        "the console transcript never showed the keyboard",
    )
    buttons = keyboard.find_elements(By.CSS_SELECTOR, "[data-keyboard-button]")
    assert [button.get_attribute("data-keyboard-button") for button in buttons] == ["basic", "pro"]
    assert buttons[0].text == "Basic"
    assert buttons[1].find_element(By.CSS_SELECTOR, "a").get_attribute("href") == "https://example.com/pro"
    state = keyboard.find_element(By.CSS_SELECTOR, "[data-keyboard-state]")
    assert state.get_attribute("data-keyboard-state") == "pending"
    # The builder starts over once the keyboard is sent.
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-keyboard-button-spec]")) == 1)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []

    # The widget page has no keyboard view yet: the keyboard reaches it as a message of type keyboard.
    windows.show_widget()
    wait.until(
        lambda d: d.execute_script(WIDGET_ITEMS, "keyboard", None),
        "the visitor's page never received the keyboard message",
    )


def test_operator_bans_a_visitor(windows, driver, wait):
    windows.open_console()
    windows.open_widget(record_fatal_events=True)
    question = unique("Let me in")
    windows.visitor_writes(question)
    row = windows.select_chat_with_last(question)

    ban = driver.find_element(By.CSS_SELECTOR, '[data-visitor-panel] [data-action="ban"]')
    assert ban.text == "Ban visitor"
    ban.click()

    # The console marks the visitor banned, in the list and in the panel.
    wait.until(lambda d: row.get_attribute("data-banned") is not None, "the row was never marked banned")
    assert row.find_element(By.CSS_SELECTOR, '[data-chat-badge="banned"]').is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, '[data-visitor-badge="banned"]').is_displayed()
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, '[data-action="ban"]'), "Unban visitor"),
        "the ban button never offered to unban",
    )
    assert driver.switch_to.active_element == ban, "banning moved the focus"
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []

    # The visitor's core gets visitorBanned; the page shows its fatal state.
    windows.show_widget()
    banner = wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="failed"]')),
        "the visitor's page never showed the fatal state",
    )
    assert banner.text == "The chat is not available right now."
    fatal = driver.execute_script("return window.__fatalEvents")
    assert any("visitorBanned" in event for event in fatal), f"fatal events: {fatal}"
