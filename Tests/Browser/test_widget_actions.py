"""The visitor's actions on the widget page, against the real server and the embedded service."""

from __future__ import annotations

import secrets
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import kept_tab
from test_widget_messages import start_chat, start_manual_chat

BANNER = (By.CSS_SELECTOR, "[data-connection-banner]")

COUNT_BEEPS = """
window.__beeps = 0;
const original = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__beeps += 1; return original.call(this); };
"""


def set_offline(driver, offline: bool):
    driver.set_network_conditions(offline=offline, latency=0, download_throughput=-1, upload_throughput=-1)


def test_a_message_sent_offline_waits_and_goes_out_once_when_the_network_returns(page, operator_api, driver, wait):
    """Lost on the way is not refused: the bubble stays `sending` (no Retry to press), and the page sends it
    again by itself, with the same clientId, once a server has the tab: the service keeps one."""
    page.open("location=manual")
    assert not driver.find_element(*BANNER).is_displayed(), "the banner shows while the stream is live"

    set_offline(driver, True)
    wait.until(EC.visibility_of_element_located(BANNER), "no banner while the network is down")
    assert driver.find_element(*BANNER).get_attribute("data-state") in ("offline", "reconnecting")
    composer = page.composer()
    text = f"Sent while offline {secrets.token_hex(4)}"
    composer.send_keys(text)
    composer.send_keys(Keys.ENTER)
    item = page.wait_item("visitor", lambda i: i.get_attribute("data-send-status") == "sending", "no sending bubble")
    client_id = item.get_attribute("data-client-id")
    retries = item.find_elements(By.CSS_SELECTOR, "[data-message-retry]")
    assert not any(button.is_displayed() for button in retries), "a message lost on the way offers Retry"

    set_offline(driver, False)
    wait.until(EC.invisibility_of_element_located(BANNER), "the banner stayed after the network came back")
    item = page.wait_item("visitor", lambda i: i.get_attribute("data-send-status") == "sent", "the message was never sent")
    assert item.get_attribute("data-client-id") == client_id
    assert len(page.items("visitor")) == 1

    def copies(_):
        chats = operator_api.call("GET", "/chats")
        return [m for chat in chats for m in (chat.get("chat") or {}).get("messages", []) if m.get("text") == text]

    stored = wait.until(copies, "the service never got the message")
    assert len(stored) == 1, stored


def test_sound_on_a_new_operator_message_after_the_first_interaction(page, operator_api, driver, wait):
    page.open("location=manual")
    driver.execute_script(COUNT_BEEPS)
    visitor = start_manual_chat_in_open_page(page, operator_api)
    operator_api.visitor(visitor, "/messages", {"text": "Ding"})
    page.wait_text("operator", "Ding")
    wait.until(lambda d: d.execute_script("return window.__beeps") >= 1, "no beep for the operator's message")
    # An incoming message never moves focus.
    assert driver.switch_to.active_element == page.composer()


def start_manual_chat_in_open_page(page, operator_api, text="Hi"):
    page.send(text)
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    return visitor


def test_rating_button_appears_once_an_operator_joined(page, operator_api, driver, wait):
    start_manual_chat(page, operator_api)
    button = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-rate-open]")))
    button.click()
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-rating]")))
    assert "Console Operator" in form.find_element(By.CSS_SELECTOR, "[data-rating-title]").text
    assert len(form.find_elements(By.CSS_SELECTOR, 'input[name="rating"]')) == 5


def test_rating_is_sent_with_a_note(page, operator_api, driver, wait):
    start_manual_chat(page, operator_api)
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-rate-open]"))).click()
    # The panels load on first use, so the form shows a moment after the click.
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-rating]")))
    form.find_element(By.CSS_SELECTOR, 'input[value="4"]').click()
    form.find_element(By.CSS_SELECTOR, 'textarea[name="note"]').send_keys("Quick and kind")
    form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    status = form.find_element(By.CSS_SELECTOR, "[data-panel-status]")
    wait.until(lambda d: status.text == "Thank you for your rating.", "no thanks after rating")


