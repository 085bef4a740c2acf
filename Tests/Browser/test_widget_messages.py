"""Every message type the widget page renders, played by the operator console API and scenarios."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC


def start_chat(page, query):
    """Opens the page and presses Start chat, so the location's scenario begins."""
    page.open(query)
    page.wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-chat-start]"))).click()


def start_manual_chat(page, operator_api, text="Hello"):
    page.open("location=manual")
    page.send(text)
    visitor = operator_api.visitor_id(page.wait, "manual")
    operator_api.visitor(visitor, "/join", {})
    return visitor


def test_operator_info_busy_and_contact_request_messages(page, operator_api, driver):
    visitor = start_manual_chat(page, operator_api)
    for kind, text in (("operator", "Operator text"), ("info", "An info line"), ("operator_busy", "All busy")):
        operator_api.visitor(visitor, "/messages", {"text": text, "kind": kind})
    operator_api.visitor(visitor, "/messages", {"text": "Your phone?", "kind": "cont_req"})

    reply = page.wait_text("operator", "Operator text")
    assert reply.get_attribute("data-message-kind") == "operator"
    assert reply.find_element(By.CSS_SELECTOR, "[data-message-sender]").text == "Console Operator"
    info = page.wait_text("info", "An info line")
    assert info.get_attribute("data-message-kind") == "system"
    busy = page.wait_text("operatorBusy", "All busy")
    assert busy.get_attribute("data-message-kind") == "system"
    page.wait_item("contactInformationRequest", message="no contact request rendered")

    # One date separator ("Today") above the first message, none above later ones of the same day.
    dates = [d for d in driver.find_elements(By.CSS_SELECTOR, "[data-message-date]") if d.is_displayed()]
    assert [d.text for d in dates] == ["Today"]
    assert page.uncaught_errors() == []


def test_operator_edit_and_delete_show_in_the_transcript(page, operator_api):
    visitor = start_manual_chat(page, operator_api)
    answer = operator_api.visitor(visitor, "/messages", {"text": "First version"})
    item = page.wait_text("operator", "First version")
    assert not item.find_element(By.CSS_SELECTOR, "[data-message-edited]").is_displayed()

    operator_api.visitor(visitor, f"/messages/{answer['messageId']}", {"text": "Second version"}, method="PATCH")
    page.wait.until(lambda d: page.text_of(item) == "Second version", "the edit never showed")
    page.wait.until(lambda d: item.find_element(By.CSS_SELECTOR, "[data-message-edited]").is_displayed())

    operator_api.visitor(visitor, f"/messages/{answer['messageId']}", method="DELETE")
    page.wait.until(EC.staleness_of(item), "the deleted message stayed")


def test_read_ticks_on_the_visitors_own_messages(page, operator_api):
    visitor = start_manual_chat(page, operator_api, "Please read me")
    item = page.items("visitor")[0]
    ticks = item.find_element(By.CSS_SELECTOR, "[data-message-ticks]")
    page.wait.until(lambda d: ticks.is_displayed())
    operator_api.visitor(visitor, "/read", {})
    page.wait.until(lambda d: ticks.get_attribute("data-read") == "true", "the read tick never showed")
    assert ticks.text == "✓✓" and ticks.get_attribute("aria-label") == "Read"


def test_operator_files_image_thumbnail_lightbox_and_download_card(page, driver):
    start_chat(page, "location=files")
    image = page.wait_item(
        "fileFromOperator",
        lambda item: item.find_elements(By.CSS_SELECTOR, "[data-file-open] img"),
        "no image thumbnail",
    )
    card = page.wait_item(
        "fileFromOperator", lambda item: item.find_elements(By.CSS_SELECTOR, "a[data-file-link]"), "no file card"
    )
    link = card.find_element(By.CSS_SELECTOR, "a[data-file-link]")
    assert "manual.pdf" in link.text and link.get_attribute("download") == "manual.pdf"
    assert link.get_attribute("href").startswith(page.url)
    assert "application/pdf" in link.text

    thumb = image.find_element(By.CSS_SELECTOR, "[data-file-open]")
    page.wait.until(lambda d: d.execute_script("return arguments[0].querySelector('img').naturalWidth > 0", thumb))
    thumb.click()
    lightbox = page.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-lightbox]")))
    page.wait.until(
        lambda d: d.execute_script("return document.querySelector('[data-lightbox-image]').naturalWidth > 0")
    )
    from selenium.webdriver.common.keys import Keys

    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    page.wait.until(EC.invisibility_of_element(lightbox))
    assert driver.switch_to.active_element == thumb


