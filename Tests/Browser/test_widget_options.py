"""The widget options of `GET /` (title, subtitle, placeholder, prefill, invitation, dark, rtl, launcher)."""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

TITLE_JS = "return document.querySelector('[data-header-title]')?.textContent ?? ''"

OPTIONS = (
    "location=manual&title=Help%20desk&subtitle=We%20reply%20in%20minutes&placeholder=Ask%20away"
    "&prefill=Hello%20there&invitation=Need%20help%3F&icon=hidden"
)


def test_query_options_title_subtitle_placeholder_prefill_invitation(page, driver, wait, operator_api):
    composer = page.open(OPTIONS)
    assert driver.execute_script(TITLE_JS) == "Help desk"
    subtitle = driver.find_element(By.CSS_SELECTOR, "[data-header-subtitle]")
    assert subtitle.text == "We reply in minutes"
    assert composer.get_attribute("placeholder") == "Ask away"
    assert composer.get_attribute("value") == "Hello there"
    assert driver.find_elements(By.CSS_SELECTOR, "[data-header-icon]") == []
    invitation = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-invitation]")))
    assert invitation.text == "Need help?"

    composer.clear()
    page.send("Hi")
    wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, "[data-invitation]")))
    operator_api.visitor(operator_api.visitor_id(wait, "manual"), "/join", {})
    name_js = "return document.querySelector('[data-operator-name]').textContent"
    name = wait.until(lambda d: d.execute_script(name_js), "no operator joined")
    wait.until(lambda d: d.execute_script(TITLE_JS) == name, "the operator's name never replaced the title")


def test_query_options_dark_rtl_and_a_floating_launcher_on_the_left(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/?location=manual&dark=1&dir=rtl&launcher=floating&position=left&accent=%23e11d48")
    button = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-launcher-toggle]")))
    html = driver.find_element(By.TAG_NAME, "html")
    assert html.get_attribute("dir") == "rtl" and html.get_attribute("data-theme") == "dark"
    assert not driver.find_element(By.CSS_SELECTOR, ".widget-frame").is_displayed()
    assert button.get_attribute("aria-expanded") == "false"
    assert button.rect["x"] < driver.execute_script("return innerWidth") / 2, "the launcher is not on the left"
    assert driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", button) == "rgb(225, 29, 72)"

    button.click()
    wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-composer-input]")))
    assert button.get_attribute("aria-expanded") == "true"
    # A panel in the corner: the button beside it closes it, and the header has no Minimise of its own.
    assert not driver.find_element(By.CSS_SELECTOR, "[data-launcher-minimize]").is_displayed()
    button.click()
    wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, ".widget-frame")))


FRAME_AND_WINDOW = """
const r = document.querySelector('.widget-frame').getBoundingClientRect();
return [r.x, r.y, r.width, r.height, innerWidth, innerHeight];
"""


