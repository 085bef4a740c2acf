"""Kiosk mode (a visitor at a shared touch screen): the idle reset, "Start new chat", inert links, touch sizes.

Short idle times come from the query (`idle=`, `countdown=`); the tests wait for DOM state, never for time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

#: A kiosk keeps its visitor (tab id and the credential a server sealed for it) in session storage alone.
TAB_KEY = "webim-widget.chat.manual"
COUNTDOWN = (By.CSS_SELECTOR, "[data-kiosk-countdown]")


KEPT_JS = "const text = sessionStorage.getItem(arguments[0]); return text ? JSON.parse(text) : null;"


def remembered_tab(driver) -> str | None:
    return (driver.execute_script(KEPT_JS, TAB_KEY) or {}).get("tabId")


def remembered_credential(wait) -> str:
    """The credential the page keeps for its tab, once its stream has sent one."""
    return wait.until(
        lambda d: (d.execute_script(KEPT_JS, TAB_KEY) or {}).get("credential"),
        "the page never kept a visitor credential",
    )


def tab_folder(server, tab_id: str) -> Path:
    """Where the server keeps one tab's visitor data (Sources/WidgetServer/Routes/TabController.swift)."""
    return Path(server.data_dir) / "widget" / "tabs" / tab_id


def open_kiosk_chat(page, operator_api, query: str, text: str = "Hello from the kiosk") -> tuple[str, str]:
    """Opens a kiosk page at the manual location, sends one message; returns (tab id, visitor id)."""
    page.open("location=manual&mode=kiosk&" + query)
    tab_id = remembered_tab(page.driver)
    assert tab_id, "the page remembered no tab id"
    page.send(text)
    visitor = operator_api.visitor_id(page.wait, "manual")
    return tab_id, visitor


def wait_for_new_tab(page, old_tab: str) -> str:
    """Waits until the page runs on a different tab than `old_tab` and is live again; returns its id."""
    new_tab = page.wait.until(
        lambda d: (tab := remembered_tab(d)) not in (None, old_tab) and tab,
        "the page never moved to a new tab",
    )
    page.wait.until(
        EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')),
        "the new tab never went live",
    )
    return new_tab


def wait_for_attract_screen(page):
    """Waits until a fresh page shows its attract screen over a chat that has not started."""
    page.wait.until(
        lambda d: d.execute_script(
            "return document.body.dataset.ready === 'true' && !document.body.dataset.kioskResetting"
            " && !document.querySelector('[data-kiosk-attract]').hidden"
            " && document.querySelector('.widget-frame').inert"
        ),
        "the attract screen never came back",
    )


def assert_nothing_of_the_old_visitor(page, server, old_tab: str, old_credential: str):
    assert page.items() == [], "the transcript still shows messages"
    assert page.composer().get_attribute("value") == "", "the composer kept a draft"
    assert not page.driver.find_element(By.CSS_SELECTOR, "[data-composer-chip]").is_displayed()
    # The viewer exists once an image was opened; closed or never made, it shows nothing.
    assert page.driver.execute_script("return document.querySelector('[data-lightbox]')?.open ?? false") is False
    assert page.driver.execute_script("return localStorage.length") == 0
    stored = sorted(page.driver.execute_script("return Object.keys(sessionStorage)"))
    assert stored == [TAB_KEY], f"session storage holds more than the new tab: {stored}"
    # The old visitor's credential would continue their chat on any server: only the new tab's may be kept.
    credential = (page.driver.execute_script(KEPT_JS, TAB_KEY) or {}).get("credential")
    assert credential != old_credential, "the old visitor's credential is still kept"
    assert not tab_folder(server, old_tab).exists(), "the old tab's data folder is still on the server"


def other_visitor(operator_api, wait, old_visitor: str) -> str:
    """Waits until the service lists a chat at `manual` from a visitor other than `old_visitor`."""

    def find(_):
        for chat in operator_api.call("GET", "/chats"):
            if chat["location"] == "manual" and chat.get("chat") and chat["visitorId"] != old_visitor:
                return chat["visitorId"]
        return False

    return wait.until(find, "no chat from a new visitor")


