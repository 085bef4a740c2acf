"""Several files in one message: the tray above the composer, with progress, cancel, remove, refusals and a caption."""

from __future__ import annotations

import json
import os
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from axe_audit import audit, blocking, report
from conftest import ARTIFACTS, WidgetPage, start_chromium
from test_widget_messages import start_chat

SUNSET = Path(__file__).resolve().parents[2] / "Scenarios" / "files" / "sunset.png"
MANUAL = SUNSET.with_name("manual.pdf")

#: Where the screenshots for a person to look at go, besides the artifacts folder.
SHOTS = Path(os.environ.get("FILE_TRAY_SHOTS", ARTIFACTS))

#: The tray's rows as the visitor sees them: name, state, the error line and the button's label.
TRAY_JS = """
return Array.from(document.querySelectorAll('[data-tray-item]')).map((row) => ({
  name: row.querySelector('.file-tray-name').textContent,
  state: row.dataset.state,
  error: row.querySelector('.file-tray-error').textContent,
  button: row.querySelector('button').getAttribute('aria-label'),
  progress: row.querySelector('progress').value,
}));
"""

RESOURCES = "return performance.getEntriesByType('resource').map((e) => e.name)"


def files(tmp_path: Path, *names: str, size: int = 64) -> list[str]:
    """Writes small text files (a real picture or PDF for `.png` and `.pdf` names: the service checks their
    content) and returns their paths."""
    paths = []
    for name in names:
        path = tmp_path / name
        real = {".png": SUNSET, ".pdf": MANUAL}.get(path.suffix)
        path.write_bytes(real.read_bytes() if real else b"x" * size)
        paths.append(str(path))
    return paths


def pick(driver, paths: list[str]) -> None:
    """Chooses several files at once in the composer's picker."""
    driver.find_element(By.CSS_SELECTOR, "[data-composer-file]").send_keys("\n".join(paths))


def tray(driver) -> list[dict]:
    return driver.execute_script(TRAY_JS)


def wait_settled(page, count: int) -> list[dict]:
    """Waits until the tray holds `count` files and none is still waiting or uploading."""

    def settled(driver):
        rows = tray(driver)
        return rows if len(rows) == count and all(r["state"] in ("ready", "refused") for r in rows) else False

    return page.wait.until(settled, f"the tray never settled with {count} files")


def status(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "[data-tray-status]").text


#: Records every sentence the tray's live region says from now on, in `window.__traySaid`: a later one (another
#: file uploaded a moment after) may replace a sentence before a test reads it.
RECORD_STATUS_JS = """
window.__traySaid = [];
const region = document.querySelector('[data-tray-status]');
new MutationObserver(() => window.__traySaid.push(region.textContent)).observe(region, {childList: true, characterData: true, subtree: true});
"""


def send(page, caption: str = "") -> None:
    composer = page.composer()
    if caption:
        composer.send_keys(caption)
    page.driver.find_element(By.CSS_SELECTOR, "[data-composer-send]").click()


def service_file_messages(operator_api, location: str = "files") -> list[list[str]]:
    """Each visitor file message the service holds for the location's chat, as its files' names."""
    messages = []
    for chat in operator_api.call("GET", "/chats"):
        if chat["location"] == location and chat.get("chat"):
            for message in chat["chat"]["messages"]:
                if message["kind"] == "file_visitor":
                    listed = json.loads(message["text"])
                    listed = listed if isinstance(listed, list) else [listed]
                    messages.append([item["filename"] for item in listed])
    return messages


def bubble_files(item) -> list[str]:
    return [
        (node.get_attribute("data-file-name") or node.text).split("\n")[0]
        for node in item.find_elements(By.CSS_SELECTOR, "[data-message-files] > *")
    ]


