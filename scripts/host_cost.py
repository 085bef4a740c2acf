"""The widget's cost to a host site (see scripts/host-cost): a plain page loaded with and without `embed.js`, back to
back in headless Chromium, and the time from a click on the launcher to a usable composer.

Each variant of the loader is served by its own `webim-widget serve --resources DIR`: the working tree's page files,
and those of a git ref exported with `git archive` (the loader before a change). The host page is another site
(`localhost:PORT`, the widget is `127.0.0.1:PORT`), so the chat's frame runs in its own renderer process, as it does
on a real site; the host's main thread pays only for the loader and the frame's element.

Per run, in the host page (a `PerformanceObserver` that the page starts before anything else):
- blocking time: the sum of (duration - 50 ms) over `longtask` entries, until the window ends;
- CLS: the sum of `layout-shift` values without recent input;
- LCP: the last `largest-contentful-paint` entry's start time;
- load: the navigation's `loadEventEnd`;
- bytes: `encodedDataLength` of every response the browser finished (Chromium's network log, frames included), by
  the load event and by the window's end.
Click to usable composer: a real click (WebDriver's pointer actions) on the launcher, stamped with `Date.now()` in
the host page's capture-phase `pointerdown`; inside the frame, a script preloaded into every document (WebDriver
BiDi) stamps `Date.now()` when the chat is shown, its composer enabled (not inert) and its stream live
(`[data-connection-banner][data-state=live]`), and notes whether the composer took the focus. "cold" starts the
click at the host's load event; "warm" after the window, when the loader has had its frame loaded (at once, or at
idle). WebDriver's pointer takes 250 ms to move onto the launcher before it presses (its default), so the launcher
has that long from `pointerenter` to the press, a quick visitor's approach.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import JavascriptException, NoSuchFrameException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from local_server import read_widget_url, stop_server

ROOT = Path(__file__).resolve().parents[1]

#: Started first in every host page: what the page's own observers see.
OBSERVER = """
window.cost = { tbt: 0, longtasks: 0, tasks: [], cls: 0, lcp: 0, clickAt: null };
const observe = (type, each) => {
  try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); }
  catch { /* an entry type this browser lacks */ }
};
observe('longtask', (e) => {
  cost.longtasks += 1;
  cost.tbt += Math.max(0, e.duration - 50);
  cost.tasks.push([Math.round(e.startTime), Math.round(e.duration), e.attribution?.[0]?.containerType ?? '']);
});
observe('layout-shift', (e) => { if (!e.hadRecentInput) cost.cls += e.value; });
observe('largest-contentful-paint', (e) => { cost.lcp = e.startTime; });
addEventListener('pointerdown', () => { cost.clickAt ??= Date.now(); }, { capture: true });
"""

STUB = "window.WebimWidget=window.WebimWidget||function(){(WebimWidget.q=WebimWidget.q||[]).push(arguments)};"

def watch_usable(guard: str) -> str:
    """A script preloaded into every document (WebDriver BiDi's `script.addPreloadScript`, which reaches a frame in
    another process too) and active in the documents `guard` (a JavaScript statement that returns early) lets
    through: `window.usable` becomes `{at}` (`Date.now()`) the moment the chat is shown with its composer enabled and
    its stream live; `window.focusedAt` when the composer takes the focus; `window.readyAt` when the page is ready
    (`body[data-ready=true]`: in a frame, its bridge has told the site `ready`; the session starts after)."""
    return WATCH_USABLE_BODY.replace("GUARD;", guard)


WATCH_USABLE_BODY = """() => {
  GUARD;
  window.usable = null;
  window.focusedAt = null;
  window.readyAt = null;
  const composer = () => document.querySelector('[data-composer-input]');
  const usable = () => {
    const input = composer();
    return document.body?.dataset.ready === 'true' && !('chatHidden' in document.documentElement.dataset) &&
      input !== null && !input.disabled && input.closest('[inert]') === null &&
      document.querySelector('[data-connection-banner][data-state="live"]') !== null;
  };
  const observer = new MutationObserver(() => {
    if (window.readyAt === null && document.body?.dataset.ready === 'true') window.readyAt = Date.now();
    if (window.usable === null && usable()) window.usable = { at: Date.now() };
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  addEventListener('focusin', (event) => {
    if (event.target === composer() && window.focusedAt === null) window.focusedAt = Date.now();
  });
}"""

#: Active in the chat's frame only (`?mode=embedded`, the preview's `?mode=…`).
WATCH_USABLE = watch_usable("if (!new URLSearchParams(location.search).has('mode')) return;")

#: The bytes the frame's document and everything it fetched took, from its own Resource Timing.
FRAME_BYTES = """
return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  .reduce((sum, entry) => sum + (entry.transferSize || 0), 0);
"""

FRAME_JS = "return document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('iframe[src]') ?? null"


def in_frame(driver, script: str):
    """Runs `script` in the chat's frame; None while there is no frame or it is between documents."""
    driver.switch_to.default_content()
    frame = driver.execute_script(FRAME_JS)
    if frame is None:
        return None
    try:
        driver.switch_to.frame(frame)
        return driver.execute_script(script)
    except (JavascriptException, NoSuchFrameException, WebDriverException):
        return None
    finally:
        driver.switch_to.default_content()


def host_page(title: str, snippet: str) -> str:
    """A plain shop page: a heading, text, an image box of explicit size; `snippet` at the end of its head."""
    words = "Our tea is picked by hand and dried in the sun. " * 12
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><script>{OBSERVER}</script>{snippet}"
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:720px;margin:0 auto;padding:16px}"
        "img{display:block;background:#e5e7eb}</style></head><body>"
        "<h1>Acme tea shop</h1>"
        '<img src="/hero.svg" width=640 height=320 alt="Tea leaves">'
        f"<p>{words}</p><p>{words}</p></body></html>"
    )