def test_kiosk_idle_reset_erases_the_visitor(page, server, operator_api, driver, wait):
    old_tab, old_visitor = open_kiosk_chat(page, operator_api, "idle=3&countdown=2")
    old_credential = remembered_credential(wait)
    assert tab_folder(server, old_tab).is_dir(), "the tab keeps no data folder; the check below would prove nothing"

    countdown = wait.until(EC.visibility_of_element_located(COUNTDOWN), "no countdown after the idle time")
    seconds = countdown.find_element(By.CSS_SELECTOR, "[data-kiosk-seconds]")
    shown = driver.execute_script("return [arguments[0].textContent, document.body.dataset.kioskResetting, performance.now()]", seconds)
    assert shown[0].split()[0] in {"1", "2"}, f"the countdown shows {shown!r}"

    # The reset ends on the attract screen, from a fresh page that holds no visitor at all until the next one touches.
    wait_for_attract_screen(page)
    assert page.items() == [], "the transcript under the attract screen still shows messages"
    assert driver.execute_script("return localStorage.length + sessionStorage.length") == 0
    assert not tab_folder(server, old_tab).exists(), "the old tab's data folder is still on the server"
    page.pass_attract_screen()
    wait_for_new_tab(page, old_tab)
    assert_nothing_of_the_old_visitor(page, server, old_tab, old_credential)

    page.send("A new visitor here")
    assert other_visitor(operator_api, wait, old_visitor) != old_visitor
    assert len(driver.window_handles) == 1
    assert page.uncaught_errors() == []


def test_kiosk_input_during_the_countdown_cancels_it(page, operator_api, driver, wait):
    # The countdown is long enough that only a failure to cancel it could reset the chat during the test.
    old_tab, _ = open_kiosk_chat(page, operator_api, "idle=2&countdown=600")
    wait.until(EC.visibility_of_element_located(COUNTDOWN), "no countdown after the idle time")

    # A script's event is not a visitor: it must not keep the chat alive.
    driver.execute_script("document.body.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}))")
    assert driver.find_element(*COUNTDOWN).is_displayed(), "a synthetic event cancelled the countdown"

    ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, "[data-kiosk-countdown] .kiosk-overlay-hint")).click().perform()
    wait.until(EC.invisibility_of_element_located(COUNTDOWN), "a touch did not cancel the countdown")
    assert remembered_tab(driver) == old_tab
    page.wait_text("visitor", "Hello from the kiosk")

    # The idle wait starts over: the countdown comes back, so the touch restarted the timer, not stopped it.
    wait.until(EC.visibility_of_element_located(COUNTDOWN), "the idle timer did not start over")
    driver.find_element(By.CSS_SELECTOR, "[data-kiosk-continue]").click()
    wait.until(EC.invisibility_of_element_located(COUNTDOWN), "Keep chatting did not cancel the countdown")
    assert remembered_tab(driver) == old_tab
    assert page.uncaught_errors() == []


def test_kiosk_start_new_chat_resets_at_once(page, server, operator_api, driver, wait):
    old_tab, old_visitor = open_kiosk_chat(page, operator_api, "")
    old_credential = remembered_credential(wait)
    operator_api.visitor(old_visitor, "/join", {})
    operator_api.visitor(old_visitor, "/messages", {"text": "Which one?"})
    item = page.wait_text("operator", "Which one?")
    item.find_element(By.CSS_SELECTOR, '[data-action="reply"]').click()
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-composer-chip]")))
    page.composer().send_keys("an unsent draft")

    new_chat = driver.find_element(By.CSS_SELECTOR, "[data-kiosk-new]")
    new_chat.click()
    confirm = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-kiosk-confirm]")))
    # "Keep chatting" backs out and changes nothing.
    confirm.find_element(By.CSS_SELECTOR, "[data-kiosk-confirm-no]").click()
    wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-kiosk-confirm]")))
    assert page.composer().get_attribute("value") == "an unsent draft"

    new_chat.click()
    yes = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-kiosk-confirm-yes]")))
    assert yes.size["height"] >= 88, "the confirmation is not one big tap"
    yes.click()

    wait_for_new_tab(page, old_tab)
    assert_nothing_of_the_old_visitor(page, server, old_tab, old_credential)
    page.send("Next visitor")
    other_visitor(operator_api, wait, old_visitor)
    assert page.uncaught_errors() == []


