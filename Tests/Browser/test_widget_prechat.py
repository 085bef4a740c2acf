"""The location's pre-chat form (issue 32): built from the `prechat` location's firstQuestion form before the chat,
checked on the page in the visitor's language, and sent with the chat's start (`chat.start`'s visitor fields, first
question and department), which the service keeps and the bot greets by; a host page prefills or skips it."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from axe_audit import audit, blocking, report
from test_embed import host, in_frame, wait_for_event  # noqa: F401 - `host` is the site fixture

FORM = "form[data-prechat]"

#: What the form shows: its labels, which fields are required and invalid, each error line, the departments offered.
FORM_JS = """
const form = document.querySelector('form[data-prechat]');
if (!form || form.hidden || !form.checkVisibility()) return null;
const controls = Array.from(form.querySelectorAll('input, select, textarea')).filter((c) => c.checkVisibility());
return {
  text: form.innerText,
  labels: controls.map((c) => form.querySelector(`label[for="${c.id}"]`).textContent),
  required: controls.filter((c) => c.required).map((c) => c.name),
  invalid: controls.filter((c) => c.getAttribute('aria-invalid') === 'true').map((c) => c.name),
  errors: controls.map((c) => document.getElementById(c.getAttribute('aria-describedby') ?? '')?.textContent ?? null),
  departments: Array.from(form.querySelectorAll('select option')).map((o) => o.value),
  focused: document.activeElement?.name ?? null,
  composer: document.querySelector('[data-composer]').checkVisibility(),
};
"""


def field(driver, name: str):
    """The form's control named `name` (the panels' forms have fields of the same names)."""
    return driver.find_element(By.CSS_SELECTOR, f'{FORM} [name="{name}"]')


def shown_form(driver, wait):
    return wait.until(lambda d: d.execute_script(FORM_JS), "the pre-chat form never showed")


def no_raw_wire_text(text: str):
    for raw in ("{", "firstQuestion", "presence", "first_question-descr", "visitorFields", "mandatory"):
        assert raw not in text, f"{raw!r} shown: {text!r}"


def chat_requests(driver) -> list:
    """The page's chat starts (recorded by a fetch wrapper put in place before the form is used)."""
    return driver.execute_script("return window.chatStarts ?? []")


RECORD_STARTS_JS = """
window.chatStarts = [];
const original = window.fetch;
window.fetch = (input, init) => {
  if (String(input).endsWith('/chat')) window.chatStarts.push(JSON.parse(init.body));
  return original(input, init);
};
"""


def open_prechat(driver, wait, widget_url, query="location=prechat"):
    driver.get(f"{widget_url.rstrip('/')}/?{query}")
    wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '[data-connection-banner][data-state="live"]')))
    return shown_form(driver, wait)


def test_the_form_asks_what_the_location_asks_and_refuses_a_missing_name(driver, wait, widget_url, operator_api):
    form = open_prechat(driver, wait, widget_url)
    driver.execute_script(RECORD_STARTS_JS)
    assert form["labels"] == ["Your name *", "E-mail", "Phone", "Department *", "Your question *"], form
    assert form["required"] == ["name", "departmentKey", "firstQuestion"], form
    assert form["departments"] == ["", "sales", "support"], form
    assert "Tell us a little about yourself" in form["text"] and not form["composer"], form
    no_raw_wire_text(form["text"])
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-departments]:not([hidden])") or not driver.find_element(
        By.CSS_SELECTOR, "[data-departments]"
    ).is_displayed(), "the department panel shows beside the form"

    # Nothing filled: every required field says so, the first one has the focus, and nothing is sent.
    driver.find_element(By.CSS_SELECTOR, "[data-prechat-start]").click()
    form = wait.until(lambda d: (f := d.execute_script(FORM_JS)) and f["invalid"] and f)
    assert form["invalid"] == ["name", "departmentKey", "firstQuestion"], form
    assert form["errors"][0] == "Please fill this in." and form["errors"][3] == "Please choose a department.", form
    assert form["focused"] == "name"
    # A bad e-mail and a phone that does not fit the mask are refused as well, in the page's words.
    field(driver, "name").send_keys("Ann")
    field(driver, "email").send_keys("ann at example")
    field(driver, "phone").send_keys("+7 900")
    field(driver, "firstQuestion").send_keys("Where is my parcel?")
    driver.find_element(By.CSS_SELECTOR, "[data-prechat-start]").click()
    form = wait.until(lambda d: (f := d.execute_script(FORM_JS)) and "name" not in f["invalid"] and f)
    assert form["invalid"] == ["email", "phone", "departmentKey"], form
    assert form["errors"][1] == "Please enter an e-mail address, such as name@example.com."
    assert form["errors"][2] == "Please enter the number in the form +9 999 999-99-99."
    assert form["focused"] == "email"
    assert chat_requests(driver) == [], "an invalid form was sent"
    assert operator_api.call("GET", "/chats") == [] or all(not c.get("chat") for c in operator_api.call("GET", "/chats"))

    # Mended: the chat starts with the answers, the service keeps them, and the bot greets the visitor by name.
    email = field(driver, "email")
    email.clear()
    email.send_keys("ann@example.com")
    phone = field(driver, "phone")
    phone.clear()
    phone.send_keys("+7 900 123-45-67")
    Select(field(driver, "departmentKey")).select_by_value("support")
    field(driver, "firstQuestion").send_keys(Keys.ENTER)  # a new line, not a submit
    driver.find_element(By.CSS_SELECTOR, "[data-prechat-start]").click()
    wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, FORM)), "the form stayed after the start")
    assert chat_requests(driver) == [
        {
            "action": "start",
            "departmentKey": "support",
            "firstQuestion": "Where is my parcel?",
            "customFields": {"name": "Ann", "email": "ann@example.com", "phone": "+7 900 123-45-67"},
            "clientId": chat_requests(driver)[0]["clientId"],
        }
    ]
    greeting = wait.until(
        lambda d: next((t for t in d.execute_script(
            "return Array.from(document.querySelectorAll('[data-message-type=operator] [data-message-text]'), (e) => e.textContent)"
        ) if t.startswith("Hello, ")), False),
        "the bot never greeted the visitor",
    )
    assert greeting.startswith("Hello, Ann!"), greeting
    visitor = operator_api.visitor_id(wait, "prechat")
    kept = operator_api.visitor(visitor, "", method="GET")
    assert kept["fields"].get("email") == "ann@example.com" and kept["fields"].get("phone") == "+7 900 123-45-67", kept
    assert kept["visitorName"] == "Ann"
    texts = [m["text"] for m in kept["chat"]["messages"] if m["kind"] == "visitor"]
    assert texts == ["Where is my parcel?"], texts
    assert driver.find_element(By.CSS_SELECTOR, "[data-composer]").is_displayed()
    assert not driver.find_elements(By.CSS_SELECTOR, f"{FORM}:not([hidden])")


