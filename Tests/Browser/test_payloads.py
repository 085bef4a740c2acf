"""The payload corpus (payloads.py) in every place the pages show text, in real Chromium.

Visitor text (typed into the page), operator and info text, file names (the operator's file API and
the visitor's uploads), keyboard button texts and URLs, quotes (the operator quoting the visitor, the
visitor replying), visitor fields, and every option of `GET /?…`; shown on the widget page, the kiosk
page, the preview, the gallery and the operator console. Before any content arrives a hook records
every JavaScript dialog and every write of the canary `window.__pwned`, in every frame, and watches
for injected elements; afterwards the texts must read exactly as sent and the page must still work.

Invalid UTF-8 goes over raw HTTP (a browser would repair it first): the JSON API answers 4xx with a
JSON error, never 5xx and never a hang.

Payloads are batched (many per page load) so that the module stays within a few minutes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import json
import re
import socket
import time
import urllib.error
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from selenium.common.exceptions import NoAlertPresentException, TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from payloads import (
    BIDI,
    CORPUS,
    FILE_NAME_ONLY,
    FILE_NAMES,
    INVALID_UTF8,
    LONE_SURROGATE_JSON_TEXT,
    LONG_LINE,
    POLYGLOTS,
    TEXT_PAYLOADS,
    TEXTS,
    MESSAGE_TEXTS,
    ZERO_WIDTH_AND_COMBINING,
)

#: Waits for batches (hundreds of messages) may take longer than one condition of the suite.
BATCH_TIMEOUT = 60
#: Seconds any raw HTTP exchange may take: more is a hang.
HTTP_TIMEOUT = 10

#: The text options of `GET /` (WidgetOptions.swift) and where the page shows each.
TEXT_OPTIONS = ["title", "subtitle", "placeholder", "prefill", "invitation", "offline"]
#: Parameters whose bad values the page ignores by design (KioskPage.swift, main.js's `theme` check).
IGNORED_WHEN_BAD = {"mode", "theme", "idle", "countdown"}
#: Every other parameter the page reads: a hostile value must be a 400 naming it, or be ignored.
OTHER_OPTIONS = [
    "icon", "palette", "accent", "locale", "dark", "dir", "position", "launcher", "location", "inspect",
    "mode", "theme", "idle", "countdown",
]

# --- What runs before the pages' own scripts ----------------------------------------------------

#: Checks one element; shared by the hook's observer and the scan after rendering. `problems` is an array.
CHECK_ELEMENT_JS = r"""
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'background',
  'poster', 'lowsrc', 'dynsrc', 'ping', 'codebase', 'cite', 'manifest', 'to', 'values', 'from', 'by', 'content']);
// The page's own drawings (js/icons.js), each where the page puts it; an svg anywhere else was injected.
const PAGE_ICONS = '.composer-attach > svg, .transcript-file > svg.transcript-file-icon, '
  + '[data-quote-text] > svg.transcript-quote-icon, .transcript-reaction > svg.transcript-reaction-icon, '
  + '.onscreen-keyboard-key > svg.onscreen-keyboard-icon';
const FORBIDDEN = 'frame, frameset, object, embed, applet, base, portal, math, style, xmp, noscript, isindex, '
  + 'meta[http-equiv], iframe:not([data-preview-frame]):not([data-inspect-frame]), '
  + `svg:not(${PAGE_ICONS}), svg:not(${PAGE_ICONS}) *, script:not([src])`;
const stripped = (value) => value.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g, '')
  .toLowerCase();
