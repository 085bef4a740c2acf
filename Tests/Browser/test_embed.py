"""The widget on somebody else's site: `embed.js` on a page of another origin, its host API and events, the bridge's
origin checks, consent before anything is created or stored, and the loader's size."""

from __future__ import annotations

import json
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from host_site import HostSite, frame_of, launcher_of, names, seen
from conftest import kept_tab
from test_payloads import signed_fields

#: The loader's budget, compacted as served and before gzip: 8 KiB (issue 19), and 0.6 KiB more for the
#: proactive invitation beside the launcher (issue 32), which the loader draws itself since the panel is closed;
#: 0.7 KiB more for the facade (issue 35): the frame made only when wanted or at idle, the commands that may wait for
#: it, the unread count remembered for the next page, and the focus into the chat and back. It saves every site's
#: visitor the frame's 55 KB and its page's work at load (Benchmarks/RESULTS.md, "The widget's cost to a host site").
#: 50 B more for the configurator's theme options a site may set as attributes (font, fontSize, radius, visitorBubble,
#: operatorBubble: their names in the loader's list). 160 B more for the logout: `WebimWidget('logout')` and
#: `setVisitor(null)`, the time each naming, logout and reset carries (so that the frame sets aside a visitor a page
#: named before a logout in another tab), and the `logout` event that drops the visitor the loader would hand the frame
#: again.
EMBED_BUDGET = 8 * 1024 + 600 + 700 + 50 + 160


@pytest.fixture
def host():
    site = HostSite()
    yield site
    site.stop()


@pytest.fixture
def foreign():
    """A site the server does not list."""
    site = HostSite()
    yield site
    site.stop()


@pytest.fixture
def server_args(host) -> list[str]:
    return ["--embed-origins", host.origin]


def wait_for_event(driver, wait, name, predicate=lambda detail: True, message=""):
    def find(_):
        for seen_name, detail in seen(driver):
            if seen_name == name and predicate(detail):
                return [detail]  # truthy even when the detail is {}
        return False

    return wait.until(find, message or f"the page never heard {name!r}; it heard {names(driver)}")[0]


def panel_shown(driver) -> bool:
    return driver.execute_script(
        "const panel = document.querySelector('[data-webim-widget]').shadowRoot.querySelector('.panel');"
        "return !panel.hidden && panel.checkVisibility()"
    )


def in_frame(driver, wait):
    """Switches into the widget's frame once its chat is ready."""
    driver.switch_to.default_content()
    driver.switch_to.frame(frame_of(driver))
    wait.until(lambda d: d.execute_script("return document.body?.dataset.ready === 'true'"), "the chat never started")


def test_the_snippet_runs_the_calls_made_before_the_script_arrived(driver, wait, widget_url, host):
    # Recorded at the page's own load, which the loader must not hold up: no frame may be loading yet.
    first = (
        "WebimWidget('open');"
        "addEventListener('load', () => { window.frameAtLoad = document.querySelector('[data-webim-widget]')"
        "?.shadowRoot?.querySelector('iframe')?.getAttribute('src') ?? null; });"
    )
    driver.get(host.embedding_page(widget_url, {"title": "Sales", "palette": "green", "location": "manual"}, first))
    wait_for_event(driver, wait, "ready")
    assert names(driver)[:1] == ["open"] and "ready" in names(driver)
    assert driver.execute_script("return window.frameAtLoad") is None
    assert panel_shown(driver)
    launcher = launcher_of(driver)
    assert launcher.get_attribute("aria-expanded") == "true"
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(frame_of(driver).get_attribute("src")).query)
    assert query["mode"] == ["embedded"] and query["host"] == [host.origin] and query["title"] == ["Sales"]

    in_frame(driver, wait)
    assert driver.find_element(By.CSS_SELECTOR, "[data-header-title]").text == "Sales"
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-palette") == "green"
    assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-embed-host") == host.origin
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))


