"""The survey card: a survey the operator (or the `survey` scenario's bot) starts, answered one question at a time."""

from __future__ import annotations

import re

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from selenium.webdriver.support.ui import WebDriverWait

from axe_audit import audit, blocking, report
from conftest import ARTIFACTS, WidgetPage, start_chromium

#: What the card must never show: wire and contract names, or raw JSON.
WIRE_WORDS = re.compile(r"[{}\[\]\"]|\b(stars|radio|comment|formId|questionIndex|survey_|incorrect-|null)\b")

#: A survey as the console starts it (the protocol's `SurveyItem.Config`).
SURVEY = {
    "id": 9,
    "version": "1",
    "descriptor": {"forms": [{"id": 1, "questions": [{"type": "stars", "text": "How was it?"}]}]},
}


def card(page):
    return page.driver.find_element(By.CSS_SELECTOR, "[data-survey]")


def wait_question(page, text: str):
    """Waits until the card shows the question `text`; returns the card."""
    page.wait.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "[data-survey]:not([hidden]) .survey-question")
        and d.find_element(By.CSS_SELECTOR, "[data-survey] .survey-question").text == text,
        f"the card never asked {text!r}",
    )
    return card(page)


def assert_no_wire_text(element):
    text = element.text
    assert not WIRE_WORDS.search(text), f"the card shows wire text: {text!r}"


def test_survey_is_answered_question_by_question_then_another_is_closed(page, driver):
    page.open("location=survey")
    page.send("Hello")
    survey = wait_question(page, "How would you rate this chat?")
    assert survey.find_element(By.CSS_SELECTOR, ".survey-title").text == "Quick survey"
    assert survey.find_element(By.CSS_SELECTOR, ".survey-progress").text == "Question 1 of 3"
    assert survey.get_attribute("aria-labelledby")
    stars = survey.find_elements(By.CSS_SELECTOR, "[data-survey-answer]")
    assert [s.get_attribute("aria-label") for s in stars] == [f"{n} of 5 stars" for n in range(1, 6)]
    status = survey.find_element(By.CSS_SELECTOR, "[role=status]")
    assert "How would you rate this chat?" in status.get_attribute("textContent")
    # Announced politely, never by moving the focus: the composer keeps it.
    assert driver.switch_to.active_element == page.composer()
    assert_no_wire_text(survey)

    # Keyboard: the fourth star with Enter.
    stars[3].send_keys(Keys.ENTER)
    survey = wait_question(page, "How did you find us?")
    assert survey.find_element(By.CSS_SELECTOR, ".survey-progress").text == "Question 2 of 3"
    options = survey.find_elements(By.CSS_SELECTOR, "[data-survey-answer]")
    assert [o.text for o in options] == ["A search engine", "A friend told me", "Somewhere else"]
    # The focus followed the visitor's answer to the new question instead of falling to the page.
    assert driver.switch_to.active_element.get_attribute("class") == "survey-question"
    options[1].click()

    survey = wait_question(page, "What could we do better?")
    comment = survey.find_element(By.CSS_SELECTOR, "textarea")
    assert comment.get_attribute("maxlength") == "1000"
    assert comment.get_attribute("aria-labelledby") == survey.find_element(By.CSS_SELECTOR, ".survey-question").get_attribute("id")
    comment.send_keys("Nothing, it was quick.")
    survey.find_element(By.CSS_SELECTOR, ".survey-send").click()
    page.wait.until(lambda d: card(page).find_element(By.CSS_SELECTOR, ".survey-question").text == "Thank you for your answers!")
    page.wait_text("operator", "Thank you for your time!")
    page.wait.until(lambda d: not card(page).is_displayed(), "the thanks never went away")

    # A second survey, closed by the visitor.
    page.send("Again")
    survey = wait_question(page, "How would you rate this chat?")
    assert survey.find_element(By.CSS_SELECTOR, ".survey-progress").text == "Question 1 of 3"
    survey.find_element(By.CSS_SELECTOR, "[data-survey-close]").click()
    page.wait.until(lambda d: not card(page).is_displayed(), "the closed survey stayed")
    page.wait.until(lambda d: len([i for i in page.items("operator") if "Thank you for your time!" in page.text_of(i)]) == 2)
    assert page.uncaught_errors() == []


