"""Every script family fits: the main states in German (long words), Kazakh (Cyrillic), Japanese (CJK), Arabic and
Hebrew (right to left) and the tester's pseudo-locale (every string ~40 % longer) render with no text overflowing its
box and no box leaving the viewport, at a phone's width and at a tablet's.

The states: the composer (placeholder, Send), a quote chip (replying to a message), bot keyboards, quotes and the
survey card (the `gallery` scenario), the offline form (`offline`), the pre-chat form with its departments
(`prechat`), the rating panel and the header's buttons. A screenshot of each
locale and width goes to `shots-scripts/` under the artifacts (or `$WEBIM_LOCALE_SHOTS`), to be looked at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import ARTIFACTS

#: One locale of each script family, and the pseudo-locale that lengthens every string.
LOCALES = ["de", "kk", "ja", "ar", "he", "qps"]
#: The locales whose scripts have no italics.
UPRIGHT = ("ja", "ar", "he")
#: (width, height) of the viewport: a phone held upright, a small tablet on its side.
VIEWPORTS = [(390, 844), (1024, 768)]
#: Where the screenshots go.
SHOTS = Path(os.environ.get("WEBIM_LOCALE_SHOTS", ARTIFACTS / "shots-scripts"))

#: What overflows in the chat (`main.widget-frame`), as `{overflowing, outside, ellipsized, checked}`:
#: - `overflowing`: visible boxes with text (their own text, or a button, label or field) whose content is wider
#:   than the box, unless the box is meant to scroll (`overflow-x: auto|scroll`) or to cut its text with an
#:   ellipsis (those are `ellipsized`, listed for the report, not failures);
#: - `outside`: visible boxes that leave the viewport horizontally, outside any box that scrolls sideways;
#: - `checked`: how many boxes with text were measured, so that an empty page cannot pass.
OVERFLOW_JS = """
const frame = document.querySelector('main.widget-frame');
const width = document.documentElement.clientWidth;
const describe = (e) => {
  const text = (e.innerText || e.placeholder || e.value || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
  const marks = Array.from(e.attributes).filter((a) => a.name.startsWith('data-')).map((a) => `[${a.name}]`).join('');
  return `${e.tagName.toLowerCase()}${e.className ? '.' + String(e.className).trim().split(/\\s+/).join('.') : ''}${marks} "${text}"`;
};
const clipped = (e) => {
  // The visually hidden (1 px, clipped) text for screen readers is not drawn.
  const style = getComputedStyle(e);
  return style.clip !== 'auto' || style.clipPath !== 'none';
};
const scrollsSideways = (e) => {
  for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX) && p.scrollWidth > p.clientWidth + 1) return true;
  }
  return false;
};
const ownText = (e) => Array.from(e.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() !== '');
const overflowing = [], outside = [], ellipsized = [];
let checked = 0;
for (const e of frame.querySelectorAll('*')) {
  if (!e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || clipped(e)) continue;
  if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') continue;
  const style = getComputedStyle(e);
  const rect = e.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) continue;
  if ((rect.left < -1 || rect.right > width + 1) && !scrollsSideways(e)) {
    outside.push(`${describe(e)} spans ${Math.round(rect.left)}…${Math.round(rect.right)} of ${width}`);
  }
  const field = ['BUTTON', 'LABEL', 'INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName);
  if (!(field || ownText(e)) || style.display === 'inline') continue;
  checked += 1;
  if (e.scrollWidth <= e.clientWidth + 1) continue;
  if (style.textOverflow === 'ellipsis') ellipsized.push(describe(e));
  else if (!['auto', 'scroll'].includes(style.overflowX)) overflowing.push(`${describe(e)}: ${e.scrollWidth} > ${e.clientWidth}`);
}
if (document.documentElement.scrollWidth > width + 1) {
  outside.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
}
return { overflowing, outside, ellipsized, checked };
"""

#: The short buttons whose words must stay on one line: a button broken in mid-word ("キャン / セル") reads badly.
ONE_LINE = ".header-button, .composer-chip-cancel, .composer-send, .survey-close, .transcript-action, .panel-button"

#: The visible buttons of `arguments[0]` whose words wrap onto a second line.
WRAPPED_JS = """
const wrapped = [];
for (const e of document.querySelectorAll(arguments[0])) {
  if (!e.checkVisibility({ visibilityProperty: true })) continue;
  const range = document.createRange();
  range.selectNodeContents(e);
  const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0);
  const tallest = Math.max(0, ...lines.map((r) => r.height));
  if (range.getBoundingClientRect().height > tallest * 1.5) wrapped.push(e.textContent.trim());
}
return wrapped;
"""

#: Every keyboard state, the quotes and the survey card of the `gallery` scenario are on the page.
GALLERY_READY_JS = """
const states = (selector, name) => Array.from(document.querySelectorAll(selector)).map((e) => e.dataset[name]);
const keyboards = new Set(states('[data-message-keyboard]:not([hidden])', 'keyboardState'));
const quotes = states('[data-message-quote]:not([hidden])', 'quoteState');
const survey = document.querySelector('[data-survey]:not([hidden]) .survey-question');
return ['pending', 'completed', 'canceled'].every((s) => keyboards.has(s)) && quotes.includes('notFound')
  && quotes.includes('pending') && survey !== null && survey.checkVisibility();