function checkElement(element, problems) {
  if (!element || element.nodeType !== 1) return;
  const describe = () => element.outerHTML.slice(0, 200);
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on')) problems.push(`handler ${name}: ${describe()}`);
    const value = stripped(attribute.value);
    const isIcon = element.matches('link[rel="icon"]') && attribute.value === 'data:,';
    const scriptURL = name === 'content' ? /url=['"]?(javascript|vbscript|data):/ : /^(javascript|vbscript|data):/;
    if (URL_ATTRIBUTES.has(name) && !isIcon && scriptURL.test(value)) {
      problems.push(`script URL in ${name}: ${describe()}`);
    }
    if (name === 'style' && /expression\(|javascript:|url\(|binding/.test(value)) problems.push(`style: ${describe()}`);
  }
  if (element.matches(FORBIDDEN)) problems.push(`element: ${describe()}`);
  if (element.matches('script[src]')) {
    const url = new URL(element.getAttribute('src'), location.href);
    if (url.origin !== location.origin) problems.push(`foreign script: ${describe()}`);
  }
}
"""

#: Installed with Page.addScriptToEvaluateOnNewDocument: runs first in every document and frame.
HOOK_JS = (
    "(() => {\n"
    + CHECK_ELEMENT_JS
    + r"""
  const w = window;
  if (w.__payloadHook) return;
  Object.defineProperty(w, '__payloadHook', { value: true });
  w.__payloadEvents = w.__payloadEvents || [];
  const record = (kind, detail) => {
    const entry = `${kind}: ${String(detail).slice(0, 200)} @ ${location.href.slice(0, 100)}`;
    w.__payloadEvents.push(entry);
    try {
      if (w.top !== w) (w.top.__payloadEvents = w.top.__payloadEvents || []).push(entry);
    } catch (error) { /* a cross-origin top: this frame keeps its own record */ }
  };
  for (const name of ['alert', 'confirm', 'prompt', 'print']) {
    w[name] = function (message) {
      record(`dialog ${name}`, message);
      return name === 'confirm' ? false : null;
    };
  }
  let canary;
  Object.defineProperty(w, '__pwned', {
    configurable: false,
    get() { return canary; },
    set(value) { canary = value; record('canary', value); },
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    // An image from elsewhere (an `icon` URL) is no script: the policy may refuse it without harm.
    if (['img-src', 'media-src', 'font-src'].includes(event.effectiveDirective)) return;
    record('csp', `${event.effectiveDirective} blocked ${event.blockedURI} ${event.sample}`);
  }, true);
  const problems = { push: (text) => record('injected', text) };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') checkElement(mutation.target, problems);
      for (const node of mutation.addedNodes) {
        if (node.nodeType !== 1) continue;
        checkElement(node, problems);
        for (const inner of node.querySelectorAll('*')) checkElement(inner, problems);
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
})();
"""
)

#: `scanWindow(win)`: the state of a window's document: the canary, the hook's record, and a scan of every element.
SCAN_WINDOW_JS = (
    CHECK_ELEMENT_JS
    + r"""
function scanWindow(win) {
  const doc = win.document;
  const problems = [];
  for (const element of doc.querySelectorAll('*')) checkElement(element, problems);
  // In the message areas only the page's own images (avatars, thumbnails, previews, icons).
  const areas = '[data-transcript], [data-header], [data-composer], [data-chat-list], [data-visitor-panel], [data-preview-grid]';
  for (const area of doc.querySelectorAll(areas)) {
    for (const image of area.querySelectorAll('img')) {
      // Stickers are the widget's own pictures (`/static/stickers/`), chosen by id, never by a message's text.
      const own = '.transcript-avatar, .transcript-thumb-image, .header-avatar, .header-icon, .transcript-file-preview';
      if (!image.matches(`${own}, .transcript-sticker, .sticker-choice-image`) || (image.matches('.transcript-sticker, .sticker-choice-image') && !new URL(image.src).pathname.startsWith('/static/stickers/'))) {
        problems.push(`image: ${image.outerHTML.slice(0, 200)}`);
      }
    }
  }
  return {
    hooked: win.__payloadHook === true,
    pwned: win.__pwned === undefined ? null : String(win.__pwned),
    events: win.__payloadEvents || [],
    problems,
  };
}
"""
)

#: The current document's state, then that of each frame matching arguments[0] (same-origin frames, read from here).
SCAN_JS = SCAN_WINDOW_JS + """
const [frames] = arguments;
const states = [['top', scanWindow(window)]];
if (frames) document.querySelectorAll(frames).forEach((frame, index) => states.push([`frame ${index}`, scanWindow(frame.contentWindow)]));
return states;
"""


def install_hook(driver) -> None:
    """Hooks dialogs, the canary and DOM injection in every document this window loads from now on."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK_JS})


def assert_no_alert(driver, where: str) -> None:
    try:
        alert = driver.switch_to.alert
    except NoAlertPresentException:
        return
    text = alert.text
    alert.dismiss()
    raise AssertionError(f"{where}: a JavaScript dialog is open: {text!r}")


def assert_inert(driver, where: str, frames: str | None = None) -> None:
    """Nothing ran and nothing was injected in the current document (and in its `frames`, a CSS selector)."""
    assert_no_alert(driver, where)
    for name, state in driver.execute_script(SCAN_JS, frames):
        assert state["hooked"], f"{where} {name}: the hook did not run, so nothing below would prove anything"
        assert state["pwned"] is None, f"{where} {name}: the canary was set to {state['pwned']!r}"
        assert state["events"] == [], f"{where} {name}: {state['events'][:10]}"
        assert state["problems"] == [], f"{where} {name}: injected elements {state['problems'][:10]}"
    errors = [e["message"] for e in driver.get_log("browser") if "Uncaught" in e["message"]]
    assert errors == [], f"{where}: uncaught script errors {errors[:5]}"


#: Hosts the corpus names in URLs: with no network a request to them could hold a page's load event for minutes.
BLOCKED_URLS = ["*example*", "*xn--*", "*://javascript*", "*evil*"]


@pytest.fixture
def hooked(driver):
    install_hook(driver)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": BLOCKED_URLS})
    driver.set_page_load_timeout(30)
    return driver


# --- Server set-up for this module --------------------------------------------------------------

#: Captions of the preview file's variants: a name is free text (the options must still be valid). Five, as on each
#: preview page here: every frame holds an event stream, and a browser opens at most six connections to one host.
PREVIEW_NAMES = [CORPUS[6], POLYGLOTS[0], BIDI[0], ZERO_WIDTH_AND_COMBINING[5], "\u0000\u0007\u001b[31m" + CORPUS[1]]


@pytest.fixture
def preview_file(tmp_path):
    path = tmp_path / "preview.json"
    variants = [{"name": name, "options": {"location": "manual", "title": f"Variant {i}"}} for i, name in enumerate(PREVIEW_NAMES)]
    path.write_text(json.dumps({"variants": variants}), encoding="utf-8")
    return path


@pytest.fixture
def server_args(preview_file) -> list[str]:
    # Hundreds of page loads and messages in a few seconds: the per-tab limits would refuse them.
    return ["--no-rate-limits", "--preview-config", str(preview_file)]


# --- Raw HTTP -----------------------------------------------------------------------------------


class Raw:
    """Plain HTTP to one server, bytes in and out, with a timeout on everything."""

    def __init__(self, base_url: str, headers: dict | None = None):
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port = parts.hostname, parts.port
        self.headers = headers or {}

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=HTTP_TIMEOUT)
        try:
            all_headers = {**self.headers, **(headers or {})}
            if body is not None and "Content-Type" not in all_headers:
                all_headers["Content-Type"] = "application/json"
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            data = response.read()
            return response.status, dict(response.getheaders()), data
        finally:
            connection.close()

    def json(self, method: str, path: str, body=None):
        status, _, data = self.request(method, path, None if body is None else json.dumps(body).encode())
        return status, (json.loads(data) if data else None)

    def raw_request_line(self, target: bytes) -> bytes:
        """Sends `GET <target> HTTP/1.1` with the bytes as they are; returns the status line."""
        with socket.create_connection((self.host, self.port), timeout=HTTP_TIMEOUT) as connection:
            connection.sendall(
                b"GET " + target + b" HTTP/1.1\r\nHost: " + f"{self.host}:{self.port}".encode() + b"\r\nConnection: close\r\n\r\n"
            )
            answer = b""
            while b"\r\n" not in answer:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                answer += chunk
            return answer.split(b"\r\n", 1)[0]


def console_token(server) -> str | None:
    """The operator console's token: as conftest keeps it, else from the printed link, else from the data folder."""
    if getattr(server, "console_token", None):
        return server.console_token
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(server.console_url).query)
    if query.get("token"):
        return query["token"][0]
    path = Path(server.data_dir) / "service" / "console-token"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else None


def console_link(server) -> str:
    """The link the server printed: opening it signs the browser in to the console."""
    return getattr(server, "console_link", server.console_url)


def operator_raw(server) -> Raw:
    token = console_token(server)
    return Raw(server.console_url, {"Authorization": f"Bearer {token}"} if token else {})


def assert_json_error(status: int, data: bytes, where: str, expect_4xx: bool = True) -> dict | None:
    assert status < 500, f"{where}: {status} {data[:300]!r}"
    if not expect_4xx and status < 400:
        return None
    assert 400 <= status < 500, f"{where}: expected a 4xx refusal, got {status} {data[:300]!r}"
    try:
        answer = json.loads(data)
    except ValueError as error:
        raise AssertionError(f"{where}: the {status} is not JSON: {data[:300]!r}") from error
    error = answer.get("error")
    if isinstance(error, dict):
        assert isinstance(error.get("code"), str) and error["code"], f"{where}: {answer}"
        assert isinstance(error.get("message"), str) and error["message"], f"{where}: {answer}"
    else:
        assert isinstance(error, str) and error, f"{where}: {answer}"
    return answer


def signed_fields(server, fields: dict[str, str], expires: int) -> str:
    """`visitorFields` as an app's server signs them (PROTOCOL.md §2.7) with the embedded service's key."""
    key_file = Path(server.data_dir) / "service" / "visitor-fields.key"
    key = key_file.read_text(encoding="utf-8").strip() if key_file.is_file() else "webim-widget-local-private-key"
    message = "".join(value for _, value in sorted(fields.items())) + str(expires)
    digest = hmac.new(key.encode(), message.encode(), hashlib.sha256).hexdigest()
    return json.dumps({"fields": fields, "expires": expires, "hash": digest})


# --- The widget page ----------------------------------------------------------------------------

#: Puts text in the composer as the visitor's typing would (any character, any length), then Enter sends it.
SET_COMPOSER_JS = """
const input = document.querySelector('[data-composer-input]');
input.focus();
input.value = arguments[0];
input.dispatchEvent(new Event('input', { bubbles: true }));
"""

