"""The configurator's State choice (`/preview?configure=1&state=NAME`): the chat service's named states
(`GET /preview/states`, the gallery's), one of which the configured frame is opened in, as the gallery opens its
frames; the state is in the configurator's address and never in the embed snippet or the `--preview-config` file."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_preview_configurator import FRAME_QUERY_JS, config_file, control, open_configurator, snippet, variant_of

STATE_MENU = "[data-configurator-state]"
#: Whether an element is in the frame and shown (not hidden, not in a hidden ancestor).
SHOWN_JS = "const e = document.querySelector(arguments[0]); return Boolean(e && !e.hidden && e.checkVisibility())"
#: The texts of the transcript's messages, by type.
MESSAGES_JS = """
return Array.from(document.querySelectorAll('[data-transcript-list] > .transcript-item'))
  .map((item) => [item.dataset.messageType, item.querySelector('[data-message-text]')?.textContent ?? '']);
"""
OFFLINE_FORM = "[data-offline-form]"
ONGOING_QUESTION = "Great, when will it arrive?"


def route_states(widget_url):
    with urllib.request.urlopen(widget_url.rstrip("/") + "/preview/states", timeout=10) as answer:
        return json.load(answer)["states"]


def menu(driver):
    return Select(driver.find_element(By.CSS_SELECTOR, STATE_MENU))


def frame_src(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-configurator-frame]").get_attribute("src")


def wait_in_frame(driver, wait, script, predicate, message, *arguments):
    """Runs `script` in the configured frame until `predicate` holds for its answer; the frame may be reloading, so
    the frame element is found afresh each time."""

    def check(d):
        d.switch_to.default_content()
        d.switch_to.frame(d.find_element(By.CSS_SELECTOR, "[data-configurator-frame]"))
        try:
            answer = d.execute_script(script, *arguments)
            return predicate(answer) and (answer if answer else True)
        finally:
            d.switch_to.default_content()

    return wait.until(check, message)


def frame_shows(driver, selector):
    driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "[data-configurator-frame]"))
    try:
        return driver.execute_script(SHOWN_JS, selector)
    finally:
        driver.switch_to.default_content()


def choose(driver, wait, name, location):
    """Chooses a state in the menu and waits for the frame to be opened at its location."""
    menu(driver).select_by_value(name)
    wait.until(lambda d: f"location={location}" in (d.execute_script(FRAME_QUERY_JS) or ""), f"the frame never opened {name}")


def test_the_menu_is_the_services_states_with_the_new_visitor_first_chosen(driver, wait, widget_url):
    """The State menu is labelled, lists every state of `/preview/states` by its caption, in its order, the new visitor
    chosen; that default opens the options' own location and names no state in the address; the hint says the state
    stays out of the snippet and the file."""
    states = route_states(widget_url)
    open_configurator(driver, wait, widget_url, "location=manual")
    element = wait.until(lambda d: (e := d.find_element(By.CSS_SELECTOR, STATE_MENU)).is_enabled() and e, "the menu stayed disabled")
    label = driver.find_element(By.CSS_SELECTOR, f"label[for='{element.get_attribute('id')}']")
    assert label.text == "State"
    options = menu(driver).options
    assert [o.get_attribute("value") for o in options] == [s["name"] for s in states]
    assert [o.text for o in options] == [s["caption"] + (" (default)" if s["name"] == "new-visitor" else "") for s in states]
    assert menu(driver).first_selected_option.get_attribute("value") == "new-visitor"
    described = " ".join(driver.find_element(By.ID, i).text for i in element.get_attribute("aria-describedby").split())
    assert "never in the snippet or the file" in described
    assert next(s["summary"] for s in states if s["name"] == "new-visitor") in described
    # The default state is the configurator as it was: the frame at the options' location, the address with no state.
    assert "state=" not in driver.current_url
    assert urllib.parse.parse_qs(driver.execute_script(FRAME_QUERY_JS)).get("location") == ["manual"]


def test_choosing_a_state_shows_it_in_the_frame_with_the_options_kept(driver, wait, widget_url):
    """"Offline" opens the frame at the offline location, where the offline form shows; "Ongoing chat" then shows its
    history and no offline form; the palette set before stays through both."""
    open_configurator(driver, wait, widget_url, "palette=green")
    wait_in_frame(driver, wait, "return document.body?.dataset.ready === 'true'", bool, "the frame never got ready")
    assert not frame_shows(driver, OFFLINE_FORM), "a new visitor's frame showed the offline form"

    choose(driver, wait, "offline", "offline")
    wait_in_frame(driver, wait, SHOWN_JS, bool, "the offline state never showed the offline form", OFFLINE_FORM)
    assert "palette=green" in driver.execute_script(FRAME_QUERY_JS)
    assert wait_in_frame(driver, wait, "return document.documentElement.dataset.palette", lambda v: v == "green", "palette") == "green"
    about = driver.find_element(By.CSS_SELECTOR, "[data-configurator-state-about]").text
    assert "offline form" in about

    choose(driver, wait, "ongoing", "state-ongoing")
    messages = wait_in_frame(
        driver, wait, MESSAGES_JS, lambda m: ["visitor", ONGOING_QUESTION] in m, "the ongoing chat's history never showed"
    )
    assert ["visitor", "Hello! Where is my order 12345?"] in messages
    assert any(kind == "operator" and text.startswith("Tomorrow between 10 and 14") for kind, text in messages), messages
    assert not frame_shows(driver, OFFLINE_FORM), "the offline form stayed in the ongoing chat"
    assert "palette=green" in driver.execute_script(FRAME_QUERY_JS)
    assert "location=state-ongoing" in frame_src(driver)


def test_the_address_carries_the_state_and_restores_it_but_the_outputs_do_not(driver, wait, widget_url):
    """The survey state on a phone in dark: the address names the state beside the variant, reopening it restores
    the menu and the frame; the snippet and the file have the options and nothing of the state."""
    open_configurator(driver, wait, widget_url, "dark=1", device="phone")
    choose(driver, wait, "survey-stars", "gallery-survey-stars")
    wait.until(lambda d: "state=survey-stars" in d.current_url, "the address never named the state")
    address = driver.find_element(By.CSS_SELECTOR, "[data-configurator-link]").get_attribute("value")
    assert address == driver.current_url
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(address).query)
    assert query["state"] == ["survey-stars"] and query["device"] == ["phone"]
    # The state is beside the options, not one of them.
    assert urllib.parse.parse_qs(variant_of(address)) == {"dark": ["1"]}
    for output in (snippet(driver), json.dumps(config_file(driver))):
        assert "survey" not in output and "state" not in output and "location" not in output, output
    assert 'data-dark="1"' in snippet(driver)
    assert config_file(driver)["variants"][0]["options"] == {"dark": True}

    driver.get("about:blank")
    driver.get(address)
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, STATE_MENU).is_enabled(), "the menu stayed disabled")
    assert menu(driver).first_selected_option.get_attribute("value") == "survey-stars"
    wait_in_frame(driver, wait, SHOWN_JS, bool, "the reopened frame never showed the survey", '[data-survey][data-survey-type="stars"]')
    assert wait_in_frame(driver, wait, "return document.documentElement.dataset.theme", bool, "theme") == "dark"
    assert wait_in_frame(driver, wait, "return innerWidth", lambda w: w == 390, "the phone's width") == 390
    assert "state=survey-stars" in driver.current_url


def test_back_to_the_new_visitor_the_state_leaves_the_frame_and_the_address(driver, wait, widget_url):
    """Choosing the default again (with the keyboard) opens the options' location and drops the state from the
    address."""
    open_configurator(driver, wait, widget_url, "location=manual")
    choose(driver, wait, "offline", "offline")
    wait.until(lambda d: "state=offline" in d.current_url, "the address never named the state")
    element = driver.find_element(By.CSS_SELECTOR, STATE_MENU)
    element.send_keys(Keys.HOME)
    wait.until(lambda d: menu(d).first_selected_option.get_attribute("value") == menu(d).options[0].get_attribute("value"), "Home chose nothing")
    # The service's first state is the gallery's default; one step down from it is the new visitor, as the file lists them.
    names = [o.get_attribute("value") for o in menu(driver).options]
    for _ in range(names.index("new-visitor")):
        element.send_keys(Keys.ARROW_DOWN)
    wait.until(lambda d: "location=manual" in (d.execute_script(FRAME_QUERY_JS) or ""), "the frame never went back to the option's location")
    wait.until(lambda d: "state=" not in d.current_url, "the state stayed in the address")
    assert "offline" not in driver.execute_script(FRAME_QUERY_JS)


def test_an_unknown_state_in_the_address_is_the_new_visitor_without_an_error(driver, wait, widget_url):
    """An address naming no such state (an old link) opens the default: no error on the page, the frame at the
    options' location, and the rewritten address without the unknown name."""
    query = {"configure": "1", "log": "off", "variant": "location=manual", "state": "nope"}
    driver.get(widget_url.rstrip("/") + "/preview?" + urllib.parse.urlencode(query))
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, STATE_MENU).is_enabled(), "the menu stayed disabled")
    wait.until(lambda d: d.execute_script(FRAME_QUERY_JS) is not None, "the configurator has no frame")
    assert menu(driver).first_selected_option.get_attribute("value") == "new-visitor"
    wait.until(lambda d: "state=" not in d.current_url, "the unknown state stayed in the address")
    assert not driver.find_element(By.CSS_SELECTOR, "[data-configurator-error]").is_displayed()
    assert urllib.parse.parse_qs(driver.execute_script(FRAME_QUERY_JS)) == {"location": ["manual"]}
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "configurator" in entry["message"]]
    assert errors == []


@pytest.mark.parametrize("server_args", [["--account", "http://127.0.0.1:9"]], ids=["service-down"])
def test_without_the_services_states_the_menu_is_disabled_and_says_why(driver, wait, widget_url):
    """A chat service with no named states (here none answers: 502 `states_unavailable`) leaves the menu disabled
    with the configurator's sentence why; the options still work and the address names no state."""
    query = {"configure": "1", "log": "off", "variant": "", "state": "offline"}
    driver.get(widget_url.rstrip("/") + "/preview?" + urllib.parse.urlencode(query))
    about = wait.until(
        lambda d: (e := d.find_element(By.CSS_SELECTOR, "[data-configurator-state-about]")).text and e, "no reason shown"
    )
    assert about.text == "No states to choose: the chat service gave none (it is unreachable, or a real account's, which has no fixtures)."
    assert not driver.find_element(By.CSS_SELECTOR, STATE_MENU).is_enabled()
    Select(control(driver, "palette")).select_by_value("green")
    wait.until(lambda d: "palette=green" in (d.execute_script(FRAME_QUERY_JS) or ""), "the options stopped working")
    assert "state=" not in driver.current_url
    assert "location" not in driver.execute_script(FRAME_QUERY_JS)
