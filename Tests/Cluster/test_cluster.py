"""The bundle deployed as deploy/README.md says: one chat service, two widget servers and nginx with
deploy/nginx.conf, all on loopback. A tab's requests reach the one server that holds it, its events come through
as they happen, an upload over the limit gets the server's JSON answer, and a dead server is passed over."""

from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import socket
import subprocess

import pytest

from cluster_stack import PUBLIC_HOST, WAIT_TIMEOUT, Child, Cluster

#: Libraries of the Swift toolchain; the bundled binary must need none of them.
SWIFT_LIBRARY = re.compile(r"libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting")


def open_tab(cluster: Cluster) -> str:
    """A new tab opened through nginx, as the page opens it, on the server its id is routed to."""
    proposed = secrets.token_urlsafe(16)
    answer = cluster.call("POST", f"/api/tabs/{proposed}", {})
    if answer.status in (200, 201):
        assert answer.json()["tabId"] == proposed
        return proposed
    # A server without `POST /api/tabs/{tab}` chooses the id itself, on whichever server nginx's round robin picked:
    # keep a tab that happens to live where its id is routed, as a page of such a server would have to.
    assert answer.status == 405, f"POST /api/tabs/{{tab}}: {answer.status} {answer.body[:200]!r}"
    for _ in range(12):
        created = cluster.call("POST", "/api/tabs", {})
        assert created.status == 201, f"POST /api/tabs: {created.status} {created.body[:200]!r}"
        tab = created.json()["tabId"]
        if cluster.call("GET", f"/api/tabs/{tab}/limits").status == 200:
            return tab
        for widget in cluster.widgets:
            cluster.call("DELETE", f"/api/tabs/{tab}?clear=1", base=widget)
    pytest.fail("twelve tabs in a row lived on another server than the one their id is routed to")


def owner(cluster: Cluster, tab: str) -> str:
    """The widget server (`127.0.0.1:PORT`) that holds `tab`, asked directly: exactly one knows it."""
    holders = [
        upstream
        for widget, upstream in zip(cluster.widgets, cluster.upstreams)
        if cluster.call("GET", f"/api/tabs/{tab}/limits", base=widget).status == 200
    ]
    assert len(holders) == 1, f"tab held by {holders}"
    return holders[0]


def logged_upstreams(cluster: Cluster, path_prefix: str) -> set[str]:
    """The servers nginx sent the logged requests under `path_prefix` to (the log keeps four characters of a tab)."""
    return {line["upstream"] for line in cluster.access() if line["uri"].startswith(path_prefix)}


class EventStream:
    """`GET /api/tabs/{tab}/events` through nginx, read event by event; each read waits at most `WAIT_TIMEOUT`."""

    def __init__(self, cluster: Cluster, tab: str):
        self.connection = http.client.HTTPConnection("127.0.0.1", cluster.port, timeout=WAIT_TIMEOUT)
        # As a browser asks: it accepts compression, which would hold events back until a compressor's block fills.
        headers = {
            "Host": f"{PUBLIC_HOST}:{cluster.port}",
            "Accept": "text/event-stream",
            "Accept-Encoding": "gzip, deflate, br",
        }
        self.connection.request("GET", f"/api/tabs/{tab}/events", headers=headers)
        self.response = self.connection.getresponse()

    def next_event(self) -> dict[str, str]:
        """The next event's fields (`event`, `data`, `id`), skipping comments such as `: ping`."""
        fields: dict[str, str] = {}
        while True:
            try:
                line = self.response.readline()
            except (TimeoutError, socket.timeout):
                pytest.fail(f"no event came through nginx within {WAIT_TIMEOUT} s (buffered?)")
            assert line, "the event stream ended"
            text = line.decode().rstrip("\r\n")
            if not text:
                if "event" in fields or "data" in fields:
                    return fields
                continue
            if text.startswith(":"):
                continue
            name, _, value = text.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "data" and "data" in fields:
                fields["data"] += "\n" + value
            else:
                fields[name] = value

    def wait_for(self, accept) -> dict[str, str]:
        """The first event `accept` takes; each read has its own timeout and the stream only grows, so this ends."""
        for _ in range(200):
            event = self.next_event()
            if accept(event):
                return event
        pytest.fail("200 events came and none was the one awaited")

    def close(self) -> None:
        self.connection.close()


