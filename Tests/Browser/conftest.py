"""Fixtures for the real-browser tests: the real `webim-widget` binary and headless Chromium.

The server runs in a fresh temporary data directory per test and is stopped by its own PID. On a
failing test the browser's screenshot, console log and page source go to `Tests/Browser/artifacts/`.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import urllib.parse
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

#: Seconds to wait for the server to print its URLs (a cold start migrates fresh databases).
STARTUP_TIMEOUT = 60
#: Seconds any single browser-side condition may take.
WAIT_TIMEOUT = 15

WIDGET_LINE = re.compile(r"^Webim widget:\s+(http://\S+)\s*$")
CONSOLE_LINE = re.compile(r"^Operator console:\s+(http://\S+)\s*$")
#: Printed instead of the token when standard output is not a terminal (a pipe here): where the token is kept.
TOKEN_FILE_LINE = re.compile(r"^Console token file:\s+(\S.*?)\s*$")


def _binary_path() -> Path:
    configured = os.environ.get("WEBIM_WIDGET_BIN")
    if configured:
        return Path(configured)
    swift = shutil.which("swift")
    if swift is None:
        pytest.fail("WEBIM_WIDGET_BIN is not set and `swift` is not on PATH", pytrace=False)
    result = subprocess.run(
        [swift, "build", "--show-bin-path"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"`swift build --show-bin-path` failed:\n{result.stderr}", pytrace=False)
    return Path(result.stdout.strip()) / "webim-widget"


def _safe_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item so fixtures can tell whether the test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


def split_console_link(link: str) -> tuple[str, str | None]:
    """The console page's URL without its query, and the `token` of that query (None when the server printed none).

    The server prints `Operator console:  http://host:port/operator?token=TOKEN`; every `/operator/api` route wants
    that token, as `Authorization: Bearer` or as the cookie the page gets when the link is opened. A server that
    printed no token (an older build) needs none.
    """
    parts = urllib.parse.urlsplit(link)
    token = urllib.parse.parse_qs(parts.query).get("token", [None])[0]
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, "", "")), token


def console_sign_in_link(console_url: str, token_file: str | None) -> str:
    """The link that signs a browser in to the console: the printed console URL with the token the server keeps in
    `token_file` (the server prints the token itself only to a terminal), or the URL as printed without a file."""
    if token_file is None:
        return console_url
    token = Path(token_file).read_text(encoding="utf-8").strip()
    return f"{console_url}?{urllib.parse.urlencode({'token': token})}"


class ServerProcess:
    """A running `webim-widget serve` and the URLs it printed."""

    def __init__(
        self, process: subprocess.Popen, widget_url: str, console_url: str, log_path: Path, data_dir: Path | None = None
    ):
        self.process = process
        self.widget_url = widget_url
        #: The console link with its token (read from the file the server named): opening it signs the browser in.
        self.console_link = console_url
        #: The console page without a query (`…/operator`), so that paths and queries can be appended to it.
        self.console_url, self.console_token = split_console_link(console_url)
        self.log_path = log_path
        #: The server's `--data-dir`; each tab's visitor data is in `widget/tabs/<tabId>` under it.
        self.data_dir = data_dir


def _pump_stdout(stream, lines: queue.Queue, log_file) -> None:
    """Copies the server's stdout to its log and hands each line to the waiting fixture."""
    for line in stream:
        log_file.write(line)
        log_file.flush()
        lines.put(line)
    lines.put(None)


@pytest.fixture
def server_args() -> list[str]:
    """Extra `serve` options. A module overrides this fixture (say, `--preview-config FILE`); one test gives its
    own with `@pytest.mark.parametrize("server_args", [[...]], ids=[...])`."""
    return []