def test_the_resolution_question_follows_a_rating_and_its_answer_reaches_the_chat(page, operator_api, driver, wait):
    visitor = start_manual_chat(page, operator_api)
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-rate-open]"))).click()
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-rating]")))
    form.find_element(By.CSS_SELECTOR, 'input[value="5"]').click()
    # Not before the rating is taken.
    assert not form.find_element(By.CSS_SELECTOR, "[data-resolution]").is_displayed()
    form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    question = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-resolution]")))
    assert question.text.startswith("Was your question resolved?")
    # The stars and the note make way for the question, whose first answer has the focus.
    assert not form.find_element(By.CSS_SELECTOR, ".panel-stars").is_displayed()
    assert driver.switch_to.active_element.get_attribute("data-resolution-answer") == "1"
    question.find_element(By.CSS_SELECTOR, '[data-resolution-answer="0"]').click()
    status = form.find_element(By.CSS_SELECTOR, "[data-panel-status]")
    wait.until(lambda d: status.text == "Thank you! That helps us a lot.", "no thanks after the answer")
    assert not question.is_displayed()
    chat = operator_api.visitor(visitor, "", method="GET")["chat"]
    assert [answer["answer"] for answer in chat["operatorIdToResolutionSurvey"].values()] == [0]


def test_reply_with_a_quote_chip(page, operator_api, driver, wait):
    visitor = start_manual_chat(page, operator_api)
    operator_api.visitor(visitor, "/messages", {"text": "Which one?"})
    item = page.wait_text("operator", "Which one?")
    item.find_element(By.CSS_SELECTOR, '[data-action="reply"]').click()
    chip = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-composer-chip]")))
    assert "Which one?" in chip.text
    page.composer().send_keys("The blue one" + Keys.ENTER)
    mine = page.wait_item("visitor", lambda i: page.text_of(i) == "The blue one" and i.get_attribute("data-send-status") == "sent")
    assert not chip.is_displayed()
    quote = mine.find_element(By.CSS_SELECTOR, "[data-message-quote]")
    assert "Which one?" in quote.text


def test_edit_and_delete_own_message(page, operator_api, driver, wait):
    start_manual_chat(page, operator_api, "Typo hree")
    item = page.items("visitor")[0]
    edit = wait.until(lambda d: item.find_element(By.CSS_SELECTOR, '[data-action="edit"]'))
    wait.until(lambda d: edit.is_displayed(), "no Edit on an editable message")
    edit.click()
    composer = page.composer()
    assert composer.get_attribute("value") == "Typo hree"
    composer.clear()
    composer.send_keys("Typo here" + Keys.ENTER)
    wait.until(lambda d: page.text_of(item) == "Typo here", "the edit never showed")
    wait.until(lambda d: item.find_element(By.CSS_SELECTOR, "[data-message-edited]").is_displayed())
    item.find_element(By.CSS_SELECTOR, '[data-action="delete"]').click()
    wait.until(EC.staleness_of(item), "the deleted message stayed")


#: How many uploads the page has sent: each is a POST to the tab's `/files` (downloads add `/files/{guid}`).
UPLOADS = "return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/files')).length"


def service_files(operator_api, location: str):
    """The names of the files the service holds from the visitor of this location's chat."""
    import json

    names = []
    for chat in operator_api.call("GET", "/chats"):
        if chat["location"] == location and chat.get("chat"):
            for message in chat["chat"]["messages"]:
                if message["kind"] == "file_visitor":
                    names.append(json.loads(message["text"])["filename"])
    return names


def test_files_over_the_limits_are_refused_in_the_page_before_upload(page, operator_api, driver, wait, tmp_path):
    start_chat(page, "location=files")
    page.wait_text("operator", "Here are the photo")
    big = tmp_path / "big.png"
    big.write_bytes(b"\x89PNG" + b"0" * (2 * 1024 * 1024))
    picker = driver.find_element(By.CSS_SELECTOR, "[data-composer-file]")
    picker.send_keys(str(big))
    error = wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-composer-error]")), "no refusal of the big file"
    )
    assert error.text == "big.png is too large (limit 1 MB)."

    exe = tmp_path / "tool.exe"
    exe.write_bytes(b"MZ")
    picker.send_keys(str(exe))
    wait.until(lambda d: error.text == "Files of type exe cannot be sent.", "no refusal of the .exe")
    assert page.items("fileFromVisitor") == []
    assert driver.execute_script(UPLOADS) == 0, "a refused file was uploaded"

    small = tmp_path / "notes.txt"
    small.write_text("hello file", encoding="utf-8")
    picker.send_keys(str(small))
    item = page.wait_item(
        "fileFromVisitor",
        lambda i: i.get_attribute("data-send-status") == "sent" and i.find_elements(By.CSS_SELECTOR, "a[data-file-link]"),
        "the uploaded file never became a download card",
    )
    assert "notes.txt" in item.text
    page.wait_text("operator", "Thanks, I got your file.")
    assert not error.is_displayed(), "the old refusal still shows after a good file"
    # Only the good file ever left the page, and it is the only one the service got.
    assert driver.execute_script(UPLOADS) == 1
    assert service_files(operator_api, "files") == ["notes.txt"]


