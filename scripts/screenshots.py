"""Takes the README's screenshots (see scripts/screenshots): widget, kiosk (its attract screen, and a chat with the
on-screen keyboard open), preview grid, gallery, and a variant embedded on the preview's sample site."""

from __future__ import annotations

import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from local_server import ROOT, make_driver, running_server

OUT = ROOT / "docs" / "screenshots"
WIDTH = 1000  # px: small enough for the README, wide enough to read


def resize(driver, height: int, width: int = WIDTH) -> None:
    """Sets the viewport exactly, and reduced motion so no bubble is caught half faded in."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})


def each_frame_ready(driver, wait, selector: str, condition_js: str) -> None:
    for frame in wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, selector)):
        driver.switch_to.default_content()
        driver.switch_to.frame(frame)
        wait.until(lambda d: d.execute_script(condition_js))
    driver.switch_to.default_content()


def kiosk(driver, wait, base: str) -> None:
    """A 1080×1920 portrait touch screen, drawn at half scale: the attract screen, then a chat typed on the page's
    on-screen keyboard, the keyboard open for the next message."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1080, "height": 1920, "deviceScaleFactor": 0.5, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.get(f"{base}/?mode=kiosk&location=default&title=City%20Library")
    wait.until(lambda d: d.execute_script("return document.querySelector('[data-kiosk-attract-status]')?.textContent"))
    driver.save_screenshot(str(OUT / "kiosk-attract.png"))
    tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-kiosk-attract-start]"))
    composer = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-composer-input]")))
    tap(driver, composer)
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-onscreen-keyboard]:not([hidden])"))
    for key in ["shift", *"where is the cafe"]:
        tap(driver, driver.find_element(By.CSS_SELECTOR, f'[data-onscreen-keyboard] [data-key="{"space" if key == " " else key}"]'))
    tap(driver, driver.find_element(By.CSS_SELECTOR, "[data-composer-send]"))
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '[data-message-type="operator"]')) >= 2)
    for key in ["shift", *"thank"]:
        tap(driver, driver.find_element(By.CSS_SELECTOR, f'[data-onscreen-keyboard] [data-key="{key}"]'))
    driver.save_screenshot(str(OUT / "kiosk.png"))
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def locales(driver, wait, base: str) -> None:
    """The same conversation in one locale of each script family and the pseudo-locale, light and dark, at phone
    width: what a translator or tester checks for length and direction."""
    (OUT / "locales").mkdir(exist_ok=True)
    resize(driver, 700, width=400)
    for locale in ("de", "kk", "ja", "ar", "qps"):
        for look in ("light", "dark"):
            # A new visitor each time: the same conversation from its start, not the last one continued.
            driver.execute_script("localStorage.clear(); sessionStorage.clear()")
            driver.get(f"{base}/?location=default&locale={locale}&dark={1 if look == 'dark' else 0}")
            composer = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-composer-input]")))
            composer.send_keys("Hello! Can you help me with my order?", Keys.ENTER)
            wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '[data-message-type="operator"]')) >= 2)
            driver.save_screenshot(str(OUT / "locales" / f"{locale}-{look}.png"))


def tap(driver, element) -> None:
    """A finger on the element's centre (Chromium's touch events), as a kiosk's visitor taps."""
    x, y = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]",
                                 element)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with running_server() as base:
        driver = make_driver(WIDTH)
        wait = WebDriverWait(driver, 30)
        try:
            resize(driver, 700)
            driver.get(f"{base}/?location=default&title=Support&subtitle=We%20answer%20in%20minutes")
            composer = wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "[data-composer-input]")))
            composer.send_keys("Hello! Can you help me with my order?", Keys.ENTER)
            wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '[data-message-type="operator"]')) >= 2)
            driver.save_screenshot(str(OUT / "widget.png"))

            kiosk(driver, wait, base)
            locales(driver, wait, base)

            resize(driver, 1200)
            driver.get(f"{base}/preview")
            each_frame_ready(driver, wait, "iframe[data-preview-frame]",
                             "return document.body?.dataset.ready === 'true' && "
                             "document.querySelector('[data-connection-banner]')?.dataset.state === 'live'")
            driver.save_screenshot(str(OUT / "preview.png"))

            resize(driver, 1000)
            driver.get(f"{base}/inspect")
            # The gallery's conversation comes with the visitor's first message, which every frame (one visitor) shows.
            first = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "iframe[data-inspect-frame]"))[0]
            driver.switch_to.frame(first)
            composer = wait.until(lambda d: d.execute_script(
                "return document.body?.dataset.ready === 'true' && document.querySelector('[data-composer-input]')"))
            composer.send_keys("Show me everything", Keys.ENTER)
            driver.switch_to.default_content()
            each_frame_ready(driver, wait, "iframe[data-inspect-frame]",
                             "return document.querySelector('[data-quote-state=\"pending\"]') !== null")
            driver.save_screenshot(str(OUT / "gallery.png"))

            # The first variant on its sample site (another origin), its chat opened through the host API.
            # Wide enough that the site's frame is no phone: the chat opens as a panel beside the page.
            resize(driver, 800, width=1400)
            driver.get(f"{base}/preview?view=site")
            site = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "iframe[data-preview-site-frame]")))
            driver.switch_to.frame(site)
            wait.until(lambda d: d.execute_script("return window.WebimWidget?.version === 1"))
            driver.execute_script("WebimWidget('open')")
            chat = wait.until(lambda d: d.execute_script(
                "return document.querySelector('[data-webim-widget]')?.shadowRoot?.querySelector('iframe')"))
            driver.switch_to.frame(chat)
            wait.until(lambda d: d.execute_script(
                "return document.querySelector('[data-connection-banner]')?.dataset.state === 'live'"))
            driver.switch_to.default_content()
            driver.save_screenshot(str(OUT / "embedded.png"))
        finally:
            driver.quit()
    for name in ("widget", "kiosk", "kiosk-attract", "preview", "gallery", "embedded"):
        path = OUT / f"{name}.png"
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    sys.exit(main())
