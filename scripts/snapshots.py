"""Visual snapshots (see scripts/snapshots): every gallery and preview state of the widget page rendered in headless
Chromium at fixed sizes, light and dark, left-to-right and right-to-left, in English and the pseudo-locale, each PNG
compared with its baseline: the ci subset's are committed in Tests/Snapshots/baselines/, the rest of the matrix's
are made locally by --update into .build/snapshots/baselines/ (all of them would be over 5 MB).

    scripts/snapshots                       compare the whole matrix
    scripts/snapshots --subset ci           compare the representative subset (scripts/test runs it)
    scripts/snapshots --update [--subset ci] [NAME...]   render and write those baselines
    scripts/snapshots --list [--subset ci]  print the snapshots' names

A NAME is a snapshot's name or a shell pattern of names: `messages.*`, `*.phone.dark-rtl.qps`.
Threshold (snapshot_compare.py): a pixel is changed when one of its channels differs by more than 8/255; a snapshot
differs when more than 0.01 % of its pixels changed or its size changed. Exits 1 when any differs, has no baseline
or fails to render, and writes `.build/snapshots/report.html` with before, after and difference for each.

What varies between runs is kept out of the picture: message times read 00:00, the unread count is hidden, the
transcript is at its end, animations, transitions and the caret are off, scrollbars hidden, the viewport fixed at
device scale 1, motion reduced; each state waits for its own content, then for two renders in a row to be the same.
"""

from __future__ import annotations

import argparse
import fnmatch
import io
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

from local_server import ROOT, make_driver, running_server
from snapshot_compare import THRESHOLD_SENTENCE, Row, compare, save_png, write_report

ARTIFACTS = ROOT / ".build" / "snapshots"
#: The ci subset's baselines are committed (17 PNGs, about 0.5 MB); the whole matrix's would be over 5 MB, so the
#: rest are made on the tester's machine by `--update` and kept in .build, out of the repository.
BASELINES = ROOT / "Tests" / "Snapshots" / "baselines"
LOCAL_BASELINES = ARTIFACTS / "baselines"
#: Seconds one state may take to show its content, then to hold still.
READY_TIMEOUT = 30
STILL_TIMEOUT = 15

SIZES = {"phone": (390, 700), "desktop": (800, 600)}
LOOKS = {"light-ltr": "dark=0", "dark-ltr": "dark=1", "light-rtl": "dark=0&dir=rtl", "dark-rtl": "dark=1&dir=rtl"}
LOCALES = ("en", "qps")

#: Every widget page's condition, then its state's own (for __STATE__): the page started, its stream is live, its
#: fonts, stylesheets (some load later, such as the gallery's) and the pictures in view are loaded, and no one is
#: typing.
READY_JS = """
const banner = document.querySelector('[data-connection-banner]');
const typing = document.querySelector('[data-typing-indicator]');
const inView = (img) => { const r = img.getBoundingClientRect();
  return r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; };
return document.body?.dataset.ready === 'true'
  && banner?.dataset.state === 'live'
  && document.fonts.status === 'loaded'
  && Array.from(document.querySelectorAll('link[rel="stylesheet"]')).every((link) => link.sheet !== null)
  && (typing === null || typing.hidden)
  && Array.from(document.images).filter(inView).every((img) => img.complete && img.naturalWidth > 0)
  && (__STATE__);
"""

#: What the picture must not carry from one run to the next.
STEADY_CSS = """
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important;
  scrollbar-width: none !important; }
::-webkit-scrollbar { display: none !important; }
[data-unread-badge] { visibility: hidden !important; }
"""
ADD_STYLE_JS = """
const sheet = new CSSStyleSheet();
sheet.replaceSync(arguments[0]);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
"""
#: What a picture must not carry from the run's timing: a message's time says when the run happened, so each reads
#: 00:00 (the element stays, so does its space); the transcript is at its end, as the page keeps it (a picture
#: decoded late can leave it short of the end, and then the unread count too, which the stylesheet hides).
STEADY_PICTURE_JS = """
for (const time of document.querySelectorAll('[data-message-time]')) {
  if (time.textContent !== '' && time.textContent !== '00:00') time.textContent = '00:00';
}
const transcript = document.querySelector('[data-transcript]');
if (transcript) transcript.scrollTop = transcript.scrollHeight;
"""
#: Said when a state is never ready: which of the page's conditions holds.
DIAGNOSIS_JS = """
return JSON.stringify({
  ready: document.body?.dataset.ready, banner: document.querySelector('[data-connection-banner]')?.dataset.state,
  fonts: document.fonts.status, typing: !document.querySelector('[data-typing-indicator]')?.hidden,
  unloadedImages: Array.from(document.images).filter((img) => !(img.complete && img.naturalWidth > 0)).length,
  messages: document.querySelectorAll('[data-transcript-list] > .transcript-item').length,
});
"""


