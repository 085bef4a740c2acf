"""The real page in headless Chromium, through nginx in front of two widget servers: the server that holds its tab
is SIGKILLed mid-conversation, and the page carries on on the other one with its visitor credential. Same chat,
nothing lost, nothing shown or stored twice, the messages in the order the visitor wrote them.

A module of its own: it kills a server, so it gets a deployment of its own (the `cluster` fixture is per module)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from cluster_stack import PUBLIC_HOST, Cluster

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ARTIFACTS = Path(__file__).resolve().parent.parent / "Browser" / "artifacts"

#: The visitor the page keeps at `manual` (Public/js/kept-visitor.js): `{tabId, credential, …}`.
KEPT_JS = "const text = localStorage.getItem('webim-widget.chat.manual'); return text ? JSON.parse(text) : null;"

ITEMS_JS = """
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .filter((item) => item.dataset.messageType === 'visitor')
  .map((item) => [item.querySelector('[data-message-text]').textContent, item.dataset.sendStatus]);
"""


@pytest.fixture
def driver(request, cluster: Cluster):
    """Headless Chromium that finds the deployment's public name on loopback; saves evidence on a failure."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1024,768",
                     "--disable-gpu", "--no-first-run", "--disable-extensions",
                     f"--host-resolver-rules=MAP {PUBLIC_HOST} 127.0.0.1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield browser
    finally:
        if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(ARTIFACTS / "cluster-hand-over.png"))
            (ARTIFACTS / "cluster-hand-over.console.log").write_text(
                "\n".join(entry["message"] for entry in browser.get_log("browser"))
            )
        browser.quit()


def visitor_items(driver) -> list[tuple[str, str]]:
    return [tuple(item) for item in driver.execute_script(ITEMS_JS)]


def send(driver, wait, text: str) -> None:
    composer = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-composer-input]"))
    composer.send_keys(text)
    composer.send_keys(Keys.ENTER)


def console_texts(console: str) -> list[list[str]]:
    """Each chat's message texts, as the service keeps them."""
    base, token = console.split("/operator?token=")
    request = urllib.request.Request(f"{base}/operator/api/chats", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=15) as answer:
        chats = json.load(answer)
    return [[m.get("text") for m in (chat.get("chat") or {}).get("messages", [])] for chat in chats]


def holder(cluster: Cluster, tab: str, dead: int | None = None) -> int:
    """The index of the widget server that holds `tab` (the one that knows it), asking all but `dead`."""
    held = [index for index, base in enumerate(cluster.widgets)
            if index != dead and cluster.call("GET", f"/api/tabs/{tab}/limits", base=base).status == 200]
    assert len(held) == 1, f"tab held by {held}"
    return held[0]


def test_the_page_carries_on_on_another_server_when_its_server_dies(cluster: Cluster, driver):
    wait = WebDriverWait(driver, 30)
    console = next(child for child in cluster.children if child.name == "service").console_link()
    driver.get(f"{cluster.origin}/?location=manual")
    send(driver, wait, "Before the fall")
    wait.until(lambda d: ("Before the fall", "sent") in visitor_items(d), "the first message was never sent")
    tab = driver.execute_script(KEPT_JS)["tabId"]
    wait.until(lambda d: (d.execute_script(KEPT_JS) or {}).get("credential"),
               "the page never kept a credential")

    first = holder(cluster, tab)
    victim = next(child for child in cluster.children if child.name == f"widget {first + 1}")
    victim.process.kill()
    victim.process.wait()
    # Written while its server is gone: the page keeps it `sending` and sends it where the tab lives next.
    send(driver, wait, "While it was down")
    wait.until(lambda d: d.execute_script(
        "return document.querySelector('[data-connection-banner]')?.dataset.state") == "live",
        "the page never went live again")
    send(driver, wait, "After the fall")
    wait.until(lambda d: all(status == "sent" for _, status in visitor_items(d)) and len(visitor_items(d)) == 3,
               f"not every message was sent: {visitor_items(driver)}")

    assert driver.execute_script(KEPT_JS)["tabId"] == tab, "the page began a new tab"
    assert holder(cluster, tab, dead=first) != first
    shown = [text for text, _ in visitor_items(driver)]
    assert shown == ["Before the fall", "While it was down", "After the fall"], f"the transcript shows {shown}"
    assert driver.find_elements(By.CSS_SELECTOR, '[data-send-status="failed"]') == []

    def stored(_):
        chats = [texts for texts in console_texts(console) if "Before the fall" in texts]
        return chats if chats and "After the fall" in chats[0] else False

    chats = wait.until(stored, "the service never had the messages")
    assert len(chats) == 1, f"the visitor's messages are in {len(chats)} chats"
    visitor = [text for text in chats[0] if text in ("Before the fall", "While it was down", "After the fall")]
    assert visitor == ["Before the fall", "While it was down", "After the fall"], f"the service keeps {visitor}"
    assert [entry for entry in driver.get_log("browser") if "Uncaught" in entry["message"]] == []
    # What the visitor sees after the hand-over, for a person to look at.
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / "cluster-hand-over-after.png"))