def test_the_bundled_binary_needs_no_swift_library(bundle):
    binary = str(bundle / "bin" / "webim-widget")
    listing = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True)
    assert not SWIFT_LIBRARY.search(listing.stdout), listing.stdout
    assert "not found" not in listing.stdout, listing.stdout


def test_the_binary_finds_its_resources_from_any_folder_through_a_link_on_path(bundle, tmp_path):
    # As an operator might install it: /usr/local/bin/webim-widget -> /opt/webim-widget/bin/webim-widget, run by name.
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "webim-widget").symlink_to(bundle / "bin" / "webim-widget")
    (tmp_path / "cwd").mkdir()
    service = Child(
        "linked service",
        ["webim-widget", "service", "--port", "0", "--data-dir", str(tmp_path / "data")],
        tmp_path / "cwd",
        tmp_path / "service.log",
        environment={**os.environ, "PATH": f"{tmp_path / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"},
    )
    try:
        url = service.url("Chat service")
    finally:
        status = service.stop()
    assert url.startswith("http://127.0.0.1:")
    assert status == 0, service.tail()


def test_healthz_answers_through_nginx_and_requests_without_a_tab_reach_every_server(cluster):
    for _ in range(2 * len(cluster.widgets)):
        answer = cluster.call("GET", "/healthz")
        assert answer.status == 200, answer.body
        assert answer.json()["ok"] is True
        assert answer.json()["service"] == "reachable"
    # No tab in the path, an empty hash key: nginx's round robin, so every server had its share.
    assert logged_upstreams(cluster, "/healthz") == set(cluster.upstreams)


def test_every_request_of_a_tab_reaches_the_server_that_holds_it(cluster):
    tab = open_tab(cluster)
    holder = owner(cluster, tab)
    for round in range(3):
        assert cluster.call("GET", f"/api/tabs/{tab}/limits").status == 200
        assert cluster.call("GET", f"/api/tabs/{tab}/history?limit=5").status == 200
        assert cluster.call("POST", f"/api/tabs/{tab}/typing", {"draft": f"typing {round}"}).status == 204
        assert cluster.call("POST", f"/api/tabs/{tab}/read").status == 204
        message = {"text": f"hello {round}", "clientId": f"route-{tab[:8]}-{round}"}
        sent = cluster.call("POST", f"/api/tabs/{tab}/messages", message)
        assert sent.status == 202, sent.body
        stream = EventStream(cluster, tab)
        try:
            assert stream.response.status == 200
            assert stream.wait_for(lambda event: event.get("event") == "snapshot")
        finally:
            stream.close()
    assert logged_upstreams(cluster, f"/api/tabs/{tab[:4]}") == {holder}


def test_an_event_comes_through_nginx_as_it_happens(cluster):
    tab = open_tab(cluster)
    stream = EventStream(cluster, tab)
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type", "").startswith("text/event-stream")
        assert stream.response.getheader("Content-Encoding") is None
        stream.wait_for(lambda event: event.get("event") == "snapshot")
        text = f"through nginx {secrets.token_hex(4)}"
        sent = cluster.call("POST", f"/api/tabs/{tab}/messages", {"text": text, "clientId": f"sse-{tab[:8]}"})
        assert sent.status == 202, sent.body
        # The stream stays open, so the event must come through while it is: a proxy that holds the stream back
        # (compresses it, caches it) fails here. Waited for, never timed.
        stream.wait_for(
            lambda event: event.get("event") == "message.added" and json.loads(event["data"])["message"]["text"] == text
        )
    finally:
        stream.close()


