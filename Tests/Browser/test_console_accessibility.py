"""The operator console passes an axe-core audit (WCAG 2.x A/AA rules) with every part on screen."""

from __future__ import annotations

import base64
import json
import urllib.request

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from console_pages import CONSOLE_MESSAGES, unique, windows  # noqa: F401

#: A 1×1 PNG, so that the transcript shows an image preview with its alternative text.
PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


#: The rule sets the audit runs.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]

#: Runs axe on the whole document; a failure of axe itself comes back as `{error}` instead of a timeout.
AXE_RUN = """
const [tags, done] = arguments;
axe.run(document, { runOnly: { type: 'tag', values: tags } }).then(done, (error) => done({ error: String(error) }));
"""


def console_api(windows, path: str, body: dict) -> dict:
    """POSTs to the console API as another operator tool would (with the console token, when there is one)."""
    headers = {"Content-Type": "application/json"}
    if windows.console_token:
        headers["Authorization"] = f"Bearer {windows.console_token}"
    request = urllib.request.Request(
        windows.console_url + "/api" + path,
        data=json.dumps(body).encode(),
        headers=headers,
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=15) as response:
        return json.loads(response.read() or b"{}")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_console_has_no_accessibility_violations(windows, driver, wait, theme):
    windows.open_console()
    windows.open_widget()
    question = unique("Audit me")
    windows.visitor_writes(question)
    row = windows.select_chat_with_last(question)
    visitor = row.get_attribute("data-visitor-id")

    # Every kind of part: an answer quoting the visitor, a keyboard with a link, an image file with a caption.
    console_api(windows, f"/visitors/{visitor}/join", {})
    quoted = driver.execute_script(CONSOLE_MESSAGES, "visitor", question)[0].get_attribute("data-message-id")
    console_api(windows, f"/visitors/{visitor}/messages", {"text": "An answer", "quote": {"messageId": quoted}})
    rows = [[{"id": "a", "text": "A"}, {"id": "b", "text": "Docs", "url": "https://example.com/"}]]
    console_api(windows, f"/visitors/{visitor}/keyboard", {"rows": rows})
    image = {"filename": "pixel.png", "contentType": "image/png", "base64": base64.b64encode(PIXEL_PNG).decode()}
    console_api(windows, f"/visitors/{visitor}/files", {**image, "caption": "A pixel"})

    windows.show_console()
    driver.get(f"{windows.console_url}?theme={theme}")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection][data-state="live"]')))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-visitor-id="{visitor}"] [data-chat-item]'))
    driver.find_element(By.CSS_SELECTOR, f'[data-visitor-id="{visitor}"] [data-chat-item]').click()
    wait.until(lambda d: d.execute_script(CONSOLE_MESSAGES, "file_operator", None), "the file never showed")
    wait.until(lambda d: d.execute_script("return document.querySelector('[data-message-kind=\"file_operator\"] img')?.complete"))
    for summary in driver.find_elements(By.CSS_SELECTOR, ".tool-summary"):
        summary.click()
    # An error on screen too: answering a closed chat is refused.
    driver.find_element(By.CSS_SELECTOR, '[data-action="close"]').click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, '[data-action="close"]').get_attribute("aria-disabled") == "true")
    driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").send_keys("Too late\n")
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-alert]")))

    axe = Axe(driver)
    axe.inject()
    results = driver.execute_async_script(AXE_RUN, AXE_TAGS)
    assert "error" not in results, results.get("error")
    assert results["violations"] == [], axe.report(results["violations"])