@pytest.fixture
def server(request, tmp_path_factory, server_args) -> ServerProcess:
    """Starts the real server on free ports in a fresh data directory; stops it by PID afterwards."""
    binary = _binary_path()
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        pytest.fail(f"webim-widget binary not found at {binary} (build it or set WEBIM_WIDGET_BIN)", pytrace=False)

    data_dir = tmp_path_factory.mktemp("webim-widget-data")
    log_dir = tmp_path_factory.mktemp("webim-widget-log")
    stdout_log = open(log_dir / "stdout.log", "w", encoding="utf-8")
    stderr_log = open(log_dir / "stderr.log", "w", encoding="utf-8")
    process = subprocess.Popen(
        [
            str(binary),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--service-port",
            "0",
            "--data-dir",
            str(data_dir),
            *server_args,
        ],
        cwd=REPO_ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=stderr_log,
        text=True,
        bufsize=1,
    )
    lines: queue.Queue = queue.Queue()
    pump = threading.Thread(target=_pump_stdout, args=(process.stdout, lines, stdout_log), daemon=True)
    pump.start()

    def stop() -> None:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        pump.join(timeout=5)
        stdout_log.close()
        stderr_log.close()

    def server_logs() -> str:
        stdout_log.flush()
        stderr_log.flush()
        out = (log_dir / "stdout.log").read_text(encoding="utf-8", errors="replace")
        err = (log_dir / "stderr.log").read_text(encoding="utf-8", errors="replace")
        return f"--- stdout ---\n{out}\n--- stderr ---\n{err[-8000:]}"

    widget_url = console_url = token_file = None
    # With `--account` the widget talks to a chat service elsewhere, and there is no console of its own to wait for.
    has_console = "--account" not in server_args
    try:
        # The console's token comes as a file's path on the line after its URL, since stdout here is a pipe.
        while widget_url is None or has_console and (
            console_url is None or (token_file is None and "?token=" not in console_url)
        ):
            try:
                line = lines.get(timeout=STARTUP_TIMEOUT)
            except queue.Empty:
                pytest.fail(f"the server printed no URLs within {STARTUP_TIMEOUT} s\n{server_logs()}", pytrace=False)
            if line is None:
                process.wait(timeout=10)
                pytest.fail(
                    f"the server exited with status {process.returncode} before printing its URLs\n{server_logs()}",
                    pytrace=False,
                )
            if match := WIDGET_LINE.match(line):
                widget_url = match.group(1)
            elif match := CONSOLE_LINE.match(line):
                console_url = match.group(1)
            elif match := TOKEN_FILE_LINE.match(line):
                token_file = match.group(1)
    except BaseException:
        stop()
        raise

    console_link = console_sign_in_link(console_url, token_file) if has_console else None
    yield ServerProcess(process, widget_url, console_link, log_dir / "stderr.log", data_dir)

    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    still_running = process.poll() is None
    stop()
    if failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        base = ARTIFACTS / _safe_name(request.node.nodeid)
        shutil.copyfile(log_dir / "stdout.log", f"{base}.server-stdout.log")
        shutil.copyfile(log_dir / "stderr.log", f"{base}.server-stderr.log")
    if not still_running:
        pytest.fail(f"the server died during the test (status {process.returncode})\n{server_logs()}", pytrace=False)


@pytest.fixture
def widget_url(server: ServerProcess) -> str:
    """The widget page's URL on the running server."""
    return server.widget_url


