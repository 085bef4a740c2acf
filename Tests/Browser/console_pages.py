"""Shared pieces of the operator console's browser tests: one browser, two windows.

The console window and a visitor's widget page at the `manual` location (no bot, so only the person
at the console answers); the JavaScript snippets that read both pages; the `windows` fixture.
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

    def __init__(
        self,
        driver,
        wait,
        console_url: str,
        widget_url: str,
        console_link: str | None = None,
        console_token: str | None = None,
    ):
        self.driver = driver
        self.wait = wait
        #: The console page without a query; `console_link` is the printed link that signs the browser in.
        self.console_url = console_url
        self.console_link = console_link or console_url
        #: The console token for API calls made beside the page (`Authorization: Bearer`), if the server has one.
        self.console_token = console_token
        self.widget_url = widget_url.rstrip("/") + "/?location=manual"
        self.console = driver.current_window_handle
        self.widget = None

    def show_console(self):
        self.driver.switch_to.window(self.console)

    def show_widget(self):
        self.driver.switch_to.window(self.widget)

    def open_console(self):
        # The printed link trades its token for the console's cookie and lands on the page without it.
        self.driver.get(self.console_link)
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
    pair = Windows(driver, wait, server.console_url, server.widget_url, server.console_link, server.console_token)
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