#: Every transcript item of the widget: type, send status, text, quote, file names, keyboard buttons.
WIDGET_ITEMS_JS = """
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item')).map((item) => {
  const text = item.querySelector('[data-message-text]');
  return {
    type: item.dataset.messageType,
    status: item.dataset.sendStatus ?? null,
    id: item.dataset.messageId ?? null,
    text: text.textContent,
    textElements: Array.from(text.querySelectorAll('*')).filter((e) => !e.matches('a.transcript-link')).length,
    quote: item.querySelector('[data-message-quote]:not([hidden]) [data-quote-text]')?.textContent ?? null,
    quoteState: item.querySelector('[data-message-quote]')?.dataset.quoteState ?? null,
    quoteElements: item.querySelector('[data-message-quote]').querySelectorAll('*').length,
    files: Array.from(item.querySelectorAll('.transcript-file-name')).map((e) => e.textContent),
    fileError: item.querySelector('.transcript-file-error')?.textContent ?? null,
    keys: Array.from(item.querySelectorAll('.transcript-key')).map((key) => ({
      id: key.dataset.buttonId ?? null, text: key.firstChild?.textContent ?? '', tag: key.tagName,
      href: key.getAttribute('href'), children: key.children.length,
    })),
  };
});
"""


def widget_items(driver):
    return driver.execute_script(WIDGET_ITEMS_JS)


def type_and_send(page, text: str) -> None:
    page.driver.execute_script(SET_COMPOSER_JS, text)
    page.composer().send_keys(Keys.ENTER)


def wait_batch(driver, condition, message: str):
    return WebDriverWait(driver, BATCH_TIMEOUT, poll_frequency=0.2).until(condition, message)


def start_chat(page, operator_api, query: str = "location=manual", first: str = "Hello, a plain first message"):
    page.open(query)
    page.send(first)
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    return visitor


def assert_still_works(page, where: str) -> None:
    """A normal message still sends, reaches the server and shows."""
    text = f"still working {uuid.uuid4().hex[:8]}"
    page.send(text)
    assert_no_alert(page.driver, where)


def kept(text: str, shown: list[str]) -> bool:
    """Whether `text` is among `shown`."""
    return text in shown


def service_messages(operator_api, visitor: str) -> list[dict]:
    for chat in operator_api.call("GET", "/chats"):
        if chat["visitorId"] == visitor and chat.get("chat"):
            return chat["chat"]["messages"]
    raise AssertionError(f"the service has no chat of {visitor}")


# --- 0. The detector detects ----------------------------------------------------------------------


def test_the_hook_sees_what_an_injection_would_do(server, hooked, page):
    """A control: markup put in as HTML on purpose is caught, so a clean run of the tests below means something."""
    driver = hooked
    page.open()
    # What a payload that ran would do (a strict Content-Security-Policy may stop the handler itself, not these).
    driver.execute_script(
        "document.querySelector('[data-transcript-list]').insertAdjacentHTML('beforeend', arguments[0]);"
        "window.__pwned = 'control'; window.alert('control');",
        CORPUS[1],
    )
    state = dict(driver.execute_script(SCAN_JS, None))["top"]
    assert state["pwned"] is not None
    assert any(event.startswith("canary: ") for event in state["events"]), state["events"]
    assert any(event.startswith("dialog alert: control") for event in state["events"]), state["events"]
    assert any("handler onerror" in event for event in state["events"]), state["events"]
    assert any("handler onerror" in problem for problem in state["problems"]), state["problems"]
    assert any("image:" in problem for problem in state["problems"]), state["problems"]
    with pytest.raises(AssertionError):
        assert_inert(driver, "the control")


# --- 1. Invalid UTF-8 and broken Unicode on the wire -------------------------------------------


def test_invalid_utf8_to_the_json_apis_is_a_4xx_json_error(server, operator_api):
    widget = Raw(server.widget_url)
    status, created = widget.json("POST", "/api/tabs", {"location": "manual"})
    assert status in (200, 201), created
    tab = created["tabId"]
    status, sent = widget.json("POST", f"/api/tabs/{tab}/messages", {"text": "Hello", "clientId": "valid-client-1"})
    assert status == 202, sent
    visitor = operator_api.visitor_id(WebDriverWait(None, 15), "manual")
    operator_api.visitor(visitor, "/join", {})
    operator = operator_raw(server)
    message_id = sent["id"]

    def json_with(template: str, bad: bytes) -> bytes:
        return template.encode().replace(b"BAD", bad)

    routes = [
        ("POST", "/api/tabs", '{"location": "manual", "prechat": "BAD"}'),
        ("POST", "/api/tabs", '{"location": "manual", "visitorFields": "{\\"fields\\": {\\"name\\": \\"BAD\\"}}"}'),
        ("POST", f"/api/tabs/{tab}/messages", '{"text": "BAD", "clientId": "bad-client-1"}'),
        ("PATCH", f"/api/tabs/{tab}/messages/{message_id}", '{"text": "BAD", "clientId": "bad-client-2"}'),
        ("POST", f"/api/tabs/{tab}/typing", '{"draft": "BAD"}'),
        ("POST", f"/api/tabs/{tab}/chat", '{"action": "start", "firstQuestion": "BAD"}'),
        ("POST", f"/api/tabs/{tab}/rating", '{"rating": 5, "note": "BAD", "clientId": "bad-client-3"}'),
        ("POST", f"/api/tabs/{tab}/transcript", '{"email": "BAD@example.com", "clientId": "bad-client-4"}'),
        ("POST", f"/api/tabs/{tab}/keyboard", '{"messageId": "BAD", "buttonId": "b", "clientId": "bad-client-5"}'),
        ("POST", f"/api/tabs/{tab}/messages", 'BAD'),
    ]
    operator_routes = [
        ("POST", f"/operator/api/visitors/{visitor}/messages", '{"text": "BAD"}'),
        ("POST", f"/operator/api/visitors/{visitor}/keyboard", '{"rows": [[{"id": "a", "text": "BAD"}]]}'),
        ("POST", f"/operator/api/visitors/{visitor}/files", '{"filename": "BAD.txt", "base64": "eA=="}'),
    ]
    refusals = []
    for name, bad in INVALID_UTF8.items():
        for method, path, template in routes:
            status, _, data = widget.request(method, path, json_with(template, bad))
            answer = assert_json_error(status, data, f"{method} {path} with {name}")
            refusals.append((path, answer["error"]["code"]))
        for method, path, template in operator_routes:
            status, _, data = operator.request(method, path, json_with(template, bad))
            assert_json_error(status, data, f"{method} {path} with {name}")
    # The refusal names the problem: the body is not valid JSON (text), never a generic failure.
    assert {code for _, code in refusals} <= {"invalid_json", "invalid_utf8", "invalid_encoding"}, set(refusals)

    # A file name that is not UTF-8, in the visitor's multipart upload.
    for name, bad in INVALID_UTF8.items():
        boundary = "payload" + uuid.uuid4().hex
        body = (
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"clientId\"\r\n\r\nupload-{name[:8]}-client\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
        ).encode() + bad + b".txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n" + f"--{boundary}--\r\n".encode()
        status, _, data = widget.request(
            "POST", f"/api/tabs/{tab}/files", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        )
        assert_json_error(status, data, f"upload named with {name}", expect_4xx=False)

    # JSON escapes of lone UTF-16 surrogates: valid UTF-8, but no Unicode text; refused or repaired, never a crash.
    for method, path, template in routes[:9]:
        body = template.replace('"BAD', LONE_SURROGATE_JSON_TEXT[:-1]).replace('BAD"', '"').encode()
        status, _, data = widget.request(method, path, body)
        assert status < 500, f"{method} {path} with a lone surrogate: {status} {data[:200]!r}"
    status, _, data = operator.request("POST", f"/operator/api/visitors/{visitor}/messages", f'{{"text": {LONE_SURROGATE_JSON_TEXT}}}'.encode())
    assert status < 500, f"operator message with a lone surrogate: {status} {data[:200]!r}"

    # Percent-encoded invalid UTF-8 in the page's options; raw bytes in the request line.
    for name, bad in INVALID_UTF8.items():
        for option in TEXT_OPTIONS + ["icon", "location", "mode", "theme"]:
            path = f"/?{option}=" + urllib.parse.quote_from_bytes(bad)
            status, _, data = widget.request("GET", path)
            assert status in (200, 400), f"GET {path}: {status} {data[:200]!r}"
            if status == 400:
                assert json.loads(data)["error"]["field"] == option, data
        status_line = widget.raw_request_line(b"/?title=" + bad.replace(b" ", b"%20"))
        assert status_line.startswith(b"HTTP/1.1 ") and not status_line.startswith(b"HTTP/1.1 5"), status_line
        status, _, data = widget.request("GET", "/preview?variant=" + urllib.parse.quote("title=" + urllib.parse.quote_from_bytes(bad)))
        assert status in (200, 400), f"preview with {name}: {status} {data[:200]!r}"

    # Both servers still answer, and the tab still works.
    status, health = widget.json("GET", "/healthz")
    assert status == 200 and health["ok"] is True, health
    status, sent = widget.json("POST", f"/api/tabs/{tab}/messages", {"text": "Still fine", "clientId": "valid-client-2"})
    assert status == 202, sent
    WebDriverWait(None, 15).until(
        lambda _: "Still fine" in [m["text"] for m in service_messages(operator_api, visitor)], "the tab stopped working"
    )
    assert server.process.poll() is None