def test_on_a_phone_the_floating_launcher_opens_the_chat_full_screen(driver, wait, widget_url):
    """Below 640 px the open chat covers the screen, as a site's embedded one does (embed.js). The round button would
    cover the composer, so it hides, and the header's Minimise closes the chat and gives the button its focus back."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        driver.get(widget_url.rstrip("/") + "/?location=manual&launcher=floating&locale=ru")
        button = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-launcher-toggle]")))
        minimize = driver.find_element(By.CSS_SELECTOR, "[data-launcher-minimize]")
        button.click()
        wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "[data-composer-input]")))
        x, y, width, height, window_width, window_height = driver.execute_script(FRAME_AND_WINDOW)
        assert (x, y, width, height) == (0, 0, window_width, window_height), "the open chat does not fill the phone"
        assert not button.is_displayed(), "the launcher's button covers the full-screen chat"
        assert minimize.is_displayed() and minimize.text == "Свернуть"
        minimize.click()
        wait.until(EC.invisibility_of_element_located((By.CSS_SELECTOR, ".widget-frame")))
        assert button.is_displayed() and button.get_attribute("aria-expanded") == "false"
        assert driver.switch_to.active_element == button
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_fullscreen_fills_the_window(driver, wait, widget_url):
    driver.get(widget_url.rstrip("/") + "/?location=manual&launcher=fullscreen")
    wait.until(lambda d: d.execute_script("return document.documentElement.dataset.launcher") == "fullscreen")
    wait.until(
        lambda d: d.execute_script("return document.querySelector('.widget-frame').getBoundingClientRect().width")
        == d.execute_script("return document.documentElement.clientWidth"),
        "the full-screen frame does not fill the window",
    )


def test_a_bad_option_is_a_clear_error(driver, widget_url):
    driver.get(widget_url.rstrip("/") + "/?palette=pink")
    body = driver.find_element(By.TAG_NAME, "body").text
    assert '"invalid_option"' in body and '"palette"' in body


def test_the_offline_message_follows_the_visitors_message_while_nobody_is_online(page, driver, wait):
    page.open("location=offline&offline=We%20are%20away%3B%20we%20will%20e-mail%20you.")
    note = driver.find_element(By.CSS_SELECTOR, "[data-offline-message]")
    assert not note.is_displayed(), "the offline message showed before the visitor wrote"
    page.send("Is anyone there?")
    wait.until(EC.visibility_of(note), "the offline message never followed the visitor's message")
    assert note.text == "We are away; we will e-mail you."


#: `serve --help`'s kiosk options and the `<body>` attribute the page reads each from.
KIOSK_DEFAULTS = {
    "--kiosk-idle": "kioskIdleSeconds",
    "--kiosk-countdown": "kioskCountdownSeconds",
    "--kiosk-keyboard": "kioskKeyboard",
    "--kiosk-languages": "kioskLanguages",
}

BODY_DATA_JS = "return Object.assign({}, document.body.dataset)"


def help_defaults(binary) -> dict[str, str]:
    """Each option of `webim-widget serve --help` with the default it prints, `(default: …)`."""
    import re
    import subprocess

    text = subprocess.run([str(binary), "serve", "--help"], capture_output=True, text=True, timeout=60, check=True).stdout
    # An option's line, then its help (perhaps over several lines) ending in "(default: …)".
    found = {}
    for match in re.finditer(r"^\s+(--[a-z-]+)[^\n]*\n?(?:(?!^\s+--)[\s\S])*?\(default:\s+([^)]*)\)", text, re.M):
        found.setdefault(match.group(1), " ".join(match.group(2).split()))
    return found


def test_the_command_line_the_server_and_the_page_say_the_same_defaults(server, driver, wait, widget_url):
    """Each default has one home: what `--help` prints, what the server hands a page and what the page receives are
    the same (the kiosk's timings, keyboard and languages; every widget option's default from /api/widget-options)."""
    import json
    import urllib.request

    from conftest import _binary_path

    printed = help_defaults(_binary_path())
    assert printed.get("--max-tabs") == "10000" and printed.get("--tab-idle-timeout") == "600", printed
    driver.get(widget_url.rstrip("/") + "/?mode=kiosk")
    body = wait.until(lambda d: d.execute_script(BODY_DATA_JS) if d.execute_script(BODY_DATA_JS).get("mode") else None)
    for option, attribute in KIOSK_DEFAULTS.items():
        assert option in printed, f"--help prints no default for {option}"
        given = body[attribute].replace(" ", ",")
        assert given == printed[option], f"{option}: --help says {printed[option]!r}, the page gets {given!r}"

    with urllib.request.urlopen(widget_url.rstrip("/") + "/api/widget-options", timeout=10) as answer:
        catalog = json.load(answer)["options"]
    driver.get(widget_url.rstrip("/") + "/")
    config = json.loads(wait.until(lambda d: d.execute_script("return document.body.dataset.config")))
    assert [option["name"] for option in catalog] == list(dict.fromkeys(option["name"] for option in catalog))
    for option in catalog:
        assert config.get(option["name"]) == option.get("default"), f"{option['name']}: the page gets another default"
    assert driver.execute_script("return document.body.dataset.optionsSet") == ""


#: Options only the widget page itself takes: `embed.js` draws its own launcher and has its own `open` command.
PAGE_ONLY = {"launcher", "open", "inspect", "log"}


def test_embed_js_reads_every_option_a_site_may_set(widget_url):
    """The loader's `data-` attributes are the server's options (`GET /api/widget-options`), all of them but the
    page's own: a new option the loader forgot, or one it reads that the server does not know, fails here."""
    import json
    import re
    import urllib.request

    with urllib.request.urlopen(widget_url.rstrip("/") + "/api/widget-options", timeout=10) as answer:
        catalog = {option["name"] for option in json.load(answer)["options"]}
    source = (Path(__file__).resolve().parents[2] / "Public" / "embed.js").read_text(encoding="utf-8")
    listed = re.search(r"for \(const name of '([^']+)'\.split\(' '\)\)", source)
    assert listed, "embed.js no longer lists its options in one string"
    # `position` and `notifications` are read on their own, beside the list, as the loader uses them itself.
    read = set(listed.group(1).split()) | {"position", "notifications"}
    assert read == catalog - PAGE_ONLY, f"only in embed.js: {read - catalog}; missing there: {catalog - PAGE_ONLY - read}"