def shown(selector: str) -> str:
    """A condition: an element `selector` finds is visible (each message has a hidden form and so on)."""
    return f"Array.from(document.querySelectorAll({selector!r})).some((e) => !e.hidden && e.checkVisibility())"


def items(count: int) -> str:
    """A condition: the transcript holds at least `count` messages."""
    return f"document.querySelectorAll('[data-transcript-list] > .transcript-item').length >= {count}"


@dataclass(frozen=True)
class State:
    """A page state: its widget query (without look or locale), what the visitor does once the page is live and
    `act_when` holds (a script, or empty), and the condition that says the state is all there."""

    name: str
    query: str
    ready: str
    act: str = ""
    act_when: str = "true"
    locales: tuple[str, ...] = LOCALES


#: The visitor writes a first message (the scenarios that start with the chat wait for one).
WRITE_JS = """
const input = document.querySelector('[data-composer-input]');
input.value = 'Hello!';
input.dispatchEvent(new Event('input', { bubbles: true }));
document.querySelector('[data-composer-send]').click();
"""
#: The visitor's cursor in a prefilled composer: the hints ask for suggestions as on typing.
TYPE_JS = """
const input = document.querySelector('[data-composer-input]');
input.focus();
input.dispatchEvent(new Event('input', { bubbles: true }));
"""
PREFILLED = "document.querySelector('[data-composer-input]').value !== ''"
#: Each operator message has its like and dislike: a part loaded after the first message that takes it, which then
#: fills the messages again.
REACTIONS = ("Array.from(document.querySelectorAll('.transcript-item[data-message-type=\"operator\"]'))"
             ".every((item) => item.querySelector('[data-message-reactions]') !== null)")
#: The gallery's messages with each part they take (each loaded with the first message that needs it): three
#: keyboards, seven files, four quotes (one pending), the contacts form's three fields, the action's button, a sticker.
GALLERY_PARTS = """(() => { const count = (selector) => document.querySelectorAll(selector).length;
  return count('[data-keyboard-state]') === 3 && count('[data-message-files]:not([hidden]) > *') === 7
    && count('[data-quote-state]') === 4 && count('[data-quote-state="pending"]') === 1
    && count('[data-message-contacts]:not([hidden]) input') === 3
    && count('[data-message-action-request]:not([hidden]) button') === 1 && count('img[data-sticker-image]') === 1; })()"""
#: An empty chat of an online location: its status in the header, the start button offered.
WAITING = f"{shown('[data-online-status]')} && {shown('[data-chat-start]')}"
#: No operator online: the status says so and the offline form (loaded when the status first calls for it) is there.
OFFLINE = f"{shown('[data-online-status]')} && {shown('[data-offline-form]')}"

#: A new visitor's chat once the server said that nothing is older (`history.complete`): no "Load older messages".
NOTHING_OLDER = "document.querySelector('[data-history-more]')?.hidden === true"

