"""The eight holes of the security review, each tried as an attacker would, against the real binary.

Every test here failed on the code before the fix (see Benchmarks/RELIABILITY.md and the issue's closing note): the
cross-site POST took the console's location offline, a rebinding Host got a tab, a flood from one address locked out
everyone, an uploaded HTML page was served inline, fields signed with the key in the source were accepted, a tab
took any number of streams, `?idle=86400` switched the kiosk reset off, and a closed tab's data outlived its reset.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import os
import stat
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

#: The visitor-fields key that used to be a constant in the source: anyone could sign with it.
OLD_PUBLIC_KEY = "webim-widget-local-private-key"


def _split(url: str) -> tuple[str, int]:
    parts = urllib.parse.urlsplit(url)
    return parts.hostname, parts.port


def raw_request(
    url: str,
    method: str = "GET",
    path: str = "/",
    body: bytes | str | None = None,
    headers: dict[str, str] | None = None,
    source: str | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One request over its own connection, from `source` (a loopback address) when given; headers as written."""
    host, port = _split(url)
    connection = http.client.HTTPConnection(host, port, timeout=15, source_address=(source, 0) if source else None)
    try:
        connection.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def console_status(server, location: str = "default") -> str:
    status, _, body = raw_request(
        server.console_url,
        path="/operator/api/locations",
        headers={"Authorization": f"Bearer {server.console_token}"},
    )
    assert status == 200, body
    return next(entry["onlineStatus"] for entry in json.loads(body) if entry["name"] == location)


class _HostileSite(BaseHTTPRequestHandler):
    """A page on another origin that fires the cross-site request of the review and says when it has."""

    target = ""

    def do_GET(self):  # noqa: N802 - the standard library's name
        script = f"""
            fetch({json.dumps(self.target)}, {{method: 'POST', mode: 'no-cors', credentials: 'include',
              body: JSON.stringify({{onlineStatus: 'offline'}})}})
              .finally(() => {{ document.title = 'sent'; }});
        """
        page = f"<!doctype html><title>hostile</title><script>{script}</script>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, *args):  # noqa: D401 - keep the test output quiet
        pass


def test_a_cross_site_post_to_the_console_changes_nothing(server, driver):
    # The operator is signed in: the browser holds the console's cookie.
    driver.get(server.console_link)
    WebDriverWait(driver, 15).until(lambda d: d.current_url.rstrip("/").endswith("/operator"))
    assert console_status(server) == "online"

    _HostileSite.target = server.console_url + "/api/locations/default/status"
    site = ThreadingHTTPServer(("127.0.0.2", 0), _HostileSite)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        driver.get(f"http://127.0.0.2:{site.server_address[1]}/")
        WebDriverWait(driver, 15).until(lambda d: d.title == "sent", "the hostile page never sent its request")
    finally:
        site.shutdown()
    assert console_status(server) == "online"

    # The same request by hand: no token, a foreign Origin, or a body that is not JSON are each refused.
    path = "/operator/api/locations/default/status"
    body = '{"onlineStatus":"offline"}'
    bearer = {"Authorization": f"Bearer {server.console_token}"}
    assert raw_request(server.console_url, "POST", path, body, {"Content-Type": "application/json"})[0] == 401
    foreign = {**bearer, "Content-Type": "application/json", "Origin": "http://evil.example"}
    assert raw_request(server.console_url, "POST", path, body, foreign)[0] == 403
    assert raw_request(server.console_url, "POST", path, body, {**bearer, "Content-Type": "text/plain"})[0] == 415
    assert console_status(server) == "online"


def test_a_rebinding_host_is_refused_by_both_servers(server):
    host, port = _split(server.widget_url)
    evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}", "Content-Type": "application/json"}
    status, _, body = raw_request(server.widget_url, "POST", "/api/tabs", "{}", evil)
    assert status == 403 and json.loads(body)["error"]["code"] == "forbidden_host"
    assert raw_request(server.widget_url, "GET", "/", headers={"Host": f"evil.example:{port}"})[0] == 403
    _, service_port = _split(server.console_url)
    chats = raw_request(
        server.console_url,
        path="/operator/api/chats",
        headers={"Host": f"evil.example:{service_port}", "Authorization": f"Bearer {server.console_token}"},
    )
    assert chats[0] == 403
    # The loopback names still work, and a page of the server's own origin may create a tab.
    own = {"Origin": f"http://{host}:{port}", "Content-Type": "application/json"}
    assert raw_request(server.widget_url, "POST", "/api/tabs", "{}", own)[0] == 201


