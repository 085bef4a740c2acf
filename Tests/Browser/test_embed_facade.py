"""The loader as a facade: on a site's page the launcher draws at once, and the chat's frame is made only when it is
wanted (the launcher pressed, hovered, focused; a command that needs the chat) or when the browser is idle after the
page's load. Commands made before wait for it, a returning visitor's launcher shows the unread count it remembered,
and consent (`consent=required`) still comes before anything exists for the visitor.

Every page here replaces `requestIdleCallback` before the loader runs, so the browser is never idle until the test
says it is (`becomeIdle()`): a page still busy. Nothing here is timed."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from host_site import frame_of, launcher_of, names
from test_embed import health, host, in_frame, panel_shown, server_args, wait_for_event  # noqa: F401 - fixtures

#: Run before embed.js: the browser never says it is idle; the test calls `becomeIdle()` to say so. The loader asks
#: a while after the load event, so `idleAsked` tells when it would have loaded at idle.
NEVER_IDLE = (
    "window.requestIdleCallback = (callback) => { window.idleAsked = true; window.becomeIdle = callback; return 1; };"
)

UNREAD_KEY = "webim-widget.unread"

COMPOSER_FOCUSED = (
    "return document.hasFocus() && document.activeElement?.matches('[data-composer-input]') === true"
)


def badge_text(driver) -> str | None:
    """The launcher's unread badge as shown, or None when it is hidden."""
    return driver.execute_script(
        "const badge = document.querySelector('[data-webim-widget]').shadowRoot.querySelector('.badge');"
        "return badge.checkVisibility() ? badge.textContent : null"
    )


def become_idle(driver, wait) -> None:
    """Once the loader has asked to hear of an idle moment (a while after the page's load), says the page is idle."""
    wait.until(lambda d: d.execute_script("return window.idleAsked === true"), "the loader never waited for idle")
    driver.execute_script("becomeIdle()")


def remembered(driver):
    return driver.execute_script("return localStorage.getItem(arguments[0])", UNREAD_KEY)


def test_no_frame_until_the_page_is_idle(driver, wait, widget_url, host):
    # The site's fields and a closed panel can wait for the chat: they load nothing.
    first = NEVER_IDLE + "WebimWidget('setCustomFields', {order: 'A-17'}); WebimWidget('close');"
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, first))
    assert launcher_of(driver) is not None
    # The loader asked to be told of an idle moment: until then, it has made no frame and heard nothing.
    wait.until(lambda d: d.execute_script("return window.idleAsked === true"), "the loader never waited for idle")
    assert frame_of(driver) is None
    assert names(driver) == []
    assert badge_text(driver) is None

    become_idle(driver, wait)
    wait_for_event(driver, wait, "ready")
    assert frame_of(driver) is not None and not panel_shown(driver)
    # The launcher is the frame's now: its words, its online status.
    wait_for_event(driver, wait, "onlineStatusChanged", lambda d: d["status"] == "online")
    assert "(Online)" in launcher_of(driver).get_attribute("aria-label")


@pytest.mark.parametrize("press", ["click", "keyboard"])
def test_a_press_on_the_launcher_makes_the_frame_and_lands_in_the_composer(driver, wait, widget_url, host, press):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, NEVER_IDLE))
    launcher = wait.until(lambda d: launcher_of(d))
    wait.until(lambda d: d.execute_script("return document.readyState === 'complete'"))
    assert frame_of(driver) is None
    if press == "click":
        ActionChains(driver).move_to_element(launcher).click().perform()
    else:
        # Tabbing to the launcher and pressing Enter, as a keyboard user does.
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        wait.until(lambda d: d.execute_script("return document.activeElement?.matches('[data-webim-widget]')"))
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for_event(driver, wait, "open")
    assert panel_shown(driver)
    assert launcher.get_attribute("aria-expanded") == "true"
    in_frame(driver, wait)
    wait.until(lambda d: d.execute_script(COMPOSER_FOCUSED), "the composer never took the focus")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))

    # Closed from inside the chat, the focus comes back to the launcher.
    driver.find_element(By.CSS_SELECTOR, "[data-embed-minimize]").click()
    driver.switch_to.default_content()
    wait_for_event(driver, wait, "close")
    wait.until(
        lambda d: d.execute_script(
            "const root = document.querySelector('[data-webim-widget]');"
            "return document.activeElement === root && root.shadowRoot.activeElement?.matches('button:not(.teaser)')"
        ),
        "the focus stayed in the closed chat",
    )