HERO = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">'
    '<rect width="640" height="320" fill="#14532d"/><circle cx="320" cy="160" r="110" fill="#4ade80"/></svg>'
)


class HostSite:
    """The sample site: `/none.html` and one `/<variant>.html` per loader, served on its own port."""

    def __init__(self, name: str):
        self.pages: dict[str, str] = {"/hero.svg": HERO}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - the standard library's name
                body = pages.get(self.path.split("?")[0])
                if body is None:
                    self.send_error(404)
                    return
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "image/svg+xml" if self.path.endswith(".svg") else "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://{name}:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Widget:
    """A `webim-widget serve` whose page files are `resources`; stopped by PID."""

    def __init__(self, resources: Path, embed_origin: str, data_dir: str):
        self.process = subprocess.Popen(
            [os.environ["WEBIM_WIDGET_BIN"], "serve", "--port", "0", "--service-port", "0", "--data-dir", data_dir,
             "--resources", str(resources), "--embed-origins", embed_origin],
            cwd=resources, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        url = read_widget_url(self.process)
        if url is None:
            raise SystemExit(f"the server for {resources} exited before printing its URL")
        self.url = url.rstrip("/")

    def stop(self):
        stop_server(self.process)


def export(ref: str, into: Path) -> Path:
    """The page files (Public, Templates, Scenarios) of git `ref`, in `into`."""
    archive = subprocess.run(["git", "archive", "--format=tar", ref, "Public", "Templates", "Scenarios"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    into.mkdir(parents=True)
    with tempfile.TemporaryFile() as tar_file:
        tar_file.write(archive)
        tar_file.seek(0)
        with tarfile.open(fileobj=tar_file) as tar:
            tar.extractall(into, filter="data")
    return into


def make_driver(watcher: str = WATCH_USABLE, network_log: bool = True) -> webdriver.Chrome:
    """Headless Chromium with `watcher` preloaded into every document, and its network log when asked (the page's
    bytes are read from it)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,800", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    if network_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    options.enable_bidi = True
    # `get` returns at once; each run waits on the page for what it measures (here the host's own load event, not
    # its frames' documents too).
    options.page_load_strategy = "none"
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.script.add_preload_script(watcher)
    return driver


#: Every origin of the run (the site's, the widgets'), whose storage each run starts without.
ORIGINS: list[str] = []


def fresh(driver) -> None:
    """A first visit each run: no cache, no storage of any origin of the run."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    for origin in ORIGINS:
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.get("about:blank")
    driver.get_log("performance")


def launcher(driver):
    return driver.execute_script("return document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('button')")


def click_to_usable(driver, wait) -> dict:
    """Clicks the launcher: ms until the frame's composer is usable, and whether the composer took the focus by
    then or within 300 ms after."""
    button = wait.until(lambda d: launcher(d))
    ActionChains(driver).move_to_element(button).click().perform()
    clicked = wait.until(lambda d: d.execute_script("return cost.clickAt"))
    at = wait.until(lambda d: in_frame(d, "return window.usable?.at ?? null"))
    # The focus may follow the composer's being usable by a moment: what it does in the 300 ms after counts.
    wait.until(lambda d: in_frame(d, f"return Date.now() > {at + 300}"))
    frame = in_frame(driver, "return {focusedAt: window.focusedAt, readyAt: window.readyAt, origin: performance.timeOrigin}")
    focused_at = frame["focusedAt"]
    return {"ms": at - clicked, "focused": focused_at is not None and focused_at <= at + 300,
            # The steps on the way, from the click: the frame's document starts, its page is ready, the composer has
            # the focus (negative: before the click, a frame loaded already).
            "start_ms": frame["origin"] - clicked, "ready_ms": (frame["readyAt"] or at) - clicked,
            "focused_ms": None if focused_at is None else focused_at - clicked}


def loaded(driver) -> bool:
    """The host page's load event is over (`about:blank` before it does not count)."""
    return driver.execute_script(
        "return location.protocol === 'http:' && performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0"
    )


def one_run(driver, url: str, window_s: float, embeds: bool) -> dict:
    fresh(driver)
    driver.get(url)
    wait = WebDriverWait(driver, 30, poll_frequency=0.02)
    wait.until(loaded)
    loaded_at = time.monotonic()
    # The observation window, from the load event: the loader's later work (a frame at idle) falls inside it.
    while time.monotonic() - loaded_at < window_s:
        time.sleep(0.1)
    cost = driver.execute_script(
        "const nav = performance.getEntriesByType('navigation')[0];"
        "return {...cost, load: nav.loadEventEnd, origin: performance.timeOrigin,"
        " frame: !!document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('iframe[src]')}"
    )
    log_load = None
    entries = driver.get_log("performance")
    total = by_load = 0
    for entry in entries:
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Page.loadEventFired" and log_load is None:
            log_load = float(message["params"]["timestamp"])
    for entry in entries:
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.loadingFinished":
            size = int(message["params"].get("encodedDataLength", 0))
            total += size
            if log_load is not None and message["params"]["timestamp"] <= log_load:
                by_load += size
    run = {"tbt": cost["tbt"], "longtasks": cost["longtasks"], "tasks": cost["tasks"], "cls": cost["cls"], "lcp": cost["lcp"],
           "load": cost["load"], "bytes_by_load": by_load, "bytes": total, "frame_in_window": cost["frame"]}
    # The frame's own bytes (its process's requests are not in the page's network log).
    run["frame_bytes"] = (in_frame(driver, FRAME_BYTES) or 0) if cost["frame"] else 0
    # When the frame's document started, in ms after the page's load event.
    frame_origin = in_frame(driver, "return performance.timeOrigin") if cost["frame"] else None
    run["frame_after_load"] = None if frame_origin is None else frame_origin - (cost["origin"] + cost["load"])
    if embeds:
        run["warm"] = click_to_usable(driver, wait)
    return run


def cold_click(driver, url: str) -> dict:
    """Loads the page and clicks the launcher as soon as its load event has fired."""
    fresh(driver)
    driver.get(url)
    wait = WebDriverWait(driver, 30, poll_frequency=0.01)
    wait.until(loaded)
    return click_to_usable(driver, wait)


def summary(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return statistics.median(ordered), p90


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--window", type=float, default=7.0, help="seconds observed after the load event")
    parser.add_argument("--before", default=None, help="a git ref whose embed.js is measured too (e.g. main)")
    parser.add_argument("--same-site", action="store_true",
                        help="the site on 127.0.0.1 as the widget: the frame then shares the page's process and thread")
    parser.add_argument("--json", type=Path, default=None, help="write every run here")
    args = parser.parse_args()

    site = HostSite("127.0.0.1" if args.same_site else "localhost")
    scratch = Path(tempfile.mkdtemp(prefix="host-cost-"))
    variants: dict[str, Path] = {}
    if args.before:
        variants[f"before ({args.before})"] = export(args.before, scratch / "before")
    variants["this tree"] = ROOT
    widgets = {}
    driver = None
    try:
        for index, (name, resources) in enumerate(variants.items()):
            widgets[name] = Widget(resources, site.origin, str(scratch / f"data-{index}"))
            site.pages[f"/v{index}.html"] = host_page(
                "Acme tea shop", f'<script>{STUB}</script><script async src="{widgets[name].url}/embed.js"></script>'
            )
        ORIGINS.extend([site.origin, *(widget.url for widget in widgets.values())])
        site.pages["/none.html"] = host_page("Acme tea shop", "")
        urls = {"none": f"{site.origin}/none.html"} | {name: f"{site.origin}/v{i}.html" for i, name in enumerate(variants)}
        driver = make_driver()
        one_run(driver, urls["none"], 0.5, False)  # warms the browser and the servers; not counted
        runs: dict[str, list[dict]] = {name: [] for name in urls}
        cold: dict[str, list[dict]] = {name: [] for name in variants}
        for number in range(args.runs):
            # Back to back, the order turning each run, so no variant always follows the same one.
            order = list(urls)
            order = order[number % len(order):] + order[: number % len(order)]
            for name in order:
                runs[name].append(one_run(driver, urls[name], args.window, name != "none"))
                if name != "none":
                    cold[name].append(cold_click(driver, urls[name]))
            print(f"run {number + 1}/{args.runs} done", file=sys.stderr)
    finally:
        if driver is not None:
            driver.quit()
        for widget in widgets.values():
            widget.stop()
        site.stop()

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "Public"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    print(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, commit {commit}{' + uncommitted Public/' if dirty else ''}, "
          f"{platform.machine()} {os.cpu_count()} cores, {args.runs} runs per variant, window {args.window} s after load, "
          f"site {'same-site' if args.same_site else 'cross-site'} ({site.origin})")
    print()
    print("| page | blocking time (ms) | long tasks | CLS | LCP (ms) | load (ms) | KB by load | KB in window, page | KB in window, frame | frame starts (ms after load) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    base = {key: summary([run[key] for run in runs["none"]])[0] for key in ("tbt", "load", "lcp")}
    for name, results in runs.items():
        cells = []
        for key, digits in (("tbt", 1), ("longtasks", 0), ("cls", 4), ("lcp", 0), ("load", 0)):
            median, p90 = summary([run[key] for run in results])
            delta = f" ({median - base[key]:+.{digits}f})" if key in base and name != "none" else ""
            cells.append(f"{median:.{digits}f} / {p90:.{digits}f}{delta}")
        for key in ("bytes_by_load", "bytes", "frame_bytes"):
            median, p90 = summary([run[key] / 1024 for run in results])
            cells.append(f"{median:.1f} / {p90:.1f}")
        starts = [run["frame_after_load"] for run in results if run["frame_after_load"] is not None]
        cells.append(f"{summary(starts)[0]:.0f} / {summary(starts)[1]:.0f} ({len(starts)}/{len(results)})" if starts else "none")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print()
    print("| loader | click → usable composer, cold (ms) | composer focused | warm (ms) | composer focused |")
    print("|---|---|---|---|---|")
    for name in variants:
        row = [name]
        for clicks in (cold[name], [run["warm"] for run in runs[name]]):
            median, p90 = summary([click["ms"] for click in clicks])
            row += [f"{median:.0f} / {p90:.0f}", f"{sum(c['focused'] for c in clicks)}/{len(clicks)}"]
        print("| " + " | ".join(row) + " |")
    print()
    print("| loader, click at | frame's document starts (ms after the click) | its page ready | composer focused | usable (stream live) |")
    print("|---|---|---|---|---|")
    for name in variants:
        for moment, clicks in (("cold", cold[name]), ("warm", [run["warm"] for run in runs[name]])):
            cells = []
            for key in ("start_ms", "ready_ms", "focused_ms", "ms"):
                values = [click[key] for click in clicks if click[key] is not None]
                cells.append(f"{summary(values)[0]:.0f}" if values else "never")
            print(f"| {name}, {moment} | " + " | ".join(cells) + " |")
    print("(medians; negative: before the click)")
    print("\n(median / p90; in brackets the median's difference from the page without the widget)")
    if args.json:
        args.json.write_text(json.dumps({"runs": runs, "cold": cold}, indent=1))


if __name__ == "__main__":
    main()