def test_kiosk_links_do_not_navigate(page, operator_api, driver, wait):
    _, visitor = open_kiosk_chat(page, operator_api, "")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "See https://example.com/offers for more"})
    item = page.wait_text("operator", "https://example.com/offers")
    url = driver.current_url

    # Records, after every handler of the page ran, whether each click on a link was stopped.
    driver.execute_script(
        "window.linkClicks = [];"
        "window.addEventListener('click', (e) => { if (e.target.closest('a')) window.linkClicks.push(e.defaultPrevented); });"
    )
    link = item.find_element(By.CSS_SELECTOR, "a.transcript-link")
    link.click()
    ActionChains(driver).key_down(Keys.CONTROL).click(link).key_up(Keys.CONTROL).perform()  # a new tab, normally
    clicks = wait.until(lambda d: (c := d.execute_script("return window.linkClicks")) and len(c) == 2 and c)
    assert clicks == [True, True], "a link click went through"
    assert driver.execute_script("return window.open('https://example.com/') === null")
    assert driver.current_url == url
    assert len(driver.window_handles) == 1
    assert page.uncaught_errors() == []


TARGETS_JS = """
const targets = document.querySelectorAll('button, a[href], input, textarea, select, label.composer-attach, [role="button"]');
return Array.from(targets)
  .filter((node) => node.checkVisibility())
  .map((node) => ({node, rect: node.getBoundingClientRect()}))
  // A visually hidden control (1 px, clipped) is reached through its label, which is measured instead.
  .filter(({rect}) => rect.width > 1 && rect.height > 1)
  .map(({node, rect}) => ({
    what: node.outerHTML.slice(0, 80), width: rect.width, height: rect.height,
  }));
"""


def test_kiosk_touch_targets_and_input_font(page, operator_api, driver, wait):
    _, visitor = open_kiosk_chat(page, operator_api, "")
    operator_api.visitor(visitor, "/join", {})
    operator_api.visitor(visitor, "/messages", {"text": "Details: https://example.com/a"})
    page.wait_text("operator", "https://example.com/a")

    targets = driver.execute_script(TARGETS_JS)
    assert len(targets) >= 5, f"too few controls measured: {targets}"
    # Layout can land on fractions of a pixel (43.99997); a hundredth of a pixel is no smaller target.
    small = [t for t in targets if min(t["width"], t["height"]) < 44 - 0.01]
    assert small == [], f"controls smaller than 44 x 44 px: {small}"

    composer = page.composer()
    font = driver.execute_script("return parseFloat(getComputedStyle(arguments[0]).fontSize)", composer)
    assert font >= 16
    assert composer.get_attribute("enterkeyhint") == "send"
    remembering = driver.execute_script(
        "return Array.from(document.querySelectorAll('input:not([type=file]):not([type=radio]), textarea'))"
        ".filter((field) => field.getAttribute('autocomplete') !== 'off').map((field) => field.name)"
    )
    assert remembering == [], f"fields that may offer one visitor's entries to the next: {remembering}"


@pytest.mark.parametrize("server_args", [["--kiosk", "--kiosk-allowed-hosts", "127.0.0.1"]], ids=["serve-kiosk"])
def test_serve_kiosk_forces_kiosk_and_allows_listed_hosts_in_this_window(page, server, operator_api, driver, wait):
    page.open("location=manual&mode=widget")
    assert driver.execute_script("return document.body.dataset.mode") == "kiosk", "--kiosk did not force kiosk mode"
    page.send("Where can I read more?")
    visitor = operator_api.visitor_id(wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    allowed = server.widget_url.rstrip("/") + "/healthz"
    operator_api.visitor(visitor, "/messages", {"text": f"Not https://example.com/x but {allowed}"})
    item = page.wait_text("operator", allowed)
    links = item.find_elements(By.CSS_SELECTOR, "a.transcript-link")
    # A new bubble fades in, and WebDriver reads no text from an element that is still transparent.
    wait.until(lambda _: [link.text for link in links] == ["https://example.com/x", allowed], "the links never showed")
    url = driver.current_url

    driver.execute_script(
        "window.linkClicks = [];"
        "window.addEventListener('click', (e) => { if (e.target.closest('a')) window.linkClicks.push(e.defaultPrevented); });"
    )
    links[0].click()
    wait.until(lambda d: d.execute_script("return window.linkClicks.length") == 1)
    assert driver.current_url == url, "a link to a host not in --kiosk-allowed-hosts navigated"

    links[1].click()
    wait.until(EC.url_to_be(allowed), "a link to an allowed host did not open")
    assert len(driver.window_handles) == 1, "the allowed link opened a new window"
