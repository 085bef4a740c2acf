"""Logging an identified visitor out without erasing them: a site's `WebimWidget('logout')` (or `setVisitor(null)`)
forgets the person in every tab of the browser, and their conversation stays on the chat service for their next
login (Public/js/logout.js, embedded.js, embed.js)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import kept_visitor
from host_site import frame_of
from test_embed import host, in_frame, wait_for_event  # noqa: F401 - `host` is the site fixture
from test_payloads import signed_fields
from test_returning_visitor import LIVE, frame_texts, say_in_frame

PERSON = {"name": "Ann Logout", "id": "ann-logout-1"}
QUESTION = "Ann's question about her order"
ANSWER = "Ann's order ships on Monday"

#: Everything a page keeps in both storages of its origin, key by key.
STORAGE_JS = """
const kept = {};
for (const [name, storage] of [['local', localStorage], ['session', sessionStorage]]) {
  for (let i = 0; i < storage.length; i += 1) kept[`${name}:${storage.key(i)}`] = storage.getItem(storage.key(i));
}
return kept;
"""


@pytest.fixture
def server_args(host) -> list[str]:
    return ["--embed-origins", host.origin]


def signed(server) -> str:
    return signed_fields(server, PERSON, int(time.time()) + 3600)


def logged_in_page(host, widget_url, fields: str) -> str:
    """A page of the site while the person is logged in: it names them first thing, as the README shows."""
    return host.embedding_page(widget_url, {"location": "manual"}, f"WebimWidget('setVisitor', {json.dumps(fields)});")


def mark_document(driver):
    """Marks the frame's current document, so that a test can tell when it has loaded afresh."""
    driver.execute_script("window.beforeLogout = true")


def frame_started_over(driver, wait, window: str):
    """Into the frame of `window` once it has loaded afresh (a document `mark_document` did not mark) and is live."""
    driver.switch_to.window(window)
    driver.switch_to.default_content()

    def fresh(d):
        d.switch_to.default_content()
        d.switch_to.frame(frame_of(d))
        return d.execute_script("return !window.beforeLogout && document.body?.dataset.ready === 'true'")

    wait.until(fresh, f"the frame in {window} never loaded afresh")
    wait.until(EC.presence_of_element_located(LIVE), f"the frame in {window} never went live")


def assert_nothing_of(driver, old: dict, where: str):
    """Neither the frame's storage nor what it shows holds anything of the identified visitor."""
    kept = driver.execute_script(STORAGE_JS)
    for key, value in kept.items():
        for trace in (old["tabId"], old["credential"], old["visitorFields"], PERSON["id"], PERSON["name"]):
            assert trace not in value, f"{where}: {key} still holds {trace!r}: {value!r}"
    record = kept_visitor(driver)
    assert record is not None and record["visitorFields"] is None, f"{where}: {record}"
    shown = frame_texts(driver)
    assert QUESTION not in shown and ANSWER not in shown, f"{where} still shows the person's messages: {shown}"
    name = driver.execute_script("return document.body.textContent")
    assert PERSON["name"] not in name, f"{where} still shows the person's name"


def barriers(driver) -> int:
    """How many of `commands_handled`'s round trips came back."""
    return sum(1 for name, detail in driver.execute_script("return window.seen") if name == "error" and detail.get("code") == "empty_text")


def commands_handled(driver, wait):
    """Waits until the frame has handled every command sent before: the frame takes the site's commands in order and
    handles each at once, so the answer to one more (an empty `send`, which it refuses with an `error` event) comes
    after everything the earlier ones did, a `logout` event included."""
    before = barriers(driver)
    driver.execute_script("WebimWidget('send', '')")
    wait.until(lambda d: barriers(d) > before, "the frame never answered a command sent after the others")


def logouts(driver) -> int:
    """How many times the site heard `logout`."""
    return [name for name, _ in driver.execute_script("return window.seen")].count("logout")