def test_keyboards_pending_completed_canceled_and_buttons(page, driver):
    start_chat(page, "location=bot-keyboards")
    completed = page.wait_item(
        "keyboard", lambda i: i.find_element(By.CSS_SELECTOR, "[data-message-keyboard]").get_attribute("data-keyboard-state") == "completed"
    )
    chosen = completed.find_element(By.CSS_SELECTOR, "[data-selected]")
    assert chosen.get_attribute("data-button-id") == "yes" and chosen.get_attribute("aria-disabled") == "true"
    canceled = page.wait_item(
        "keyboard", lambda i: i.find_element(By.CSS_SELECTOR, "[data-message-keyboard]").get_attribute("data-keyboard-state") == "canceled"
    )
    assert all(
        b.get_attribute("aria-disabled") == "true" for b in canceled.find_elements(By.CSS_SELECTOR, "button[data-button-id]")
    )
    menu = page.wait_item("keyboard", lambda i: i.find_elements(By.CSS_SELECTOR, '[data-button-id="orders"]'))
    site = menu.find_element(By.CSS_SELECTOR, 'a[data-button-id="site"]')
    assert site.get_attribute("href") == "https://webim.ru/" and site.get_attribute("rel") == "noopener noreferrer"
    assert site.get_attribute("target") == "_blank"
    assert menu.find_elements(By.CSS_SELECTOR, '[data-button-id="hidden"]') == []

    menu.find_element(By.CSS_SELECTOR, '[data-button-id="hello"]').click()
    page.wait.until(lambda d: page.composer().get_attribute("value") == "Hello, bot!")
    page.composer().clear()

    menu.find_element(By.CSS_SELECTOR, '[data-button-id="orders"]').click()
    page.wait_text("operator", "You have no open orders.")
    page.wait.until(
        lambda d: menu.find_element(By.CSS_SELECTOR, "[data-message-keyboard]").get_attribute("data-keyboard-state") == "completed"
    )
    page.wait.until(lambda d: menu.find_elements(By.CSS_SELECTOR, '[data-button-id="orders"][data-selected]'))
    page.wait_item("keyboardResponse", lambda i: page.text_of(i) == "My orders", "no keyboard response rendered")


