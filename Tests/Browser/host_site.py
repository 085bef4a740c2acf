"""A site on another origin that embeds the widget, as a developer's page would: a real HTTP server on its own
loopback port, serving pages the test composes (the snippet with its queueing stub, and what the page does first)."""

from __future__ import annotations

import html
import itertools
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

#: The documented snippet (README.md, "Embedding the widget"): the stub queues calls until embed.js arrives.
STUB = "window.WebimWidget=window.WebimWidget||function(){(WebimWidget.q=WebimWidget.q||[]).push(arguments)};"

#: Every event the API names, recorded in order on `window.seen` as [name, detail].
RECORDER = """
window.seen = [];
for (const name of ['ready', 'open', 'close', 'message', 'messageSent', 'unreadChanged', 'chatStarted',
    'chatClosed', 'operatorChanged', 'onlineStatusChanged', 'error', 'invitation', 'logout']) {
  WebimWidget('on', name, (detail) => window.seen.push([name, detail]));
}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class HostSite:
    """Pages by path; `page()` adds one and returns its URL."""

    def __init__(self):
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self._pages: dict[str, str] = {}
        self._numbers = itertools.count(1)
        pages = self._pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - the standard library's name
                body = pages.get(self.path.split("?")[0])
                if body is None:
                    self.send_error(404)
                    return
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def page(self, body: str) -> str:
        path = f"/page-{next(self._numbers)}.html"
        self._pages[path] = body
        return self.origin + path

    def embedding_page(self, widget_url: str, attributes: dict[str, str] | None = None, first: str = "") -> str:
        """A shop page with the snippet: the stub, the event recorder, `first` (calls before the script), then
        `<script async src=…/embed.js data-…>`."""
        attrs = "".join(f' data-{name}="{html.escape(value)}"' for name, value in (attributes or {}).items())
        return self.page(
            "<!doctype html><html lang=en><head><meta charset=utf-8><title>Acme shop</title>"
            f"<script>{STUB}{RECORDER}{first}</script>"
            f'<script async src="{widget_url.rstrip("/")}/embed.js"{attrs}></script>'
            "</head><body><h1>Acme shop</h1><p>Our products are the best.</p></body></html>"
        )

    def stop(self):
        self._server.shutdown()
        self._server.server_close()


def frame_of(driver):
    """The widget's iframe, inside the loader's shadow root."""
    return driver.execute_script(
        "return document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('iframe') ?? null"
    )


def launcher_of(driver):
    return driver.execute_script("return document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('button') ?? null")


def seen(driver) -> list[tuple[str, dict]]:
    return [(name, detail) for name, detail in driver.execute_script("return window.seen ?? []")]


def names(driver) -> list[str]:
    return [name for name, _ in seen(driver)]


def command_json(name: str, *args) -> str:
    return f"WebimWidget({', '.join(json.dumps(a) for a in (name, *args))})"