def test_a_nul_in_a_message_is_refused_not_cut(server, operator_api):
    """SQLite ends a stored text at its first U+0000, so "Refund me\\u0000 (no, do not)" would read "Refund me" to
    the operator: both servers refuse such text with an error naming it, and nothing cut short is stored."""
    widget = Raw(server.widget_url)
    status, created = widget.json("POST", "/api/tabs", {"location": "manual"})
    assert status in (200, 201), created
    tab = created["tabId"]
    for index, text in enumerate(["Refund me\u0000 (no, do not)", "\u0000hidden from the operator"]):
        status, answer = widget.json("POST", f"/api/tabs/{tab}/messages", {"text": text, "clientId": f"nul-client-{index}"})
        assert status == 400 and answer["error"]["field"] == "text", answer
    status, answer = widget.json("POST", f"/api/tabs/{tab}/messages", {"text": "Whole text", "clientId": "nul-client-ok"})
    assert status == 202, answer
    visitor = operator_api.visitor_id(WebDriverWait(None, 15), "manual")
    operator_api.visitor(visitor, "/join", {})
    with pytest.raises(urllib.error.HTTPError) as refused:
        operator_api.visitor(visitor, "/messages", {"text": "Operator\u0000 tail"})
    assert refused.value.code == 400
    assert [m["text"] for m in service_messages(operator_api, visitor) if m["kind"] == "visitor"] == ["Whole text"]


# --- 2. Every page option, on the widget and the kiosk page -------------------------------------


def check_option_matrix(server) -> dict[str, list[str]]:
    """GETs `/?option=payload` for every option and payload: 200 or a 400 naming the option, never 5xx.

    Returns, for each payload text, the text options that accepted it.
    """
    base = Raw(server.widget_url)
    names = TEXT_OPTIONS + OTHER_OPTIONS
    jobs = [(option, text) for text in TEXTS for option in names]

    def probe(job):
        option, text = job
        # idle and countdown are read on kiosk pages only.
        mode = {"mode": "kiosk"} if option in ("idle", "countdown") else {}
        path = "/?" + urllib.parse.urlencode({"location": "manual", **mode, option: text}, quote_via=urllib.parse.quote)
        status, _, data = base.request("GET", path)
        return option, text, status, data

    accepted: dict[str, list[str]] = {text: [] for text in TEXTS}
    failures = []
    with ThreadPoolExecutor(max_workers=8) as pool:
        for option, text, status, data in pool.map(probe, jobs):
            if status == 200:
                if option in TEXT_OPTIONS or option == "icon":
                    accepted[text].append(option)
                elif option not in IGNORED_WHEN_BAD:
                    failures.append(f"{option}={text[:60]!r} was accepted")
            elif status == 400:
                error = json.loads(data)["error"]
                if error.get("field") != option or not error.get("message"):
                    failures.append(f"{option}={text[:60]!r}: 400 without naming it: {error}")
            else:
                failures.append(f"{option}={text[:60]!r}: {status} {data[:200]!r}")
    assert failures == [], failures[:20]
    return accepted


#: `optionsShown(doc)`: what a widget document shows for each option.
OPTIONS_SHOWN_FN_JS = """
function optionsShown(doc) {
  // The header's title holds its text in one <bdi> of its own (its direction isolated): that element, not the
  // title, is what must have no children.
  const text = (selector) => {
    const found = doc.querySelector(selector);
    const own = found?.children.length === 1 && found.firstElementChild.tagName === 'BDI' ? found.firstElementChild : found;
    return own === null ? null : { text: own.textContent, children: own.children.length };
  };
  return {
    ready: doc.body?.dataset.ready === 'true',
    mode: doc.body?.dataset.mode ?? null,
    documentTitle: doc.title,
    title: text('[data-header-title]'),
    subtitle: text('[data-header-subtitle]'),
    placeholder: doc.querySelector('[data-composer-input]')?.placeholder ?? null,
    prefill: doc.querySelector('[data-composer-input]')?.value ?? null,
    invitation: text('[data-invitation]'),
    offline: text('[data-offline-message]'),
    icon: doc.querySelector('[data-header-icon]')?.getAttribute('src') ?? null,
  };
}
"""

#: What this page shows for each option.
OPTIONS_SHOWN_JS = OPTIONS_SHOWN_FN_JS + "return optionsShown(document);"

#: The preview's frames: caption, the frame's title and what the frame's page shows; null until every frame is ready.
PREVIEW_SHOWN_JS = OPTIONS_SHOWN_FN_JS + """
const [count] = arguments;
const items = Array.from(document.querySelectorAll('[data-preview-variant]'));
if (items.length !== count) return null;
const result = items.map((item) => {
  const frame = item.querySelector('iframe');
  const doc = frame.contentDocument;
  return {
    caption: item.querySelector('[data-preview-name]').textContent,
    captionElements: item.querySelector('[data-preview-name]').children.length,
    title: frame.getAttribute('title'),
    shown: doc && doc.readyState !== 'loading' ? optionsShown(doc) : { ready: false },
  };
});
return result.every((item) => item.shown.ready) ? result : null;
"""


