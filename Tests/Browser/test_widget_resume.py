"""A reloaded page continues its chat: the same tab, the same visitor, the transcript still there."""

from __future__ import annotations

from conftest import KEPT_TAB_JS as TAB_ID_JS


def test_a_reload_keeps_the_tab_and_the_transcript(page, driver):
    page.open("location=manual")
    page.send("Still here after a reload?")
    tab_before = driver.execute_script(TAB_ID_JS, "manual")
    assert tab_before and len(tab_before) == 22, "the page did not remember its tab"

    driver.refresh()
    page.wait_text("visitor", "Still here after a reload?")
    assert driver.execute_script(TAB_ID_JS, "manual") == tab_before, "the reload started a new tab"
    sent = [page.text_of(item) for item in page.items("visitor")]
    assert sent.count("Still here after a reload?") == 1, f"the message shows {sent.count('Still here after a reload?')} times"
    assert not page.uncaught_errors()