def test_a_tab_flood_from_one_address_locks_out_only_that_address(server):
    headers = {"Content-Type": "application/json"}
    answers = [raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers, source="127.0.0.1")[0] for _ in range(120)]
    assert 429 in answers, "a flood of 120 tabs from one address was never limited"
    assert raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers, source="127.0.0.2")[0] == 201
    # None of those tabs sent anything: closing one leaves nothing on disk.
    status, _, body = raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers, source="127.0.0.3")
    tab = json.loads(body)["tabId"]
    folder = Path(server.data_dir) / "widget" / "tabs" / tab
    assert folder.exists()
    assert raw_request(server.widget_url, "DELETE", f"/api/tabs/{tab}", source="127.0.0.3")[0] == 204
    assert not folder.exists()


@pytest.mark.parametrize("server_args", [["--max-tabs", "3"]], ids=["max-tabs-3"])
def test_beyond_max_tabs_a_page_is_told_to_retry(server):
    headers = {"Content-Type": "application/json"}
    for _ in range(3):
        assert raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers)[0] == 201
    status, answer_headers, body = raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers)
    assert status == 503 and json.loads(body)["error"]["code"] == "too_many_tabs"
    assert int(answer_headers["retry-after"]) >= 1


def test_an_uploaded_html_page_is_downloaded_never_rendered(server, operator_api):
    # The visitor's chat, on the service directly, as a client core speaks to it.
    query = urllib.parse.urlencode({"location": "manual", "device-id": "hole-4", "platform": "web"})
    _, _, body = raw_request(server.console_url, path=f"/l/v/m/init?{query}")
    update = json.loads(body)["fullUpdate"]
    page = {"page-id": update["pageId"], "auth-token": update["authToken"]}
    form = urllib.parse.urlencode({"action": "chat.start", "client-side-id": "0" * 32, **page})
    form_headers = {"Content-Type": "application/x-www-form-urlencoded"}
    assert json.loads(raw_request(server.console_url, "POST", "/l/v/m/action", form, form_headers)[2])["result"] == "ok"
    visitor = operator_api.visitor_id(WebDriverWait(None, 15), location="manual")
    operator_api.visitor(visitor, "/join", {})
    html = b"<script>opener.document.title='owned'</script>"
    sent = operator_api.visitor(
        visitor, "/files", {"filename": "page.html", "contentType": "text/html", "base64": __import__("base64").b64encode(html).decode()}
    )
    chat = operator_api.call("GET", f"/visitors/{visitor}")
    message = next(m for m in chat["chat"]["messages"] if m["id"] == sent["messageId"])
    guid = json.loads(message["text"])["guid"] if message.get("text", "").startswith("{") else message["data"]["file"]["desc"]["guid"]

    def download(expires: int) -> tuple[int, dict[str, str], bytes]:
        signature = hmac.new(update["authToken"].encode(), f"{guid}{expires}".encode(), hashlib.sha256).hexdigest()
        link = f"/l/v/m/download/{guid}/page.html?page-id={update['pageId']}&expires={expires}&hash={signature}"
        return raw_request(server.console_url, path=link)

    status, headers, content = download(int(time.time()) + 300)
    assert status == 200 and content == html
    assert headers["content-disposition"].startswith("attachment")
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["content-security-policy"] == "sandbox; frame-ancestors 'none'"
    # A link may not be made to live for years.
    assert download(int(time.time()) + 10 * 365 * 24 * 3600)[0] == 403


def test_fields_signed_with_the_old_public_key_are_refused(server):
    fields = {"id": "alice", "display_name": "Alice"}
    expires = int(time.time()) + 3600
    text = "".join(value for _, value in sorted(fields.items())) + str(expires)
    forged = hmac.new(OLD_PUBLIC_KEY.encode(), text.encode(), hashlib.sha256).hexdigest()
    ext = json.dumps({"fields": fields, "expires": expires, "hash": forged})
    query = urllib.parse.urlencode({"location": "manual", "device-id": "forger", "platform": "web", "visitor-ext": ext})
    _, _, body = raw_request(server.console_url, path=f"/l/v/m/init?{query}")
    assert json.loads(body).get("error") == "wrong-provided-visitor-hash-value"
    # The key the server made for itself is its own file, readable by its owner only.
    key_file = Path(server.data_dir) / "service" / "visitor-fields.key"
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    assert OLD_PUBLIC_KEY not in key_file.read_text()
    token_file = Path(server.data_dir) / "service" / "console-token"
    assert stat.S_IMODE(os.stat(token_file).st_mode) == 0o600


