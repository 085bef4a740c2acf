"""The developer's configurator (`/preview?configure=1`): a form generated from `GET /api/widget-options` beside one
live widget frame in a device's size, with the readability check, the shareable address, the embed snippet and the
`--preview-config` file, all following the controls."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from axe_audit import audit, blocking, by_impact, report
from payloads import CORPUS

LIGHT_BACKGROUND = (243, 244, 246)
#: A colour control is set from script (a colour picker takes no keys), as the picker itself sets it.
SET_VALUE_JS = """
const [control, value] = arguments;
control.value = value;
control.dispatchEvent(new Event('input', {bubbles: true}));
control.dispatchEvent(new Event('change', {bubbles: true}));
"""
FRAME_QUERY_JS = "return document.querySelector('[data-configurator-frame]')?.dataset.query ?? null"


def luminance(rgb):
    def channel(value):
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(value) for value in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_rgb(text):
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def open_configurator(driver, wait, widget_url, variant="", device=None):
    """Opens the configurator and waits for its controls and its frame's first load."""
    query = {"configure": "1", "log": "off", "variant": variant}
    if device:
        query["device"] = device
    driver.get(widget_url.rstrip("/") + "/preview?" + urllib.parse.urlencode(query))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-option-control='title']"), "the form was never built")
    wait.until(lambda d: d.execute_script(FRAME_QUERY_JS) is not None, "the configurator has no frame")


def control(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f"[data-option-control='{name}']")


def set_colour(driver, name, value):
    driver.execute_script(SET_VALUE_JS, control(driver, name), value)


def wait_frame_query(driver, wait, predicate, message):
    wait.until(lambda d: (query := d.execute_script(FRAME_QUERY_JS)) is not None and predicate(query), message)
    return driver.execute_script(FRAME_QUERY_JS)


def in_frame(driver, wait, script, predicate, message):
    """Runs `script` in the configured frame until `predicate` holds for its answer (the frame may be reloading)."""
    frame = driver.find_element(By.CSS_SELECTOR, "[data-configurator-frame]")
    driver.switch_to.frame(frame)
    try:
        wait.until(
            lambda d: d.execute_script("return document.body?.dataset.ready === 'true'") and predicate(d.execute_script(script)),
            message,
        )
        return driver.execute_script(script)
    finally:
        driver.switch_to.default_content()


def snippet(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-configurator-snippet]").get_attribute("value")


def config_file(driver):
    return json.loads(driver.find_element(By.CSS_SELECTOR, "[data-configurator-json]").get_attribute("value"))


def variant_of(url):
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query).get("variant", [""])[0]


def test_the_form_is_every_option_of_the_server_labelled_and_described(driver, wait, widget_url):
    """One control per option of `/api/widget-options`, in its order, each with a label and its sentence as its
    description; choices offer exactly the allowed values, numbers and texts carry their bounds."""
    with urllib.request.urlopen(widget_url.rstrip("/") + "/api/widget-options", timeout=10) as answer:
        catalog = json.loads(answer.read())["options"]
    open_configurator(driver, wait, widget_url)
    rows = driver.find_elements(By.CSS_SELECTOR, "[data-configurator-fields] [data-option]")
    assert [row.get_attribute("data-option") for row in rows] == [option["name"] for option in catalog]
    for option in catalog:
        element = control(driver, option["name"])
        element_id = element.get_attribute("id")
        assert driver.find_elements(By.CSS_SELECTOR, f"label[for='{element_id}']"), f"{option['name']} has no label"
        described = driver.find_element(By.ID, element.get_attribute("aria-describedby"))
        assert described.text == option["summary"]
        if option["kind"] == "choice":
            values = [o.get_attribute("value") for o in Select(element).options if o.get_attribute("value")]
            assert values == option["values"], option["name"]
        if option["kind"] == "number":
            assert element.get_attribute("min") == str(option["minimum"]) and element.get_attribute("max") == str(option["maximum"])
        if option["kind"] == "text":
            assert element.get_attribute("maxlength") == str(option["max_length"])
        if option["kind"] == "colour":
            assert element.get_attribute("type") == "color"
    # Nothing is set on a fresh configurator: the snippet has no options and the frame no query.
    assert " data-" not in snippet(driver)
    assert config_file(driver)["variants"][0]["options"] == {}


