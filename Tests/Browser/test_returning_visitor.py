"""A visitor who comes back: one conversation across the browser tabs and the visits of one site, in sync; never on
a kiosk, and forgotten everywhere by a reset or withdrawn consent (Public/js/kept-visitor.js, connection.js)."""

from __future__ import annotations

import json
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WAIT_TIMEOUT, WidgetPage, _save_artifacts, kept_tab, kept_visitor, start_chromium
from host_site import frame_of
from test_embed import host, in_frame, wait_for_event  # noqa: F401 - `host` is the site fixture
from test_widget_drain import RECORD_STREAMS_JS
from test_widget_messages import start_manual_chat

STREAMS_JS = "return window.openedStreams ?? null"
LIVE = (By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')


@pytest.fixture
def server_args(host) -> list[str]:
    # A tab no page reads closes after two seconds, its data kept: a visitor who comes back "the next day" finds
    # the server holding nothing open for them.
    return ["--embed-origins", host.origin, "--tab-idle-timeout", "2"]


def record_streams(driver):
    """From the next page load on, this browser tab records the event streams its page opens (from its first
    script: resource timing never lists a stream that has not ended)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_STREAMS_JS})


def texts(page: WidgetPage, type_: str) -> list[str]:
    return [page.text_of(item) for item in page.items(type_)]


def open_closed_panel(driver, url: str):
    """A page with the floating launcher, its panel closed: nothing shown counts as read."""
    driver.get(url)
    WebDriverWait(driver, WAIT_TIMEOUT).until(EC.presence_of_element_located(LIVE), "the page never went live")


@contextmanager
def browser_on(profile: Path, request):
    """A browser on `profile`, quit at the end (as a person closes it), with evidence saved if the test fails."""
    browser = start_chromium(f"--user-data-dir={profile}")
    try:
        yield browser
    except BaseException:
        _save_artifacts(browser, request.node.nodeid)
        raise
    finally:
        browser.quit()


def health(server) -> dict:
    with urllib.request.urlopen(server.widget_url.rstrip("/") + "/healthz", timeout=5) as response:
        return json.loads(response.read())


def test_a_second_tab_shows_the_conversation_and_both_stay_in_sync(page, driver, operator_api):
    visitor = start_manual_chat(page, operator_api, "From the first tab")
    first_window = driver.current_window_handle
    first_tab = kept_tab(driver)

    driver.switch_to.new_window("tab")
    record_streams(driver)
    page.open("location=manual")
    page.wait_text("visitor", "From the first tab")
    assert kept_tab(driver) == first_tab, "the second tab began a visitor of its own"
    # One stream for the visitor's tabs: the first reads it, the second is given what it relays.
    assert driver.execute_script(STREAMS_JS) == [], "the second tab opened a stream of its own"
    page.send("From the second tab")
    second_window = driver.current_window_handle

    operator_api.visitor(visitor, "/messages", {"text": "Answer to both", "kind": "operator"})
    for window in (first_window, second_window):
        driver.switch_to.window(window)
        page.wait_text("visitor", "From the second tab")
        page.wait_text("operator", "Answer to both")
        assert texts(page, "visitor") == ["From the first tab", "From the second tab"], f"in {window}"
        assert texts(page, "operator").count("Answer to both") == 1
        assert not page.uncaught_errors()

    # One visitor on the service, with one chat.
    chats = [chat for chat in operator_api.call("GET", "/chats") if chat["visitorId"] == visitor]
    assert len(chats) == 1, f"the service lists {len(chats)} chats for the visitor"


def test_when_the_tab_that_reads_the_stream_closes_another_takes_over(page, driver, operator_api):
    visitor = start_manual_chat(page, operator_api, "Leader first")
    leader = driver.current_window_handle
    driver.switch_to.new_window("tab")
    record_streams(driver)
    page.open("location=manual")
    page.wait_text("visitor", "Leader first")
    follower = driver.current_window_handle
    assert driver.execute_script(STREAMS_JS) == []

    driver.switch_to.window(leader)
    driver.close()
    driver.switch_to.window(follower)
    page.wait.until(lambda d: d.execute_script(STREAMS_JS), "no tab took the stream over")
    operator_api.visitor(visitor, "/messages", {"text": "Still heard", "kind": "operator"})
    page.wait_text("operator", "Still heard")
    page.send("And still sent")
    assert texts(page, "visitor") == ["Leader first", "And still sent"]
    assert texts(page, "operator").count("Still heard") == 1


def test_reading_in_one_tab_clears_the_unread_count_in_both(page, driver, operator_api, widget_url):
    visitor = start_manual_chat(page, operator_api, "Both tabs, closed")
    base = widget_url.rstrip("/") + "/?location=manual&launcher=floating"
    open_closed_panel(driver, base)
    first_window = driver.current_window_handle
    driver.switch_to.new_window("tab")
    open_closed_panel(driver, base)
    second_window = driver.current_window_handle

    operator_api.visitor(visitor, "/messages", {"text": "Read me once", "kind": "operator"})
    for window in (first_window, second_window):
        driver.switch_to.window(window)
        WebDriverWait(driver, WAIT_TIMEOUT).until(
            lambda d: d.title.startswith("(1) "), f"no unread count in {window}: {driver.title!r}"
        )

    driver.switch_to.window(first_window)
    driver.find_element(By.CSS_SELECTOR, "[data-launcher-toggle]").click()
    WebDriverWait(driver, WAIT_TIMEOUT).until(lambda d: not d.title.startswith("("), "opening did not read it")
    driver.switch_to.window(second_window)
    WebDriverWait(driver, WAIT_TIMEOUT).until(
        lambda d: not d.title.startswith("("), "the other tab still counts the message as unread"
    )


def test_a_browser_restarted_on_its_profile_finds_the_chat_and_what_came_while_it_was_closed(
    request, tmp_path, server, operator_api, widget_url
):
    profile = tmp_path / "profile"
    with browser_on(profile, request) as browser:
        page = WidgetPage(browser, WebDriverWait(browser, WAIT_TIMEOUT), widget_url)
        visitor = start_manual_chat(page, operator_api, "Before I close the browser")
        page.wait.until(lambda d: (kept_visitor(d) or {}).get("credential"), "the page kept no credential")
        tab = kept_tab(browser)

    # Gone: the server closes the tab it held (its data kept), and the operator answers meanwhile.
    WebDriverWait(None, WAIT_TIMEOUT).until(lambda _: health(server)["tabs"] == 0, "the server kept the tab open")
    operator_api.visitor(visitor, "/messages", {"text": "While you were away", "kind": "operator"})

    with browser_on(profile, request) as browser:
        wait = WebDriverWait(browser, WAIT_TIMEOUT)
        open_closed_panel(browser, widget_url.rstrip("/") + "/?location=manual&launcher=floating")
        assert kept_tab(browser) == tab, "the browser came back as a new visitor"
        wait.until(lambda d: d.title.startswith("(1) "), f"the answer is not counted unread: {browser.title!r}")
        browser.find_element(By.CSS_SELECTOR, "[data-launcher-toggle]").click()
        page = WidgetPage(browser, wait, widget_url)
        page.wait_text("operator", "While you were away")
        assert texts(page, "visitor") == ["Before I close the browser"]
        assert texts(page, "operator").count("While you were away") == 1
        wait.until(lambda d: not d.title.startswith("("), "reading it did not clear the count")


def test_a_kiosk_keeps_nothing_beyond_its_browser_tab(page, driver, operator_api):
    page.open("location=manual&mode=kiosk")
    page.send("At the kiosk")
    first_tab = kept_tab(driver)
    assert driver.execute_script("return localStorage.length") == 0, "a kiosk kept something beyond its tab"

    driver.switch_to.new_window("tab")
    page.open("location=manual&mode=kiosk")
    assert kept_tab(driver) not in (None, first_tab), "a new kiosk tab continued the last visitor"
    assert page.items() == []
    assert driver.execute_script("return localStorage.length") == 0


def test_persist_tab_keeps_one_visitor_per_browser_tab(page, driver):
    page.open("location=manual&persist=tab")
    page.send("Only in the first tab")
    first_tab = kept_tab(driver)
    assert driver.execute_script("return localStorage.length") == 0

    driver.switch_to.new_window("tab")
    page.open("location=manual&persist=tab")
    assert kept_tab(driver) not in (None, first_tab)
    assert "Only in the first tab" not in texts(page, "visitor")


def embedded_in_two_windows(driver, wait, host, widget_url, attributes: dict[str, str]):
    """The same site's page in two windows; returns their handles."""
    url = host.embedding_page(widget_url, {"location": "manual", **attributes})
    driver.get(url)
    wait_for_event(driver, wait, "ready")
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(url)
    wait_for_event(driver, wait, "ready")
    return first, driver.current_window_handle


def say_in_frame(driver, wait, text: str):
    driver.execute_script("WebimWidget('open')")
    in_frame(driver, wait)
    wait.until(EC.presence_of_element_located(LIVE))
    driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").send_keys(text, Keys.ENTER)
    driver.switch_to.default_content()
    wait_for_event(driver, wait, "messageSent")


def frame_texts(driver) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-transcript-list] [data-message-text]'))"
        ".map((e) => e.textContent)"
    )