def test_typing_is_reported_throttled_and_cleared(page, operator_api, driver, wait):
    visitor = start_manual_chat(page, operator_api)
    count = "return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/typing')).length"
    before = driver.execute_script(count)
    composer = page.composer()
    composer.send_keys("abcdefgh")
    # Eight keys within well under a second: the leading report and at most one trailing one.
    wait.until(lambda d: d.execute_script(count) >= before + 1)
    sent_while_typing = driver.execute_script(count) - before
    assert 1 <= sent_while_typing <= 2
    composer.send_keys(Keys.ENTER)
    # Sending clears the draft with one more report (draft: null).
    wait.until(lambda d: d.execute_script(count) > before + sent_while_typing, "no typing report after sending")
    assert visitor


def test_close_and_start_chat(page, operator_api, driver, wait):
    start_manual_chat(page, operator_api)
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-chat-close]"))).click()
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-chat-start]"))).click()
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-chat-close]")))


def test_department_selection(page, wait):
    page.open("location=departments")
    panel = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-departments]")))
    keys = [b.get_attribute("data-department-key") for b in panel.find_elements(By.CSS_SELECTOR, "[data-department-key]")]
    assert set(keys) == {"sales", "support", "billing"}
    panel.find_element(By.CSS_SELECTOR, '[data-department-key="support"]').click()
    page.wait_text("operator", "Hello! How can our department help?")
    wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-departments]")))


def test_offline_message_form(page, driver, wait):
    page.open("location=offline")
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-offline-form]")))
    form.find_element(By.NAME, "name").send_keys("Olga")
    form.find_element(By.NAME, "email").send_keys("olga@example.com")
    form.find_element(By.NAME, "text").send_keys("Call me back")
    form.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    item = page.wait_item("visitor", lambda i: "Call me back" in page.text_of(i) and i.get_attribute("data-send-status") == "sent")
    assert "olga@example.com" in page.text_of(item)


def test_a_chat_with_nothing_in_it_offers_no_transcript(page, operator_api, driver, wait):
    page.open("location=manual")
    button = driver.find_element(By.CSS_SELECTOR, "[data-transcript-open]")
    assert not button.is_displayed()
    page.send("Hello")
    wait.until(EC.visibility_of(button), "the transcript button never showed once the chat had a message")


def test_transcript_by_email_and_download(page, operator_api, driver, wait):
    start_manual_chat(page, operator_api)
    driver.find_element(By.CSS_SELECTOR, "[data-transcript-open]").click()
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-transcript-form]")))
    link = form.find_element(By.CSS_SELECTOR, "[data-transcript-download]")
    assert link.get_attribute("href").endswith("/transcript")
    text = driver.execute_async_script(
        "fetch(arguments[0]).then((r) => r.text()).then(arguments[1])", link.get_attribute("href")
    )
    assert "Hello" in text
    form.find_element(By.NAME, "email").send_keys("me@example.com" + Keys.ENTER)
    status = form.find_element(By.CSS_SELECTOR, "[data-panel-status]")
    wait.until(lambda d: status.text == "The transcript will be e-mailed to you.")


def tab_title(driver, url_prefix: str) -> str | None:
    """The title of the browser tab showing `url_prefix`, read without bringing that tab forward."""
    for target in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]:
        if target["type"] == "page" and target["url"].startswith(url_prefix):
            return target["title"]
    return None


def test_unread_badge_and_title_while_away_until_the_visitor_acts(page, operator_api, driver, wait):
    visitor = start_manual_chat(page, operator_api)
    title = driver.title
    chat = driver.current_window_handle
    driver.switch_to.new_window("tab")
    operator_api.visitor(visitor, "/messages", {"text": "While you were away"})
    # From the other tab the visitor sees the chat tab's title.
    wait.until(lambda d: tab_title(d, page.url) == f"(1) {title}", "the hidden chat's title shows no unread count")

    driver.switch_to.window(chat)
    page.wait_text("operator", "While you were away")
    badge = driver.find_element(By.CSS_SELECTOR, "[data-unread-badge]")
    # Coming back is not reading: the badge says what arrived meanwhile.
    assert badge.is_displayed() and badge.text == "1"
    assert badge.get_attribute("aria-label") == "1 unread"
    page.composer().click()
    wait.until(EC.invisibility_of_element(badge), "the badge stayed after the visitor acted")
    wait.until(lambda d: d.title == title, "the title kept its unread count")


