"""Static rules for the browser code in Public/ (no server or browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC = REPO_ROOT / "Public"

#: DOM sinks that parse strings as HTML; message content must go in with textContent instead.
HTML_SINKS = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write")


def script_files():
    return sorted(path for path in PUBLIC.rglob("*") if path.suffix in (".js", ".mjs") and path.is_file())


def test_public_has_scripts():
    assert script_files(), f"no JavaScript found under {PUBLIC}"


def test_no_html_sinks_in_public_scripts():
    offenders = []
    for path in script_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for sink in HTML_SINKS:
                if sink in line:
                    offenders.append(f"{path.relative_to(REPO_ROOT)}:{number}: {sink}")
    assert offenders == [], "HTML sinks in Public/ scripts:\n" + "\n".join(offenders)


def test_tabindex_is_only_zero_or_minus_one():
    pattern = re.compile(r"""tabindex\s*=\s*["']?(-?\d+)|tabIndex\s*=\s*(-?\d+)""")
    offenders = []
    for path in [*script_files(), *sorted((REPO_ROOT / "Templates").rglob("*.mustache"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in pattern.finditer(line):
                value = match.group(1) or match.group(2)
                if value not in ("0", "-1"):
                    offenders.append(f"{path.relative_to(REPO_ROOT)}:{number}: tabindex {value}")
    assert offenders == [], "\n".join(offenders)


def test_components_only_read_theme_properties():
    theme = (PUBLIC / "css" / "theme.css").read_text(encoding="utf-8")
    defined = set(re.findall(r"(--[\w-]+)\s*:", theme))
    offenders = []
    for path in sorted((PUBLIC / "css").glob("*.css")):
        if path.name == "theme.css":
            continue
        css = path.read_text(encoding="utf-8")
        for name in re.findall(r"(--[\w-]+)\s*:", css):
            offenders.append(f"{path.name} defines {name}; custom properties belong in theme.css")
        for name in re.findall(r"var\(\s*(--[\w-]+)", css):
            if name not in defined:
                offenders.append(f"{path.name} reads {name}, which theme.css does not define")
    assert offenders == [], "\n".join(offenders)