def shown_title(text: str) -> str:
    """`document.title` of a page whose <title> is `text`: ASCII white space stripped and collapsed."""
    return re.sub(r"[\t\n\f\r ]+", " ", text).strip("\t\n\f\r ")


def check_options_shown(shown: dict, text: str, options: list[str], where: str) -> None:
    assert shown["ready"], f"{where}: the page is not ready"
    for option in options:
        value = shown[option]
        if option in ("placeholder", "prefill"):
            assert value == text, f"{where}: {option} shows {value!r}"
        elif option == "icon":
            # An image URL: http(s), or a path on this server; never a script.
            url = urllib.parse.urlsplit(value or "")
            assert url.scheme in ("http", "https") and url.netloc, f"{where}: the icon is {value!r}"
        else:
            assert value == {"text": text, "children": 0}, f"{where}: {option} shows {value!r}"
    if "title" in options:
        assert shown["documentTitle"] == shown_title(text), f"{where}: the document title is {shown['documentTitle']!r}"


#: The preview's frames per page (it allows 12): each live frame holds an event stream, and a browser opens at most
#: six connections to one host, so a sixth frame would leave nothing for the rest of the page.
PREVIEW_BATCH = 5
PREVIEW_URL_BUDGET = 24_000


def preview_batches(variants: list[tuple[str, str]]):
    """Splits (query, label) pairs into preview pages of at most PREVIEW_BATCH frames and a bounded address."""
    batch, size = [], 0
    for query, label in variants:
        encoded = "variant=" + urllib.parse.quote(query, safe="")
        if batch and (len(batch) == PREVIEW_BATCH or size + len(encoded) > PREVIEW_URL_BUDGET):
            yield batch
            batch, size = [], 0
        batch.append((encoded, query, label))
        size += len(encoded) + 1
    if batch:
        yield batch


def navigate_and_wait(driver, url: str, script: str, *arguments):
    """Loads `url` and waits until `script` returns something (not waiting for every frame's load event)."""
    driver.execute_script("window.__leaving = true; location.href = arguments[0]", url)

    def arrived(d):
        try:
            return d.execute_script("return window.__leaving === true ? null : (() => {" + script + "})(...arguments)", *arguments)
        except WebDriverException:
            return None  # between the two documents

    return wait_batch(driver, arrived, f"{url[:100]} never got ready")