def start_chromium(*extra_arguments: str):
    """Headless Debian Chromium through chromedriver, with `extra_arguments` (a `--user-data-dir`, say)."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            pytest.fail(f"{path} is missing: install Debian's chromium and chromium-driver", pytrace=False)

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--window-size=1024,768",
        "--disable-gpu",
        "--no-first-run",
        "--disable-extensions",
        *extra_arguments,
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


@pytest.fixture
def driver(request):
    """Headless Debian Chromium through chromedriver; saves evidence when the test fails."""
    browser = start_chromium()
    try:
        yield browser
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            _save_artifacts(browser, request.node.nodeid)
        browser.quit()


def _save_artifacts(browser, nodeid: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = ARTIFACTS / _safe_name(nodeid)
    try:
        browser.save_screenshot(f"{base}.png")
    except Exception as error:  # noqa: BLE001 - evidence is best effort, the test already failed
        Path(f"{base}.png.error.txt").write_text(repr(error), encoding="utf-8")
    try:
        entries = browser.get_log("browser")
        text = "\n".join(f"{entry['timestamp']} {entry['level']} {entry['message']}" for entry in entries)
        Path(f"{base}.console.log").write_text(text + "\n", encoding="utf-8")
    except Exception as error:  # noqa: BLE001
        Path(f"{base}.console.log").write_text(f"could not read the console log: {error!r}\n", encoding="utf-8")
    try:
        Path(f"{base}.html").write_text(browser.page_source, encoding="utf-8")
    except Exception:  # noqa: BLE001
        pass


@pytest.fixture
def wait(driver) -> WebDriverWait:
    """A WebDriverWait with the suite's timeout."""
    return WebDriverWait(driver, WAIT_TIMEOUT)


# --- The widget page's helpers (Tests/Browser/test_widget_*.py) -------------------------------

WIDGET_ITEMS_JS = """
const [type] = arguments;
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .filter((item) => type === null || item.dataset.messageType === type);
"""


class OperatorAPI:
    """The embedded service's operator console API, called over HTTP to play the operator.

    `token` is the console's (`ServerProcess.console_token`): sent as `Authorization: Bearer` on every call.
    """

    def __init__(self, console_url: str, token: str | None = None):
        self.base = console_url.split("/operator")[0] + "/operator/api"
        self.token = token

    def headers(self) -> dict[str, str]:
        """JSON, and the console token when the server has one."""
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def call(self, method: str, path: str, body=None):
        import json
        import urllib.request

        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=self.headers())
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode()
        return json.loads(text) if text else None

    def visitor_id(self, wait, location: str | None = None) -> str:
        """Waits until the service has a visitor with an open chat (at `location`) and returns its id."""

        def find(_):
            for chat in self.call("GET", "/chats"):
                if (location is None or chat["location"] == location) and chat.get("chat"):
                    return chat["visitorId"]
            return False

        return wait.until(find, "the service never listed the visitor's chat")

    def visitor(self, visitor_id: str, path: str, body=None, method: str = "POST"):
        return self.call(method, f"/visitors/{visitor_id}{path}", body)


