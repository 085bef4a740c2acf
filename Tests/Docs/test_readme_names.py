"""Every code name a README puts in backticks is defined somewhere in the repository.

**Documents.** Every `README.md` (outside `.build*`, `.bundle`, `.venv`, `node_modules`, caches and
`Tests/Browser/artifacts`), `SECURITY.md` and `docs/*.md` but `docs/PROTOCOL.md`, which describes Webim's protocol
and its SDKs: the names in it are theirs (`DeltaType`, `getVisitor()`), not this repository's. `Benchmarks/*.md` are
left out too: they record runs, each against a named commit, and name the code as it was then. Fenced code blocks
are left out (commands), and so are the cells of a table's `EN`, `v3` and `reference` columns (the client core's
coverage and deviation tables give the SDK references' own spellings there).

**Names.** A backticked span is a code name when, after a trailing `?` or `!` is dropped, it is one of:

- a type, `UpperCamelCase` (`ChatEngine`, `Deadline`);
- a member: `lowerCamelCase` with a capital (`holdTimeout`), an enum case (`.chatMessage`), a dotted path with a
  capitalised part (`WireCall.Endpoint.routes`, `store.addMessage`, `ChatSession.#apply`), a call form
  (`send(message:)`, `VisitorAction(form:file:)`, `t()`);
- a constant, `UPPER_SNAKE` with an underscore (`CONFIG_DEFAULTS`);
- a Python test, `test_…`, alone or as `file.py::test_…`;
- an extension's file, `Type+Part` or `+Part` (also a plain span written right after a `+`).

Anything else is not a name and is skipped: white space, a slash, a dash, a quote, braces, brackets, `=`, `<`, `:`
outside a call form (so command lines, paths, URLs, JSON, flags and headers), a file name (`main.js`), numbers,
single uppercase words (`GET`, `EDIT`), and lowercase wire names with no capital (`chat.start`, `fields.id`,
`visitor_banned`, `auth`).

**Defined.** A name is defined when a declaration of it is in the sources: `Sources/`, `Public/`, `Tests/`,
`scripts/`, `Package.swift`, `Scenarios/`, `Templates/` and `deploy/`. A declaration is

- Swift: `struct|class|enum|actor|protocol|typealias|associatedtype|extension|func|var|let` NAME, every name of a
  `case a, b(…), c` list, an argument label of a `func` or `init` (`send(message:)` names one), or a quoted
  `"NAME"` (a `CodingKeys` raw value, an environment variable read by name);
- JavaScript: `function|class|const|let|var` NAME (destructured and exported lists too), a method `NAME(…) {`, an
  object's property `NAME:`, or a quoted `'NAME'`;
- Python: `def|class` NAME, a module-level `NAME =`, or a quoted name;
- shell, YAML and the rest (`scripts/`, `deploy/`, `Scenarios/`, `Templates/`): `NAME=`, a shell function
  `NAME() {`, a YAML key `NAME:`, a Prometheus `alert: NAME` or `record: NAME`, or a quoted name.

A dotted name or call form is defined when its last part is, and each earlier part spelt as a name
(`WireCall.Endpoint.routes`: `WireCall`, `Endpoint`, `routes`; `store.addMessage`: `addMessage`); a call form by its
function (`send(message:)`: `send`; `Type(…)`: the type). `file.py::test_x` needs `def test_x` in a file whose path
ends in `file.py`. `A+B` needs a file `A+B.swift`, `+B` a file `…+B.swift`.

Why this rule: it is the strictest that passes every correct name of today's documents. A name merely used (in a
comment, a call, an expression) is not a declaration, so a README that names a type or constant the code no longer
declares fails even while a comment or a call still says the name; a whole-word match would let those through.
Quoted names and argument labels do count, because the wire's keys, the page's event names and the SDK's labels are
declared there.

The few names of other software a document may mention (the Swift standard library, Foundation, Hummingbird, the
browser, HTTP, Chromium's policies, the Webim SDK references, the products the options are modelled on) are listed
in EXTERNAL, by name; each must be mentioned by some document and declared by none of the sources (else the check
above already covers it).

A failure lists `path:line: name` for every name no source defines. Standard library and pytest only.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: Folders never read, wherever they are.
SKIPPED_PARTS = {".venv", "node_modules", ".git", ".pytest_cache", ".swiftpm", ".webim-widget", "__pycache__"}
SKIPPED_PREFIXES = (".build", ".bundle")
SKIPPED_PATHS = ("Tests/Browser/artifacts",)
#: This test names stale names on purpose; it is no source of definitions.
THIS_FOLDER = Path(__file__).resolve().parent
#: Documents left out: see the module's docstring.
SKIPPED_DOCUMENTS = {"docs/PROTOCOL.md"}

#: Names of other software that the documents mention, by where they come from.
EXTERNAL = frozenset(
    {
        # The Swift standard library and Foundation.
        "Sendable", "Codable", "AnyObject", "CustomStringConvertible", "Int64", "JSONDecoder",
        # Hummingbird.
        "FileMiddleware",
        # The Swift runtime's shared libraries, which a release bundle must not need.
        "libswiftCore", "libBlocksRuntime",
        # JavaScript's dynamic import, and the browser's APIs.
        "import()",
        "postMessage", "BroadcastChannel", "EventSource", "crypto.getRandomValues", "Intl.PluralRules",
        # HTTP's header that lists a path's methods.
        "Allow",
        # Chromium's policies for a kiosk.
        "AllowFileSelectionDialogs", "PrintingEnabled", "DownloadRestrictions", "DeveloperToolsAvailability",
        # The Webim SDK references' names and spellings, and the coverage table's notation for an item.
        "getFirstQuestionVsDef", "udpateWidgetStatus", "QuotState", "NO_CHAT", "Enum.case", "UPPER_SNAKE",
        # The options of Chatwoot and the Jivo SDK, which the widget's options are modelled on.
        "chatwootSettings", "JivoSDKChattingConfig", "titlePlaceholder", "subtitleCaption", "outcomingPalette",
        "inputPlaceholder", "inputPrefill", "activeMessage",
    }
)


def skipped(path: Path) -> bool:
    relative = path.relative_to(REPO)
    if any(part in SKIPPED_PARTS or part.startswith(SKIPPED_PREFIXES) for part in relative.parts):
        return True
    text = relative.as_posix()
    return any(text == prefix or text.startswith(prefix + "/") for prefix in SKIPPED_PATHS)


def walk(root: Path) -> list[Path]:
    """Every file under `root`, never entering a skipped folder (a build folder holds thousands)."""
    files = []
    for folder, subfolders, names in os.walk(root):
        here = Path(folder)
        subfolders[:] = sorted(name for name in subfolders if not skipped(here / name))
        files.extend(here / name for name in sorted(names))
    return files


def documents() -> list[Path]:
    found = {path for path in walk(REPO) if path.name == "README.md"}
    found.update(path for pattern in ("SECURITY.md", "docs/*.md") for path in REPO.glob(pattern))
    return sorted(path for path in found if path.relative_to(REPO).as_posix() not in SKIPPED_DOCUMENTS)


# --- What a document names -------------------------------------------------------------------------------------

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
PART = rf"#?{IDENT}"
CALL = rf"{PART}(?:\.{PART})*\((?:(?:{IDENT}|_):)*\)"
DOTTED = rf"\.?{PART}(?:\.{PART})*"
NAME_SPAN = re.compile(rf"^(?:{CALL}|{DOTTED})$")
EXTENSION_SPAN = re.compile(rf"^(?P<type>{IDENT})?\+(?P<part>{IDENT})$")
PY_TEST_SPAN = re.compile(r"^(?:(?P<file>[\w./-]+\.py)::)?(?P<test>test_\w+)$")
UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
UPPER_CAMEL = re.compile(r"^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$")
LOWER_CAMEL = re.compile(r"^_?[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$")
FILE_NAME = re.compile(
    r"\.(?:swift|js|mjs|json|ya?ml|md|html|css|svg|png|sqlite|txt|sh|py|conf|key|env|service|mustache|tsv|tar|gz|"
    r"wal|shm|token|logrotate|test|java|kt)$",
    re.IGNORECASE,
)
SPAN = re.compile(r"(?<!`)(?P<before>.?)`(?P<text>[^`\n]+)`(?!`)")
FENCE = re.compile(r"^\s*(```|~~~)")

#: Table columns that hold other software's spellings: the client core's coverage table gives each item's spelling
#: in the two SDK references it follows (`EN`, `v3`), and its deviations table the references' side (`reference`).
REFERENCE_COLUMNS = {"EN", "v3", "reference"}
CELL_BORDER = re.compile(r"(?<!\\)\|")
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")


def cells(line: str) -> list[str]:
    return [cell.strip() for cell in CELL_BORDER.split(line.strip().strip("|"))]


def spans(path: Path) -> list[tuple[int, str]]:
    """Every backticked span outside fenced blocks and reference columns, with its line number; a span written right
    after a `+` keeps it (`TabSession` (+`Actions`): an extension's file)."""
    found = []
    fenced = False
    lines = path.read_text(encoding="utf-8").splitlines()
    header: list[str] = []
    for number, line in enumerate(lines, start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        text = line
        if line.lstrip().startswith("|"):
            if number < len(lines) and TABLE_RULE.match(lines[number]):
                header = cells(line)
            elif not TABLE_RULE.match(line):
                text = " | ".join(
                    cell
                    for column, cell in enumerate(cells(line))
                    if column >= len(header) or header[column] not in REFERENCE_COLUMNS
                )
        else:
            header = []
        for match in SPAN.finditer(text):
            span = match.group("text").strip()
            found.append((number, "+" + span if match.group("before") == "+" and "+" not in span else span))
    return found


def name_like(part: str) -> bool:
    """A part of a span spelt as a code name, not as a plain word."""
    part = part.lstrip("#")
    return bool(UPPER_CAMEL.match(part) or LOWER_CAMEL.match(part) or UPPER_SNAKE.match(part))


def code_name(span: str) -> str | None:
    """The span as a code name to look up, or None when it is not one (see the module's docstring)."""
    if PY_TEST_SPAN.match(span) or EXTENSION_SPAN.match(span):
        return span
    name = span.rstrip("?!")
    if not NAME_SPAN.match(name) or FILE_NAME.search(name.split("(")[0]):
        return None
    if "(" in name or any(name_like(part) for part in name.lstrip(".").split(".")):
        return name
    return None


# --- What the sources declare ----------------------------------------------------------------------------------

SOURCE_ROOTS = ("Sources", "Public", "Tests", "scripts", "Scenarios", "Templates", "deploy")
SOURCE_SUFFIXES = {".swift", ".js", ".mjs", ".py", ".yaml", ".yml", ".json", ".mustache", ".conf", ".env", ".service"}
#: Folders whose files without a suffix are scripts or configuration.
SUFFIXLESS_ROOTS = {"scripts", "deploy"}

QUOTED = re.compile(rf"[\"']({IDENT})[\"']")
SWIFT_DECLARATION = re.compile(
    rf"\b(?:struct|class|enum|actor|protocol|typealias|associatedtype|extension|func|var|let)\s+`?({IDENT})"
)
SWIFT_CASE = re.compile(
    r"^\s*(?:(?:indirect|public|package|internal|private|fileprivate)\s+)*case\s+(.+)$", re.MULTILINE
)
SWIFT_CASE_ITEM = re.compile(rf"\s*`?({IDENT})`?\s*(?:=|$|//|\{{|:)")
SWIFT_PARAMETERS = re.compile(rf"\bfunc\s+`?{IDENT}`?\s*(?:<[^>]*>)?\s*\(|\binit[?!]?\s*(?:<[^>]*>)?\s*\(")
SWIFT_LABEL = re.compile(rf"\s*(?:@\w+\s+)*({IDENT})(?:\s+{IDENT})?\s*:")
SWIFT_TUPLE = re.compile(r"\b(?:let|var)\s*\(([^)]*)\)")
JS_DECLARATION = re.compile(rf"\b(?:function\s*\*?|class|const|let|var)\s+#?({IDENT})")
JS_LIST = re.compile(r"\b(?:(?:const|let|var)\s*[{\[]([^}\]=]*)[}\]]\s*=|export\s*\{([^}]*)\})")
JS_METHOD = re.compile(rf"^\s*(?:(?:static|async|get|set)\s+)*\*?#?({IDENT})\s*\([^)]*\)\s*\{{", re.MULTILINE)
JS_PROPERTY = re.compile(rf"(?:^|[{{,(])\s*({IDENT})\s*:", re.MULTILINE)
JS_KEYWORDS = {"if", "for", "while", "switch", "catch", "function", "return", "typeof", "await", "new"}
PY_DECLARATION = re.compile(rf"^\s*(?:async\s+)?(?:def|class)\s+({IDENT})", re.MULTILINE)
PY_ASSIGNMENT = re.compile(rf"^({IDENT})\s*(?::[^=\n]*)?=", re.MULTILINE)
CONFIG_DECLARATION = re.compile(
    rf"^\s*(?:(?:export|local|readonly)\s+)?({IDENT})=|^\s*({IDENT})\s*\(\)\s*\{{"
    rf"|^[\s-]*(?:alert|record):\s*({IDENT})\s*$|^[\s-]*({IDENT})\s*:",
    re.MULTILINE,
)


def source_files() -> list[Path]:
    files = [REPO / "Package.swift"]
    for root in SOURCE_ROOTS:
        for path in walk(REPO / root):
            if path.parent == THIS_FOLDER:
                continue
            if path.suffix in SOURCE_SUFFIXES or (path.suffix == "" and root in SUFFIXLESS_ROOTS):
                files.append(path)
    return files


def top_level_items(text: str) -> list[str]:
    """`a, b(x, y), c = "z"` split at its top-level commas."""
    items, item, depth = [], "", 0
    for character in text:
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif character == "," and depth == 0:
            items.append(item)
            item = ""
            continue
        item += character
    return items + [item]


def swift_names(text: str) -> set[str]:
    names = set(SWIFT_DECLARATION.findall(text)) | set(QUOTED.findall(text))
    for match in SWIFT_TUPLE.finditer(text):
        names.update(re.findall(IDENT, match.group(1)))
    for match in SWIFT_CASE.finditer(text):
        for item in top_level_items(match.group(1)):
            head = SWIFT_CASE_ITEM.match(re.sub(r"\(.*", "", item))
            if head and head.group(1) not in {"let", "var", "is", "_"}:
                names.add(head.group(1))
    for match in SWIFT_PARAMETERS.finditer(text):
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        for parameter in top_level_items(text[match.end() : end - 1]):
            label = SWIFT_LABEL.match(parameter)
            if label:
                names.add(label.group(1))
    return names


def js_names(text: str) -> set[str]:
    names = set(JS_DECLARATION.findall(text)) | set(JS_PROPERTY.findall(text)) | set(QUOTED.findall(text))
    for match in JS_LIST.finditer(text):
        names.update(re.findall(IDENT, match.group(1) or match.group(2)))
    names.update(name for name in JS_METHOD.findall(text) if name not in JS_KEYWORDS)
    return names


def python_names(text: str) -> set[str]:
    return set(PY_DECLARATION.findall(text)) | set(PY_ASSIGNMENT.findall(text)) | set(QUOTED.findall(text))


def config_names(text: str) -> set[str]:
    names = set(QUOTED.findall(text))
    for groups in CONFIG_DECLARATION.findall(text):
        names.update(name for name in groups if name)
    return names


@lru_cache(maxsize=1)
def declarations() -> tuple[frozenset[str], dict[str, frozenset[str]], frozenset[str]]:
    """Every declared name; the Python files' names by path (for `file.py::test_x`); every Swift file's name."""
    names: set[str] = set()
    python_files: dict[str, frozenset[str]] = {}
    swift_files: set[str] = set()
    for path in source_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".swift":
            names |= swift_names(text)
            swift_files.add(path.stem)
        elif path.suffix in {".js", ".mjs"}:
            names |= js_names(text)
        elif path.suffix == ".py" or text.startswith("#!/usr/bin/env python"):
            declared = python_names(text)
            names |= declared
            python_files[path.relative_to(REPO).as_posix()] = frozenset(declared)
        else:
            names |= config_names(text)
    return frozenset(names), python_files, frozenset(swift_files)


def defined(name: str) -> bool:
    names, python_files, swift_files = declarations()
    test = PY_TEST_SPAN.match(name)
    if test:
        file = test.group("file")
        if file is None:
            return test.group("test") in names
        return any(
            (path == file or path.endswith("/" + file)) and test.group("test") in declared
            for path, declared in python_files.items()
        )
    extension = EXTENSION_SPAN.match(name)
    if extension:
        if extension.group("type"):
            return name in swift_files
        return any(stem.endswith(name) for stem in swift_files)
    base = name.split("(")[0]
    if name in EXTERNAL or base in EXTERNAL:
        return True
    parts = [part.lstrip("#") for part in base.lstrip(".").split(".")]
    if parts[0] in EXTERNAL:
        return True
    if parts[-1] not in names:
        return False
    return all(part in names for part in parts[:-1] if name_like(part))


def names_in_documents() -> list[tuple[str, int, str]]:
    """(document, line, name) for every code name the documents write."""
    return [
        (path.relative_to(REPO).as_posix(), number, name)
        for path in documents()
        for number, span in spans(path)
        if (name := code_name(span)) is not None
    ]


def undefined_names() -> list[str]:
    return [f"{path}:{number}: {name}" for path, number, name in names_in_documents() if not defined(name)]


# --- Paths -----------------------------------------------------------------------------------------------------

# A repository path a document names: words joined by slashes, no scheme, no placeholder, not a route (those start
# with a slash) and not a command line. `Delta/DeltaLoop.swift`, `wiring/page.js`, `Tracker/TrackerState`. Left out:
# media types (`text/plain`), and what a run makes rather than the repository holds: hidden folders (`.build/…`),
# the data folder (`data/…`) and placeholders in capitals (`DIR/service`).
PATH_SPAN = re.compile(r"^(?!/)(?![\w.+-]+://)[\w.+-]+(?:/[\w.+-]+)+/?$")
MEDIA_TYPE = re.compile(r"^(?:text|application|image|audio|video|multipart|font)/[\w.+-]+$")
MADE_BY_A_RUN = re.compile(r"^(?:\.|data/|[A-Z]+/)")
PATH_SUFFIXES = ("", ".swift", ".js", ".mjs", ".py")


def names_a_repository_path(span: str) -> bool:
    return bool(PATH_SPAN.match(span)) and not MEDIA_TYPE.match(span) and not MADE_BY_A_RUN.match(span)


@lru_cache(maxsize=1)
def repository_paths() -> frozenset[str]:
    """Every file and folder of the repository, as paths from its root."""
    found: set[str] = set()
    for file in walk(REPO):
        relative = file.relative_to(REPO).as_posix()
        found.add(relative)
        parts = relative.split("/")
        found.update("/".join(parts[:end]) for end in range(1, len(parts)))
    return frozenset(found)


def path_exists(path: str, document: Path) -> bool:
    """Whether `path` ends some file's or folder's path in the repository (a document names a file from its own
    module, `wiring/page.js` for `Public/js/wiring/page.js`); a source file may leave out its suffix."""
    wanted = {path.rstrip("/") + suffix for suffix in PATH_SUFFIXES}
    return any(known in wanted or known.endswith(tuple("/" + end for end in wanted)) for known in repository_paths())


def missing_paths() -> list[str]:
    return [
        f"{path.relative_to(REPO).as_posix()}:{number}: {span}"
        for path in documents()
        for number, span in spans(path)
        if names_a_repository_path(span) and not path_exists(span, path)
    ]


# --- The tests -------------------------------------------------------------------------------------------------


def test_the_documents_are_found():
    found = {path.relative_to(REPO).as_posix() for path in documents()}
    assert {"README.md", "SECURITY.md", "Public/README.md", "deploy/README.md", "docs/KIOSK.md"} <= found, found
    assert "Sources/WidgetServer/README.md" in found and "docs/PROTOCOL.md" not in found, found


def test_every_name_a_document_puts_in_backticks_is_defined_in_the_sources():
    missing = undefined_names()
    assert not missing, f"{len(missing)} names that no source defines:\n" + "\n".join(missing)


def test_every_path_a_document_puts_in_backticks_exists():
    """A file or folder a document sends a reader to is there: a moved file takes its documents along."""
    missing = missing_paths()
    assert not missing, f"{len(missing)} paths that are not in the repository:\n" + "\n".join(missing)


def test_the_path_rule_catches_what_it_is_for():
    readme = REPO / "Sources" / "WebimClientLibrary" / "README.md"
    for span in ("Delta/DeltaLoop.swift", "Tracker/TrackerState", "Public/js/wiring/", "wiring/page.js"):
        assert names_a_repository_path(span) and path_exists(span, readme), span
    for span in ("Delta/SessionCore+Delta.swift", "Actions/NoSuchFile.swift"):
        assert names_a_repository_path(span) and not path_exists(span, readme), span
    for span in ("/api/tabs", "https://example.com/a", "<data-dir>/widget/history.sqlite", "a b/c", "main.js",
                 "text/plain", ".build/snapshots/", "data/service/", "DIR/service"):
        assert not names_a_repository_path(span), span


def test_every_external_name_is_mentioned_and_is_not_this_repositorys():
    """An entry no document mentions is dead; one the sources declare is checked like any other name."""
    names, _, _ = declarations()
    mentioned = {name for _, _, name in names_in_documents()} | {
        name.split("(")[0] for _, _, name in names_in_documents()
    }
    assert not EXTERNAL - mentioned, sorted(EXTERNAL - mentioned)
    assert not EXTERNAL & names, sorted(EXTERNAL & names)


def test_the_rule_catches_what_it_is_for():
    """The filter's edges: names it must check, and spans it must leave alone."""
    for span in ("CONFIG_DEFAULTS", "FaultProxy", "send(message:)", "WireCall.Endpoint.routes", ".chatMessage",
                 "store.addMessage", "ChatSession.#apply", "t()", "test_logout.py::test_x", "VisitorAction+Decoding"):
        assert code_name(span) is not None, span
    for span in ("chat.start", "visit-session-id", "visitor_banned", "GET /api/tabs", "--max-tabs", "main.js",
                 "https://example.com", '{"error":"not-found"}', "GET", "EDIT", "404", "auth", "fields.id"):
        assert code_name(span) is None, span
    assert not defined("CONFIG_DEFAULTS_NEVER_DECLARED") and not defined("NoSuchTypeAnywhere.member")
    assert defined("ChatEngine") and defined("SecretFile.loadOrCreate(at:)")


if __name__ == "__main__":
    for line in undefined_names():
        print(line)