def test_a_control_changes_the_frame_the_address_the_snippet_and_the_file(driver, wait, widget_url):
    """Choosing a palette and typing a font size reload the frame with them (its `data-palette`, its computed text
    size), and the page's address, the embed snippet and the `--preview-config` file say the same."""
    open_configurator(driver, wait, widget_url, "location=manual")
    assert in_frame(driver, wait, "return getComputedStyle(document.body).fontSize", bool, "no frame") == "15px"
    Select(control(driver, "palette")).select_by_value("green")
    control(driver, "fontSize").send_keys("20")
    wait_frame_query(driver, wait, lambda q: "palette=green" in q and "fontSize=20" in q, "the frame never got the options")
    assert in_frame(driver, wait, "return document.documentElement.dataset.palette", lambda v: v == "green", "palette") == "green"
    size = in_frame(driver, wait, "return getComputedStyle(document.body).fontSize", lambda v: v == "20px", "the frame's text never became 20px")
    assert size == "20px"

    assert urllib.parse.parse_qs(variant_of(driver.current_url)) == {"location": ["manual"], "palette": ["green"], "fontSize": ["20"]}
    code = snippet(driver)
    assert 'data-palette="green"' in code and 'data-font-size="20"' in code and 'data-location="manual"' in code
    assert f'src="{widget_url.rstrip("/")}/embed.js"' in code
    options = config_file(driver)["variants"][0]["options"]
    assert options == {"palette": "green", "fontSize": 20, "location": "manual"}
    # The download is the file shown.
    href = driver.find_element(By.CSS_SELECTOR, "[data-configurator-download]").get_attribute("href")
    prefix = "data:application/json;charset=utf-8,"
    assert href.startswith(prefix)
    assert json.loads(urllib.parse.unquote(href[len(prefix) :]))["variants"][0]["options"] == options

    # Back to the default: the option is no longer set anywhere.
    Select(control(driver, "palette")).select_by_value("blue")
    wait_frame_query(driver, wait, lambda q: "palette" not in q, "the palette stayed in the frame's query")
    assert "palette" not in variant_of(driver.current_url)
    assert "data-palette" not in snippet(driver)
    assert "palette" not in config_file(driver)["variants"][0]["options"]


def test_a_short_colour_in_a_hand_written_address_is_restored(driver, wait, widget_url):
    """The server takes `#16a` (and a colour without `#`); the configurator shows it as the colour it is."""
    open_configurator(driver, wait, widget_url, "location=manual&accent=%2316a&visitorBubble=ffee00")
    assert control(driver, "accent").get_attribute("value") == "#1166aa"
    assert control(driver, "visitorBubble").get_attribute("value") == "#ffee00"
    assert driver.find_element(By.CSS_SELECTOR, "[data-colour-set='accent']").is_selected()
    assert urllib.parse.parse_qs(variant_of(driver.current_url))["accent"] == ["#1166aa"]


