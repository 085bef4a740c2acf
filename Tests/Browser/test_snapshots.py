"""The visual snapshots' comparison (scripts/snapshots.py, scripts/snapshot_compare.py): its threshold takes a render
for itself and sees a 1-px border or a colour nudged by a few steps, in a real page and in made-up images."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from snapshot_compare import CHANGED_SHARE, PIXEL_TOLERANCE, compare  # noqa: E402
from snapshots import BASELINES, CI_SUBSET, STATES, Renderer, Shot, matrix  # noqa: E402

SURVEY = Shot(next(state for state in STATES if state.name == "survey-stars"), "phone", "light-ltr", "en")

#: Where an element is on screen, in CSS pixels (the renders are at device scale 1).
RECT_JS = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]"


@pytest.fixture
def renderer(driver, widget_url):
    return Renderer(widget_url.rstrip("/"), driver)


def test_two_renders_of_a_state_as_two_new_visitors_are_the_same(renderer):
    first = renderer.render(SURVEY)
    second = renderer.render(SURVEY)
    comparison = compare(first, second)
    assert comparison.changed_pixels == 0 and not comparison.differs, comparison.summary()


#: The element's background colour as [red, green, blue].
BACKGROUND_JS = "return getComputedStyle(document.querySelector(arguments[0])).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)"


def nudged(rgb: list[int], steps: int) -> str:
    """The colour with its red moved by `steps` (down when up would pass 255)."""
    red = rgb[0] + steps if rgb[0] + steps <= 255 else rgb[0] - steps
    return f"rgb({red}, {rgb[1]}, {rgb[2]})"


def small_change(renderer, name: str) -> tuple[str, str]:
    """The selector of the element a change touches, and the stylesheet that makes it."""
    if name == "1px-border":
        # A 1-px outline that was not there, on the survey card's Close button.
        return "[data-survey-close]", "[data-survey-close] { outline: 1px solid #000 !important; outline-offset: 0 }"
    # The send button's background moved by 12 steps of red, past the tolerance: a subtle colour change.
    colour = nudged(renderer.driver.execute_script(BACKGROUND_JS, "[data-composer-send]"), 12)
    return "[data-composer-send]", f"[data-composer-send] {{ background: {colour} !important }}"


@pytest.mark.parametrize("change", ["1px-border", "colour"])
def test_a_small_change_to_a_rendered_state_is_reported_where_it_is(renderer, change):
    baseline = renderer.render(SURVEY)
    selector, css = small_change(renderer, change)
    left, top, right, bottom = renderer.driver.execute_script(RECT_JS, selector)
    renderer.add_style(css)
    changed = renderer.still_picture()
    comparison = compare(baseline, changed)
    assert comparison.differs, comparison.summary()
    # The changed pixels are the element's (its edge's pixels, at most one past them each way), no others; the box's
    # right and bottom are exclusive.
    box = comparison.changed_box()
    element = (math.floor(left) - 1, math.floor(top) - 1, math.ceil(right) + 1, math.ceil(bottom) + 1)
    assert box is not None
    assert element[0] <= box[0] and element[1] <= box[1] and box[2] <= element[2] and box[3] <= element[3], (box, element)


def test_the_tolerance_and_the_share_are_the_bounds_they_say():
    base = Image.new("RGB", (100, 100), (100, 100, 100))
    within = base.copy()
    within.putpixel((5, 5), (100 + PIXEL_TOLERANCE, 100, 100))
    assert compare(base, within).changed_pixels == 0
    past = base.copy()
    past.putpixel((5, 5), (100 + PIXEL_TOLERANCE + 1, 100, 100))
    assert compare(base, past).changed_pixels == 1
    # 10,000 pixels: the share allows one changed pixel, and not two.
    assert CHANGED_SHARE * 100 * 100 == pytest.approx(1)
    assert not compare(base, past).differs
    past.putpixel((6, 5), (0, 0, 0))
    assert compare(base, past).differs


def test_a_render_of_another_size_differs():
    comparison = compare(Image.new("RGB", (100, 100)), Image.new("RGB", (100, 101)))
    assert comparison.differs and comparison.size_changed


def test_the_ci_subset_names_snapshots_of_the_matrix_and_has_each_baseline_and_no_other():
    names = {shot.name for shot in matrix()}
    assert set(CI_SUBSET) <= names, set(CI_SUBSET) - names
    assert {path.stem for path in BASELINES.glob("*.png")} == set(CI_SUBSET)
