"""Files reaching the widget by drag and drop, by paste and through the picker, as the visitor sees them."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from test_widget_actions import UPLOADS, service_files
from test_widget_messages import start_chat

SUNSET = Path(__file__).resolve().parents[2] / "Scenarios" / "files" / "sunset.png"

#: Builds a DataTransfer holding one File: arguments are the name, the MIME type and the bytes in base64.
DATA_TRANSFER_JS = """
const [name, type, data] = arguments;
const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
const transfer = new DataTransfer();
transfer.items.add(new File([bytes], name, { type }));
"""

DROP_JS = DATA_TRANSFER_JS + """
const target = document.querySelector('[data-transcript]');
const fire = (type) => {
  const event = new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};
fire('dragenter');
const accepted = fire('dragover');
fire('drop');
return accepted;
"""

PASTE_JS = DATA_TRANSFER_JS + """
const input = document.querySelector('[data-composer-input]');
input.focus();
const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
input.dispatchEvent(event);
return event.defaultPrevented;
"""


def file_card(page, name: str):
    """Waits for the visitor's file `name` to be sent and shown as a download card."""
    return page.wait_item(
        "fileFromVisitor",
        lambda i: i.get_attribute("data-send-status") == "sent"
        and any(name in link.text for link in i.find_elements(By.CSS_SELECTOR, "a[data-file-link]")),
        f"{name} never became a download card",
    )


def test_a_file_dropped_on_the_chat_is_sent(page, operator_api, driver):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    accepted = driver.execute_script(DROP_JS, "dropped.txt", "text/plain", base64.b64encode(b"dropped text").decode())
    assert accepted, "the chat did not accept the dragged file (the browser would open it instead)"
    card = file_card(page, "dropped.txt")
    assert "text/plain" in card.text
    page.wait_text("operator", "Thanks, I got your file.")
    assert service_files(operator_api, "files") == ["dropped.txt"]


def test_a_dropped_file_over_the_limit_is_refused_in_the_page(page, driver, wait):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    driver.execute_script(DROP_JS, "huge.pdf", "application/pdf", base64.b64encode(b"%" * (1024 * 1024 + 1)).decode())
    error = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-composer-error]"))
    wait.until(lambda d: error.is_displayed() and error.text == "huge.pdf is too large (limit 1 MB).")
    assert page.items("fileFromVisitor") == []
    assert driver.execute_script(UPLOADS) == 0


def test_an_image_pasted_into_the_composer_is_sent_as_an_image(page, operator_api, driver):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    composer = page.composer()
    composer.send_keys("draft stays")
    handled = driver.execute_script(PASTE_JS, "pasted.png", "image/png", base64.b64encode(SUNSET.read_bytes()).decode())
    assert handled, "the paste was left to the text box"
    item = page.wait_item(
        "fileFromVisitor",
        lambda i: i.get_attribute("data-send-status") == "sent" and i.find_elements(By.CSS_SELECTOR, "[data-file-open] img"),
        "the pasted image never showed as a thumbnail",
    )
    thumb = item.find_element(By.CSS_SELECTOR, "[data-file-open] img")
    assert thumb.get_attribute("alt") == "pasted.png"
    # Looked up afresh each time: the bubble is drawn again when the operator's answer quotes it, which leaves an
    # element found before it stale.
    loaded = "const img = document.querySelector('[data-message-type=\"fileFromVisitor\"] [data-file-open] img'); return img !== null && img.naturalWidth > 0;"
    page.wait.until(lambda d: d.execute_script(loaded), "the thumbnail never loaded")
    # The image went as a file, not as text into the draft.
    assert composer.get_attribute("value") == "draft stays"
    page.wait_text("operator", "Thanks, I got your file.")
    assert service_files(operator_api, "files") == ["pasted.png"]


#: Records, for every change of the transcript, each visitor upload's progress bar as the visitor sees it:
#: its value while it is shown, or "hidden".
RECORD_PROGRESS_JS = """
window.__progress = [];
const list = document.querySelector('[data-transcript-list]');
new MutationObserver(() => {
  for (const bar of list.querySelectorAll('[data-message-type="fileFromVisitor"] [data-message-progress]')) {
    const shown = !bar.hidden && bar.getClientRects().length > 0;
    window.__progress.push(shown ? { value: bar.value, label: bar.getAttribute('aria-label') } : 'hidden');
  }
}).observe(list, { subtree: true, childList: true, attributes: true });
"""


def test_upload_progress_bar_shows_while_uploading_and_goes_when_done(page, driver, wait, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    driver.execute_script(RECORD_PROGRESS_JS)
    # A slow uplink makes the upload take long enough to report progress on the way.
    driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=200 * 1024)
    big = tmp_path / "report.txt"
    big.write_bytes(b"x" * (600 * 1024))
    driver.find_element(By.CSS_SELECTOR, "[data-composer-file]").send_keys(str(big))

    def partly_filled(d):
        return [p for p in d.execute_script("return window.__progress") if p != "hidden" and 0 < p["value"] < 100]

    shown = wait.until(partly_filled, "no partly filled progress bar while uploading")
    assert shown[0]["label"] == "Uploading report.txt…"
    card = file_card(page, "report.txt")
    bar = card.find_element(By.CSS_SELECTOR, "[data-message-progress]")
    assert not bar.is_displayed(), "the progress bar stayed after the upload"
    values = [p["value"] for p in driver.execute_script("return window.__progress") if p != "hidden"]
    assert values == sorted(values), "the progress went backwards"


#: The sentence `Public/i18n/en.json` gives a visitor over their storage budget.
VISITOR_BUDGET_SENTENCE = "There's no room left for more messages and files."


@pytest.mark.parametrize("server_args", [["--visitor-budget-mb", "1"]], ids=["visitor-budget-1mb"])
def test_a_visitor_over_the_storage_budget_is_told_so_in_a_sentence(page, driver, wait):
    page.open("location=manual")
    page.send("Hello")
    # Under the location's 10 MB limit, over the visitor's 1 MB: the chat service refuses it.
    big = base64.b64encode(b"a" * (1024 * 1024 + 512 * 1024)).decode()
    driver.execute_script(DROP_JS, "big.txt", "text/plain", big)
    error = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-composer-error]"))
    wait.until(lambda d: error.is_displayed() and error.text == VISITOR_BUDGET_SENTENCE)
    # The tab knows now: the next message is refused at once (507) and says why beside it.
    page.composer().send_keys("One more", Keys.ENTER)
    failed = page.wait_item(
        "visitor",
        lambda i: "One more" in i.text and i.get_attribute("data-send-status") == "failed",
        "the message over the budget never showed as not sent",
    )
    assert VISITOR_BUDGET_SENTENCE in failed.text
    # Sending it again would meet the same refusal: no Retry is offered.
    retry = failed.find_element(By.CSS_SELECTOR, "[data-message-retry]")
    assert not retry.is_displayed(), "a message over the visitor's budget offered Retry"
