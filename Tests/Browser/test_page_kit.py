"""The page kit (`Public/shared/`): both servers serve it, and both pages run on it.

The widget server serves it with the rest of `Public/` at `/static/shared/`, the embedded service beside the
console at `/operator/shared/`. Each page imports it by relative URL, so a kit file that one server does not
serve leaves that page without its event stream, its requests or its connection line.
"""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO_ROOT, WAIT_TIMEOUT
from test_service_process import Process

KIT_SCRIPTS = ("events.js", "api.js", "composer-keys.js", "connection-status.js")
KIT_STYLES = ("theme.css", "base.css")

#: The paths of every file the page loaded (scripts, module imports, stylesheets).
LOADED_PATHS = "return performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);"

INDICATOR = (By.CSS_SELECTOR, "[data-connection]")
#: Seconds for the console's stream to come back after its service restarted: EventSource's own retry, or the
#: console's reopen backoff (1 s doubling to 15 s) when EventSource gave up while the service was down.
RECONNECT_TIMEOUT = WAIT_TIMEOUT + 15
BANNER = (By.CSS_SELECTOR, "[data-connection-banner]")


def kit_bases(server) -> dict[str, str]:
    """Where each server serves the kit."""
    parts = urllib.parse.urlsplit(server.console_url)
    return {
        "widget server": server.widget_url.rstrip("/") + "/static/shared/",
        "service": f"{parts.scheme}://{parts.netloc}/operator/shared/",
    }


def fetch(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read().decode("utf-8")


def set_offline(driver, offline: bool):
    driver.set_network_conditions(offline=offline, latency=0, download_throughput=-1, upload_throughput=-1)


def test_both_servers_serve_every_kit_file(server):
    for who, base in kit_bases(server).items():
        for name in KIT_SCRIPTS:
            status, content_type, text = fetch(base + name)
            assert status == 200 and "javascript" in content_type, f"{who}: {name} is {status} {content_type}"
            assert "export" in text, f"{who}: {name} exports nothing"
        for name in KIT_STYLES:
            status, content_type, _ = fetch(base + name)
            assert status == 200 and content_type.startswith("text/css"), f"{who}: {name} is {status} {content_type}"


def test_widget_runs_on_the_kit_and_its_banner_follows_the_stream(page, driver, wait):
    page.open("location=manual")
    loaded = set(driver.execute_script(LOADED_PATHS))
    missing = {f"/static/shared/{name}" for name in (*KIT_SCRIPTS, *KIT_STYLES)} - loaded
    assert missing == set(), f"the widget page did not load {sorted(missing)}"
    surface = driver.execute_script("return getComputedStyle(document.body).getPropertyValue('--kit-surface')")
    assert surface.strip() != "", "the kit's theme properties are not on the page"

    # The kit's ConnectionStatus, with the widget's strings and hidden while live.
    assert not driver.find_element(*BANNER).is_displayed()
    strings = json.loads((REPO_ROOT / "Public" / "i18n" / "en.json").read_text(encoding="utf-8"))
    set_offline(driver, True)
    try:
        banner = wait.until(EC.visibility_of_element_located(BANNER), "no banner while the network is down")
        state = banner.get_attribute("data-state")
        assert state in ("offline", "reconnecting") and banner.text == strings[state]
    finally:
        set_offline(driver, False)
    wait.until(EC.invisibility_of_element_located(BANNER), "the banner stayed after the network came back")


def test_console_runs_on_the_kit_and_its_indicator_follows_the_stream(tmp_path, driver, wait):
    # The service alone, so that the test can stop it under the console and start it again on its port.
    data = str(tmp_path / "service-data")
    service = Process("service", "--port", "0", "--data-dir", data)
    try:
        link = service.console_link()
        driver.get(link)
        wait.until(
            lambda d: d.find_element(*INDICATOR).get_attribute("data-state") == "live",
            "the console's event stream never went live",
        )
        loaded = set(driver.execute_script(LOADED_PATHS))
        missing = {f"/operator/shared/{name}" for name in (*KIT_SCRIPTS, *KIT_STYLES)} - loaded
        assert missing == set(), f"the console page did not load {sorted(missing)}"
        assert driver.find_element(*INDICATOR).text == "Live"

        # The kit's ConnectionStatus, with the console's labels and always shown, follows the kit's stream down...
        port = urllib.parse.urlsplit(link).port
        service.stop()
        # `reconnecting` while EventSource retries; `closed` when it gave up and the console waits to open it again.
        wait.until(
            lambda d: d.find_element(*INDICATOR).get_attribute("data-state") in ("reconnecting", "closed"),
            "the indicator never showed the lost stream",
        )
        assert driver.find_element(*INDICATOR).text == "Connection lost. Reconnecting…"
        assert driver.find_element(*INDICATOR).is_displayed()

        # ...and up again: the stream reopens by itself once the service is back on its port.
        service = Process("service", "--port", str(port), "--data-dir", data)
        service.url("Operator console")
        WebDriverWait(driver, RECONNECT_TIMEOUT).until(
            lambda d: d.find_element(*INDICATOR).get_attribute("data-state") == "live",
            "the stream never came back with the service",
        )
        assert driver.find_element(*INDICATOR).text == "Live"
    finally:
        service.stop()