def test_the_host_api_drives_the_chat_and_hears_its_events(driver, wait, widget_url, host, operator_api):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    assert not panel_shown(driver)
    wait_for_event(driver, wait, "onlineStatusChanged", lambda d: d["status"] == "online")

    driver.execute_script("WebimWidget('prefill', 'I need help'); WebimWidget('open')")
    wait_for_event(driver, wait, "open")
    assert panel_shown(driver)
    in_frame(driver, wait)
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    wait.until(lambda d: composer.get_attribute("value") == "I need help", "prefill never reached the composer")
    composer.send_keys(Keys.ENTER)
    driver.switch_to.default_content()
    sent = wait_for_event(driver, wait, "messageSent")
    assert sent["text"] == "I need help" and sent["id"] and sent["clientId"]
    wait_for_event(driver, wait, "chatStarted")

    visitor = operator_api.visitor_id(wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    joined = wait_for_event(driver, wait, "operatorChanged", lambda d: d["operator"] is not None)
    assert joined["operator"]["name"] == "Console Operator"

    # Closed, a reply is unread: the page hears the message, the count, and the launcher shows it.
    driver.execute_script("WebimWidget('close')")
    wait_for_event(driver, wait, "close")
    assert not panel_shown(driver)
    operator_api.visitor(visitor, "/messages", {"text": "Hello from the desk"})
    message = wait_for_event(driver, wait, "message", lambda d: d["text"] == "Hello from the desk")
    assert message["sender"] == "Console Operator" and message["type"] == "operator" and message["id"]
    wait_for_event(driver, wait, "unreadChanged", lambda d: d["count"] == 1)
    launcher = launcher_of(driver)
    badge = driver.execute_script("return arguments[0].querySelector('.badge')", launcher)
    wait.until(
        lambda d: d.execute_script("return arguments[0].checkVisibility()", badge) and badge.text == "1",
        "the launcher never showed the unread count",
    )
    assert "1 unread" in launcher.get_attribute("aria-label")

    # Opened, it is read.
    driver.execute_script("WebimWidget('toggle')")
    wait_for_event(driver, wait, "unreadChanged", lambda d: d["count"] == 0)
    wait.until(
        lambda d: not d.execute_script("return arguments[0].checkVisibility()", badge),
        "the badge stayed after the chat was opened",
    )

    operator_api.visitor(visitor, "/close", {})
    wait_for_event(driver, wait, "chatClosed")

    shown = "return arguments[0].checkVisibility()"
    driver.execute_script("WebimWidget('hide')")
    wait.until(lambda d: not d.execute_script(shown, launcher) and not panel_shown(d), "hide left the launcher")
    driver.execute_script("WebimWidget('show')")
    wait.until(lambda d: d.execute_script(shown, launcher), "show never brought the launcher back")
    assert [name for name, _ in seen(driver) if name == "error"] == []


def test_locale_theme_custom_fields_visitor_and_reset(driver, wait, widget_url, host, operator_api, server):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    driver.execute_script("WebimWidget('setLocale', 'ru'); WebimWidget('setTheme', {dark: true, palette: 'graphite'})")
    in_frame(driver, wait)
    html = driver.find_element(By.TAG_NAME, "html")
    wait.until(lambda d: html.get_attribute("lang") == "ru" and html.get_attribute("data-theme") == "dark")
    assert html.get_attribute("data-palette") == "graphite"
    # The panel is closed, so the text is read as the page has it, not as WebDriver would see it on screen.
    send = driver.find_element(By.CSS_SELECTOR, "[data-composer-send]")
    assert send.get_attribute("textContent") == "Отправить"
    driver.switch_to.default_content()

    driver.execute_script(
        "WebimWidget('setVisitor', arguments[0]); WebimWidget('setCustomFields', {order: 'A-17'}); WebimWidget('open')",
        signed_fields(server, {"name": "Ann Embedded", "id": "ann-1"}, int(time.time()) + 3600),
    )
    in_frame(driver, wait)
    first_tab = kept_tab(driver)
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    composer.send_keys("Where is my order?", Keys.ENTER)
    driver.switch_to.default_content()
    wait_for_event(driver, wait, "messageSent")

    def visitor_record(_):
        for chat in operator_api.call("GET", "/chats"):
            if chat["visitorName"] == "Ann Embedded" and chat.get("chat"):
                return chat
        return False

    record = wait.until(visitor_record, "the identified visitor's chat never reached the service")
    assert record["fields"].get("order") == "A-17", record["fields"]

    driver.execute_script("WebimWidget('reset')")
    wait_for_event(driver, wait, "ready", lambda d: True)
    # A new visitor: another tab, an empty transcript.
    in_frame(driver, wait)
    wait.until(
        lambda d: kept_tab(d) not in (None, first_tab),
        "reset kept the tab",
    )
    assert driver.find_elements(By.CSS_SELECTOR, "[data-transcript-list] > .transcript-item") == []


def test_messages_from_other_windows_and_origins_are_ignored(driver, wait, widget_url, host, foreign):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    wait_for_event(driver, wait, "ready")
    # The host page itself forges the frame's event: the loader takes events from the frame alone.
    driver.execute_script(
        "window.postMessage({webimWidget: 1, kind: 'event', name: 'unreadChanged', detail: {count: 5}}, '*')"
    )
    wait.until(
        lambda d: any("ignored" in e["message"] for e in d.get_log("browser")),
        "the loader did not say it ignored the forged event",
    )
    assert "unreadChanged" not in names(driver)
    assert not driver.execute_script("return arguments[0].querySelector('.badge').checkVisibility()", launcher_of(driver))

    # A page of a site the server does not list opens the chat in a window and sends it a command.
    opener = foreign.page("<!doctype html><title>Foreign</title><p>Foreign</p>")
    driver.get(opener)
    embedded = f"{widget_url.rstrip('/')}/?mode=embedded&location=manual&host={urllib.parse.quote(host.origin)}"
    driver.execute_script("window.popup = window.open(arguments[0], 'chat')", embedded)
    driver.switch_to.window("chat")
    wait.until(lambda d: d.execute_script("return document.body?.dataset.ready === 'true'"), "the chat never started")
    driver.switch_to.window(driver.window_handles[0])
    driver.execute_script(
        "popup.postMessage({webimWidget: 1, kind: 'command', name: 'prefill', args: ['forged']}, '*')"
    )
    driver.switch_to.window("chat")
    wait.until(
        lambda d: any("ignored a command" in e["message"] for e in d.get_log("browser")),
        "the chat did not say it ignored the foreign command",
    )
    assert driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").get_attribute("value") == ""


def test_only_listed_sites_may_frame_the_chat(widget_url, host, foreign):
    def headers(query):
        with urllib.request.urlopen(f"{widget_url.rstrip('/')}/?{query}", timeout=10) as response:
            return response.headers.get("Content-Security-Policy"), response.read().decode()

    policy, page = headers(f"mode=embedded&host={urllib.parse.quote(foreign.origin)}")
    assert f"frame-ancestors 'self' {host.origin}" in policy and foreign.origin not in policy
    assert "data-embed-host" not in page
    _, page = headers(f"mode=embedded&host={urllib.parse.quote(host.origin)}")
    assert f'data-embed-host="{host.origin}"' in page


def test_consent_required_creates_and_stores_nothing_until_given(driver, wait, widget_url, host, server):
    driver.get(host.embedding_page(widget_url, {"location": "manual", "consent": "required"}))
    ready = wait_for_event(driver, wait, "ready")
    assert ready["consent"] == "pending"
    # The launcher still says whether anyone answers, from the server's cached status.
    wait_for_event(driver, wait, "onlineStatusChanged", lambda d: d["status"] == "online")
    assert "(Online)" in launcher_of(driver).get_attribute("aria-label")
    driver.execute_script("WebimWidget('open')")

    in_frame(driver, wait)
    consent = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-consent-accept]")))
    requests = "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
    assert not any(path.startswith("/api/tabs") for path in driver.execute_script(requests))
    assert driver.execute_script("return [localStorage.length, sessionStorage.length, document.cookie]") == [0, 0, ""]
    assert not driver.find_element(By.CSS_SELECTOR, "[data-connection-banner]").is_displayed()
    assert health(server)["tabs"] == 0

    consent.click()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))
    assert health(server)["tabs"] == 1
    assert driver.find_elements(By.CSS_SELECTOR, "[data-consent]") == []

    # Withdrawn, the visitor is erased: the tab on the server and everything in the frame's storage.
    driver.switch_to.default_content()
    driver.execute_script("WebimWidget('consent', false)")
    wait.until(lambda d: health(server)["tabs"] == 0, "the tab outlived the withdrawn consent")
    in_frame(driver, wait)
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-consent-accept]")))
    assert driver.execute_script("return [localStorage.length, sessionStorage.length]") == [0, 0]


