"""`webim-widget service` runs the chat service alone, and `serve --account URL` runs the widget against it over HTTP
(issue 18's first step): what one side stores survives the other side's restart."""

from __future__ import annotations

import json
import queue
import re
import signal
import subprocess
import threading
import urllib.request

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO_ROOT, STARTUP_TIMEOUT, WAIT_TIMEOUT, _binary_path, console_sign_in_link, split_console_link


#: A `Label:  URL` line, as both commands print them, or `Console token file:  PATH`.
PRINTED_URL = re.compile(r"^([A-Za-z ]+):\s+(\S.*?)\s*$")


class Process:
    """A `webim-widget` child process whose printed `Label:  URL` lines are collected; stopped by its own PID.

    Its standard output is a pipe, so the console's token is not printed: `console_link` reads the file it names."""

    def __init__(self, *arguments: str):
        self.process = subprocess.Popen(
            [str(_binary_path()), *arguments],
            cwd=REPO_ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue = queue.Queue()
        #: `Label: URL` lines printed so far, by label.
        self.printed: dict[str, str] = {}
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def url(self, label: str) -> str:
        """The URL (or path) the process printed after `label:`, waiting for the line (lines read meanwhile are kept)."""
        while label not in self.printed:
            line = self.lines.get(timeout=STARTUP_TIMEOUT)
            if line is None:
                pytest.fail(f"the process exited ({self.process.wait()}) before printing {label!r}", pytrace=False)
            if match := PRINTED_URL.match(line):
                self.printed[match.group(1)] = match.group(2)
        return self.printed[label]

    def console_link(self) -> str:
        """The console link that signs in: the printed console URL with the token from the printed token file (or
        the link as printed, when it carries the token: a terminal's, or an older build's)."""
        console = self.url("Operator console")
        return console if "?token=" in console else console_sign_in_link(console, self.url("Console token file"))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=20)


def call(url: str, method: str = "GET", body=None, token: str | None = None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data, method=method, headers=headers), timeout=10) as answer:
        text = answer.read().decode()
    return json.loads(text) if text else None


def stored_texts(console: str, token: str) -> list[str]:
    texts = []
    for chat in call(console.replace("/operator", "/operator/api/chats"), token=token):
        texts += [message["text"] for message in (chat.get("chat") or {}).get("messages", []) if message["kind"] == "visitor"]
    return texts


def test_the_widget_reaches_a_service_of_its_own_over_http(tmp_path):
    service = Process("service", "--port", "0", "--data-dir", str(tmp_path / "service-data"))
    widget = None
    try:
        console, token = split_console_link(service.console_link())
        account = service.url("Chat service")
        widget = Process("serve", "--account", account, "--port", "0", "--data-dir", str(tmp_path / "widget-data"))
        page = widget.url("Webim widget").rstrip("/")
        tab = call(page + "/api/tabs", "POST", {"location": "manual"})["tabId"]
        call(f"{page}/api/tabs/{tab}/messages", "POST", {"text": "over real HTTP", "clientId": "process-0001"})
        WebDriverWait(None, WAIT_TIMEOUT).until(
            lambda _: "over real HTTP" in stored_texts(console, token), "the service never stored the message"
        )

        # The service stops and comes back on its port with its data folder: the message and the token are kept.
        port = account.rsplit(":", 1)[1]
        service.stop()
        service = Process("service", "--port", port, "--data-dir", str(tmp_path / "service-data"))
        console_again, token_again = split_console_link(service.console_link())
        assert (console_again, token_again) == (console, token)
        assert "over real HTTP" in stored_texts(console, token)
    finally:
        service.stop()
        if widget is not None:
            widget.stop()