def test_reopening_the_address_restores_the_controls(driver, wait, widget_url):
    """The address the configurator writes is the configuration: opened again, every control shows it and the
    frame has it."""
    open_configurator(driver, wait, widget_url, "location=manual")
    control(driver, "title").send_keys("Sales & more")
    Select(control(driver, "dark")).select_by_value("1")
    set_colour(driver, "accent", "#e11d48")
    control(driver, "open").click()
    Select(control(driver, "launcher")).select_by_value("floating")
    driver.find_element(By.CSS_SELECTOR, "[data-configurator-devices] input[value='tablet']").click()
    wait_frame_query(driver, wait, lambda q: "launcher=floating" in q and "open=1" in q, "the frame never got the options")
    address = driver.find_element(By.CSS_SELECTOR, "[data-configurator-link]").get_attribute("value")
    assert address == driver.current_url

    driver.get("about:blank")
    driver.get(address)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-option-control='title']"), "the form was never built")
    assert control(driver, "title").get_attribute("value") == "Sales & more"
    assert Select(control(driver, "dark")).first_selected_option.get_attribute("value") == "1"
    assert control(driver, "accent").get_attribute("value") == "#e11d48"
    assert driver.find_element(By.CSS_SELECTOR, "[data-colour-set='accent']").is_selected()
    assert not driver.find_element(By.CSS_SELECTOR, "[data-colour-set='visitorBubble']").is_selected()
    assert control(driver, "open").is_selected()
    assert Select(control(driver, "launcher")).first_selected_option.get_attribute("value") == "floating"
    assert driver.find_element(By.CSS_SELECTOR, "[data-configurator-devices] input[value='tablet']").is_selected()
    title = in_frame(driver, wait, "return document.querySelector('[data-header-title]')?.textContent", lambda v: v == "Sales & more", "title")
    assert title == "Sales & more"
    assert driver.execute_script("return document.querySelector('.configurator-device').dataset.device") == "tablet"


def test_an_unreadable_accent_is_reported_with_a_readable_suggestion(driver, wait, widget_url):
    """Yellow on the light page cannot be read as text: the check says it fails, what the page will draw instead,
    and suggests the nearest colour that passes; using it makes the check pass. A readable accent has no warning."""
    open_configurator(driver, wait, widget_url, "location=manual&dark=0")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-contrast-verdict='fail']")
    set_colour(driver, "accent", "#ffff00")
    check = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-contrast-check='accent-text-light']"), "no check")[0]
    assert check.get_attribute("data-contrast-verdict") == "fail"
    assert "instead" in check.find_element(By.CSS_SELECTOR, "[data-contrast-outcome]").text
    assert "1.0" in check.text  # the ratio, about 1.02:1
    # Text on the yellow accent is drawn in the dark ink, and says so: the change the page made silently before.
    ink = driver.find_element(By.CSS_SELECTOR, "[data-contrast-check='accent-ink']")
    assert ink.get_attribute("data-contrast-verdict") == "pass" and "instead of its usual white" in ink.text
    # With dark=0 the dark scheme is not checked.
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-contrast-check='accent-text-dark']")

    button = check.find_element(By.CSS_SELECTOR, "[data-contrast-suggestion]")
    suggestion = button.get_attribute("data-contrast-suggestion")
    assert contrast(hex_rgb(suggestion), LIGHT_BACKGROUND) >= 4.5
    assert contrast(hex_rgb(suggestion), (255, 255, 255)) >= 4.5
    button.click()
    assert control(driver, "accent").get_attribute("value") == suggestion
    wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-contrast-check='accent-text-light']").get_attribute("data-contrast-verdict") == "pass",
        "the suggestion did not pass",
    )
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-contrast-suggestion]")
    wait_frame_query(driver, wait, lambda q: urllib.parse.quote(suggestion) in q, "the frame never got the suggestion")


DEVICES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1280, 800), "kiosk": (1080, 1920)}


@pytest.mark.parametrize("device", DEVICES)
def test_each_device_frame_has_the_devices_size(driver, wait, widget_url, device):
    """The frame's window is the device's size in CSS pixels (scaled down to fit, never resized), and the kiosk
    device shows the kiosk page."""
    open_configurator(driver, wait, widget_url, "location=manual")
    driver.find_element(By.CSS_SELECTOR, f"[data-configurator-devices] input[value='{device}']").click()
    if device == "kiosk":
        wait_frame_query(driver, wait, lambda q: "mode=kiosk" in q, "the kiosk device did not load the kiosk page")
    else:
        wait_frame_query(driver, wait, lambda q: "mode=" not in q, "a device other than the kiosk has a mode")
    size = in_frame(driver, wait, "return [innerWidth, innerHeight]", lambda v: tuple(v) == DEVICES[device], f"the {device} frame never had its size")
    assert tuple(size) == DEVICES[device]
    mode = in_frame(driver, wait, "return document.body.dataset.mode", bool, "no mode")
    assert mode == ("kiosk" if device == "kiosk" else "widget")
    # Scaled to fit the page: the box it shows in is no wider than its column.
    box, column = driver.execute_script(
        "const box = document.querySelector('.configurator-device'); return [box.getBoundingClientRect().width, box.parentElement.clientWidth]"
    )
    assert box <= column + 1
    assert variant_of(driver.current_url).endswith("mode=kiosk") == (device == "kiosk")


