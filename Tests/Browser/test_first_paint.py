"""The first paint is the page the visitor keeps: drawn by the server in their language and direction, so that once
the script runs no sentence swaps and nothing flips sides. Each page is read twice in Chromium: with scripts off (the
first paint) and once its script is ready."""

from __future__ import annotations

import pytest

from conftest import start_chromium

#: Every sentence the page's markup carries, by its key, with `<html>`'s language and direction.
PAGE_WORDS_JS = """
const words = {lang: document.documentElement.lang, dir: document.documentElement.dir};
for (const element of document.querySelectorAll('[data-i18n]')) words['text:' + element.dataset.i18n] = element.textContent;
for (const [hook, name] of [['i18nLabel', 'aria-label'], ['i18nPlaceholder', 'placeholder'], ['i18nTitle', 'title']]) {
  const attribute = hook.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  for (const element of document.querySelectorAll(`[data-${attribute}]`)) {
    words[name + ':' + element.dataset[hook]] = element.getAttribute(name);
  }
}
words['title'] = document.title;
return words;
"""


@pytest.fixture(scope="module")
def scriptless():
    """A Chromium that runs no script: what it shows is the server's first paint."""
    browser = start_chromium("--blink-settings=scriptEnabled=false")
    try:
        yield browser
    finally:
        browser.quit()


@pytest.mark.parametrize(
    ("query", "lang", "direction", "send"),
    [
        ("locale=ar", "ar", "rtl", "إرسال"),
        ("locale=he", "he", "rtl", "שליחה"),
        ("locale=ru", "ru", "ltr", "Отправить"),
        ("locale=ja", "ja", "ltr", None),
        ("locale=qps", "en", "ltr", "[Šéñð ·]"),
        ("locale=ar&mode=kiosk", "ar", "rtl", "إرسال"),
    ],
)
def test_the_first_paint_is_what_the_script_leaves(scriptless, driver, wait, widget_url, query, lang, direction, send):
    url = f"{widget_url}?location=manual&{query}"
    scriptless.get(url)
    first = scriptless.execute_script(PAGE_WORDS_JS)
    assert (first["lang"], first["dir"]) == (lang, direction)
    if send is not None:
        assert first["text:send"] == send
    if lang != "en":
        assert first["text:send"] != "Send" and first["placeholder:placeholder"] != "Type a message…"

    driver.get(url)
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    after = driver.execute_script(PAGE_WORDS_JS)
    # The kiosk's title and the unread count may change the tab's title; the sentences may not change at all.
    changed = {key: (first.get(key), value) for key, value in after.items() if key != "title" and first.get(key) != value}
    assert not changed, f"the script changed the first paint's words: {changed}"