def test_a_reset_in_one_tab_forgets_the_visitor_in_every_tab(driver, wait, host, widget_url, server):
    first, second = embedded_in_two_windows(driver, wait, host, widget_url, {})
    driver.switch_to.window(first)
    say_in_frame(driver, wait, "Forget me everywhere")
    in_frame(driver, wait)
    old = kept_visitor(driver)
    driver.switch_to.window(second)
    in_frame(driver, wait)
    wait.until(lambda d: "Forget me everywhere" in frame_texts(d), "the other tab never showed the message")

    driver.switch_to.window(first)
    driver.switch_to.default_content()
    driver.execute_script("WebimWidget('reset')")
    for window in (first, second):
        driver.switch_to.window(window)
        driver.switch_to.default_content()
        in_frame(driver, wait)
        wait.until(
            lambda d: (kept_visitor(d) or {}).get("tabId") not in (None, old["tabId"]),
            f"{window} still keeps the old visitor",
        )
        wait.until(EC.presence_of_element_located(LIVE))
        assert "Forget me everywhere" not in frame_texts(driver), f"{window} still shows the old chat"
        assert (kept_visitor(driver) or {}).get("credential") != old["credential"]
    assert not (Path(server.data_dir) / "widget" / "tabs" / old["tabId"]).exists(), "the old visitor's data is kept"