"""

#: Scrolls the transcript to its top, to the element `arguments[1]` names, or to its bottom.
SCROLL_JS = """
const [part, selector] = arguments;
const transcript = document.querySelector('[data-transcript]');
// Instantly: a smooth scroll would still be under way when the screenshot is taken.
if (selector) document.querySelector(selector).scrollIntoView({ block: 'center', behavior: 'instant' });
else transcript.scrollTo({ top: part === 'top' ? 0 : transcript.scrollHeight, behavior: 'instant' });
"""


@pytest.fixture(params=VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def viewport(request, driver):
    """The browser's viewport, exactly this size (the window's frame does not count)."""
    width, height = request.param
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    )
    return width, height


def assert_nothing_overflows(driver, where: str) -> list[str]:
    """Fails with every overflowing or escaping box; returns the ellipsized ones."""
    found = driver.execute_script(OVERFLOW_JS)
    assert found["checked"] >= 5, f"{where}: only {found['checked']} boxes with text were measured"
    assert found["overflowing"] == [], f"{where}: text wider than its box:\n" + "\n".join(found["overflowing"])
    assert found["outside"] == [], f"{where}: boxes outside the viewport:\n" + "\n".join(found["outside"])
    wrapped = driver.execute_script(WRAPPED_JS, ONE_LINE)
    assert wrapped == [], f"{where}: buttons whose words wrap: {wrapped}"
    return found["ellipsized"]


def assert_it_all_fits(page, driver, where: str) -> None:
    """Nothing overflows, only the header's subtitle cuts its text with an ellipsis, and the page threw nothing."""
    ellipsized = assert_nothing_overflows(driver, where)
    assert all("header-subtitle" in entry for entry in ellipsized), ellipsized
    assert page.uncaught_errors() == []