def test_a_logout_in_one_tab_forgets_the_visitor_in_every_tab_and_keeps_their_history(
    driver, wait, host, widget_url, server, operator_api
):
    fields = signed(server)
    url = logged_in_page(host, widget_url, fields)
    driver.get(url)
    wait_for_event(driver, wait, "ready")
    first = driver.current_window_handle
    say_in_frame(driver, wait, QUESTION)
    visitor = operator_api.visitor_id(wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": ANSWER, "kind": "operator"})
    in_frame(driver, wait)
    wait.until(lambda d: ANSWER in frame_texts(d), "the operator's answer never showed")
    wait.until(lambda d: (kept_visitor(d) or {}).get("credential"), "the frame kept no credential")
    old = kept_visitor(driver)
    assert old["visitorFields"] == fields

    # The same logged-in page in a second tab shows the same conversation.
    driver.switch_to.new_window("tab")
    second = driver.current_window_handle
    driver.get(url)
    wait_for_event(driver, wait, "ready")
    in_frame(driver, wait)
    wait.until(lambda d: QUESTION in frame_texts(d) and ANSWER in frame_texts(d), "the second tab never showed the chat")
    assert kept_visitor(driver)["tabId"] == old["tabId"]
    for window in (first, second):
        driver.switch_to.window(window)
        driver.switch_to.default_content()
        driver.switch_to.frame(frame_of(driver))
        mark_document(driver)

    driver.switch_to.window(first)
    driver.switch_to.default_content()
    driver.execute_script("WebimWidget('logout')")

    for window in (first, second):
        frame_started_over(driver, wait, window)
        wait.until(lambda d: (kept_visitor(d) or {}).get("tabId") not in (None, old["tabId"]), f"{window} kept the tab")
        assert_nothing_of(driver, old, window)
        driver.switch_to.default_content()
        # The site's side forgets them too: the launcher's remembered count, and the site hears `logout`.
        wait_for_event(driver, wait, "logout")
        assert driver.execute_script("return localStorage.getItem('webim-widget.unread')") is None
        assert [name for name, _ in driver.execute_script("return window.seen") if name == "error"] == []
    driver.switch_to.window(first)
    driver.switch_to.frame(frame_of(driver))
    anonymous = kept_visitor(driver)["tabId"]
    driver.switch_to.window(second)
    driver.switch_to.frame(frame_of(driver))
    assert kept_visitor(driver)["tabId"] == anonymous, "the tabs went on as different visitors"

    # Ended as a closed tab ends, not erased: the server keeps the visitor's data for their return.
    assert (Path(server.data_dir) / "widget" / "tabs" / old["tabId"]).is_dir(), "the logout erased the visitor's data"

    # A reload stays anonymous: the site's logged-out page in the first tab, the frame alone in the second (whose
    # page named the person before the logout).
    driver.switch_to.window(first)
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    in_frame(driver, wait)
    wait.until(EC.presence_of_element_located(LIVE))
    assert_nothing_of(driver, old, "the reloaded first tab")
    driver.switch_to.window(second)
    driver.switch_to.frame(frame_of(driver))
    mark_document(driver)
    driver.execute_script("location.reload()")
    frame_started_over(driver, wait, second)
    assert_nothing_of(driver, old, "the second tab's reloaded frame")

    # The person logs in again with the same signed fields: their conversation is back, in both tabs.
    driver.switch_to.window(first)
    driver.switch_to.default_content()
    driver.execute_script("WebimWidget('setVisitor', arguments[0]); WebimWidget('open')", fields)
    for window in (first, second):
        driver.switch_to.window(window)
        driver.switch_to.default_content()
        driver.switch_to.frame(frame_of(driver))
        wait.until(
            lambda d: QUESTION in frame_texts(d) and ANSWER in frame_texts(d),
            f"{window} never showed the person's conversation again",
        )
        assert (kept_visitor(driver) or {}).get("visitorFields") == fields


def test_set_visitor_null_logs_out_and_a_logout_with_no_one_identified_does_nothing(
    driver, wait, host, widget_url, server
):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    say_in_frame(driver, wait, "Anonymous so far")
    in_frame(driver, wait)
    anonymous = kept_visitor(driver)
    mark_document(driver)
    driver.switch_to.default_content()

    # No one is identified: nothing happens, no error.
    driver.execute_script("WebimWidget('logout')")
    driver.execute_script("WebimWidget('setVisitor', null)")
    # A page that wrongly started over tells its site `logout` first, before it handles the next command.
    commands_handled(driver, wait)
    driver.switch_to.frame(frame_of(driver))
    assert driver.execute_script("return window.beforeLogout === true"), "a logout with no one identified reloaded"
    assert kept_visitor(driver)["tabId"] == anonymous["tabId"]
    assert "Anonymous so far" in frame_texts(driver)
    driver.switch_to.default_content()
    heard = driver.execute_script("return window.seen")
    assert [name for name, detail in heard if name == "logout" or (name == "error" and detail.get("code") != "empty_text")] == []

    # setVisitor(null) logs an identified visitor out.
    fields = signed(server)
    driver.execute_script("WebimWidget('setVisitor', arguments[0])", fields)
    driver.switch_to.frame(frame_of(driver))
    wait.until(lambda d: (kept_visitor(d) or {}).get("visitorFields") == fields, "the person was never identified")
    wait.until(EC.presence_of_element_located(LIVE))
    driver.switch_to.default_content()
    say_in_frame(driver, wait, QUESTION)
    in_frame(driver, wait)
    wait.until(lambda d: (kept_visitor(d) or {}).get("credential"), "the frame kept no credential")
    old = kept_visitor(driver)
    mark_document(driver)
    driver.switch_to.default_content()
    driver.execute_script("WebimWidget('setVisitor', null)")
    frame_started_over(driver, wait, driver.current_window_handle)
    assert_nothing_of(driver, old, "after setVisitor(null)")
    driver.switch_to.default_content()
    assert logouts(driver) == 1

    # A naming the site made before the logout (a page left open elsewhere, an older loader) is stale.
    driver.switch_to.default_content()
    driver.execute_script(
        "document.querySelector('[data-webim-widget]').shadowRoot.querySelector('iframe').contentWindow.postMessage("
        "{webimWidget: 1, kind: 'command', name: 'setVisitor', args: [arguments[0], Date.now() - 60000]}, arguments[1])",
        fields,
        widget_url.rstrip("/"),
    )
    wait.until(lambda d: logouts(d) == 2, "the site never heard that the stale naming was set aside")
    commands_handled(driver, wait)
    driver.switch_to.frame(frame_of(driver))
    assert (kept_visitor(driver) or {}).get("visitorFields") is None, "a stale naming brought the person back"


def test_a_logout_queued_before_the_widget_loaded_never_shows_the_person(driver, wait, host, widget_url, server):
    fields = signed(server)
    driver.get(logged_in_page(host, widget_url, fields))
    wait_for_event(driver, wait, "ready")
    say_in_frame(driver, wait, QUESTION)
    in_frame(driver, wait)
    wait.until(lambda d: (kept_visitor(d) or {}).get("credential"), "the frame kept no credential")
    old = kept_visitor(driver)

    # The site's page after its own logout says so first thing, before embed.js has arrived; the frame records
    # every message it ever shows, from its first script.
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": "if (location.search.includes('mode=embedded')) { window.shown = [];"
            " new MutationObserver(() => document.querySelectorAll('[data-message-text]').forEach((e) =>"
            " window.shown.push(e.textContent))).observe(document, {subtree: true, childList: true, characterData: true}); }"
        },
    )
    driver.switch_to.default_content()
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, "WebimWidget('logout');"))
    started = time.monotonic()
    wait_for_event(driver, wait, "ready")
    waited = time.monotonic() - started
    in_frame(driver, wait)
    wait.until(EC.presence_of_element_located(LIVE))
    assert_nothing_of(driver, old, "after the queued logout")
    assert QUESTION not in driver.execute_script("return window.shown"), "the frame showed the person before the logout"
    # The logout loads the chat at once (after the page's load), not at the idle moment three seconds later.
    assert waited < 3, f"the queued logout waited {waited:.1f} s, as for the idle load"