def test_embed_js_stays_within_its_budget(widget_url):
    with urllib.request.urlopen(f"{widget_url.rstrip('/')}/embed.js", timeout=10) as response:
        body = response.read()
        assert response.headers.get_content_type() == "text/javascript"
    assert len(body) <= EMBED_BUDGET, f"embed.js is {len(body):,} bytes, over its {EMBED_BUDGET:,}"


def health(server) -> dict:
    with urllib.request.urlopen(f"{server.widget_url.rstrip('/')}/healthz", timeout=10) as response:
        return json.loads(response.read())


def test_the_preview_shows_each_variant_on_a_sample_site_with_its_snippet(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview?view=site")
    frames = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-preview-site-frame]"), "no sample sites")
    snippet = driver.find_elements(By.CSS_SELECTOR, "[data-snippet]")[0].get_attribute("textContent")
    assert "WebimWidget.q" in snippet and f'{widget_url.rstrip("/")}/embed.js' in snippet
    assert 'data-location="default"' in snippet and "data-launcher" not in snippet
    preview_origin = driver.execute_script("return location.origin")

    # The sample site is this server under its other loopback name: another origin, as a real site is.
    driver.switch_to.frame(frames[0])
    wait.until(lambda d: d.execute_script("return window.WebimWidget?.version === 1"), "embed.js never ran in the site")
    site_origin = driver.execute_script("return location.origin")
    assert site_origin != preview_origin
    driver.execute_script("WebimWidget('open')")
    driver.switch_to.frame(frame_of(driver))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))
    assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-embed-host") == site_origin