def test_a_refused_answer_shows_the_pages_own_sentence(page, operator_api):
    # The `restricted` location turns surveys off: the service refuses every answer.
    page.open("location=restricted")
    page.send("Hi")
    visitor = operator_api.visitor_id(page.wait, "restricted")
    operator_api.visitor(visitor, "/survey", SURVEY)
    survey = wait_question(page, "How was it?")
    survey.find_elements(By.CSS_SELECTOR, "[data-survey-answer]")[2].click()
    error = page.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-survey] .survey-error")))
    assert error.text == "Surveys are turned off here."
    assert error.get_attribute("role") == "alert"
    assert_no_wire_text(card(page))
    # The question stays open for another try.
    assert card(page).find_element(By.CSS_SELECTOR, ".survey-question").text == "How was it?"


def test_each_question_passes_an_axe_audit_in_both_schemes(page):
    for query in ("location=survey&dark=0", "location=survey&dark=1&dir=rtl"):
        # The same visitor both times: each message starts a fresh survey at its first question.
        page.open(query)
        page.send(f"Hello {query}")
        question = wait_question(page, "How would you rate this chat?")
        for answer, next_question in ((4, "How did you find us?"), (0, "What could we do better?"), (None, None)):
            results = audit(page.driver)
            assert blocking(results) == [], f"{query}: {report(blocking(results))}"
            if answer is None:
                break
            question.find_elements(By.CSS_SELECTOR, "[data-survey-answer]")[answer].click()
            question = wait_question(page, next_question)


def test_the_survey_card_loads_only_with_a_survey(page, driver):
    page.open("location=survey")
    scripts = driver.execute_script("return performance.getEntriesByType('resource').map((e) => e.name)")
    # The page's own files only: the location's name is in its API calls (its pre-chat form's, say).
    assert not [s for s in scripts if "/static/" in s and "survey" in s], scripts
    assert driver.find_elements(By.CSS_SELECTOR, "[data-survey]") == []


def test_screenshots_light_dark_rtl_and_narrow(widget_url):
    """Saves the card in each look to Tests/Browser/artifacts/survey-*.png, for a person to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    looks = {
        "light": ("location=survey", "How would you rate this chat?"),
        "dark": ("location=survey&dark=1", "How would you rate this chat?"),
        "rtl-ru": ("location=survey&dir=rtl&locale=ru", "How would you rate this chat?"),
    }
    browser = start_chromium()
    try:
        # A phone's width: a headless window is never narrower than 500 px, the emulated viewport is.
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
        )
        for name, (query, question) in looks.items():
            browser.delete_all_cookies()
            page = WidgetPage(browser, WebDriverWait(browser, 15), widget_url)
            page.open(query)
            browser.execute_script("localStorage.clear(); sessionStorage.clear()")
            page.open(query)
            page.send("Hello")
            survey = wait_question(page, question)
            survey.find_elements(By.CSS_SELECTOR, "[data-survey-answer]")[4].click()
            wait_question(page, "How did you find us?")
            browser.save_screenshot(str(ARTIFACTS / f"survey-{name}-radio.png"))
            card(page).find_elements(By.CSS_SELECTOR, "[data-survey-answer]")[0].click()
            wait_question(page, "What could we do better?")
            browser.save_screenshot(str(ARTIFACTS / f"survey-{name}-comment.png"))
            if name == "light":
                page.send("Once more")
                wait_question(page, question)
                browser.save_screenshot(str(ARTIFACTS / f"survey-{name}-stars.png"))
        assert (ARTIFACTS / "survey-light-stars.png").is_file()
    finally:
        browser.quit()
