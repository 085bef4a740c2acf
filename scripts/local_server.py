"""The real `webim-widget serve` on free ports and a headless Chromium beside it, for the scripts that drive the page
(screenshots.py, snapshots.py). The server serves Public/, Templates/ and Scenarios/ from the repository it runs in;
it is stopped by its own PID, never by name."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import tempfile
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
    for line in process.stdout:
        if match := re.match(r"^Webim widget:\s+(http://\S+)", line):
            return process, match.group(1).rstrip("/")
    raise SystemExit("the server exited before printing its URL")


def stop_server(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)


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