#: Run before embed.js: the host tab reads as hidden (the moment a notification is for), and each notification the
#: loader shows is recorded (the real one is shown too, with the permission granted).
HIDDEN_TAB_AND_RECORDED_NOTIFICATIONS = """
Object.defineProperty(document, 'hidden', { get: () => true });
window.notified = [];
const RealNotification = window.Notification;
window.Notification = class extends RealNotification {
  constructor(title, options) {
    super(title, options);
    window.notified.push([title, options?.body ?? '']);
  }
};
"""


@pytest.mark.parametrize("moment", ["onOpen", "never"])
def test_notifications_come_only_when_the_site_asks_for_them(driver, wait, widget_url, host, operator_api, moment):
    url = host.embedding_page(
        widget_url, {"location": "manual", "notifications": moment}, HIDDEN_TAB_AND_RECORDED_NOTIFICATIONS
    )
    driver.execute_cdp_cmd(
        "Browser.grantPermissions", {"origin": host.origin, "permissions": ["notifications"]}
    )
    driver.get(url)
    wait_for_event(driver, wait, "ready")
    driver.execute_script("WebimWidget('open')")
    in_frame(driver, wait)
    driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").send_keys("Hello", Keys.ENTER)
    driver.switch_to.default_content()
    wait_for_event(driver, wait, "messageSent")
    visitor = operator_api.visitor_id(wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "We are here"})
    wait_for_event(driver, wait, "message", lambda d: d["text"] == "We are here")
    notified = driver.execute_script("return window.notified")
    if moment == "never":
        assert notified == []
    else:
        assert ["Console Operator", "We are here"] in notified, notified


def test_a_visitor_the_site_names_first_gets_one_tab_and_no_anonymous_one(
    driver, wait, widget_url, host, server, operator_api
):
    signed = signed_fields(server, {"name": "Bea First", "id": "bea-1"}, int(time.time()) + 3600)
    first = f"WebimWidget('setVisitor', {json.dumps(signed)}); WebimWidget('open');"
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, first))
    wait_for_event(driver, wait, "ready")
    in_frame(driver, wait)
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))
    # The session waited for the site's queued calls: one visitor on the service, the named one, and one tab.
    visitors = [v for v in operator_api.call("GET", "/chats") if v["location"] == "manual"]
    assert [v["visitorName"] for v in visitors] == ["Bea First"], visitors
    assert health(server)["tabs"] == 1
