"""The operator's requests and invitation on the page (issue 32): an action request shows a button the visitor
accepts once, and a proactive invitation shows a bar the visitor answers by writing or declines; a site's launcher
shows the invitation beside it."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from host_site import launcher_of
from test_embed import host, in_frame, panel_shown, wait_for_event  # noqa: F401 - `host` is the site fixture

import pytest

INVITATION = "Hi! I'm Irina. Can I help you find something?"


def test_an_action_request_is_accepted_once_with_its_button(page, driver, wait):
    page.open("location=requests")
    page.send("Hello")
    request = page.wait_text("actionRequest", "Shall we call you back?")
    button = wait.until(
        lambda d: request.find_element(By.CSS_SELECTOR, "[data-message-action-request] button"),
        "the action request never showed its button",
    )
    assert button.text == "Yes, please"
    # The contact request has its form, not this button; a person's message has neither.
    contacts = page.wait_text("contactInformationRequest", "Could you leave your name")
    assert contacts.find_elements(By.CSS_SELECTOR, "[data-message-action-request] button") == []
    greeting = page.wait_text("operator", "I'll gladly help.")
    assert not greeting.find_element(By.CSS_SELECTOR, "[data-message-action-request]").is_displayed()
    button.click()
    wait.until(
        lambda d: request.find_element(By.CSS_SELECTOR, "[data-message-action-request]").text
        == "Thank you! The operator will take it from here.",
        "no thanks after accepting",
    )
    assert request.find_elements(By.CSS_SELECTOR, "[data-message-action-request] button") == []
    page.wait_text("operator", "We will call you within a minute.")
    # The wire's text never shows: the bubble says only the operator's words.
    assert "{" not in page.text_of(request) and "action_request" not in request.text


def test_an_invitation_is_accepted_by_writing(page, driver, wait):
    page.open("location=invitation")
    page.wait_text("operator", INVITATION)
    bar = wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-invitation-bar]"),
        "the invitation bar never showed",
    )
    wait.until(lambda d: bar.is_displayed(), "the invitation bar stayed hidden")
    assert bar.text.startswith("Irina Invite invites you to chat.")
    # The bar answers the invitation; the header offers no second chat beside it.
    assert not driver.find_element(By.CSS_SELECTOR, "[data-chat-start]").is_displayed()
    page.send("Yes, a blue jacket")
    page.wait_text("operator", "Glad you wrote!")
    wait.until(lambda d: not bar.is_displayed(), "the bar stayed after the reply")


def test_an_invitation_is_declined_in_russian_and_not_made_again(page, driver, wait):
    page.open("location=invitation&locale=ru")
    page.wait_text("operator", INVITATION)
    bar = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-invitation-bar]"))
    wait.until(lambda d: bar.is_displayed(), "the invitation bar stayed hidden")
    assert bar.text.startswith("Вас приглашает в чат Irina Invite.")
    decline = bar.find_element(By.CSS_SELECTOR, "button")
    assert decline.text == "Нет, спасибо"
    decline.click()
    wait.until(lambda d: not bar.is_displayed(), "the bar stayed after declining")
    driver.refresh()
    page.wait_text("operator", INVITATION)
    # The declined chat is history: nothing invites again.
    assert len([item for item in page.items("operator") if INVITATION in page.text_of(item)]) == 1
    assert not driver.find_element(By.CSS_SELECTOR, "[data-invitation-bar]").is_displayed() if driver.find_elements(
        By.CSS_SELECTOR, "[data-invitation-bar]"
    ) else True


@pytest.fixture
def server_args(host) -> list[str]:
    return ["--embed-origins", host.origin]


def test_a_site_launcher_shows_the_invitation_and_opens_on_it(driver, wait, widget_url, host):
    driver.get(host.embedding_page(widget_url, {"location": "invitation"}))
    heard = wait_for_event(driver, wait, "invitation")
    assert heard == {"text": INVITATION, "sender": "Irina Invite"}
    teaser = driver.execute_script("return document.querySelector('[data-webim-widget]').shadowRoot.querySelector('.teaser')")
    wait.until(lambda d: teaser.is_displayed(), "the launcher never showed the invitation")
    assert teaser.text == f"Irina Invite: {INVITATION}"
    assert launcher_of(driver).is_displayed()
    teaser.click()
    wait_for_event(driver, wait, "open")
    assert panel_shown(driver)
    assert not teaser.is_displayed()
    in_frame(driver, wait)
    assert driver.find_element(By.CSS_SELECTOR, "[data-invitation-bar]").is_displayed()