#: Seconds for a new long-history visitor's 100,000 seeded messages to be written and their last page shown;
#: a debug build on a small machine takes a good part of it.
SEED_TIMEOUT = 120
WELCOME = "Welcome back! Your whole history is above."
HISTORY_REQUESTS = """
return performance.getEntriesByType('resource').map((e) => new URL(e.name))
  .filter((url) => url.pathname.endsWith('/history')).map((url) => url.searchParams.get('before'));
"""


def test_older_history_on_scroll_up(page, driver, wait):
    from selenium.webdriver.support.ui import WebDriverWait

    start_chat(page, "location=long-history")
    WebDriverWait(driver, SEED_TIMEOUT).until(
        lambda d: any(page.text_of(i) == WELCOME for i in page.items("operator")), "the seeded history never showed"
    )
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-history-more]")), "no sign of older messages")

    def shown_ids():
        return [i.get_attribute("data-message-id") for i in page.items()]

    shown = shown_ids()
    transcript = driver.find_element(By.CSS_SELECTOR, "[data-transcript]")
    assert driver.execute_script("return arguments[0].scrollTop", transcript) > 0, "the newest messages are not in view"
    driver.execute_script("arguments[0].scrollTop = 0", transcript)
    wait.until(lambda d: shown_ids()[0] not in shown, "no older messages loaded")

    ids = shown_ids()
    assert len(ids) == len(set(ids)), "a message was shown twice"
    older = ids[: len(ids) - len(shown)]
    assert older and ids[len(older):] == shown, "the messages already shown moved or went away"
    times = driver.execute_script(
        "return arguments[0].map((item) => item.querySelector('[data-message-time]').dateTime)", page.items()
    )
    assert times == sorted(times), "the older messages are not in time order above the others"
    # One request, for what comes before the oldest message shown: nothing shown is fetched again.
    assert driver.execute_script(HISTORY_REQUESTS) == [shown[0]]
    # The visitor keeps their place: the message that was at the top is still in view.
    assert driver.execute_script(
        """const [item, view] = arguments; const a = item.getBoundingClientRect(), b = view.getBoundingClientRect();
        return a.bottom > b.top && a.top < b.bottom;""",
        page.items()[len(older)],
        transcript,
    ), "loading older messages moved the view"


def test_a_message_the_disk_refuses_shows_failed_and_its_retry_is_stored_once(page, server, operator_api, driver, wait):
    """A 503 `storage_unavailable` is not 'queued': the bubble fails with Retry, and the retry is one message."""
    text = f"Kept by nobody yet {secrets.token_hex(4)}"
    page.open("location=manual")
    tab = wait.until(
        lambda d: kept_tab(d, "manual"),
        "the page never got a tab",
    )
    assert tab
    # The outbox is in the history store every tab shares. Immutable files refuse writes even to root, through
    # descriptors already open; not the `-shm` index, which SQLite maps into memory.
    store = server.data_dir / "widget"
    wait.until(lambda d: (store / "history.sqlite-wal").exists(), "the server has no history store")
    files = [str(store / name) for name in ("history.sqlite", "history.sqlite-wal")]
    subprocess.run(["chattr", "+i", *files], check=True)
    try:
        composer = page.composer()
        composer.send_keys(text)
        composer.send_keys(Keys.ENTER)
        item = page.wait_item("visitor", lambda i: i.get_attribute("data-send-status") == "failed", "no failed bubble")
    finally:
        subprocess.run(["chattr", "-i", *files], check=True)
    # textContent: WebDriver reads no text from a bubble still fading in.
    assert "could not be saved" in item.get_attribute("textContent")
    retry = item.find_element(By.CSS_SELECTOR, "[data-message-retry]")
    wait.until(lambda d: retry.is_displayed(), "no Retry button")
    retry.click()
    wait.until(lambda d: item.get_attribute("data-send-status") == "sent", "the retried message was never sent")

    def copies(_):
        chats = operator_api.call("GET", "/chats")
        return [m for chat in chats for m in (chat.get("chat") or {}).get("messages", []) if m.get("text") == text]

    stored = wait.until(copies, "the service never got the retried message")
    assert len(stored) == 1, stored