@pytest.mark.parametrize("payload", CORPUS[:3])
def test_text_typed_in_a_field_reaches_the_frame_as_text(driver, wait, widget_url, payload):
    """Markup typed as a title is the frame's title, character for character, runs nothing, and is an escaped
    attribute value in the snippet."""
    open_configurator(driver, wait, widget_url, "location=manual")
    driver.execute_script(SET_VALUE_JS, control(driver, "title"), payload)
    wait_frame_query(driver, wait, lambda q: "title=" in q, "the frame never got the title")
    title = in_frame(
        driver, wait, "return document.querySelector('[data-header-title]')?.textContent", lambda v: v == payload, "the frame's title is not the text"
    )
    assert title == payload
    frame = driver.find_element(By.CSS_SELECTOR, "[data-configurator-frame]")
    driver.switch_to.frame(frame)
    try:
        assert driver.execute_script("return document.querySelectorAll('[onerror], [onload], img[src=\"x\"], script:not([src])').length") == 0
        assert driver.execute_script("return window.__pwned === undefined && parent.__pwned === undefined")
    finally:
        driver.switch_to.default_content()
    code = snippet(driver)
    assert "<img" not in code.split("embed.js")[1] and "<svg" not in code.split("embed.js")[1]
    assert payload.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;") in code
    assert config_file(driver)["variants"][0]["options"]["title"] == payload


def test_a_value_the_server_would_refuse_is_never_loaded(driver, wait, widget_url):
    """A font size out of its range is named on the page and the frame keeps what it had; a valid one loads."""
    open_configurator(driver, wait, widget_url, "location=manual")
    before = driver.execute_script(FRAME_QUERY_JS)
    control(driver, "fontSize").send_keys("30")
    error = wait.until(lambda d: (e := d.find_element(By.CSS_SELECTOR, "[data-configurator-error]")).is_displayed() and e, "no error")
    assert "fontSize" in error.text
    assert driver.execute_script(FRAME_QUERY_JS) == before
    assert "fontSize" not in variant_of(driver.current_url)
    field = control(driver, "fontSize")
    field.clear()
    field.send_keys("14")
    wait_frame_query(driver, wait, lambda q: "fontSize=14" in q, "the valid size never loaded")
    assert not driver.find_element(By.CSS_SELECTOR, "[data-configurator-error]").is_displayed()


LAUNCHER_JS = "return document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('button') ?? null"
PANEL_JS = """
const panel = document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('.panel');
return panel && !panel.hidden ? [panel.classList.contains('phone'), panel.getBoundingClientRect().width, innerWidth] : null;
"""