def test_three_files_and_a_caption_go_as_one_message(page, operator_api, driver, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    assert not [r for r in driver.execute_script(RESOURCES) if "file-tray" in r], "the tray loaded before it was needed"
    pick(driver, files(tmp_path, "one.txt", "two.pdf", "three.png"))
    rows = wait_settled(page, 3)
    assert [r["name"] for r in rows] == ["one.txt", "two.pdf", "three.png"]
    assert [r["button"] for r in rows] == ["Remove one.txt", "Remove two.pdf", "Remove three.png"]
    page.wait.until(lambda d: status(d) == "3 files are ready to send.")
    hint = driver.find_element(By.CSS_SELECTOR, ".file-tray-hint")
    assert hint.text == "Add a caption in the message box if you like, then press Send."
    send(page, "Here are my three files")
    page.wait_text("operator", "Thanks, I got your 3 files in one message.")
    assert service_file_messages(operator_api) == [["one.txt", "two.pdf", "three.png"]]
    item = page.wait_item(
        "fileFromVisitor",
        lambda i: i.get_attribute("data-send-status") == "sent" and len(bubble_files(i)) == 3,
        "the message never showed its three files",
    )
    assert item.find_elements(By.CSS_SELECTOR, "[data-file-open] img"), "the picture is no thumbnail"
    assert len(item.find_elements(By.CSS_SELECTOR, "a[data-file-link]")) == 2
    page.wait_text("visitor", "Here are my three files")
    assert not driver.find_element(By.CSS_SELECTOR, "[data-file-tray]").is_displayed()
    assert page.uncaught_errors() == []


def test_a_file_removed_before_sending_is_not_sent(page, operator_api, driver, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    pick(driver, files(tmp_path, "keep1.txt", "drop.txt", "keep2.txt"))
    wait_settled(page, 3)
    driver.find_element(By.CSS_SELECTOR, "[data-tray-item]:nth-child(2) [data-tray-remove]").click()
    page.wait.until(lambda d: [r["name"] for r in tray(d)] == ["keep1.txt", "keep2.txt"])
    page.wait.until(lambda d: status(d) == "drop.txt removed.")
    # The focus stays in the tray, on the next file's button.
    assert driver.switch_to.active_element.get_attribute("aria-label") == "Remove keep2.txt"
    send(page)
    page.wait_text("operator", "Thanks, I got your 2 files in one message.")
    assert service_file_messages(operator_api) == [["keep1.txt", "keep2.txt"]]
    # No caption: no text message after the files.
    assert page.items("visitor") == []


def test_files_beyond_the_chats_limit_stay_in_the_tray_with_the_reason(page, operator_api, driver, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    pick(driver, files(tmp_path, "first1.txt", "first2.txt", "first3.txt"))
    wait_settled(page, 3)
    send(page)
    page.wait_text("operator", "Thanks, I got your 3 files in one message.")
    # The location takes 5 visitor files a chat: 3 more are refused, and stay in the tray to be sent fewer.
    pick(driver, files(tmp_path, "more1.txt", "more2.txt", "more3.txt"))
    wait_settled(page, 3)
    send(page, "the caption")
    note = driver.find_element(By.CSS_SELECTOR, "[data-tray-note]")
    page.wait.until(lambda d: note.text == "This chat cannot take more files; remove some and send again.")
    assert page.composer().get_attribute("value") == "the caption", "the caption was lost with the refusal"
    driver.find_element(By.CSS_SELECTOR, "[data-tray-item]:last-child [data-tray-remove]").click()
    page.wait.until(lambda d: len(tray(d)) == 2)
    send(page)
    page.wait_text("operator", "Thanks, I got your 2 files in one message.")
    assert service_file_messages(operator_api) == [["first1.txt", "first2.txt", "first3.txt"], ["more1.txt", "more2.txt"]]
    # The caption went once, with the files the chat took, not after the refused ones.
    page.wait_text("visitor", "the caption")
    assert [page.text_of(i) for i in page.items("visitor")] == ["the caption"]


def test_an_upload_in_flight_can_be_cancelled(page, operator_api, driver, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    # A slow uplink keeps the large file uploading until it is cancelled.
    driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=32 * 1024)
    paths = files(tmp_path, "large.txt", size=900 * 1024) + files(tmp_path, "small1.txt", "small2.txt")
    pick(driver, paths)
    page.wait.until(lambda d: any(r["name"] == "large.txt" and r["state"] == "uploading" and r["progress"] > 0 for r in tray(d)))
    cancel = driver.find_element(By.CSS_SELECTOR, "[data-tray-item]:first-child [data-tray-cancel]")
    assert cancel.get_attribute("aria-label") == "Cancel uploading large.txt"
    driver.execute_script(RECORD_STATUS_JS)
    cancel.click()
    page.wait.until(lambda d: "large.txt" not in [r["name"] for r in tray(d)])
    page.wait.until(
        lambda d: any(said.startswith("Upload of large.txt cancelled.") for said in d.execute_script("return window.__traySaid")),
        "the tray never said the upload was cancelled",
    )
    driver.set_network_conditions(offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
    wait_settled(page, 2)
    send(page)
    page.wait_text("operator", "Thanks, I got your 2 files in one message.")
    assert service_file_messages(operator_api) == [["small1.txt", "small2.txt"]]


def test_refused_files_show_why_in_the_page_and_are_not_sent(page, operator_api, driver, tmp_path):
    start_chat(page, "location=files&locale=ru")
    page.wait_text("operator", "Here are the photo")
    fake = tmp_path / "fake.png"
    fake.write_bytes(b"no picture at all")
    unsafe = tmp_path / "eicar.txt"
    unsafe.write_bytes(rb"X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*")
    pick(driver, files(tmp_path, "good1.txt", "tool.exe", "good2.txt") + [str(fake), str(unsafe)])
    rows = {r["name"]: r for r in wait_settled(page, 5)}
    # Refused by the page against the location's types, and by the service for what only it can tell: a .png
    # that is no picture, a file it finds unsafe. Each in the page's own words, by the error's code.
    assert rows["tool.exe"]["state"] == "refused"
    assert rows["tool.exe"]["error"] == "Файлы типа exe отправлять нельзя."
    assert rows["fake.png"]["state"] == "refused"
    assert rows["fake.png"]["error"] == "Файлы такого типа отправить нельзя."
    assert rows["eicar.txt"]["state"] == "refused"
    assert rows["eicar.txt"]["error"] == "Чат не принял этот файл."
    assert rows["tool.exe"]["button"] == "Убрать tool.exe"
    assert rows["good1.txt"]["state"] == rows["good2.txt"]["state"] == "ready"
    send(page)
    page.wait_text("operator", "Thanks, I got your 2 files in one message.")
    assert service_file_messages(operator_api) == [["good1.txt", "good2.txt"]]


def test_the_eleventh_file_is_left_out(page, driver, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    names = [f"f{n:02}.txt" for n in range(1, 12)]
    pick(driver, files(tmp_path, *names))
    rows = wait_settled(page, 10)
    assert [r["name"] for r in rows] == names[:10]
    note = driver.find_element(By.CSS_SELECTOR, "[data-tray-note]")
    assert note.text == "f11.txt was left out: one message holds up to 10 files."
    # One more picked later is left out as well.
    pick(driver, files(tmp_path, "late.txt"))
    page.wait.until(lambda d: note.text == "late.txt was left out: one message holds up to 10 files.")
    assert len(tray(driver)) == 10


def test_the_tray_works_from_the_keyboard_and_passes_an_axe_audit(page, operator_api, driver, tmp_path):
    for query in ("location=files&dark=0", "location=files&dark=1&dir=rtl"):
        page.open(query)
        pick(driver, files(tmp_path, "a.txt", "b.txt", "run.exe"))
        wait_settled(page, 3)
        results = audit(driver)
        assert blocking(results) == [], f"{query}: {report(blocking(results))}"
        tray_root = driver.find_element(By.CSS_SELECTOR, "[data-file-tray]")
        assert tray_root.accessible_name == "Files to send"
        # From the text box, Shift+Tab past the file picker reaches the tray's last button: Enter removes run.exe,
        # and the focus stays on the button now last.
        composer = page.composer()
        composer.click()
        def back():
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
            return driver.switch_to.active_element

        focused = back()
        assert focused.get_attribute("data-composer-file") is not None
        # The file input may hold two stops (its button, then itself), as Chromium draws it.
        for _ in range(2):
            if focused.get_attribute("data-composer-file") is None:
                break
            focused = back()
        assert focused.get_attribute("aria-label") == "Remove run.exe", focused.get_attribute("outerHTML")[:200]
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        page.wait.until(lambda d: [r["name"] for r in tray(d)] == ["a.txt", "b.txt"])
        assert driver.switch_to.active_element.get_attribute("aria-label") == "Remove b.txt"
        # Enter in the text box sends the files with the caption.
        composer.send_keys(f"Keys {query}", Keys.ENTER)
        page.wait_text("visitor", f"Keys {query}")
        assert not tray_root.is_displayed()
    page.wait_text("operator", "Thanks, I got your 2 files in one message.")


def test_screenshots_of_the_tray_and_the_message(widget_url, tmp_path):
    """Saves the tray in each look, and the message it sent, for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    looks = {
        "light": "location=files",
        "dark": "location=files&dark=1",
        "rtl-ru": "location=files&dir=rtl&locale=ru",
        "phone": "location=files",
    }
    paths = files(tmp_path, "sunset.png", "quarterly-report-with-a-long-name.pdf", "notes.txt", "setup.exe")
    for name, query in looks.items():
        browser = start_chromium()
        try:
            if name == "phone":
                browser.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride",
                    {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
                )
            page = WidgetPage(browser, WebDriverWait(browser, 20), widget_url)
            start_chat(page, query)
            page.wait_item("fileFromOperator", lambda i: True, "the operator's files never came")
            pick(browser, paths)
            wait_settled(page, 4)
            page.composer().send_keys("Photos from the trip" if "ru" not in query else "Фото из поездки")
            browser.save_screenshot(str(SHOTS / f"tray-{name}.png"))
            browser.find_element(By.CSS_SELECTOR, "[data-composer-send]").click()
            item = page.wait_item(
                "fileFromVisitor",
                lambda i: i.get_attribute("data-send-status") == "sent" and len(bubble_files(i)) == 3,
                "the message never showed its three files",
            )
            page.wait_item("operator", lambda i: "3 files" in page.text_of(i), "the operator never answered")
            # The message of three files and its caption, in view together.
            page.wait.until(
                lambda d: d.execute_script(
                    "arguments[0].scrollIntoView({block: 'start'}); return arguments[0].querySelector('img')?.complete",
                    item,
                ),
                "the thumbnail never loaded",
            )
            browser.save_screenshot(str(SHOTS / f"tray-{name}-sent.png"))
        finally:
            browser.quit()
    assert (SHOTS / "tray-phone-sent.png").is_file()