def test_every_page_option_with_every_payload(server, hooked, page, wait):
    driver = hooked
    accepted = check_option_matrix(server)
    rendered = [(text, options) for text, options in accepted.items() if options]
    assert len(rendered) >= len(TEXTS) // 2, f"most payloads should be valid text for some option: {len(rendered)}"

    # Every accepted payload in every option it passed, on widget and kiosk pages in turn, in light, dark and
    # right-to-left looks, five at a time as the preview's live frames (each a real `GET /?…` page). `theme` is
    # passed through unchecked to the page, which must ignore it.
    looks = [{}, {"dark": "1"}, {"dir": "rtl"}, {"dark": "1", "dir": "rtl", "palette": "graphite"}]
    variants = []
    for index, (text, options) in enumerate(rendered):
        mode = ("widget", "kiosk")[index % 2]
        query = {"location": "manual", "mode": mode, "theme": text, **looks[index // 2 % 4], **{o: text for o in options}}
        variants.append((urllib.parse.urlencode(query, quote_via=urllib.parse.quote), f"{mode} {index}"))
    pages = 0
    for batch in preview_batches(variants):
        pages += 1
        frames = navigate_and_wait(
            driver, page.url + "preview?" + "&".join(encoded for encoded, _, _ in batch), PREVIEW_SHOWN_JS, len(batch)
        )
        for (_, query, label), frame in zip(batch, frames):
            text, options = rendered[int(label.split()[1])]
            where = f"preview frame {label} with {options} = {text[:60]!r}"
            if "title" in options:
                assert frame["caption"] and text.startswith(frame["caption"]), f"{where}: caption {frame['caption']!r}"
            assert frame["title"] == frame["caption"] and frame["captionElements"] == 0, f"{where}: {frame}"
            check_options_shown(frame["shown"], text, options, where)
            assert frame["shown"]["mode"] == label.split()[0], where
        assert_inert(driver, f"preview page {pages}", "iframe[data-preview-frame]")

    # A few in both modes as whole pages too, as a visitor opens them; idle and countdown (ignored when bad) on the
    # kiosk page.
    for text in CORPUS[:3]:
        for mode in ("widget", "kiosk"):
            options = accepted[text]
            query = {"location": "manual", "mode": mode, "theme": text, "idle": text, "countdown": text, **{o: text for o in options}}
            driver.get(page.url + "?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote))
            shown = wait.until(lambda d: (s := d.execute_script(OPTIONS_SHOWN_JS))["ready"] and s, "the page never got ready")
            check_options_shown(shown, text, options, f"{mode} page with {text[:60]!r}")
            assert_inert(driver, f"{mode} page with {text[:60]!r}")
    # The last page still works: it goes live and a message sends.
    page.open("location=manual&mode=kiosk&title=" + urllib.parse.quote(CORPUS[0]))
    assert_still_works(page, "after the options")
    assert_inert(driver, "after the options")


# --- 3. Visitor, operator and info text; quotes; the kiosk page and the console ------------------


def test_message_texts_and_quotes_on_widget_kiosk_and_console(server, hooked, page, operator_api, wait):
    driver = hooked
    # Kept per browser tab, as a kiosk keeps its visitor: the kiosk page below goes on with the same chat.
    visitor = start_chat(page, operator_api, "location=manual&persist=tab")

    # The visitor types every payload; the operator answers each as an operator and as an info message.
    for text in MESSAGE_TEXTS:
        type_and_send(page, text)
    for text in MESSAGE_TEXTS:
        operator_api.visitor(visitor, "/messages", {"text": text})
        operator_api.visitor(visitor, "/messages", {"text": text, "kind": "info"})

    def every_text_shown(_):
        items = widget_items(driver)
        sent = [i["text"] for i in items if i["type"] == "visitor" and i["status"] == "sent" and i["id"]]
        operator = [i["text"] for i in items if i["type"] == "operator"]
        info = [i["text"] for i in items if i["type"] == "info"]
        return all(text in sent and text in operator and text in info for text in MESSAGE_TEXTS) and items

    items = wait_batch(driver, every_text_shown, "not every payload showed as visitor, operator and info text")
    failed = [i["text"][:60] for i in items if i["status"] == "failed"]
    assert failed == [], f"visitor messages that failed: {failed}"
    nested = [i["text"][:60] for i in items if i["textElements"]]
    assert nested == [], f"message texts that became elements: {nested}"
    assert_inert(driver, "widget after the texts")

    # The operator quotes each of the visitor's payloads; the visitor replies to some of the operator's.
    messages = service_messages(operator_api, visitor)
    visitor_ids = {m["text"]: m["id"] for m in messages if m["kind"] == "visitor"}
    for index, text in enumerate(MESSAGE_TEXTS):
        quoted = visitor_ids[text]
        operator_api.visitor(visitor, "/messages", {"text": f"re {index}", "quote": {"messageId": quoted}})

    def every_quote_filled(_):
        quotes = {i["text"]: i for i in widget_items(driver) if i["type"] == "operator" and i["text"].startswith("re ")}
        return len(quotes) == len(MESSAGE_TEXTS) and all(q["quoteState"] == "filled" for q in quotes.values()) and quotes

    quotes = wait_batch(driver, every_quote_filled, "not every quote was filled")
    for index, text in enumerate(MESSAGE_TEXTS):
        item = quotes[f"re {index}"]
        assert kept(text, [item["quote"]]), f"quote {index} shows {item['quote'][:80]!r}, not {text[:80]!r}"
        assert item["quoteElements"] == 2, f"quote {index} grew elements"

    for text in CORPUS[:3] + [LONG_LINE, MESSAGE_TEXTS[-2]]:
        item = page.wait_item("operator", lambda i, t=text: page.text_of(i) == t, f"no operator item {text[:40]!r}")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", item)
        item.find_element(By.CSS_SELECTOR, '[data-action="reply"]').click()
        chip = driver.find_element(By.CSS_SELECTOR, "[data-composer-chip-text]")
        assert chip.get_attribute("textContent").startswith("Replying to Console Operator: ")
        # The quoted words are text in the page's one <bdi> (their own direction), never markup of their own.
        shape = driver.execute_script("return [...arguments[0].children].map((c) => [c.tagName, c.children.length])", chip)
        assert shape == [["BDI", 0]], shape
        reply = f"reply {uuid.uuid4().hex[:6]}"
        page.composer().send_keys(reply + Keys.ENTER)
        mine = page.wait_item(
            "visitor", lambda i, r=reply: page.text_of(i) == r and i.get_attribute("data-send-status") == "sent"
        )
        page.wait.until(lambda d, m=mine: m.find_element(By.CSS_SELECTOR, "[data-quote-text]").get_attribute("textContent") == text)
    assert_inert(driver, "widget after the quotes")
    assert_still_works(page, "widget after the quotes")

    # The same tab as a kiosk page, dark and right-to-left: the snapshot shows the newest messages again.
    page.open("location=manual&mode=kiosk&dark=1&dir=rtl")
    expected = set(MESSAGE_TEXTS) | {f"re {i}" for i in range(len(MESSAGE_TEXTS))}
    items = wait_batch(driver, lambda d: len(widget_items(d)) >= 50 and widget_items(d), "the kiosk page shows no history")
    strange = [i["text"][:60] for i in items if i["type"] in ("operator", "info") and i["text"] not in expected]
    assert strange == [], f"texts the kiosk page shows that were never sent: {strange}"
    assert all(i["textElements"] == 0 for i in items)
    assert_inert(driver, "kiosk page with the history")
    assert_still_works(page, "kiosk page")

    # The operator console shows the same chat.
    driver.switch_to.new_window("window")
    install_hook(driver)
    driver.get(console_link(server))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection][data-state="live"]')))
    row = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-visitor-id="{visitor}"] [data-chat-item]'))
    row[0].click()
    console_texts = wait_batch(
        driver,
        lambda d: (texts := d.execute_script(CONSOLE_TEXTS_JS)) and all(kept(t, texts["visitor"]) for t in MESSAGE_TEXTS) and texts,
        "the console never showed every visitor payload",
    )
    for text in MESSAGE_TEXTS:
        assert kept(text, console_texts["operator"]) and kept(text, console_texts["info"]), f"console lacks {text[:60]!r}"
    assert len(console_texts["quotes"]) >= len(MESSAGE_TEXTS), "the console does not show every quote"
    assert console_texts["nested"] == 0, "console message texts became elements"
    assert_inert(driver, "operator console")


#: The console's transcript: texts by kind, quote texts, and whether any text holds elements.
CONSOLE_TEXTS_JS = """
const items = Array.from(document.querySelectorAll('[data-transcript-list] > [data-message-id]'));
const texts = (kind) => items.filter((i) => i.dataset.messageKind === kind).map((i) => i.querySelector('[data-message-text]').textContent);
return {
  visitor: texts('visitor'), operator: texts('operator'), info: texts('info'),
  quotes: items.map((i) => i.querySelector('[data-message-quote]')).filter((q) => q && !q.hidden).map((q) => q.textContent),
  nested: items.reduce((n, i) => n + i.querySelector('[data-message-text]').children.length + i.querySelector('[data-message-quote]').children.length, 0),
};
"""


# --- 4. File names, keyboards: widget, console ------------------------------------------------

#: Drops one file with the given name on the transcript, as a visitor dragging it from the desktop.
DROP_FILE_JS = """
const [name] = arguments;
const transfer = new DataTransfer();
transfer.items.add(new File(['payload file'], name, { type: 'application/octet-stream' }));
const target = document.querySelector('[data-transcript]');
for (const type of ['dragenter', 'dragover', 'drop']) {
  target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
}
"""

#: Names of the visitor's uploads: the short corpus, the file-name tricks and a spread of the rest, 45 in all (the
#: location allows 50 files per chat), each ending in `.txt`.
VISITOR_UPLOAD_NAMES = [
    name + ".txt"
    for name in (CORPUS + FILE_NAME_ONLY + [t for t in MESSAGE_TEXTS if t not in CORPUS and len(t) < 200][::4])[:45]
]


def upload_name_matches(uploaded: str, shown: str) -> bool:
    """Whether `shown` is the name the visitor gave, as a browser sends it in a form (`"` as %22, CR and LF as %0D
    and %0A) and without folders (the part after the last `/`). While the server cuts a name at its first `;` (see
    test_a_semicolon_in_an_uploaded_name_is_kept) that cut name counts too."""
    sent = uploaded.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A").rsplit("/", 1)[-1]
    return shown in (sent, sent.split(";", 1)[0])


def test_file_names_keyboards_and_urls(server, hooked, page, operator_api, wait):
    driver = hooked
    visitor = start_chat(page, operator_api, "location=manual&dark=1")
    operator = operator_raw(server)

    # The operator sends a file under every name; each answer is a success or a 4xx, never 5xx.
    sent_names = []
    for name in FILE_NAMES:
        body = json.dumps({"filename": name, "base64": base64.b64encode(b"x").decode(), "contentType": "text/plain"})
        status, _, data = operator.request("POST", f"/operator/api/visitors/{visitor}/files", body.encode())
        assert_json_error(status, data, f"operator file {name[:60]!r}", expect_4xx=False)
        if status < 300:
            sent_names.append(name)
    assert len(sent_names) >= len(FILE_NAMES) // 2, f"most names should be accepted: {len(sent_names)}"

    def every_operator_file(_):
        names = [n for i in widget_items(driver) if i["type"] == "fileFromOperator" for n in i["files"]]
        return all(name in names for name in sent_names) and names

    wait_batch(driver, every_operator_file, "not every operator file name showed")
    assert_inert(driver, "widget with the operator's files")

    # Each file downloads through the widget's file route; no name reaches a header as more than a name.
    links = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-message-type=\"fileFromOperator\"] a[data-file-link]')).map((a) => a.href)"
    )
    widget = Raw(server.widget_url)
    for link in links:
        status, headers, data = widget.request("GET", urllib.parse.urlsplit(link).path)
        assert status == 200, f"{link}: {status} {data[:200]!r}"
        assert not any(name.lower() == "x-injected" for name in headers), f"{link}: a header came from a file name"

    # The visitor drops files named from the corpus (under the location's 50 files per chat). Each ends in `.txt`, so
    # that no format check of the service refuses it (see test_a_refused_upload_tells_the_visitor).
    for name in VISITOR_UPLOAD_NAMES:
        driver.execute_script(DROP_FILE_JS, name)

    def uploads_done(_):
        items = [i for i in widget_items(driver) if i["type"] == "fileFromVisitor"]
        return len([i for i in items if i["status"] in ("sent", "failed")]) >= len(VISITOR_UPLOAD_NAMES) and items

    items = wait_batch(driver, uploads_done, "the visitor's uploads never finished")
    failed = [(i["files"], i["fileError"]) for i in items if i["status"] != "sent"]
    assert failed == [], f"uploads that failed: {failed[:10]}"
    shown = [name for i in items for name in i["files"]]
    missing = [name for name in VISITOR_UPLOAD_NAMES if not any(upload_name_matches(name, s) for s in shown)]
    assert missing == [], f"uploaded names not shown as themselves: {missing[:10]} (shown: {shown[:10]})"
    assert_inert(driver, "widget with the visitor's files")

    # Keyboards: a text button per payload (batched by rows) and a URL button per payload.
    rows = [[{"id": f"t{i}", "text": text}] for i, text in enumerate(TEXTS)]
    for start in range(0, len(rows), 20):
        operator_api.visitor(visitor, "/keyboard", {"rows": rows[start : start + 20]})
    url_refused = []
    for i, text in enumerate(TEXTS):
        body = json.dumps({"rows": [[{"id": f"u{i}", "text": text[:200], "url": text}]]}).encode()
        status, _, data = operator.request("POST", f"/operator/api/visitors/{visitor}/keyboard", body)
        assert_json_error(status, data, f"keyboard URL {text[:60]!r}", expect_4xx=False)
        if status >= 400:
            url_refused.append(text)
    url_sent = len(TEXTS) - len(url_refused)

    def keyboards_shown(_):
        keys = [k for i in widget_items(driver) if i["type"] == "keyboard" for k in i["keys"]]
        text_keys = {k["id"]: k for k in keys if k["id"] and k["id"].startswith("t")}
        url_keys = [k for k in keys if k["id"] and k["id"].startswith("u")]
        return len(text_keys) == len(TEXTS) and len(url_keys) == url_sent and (text_keys, url_keys)

    text_keys, url_keys = wait_batch(driver, keyboards_shown, "not every keyboard button showed")
    for i, text in enumerate(TEXTS):
        assert text_keys[f"t{i}"]["text"] == text, f"button t{i} shows {text_keys[f't{i}']['text'][:60]!r}"
        assert text_keys[f"t{i}"]["children"] == 0
    for key in url_keys:
        href = key["href"]
        assert href is None or href.startswith(("http://", "https://")), f"a URL button links to {href!r}"
    assert_inert(driver, "widget with the keyboards")
    assert_still_works(page, "widget with files and keyboards")

    # The console shows the same chat: file links, keyboard buttons and links.
    driver.switch_to.new_window("window")
    install_hook(driver)
    driver.get(console_link(server))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection][data-state="live"]')))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, f'[data-visitor-id="{visitor}"] [data-chat-item]'))[0].click()
    console = wait_batch(
        driver,
        lambda d: (c := d.execute_script(CONSOLE_PARTS_JS)) and len(c["buttons"]) >= len(TEXTS) and c,
        "the console never showed the keyboards",
    )
    for name in sent_names:
        assert any(link.startswith(name) for link in console["files"]), f"the console lacks the file {name[:60]!r}"
    assert all(href.startswith(("http://", "https://")) for href in console["links"]), console["links"]
    assert_inert(driver, "operator console with files and keyboards")