def test_commands_made_before_the_frame_run_once_it_is_ready(driver, wait, widget_url, host):
    first = NEVER_IDLE + "WebimWidget('prefill', 'Where is my tea?'); WebimWidget('open');"
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, first))
    wait_for_event(driver, wait, "ready")
    assert panel_shown(driver)
    in_frame(driver, wait)
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    wait.until(lambda d: composer.get_attribute("value") == "Where is my tea?", "the queued prefill never arrived")
    # Opened by the site, not by the visitor: the focus stays where the visitor has it.
    assert not driver.execute_script(COMPOSER_FOCUSED)


def test_a_returning_visitor_sees_the_remembered_unread_count_at_once(driver, wait, widget_url, host, operator_api):
    driver.get(host.embedding_page(widget_url, {"location": "manual"}))
    driver.execute_script("WebimWidget('open')")
    in_frame(driver, wait)
    driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").send_keys("Hello", Keys.ENTER)
    driver.switch_to.default_content()
    wait_for_event(driver, wait, "messageSent")
    assert remembered(driver) is None
    visitor = operator_api.visitor_id(wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    driver.execute_script("WebimWidget('close')")
    wait_for_event(driver, wait, "close")
    operator_api.visitor(visitor, "/messages", {"text": "Your tea ships today"})
    wait_for_event(driver, wait, "unreadChanged", lambda d: d["count"] == 1)
    assert remembered(driver) == "1"

    # The next page: the count is on the launcher before any frame exists, and stays once the frame tells it.
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, NEVER_IDLE))
    wait.until(lambda d: badge_text(d) == "1", "the remembered count never showed")
    assert frame_of(driver) is None
    become_idle(driver, wait)
    wait_for_event(driver, wait, "unreadChanged", lambda d: d["count"] == 1)
    assert badge_text(driver) == "1"

    # Read, nothing is remembered.
    driver.execute_script("WebimWidget('open')")
    wait_for_event(driver, wait, "unreadChanged", lambda d: d["count"] == 0)
    assert remembered(driver) is None and badge_text(driver) is None

    # A count remembered here but read elsewhere is put right once the frame knows.
    driver.execute_script("localStorage.setItem(arguments[0], '3')", UNREAD_KEY)
    driver.get(host.embedding_page(widget_url, {"location": "manual"}, NEVER_IDLE))
    wait.until(lambda d: badge_text(d) == "3", "the remembered count never showed")
    become_idle(driver, wait)
    wait_for_event(driver, wait, "unreadChanged", lambda d: d["count"] == 0)
    wait.until(lambda d: badge_text(d) is None, "the stale count stayed on the launcher")
    assert remembered(driver) is None


def test_a_first_visit_remembers_nothing_and_a_bad_record_shows_nothing(driver, wait, widget_url, host):
    page = host.embedding_page(widget_url, {"location": "manual"}, NEVER_IDLE)
    driver.get(page)
    wait.until(lambda d: launcher_of(d))
    assert badge_text(driver) is None
    become_idle(driver, wait)
    wait_for_event(driver, wait, "onlineStatusChanged")
    assert driver.execute_script("return localStorage.length") == 0
    for record, shown in (("not a number", None), ("-4", None), ("100000", "99+")):
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", UNREAD_KEY, record)
        driver.get(page)
        wait.until(lambda d: launcher_of(d))
        assert badge_text(driver) == shown, record


def test_consent_required_still_comes_first(driver, wait, widget_url, host, server):
    driver.get(host.embedding_page(widget_url, {"location": "manual", "consent": "required"}, NEVER_IDLE))
    wait.until(lambda d: d.execute_script("return window.idleAsked === true"), "the loader never waited for idle")
    assert frame_of(driver) is None
    assert driver.execute_script("return [localStorage.length, sessionStorage.length, document.cookie]") == [0, 0, ""]

    launcher = launcher_of(driver)
    ActionChains(driver).move_to_element(launcher).click().perform()
    ready = wait_for_event(driver, wait, "ready")
    assert ready["consent"] == "pending"
    in_frame(driver, wait)
    # The visitor who pressed the launcher is at the consent line: nothing exists for them yet.
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-consent-accept]")))
    wait.until(lambda d: d.execute_script("return document.activeElement?.matches('[data-consent-accept]')"))
    assert driver.execute_script("return [localStorage.length, sessionStorage.length]") == [0, 0]
    assert health(server)["tabs"] == 0

    # Agreed from the keyboard, they go on writing.
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))
    wait.until(lambda d: d.execute_script(COMPOSER_FOCUSED), "the composer never took the focus after consent")
    assert health(server)["tabs"] == 1
    assert driver.find_elements(By.CSS_SELECTOR, "[data-consent-accept]") == []
    driver.switch_to.default_content()
    assert driver.execute_script("return localStorage.getItem(arguments[0])", UNREAD_KEY) is None