def screenshot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def dark_screenshots(driver, wait, name: str, parts) -> None:
    """Screenshots of `parts` ((part, selector) as SCROLL_JS takes them) in the dark theme, which follows the
    system's scheme when the page is given none; then the light one again."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        wait.until(lambda d: d.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches"), "no dark scheme")
        for part, selector in parts:
            if part is not None:
                driver.execute_script(SCROLL_JS, part, selector)
            screenshot(driver, f"{name}-{part or 'page'}-dark")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def expected_direction(locale: str) -> str:
    return "rtl" if locale in ("ar", "he") else "ltr"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_conversation_fits_in_every_script(page, driver, wait, viewport, locale):
    width, _ = viewport
    page.open(f"location=gallery&locale={locale}")
    assert driver.execute_script("return document.documentElement.dir") == expected_direction(locale)
    placeholder = page.composer().get_attribute("placeholder")
    assert placeholder and placeholder != "Type a message…", f"{locale}: the composer is not translated"
    page.send("Show me everything")
    wait.until(lambda d: d.execute_script(GALLERY_READY_JS), "the gallery never showed its keyboards, quotes and survey")
    # Reply to the operator's first message: the composer shows its quote chip.
    operator = page.wait_item("operator", lambda item: item.find_element(By.CSS_SELECTOR, '[data-action="reply"]'))
    driver.execute_script("arguments[0].querySelector('[data-action=\"reply\"]').click()", operator)
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-composer-chip]")), "no quote chip")

    # The transcript's top, its bot keyboards and its bottom in view in turn, each screenshot to be looked at.
    parts = (("top", None), ("keyboards", '[data-keyboard-state="pending"]'), ("bottom", None))
    for part, selector in parts:
        driver.execute_script(SCROLL_JS, part, selector)
        screenshot(driver, f"{locale}-{width}-conversation-{part}")
    dark_screenshots(driver, wait, f"{locale}-{width}-conversation", parts[1:])
    ellipsized = assert_nothing_overflows(driver, f"{locale} at {width} px")
    # A quote that is gone is said in italics, but Japanese, Arabic and Hebrew have none: their glyphs would only
    # be slanted.
    slant = driver.execute_script(
        "return getComputedStyle(document.querySelector('[data-quote-state=\"notFound\"] .transcript-quote-text')).fontStyle"
    )
    assert slant == ("normal" if locale in UPRIGHT else "italic"), f"{locale}: the missing quote's note is {slant}"
    # Only the header's subtitle may cut its text with an ellipsis.
    assert all("header-subtitle" in entry for entry in ellipsized), ellipsized
    assert page.uncaught_errors() == []


@pytest.mark.parametrize("locale", LOCALES)
def test_the_offline_form_fits_in_every_script(page, driver, wait, viewport, locale):
    width, _ = viewport
    page.open(f"location=offline&locale={locale}")
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-offline-form]")), "no offline form")
    assert form.find_elements(By.CSS_SELECTOR, "input"), "the offline form has no fields"
    # Nothing above the form points the visitor at the composer instead ("Send a message to start the chat").
    assert not driver.find_element(By.CSS_SELECTOR, "[data-transcript-empty]").is_displayed()
    screenshot(driver, f"{locale}-{width}-offline")
    dark_screenshots(driver, wait, f"{locale}-{width}-offline", [(None, None)])
    assert_it_all_fits(page, driver, f"{locale} offline at {width} px")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_prechat_form_fits_in_every_script(page, driver, wait, widget_url, viewport, locale):
    width, _ = viewport
    # The form stands in for the composer, so the page is opened without waiting for one.
    driver.get(f"{widget_url.rstrip('/')}/?location=prechat&locale={locale}")
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "form[data-prechat]")), "no pre-chat form")
    assert len(form.find_elements(By.CSS_SELECTOR, "input, select, textarea")) >= 3, "the pre-chat form lost its fields"
    # Start with the name missing: the form says which field needs it, in the locale's words.
    driver.find_element(By.CSS_SELECTOR, "[data-prechat-start]").click()
    wait.until(lambda d: d.execute_script("return document.querySelector('form[data-prechat] [aria-invalid=\"true\"]') !== null"), "no field marked")
    screenshot(driver, f"{locale}-{width}-prechat")
    dark_screenshots(driver, wait, f"{locale}-{width}-prechat", [(None, None)])
    assert_it_all_fits(page, driver, f"{locale} pre-chat form at {width} px")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_rating_panel_fits_in_every_script(page, driver, wait, viewport, locale):
    width, _ = viewport
    page.open(f"location=rating&locale={locale}")
    page.send("Hello")
    # The scenario's operator joins, answers and starts its survey: the card is in the transcript as well.
    wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-rate-open]")), "no rating button").click()
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-rating]")), "no rating panel")
    screenshot(driver, f"{locale}-{width}-rating")
    assert_it_all_fits(page, driver, f"{locale} rating panel at {width} px")


#: A page with one of each fault the checks look for, and a box that scrolls sideways on purpose.
FAULTS_PAGE = """<!doctype html><html><body style="margin:0"><main class="widget-frame">
<button style="width:40px;white-space:nowrap;overflow:hidden">Abbrechen und schließen</button>
<p style="width:60px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Gail Gallery, Tester</p>
<p style="position:absolute;left:380px;width:100px">Off the edge</p>
<div style="width:100px;overflow-x:auto"><p style="width:1200px;margin:0">Scrolls on purpose</p></div>
<button class="header-button" style="width:50px">Close the chat</button>
<span class="kit-visually-hidden" style="position:absolute;width:1px;overflow:hidden;clip:rect(0 0 0 0)">Hidden words</span>
</main></body></html>"""


def test_the_checks_find_each_fault(driver, viewport):
    """The measures fail when they should: each planted fault is found, and nothing else is."""
    import urllib.parse

    width, _ = viewport
    driver.get("data:text/html;charset=utf-8," + urllib.parse.quote(FAULTS_PAGE))
    found = driver.execute_script(OVERFLOW_JS)
    assert [entry.split(":")[0] for entry in found["overflowing"]] == ['button "Abbrechen und schließen"']
    assert found["ellipsized"] == ['p "Gail Gallery, Tester"']
    outside = [entry.split(" spans")[0] for entry in found["outside"]]
    assert ('p "Off the edge"' in outside) == (width < 480), found["outside"]
    assert not any("Scrolls on purpose" in entry or "Hidden words" in entry for entry in outside), outside
    assert driver.execute_script(WRAPPED_JS, ONE_LINE) == ["Close the chat"]