def test_withdrawn_consent_forgets_the_visitor_in_every_tab(driver, wait, host, widget_url):
    first, second = embedded_in_two_windows(driver, wait, host, widget_url, {"consent": "required"})
    driver.switch_to.window(first)
    driver.execute_script("WebimWidget('consent', true)")
    say_in_frame(driver, wait, "Until I withdraw")
    driver.switch_to.window(second)
    # The other tab asked before consent was given; given now, it keeps the same visitor once it loads.
    driver.refresh()
    wait_for_event(driver, wait, "ready", lambda detail: detail.get("consent") == "given")
    in_frame(driver, wait)
    wait.until(lambda d: "Until I withdraw" in frame_texts(d), "the other tab never showed the chat")

    driver.switch_to.window(first)
    driver.switch_to.default_content()
    driver.execute_script("WebimWidget('consent', false)")
    for window in (first, second):
        driver.switch_to.window(window)
        driver.switch_to.default_content()
        driver.switch_to.frame(frame_of(driver))
        wait.until(
            lambda d: d.execute_script("return [localStorage.length, sessionStorage.length]") == [0, 0]
            and d.find_elements(By.CSS_SELECTOR, "[data-consent-accept]"),
            f"{window} kept the visitor after consent was withdrawn",
        )
        assert "Until I withdraw" not in frame_texts(driver)