@pytest.mark.parametrize(("device", "full_screen"), [("phone", True), ("desktop", False)])
def test_on_a_sample_site_the_launcher_behaves_as_on_the_device(driver, wait, widget_url, device, full_screen):
    """Shown on a sample site (another origin, embed.js), the launcher opens its chat full screen on the phone, below
    its mobile width, and as a panel in the corner on the desktop: the frame is the device's real width."""
    open_configurator(driver, wait, widget_url, "location=manual&title=Sales", device=device)
    driver.find_element(By.CSS_SELECTOR, "[data-configurator-shown] input[value='site']").click()
    wait.until(
        lambda d: d.find_element(By.CSS_SELECTOR, "[data-configurator-frame]").get_attribute("data-shown") == "site",
        "the frame never showed the sample site",
    )
    frame = driver.find_element(By.CSS_SELECTOR, "[data-configurator-frame]")
    assert "/preview/site?" in frame.get_attribute("src")
    assert urllib.parse.urlsplit(frame.get_attribute("src")).netloc != urllib.parse.urlsplit(widget_url).netloc
    assert "shown=site" in driver.current_url
    driver.switch_to.frame(frame)
    try:
        launcher = wait.until(lambda d: d.execute_script(LAUNCHER_JS), "the site never drew embed.js's launcher")
        assert driver.execute_script(PANEL_JS) is None, "the chat was open before the launcher was pressed"
        # Pressed from script: WebDriver cannot aim a click into a frame scaled with a transform.
        driver.execute_script("arguments[0].click()", launcher)
        phone, width, window = wait.until(lambda d: d.execute_script(PANEL_JS), "the launcher never opened the chat")
        assert window == DEVICES[device][0]
        assert phone is full_screen
        assert (width == window) is full_screen
    finally:
        driver.switch_to.default_content()


def test_the_kiosk_is_never_shown_on_a_site(driver, wait, widget_url):
    """A kiosk is a page of its own: with the kiosk device the sample site cannot be chosen and the kiosk page shows."""
    open_configurator(driver, wait, widget_url, "location=manual", device="kiosk")
    site = driver.find_element(By.CSS_SELECTOR, "[data-configurator-shown] input[value='site']")
    assert not site.is_enabled()
    assert driver.find_element(By.CSS_SELECTOR, "[data-configurator-frame]").get_attribute("src").startswith(widget_url.rstrip("/") + "/?")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_configurator_has_no_serious_accessibility_violations(driver, wait, widget_url, scheme):
    """axe (WCAG 2.x A/AA) finds nothing serious on the configurator, its warnings shown, in light and dark."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    open_configurator(driver, wait, widget_url, "location=manual&accent=%23ffff00&visitorBubble=%23777777")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-contrast-verdict='fail']"), "no warning to audit")
    results = audit(driver)
    print(f"\naxe on the configurator ({scheme}): {dict(by_impact(results)) or 'no violations'}")
    assert blocking(results) == [], report(blocking(results))


#: A `--preview-config` file for the Save test, written before its server starts (the server checks it at start).
SAVED_FILE = __import__("pathlib").Path(__import__("tempfile").mkdtemp()) / "preview.json"
SAVED_FILE.write_text(json.dumps({"variants": [{"name": "Before", "options": {"title": "Before"}}]}), encoding="utf-8")


@pytest.mark.parametrize("server_args", [["--preview-config", str(SAVED_FILE)]], ids=["with-file"])
def test_save_writes_the_configuration_to_the_servers_file(driver, wait, widget_url):
    """With `--preview-config`, Save replaces the file with what the controls say, and the file reads back."""
    open_configurator(driver, wait, widget_url)
    save = wait.until(lambda d: (b := d.find_element(By.CSS_SELECTOR, "[data-configurator-save]")).is_displayed() and b)
    Select(control(driver, "palette")).select_by_value("green")
    wait.until(lambda d: config_file(d)["variants"][0]["options"].get("palette") == "green", "the file never followed")
    save.click()
    said = driver.find_element(By.CSS_SELECTOR, "[data-configurator-saved]")
    wait.until(lambda d: said.text == "Saved to the server's file.", f"the page says {said.text!r}")
    saved = json.loads(SAVED_FILE.read_text(encoding="utf-8"))
    assert saved["variants"][0]["options"]["palette"] == "green", saved


def test_without_a_file_there_is_no_save(driver, wait, widget_url):
    """A server started without `--preview-config` has no file to save to: the button never shows."""
    open_configurator(driver, wait, widget_url)
    wait.until(lambda d: d.execute_script("return document.querySelector('[data-configurator-json]').value !== ''"))
    assert not driver.find_element(By.CSS_SELECTOR, "[data-configurator-save]").is_displayed()
