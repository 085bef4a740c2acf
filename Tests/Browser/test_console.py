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
from selenium.webdriver.support.ui import Select

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


def assert_no_script_errors(driver):
    """No uncaught exception and no Content-Security-Policy violation in the current window's log."""
    entries = driver.get_log("browser")
    errors = [e["message"] for e in entries if "Uncaught" in e["message"] or "Content Security Policy" in e["message"]]
    assert errors == [], f"script errors: {errors}"


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
    assert_no_script_errors(driver)
    windows.show_console()
    assert_no_script_errors(driver)


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


def test_operator_quotes_types_edits_and_deletes(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Can you quote me?")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)

    visitor_message = driver.execute_script(CONSOLE_MESSAGES, "visitor", question)[0]
    visitor_message.find_element(By.CSS_SELECTOR, '[data-message-action="quote"]').click()
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    assert driver.switch_to.active_element == composer
    chip = driver.find_element(By.CSS_SELECTOR, "[data-composer-chip]")
    assert chip.is_displayed() and question in chip.text

    # Typing shows on the visitor's page before anything is sent.
    composer.send_keys("Quoting you")
    windows.show_widget()
    wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-typing-indicator]")),
        "the visitor's page never showed the operator typing",
    )
    windows.show_console()
    answer = unique("Quoting you")
    composer.clear()
    composer.send_keys(answer)
    composer.send_keys(Keys.ENTER)
    sent = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "operator", answer) or [False])[0],
        "the quoting answer never showed in the console",
    )
    assert question in sent.find_element(By.CSS_SELECTOR, "[data-message-quote]").text
    assert not chip.is_displayed()

    windows.show_widget()
    wait.until(lambda d: d.execute_script(WIDGET_ITEMS, "operator", answer), "the visitor never got the answer")
    wait.until(
        EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-typing-indicator]")),
        "the typing indicator stayed after the answer",
    )

    # Edit: the message goes into the answer box; sending replaces its text on both sides.
    windows.show_console()
    sent.find_element(By.CSS_SELECTOR, '[data-message-action="edit"]').click()
    assert composer.get_attribute("value") == answer
    edited = unique("Edited answer")
    composer.clear()
    composer.send_keys(edited)
    composer.send_keys(Keys.ENTER)
    item = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "operator", edited) or [False])[0],
        "the edited text never showed in the console",
    )
    assert item.find_element(By.CSS_SELECTOR, "[data-message-edited]").is_displayed()
    windows.show_widget()
    wait.until(lambda d: d.execute_script(WIDGET_ITEMS, "operator", edited), "the visitor never saw the edit")

    # Delete: gone on both sides; the focus goes back to the answer box.
    windows.show_console()
    item.find_element(By.CSS_SELECTOR, '[data-message-action="delete"]').click()
    wait.until(
        lambda d: d.execute_script(CONSOLE_MESSAGES, "operator", edited) == [],
        "the deleted message stayed in the console",
    )
    assert driver.switch_to.active_element == composer
    windows.show_widget()
    wait.until(
        lambda d: d.execute_script(WIDGET_ITEMS, "operator", edited) == [],
        "the deleted message stayed on the visitor's page",
    )
    windows.show_console()
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []


def test_operator_sends_a_file_pauses_and_sets_status(windows, driver, wait, tmp_path):
    windows.open_console()
    windows.open_widget()
    question = unique("Send me the notes")
    windows.visitor_writes(question)
    row = windows.select_chat_with_last(question)

    notes = tmp_path / "notes.txt"
    notes.write_text("The notes you asked for.\n", encoding="utf-8")
    driver.find_element(By.CSS_SELECTOR, '[data-tool="file"] > summary').click()
    driver.find_element(By.CSS_SELECTOR, "[data-file-input]").send_keys(str(notes))
    driver.find_element(By.CSS_SELECTOR, "[data-file-caption]").send_keys("Here you are")
    driver.find_element(By.CSS_SELECTOR, "[data-file-send]").click()
    item = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "file_operator", None) or [False])[0],
        "the file message never showed in the console",
    )
    link = item.find_element(By.CSS_SELECTOR, "[data-file-link]")
    assert link.text.startswith("notes.txt")
    assert "Here you are" in item.text
    body = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then((r) => r.text()).then(done, (e) => done(String(e)));",
        link.get_attribute("href"),
    )
    assert body == "The notes you asked for.\n"
    windows.show_widget()
    wait.until(
        lambda d: d.execute_script(WIDGET_ITEMS, "fileFromOperator", None),
        "the visitor's page never received the file message",
    )

    # Pause the scenario: the list and the button say so.
    windows.show_console()
    driver.find_element(By.CSS_SELECTOR, '[data-action="pause"]').click()
    wait.until(lambda d: row.get_attribute("data-paused") is not None, "the row was never marked paused")
    assert row.find_element(By.CSS_SELECTOR, '[data-chat-badge="paused"]').is_displayed()
    wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, '[data-action="pause"]'), "Resume scenario"))

    # Set the manual location offline from the bar.
    Select(driver.find_element(By.CSS_SELECTOR, "[data-status-location]")).select_by_value("manual")
    Select(driver.find_element(By.CSS_SELECTOR, "[data-status-value]")).select_by_value("offline")
    driver.find_element(By.CSS_SELECTOR, "[data-status-set]").click()
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "[data-status-current]"), "Now: offline"),
        "the bar never showed the new status",
    )
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []


def test_api_errors_are_shown(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Close me")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)

    driver.find_element(By.CSS_SELECTOR, '[data-action="close"]').click()
    wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, '[data-action="close"]').get_attribute("aria-disabled") == "true",
        "closing never disabled the close button",
    )
    # Answering a closed chat is refused by the service; the console says so instead of failing silently.
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    composer.send_keys("Too late")
    composer.send_keys(Keys.ENTER)
    alert = wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-alert]")),
        "no error was shown for a refused answer",
    )
    assert alert.text.startswith("Send failed: no open chat")
    # Typing into a closed chat is not sent, so it raises no error of its own.
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-alert]")) == 1
    # The text is given back, so nothing the operator wrote is lost.
    assert composer.get_attribute("value") == "Too late"
    alert.find_element(By.CSS_SELECTOR, "[data-alert-dismiss]").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-alert]") == [], "the alert was not dismissed")