def test_a_site_visitor_who_comes_back_sees_the_unread_answer_on_the_launcher_before_opening(
    request, tmp_path, server, operator_api, widget_url, host
):
    profile = tmp_path / "profile"
    url = host.embedding_page(widget_url, {"location": "manual"})
    with browser_on(profile, request) as browser:
        wait = WebDriverWait(browser, WAIT_TIMEOUT)
        browser.get(url)
        wait_for_event(browser, wait, "ready")
        say_in_frame(browser, wait, "Asked on the shop's page")
        visitor = operator_api.visitor_id(wait, "manual")
        operator_api.visitor(visitor, "/join", {})
        in_frame(browser, wait)
        wait.until(lambda d: (kept_visitor(d) or {}).get("credential"), "the frame kept no credential")

    WebDriverWait(None, WAIT_TIMEOUT).until(lambda _: health(server)["tabs"] == 0, "the server kept the tab open")
    operator_api.visitor(visitor, "/messages", {"text": "Answered while you shopped elsewhere", "kind": "operator"})

    with browser_on(profile, request) as browser:
        wait = WebDriverWait(browser, WAIT_TIMEOUT)
        browser.get(url)
        wait_for_event(browser, wait, "unreadChanged", lambda detail: detail["count"] == 1)
        badge = browser.execute_script(
            "return document.querySelector('[data-webim-widget]').shadowRoot.querySelector('.badge').textContent"
        )
        assert badge == "1", f"the launcher shows {badge!r}"
        say_in_frame(browser, wait, "Thanks!")
        in_frame(browser, wait)
        wait.until(lambda d: "Answered while you shopped elsewhere" in frame_texts(d), "the answer never showed")
        shown = frame_texts(browser)
        assert shown.count("Asked on the shop's page") == 1 and shown.count("Answered while you shopped elsewhere") == 1


def test_a_listener_added_late_hears_ready_with_the_consent(driver, wait, host, widget_url):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    driver.execute_script("WebimWidget('on', 'ready', (detail) => { window.lateReady = detail; })")
    assert driver.execute_script("return window.lateReady") == {"consent": "given"}


#: The tab id the preview's first frame keeps (its name is `preview-0`), read from the preview page's own storage.
FRAME_TAB_JS = """
const key = Object.keys(sessionStorage).find((name) => name.startsWith('webim-widget.chat.preview-0.'));
return key ? JSON.parse(sessionStorage.getItem(key)).tabId : null;
"""


def test_a_preview_frame_starts_over_as_a_new_visitor_at_one_click(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview")
    first = wait.until(lambda d: d.execute_script(FRAME_TAB_JS), "the first frame kept no visitor")
    wait.until(
        lambda d: d.execute_script(
            "return Object.keys(sessionStorage).filter((k) => k.startsWith('webim-widget.chat.preview-')).length"
            " === document.querySelectorAll('[data-preview-frame]').length"
        ),
        "not every frame kept a visitor",
    )
    others = driver.execute_script(
        "return Object.keys(sessionStorage).filter((k) => !k.startsWith('webim-widget.chat.preview-0.')).sort()"
        ".map((k) => [k, JSON.parse(sessionStorage.getItem(k)).tabId])"
    )
    assert driver.execute_script("return localStorage.length") == 0, "a preview frame kept its visitor per site"
    driver.find_element(By.CSS_SELECTOR, '[data-preview-variant="0"] [data-new-visitor]').click()
    wait.until(lambda d: d.execute_script(FRAME_TAB_JS) not in (None, first), "the frame kept its visitor")
    assert driver.execute_script(
        "return Object.keys(sessionStorage).filter((k) => !k.startsWith('webim-widget.chat.preview-0.')).sort()"
        ".map((k) => [k, JSON.parse(sessionStorage.getItem(k)).tabId])"
    ) == others, "another frame's visitor changed"


def test_an_answer_that_came_while_away_stays_unread_however_late_the_launcher_draws(
    page, driver, operator_api, widget_url
):
    visitor = start_manual_chat(page, operator_api, "Before I leave")
    driver.get("about:blank")
    operator_api.visitor(visitor, "/messages", {"text": "While you were away", "kind": "operator"})

    # The launcher draws its button once its stylesheet has loaded; here that request is held until the end. The
    # first snapshot already holds the answer, and the page must not count it read while the chat behind the closed
    # panel cannot be seen.
    driver.execute_cdp_cmd("Fetch.enable", {"patterns": [{"urlPattern": "*launcher.css*"}]})
    try:
        open_closed_panel(driver, widget_url.rstrip("/") + "/?location=manual&launcher=floating")
        page.wait_text("operator", "While you were away")
        hidden = driver.execute_script("return document.documentElement.hasAttribute('data-chat-hidden')")
        assert hidden, "the chat behind the closed panel counted as seen before the launcher drew"
        page.wait.until(lambda d: d.title.startswith("(1) "), f"the answer was counted read: {driver.title!r}")
    finally:
        driver.execute_cdp_cmd("Fetch.disable", {})
