"""The operator console (`/operator` on the embedded service) in real Chromium, beside the widget page.

One browser, two windows: the console and a visitor's widget page at the `manual` location (no bot,
so only the person at the console answers). Every wait is on a condition, never on time.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import OperatorAPI, OtherDevice
from console_pages import CONSOLE_MESSAGES, WIDGET_ITEMS, assert_no_script_errors, unique, windows  # noqa: F401


def test_operator_answers_a_visitor_from_the_console(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Is anyone there?")
    windows.visitor_writes(question)

    # The chat arrives over the console's event stream: the page was loaded before it existed.
    row = windows.select_chat_with_last(question)
    assert row.find_element(By.CSS_SELECTOR, "[data-chat-item]").get_attribute("aria-current") == "true"
    assert "in queue" in row.text

    answer = unique("Yes, how can I help?")
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    composer.click()
    composer.send_keys(answer)
    composer.send_keys(Keys.ENTER)

    wait.until(
        lambda d: d.execute_script(CONSOLE_MESSAGES, "operator", answer),
        "the console transcript never showed the answer",
    )
    # Sending joined the chat as the location's operator, and the focus stayed in the answer box.
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "[data-visitor-operator]"), "Console Operator"),
        "the panel does not name the operator who joined",
    )
    assert driver.switch_to.active_element == driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []

    windows.show_widget()
    reply = wait.until(
        lambda d: (d.execute_script(WIDGET_ITEMS, "operator", answer) or [False])[0],
        "the visitor's page never showed the operator's answer",
    )
    assert reply.find_element(By.CSS_SELECTOR, "[data-message-sender]").text == "Console Operator"
    assert_no_script_errors(driver)
    windows.show_console()
    assert_no_script_errors(driver)


def test_operator_sends_a_keyboard(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Which plan?")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)

    driver.find_element(By.CSS_SELECTOR, '[data-tool="keyboard"] > summary').click()
    builder = driver.find_element(By.CSS_SELECTOR, "[data-keyboard-builder]")
    first = builder.find_element(By.CSS_SELECTOR, "[data-keyboard-button-spec]")
    first.find_element(By.CSS_SELECTOR, '[data-field="id"]').send_keys("basic")
    first.find_element(By.CSS_SELECTOR, '[data-field="text"]').send_keys("Basic")
    builder.find_element(By.CSS_SELECTOR, "[data-keyboard-add-button]").click()
    second = builder.find_elements(By.CSS_SELECTOR, "[data-keyboard-button-spec]")[1]
    assert driver.switch_to.active_element == second.find_element(By.CSS_SELECTOR, '[data-field="id"]')
    second.find_element(By.CSS_SELECTOR, '[data-field="id"]').send_keys("pro")
    second.find_element(By.CSS_SELECTOR, '[data-field="text"]').send_keys("Pro")
    second.find_element(By.CSS_SELECTOR, '[data-field="url"]').send_keys("https://example.com/pro")
    builder.find_element(By.CSS_SELECTOR, "[data-keyboard-send]").click()

    keyboard = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "keyboard", None) or [False])[0],
        "the console transcript never showed the keyboard",
    )
    buttons = keyboard.find_elements(By.CSS_SELECTOR, "[data-keyboard-button]")
    assert [button.get_attribute("data-keyboard-button") for button in buttons] == ["basic", "pro"]
    assert buttons[0].text == "Basic"
    assert buttons[1].find_element(By.CSS_SELECTOR, "a").get_attribute("href") == "https://example.com/pro"
    state = keyboard.find_element(By.CSS_SELECTOR, "[data-keyboard-state]")
    assert state.get_attribute("data-keyboard-state") == "pending"
    # The builder starts over once the keyboard is sent.
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "[data-keyboard-button-spec]")) == 1)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []

    # The widget page has no keyboard view yet: the keyboard reaches it as a message of type keyboard.
    windows.show_widget()
    wait.until(
        lambda d: d.execute_script(WIDGET_ITEMS, "keyboard", None),
        "the visitor's page never received the keyboard message",
    )


def test_operator_bans_a_visitor(windows, driver, wait):
    windows.open_console()
    windows.open_widget(record_fatal_events=True)
    question = unique("Let me in")
    windows.visitor_writes(question)
    row = windows.select_chat_with_last(question)

    ban = driver.find_element(By.CSS_SELECTOR, '[data-visitor-panel] [data-action="ban"]')
    assert ban.text == "Ban visitor"
    ban.click()

    # The console marks the visitor banned, in the list and in the panel.
    wait.until(lambda d: row.get_attribute("data-banned") is not None, "the row was never marked banned")
    assert row.find_element(By.CSS_SELECTOR, '[data-chat-badge="banned"]').is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, '[data-visitor-badge="banned"]').is_displayed()
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, '[data-action="ban"]'), "Unban visitor"),
        "the ban button never offered to unban",
    )
    assert driver.switch_to.active_element == ban, "banning moved the focus"
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []

    # The visitor's core gets visitorBanned; the page shows its fatal state.
    windows.show_widget()
    banner = wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="failed"]')),
        "the visitor's page never showed the fatal state",
    )
    # In the page's own words for a banned visitor (the errors part), not the generic "not available".
    assert banner.text == "This chat is no longer available to you."
    # The chat it was in is not offered for closing, nor a new one for starting: the service would refuse both.
    for hook in ("chat-start", "chat-close"):
        assert not driver.find_element(By.CSS_SELECTOR, f"[data-{hook}]").is_displayed(), f"{hook} is still offered"
    # What the visitor wrote stays to be read, and nothing more goes: the composer and Send are off.
    assert not driver.find_element(By.CSS_SELECTOR, "[data-composer-input]").is_enabled()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-composer-send]").is_enabled()
    assert any(question in item.text for item in driver.find_elements(By.CSS_SELECTOR, "[data-message-type='visitor']"))
    fatal = driver.execute_script("return window.__fatalEvents")
    assert any("visitorBanned" in event for event in fatal), f"fatal events: {fatal}"


def test_operator_quotes_types_edits_and_deletes(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Can you quote me?")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)

    visitor_message = driver.execute_script(CONSOLE_MESSAGES, "visitor", question)[0]
    visitor_message.find_element(By.CSS_SELECTOR, '[data-message-action="quote"]').click()
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    assert driver.switch_to.active_element == composer
    chip = driver.find_element(By.CSS_SELECTOR, "[data-composer-chip]")
    assert chip.is_displayed() and question in chip.text

    # Typing shows on the visitor's page before anything is sent.
    composer.send_keys("Quoting you")
    windows.show_widget()
    wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-typing-indicator]")),
        "the visitor's page never showed the operator typing",
    )
    windows.show_console()
    answer = unique("Quoting you")
    composer.clear()
    composer.send_keys(answer)
    composer.send_keys(Keys.ENTER)
    sent = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "operator", answer) or [False])[0],
        "the quoting answer never showed in the console",
    )
    assert question in sent.find_element(By.CSS_SELECTOR, "[data-message-quote]").text
    assert not chip.is_displayed()

    windows.show_widget()
    wait.until(lambda d: d.execute_script(WIDGET_ITEMS, "operator", answer), "the visitor never got the answer")
    wait.until(
        EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-typing-indicator]")),
        "the typing indicator stayed after the answer",
    )

    # Edit: the message goes into the answer box; sending replaces its text on both sides.
    windows.show_console()
    sent.find_element(By.CSS_SELECTOR, '[data-message-action="edit"]').click()
    assert composer.get_attribute("value") == answer
    edited = unique("Edited answer")
    composer.clear()
    composer.send_keys(edited)
    composer.send_keys(Keys.ENTER)
    item = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "operator", edited) or [False])[0],
        "the edited text never showed in the console",
    )
    assert item.find_element(By.CSS_SELECTOR, "[data-message-edited]").is_displayed()
    windows.show_widget()
    wait.until(lambda d: d.execute_script(WIDGET_ITEMS, "operator", edited), "the visitor never saw the edit")

    # Delete: gone on both sides; the focus goes back to the answer box.
    windows.show_console()
    item.find_element(By.CSS_SELECTOR, '[data-message-action="delete"]').click()
    wait.until(
        lambda d: d.execute_script(CONSOLE_MESSAGES, "operator", edited) == [],
        "the deleted message stayed in the console",
    )
    assert driver.switch_to.active_element == composer
    windows.show_widget()
    wait.until(
        lambda d: d.execute_script(WIDGET_ITEMS, "operator", edited) == [],
        "the deleted message stayed on the visitor's page",
    )
    windows.show_console()
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []


def test_operator_sends_a_file_pauses_and_sets_status(windows, driver, wait, tmp_path):
    windows.open_console()
    windows.open_widget()
    question = unique("Send me the notes")
    windows.visitor_writes(question)
    row = windows.select_chat_with_last(question)

    notes = tmp_path / "notes.txt"
    # 1,550 bytes: a size that rounds differently to one decimal (1.5 kB) and to a whole number (2 kB).
    notes_text = "The notes you asked for.\n" * 62
    notes.write_text(notes_text, encoding="utf-8")
    driver.find_element(By.CSS_SELECTOR, '[data-tool="file"] > summary').click()
    driver.find_element(By.CSS_SELECTOR, "[data-file-input]").send_keys(str(notes))
    driver.find_element(By.CSS_SELECTOR, "[data-file-caption]").send_keys("Here you are")
    driver.find_element(By.CSS_SELECTOR, "[data-file-send]").click()
    item = wait.until(
        lambda d: (d.execute_script(CONSOLE_MESSAGES, "file_operator", None) or [False])[0],
        "the file message never showed in the console",
    )
    link = item.find_element(By.CSS_SELECTOR, "[data-file-link]")
    assert link.text == "notes.txt (2 kB)"
    assert "Here you are" in item.text
    body = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0]).then((r) => r.text()).then(done, (e) => done(String(e)));",
        link.get_attribute("href"),
    )
    assert body == notes_text
    windows.show_widget()
    shown = wait.until(
        lambda d: (d.execute_script(WIDGET_ITEMS, "fileFromOperator", None) or [False])[0],
        "the visitor's page never received the file message",
    )
    # The visitor sees the size the operator saw.
    wait.until(lambda d: "2 kB" in shown.text, "the visitor's page shows another size")

    # Pause the scenario: the list and the button say so.
    windows.show_console()
    driver.find_element(By.CSS_SELECTOR, '[data-action="pause"]').click()
    wait.until(lambda d: row.get_attribute("data-paused") is not None, "the row was never marked paused")
    assert row.find_element(By.CSS_SELECTOR, '[data-chat-badge="paused"]').is_displayed()
    wait.until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, '[data-action="pause"]'), "Resume scenario"))

    # Set the manual location offline from the bar.
    Select(driver.find_element(By.CSS_SELECTOR, "[data-status-location]")).select_by_value("manual")
    Select(driver.find_element(By.CSS_SELECTOR, "[data-status-value]")).select_by_value("offline")
    driver.find_element(By.CSS_SELECTOR, "[data-status-set]").click()
    wait.until(
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, "[data-status-current]"), "Now: offline"),
        "the bar never showed the new status",
    )
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []


def test_api_errors_are_shown(windows, driver, wait):
    windows.open_console()
    windows.open_widget()
    question = unique("Close me")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)

    driver.find_element(By.CSS_SELECTOR, '[data-action="close"]').click()
    wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, '[data-action="close"]').get_attribute("aria-disabled") == "true",
        "closing never disabled the close button",
    )
    # Answering a closed chat is refused by the service; the console says so instead of failing silently.
    composer = driver.find_element(By.CSS_SELECTOR, "[data-composer-input]")
    composer.send_keys("Too late")
    composer.send_keys(Keys.ENTER)
    alert = wait.until(
        EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-alert]")),
        "no error was shown for a refused answer",
    )
    assert alert.text.startswith("Send failed: no open chat")
    # Typing into a closed chat is not sent, so it raises no error of its own.
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-alert]")) == 1
    # The text is given back, so nothing the operator wrote is lost.
    assert composer.get_attribute("value") == "Too late"
    alert.find_element(By.CSS_SELECTOR, "[data-alert-dismiss]").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-alert]") == [], "the alert was not dismissed")


def test_operator_asks_for_contacts_and_starts_a_survey(windows, driver, wait, server):
    windows.open_console()
    windows.open_widget()
    question = unique("Can you call me back?")
    windows.visitor_writes(question)
    windows.select_chat_with_last(question)
    panel = driver.find_element(By.CSS_SELECTOR, "[data-visitor-panel]")
    visitor_id = panel.get_attribute("data-visitor-id")

    ask = panel.find_element(By.CSS_SELECTOR, '[data-action="contacts"]')
    wait.until(lambda d: ask.get_attribute("aria-disabled") == "false", "Ask for contacts stayed disabled")
    ask.click()
    # The request reaches the visitor as one: the widget draws its form, not a plain operator line.
    windows.show_widget()
    wait.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '[data-message-type="contactInformationRequest"]'),
        "the visitor's page never showed the contact request",
    )
    windows.show_console()
    offer = panel.find_element(By.CSS_SELECTOR, '[data-action="callback"]')
    offer.click()
    windows.show_widget()
    wait.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '[data-message-type="actionRequest"] [data-message-action-request] button'),
        "the visitor's page never showed the call-back offer with its button",
    )
    windows.show_console()
    # The visitor has a chat open: there is nobody to invite.
    assert panel.find_element(By.CSS_SELECTOR, '[data-action="invite"]').get_attribute("aria-disabled") == "true"
    panel.find_element(By.CSS_SELECTOR, '[data-action="survey"]').click()
    operator_api = OperatorAPI(server.console_url, server.console_token)

    def announced(_):
        survey = OtherDevice(operator_api, visitor_id, "manual").full_update.get("survey")
        return survey or False

    survey = wait.until(announced, "the service never had the survey")
    questions = survey["config"]["descriptor"]["forms"][0]["questions"]
    assert [question["type"] for question in questions] == ["stars", "radio", "comment"]

    # Once the chat is closed, the operator may invite the visitor back; the page shows the invitation's bar.
    panel.find_element(By.CSS_SELECTOR, '[data-action="close"]').click()
    invite = panel.find_element(By.CSS_SELECTOR, '[data-action="invite"]')
    wait.until(lambda d: invite.get_attribute("aria-disabled") == "false", "Invite to chat stayed disabled")
    invite.click()
    wait.until(lambda d: "invited" in panel.text, "the console never showed the invitation's state")
    windows.show_widget()
    wait.until(
        lambda d: any(bar.is_displayed() for bar in d.find_elements(By.CSS_SELECTOR, "[data-invitation-bar]")),
        "the visitor's page never showed the invitation",
    )
    windows.show_console()
    assert driver.find_elements(By.CSS_SELECTOR, "[data-alert]") == []
    assert_no_script_errors(driver)
