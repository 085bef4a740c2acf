"""A server stopped with SIGTERM drains first: the page's stream gets `reconnect`, the page reopens it at once from its
last event id, and once the server is back (the same ports and data folder, as a supervisor restarts it) the page is
live again on the same tab and its chat goes on."""

from __future__ import annotations

import queue
import re
import signal
import subprocess
import threading
import urllib.parse

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import KEPT_TAB_JS as TAB_ID_JS
from conftest import REPO_ROOT, STARTUP_TIMEOUT, WidgetPage, _binary_path

#: A restart waits out the page's reconnection: a stream the new server does not hold, then the tab resumed.
RESTART_TIMEOUT = 40


#: Records the URL of every EventSource the page opens from now on.
RECORD_STREAMS_JS = """
window.openedStreams = [];
const Original = window.EventSource;
window.EventSource = class extends Original {
  constructor(url, init) {
    super(url, init);
    window.openedStreams.push(String(url));
  }
};
"""

WIDGET_LINE = re.compile(r"^Webim widget:\s+(http://\S+)\s*$")


class Serve:
    """`webim-widget serve` on the given ports and data folder, stopped by its own PID."""

    def __init__(self, data_dir, port: str = "0", service_port: str = "0"):
        self.process = subprocess.Popen(
            [
                str(_binary_path()), "serve", "--host", "127.0.0.1", "--port", port, "--service-port", service_port,
                "--data-dir", str(data_dir), "--drain-timeout", "2", "--log-level", "warning",
            ],
            cwd=REPO_ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.widget_url = self._printed(WIDGET_LINE)

    def _pump(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _printed(self, pattern: re.Pattern) -> str:
        while True:
            line = self.lines.get(timeout=STARTUP_TIMEOUT)
            if line is None:
                pytest.fail(f"webim-widget serve exited ({self.process.wait()}) before printing its URL", pytrace=False)
            if match := pattern.match(line):
                return match.group(1)

    def terminate(self) -> int:
        """SIGTERM, as a supervisor stops it; returns the exit status."""
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


def test_the_page_reconnects_at_once_on_a_drain_and_is_live_again_after_the_restart(driver, tmp_path):
    server = Serve(tmp_path / "data", service_port="0")
    restarted = None
    try:
        wait = WebDriverWait(driver, RESTART_TIMEOUT)
        page = WidgetPage(driver, wait, server.widget_url)
        page.open("location=manual")
        page.send("Before the drain")
        tab = driver.execute_script(TAB_ID_JS, "manual")
        driver.execute_script(RECORD_STREAMS_JS)

        assert server.terminate() == 0, "the server did not exit 0 after its drain"
        # The page reopened its stream itself, from the last event it had: EventSource alone would retry the
        # connection it had, opening none.
        reopened = wait.until(
            lambda d: d.execute_script("return window.openedStreams"), "the page opened no stream after reconnect"
        )
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(reopened[0]).query)
        assert f"/api/tabs/{tab}/events" in reopened[0] and query.get("after", [""])[0].isdigit(), reopened

        port = urllib.parse.urlsplit(server.widget_url).port
        restarted = Serve(tmp_path / "data", port=str(port))
        wait.until(
            lambda d: d.execute_script(
                "return document.querySelector('[data-connection-banner]')?.dataset.state === 'live'"
            ),
            "the page never came back live after the restart",
        )
        assert driver.execute_script(TAB_ID_JS, "manual") == tab, "the page started a new tab instead of resuming"
        page.send("After the restart")
        assert not page.uncaught_errors()
    finally:
        server.stop()
        if restarted is not None:
            restarted.stop()
