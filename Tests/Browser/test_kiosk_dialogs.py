"""A kiosk opens none of the operating system's dialogs (issue 30): no file picker (the paperclip opened the system's
file dialog, where a passer-by browses the kiosk account's files), no print, no download; `--kiosk-uploads` brings
the paperclip back for a kiosk that needs it.

The page is checked in real Chromium against the real binary, before a chat, after it starts and after the `files`
scenario's operator has sent a photo and a PDF; the tests wait for DOM state, never for time.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

#: Every control that could open the system's file dialog, print the page or save a file, among those a visitor can
#: see or reach (the transcript form's download link is in the markup of every page, hidden on a kiosk).
DIALOG_CONTROLS_JS = """
const visible = (node) => node.checkVisibility();
const label = (node) => [node.textContent, node.getAttribute('aria-label'), node.title, ...Object.keys(node.dataset)]
  .join(' ');
return {
  pickers: document.querySelectorAll('input[type=file]').length,
  attach: document.querySelectorAll('[data-composer-attach], .composer-attach').length,
  print: Array.from(document.querySelectorAll('button, a, [role=button], label'))
    .filter((node) => visible(node) && /print|печат/i.test(label(node))).map((node) => node.outerHTML.slice(0, 120)),
  downloads: Array.from(document.querySelectorAll('a[href]'))
    .filter((node) => visible(node) && (node.hasAttribute('download') || /\\/api\\/tabs\\//.test(node.href)))
    .map((node) => node.download || node.textContent.trim()),
};
"""

NOTHING = {"pickers": 0, "attach": 0, "print": [], "downloads": []}

#: Whether each way the browser opens a dialog by itself is stopped: its shortcuts (print, save, open, and the
#: system's print dialog), the page's context menu, a file dropped on the chat; and whether the print and file-picker
#: functions are the browser's own. A text field keeps its menu (paste).
BROWSER_WAYS_JS = """
const keys = [['p', {}], ['s', {}], ['o', {}], ['P', {shiftKey: true}], ['p', {metaKey: true}]];
const pressed = keys.map(([key, extra]) => !document.body.dispatchEvent(
  new KeyboardEvent('keydown', {key, ctrlKey: !extra.metaKey, bubbles: true, cancelable: true, ...extra})));
const menu = (target) => !target.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}));
const files = new DataTransfer();
files.items.add(new File(['not for the kiosk'], 'notes.txt', {type: 'text/plain'}));
const frame = document.querySelector('.widget-frame');
return {
  shortcutsStopped: pressed,
  transcriptMenuStopped: menu(document.querySelector('[data-transcript]')),
  textMenuStopped: menu(document.querySelector('[data-composer-input]')),
  dragStopped: !frame.dispatchEvent(new DragEvent('dragover', {bubbles: true, cancelable: true, dataTransfer: files})),
  dropStopped: !frame.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true, dataTransfer: files})),
  nativePrint: /\\[native code\\]/.test(String(window.print)),
  filePickers: ['showOpenFilePicker', 'showSaveFilePicker', 'showDirectoryPicker'].filter((name) => window[name]),
};
"""

#: The status of the PDF's own URL when the page asks for it: a kiosk keeps its visitor in session storage.
FILE_STATUS_JS = """
const done = arguments[arguments.length - 1];
const tab = JSON.parse(sessionStorage.getItem('webim-widget.chat.files')).tabId;
fetch(`/api/tabs/${tab}/history?limit=50`).then((r) => r.json()).then(async ({messages}) => {
  const file = messages.flatMap((m) => m.attachment?.files ?? []).find((f) => f.name === 'manual.pdf');
  const answer = await fetch(file.url);
  done({status: answer.status, code: (await answer.json()).error?.code});
}).catch((error) => done({error: String(error)}));
"""


def open_files_chat(page, query: str):
    """Opens the `files` location, asks for the manual and waits for the operator's photo and PDF."""
    page.open(f"location=files&{query}")
    page.send("Send me the manual, please")
    photo = page.wait_item(
        "fileFromOperator", lambda i: i.find_elements(By.CSS_SELECTOR, "img.transcript-thumb-image"), "no photo"
    )
    manual = page.wait_item("fileFromOperator", lambda i: "manual.pdf" in i.text, "no PDF card")
    return photo, manual


