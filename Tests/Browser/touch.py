"""A touch screen in headless Chromium, through the DevTools protocol: a screen size, touch emulation, and taps.

A tap is `Input.dispatchTouchEvent` touchStart then touchEnd at an element's centre, which Chromium turns into the
pointer events (pointerType "touch"), focus and click a finger gives; a WebDriver click is a mouse's.
"""

from __future__ import annotations

#: The screens a kiosk runs on: a floor-standing portrait one, a landscape one, a 10-inch tablet.
PORTRAIT = (1080, 1920)
LANDSCAPE = (1920, 1080)
TABLET = (1280, 800)

CENTRE_JS = """
const box = arguments[0].getBoundingClientRect();
return [box.left + box.width / 2, box.top + box.height / 2];
"""


def touch_screen(driver, size: tuple[int, int] = PORTRAIT, max_touch_points: int = 5) -> None:
    """Makes the page a touch screen of `size` (CSS pixels, scale 1); call before opening the page."""
    width, height = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": max_touch_points})


def centre(driver, element) -> tuple[float, float]:
    """The element's centre in the viewport (after scrolling it into view)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", element)
    x, y = driver.execute_script(CENTRE_JS, element)
    return x, y


def touch_start(driver, x: float, y: float) -> None:
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})


def touch_end(driver) -> None:
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def tap(driver, element) -> None:
    """A finger on the element's centre and off again."""
    x, y = centre(driver, element)
    touch_start(driver, x, y)
    touch_end(driver)


def tap_css(driver, selector: str) -> None:
    """Taps the first element matching `selector`."""
    from selenium.webdriver.common.by import By

    tap(driver, driver.find_element(By.CSS_SELECTOR, selector))