#: The gallery's states (GET /inspect?state=…, their frames' queries), the preview's feature set
#: (/preview?set=features) and its built-in variants (/preview), each with the looks the matrix gives it.
STATES = [
    # Every message type, keyboard and quote state: the visitor's message and the 18 it brings, the survey card last.
    State("messages", "location=gallery&inspect=1",
          f"{items(19)} && {shown('[data-survey]')} && {GALLERY_PARTS} && {REACTIONS} && {NOTHING_OLDER}"),
    State("prechat", "location=prechat&inspect=1",
          f"{shown('form[data-prechat]')} && document.querySelectorAll('[data-prechat] option').length >= 3"),
    State("invitation", "location=invitation&inspect=1",
          f"{shown('[data-invitation-bar]')} && {items(1)} && {REACTIONS} && {NOTHING_OLDER}"),
    State("survey-stars", "location=gallery-survey-stars&inspect=1", shown('[data-survey][data-survey-type="stars"]')),
    State("survey-radio", "location=gallery-survey-radio&inspect=1", shown('[data-survey][data-survey-type="radio"]')),
    State("survey-comment", "location=gallery-survey-comment&inspect=1",
          shown('[data-survey][data-survey-type="comment"]')),
    # The gallery's hints state with "deli" typed, as its hint says (the preview's frame prefills it).
    State("hints", "location=hints&inspect=1&prefill=deli", shown("[data-hints] [role=option]"),
          # The hints' list is loaded once the location's settings offer hints; typing before it asks nothing.
          act=TYPE_JS, act_when="document.querySelector('[data-hints]') !== null"),
    State("survey-prefilled", "location=survey&prefill=How%20are%20you%3F", f"{PREFILLED} && {WAITING}"),
    State("requests", "location=requests",
          f"{items(5)} && {shown('[data-message-contacts]')} && {shown('[data-message-action-request]')} && {REACTIONS}"
          f" && {NOTHING_OLDER}",
          act=WRITE_JS),
    State("default-invitation", "location=default&invitation=Hi%21%20Ask%20us%20anything.",
          f"{shown('[data-invitation]')} && {WAITING}"),
    State("green-russian",
          "location=default&palette=green&locale=ru&subtitle=%D0%9D%D0%B0%20%D1%81%D0%B2%D1%8F%D0%B7%D0%B8",
          WAITING, locales=("ru",)),
    State("accent", "location=default&accent=%23e11d48", WAITING),
    State("floating-launcher", "location=offline&launcher=floating&position=left&open=1", OFFLINE),
    State("offline", "location=offline", OFFLINE),
]

#: The representative subset scripts/test runs: every gallery state, the requests, the invitation option, the
#: palette, offline and launcher variants; both sizes, the four looks, both locales (and Russian).
CI_SUBSET = [
    "messages.phone.light-ltr.en", "messages.phone.dark-rtl.qps", "messages.desktop.light-rtl.en",
    "messages.desktop.dark-ltr.qps", "prechat.phone.light-ltr.en", "prechat.desktop.dark-rtl.qps",
    "invitation.phone.dark-ltr.en", "survey-stars.phone.light-rtl.qps", "survey-radio.desktop.light-ltr.en",
    "survey-comment.phone.dark-ltr.en", "hints.phone.light-ltr.en", "hints.desktop.dark-rtl.qps",
    "requests.phone.light-ltr.qps", "default-invitation.desktop.light-ltr.en", "green-russian.phone.dark-ltr.ru",
    "floating-launcher.desktop.dark-ltr.en", "offline.phone.light-rtl.en",
]


@dataclass(frozen=True)
class Shot:
    state: State
    size: str
    look: str
    locale: str

    @property
    def name(self) -> str:
        return f"{self.state.name}.{self.size}.{self.look}.{self.locale}"

    @property
    def baseline(self) -> Path:
        return (BASELINES if self.name in CI_SUBSET else LOCAL_BASELINES) / f"{self.name}.png"

    def query(self) -> str:
        locale = "" if "locale=" in self.state.query else f"&locale={self.locale}"
        return f"{self.state.query}&{LOOKS[self.look]}{locale}"


def matrix() -> list[Shot]:
    return [Shot(state, size, look, locale)
            for state in STATES for size in SIZES for look in LOOKS for locale in state.locales]


def select(shots: list[Shot], subset: str | None, patterns: list[str]) -> list[Shot]:
    if subset == "ci":
        shots = [shot for shot in shots if shot.name in CI_SUBSET]
    if patterns:
        shots = [shot for shot in shots if any(fnmatch.fnmatchcase(shot.name, pattern) for pattern in patterns)]
    return shots