def test_a_kiosk_page_opens_no_file_print_or_save_dialog(page, driver, wait):
    page.open("location=files&mode=kiosk")
    assert driver.execute_script(DIALOG_CONTROLS_JS) == NOTHING, "a kiosk page before the chat"

    photo, manual = open_files_chat(page, "mode=kiosk")
    assert driver.execute_script(DIALOG_CONTROLS_JS) == NOTHING, "a kiosk page showing files"

    # The PDF is a card with nothing to follow; the photo still opens in the in-page viewer.
    card = manual.find_element(By.CSS_SELECTOR, ".transcript-file")
    assert card.tag_name == "span" and card.get_attribute("href") is None and card.get_attribute("download") is None
    url = driver.current_url
    card.click()
    assert driver.current_url == url and len(driver.window_handles) == 1
    photo.find_element(By.CSS_SELECTOR, "[data-file-open]").click()
    viewer = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-lightbox]"), "the photo did not open")
    wait.until(lambda d: viewer.get_attribute("open") is not None, "the viewer did not open")
    viewer.find_element(By.CSS_SELECTOR, "[data-lightbox-close]").click()
    # Nor will the server give the kiosk's tab the PDF to save, however it is asked.
    assert driver.execute_async_script(FILE_STATUS_JS) == {"status": 403, "code": "kiosk_downloads_off"}

    # The transcript's form offers e-mail only.
    driver.find_element(By.CSS_SELECTOR, "[data-transcript-open]").click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-transcript-form]").is_displayed())
    assert driver.execute_script(DIALOG_CONTROLS_JS) == NOTHING, "a kiosk page with the transcript form open"

    ways = driver.execute_script(BROWSER_WAYS_JS)
    assert ways == {
        "shortcutsStopped": [True] * 5,
        "transcriptMenuStopped": True,
        "textMenuStopped": False,
        "dragStopped": True,
        "dropStopped": True,
        "nativePrint": False,
        "filePickers": [],
    }
    assert page.uncaught_errors() == []


def test_a_widget_page_keeps_its_paperclip_and_downloads(page, driver):
    """The same checks on a page that is no kiosk's find the controls, so they do look for the right things."""
    _, manual = open_files_chat(page, "mode=widget")
    found = driver.execute_script(DIALOG_CONTROLS_JS)
    assert found["pickers"] == 1 and found["attach"] == 1 and found["print"] == []
    assert any("manual.pdf" in link for link in found["downloads"]), found
    assert manual.find_element(By.CSS_SELECTOR, ".transcript-file").tag_name == "a"
    ways = driver.execute_script(BROWSER_WAYS_JS)
    assert ways["shortcutsStopped"] == [False] * 5 and ways["nativePrint"] is True


@pytest.mark.parametrize("server_args", [["--kiosk", "--kiosk-uploads"]], ids=["kiosk-uploads"])
def test_kiosk_uploads_bring_the_paperclip_back(page, driver, wait, tmp_path):
    page.open("location=files")
    assert driver.execute_script("return document.body.dataset.mode") == "kiosk"
    controls = driver.execute_script(DIALOG_CONTROLS_JS)
    assert controls["pickers"] == 1 and controls["attach"] == 1, controls
    assert driver.find_element(By.CSS_SELECTOR, "[data-composer-attach]").is_displayed()
    note = tmp_path / "notes.txt"
    note.write_text("a file from the kiosk", encoding="utf-8")
    driver.find_element(By.CSS_SELECTOR, "[data-composer-file]").send_keys(str(note))
    # The card is drawn again once the service has the file, so each look finds it anew.
    page.wait_item(
        "fileFromVisitor",
        lambda i: i.get_attribute("data-send-status") == "sent" and "notes.txt" in i.text,
        "the kiosk's file was never sent",
    )
    # Still no way to save it: the card has nothing to follow.
    cards = driver.execute_script(
        "return [...document.querySelectorAll('.transcript-file')].map((card) => card.tagName.toLowerCase())"
    )
    assert cards and set(cards) == {"span"}, cards
    assert page.uncaught_errors() == []
