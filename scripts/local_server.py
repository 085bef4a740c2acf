"""The real `webim-widget serve` on free ports and a headless Chromium beside it, for the scripts that drive the page
(screenshots.py, snapshots.py; host_cost.py and startup_paint.py read a server's URL and stop it with the functions
here). The server serves Public/, Templates/ and Scenarios/ from the repository it runs in; it is stopped by its own
PID, never by name."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[1]


def start_server(data_dir: str) -> tuple[subprocess.Popen, str]:
    """Starts `$WEBIM_WIDGET_BIN serve` in `data_dir`; returns the process and the widget's URL without a trailing /."""
    process = subprocess.Popen(
        [os.environ["WEBIM_WIDGET_BIN"], "serve", "--host", "127.0.0.1", "--port", "0", "--service-port", "0",
         "--data-dir", data_dir],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    url = read_widget_url(process)
    if url is None:
        raise SystemExit("the server exited before printing its URL")
    return process, url.rstrip("/")


def read_widget_url(process: subprocess.Popen) -> str | None:
    """The URL a `webim-widget serve` prints on its `Webim widget:` line, read from its stdout (a text pipe), which is
    kept drained from then on; None if the process ends first."""
    for line in process.stdout:
        if match := re.match(r"^Webim widget:\s+(http://\S+)", line):
            threading.Thread(target=process.stdout.read, daemon=True).start()  # keeps the pipe drained
            return match.group(1)
    return None


def stop_server(process: subprocess.Popen) -> None:
    """Stops a server by its PID: SIGTERM, so that it drains, and SIGKILL if it has not stopped within 20 s."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def running_server() -> Iterator[str]:
    """A server in a fresh temporary data directory for the `with` block; yields its widget URL."""
    with tempfile.TemporaryDirectory() as data_dir:
        process, base = start_server(data_dir)
        try:
            yield base
        finally:
            stop_server(process)


def make_driver(width: int, height: int = 700) -> webdriver.Chrome:
    """Debian's headless Chromium at device scale 1, without scrollbars."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=1", f"--window-size={width},{height}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
