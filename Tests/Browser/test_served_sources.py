"""What the server sends of Public/: scripts and stylesheets compacted, still valid, each with a source map
that carries the file as Public/ has it (the Swift SourceMapTests check where its segments point)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC = REPO_ROOT / "Public"
#: The operator console's folder: the service serves it (as written, under `/operator/static/`), never the widget.
CONSOLE = PUBLIC / "operator"


def widget_files(pattern: str) -> list[Path]:
    """The files of Public/ matching `pattern` that the widget server serves under `/static/`."""
    return sorted(path for path in PUBLIC.rglob(pattern) if path.is_file() and not path.is_relative_to(CONSOLE))


def fetch(server, path: str) -> tuple[str, dict[str, str]]:
    with urllib.request.urlopen(f"{server.widget_url.rstrip('/')}{path}", timeout=10) as response:
        return response.read().decode("utf-8"), {name.lower(): value for name, value in response.headers.items()}


def map_problems(server, relative: Path, headers: dict[str, str], source: str) -> list[str]:
    """The file's `SourceMap` header names a map that holds the file as Public/ has it."""
    if "sourcemap" not in headers:
        return [f"{relative}: no SourceMap header"]
    text, _ = fetch(server, headers["sourcemap"])
    sources = json.loads(text).get("sourcesContent")
    return [] if sources == [source] else [f"{relative}: its source map does not carry the file"]


def test_every_served_script_parses_and_maps_back_to_its_file(server, tmp_path):
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "node is missing: scripts/test installs the Debian nodejs package"
    scripts = widget_files("*.js")
    assert scripts, f"no scripts under {PUBLIC}"
    problems = []
    for path in scripts:
        relative = path.relative_to(PUBLIC)
        source = path.read_text(encoding="utf-8")
        text, headers = fetch(server, f"/static/{relative.as_posix()}")
        if len(text) >= len(source):
            problems.append(f"{relative}: served as written ({len(text)} bytes), comments and indentation kept")
        # The browser's tools must still show, and point at, the file in Public/.
        problems += map_problems(server, relative, headers, source)
        module = tmp_path / relative.with_suffix(".mjs")
        module.parent.mkdir(parents=True, exist_ok=True)
        module.write_text(text, encoding="utf-8")
        check = subprocess.run([node, "--check", str(module)], capture_output=True, text=True, timeout=30)
        if check.returncode != 0:
            problems.append(f"{relative}: the served script does not parse:\n{check.stderr.strip()}")
    assert problems == [], "\n".join(problems)


def test_served_stylesheets_keep_their_rules_and_map_back(server):
    for path in widget_files("*.css"):
        relative = path.relative_to(PUBLIC)
        source = path.read_text(encoding="utf-8")
        text, headers = fetch(server, f"/static/{relative.as_posix()}")
        assert "/*" not in text, f"{relative}: a comment was served"
        assert map_problems(server, relative, headers, source) == []
        # Every rule is still there: as many braces and declarations as in the file.
        for mark in "{};":
            assert text.count(mark) == source.count(mark) - _count_in_comments(source, mark), f"{relative}: {mark!r}"


def _count_in_comments(source: str, mark: str) -> int:
    count, start = 0, source.find("/*")
    while start != -1:
        end = source.find("*/", start + 2)
        end = len(source) if end == -1 else end
        count += source[start:end].count(mark)
        start = source.find("/*", end + 2)
    return count


#: Issue 8's budget for the widget page's first load (HTML, scripts, stylesheets and strings, uncompressed). It was
#: 60 KiB, with 31 bytes to spare, until the page kit (`Public/shared/`): one copy of the event stream, the JSON
#: requests, the composer's keys, the connection line and the base styles for the widget and the console costs the
#: widget about 1.3 KB of module plumbing (imports, two stylesheet links, parameters for what differs). 66 KiB since
#: issue 21: a page that any server of a deployment can continue proposes its tab id, keeps its visitor credential
#: and sends its messages in order from its own queue until a server confirms them (about 2.9 KB of session.js).
#: 76 KiB since issue 31: a visitor kept per site for the retention (kept-visitor.js, 2.5 KB), the browser tabs of
#: one visitor in sync on one stream (tab-sync.js and the follower half of connection.js, about 3.5 KB), and the
#: session split into an outbox, a connection and their throttles, each testable alone (about 2.5 KB of module
#: plumbing and names the old file shared). 78 KiB since issue 32's first capabilities: their hooks on the first load
#: (the survey event and its lazy card, the sticker button, the contact form as a lazy part, a request that waits for
#: its result: about 1.2 KB together); each card, picker and form itself loads when it is first needed. 79 KiB since
#: the pre-chat form's hook (which left the page 13 B over 78 KiB) and the file tray's: the composer hands Send to an
#: open tray and the session names the tab's upload path (about 250 B); the tray, its routing, strings and styles load
#: with the first several files. 81 KiB since issue 34's languages: the page chooses its locale from the browser's
#: languages (the list of seventeen, the matching and the direction), words every refusal and fatal error from its own
#: tables (loading them once the chat is live) and draws the pseudo-locale when asked (about 1.2 KB); every locale's
#: strings stay off the first load but the one the page speaks. 82 KiB since issue 35's one home for every option and
#: issue 34's last formats: the page receives every option's value from the server instead of keeping defaults of its
#: own (about 600 B of escaped JSON in the HTML), isolates words put into a sentence where their direction could mix
#: with it, and says "Today" and "Yesterday" through Intl (about 700 B together). 82.5 KiB since a visitor the chat
#: service refuses (banned, a blocked account) is offered nothing that would not reach it: the header's actions, the
#: composer and the empty chat's "send a message" go, the composer looking it (about 390 B; it must hold on the
#: first load, where a refused visitor is refused). 86 KiB since the page's wiring was made readable: what each tab
#: event does is data from a pure module that the session carries out (`event-effects.js`, tested in Node; about
#: 500 B more), and `startWidget` wires each feature from a module of its own (`js/wiring/`, eleven of them; about
#: 2.7 KB of imports, exports and parameters, in twelve more files). Nothing that loaded on demand loads first now,
#: and the chain of static imports is no longer (main.js still imports the session itself).
PAGE_BUDGET = 86 * 1024


def test_the_page_first_load_stays_within_its_budget(server):
    """A visitor's first load is what `scripts/page-weight` counts; what a feature alone needs loads later."""
    weigh = subprocess.run(
        [sys.executable, str(REPO_ROOT / "scripts" / "page-weight"), server.widget_url, "--budget", str(PAGE_BUDGET)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert weigh.returncode == 0, f"the page is over {PAGE_BUDGET:,} bytes:\n{weigh.stdout}{weigh.stderr}"