def test_a_keyboard_keeps_its_buttons_and_focus_when_its_message_changes_elsewhere(page, driver):
    """A message is filled again when anything of it changes (read, say); its keyboard is only rebuilt when the
    keyboard itself changed, so a visitor tabbing through the buttons keeps the focus."""
    page.open()
    outcome = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('/static/js/components/keyboard.js').then(({ renderKeyboard }) => {
          const strings = { t: (key) => key };
          const root = document.createElement('div');
          document.body.append(root);
          const keyboard = { state: 'pending', buttons: [[{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }]] };
          renderKeyboard(root, { keyboard }, strings);
          const first = root.querySelector('[data-button-id="yes"]');
          first.focus();
          renderKeyboard(root, { keyboard: structuredClone(keyboard), read: true }, strings);
          const kept = root.querySelector('[data-button-id="yes"]') === first && document.activeElement === first;
          renderKeyboard(root, { keyboard: { ...keyboard, state: 'canceled' } }, strings);
          const rebuilt = root.querySelector('[data-button-id="yes"]') !== first;
          const disabled = root.querySelector('[data-button-id="yes"]').getAttribute('aria-disabled');
          root.remove();
          done({ kept, rebuilt, disabled });
        }, (error) => done({ error: String(error) }));
        """
    )
    assert outcome == {"kept": True, "rebuilt": True, "disabled": "true"}


def test_quotes_filled_file_not_found_and_pending(page):
    page.open("location=quotes")
    page.send("Quote me")

    def quote_of(text):
        item = page.wait_text("operator", text)
        return item.find_element(By.CSS_SELECTOR, "[data-message-quote]")

    filled = quote_of("Quoting you.")
    assert filled.get_attribute("data-quote-state") == "filled"
    assert "Quote me" in filled.find_element(By.CSS_SELECTOR, "[data-quote-text]").text
    photo = quote_of("And quoting that photo.")
    assert "sunset.png" in photo.find_element(By.CSS_SELECTOR, "[data-quote-text]").text
    gone = quote_of("This quotes a message that is gone.")
    assert gone.get_attribute("data-quote-state") == "notFound"
    later = quote_of("Quoting something in a moment")
    page.wait.until(lambda d: later.get_attribute("data-quote-state") == "filled", "the pending quote never filled")


def test_a_keyboard_answer_renders_as_the_visitors_message(page, operator_api):
    visitor = start_manual_chat(page, operator_api)
    operator_api.visitor(
        visitor, "/keyboard", {"rows": [[{"id": "apples", "text": "Apples"}, {"id": "pears", "text": "Pears"}]]}
    )
    keyboard = page.wait_item("keyboard", lambda i: i.find_elements(By.CSS_SELECTOR, '[data-button-id="pears"]'))
    keyboard.find_element(By.CSS_SELECTOR, '[data-button-id="pears"]').click()

    answer = page.wait_item("keyboardResponse", lambda i: page.text_of(i) == "Pears", "the answer never showed")
    assert answer.get_attribute("data-message-kind") == "visitor"
    page.wait.until(lambda d: answer.get_attribute("data-send-status") == "sent")
    assert "Sent" in answer.find_element(By.CSS_SELECTOR, "[data-message-status]").text
    # The keyboard above it is done, with the chosen button marked and none pressable.
    board = keyboard.find_element(By.CSS_SELECTOR, "[data-message-keyboard]")
    page.wait.until(lambda d: board.get_attribute("data-keyboard-state") == "completed")
    chosen = board.find_element(By.CSS_SELECTOR, "[data-selected]")
    assert chosen.get_attribute("data-button-id") == "pears" and "chosen" in chosen.text
    assert all(b.get_attribute("aria-disabled") == "true" for b in board.find_elements(By.CSS_SELECTOR, "button[data-button-id]"))
    assert page.composer().get_attribute("value") == ""


def test_a_sticker_from_the_visitors_other_device_shows_as_their_sticker(page, operator_api):
    from conftest import OtherDevice

    visitor = start_manual_chat(page, operator_api)
    # Webim's stickers are the visitor's (`sticker_visitor`); this one was sent from their phone.
    OtherDevice(operator_api, visitor, "manual").act("sticker", **{"sticker-id": 7, "client-side-id": "phone-sticker"})
    sticker = page.wait_item(
        "sticker",
        lambda item: item.find_elements(By.CSS_SELECTOR, "img[data-sticker-image]"),
        "no sticker picture rendered",
    )
    # Sticker 7 is the widget's star (Sources/WidgetServer/README.md, "Stickers"): its picture, not "Sticker 7".
    assert sticker.find_element(By.CSS_SELECTOR, "img[data-sticker-image]").get_attribute("alt") == "Star"
    assert not sticker.find_element(By.CSS_SELECTOR, "[data-message-text]").is_displayed()
    assert sticker.get_attribute("data-message-kind") == "visitor"
    assert not sticker.find_element(By.CSS_SELECTOR, "[data-message-sender]").is_displayed()
    assert sticker.get_attribute("data-send-status") == "sent"


def test_the_visitor_likes_then_dislikes_an_operator_message(page, operator_api, driver):
    visitor = start_manual_chat(page, operator_api)
    operator_api.visitor(visitor, "/messages", {"text": "Did that help?"})
    reply = page.wait_text("operator", "Did that help?")
    like = page.wait.until(lambda d: reply.find_elements(By.CSS_SELECTOR, '[data-action="like"]'), "no like button")[0]
    dislike = reply.find_element(By.CSS_SELECTOR, '[data-action="dislike"]')
    assert like.get_attribute("aria-pressed") == "false" and like.get_attribute("aria-label") == "Like"
    # The visitor's own messages take no reaction.
    assert page.items("visitor")[0].find_elements(By.CSS_SELECTOR, "[data-message-reactions]") == []

    def stored_reaction(_):
        for chat in operator_api.call("GET", "/chats"):
            if chat["visitorId"] == visitor:
                for message in chat["chat"]["messages"]:
                    if message["text"] == "Did that help?":
                        return message.get("reaction") or False
        return False

    like.click()
    page.wait.until(lambda d: like.get_attribute("aria-pressed") == "true", "the like never showed as chosen")
    assert page.wait.until(stored_reaction) == "like"
    # The service lets the visitor change it: the other button still acts, the chosen one does not.
    assert like.get_attribute("aria-disabled") == "true" and dislike.get_attribute("aria-disabled") == "false"
    dislike.click()
    page.wait.until(lambda d: dislike.get_attribute("aria-pressed") == "true", "the dislike never showed as chosen")
    page.wait.until(lambda d: stored_reaction(d) == "dislike", "the service kept the like")
    assert like.get_attribute("aria-pressed") == "false"
    assert driver.find_elements(By.CSS_SELECTOR, "[data-message-error]:not([hidden])") == []


def test_history_a_new_server_reads_goes_before_the_messages_still_on_their_way(page, driver):
    """After a hand-over the new server's snapshot may come before it has read the chat's history, while the page
    sends again what is still on its way: the history then arrives with no position, and goes before those
    messages, as the SDK's tracker orders them (the transcript once showed the older message last)."""
    page.open()
    order = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import('/static/js/store.js').then(({ ChatStore }) => {
          const store = new ChatStore();
          const sent = (id, text, time) => ({ id, clientId: 'c-' + id, type: 'visitor', text, time, sendStatus: 'sent' });
          store.applySnapshot({ messages: [sent('a', 'Before the fall', 1)] });
          store.addOutgoing({ clientId: 'c-b', text: 'While it was down' });
          // The new server's snapshot: nothing read yet; the message on its way stays, the old one goes for now.
          store.applySnapshot({ messages: [] });
          store.addMessage(sent('a', 'Before the fall', 1), null);
          const afterHistory = store.entries.map((entry) => entry.message.text);
          store.addMessage(sent('b', 'While it was down', 2), null);
          // An operator's message that arrives while one of the visitor's is on its way goes before it, too.
          store.addOutgoing({ clientId: 'c-c', text: 'Still sending' });
          store.addMessage({ id: 'o', type: 'operator', text: 'Hello', time: 3 }, null);
          done({ afterHistory, final: store.entries.map((entry) => entry.message.text) });
        }, (error) => done({ error: String(error) }));
        """
    )
    assert order == {
        "afterHistory": ["Before the fall", "While it was down"],
        "final": ["Before the fall", "While it was down", "Hello", "Still sending"],
    }
