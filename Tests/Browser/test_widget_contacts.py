"""An operator's contact-information request (`cont_req`) answered in its own form: name, e-mail, phone, checked on
the page and by the server, and kept by the chat service among the visitor's fields (`chat.cont_resp`)."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from test_widget_messages import start_manual_chat

FORM = '[data-message-type="contactInformationRequest"] [data-message-contacts]'


def test_a_contact_request_is_a_form_the_visitor_answers_once(page, operator_api, driver):
    visitor = start_manual_chat(page, operator_api, "Please call me back")
    operator_api.visitor(visitor, "/messages", {"text": "How can we reach you?", "kind": "cont_req"})
    form = page.wait.until(
        lambda d: next((f for f in d.find_elements(By.CSS_SELECTOR, FORM) if f.is_displayed()), False),
        "the contact request shows no form",
    )
    item = driver.find_element(By.CSS_SELECTOR, '[data-message-type="contactInformationRequest"]')
    assert "cont_req" not in item.text and "{" not in item.text, item.text
    labels = [label.text for label in form.find_elements(By.CSS_SELECTOR, "label")]
    assert labels == ["Name", "E-mail", "Phone"]
    status = form.find_element(By.CSS_SELECTOR, '[role="status"]')
    send = form.find_element(By.CSS_SELECTOR, 'button[type="submit"]')

    # Nothing filled: the page says so and sends nothing.
    send.click()
    page.wait.until(lambda d: status.text == "Fill in at least one of them.")
    # A bad e-mail address: the server's 400 comes back as the page's own sentence.
    form.find_element(By.NAME, "name").send_keys("Ann Example")
    form.find_element(By.NAME, "email").send_keys("ann at example")
    send.click()
    page.wait.until(lambda d: status.text == "This doesn't look like an e-mail address.", "no sentence for a bad address")
    email = form.find_element(By.NAME, "email")
    email.clear()
    email.send_keys("ann@example.com")
    form.find_element(By.NAME, "phone").send_keys("+7 (900) 123-45-67")
    send.click()
    page.wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, FORM).text == "Thank you! The operator has your contacts.",
        "the form never thanked the visitor",
    )
    assert driver.find_element(By.CSS_SELECTOR, FORM).find_elements(By.CSS_SELECTOR, "input") == []

    def kept(_):
        fields = operator_api.visitor(visitor, "", method="GET").get("fields") or {}
        return fields if fields.get("email") == "ann@example.com" else False

    fields = page.wait.until(kept, "the service never kept the contacts")
    assert fields.get("name") == "Ann Example" and fields.get("phone") == "+7 (900) 123-45-67", fields
    assert not page.uncaught_errors()
