"""Static rules for the browser code in Public/ (no server or browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC = REPO_ROOT / "Public"

#: DOM sinks that parse strings as HTML; message content must go in with textContent instead.
HTML_SINKS = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "DOMParser", "createContextualFragment")

#: The one script that parses HTML: the panels' markup, fetched from Public/html/ (never message content).
HTML_SINK_ALLOWED = {("js/components/panels.js", "DOMParser")}


def script_files():
    return sorted(path for path in PUBLIC.rglob("*") if path.suffix in (".js", ".mjs") and path.is_file())


def test_public_has_scripts():
    assert script_files(), f"no JavaScript found under {PUBLIC}"


def test_no_html_sinks_in_public_scripts():
    offenders = []
    for path in script_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for sink in HTML_SINKS:
                if sink in line and (path.relative_to(PUBLIC).as_posix(), sink) not in HTML_SINK_ALLOWED:
                    offenders.append(f"{path.relative_to(REPO_ROOT)}:{number}: {sink}")
    assert offenders == [], "HTML sinks in Public/ scripts:\n" + "\n".join(offenders)


def page_files():
    """The widget's Mustache templates and the static pages under Public/ (the operator console)."""
    return [*sorted((REPO_ROOT / "Templates").rglob("*.mustache")), *sorted(PUBLIC.rglob("*.html"))]


def test_scripts_cover_the_operator_console():
    assert any(path.is_relative_to(PUBLIC / "operator" / "js") for path in script_files())


def test_tabindex_is_only_zero_or_minus_one():
    pattern = re.compile(r"""tabindex\s*=\s*["']?(-?\d+)|tabIndex\s*=\s*(-?\d+)""")
    offenders = []
    for path in [*script_files(), *page_files()]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in pattern.finditer(line):
                value = match.group(1) or match.group(2)
                if value not in ("0", "-1"):
                    offenders.append(f"{path.relative_to(REPO_ROOT)}:{number}: tabindex {value}")
    assert offenders == [], "\n".join(offenders)


def test_components_only_read_theme_properties():
    """Each CSS folder (the widget's, the console's, the page kit's) keeps its custom properties in its theme.css (and
    a mode's own theme, `{mode}-theme.css`, loaded only in that mode: the kiosk's); the pages' styles may also read the
    page kit's (`shared/theme.css`, which both pages load first)."""
    kit = PUBLIC / "shared"
    kit_defined = set(re.findall(r"(--[\w-]+)\s*:", (kit / "theme.css").read_text(encoding="utf-8")))
    assert kit_defined and all(name.startswith("--kit-") for name in kit_defined), kit_defined
    folders = [PUBLIC / "css", PUBLIC / "operator" / "css", kit]
    offenders = []
    for folder in folders:
        themes = [folder / "theme.css", *sorted(folder.glob("*-theme.css"))]
        theme = "".join(path.read_text(encoding="utf-8") for path in themes)
        defined = set(re.findall(r"(--[\w-]+)\s*:", theme)) | kit_defined
        for path in sorted(folder.glob("*.css")):
            if path in themes:
                continue
            css = path.read_text(encoding="utf-8")
            where = path.relative_to(REPO_ROOT)
            for name in re.findall(r"(--[\w-]+)\s*:", css):
                offenders.append(f"{where} defines {name}; custom properties belong in theme.css")
            for name in re.findall(r"var\(\s*(--[\w-]+)", css):
                if name not in defined:
                    offenders.append(f"{where} reads {name}, which theme.css does not define")
    assert offenders == [], "\n".join(offenders)


