"""The developer preview (`GET /preview`, `--preview-config`) and the widget options of `GET /`."""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

SALES = {"name": "Sales", "options": {"location": "manual", "title": "Sales desk", "accent": "#16a34a"}}
NIGHT = {"name": "Night", "options": {"location": "manual", "title": "Night shift", "dark": True, "palette": "graphite"}}


@pytest.fixture
def preview_file(tmp_path):
    path = tmp_path / "preview.json"
    path.write_text(json.dumps({"variants": [SALES, NIGHT]}), encoding="utf-8")
    return path


@pytest.fixture
def server_args(preview_file) -> list[str]:
    return ["--preview-config", str(preview_file)]


def later(path):
    """Moves the file's modification time on, whatever the file system's timestamp resolution."""
    stamp = path.stat().st_mtime + 5
    os.utime(path, (stamp, stamp))


def frames(driver, wait, count):
    return wait.until(
        lambda d: (found := d.find_elements(By.CSS_SELECTOR, "iframe[data-preview-frame]")) and len(found) == count and found,
        f"the preview never showed {count} frames",
    )


SEND_COLOUR_JS = "return getComputedStyle(document.querySelector('[data-composer-send]')).backgroundColor"
TITLE_JS = "return document.querySelector('[data-header-title]')?.textContent ?? ''"


def frame_shows(driver, wait, frame, title, colour):
    """Switches into `frame` and waits until its header says `title` and its send button is `colour`."""
    driver.switch_to.default_content()
    driver.switch_to.frame(frame)
    wait.until(
        lambda d: d.execute_script("return document.body?.dataset.ready === 'true'")
        and d.execute_script(TITLE_JS) == title
        and d.execute_script(SEND_COLOUR_JS) == colour,
        f"the frame never showed {title!r} in {colour}",
    )


def test_preview_renders_each_variant_of_the_file_and_reloads_a_changed_one(driver, wait, widget_url, preview_file):
    driver.get(widget_url.rstrip("/") + "/preview")
    sales, night = frames(driver, wait, 2)
    captions = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "[data-preview-name]")]
    assert captions == ["Sales", "Night"]
    frame_shows(driver, wait, sales, "Sales desk", "rgb(22, 163, 74)")
    frame_shows(driver, wait, night, "Night shift", "rgb(156, 163, 175)")  # graphite, dark
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"

    # Marks the unchanged frame's window: it survives only if that frame is not reloaded.
    driver.switch_to.default_content()
    driver.execute_script("window.frames[1].keptAcrossTheEdit = true")
    changed = {"name": "Sales", "options": {**SALES["options"], "title": "Sales team", "accent": "#dc2626"}}
    preview_file.write_text(json.dumps({"variants": [changed, NIGHT]}), encoding="utf-8")
    later(preview_file)

    frame_shows(driver, wait, sales, "Sales team", "rgb(220, 38, 38)")
    driver.switch_to.default_content()
    assert driver.execute_script("return window.frames[1].keptAcrossTheEdit === true"), "the unchanged frame reloaded"


def test_a_broken_file_shows_its_error_and_keeps_the_frames(driver, wait, widget_url, preview_file):
    driver.get(widget_url.rstrip("/") + "/preview")
    frames(driver, wait, 2)
    preview_file.write_text('{"variants": [{"options": {"palette": "pink"}}]}', encoding="utf-8")
    later(preview_file)
    error = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-preview-error]")))
    # What is wrong, never where the file is: an answer names no absolute path (the server's log does).
    assert "palette is one of" in error.text and str(preview_file.parent) not in error.text
    assert len(driver.find_elements(By.CSS_SELECTOR, "iframe[data-preview-frame]")) == 2


def test_preview_variants_from_the_query_string(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview?variant=location%3Dmanual%26title%3DFrom%2520the%2520query%26palette%3Dgreen")
    (frame,) = frames(driver, wait, 1)
    frame_shows(driver, wait, frame, "From the query", "rgb(21, 128, 61)")


def test_the_features_set_shows_each_webim_feature_in_a_frame_of_its_own(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview?set=features")
    shown = frames(driver, wait, 5)
    locations = [re.search(r"location=([a-z-]+)", frame.get_attribute("src")).group(1) for frame in shown]
    assert locations == ["survey", "prechat", "hints", "requests", "invitation"]
    # The invitation's frame is that state, with no console script: the operator's bar waits in it.
    driver.execute_script("arguments[0].scrollIntoView()", shown[-1])
    driver.switch_to.frame(shown[-1])
    wait.until(
        lambda d: d.execute_script("const bar = document.querySelector('[data-invitation-bar]'); return bar && !bar.hidden"),
        "the invitation frame never showed its bar",
    )
    driver.switch_to.default_content()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(widget_url.rstrip("/") + "/preview?set=nope", timeout=10)
    assert refused.value.code == 400
    assert json.loads(refused.value.read())["error"]["field"] == "set"


def test_each_frame_shows_and_downloads_its_client_core_log(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/preview?log=verbose")
    frames(driver, wait, 2)
    details = driver.find_elements(By.CSS_SELECTOR, "[data-preview-log]")[0]
    details.find_element(By.TAG_NAME, "summary").click()
    text = details.find_element(By.CSS_SELECTOR, "[data-preview-log-text]")
    wait.until(lambda d: "[networkRequest]" in text.get_attribute("textContent"), "the frame's log never showed")
    log = text.get_attribute("textContent")
    assert "/l/v/m/init" in log and "auth-token=…" in log
    assert not re.search(r"auth-token=[0-9a-f]", log), "the log kept a credential"
    link = details.find_element(By.CSS_SELECTOR, "[data-preview-log-download]")
    with urllib.request.urlopen(link.get_attribute("href"), timeout=10) as answer:
        assert answer.headers["Content-Disposition"].startswith("attachment;")
        assert "/l/v/m/init" in answer.read().decode()


def test_a_kiosk_tab_keeps_no_core_log(widget_url):
    created = post_json(widget_url, "/api/tabs", {"location": "manual", "kiosk": True, "coreLog": "verbose"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{widget_url.rstrip('/')}/api/tabs/{created['tabId']}/log", timeout=10)
    assert refused.value.code == 404 and json.loads(refused.value.read())["error"]["code"] == "no_core_log"


def post_json(widget_url, path, body):
    request = urllib.request.Request(
        widget_url.rstrip("/") + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())
