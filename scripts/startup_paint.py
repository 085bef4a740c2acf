"""The widget page right after its server starts (see scripts/startup-paint): first contentful paint, the time to a
usable composer, and spawn → usable, in headless Chromium.

The plain page (`/`, no query) shows the chat at once: its `launcher` option defaults to `inline`, for which main.js
loads no launcher.js at all (no button, no `data-chat-hidden`), so there is nothing to click; "usable" is measured
from the page's own load.

Each run spawns `webim-widget serve --host 127.0.0.1 --port 0 --service-port 0 --data-dir <fresh folder>
--log-level error` (from the checkout, so its page files are this tree's), and the browser, started before the
first spawn so its own start-up is not counted, loads the `Webim widget:` line's URL the moment the server prints
it. The server is stopped by its PID (SIGTERM) after the run and its folder deleted. Before each run the browser's
cache and cookies are cleared, and after it the storage of the run's origin; one run before the counted ones warms
the browser and is not counted.

Per run, from the page's navigation start (`performance.timeOrigin`):
- first contentful paint: the `first-contentful-paint` entry of `performance.getEntriesByType('paint')`; beside it
  the page's first byte (its navigation entry's `responseStart`), what a fresh server takes for its first page;
- usable: host_cost.py's definition, its `watch_usable` preload script (WebDriver BiDi) itself, active here on the
  widget's top-level page rather than only on a framed page with `?mode=`: `Date.now()` the moment the page is ready
  (`body[data-ready=true]`), the chat shown (no `data-chat-hidden`), its composer enabled and not inert, and its
  stream live (`[data-connection-banner][data-state=live]`); checked on every DOM mutation;
- page ready: when `body[data-ready=true]` was first seen (main.js is done and starts the session; the rest of
  "usable" is the session reaching a live stream).
And from the spawn (the `Popen` call, `time.time()` on the same clock as the page's `Date.now()`): the server's
`Webim widget:` line, and the usable composer.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from selenium.webdriver.support.ui import WebDriverWait

from host_cost import make_driver, summary, watch_usable
from local_server import read_widget_url, stop_server

ROOT = Path(__file__).resolve().parents[1]

#: host_cost.py's definition of usable, active on the widget's own page on the run's server (host-cost watches the
#: chat's frame in a site).
WATCH_USABLE_PAGE = watch_usable("if (location.protocol !== 'http:' || location.pathname !== '/') return;")

#: What a run reads from the page; null until the page is the run's and its composer is usable.
READ_PAGE = """
if (location.protocol !== 'http:' || !window.usable) return null;
const paint = performance.getEntriesByName('first-contentful-paint', 'paint')[0];
if (!paint) return null;
const resources = performance.getEntriesByType('resource');
const nav = performance.getEntriesByType('navigation')[0];
return {
  origin: performance.timeOrigin, fcp: paint.startTime, usableAt: window.usable.at, readyAt: window.readyAt,
  firstByte: nav.responseStart,
  nav: Object.fromEntries(['requestStart', 'responseStart', 'responseEnd', 'domInteractive', 'domContentLoadedEventEnd',
                           'loadEventEnd'].map((key) => [key, Math.round(nav[key])])),
  // A response from the browser's cache has no transfer: a run that had any was not a first visit.
  cached: resources.filter((entry) => entry.transferSize === 0 && entry.decodedBodySize > 0).length,
  resources: resources.map((entry) => [entry.name.replace(location.origin, ''), Math.round(entry.startTime),
                                       Math.round(entry.responseEnd), entry.transferSize]),
};
"""


def resolve_bin(given: str | None) -> Path:
    """`--bin`, else `.build/release/webim-widget`, else the one in `swift build --show-bin-path` (none is built)."""
    if given is not None:
        path = Path(given)
    elif (ROOT / ".build/release/webim-widget").exists():
        path = ROOT / ".build/release/webim-widget"
    else:
        shown = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True)
        if shown.returncode != 0:
            raise SystemExit(f"error: no .build/release/webim-widget, and `swift build --show-bin-path` failed:\n{shown.stderr}")
        path = Path(shown.stdout.strip()) / "webim-widget"
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise SystemExit(f"error: no webim-widget at {path}; build it (swift build -c release --product webim-widget) "
                         "or pass --bin PATH")
    return path.resolve()


class Server:
    """A fresh `webim-widget serve` on a fresh data folder; the spawn's and its URL line's `time.time()` in ms."""

    def __init__(self, binary: Path, data_dir: Path, log: Path):
        self.log = log
        with log.open("w") as stderr:
            self.spawned_at = time.time() * 1000
            self.process = subprocess.Popen(
                [str(binary), "serve", "--host", "127.0.0.1", "--port", "0", "--service-port", "0",
                 "--data-dir", str(data_dir), "--log-level", "error"],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=stderr, text=True,
            )
        url = read_widget_url(self.process)
        if url is None:
            self.process.wait()
            raise SystemExit(
                f"the server exited ({self.process.returncode}) before printing its URL:\n{log.read_text()[-2000:]}"
            )
        self.printed_at = time.time() * 1000
        self.url = url
        self.origin = url.rstrip("/")

    def stop(self):
        stop_server(self.process)


def one_run(driver, binary: Path, scratch: Path, number: int) -> dict:
    # A first visit: no cache, no cookies (they ignore the port); storage is cleared per origin after the run.
    driver.get("about:blank")
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    data_dir = scratch / f"data-{number}"
    server = Server(binary, data_dir, scratch / f"server-{number}.log")
    try:
        driver.get(server.url)
        page = WebDriverWait(driver, 30, poll_frequency=0.05).until(
            lambda d: d.execute_script(READ_PAGE), message=f"no usable composer at {server.url} within 30 s"
        )
    finally:
        driver.get("about:blank")  # the page's stream closes before the server stops
        server.stop()
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": server.origin, "storageTypes": "all"})
        shutil.rmtree(data_dir, ignore_errors=True)
    if page["cached"]:
        print(f"warning: run {number}: {page['cached']} responses came from the browser's cache", file=sys.stderr)
    return {
        "fcp": page["fcp"],
        "first_byte": page["firstByte"],
        "usable": page["usableAt"] - page["origin"],
        "ready": None if page["readyAt"] is None else page["readyAt"] - page["origin"],
        "spawn_to_line": server.printed_at - server.spawned_at,
        "line_to_navigation": page["origin"] - server.printed_at,
        "spawn_to_usable": page["usableAt"] - server.spawned_at,
        "cached": page["cached"],
        "navigation": page["nav"],
        "resources": page["resources"],
    }


FIGURES = (
    ("fcp", "first contentful paint of `/`, from navigation start"),
    ("first_byte", "of which: `/`'s first byte"),
    ("usable", "composer usable (chat shown, enabled, stream live), from navigation start"),
    ("ready", "of which: page ready (`body[data-ready]`, the session starts)"),
    ("spawn_to_usable", "spawn → composer usable"),
    ("spawn_to_line", "of which: spawn → `Webim widget:` line"),
    ("line_to_navigation", "of which: that line → navigation start"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--bin", default=None,
                        help="the webim-widget to run (.build/release/webim-widget if present, else the debug build's)")
    parser.add_argument("--json", type=Path, default=None, help="write every run here")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    binary = resolve_bin(args.bin)

    scratch = Path(tempfile.mkdtemp(prefix="startup-paint-"))
    driver = None
    runs: list[dict] = []
    try:
        driver = make_driver(WATCH_USABLE_PAGE, network_log=False)
        one_run(driver, binary, scratch, 0)  # warms the browser; not counted
        for number in range(1, args.runs + 1):
            runs.append(one_run(driver, binary, scratch, number))
            print(f"run {number}/{args.runs} done", file=sys.stderr)
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(scratch, ignore_errors=True)

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "Public", "Templates"], cwd=ROOT, capture_output=True,
                           text=True).stdout.strip()
    print(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}"
          f"{' + uncommitted Public/ or Templates/' if dirty else ''}, {platform.machine()} {os.cpu_count()} cores, "
          f"{args.runs} runs, {binary}")
    print()
    print("| after a fresh server's start | median (ms) | p90 (ms) |")
    print("|---|---|---|")
    for key, label in FIGURES:
        values = [run[key] for run in runs if run[key] is not None]
        median, p90 = summary(values)
        print(f"| {label} | {median:.0f} | {p90:.0f} |")
    if args.json:
        args.json.write_text(json.dumps({"binary": str(binary), "runs": runs}, indent=1))


if __name__ == "__main__":
    main()