def test_a_location_without_a_form_shows_none(driver, wait, widget_url, page):
    composer = page.open("location=default")
    assert composer.is_displayed()
    # The module looked and found no form: it adds nothing to the page.
    wait.until(
        lambda d: d.execute_script(
            "return performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/locations/default/prechat'))"
        ),
        "the page never asked for the location's form",
    )
    assert driver.find_elements(By.CSS_SELECTOR, FORM) == []
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("data-prechat") is None


def test_the_form_speaks_russian_and_is_operable_by_keyboard(driver, wait, widget_url):
    form = open_prechat(driver, wait, widget_url, "location=prechat&locale=ru&dir=rtl&dark=1")
    assert form["labels"] == ["Ваше имя *", "Электронная почта", "Телефон", "Отдел *", "Ваш вопрос *"], form
    assert "Прежде чем начать" in form["text"]
    # The first field, typed into and submitted with the keyboard alone.
    name = field(driver, "name")
    name.send_keys(Keys.ENTER)
    form = wait.until(lambda d: (f := d.execute_script(FORM_JS)) and f["invalid"] and f)
    assert form["errors"][0] == "Пожалуйста, заполните это поле." and form["focused"] == "name"
    assert form["errors"][3] == "Пожалуйста, выберите отдел."
    no_raw_wire_text(form["text"])
    results = audit(driver)
    assert blocking(results) == [], report(blocking(results))


@pytest.fixture
def server_args(host) -> list[str]:
    return ["--embed-origins", host.origin]


def test_the_host_prefills_the_form(driver, wait, widget_url, host):
    first = "WebimWidget('prechat', {fields: {name: 'Bob', email: 'bob@example.com'}, departmentKey: 'sales', firstQuestion: 'Hi there'});"
    driver.get(host.embedding_page(widget_url, {"location": "prechat"}, first=first))
    wait_for_event(driver, wait, "ready")
    driver.execute_script("WebimWidget('open')")
    in_frame(driver, wait)
    wait.until(lambda d: field(d, "name").get_attribute("value") == "Bob", "the form was not prefilled")
    assert field(driver, "email").get_attribute("value") == "bob@example.com"
    assert field(driver, "firstQuestion").get_attribute("value") == "Hi there"
    wait.until(lambda d: field(d, "departmentKey").get_attribute("value") == "sales")
    driver.find_element(By.CSS_SELECTOR, "[data-prechat-start]").click()
    wait.until(
        lambda d: any(
            t.startswith("Hello, Bob!")
            for t in d.execute_script(
                "return Array.from(document.querySelectorAll('[data-message-type=operator] [data-message-text]'), (e) => e.textContent)"
            )
        ),
        "the prefilled form did not start the chat",
    )


def test_the_host_skips_the_form_and_its_answers_start_the_chat(driver, wait, widget_url, host, operator_api):
    first = "WebimWidget('prechat', {fields: {name: 'Cleo', phone: '+1 555 0100'}, departmentKey: 'sales', skip: true});"
    driver.get(host.embedding_page(widget_url, {"location": "prechat"}, first=first))
    wait_for_event(driver, wait, "ready")
    driver.execute_script("WebimWidget('open')")
    in_frame(driver, wait)
    composer = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-composer-input]")))
    # The module looked at the location's form, and shows none.
    wait.until(lambda d: d.execute_script("return !!document.querySelector('link[href$=\"prechat.css\"]')"))
    assert not driver.find_elements(By.CSS_SELECTOR, f"{FORM}:not([hidden])")
    composer.send_keys("Is the shop open?", Keys.ENTER)
    greeting = wait.until(
        lambda d: next(
            (t for t in d.execute_script(
                "return Array.from(document.querySelectorAll('[data-message-type=operator] [data-message-text]'), (e) => e.textContent)"
            ) if t.startswith("Hello, ")),
            False,
        ),
        "the chat never started with the site's answers",
    )
    assert greeting.startswith("Hello, Cleo!"), greeting
    visitor = operator_api.visitor_id(wait, "prechat")
    kept = operator_api.visitor(visitor, "", method="GET")
    assert kept["fields"].get("phone") == "+1 555 0100", kept
    # The site's department: its operator took the chat.
    assert (kept["chat"].get("operator") or {}).get("id") == 41, kept["chat"]