#: The console's file links and keyboard buttons.
CONSOLE_PARTS_JS = """
return {
  files: Array.from(document.querySelectorAll('[data-transcript-list] .transcript-file-link')).map((a) => a.textContent),
  buttons: Array.from(document.querySelectorAll('[data-transcript-list] [data-keyboard-button]')).map((b) => b.firstChild?.textContent ?? ''),
  links: Array.from(document.querySelectorAll('[data-transcript-list] a[href]')).map((a) => a.getAttribute('href'))
    .filter((href) => !href.startsWith('/')),
};
"""


def dropped_file_item(page, name: str, content_type: str = "application/octet-stream", timeout: float = 20):
    """Drops one file on the transcript; returns its item once sent or failed (None when none shows)."""
    driver = page.driver
    before = len([i for i in widget_items(driver) if i["type"] == "fileFromVisitor"])
    driver.execute_script(DROP_FILE_JS.replace("'application/octet-stream'", "arguments[1]"), name, content_type)

    def settled(d):
        items = [i for i in widget_items(d) if i["type"] == "fileFromVisitor"]
        if len(items) <= before:
            return False
        item = items[-1]
        # Sent means the service's copy with its file card: a row marked sent before its card is drawn is
        # still on its way, and one that never gets a card times out here.
        return (item["status"] == "failed" or (item["status"] == "sent" and item["files"])) and item

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.2).until(settled)
    except TimeoutException:
        return None


def test_a_semicolon_in_an_uploaded_name_is_kept(page, operator_api):
    start_chat(page, operator_api)
    item = dropped_file_item(page, "minutes; final.txt")
    assert item is not None and item["status"] == "sent", item
    assert item["files"] == ["minutes; final.txt"], item["files"]


def test_a_refused_upload_tells_the_visitor(page, operator_api):
    start_chat(page, operator_api)
    item = dropped_file_item(page, "not-really.png", "text/plain", timeout=5)
    error = page.driver.execute_script("return document.querySelector('[data-composer-error]').textContent")
    assert (item is not None and item["status"] == "failed") or error, "the refused upload left no item and no error"


def test_a_visitor_file_shows_no_protocol_json(page, operator_api):
    start_chat(page, operator_api)
    item = dropped_file_item(page, "notes.txt")
    assert item is not None and item["status"] == "sent", item
    assert item["text"] == "", f"the file's bubble reads {item['text'][:120]!r}"


# --- 5. Visitor fields in the console -------------------------------------------------------------