class OtherDevice:
    """The same visitor on another device, speaking the Webim visitor protocol to the service directly.

    What it does reaches the widget page the way Webim delivers it: through the service's delta.
    """

    def __init__(self, operator_api: OperatorAPI, visitor_id: str, location: str):
        import json
        import urllib.parse
        import urllib.request

        self.base = operator_api.base.removesuffix("/operator/api")
        query = urllib.parse.urlencode(
            {"location": location, "device-id": "other-device", "platform": "web", "visitor": json.dumps({"id": visitor_id})}
        )
        with urllib.request.urlopen(f"{self.base}/l/v/m/init?{query}", timeout=10) as response:
            answer = json.loads(response.read().decode())
        assert "error" not in answer, f"init as the other device failed: {answer}"
        self.page = {"page-id": answer["fullUpdate"]["pageId"], "auth-token": answer["fullUpdate"]["authToken"]}
        #: What the service told this device at init (its `survey`, say).
        self.full_update = answer["fullUpdate"]

    def act(self, action: str, **fields):
        """Posts one protocol action (`sticker`, …) and returns the service's answer."""
        import json
        import urllib.parse
        import urllib.request

        body = urllib.parse.urlencode({"action": action, **fields, **self.page}).encode()
        request = urllib.request.Request(
            f"{self.base}/l/v/m/action", data=body, headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            answer = json.loads(response.read().decode())
        assert answer.get("result") == "ok", f"{action} failed: {answer}"
        return answer


@pytest.fixture
def operator_api(server) -> OperatorAPI:
    """The operator console API of the test's server."""
    return OperatorAPI(server.console_url, server.console_token)


#: The tab id of the visitor the page keeps for location `arguments[0]` (Public/js/kept-visitor.js): in
#: localStorage on a site, in sessionStorage on a kiosk or a named frame.
KEPT_TAB_JS = """
const key = 'webim-widget.chat.' + arguments[0];
for (const storage of [localStorage, sessionStorage]) {
  const text = storage.getItem(key);
  if (text) return JSON.parse(text).tabId;
}
return null;
"""

#: The whole record: `{tabId, credential, expires, visitorFields}`, or null.
KEPT_VISITOR_JS = """
const key = 'webim-widget.chat.' + arguments[0];
for (const storage of [localStorage, sessionStorage]) {
  const text = storage.getItem(key);
  if (text) return JSON.parse(text);
}
return null;
"""


def kept_tab(driver, location: str = "manual") -> str | None:
    """The tab id of the visitor the page keeps for `location`."""
    return driver.execute_script(KEPT_TAB_JS, location)


def kept_visitor(driver, location: str = "manual") -> dict | None:
    """The visitor record the page keeps for `location`."""
    return driver.execute_script(KEPT_VISITOR_JS, location)


class WidgetPage:
    """The widget page in the test's browser, with small helpers that wait on conditions."""

    def __init__(self, driver, wait, widget_url: str):
        self.driver = driver
        self.wait = wait
        self.url = widget_url.rstrip("/") + "/"

    def open(self, query: str = "location=manual"):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as EC

        self.driver.get(self.url + "?" + query)
        self.pass_attract_screen()
        self.wait.until(
            EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')),
            "the connection banner never reached data-state=live",
        )
        return self.composer()

    def pass_attract_screen(self):
        """On a kiosk page, touches the attract screen (the chat starts only then); elsewhere does nothing."""
        from selenium.webdriver.common.by import By

        self.wait.until(lambda d: d.execute_script("return document.body?.dataset.ready === 'true'"), "the page never got ready")
        start = self.driver.find_elements(By.CSS_SELECTOR, "[data-kiosk-attract]:not([hidden]) [data-kiosk-attract-start]")
        if start:
            start[0].click()

    def composer(self):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as EC

        return self.wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-composer-input]")))

    def items(self, type_: str | None = None):
        return self.driver.execute_script(WIDGET_ITEMS_JS, type_)

    def text_of(self, item) -> str:
        return self.driver.execute_script(
            "return arguments[0].querySelector('[data-message-text]').textContent", item
        )

    def wait_item(self, type_: str, predicate=lambda item: True, message: str = ""):
        """Waits for the first item of this type for which `predicate(item)` is true."""

        def find(_):
            for item in self.items(type_):
                try:
                    if predicate(item):
                        return item
                except Exception:  # noqa: BLE001 - a re-rendered element; look again
                    return False
            return False

        return self.wait.until(find, message or f"no {type_} item matched")

    def wait_text(self, type_: str, text: str):
        return self.wait_item(type_, lambda item: text in self.text_of(item), f"no {type_} item with {text!r}")

    def send(self, text: str):
        """Types `text` and presses Enter; returns the visitor item once the server has it."""
        from selenium.webdriver.common.keys import Keys

        composer = self.composer()
        composer.send_keys(text)
        composer.send_keys(Keys.ENTER)
        return self.wait_item(
            "visitor",
            lambda item: self.text_of(item) == text and item.get_attribute("data-send-status") == "sent"
            and bool(item.get_attribute("data-message-id")),
            f"the visitor message {text!r} was never sent",
        )

    def uncaught_errors(self):
        return [entry for entry in self.driver.get_log("browser") if "Uncaught" in entry["message"]]


@pytest.fixture
def page(driver, wait, widget_url) -> WidgetPage:
    """The widget page helper."""
    return WidgetPage(driver, wait, widget_url)