class Renderer:
    """One browser that renders shots, each as a new visitor at its own viewport."""

    def __init__(self, base: str, driver=None):
        """`base` is the widget's URL; `driver` a Chromium of the caller's (a test's), else one of its own."""
        self.base = base
        self.driver = driver or make_driver(800, 700)
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})

    def close(self) -> None:
        self.driver.quit()

    def render(self, shot: Shot) -> Image.Image:
        driver = self.driver
        # A new visitor: nothing kept from the last shot's chat.
        if driver.current_url.startswith(self.base):
            driver.execute_script("localStorage.clear(); sessionStorage.clear()")
        driver.delete_all_cookies()
        width, height = SIZES[shot.size]
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.get(f"{self.base}/?{shot.query()}")
        self.add_style(STEADY_CSS)
        if shot.state.act:
            self.wait_until(READY_JS.replace("__STATE__", shot.state.act_when), f"never ready to act: {shot.state.act_when}")
            driver.execute_script(shot.state.act)
        # Steadied before each look, so the pictures in view are those of the transcript's end.
        self.wait_until(STEADY_PICTURE_JS + READY_JS.replace("__STATE__", shot.state.ready),
                        f"never ready: {shot.state.ready}")
        return self.still_picture()

    def wait_until(self, condition: str, failure: str) -> None:
        try:
            WebDriverWait(self.driver, READY_TIMEOUT, poll_frequency=0.1).until(lambda d: d.execute_script(condition))
        except TimeoutException:
            raise RuntimeError(f"{failure} (in {READY_TIMEOUT} s; {self.driver.execute_script(DIAGNOSIS_JS)})") from None

    def picture(self) -> bytes:
        self.driver.execute_script(STEADY_PICTURE_JS)
        return self.driver.get_screenshot_as_png()

    def add_style(self, css: str) -> None:
        """Adds a stylesheet to the page on show (the page's policy allows no <style>; an adopted sheet it does)."""
        self.driver.execute_script(ADD_STYLE_JS, css)

    def still_picture(self) -> Image.Image:
        """The first picture that the next one repeats exactly: late layout (a picture decoded, a scroll to the
        end) has settled."""
        deadline = time.monotonic() + STILL_TIMEOUT
        last = self.picture()
        while time.monotonic() < deadline:
            current = self.picture()
            if current == last:
                return Image.open(io.BytesIO(current))
            last = current
        raise RuntimeError(f"still changing after {STILL_TIMEOUT} s")


def run(shots: list[Shot], update: bool, command: str) -> int:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    renders = ARTIFACTS / "renders"
    rows: list[Row] = []
    started = time.monotonic()
    with running_server() as base:
        renderer = Renderer(base)
        try:
            for shot in shots:
                rows.append(one(renderer, shot, update, renders))
                print(f"{rows[-1].verdict:8} {shot.name}  {rows[-1].detail}", flush=True)
        finally:
            renderer.close()
    seconds = time.monotonic() - started
    report = write_report(rows, ARTIFACTS, command)
    bad = [row for row in rows if row.verdict not in ("same", "written")]
    print(f"{len(rows)} snapshots in {seconds:.0f} s; {THRESHOLD_SENTENCE}")
    if update:
        for folder in (BASELINES, LOCAL_BASELINES):
            pngs = list(folder.glob("*.png"))
            size = sum(path.stat().st_size for path in pngs)
            print(f"{folder.relative_to(ROOT)}: {len(pngs)} PNGs, {size / 1024:.0f} KiB")
    if bad:
        print(f"{len(bad)} of {len(rows)} not the same: see {report}", file=sys.stderr)
        if any(row.verdict == "missing" for row in bad):
            print("A missing baseline is made with: scripts/snapshots --update NAME", file=sys.stderr)
        return 1
    print(f"report: {report}")
    return 0


def one(renderer: Renderer, shot: Shot, update: bool, renders: Path) -> Row:
    baseline = shot.baseline
    try:
        image = renderer.render(shot)
    except (RuntimeError, WebDriverException) as error:
        return Row(shot.name, "failed", str(error).splitlines()[0])
    if update:
        save_png(image, baseline)
        return Row(shot.name, "written", f"baseline {baseline.relative_to(ROOT)}")
    render = renders / f"{shot.name}.png"
    save_png(image, render)
    if not baseline.exists():
        return Row(shot.name, "missing", f"no {baseline.relative_to(ROOT)}; make it with scripts/snapshots --update "
                                         f"{shot.name}", render=render)
    comparison = compare(Image.open(baseline), image)
    if not comparison.differs:
        return Row(shot.name, "same", comparison.summary())
    difference = None
    if comparison.difference is not None:
        difference = renders / f"{shot.name}.difference.png"
        save_png(comparison.difference, difference)
    return Row(shot.name, "differs", comparison.summary(), baseline=baseline, render=render, difference=difference)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scripts/snapshots", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="NAME", help="snapshot names or shell patterns (default: all)")
    parser.add_argument("--subset", choices=["ci"], help="only the representative subset scripts/test runs")
    parser.add_argument("--update", action="store_true", help="write the rendered PNGs as the baselines")
    parser.add_argument("--list", action="store_true", help="print the selected snapshots' names and stop")
    arguments = parser.parse_args(argv)
    shots = select(matrix(), arguments.subset, arguments.names)
    if not shots:
        print("error: no snapshot matches", file=sys.stderr)
        return 2
    if arguments.list:
        print("\n".join(shot.name for shot in shots))
        return 0
    return run(shots, arguments.update, "scripts/snapshots " + shlex.join(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