def test_visitor_fields_in_the_console(server, hooked, operator_api, wait):
    driver = hooked
    widget = Raw(server.widget_url)
    expires = int(time.time()) + 3600

    # Groups of fields, each a visitor: names and values from the corpus, under the 16 KiB limit.
    groups, current, size = [], {}, 0
    for index, (name, text) in enumerate(TEXT_PAYLOADS):
        if text == LONG_LINE:
            groups.append({"display_name": text})
            continue
        key = f"f{index:03d} {name} <b onmouseover=window.__pwned=9>"
        if size + len(text.encode()) * 2 + len(key) > 12_000:
            groups.append(current)
            current, size = {}, 0
        current[key] = text
        size += len(text.encode()) * 2 + len(key)
    groups.append(current)

    visitors = []
    for number, fields in enumerate(groups):
        fields = {"id": f"payload-visitor-{number}-{uuid.uuid4().hex[:6]}", "display_name": TEXTS[number % len(TEXTS)], **fields}
        status, created = widget.json("POST", "/api/tabs", {"location": "manual", "visitorFields": signed_fields(server, fields, expires)})
        assert status == 201, created
        status, answer = widget.json(
            "POST", f"/api/tabs/{created['tabId']}/messages", {"text": f"fields {number}", "clientId": f"fields-client-{number}"}
        )
        assert status == 202, answer
        visitors.append(fields)

    # A visitorFields that is not a JSON object is refused by name.
    for text in TEXTS[:20]:
        status, answer = widget.json("POST", "/api/tabs", {"location": "manual", "visitorFields": text})
        assert status == 400 and answer["error"]["field"] == "visitorFields", (text, status, answer)

    def listed(_):
        chats = operator_api.call("GET", "/chats")
        found = {chat["fields"].get("id"): chat["visitorId"] for chat in chats if chat.get("fields", {}).get("id", "").startswith("payload-visitor-")}
        return len(found) == len(visitors) and found

    ids = wait_batch(driver, listed, "the service never listed every visitor with fields")

    driver.get(console_link(server))
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection][data-state="live"]')))
    for fields in visitors:
        visitor_id = ids[fields["id"]]
        row = wait.until(lambda d, v=visitor_id: d.find_elements(By.CSS_SELECTOR, f'[data-visitor-id="{v}"] [data-chat-item]'))[0]
        row.click()
        shown = wait.until(
            lambda d, f=fields: (pairs := d.execute_script(FIELDS_JS)) and all(k in pairs["fields"] for k in f) and pairs,
            f"the console never showed the fields of {fields['id']}",
        )
        for key, value in fields.items():
            if value != "":
                assert shown["fields"][key] == value, f"field {key[:40]!r} shows {shown['fields'][key][:60]!r}"
        assert shown["name"] == fields["display_name"], f"the panel names the visitor {shown['name'][:60]!r}"
        assert shown["elements"] == 0
        assert_inert(driver, f"console with the fields of {fields['id']}")
    names = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-chat-list-items] [data-chat-name]')).map((n) => n.textContent)"
    )
    for fields in visitors:
        assert fields["display_name"] in names, f"the chat list lacks {fields['display_name'][:60]!r}"


#: The selected visitor's panel: its name and each field (dt → dd), and whether any holds elements.
FIELDS_JS = """
const list = document.querySelector('[data-visitor-fields]');
const fields = {};
for (const term of list.querySelectorAll('dt')) fields[term.textContent] = term.nextElementSibling?.textContent ?? null;
return {
  fields,
  name: document.querySelector('[data-visitor-name]').textContent,
  elements: Array.from(list.children).reduce((n, c) => n + c.children.length, 0)
    + document.querySelector('[data-visitor-name]').children.length,
};
"""


# --- 6. The preview and the gallery -------------------------------------------------------------



#: Whether arguments[1] frames match arguments[0] and each frame's widget is ready.
FRAMES_READY_JS = """
const [selector, count] = arguments;
const frames = Array.from(document.querySelectorAll(selector));
return frames.length === count && frames.every((frame) => frame.contentDocument?.body?.dataset.ready === 'true');
"""


def frames_ready(driver, selector: str, count: int):
    """Waits until `count` frames match and each frame's widget is ready; returns the frames."""
    wait_batch(driver, lambda d: d.execute_script(FRAMES_READY_JS, selector, count), f"the page never showed {count} ready frames")
    return driver.find_elements(By.CSS_SELECTOR, selector)


def test_preview_and_gallery(server, hooked, operator_api, wait):
    driver = hooked
    base = server.widget_url.rstrip("/")

    # The file's variants carry payloads in their names (the options test shows every title as a caption).
    driver.get(base + "/preview")
    shown = wait_batch(driver, lambda d: d.execute_script(PREVIEW_SHOWN_JS, len(PREVIEW_NAMES)), "the preview never got ready")
    for name, item in zip(PREVIEW_NAMES, shown):
        # The HTML parser drops U+0000 from text; the rest is the name as it is.
        caption = item["caption"]
        assert caption and name.replace("\u0000", "").startswith(caption), f"caption {caption[:60]!r} for {name[:60]!r}"
        # In an attribute it becomes U+FFFD.
        assert item["title"].replace("\ufffd", "") == caption and item["captionElements"] == 0, item
    assert_inert(driver, "preview from the file", "iframe[data-preview-frame]")

    # The gallery: its four visitors get every payload from the operator.
    driver.get(base + "/inspect")
    frames = frames_ready(driver, "iframe[data-inspect-frame]", 4)

    def gallery_visitors(_):
        chats = [c for c in operator_api.call("GET", "/chats") if c["location"] == "gallery" and c.get("chat")]
        return len(chats) >= 4 and [c["visitorId"] for c in chats]

    # Each payload to one of the four looks (light, dark, right-to-left, both); the short corpus to all.
    visitors = wait_batch(driver, gallery_visitors, "the gallery's four chats never started")
    sent = {visitor: list(CORPUS) for visitor in visitors}
    for index, text in enumerate(MESSAGE_TEXTS):
        if text not in CORPUS:
            sent[visitors[index % len(visitors)]].append(text)
    for visitor, texts in sent.items():
        for text in texts:
            operator_api.visitor(visitor, "/messages", {"text": text})
    frame_visitor = {}
    for index, frame in enumerate(frames):
        driver.switch_to.default_content()
        driver.switch_to.frame(frame)
        shown = wait_batch(
            driver,
            lambda d: (texts := [i["text"] for i in widget_items(d) if i["type"] == "operator"])
            and any(all(t in texts for t in expected) for expected in sent.values()) and texts,
            f"gallery frame {index} never showed the payloads sent to it",
        )
        frame_visitor[index] = [v for v, expected in sent.items() if all(t in shown for t in expected)]
        # The raw JSON of a few payload bubbles: shown as text in the <pre>.
        for text in CORPUS[:3]:
            item = page_item_with_text(driver, "operator", text)
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", item)
            item.find_element(By.CSS_SELECTOR, "[data-inspect-toggle]").click()
            pre = item.find_element(By.CSS_SELECTOR, "[data-inspect-json]")
            wait.until(EC.visibility_of(pre))
            assert json.dumps(text)[1:-1] in pre.get_attribute("textContent")
            assert driver.execute_script("return arguments[0].children.length", pre) == 0
    driver.switch_to.default_content()
    assert sorted(v for found in frame_visitor.values() for v in found) == sorted(visitors), frame_visitor
    assert_inert(driver, "gallery", "iframe[data-inspect-frame]")


def page_item_with_text(driver, type_: str, text: str):
    return driver.execute_script(
        "const [type, text] = arguments;"
        "return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))"
        ".find((i) => i.dataset.messageType === type && i.querySelector('[data-message-text]').textContent === text);",
        type_,
        text,
    )