def test_both_pages_use_every_page_kit_file():
    """Each file of the page kit (`Public/shared/`) is imported or linked by the widget (`Public/js`, `Public/css`,
    `Templates/`) and by the console (`Public/operator/`): what is in it is shared, not a third copy."""
    widget = [*(PUBLIC / "js").rglob("*.js"), *(PUBLIC / "css").glob("*.css"), *(REPO_ROOT / "Templates").glob("*.mustache")]
    console = [path for path in (PUBLIC / "operator").rglob("*") if path.suffix in (".js", ".css", ".html")]
    texts = {side: "\n".join(path.read_text(encoding="utf-8") for path in paths) for side, paths in (("widget", widget), ("console", console))}
    kit = sorted(path.name for path in (PUBLIC / "shared").iterdir() if path.suffix in (".js", ".css"))
    assert {"events.js", "api.js", "composer-keys.js", "connection-status.js", "theme.css"} <= set(kit), kit
    def loads(text: str, name: str) -> bool:
        """An import (`from '…/shared/x.js'`), a stylesheet link (`href="…/shared/x.css"`) or a CSS `@import`."""
        return re.search(rf"""(?:\bfrom\s*|\bhref=|@import\s+url\()["'][^"']*/shared/{re.escape(name)}["']""", text) is not None

    unused = [f"{name} ({side})" for name in kit for side, text in texts.items() if not loads(text, name)]
    assert unused == [], "page kit files a page does not load: " + ", ".join(unused)


def test_console_page_has_no_inline_code():
    """The console's Content-Security-Policy allows no inline scripts, styles or handlers."""
    html = (PUBLIC / "operator" / "index.html").read_text(encoding="utf-8")
    offenders = []
    for number, line in enumerate(html.splitlines(), start=1):
        if re.search(r"<script(?![^>]*\bsrc=)", line):
            offenders.append(f"{number}: inline <script>")
        if re.search(r"<style\b|\sstyle=|\son[a-z]+=", line):
            offenders.append(f"{number}: inline style or event handler")
    assert offenders == [], "\n".join(offenders)


#: Other ways to run strings as code or to let markup in, banned from the widget's scripts.
CODE_SINKS = ("eval(", "new Function(", "srcdoc", ".setAttribute('on", 'setAttribute("on', "createContextualFragment")


def test_no_code_sinks_in_widget_scripts():
    offenders = []
    for path in script_files():
        if path.is_relative_to(PUBLIC / "operator"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            offenders += [f"{path.relative_to(REPO_ROOT)}:{number}: {sink}" for sink in CODE_SINKS if sink in line]
    assert offenders == [], "\n".join(offenders)


def test_widget_covers_its_component_modules():
    names = {path.name for path in script_files() if path.is_relative_to(PUBLIC / "js" / "components")}
    assert {"transcript.js", "composer.js", "keyboard.js", "quote.js", "attachment.js", "panels.js"} <= names


def test_locales_have_the_same_keys_and_cover_the_markup():
    """Every strings file, `{locale}.json` and the parts that load with a feature (`{locale}.{part}.json`),
    has the same keys in each locale (a plural sentence counted once: each language writes the forms it needs, which
    Tests/Page/locales.test.mjs checks); no key is in two parts; every key the markup names is in one."""
    import json

    tables = {}
    for path in (PUBLIC / "i18n").glob("*.json"):
        locale, _, part = path.stem.partition(".")
        keys = json.loads(path.read_text(encoding="utf-8"))
        tables[(locale, part)] = {re.sub(r"_(zero|one|two|few|many|other)$", "_#", key) for key in keys}
    locales = {locale for locale, _ in tables}
    parts = {part for _, part in tables}
    assert {"en", "ru"} <= locales and {"", "panels", "kiosk", "launcher", "parts"} <= parts
    for part in parts:
        for locale in locales:
            assert tables.get((locale, part)) == tables[("en", part)], f"{locale}.{part or 'json'}: keys differ from en"
    keys = [key for part in parts for key in tables[("en", part)]]
    assert len(keys) == len(set(keys)), "a key is in two strings files"
    markup = [*sorted((REPO_ROOT / "Templates").glob("*.mustache")), *sorted((PUBLIC / "html").glob("*.html"))]
    used = {key for path in markup for key in re.findall(r'data-i18n(?:-label|-placeholder|-title)?="(\w+)"', path.read_text(encoding="utf-8"))}
    assert used - set(keys) == set(), f"markup keys missing from the strings: {used - set(keys)}"