def multipart(file_size: int, client_id: str) -> tuple[bytes, str]:
    boundary = f"cluster{secrets.token_hex(8)}"
    head = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"clientId\"\r\n\r\n{client_id}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.txt\"\r\n"
        "Content-Type: text/plain\r\n\r\n"
    ).encode()
    return head + b"x" * file_size + f"\r\n--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def test_a_file_over_the_servers_limit_gets_its_json_answer_not_nginxs_page(cluster):
    tab = open_tab(cluster)
    limit = cluster.call("GET", f"/api/tabs/{tab}/limits").json()["maxFileSize"]
    # Over what the server takes (the file limit plus 64 KiB of framing), under nginx's client_max_body_size.
    body, content_type = multipart(limit + 96 * 1024, f"big-{tab[:8]}")
    answer = cluster.call("POST", f"/api/tabs/{tab}/files", raw=body, headers={"Content-Type": content_type})
    assert answer.status == 413, answer.body[:300]
    assert answer.headers["content-type"].startswith("application/json"), answer.body[:300]
    assert answer.json()["error"]["code"] == "file_too_large"


def test_a_body_over_nginxs_limit_gets_the_apis_json_shape(cluster):
    # nginx refuses on the Content-Length alone, so only the head is sent.
    with socket.create_connection(("127.0.0.1", cluster.port), timeout=WAIT_TIMEOUT) as connection:
        connection.sendall(
            (
                f"POST /api/tabs/{secrets.token_urlsafe(16)}/files HTTP/1.1\r\nHost: chat.test:{cluster.port}\r\n"
                f"Origin: {cluster.origin}\r\nContent-Type: multipart/form-data; boundary=x\r\n"
                f"Content-Length: {64 * 1024 * 1024}\r\nConnection: close\r\n\r\n"
            ).encode()
        )
        answer = http.client.HTTPResponse(connection)
        answer.begin()
        body = answer.read()
    assert answer.status == 413
    assert answer.getheader("Content-Type", "").startswith("application/json"), body
    assert json.loads(body)["error"]["code"] == "body_too_large"


def test_the_servers_check_host_and_origin_behind_nginx(cluster):
    tab = open_tab(cluster)
    foreign = cluster.call("POST", f"/api/tabs/{tab}/read", headers={"Origin": "http://evil.test"})
    assert foreign.status == 403 and foreign.json()["error"]["code"] == "forbidden_origin"
    rebound = cluster.call("GET", "/healthz", headers={"Host": "evil.test"})
    assert rebound.status == 403 and rebound.json()["error"]["code"] == "forbidden_host"


def test_nginx_answers_metrics_itself_and_never_passes_it_to_a_server(cluster):
    """A server's /metrics is Prometheus's, asked directly (deploy/prometheus.yml); through nginx it is not there,
    however the path is spelled, and not even a guess at its token reaches a server."""
    paths = ["/metrics", "/metrics/", "/metrics?name=webim_widget_ready", "//metrics", "/%6Detrics", "/metrics.txt"]
    for path in paths:
        answer = cluster.call("GET", path, headers={"Authorization": "Bearer a-guess"})
        assert answer.status == 404, (path, answer.body[:200])
        assert answer.json()["error"]["code"] == "not_found", (path, answer.body[:200])
    # The control: a path nginx passes on is logged with the server that answered it.
    assert cluster.call("GET", "/healthz?metrics-control").status == 200
    upstreams = {line["uri"]: line["upstream"] for line in cluster.access_settled()}
    assert upstreams["/healthz?metrics-control"] in cluster.upstreams
    assert {path: upstreams.get(path) for path in paths} == {path: "-" for path in paths}


def test_a_dead_server_is_passed_over(cluster):
    """Last: it stops a widget server."""
    dead = cluster.children[-2]
    assert dead.name == "widget 2"
    dead_upstream = cluster.upstreams[1]
    assert dead.stop() is not None
    before = len(cluster.access())
    # Two servers of equal weight take turns, so one of two requests in a row goes to the dead one first: a POST of
    # which nothing was sent yet (the connection was refused) goes on to the other server too.
    for _ in range(len(cluster.widgets)):
        created = cluster.call("POST", "/api/tabs", {})
        assert created.status == 201, created.body
    for _ in range(2 * len(cluster.widgets)):
        answer = cluster.call("GET", "/healthz")
        assert answer.status == 200, answer.body
    later = [line for line in cluster.access()[before:] if not line["uri"].endswith("/events")]
    assert any(
        line["method"] == "POST" and line["upstream"] == f"{dead_upstream}, {cluster.upstreams[0]}" for line in later
    ), "no POST was passed from the dead server to the live one"
    assert all(line["status"] in ("200", "201") for line in later)