def test_a_tab_keeps_at_most_two_streams(server):
    headers = {"Content-Type": "application/json"}
    tab = json.loads(raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers)[2])["tabId"]
    host, port = _split(server.widget_url)
    streams = []
    for _ in range(5):
        # Less than the 15 s between pings: a stream left open times out instead of being read for ever.
        connection = http.client.HTTPConnection(host, port, timeout=5)
        connection.request("GET", f"/api/tabs/{tab}/events")
        response = connection.getresponse()
        assert response.status == 200
        response.readline()  # `retry:` — the stream is open
        streams.append((connection, response))
    # The three oldest were closed by the server: reading them reaches the end (a stream left open would only time
    # out). Two is what the descriptor budget counts for a tab.
    try:
        for connection, response in streams[:3]:
            try:
                response.read()
            except TimeoutError:
                pytest.fail("a tab kept more than two event streams open")
    finally:
        for connection, _ in streams:
            connection.close()


def test_the_kiosk_query_cannot_switch_the_reset_off(server):
    status, _, body = raw_request(server.widget_url, path="/?mode=kiosk&idle=86400&countdown=86400")
    assert status == 200
    page = body.decode()
    assert 'data-kiosk-idle-seconds="90"' in page and 'data-kiosk-countdown-seconds="15"' in page
    # Shorter is allowed (tests, quick demos).
    short = raw_request(server.widget_url, path="/?mode=kiosk&idle=5&countdown=2")[2].decode()
    assert 'data-kiosk-idle-seconds="5"' in short and 'data-kiosk-countdown-seconds="2"' in short


def test_a_kiosk_reset_erases_a_tab_that_is_no_longer_open(server, operator_api):
    headers = {"Content-Type": "application/json"}
    tab = json.loads(raw_request(server.widget_url, "POST", "/api/tabs", '{"location":"manual"}', headers)[2])["tabId"]
    sent = raw_request(
        server.widget_url, "POST", f"/api/tabs/{tab}/messages", '{"text":"my secret","clientId":"kiosk-hole-8"}', headers
    )
    assert sent[0] == 202
    folder = Path(server.data_dir) / "widget" / "tabs" / tab
    assert folder.exists()
    # The page leaves without a reset (the tab closes, its data is kept for `resume`)…
    assert raw_request(server.widget_url, "DELETE", f"/api/tabs/{tab}")[0] == 204
    assert folder.exists()
    # …and the kiosk's reset, arriving after, still erases it: its folder, and its rows in the history store
    # every tab shares, with the store's log.
    assert raw_request(server.widget_url, "DELETE", f"/api/tabs/{tab}?clear=1")[0] == 204
    assert not folder.exists()
    widget_data = Path(server.data_dir) / "widget"
    assert (widget_data / "history.sqlite").exists()
    left = [path for path in widget_data.rglob("*") if path.is_file() and b"my secret" in path.read_bytes()]
    assert left == []


def test_pages_send_a_strict_policy_and_files_no_cache_in_kiosk_mode(server):
    for path in ("/", "/preview", "/inspect", "/?mode=kiosk"):
        status, headers, _ = raw_request(server.widget_url, path=path)
        assert status == 200, path
        policy = headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'self'" in policy and "unsafe-inline" not in policy
        assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("server_args", [["--host", "127.0.0.2"]], ids=["lan-host"])
def test_exposing_the_widget_does_not_expose_the_console(server):
    assert _split(server.widget_url)[0] == "127.0.0.2"
    headers = {"Content-Type": "application/json", "Origin": server.widget_url.rstrip("/")}
    assert raw_request(server.widget_url, "POST", "/api/tabs", "{}", headers)[0] == 201
    console_host, console_port = _split(server.console_url)
    assert console_host == "127.0.0.1"
    with pytest.raises(ConnectionRefusedError):
        raw_request(f"http://127.0.0.2:{console_port}", path="/operator")
