"""Schemathesis runs against a live `webim-widget serve`: real ids to start from, the run's settings, its counts.

Shared by `test_fuzz.py` (a short, seeded run inside the browser suite) and `Benchmarks/fuzz` (the full run). Both
APIs are fuzzed from their OpenAPI documents: the widget's `Public/openapi.yaml` against the widget server, the
operator console's `Public/operator/openapi.yaml` against the embedded service.

Random ids only ever reach the 404 branch of a route. So before a run this module makes real things (a tab with a
chat, an operator's messages, a keyboard and a file in it; console visitors with open chats) and hands their ids to
Schemathesis. The tab and the visitor are fixed `parameters` (every phase uses them, the coverage phase included, so
its malformed bodies reach validation instead of an unknown tab's 404); the other ids are *dictionaries*, which most
generated cases take and the rest replace with generated values. Routes that end something (deleting a tab, closing
a chat) get a tab or visitor of their own, so that they do not end what the other routes use.

Schemathesis runs as the venv's `st` CLI in a subprocess (its stable interface in 4.x); `fuzz_hooks.py`, loaded by
it, writes one line per response, from which the counts are taken. Only the standard library is used here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
WIDGET_SPEC = REPO_ROOT / "Public" / "openapi.yaml"
CONSOLE_SPEC = REPO_ROOT / "Public" / "operator" / "openapi.yaml"
HOOKS = Path(__file__).resolve().parent / "fuzz_hooks.py"

#: The checks every response must pass (the brief of the fuzzing issue).
CHECKS = ["not_a_server_error", "status_code_conformance", "content_type_conformance", "response_schema_conformance"]
#: Failure types of Schemathesis' JSON report that are server errors.
SERVER_ERROR_TYPES = {"ServerError", "ContentTypeServerError"}
#: Failure types that mean an answer does not match the document (status, content type or body).
SCHEMA_MISMATCH_TYPES = {
    "UndefinedStatusCode",
    "MissingContentType",
    "UndefinedContentType",
    "MalformedMediaType",
    "JsonSchemaError",
    "MalformedJson",
    "ContentDeserializationError",
    "DiscriminatorMismatch",
}

#: A 1×1 PNG for the operator's file.
PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
#: Seconds any seeding condition may take (a scenario's operator joins within a second).
SEED_TIMEOUT = 20


# --- HTTP ------------------------------------------------------------------------------------------------------


def split_console_link(link: str) -> tuple[str, str | None]:
    """The console's origin (`http://host:port`) and the `token` of the printed link (None without one)."""
    parts = urllib.parse.urlsplit(link)
    token = urllib.parse.parse_qs(parts.query).get("token", [None])[0]
    return f"{parts.scheme}://{parts.netloc}", token


class JSONClient:
    """A small JSON-over-HTTP client for seeding (urllib: no dependency beyond the standard library)."""

    def __init__(self, base: str, headers: dict[str, str] | None = None):
        self.base = base.rstrip("/")
        self.headers = headers or {}

    def call(self, method: str, path: str, body=None, form: dict | None = None):
        """Sends one request; returns the decoded JSON (None for an empty body). HTTP errors raise with their body."""
        headers = dict(self.headers)
        data = None
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=15) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path} answered {error.code}: {error.read().decode()[:500]}") from None
        return json.loads(text) if text else None


def wait_for(condition, description: str, timeout: float = SEED_TIMEOUT):
    """Waits until `condition` returns something truthy and returns that, as the browser tests wait (WebDriverWait);
    fails after `timeout` seconds."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(None, timeout, poll_frequency=0.1).until(lambda _: condition())
    except TimeoutException:
        raise AssertionError(f"timed out after {timeout} s waiting for {description}") from None


# --- Seeding -----------------------------------------------------------------------------------------------------


@dataclass
class ConsoleSeeds:
    """Real things on the embedded service for the console API's routes to act on."""

    visitor: str
    #: A visitor whose chat `close` may end (so that the main visitor's chat stays open for the other routes).
    closable_visitor: str
    #: Ids of messages in the main visitor's chat: operator text, keyboard, file, info, and the visitor's own.
    messages: list[str]
    file_guids: list[str]
    operator_ids: list[int] = field(default_factory=lambda: [31, 32, 1, 2])
    locations: list[str] = field(default_factory=lambda: ["departments", "manual", "default"])
    department_keys: list[str] = field(default_factory=lambda: ["sales", "support", "billing"])


@dataclass
class WidgetSeeds:
    """Real things on the widget server: a tab with a chat that has an operator's text, keyboard and file."""

    tab: str
    #: A tab that `DELETE /api/tabs/{tab}` may close (so that the main tab stays open for the other routes).
    spare_tab: str
    messages: list[str]
    keyboard_message: str
    button_ids: list[str]
    file_guids: list[str]


class Service:
    """The embedded service as a visitor (its protocol) and as an operator (the console API) see it."""

    def __init__(self, console_link: str):
        self.origin, self.token = split_console_link(console_link)
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        self.console = JSONClient(self.origin + "/operator/api", headers)
        self.protocol = JSONClient(self.origin)

    def new_visitor_with_chat(self, device: str, location: str = "departments", department: str = "sales") -> dict:
        """Starts a visitor's chat over the protocol (synchronous, unlike the widget) and returns its page."""
        query = urllib.parse.urlencode({"location": location, "device-id": device, "platform": "web"})
        answer = self.protocol.call("GET", f"/l/v/m/init?{query}")
        assert "fullUpdate" in answer, f"init of {device} failed: {answer}"
        update = answer["fullUpdate"]
        page = {"page-id": update["pageId"], "auth-token": update["authToken"]}
        for action in (
            {"action": "chat.start", "department-key": department},
            {"action": "chat.message", "client-side-id": f"{device}-first", "message": "A question to fuzz around"},
        ):
            answer = self.protocol.call("POST", "/l/v/m/action", form={**action, **page})
            assert answer.get("result") == "ok", f"{action['action']} failed: {answer}"
        return {"visitor": update["visitor"]["id"], **page}

    def visitor(self, visitor_id: str) -> dict:
        return self.console.call("GET", f"/visitors/{visitor_id}")

    def chat_has_operator(self, visitor_id: str) -> bool:
        chat = self.visitor(visitor_id).get("chat") or {}
        return chat.get("operator") is not None

    def act_as_operator(self, visitor_id: str) -> None:
        """Joins the chat and sends one of each operator-side kind the routes edit, quote or delete."""
        path = f"/visitors/{visitor_id}"
        self.console.call("POST", f"{path}/join", {})
        self.console.call("POST", f"{path}/messages", {"text": "An operator's answer"})
        self.console.call("POST", f"{path}/messages", {"text": "A system note", "kind": "info"})
        rows = [
            [{"id": "yes", "text": "Yes"}, {"id": "no", "text": "No"}],
            [{"id": "docs", "text": "Docs", "url": "https://example.com/"}],
        ]
        self.console.call("POST", f"{path}/keyboard", {"rows": rows})
        self.console.call("POST", f"{path}/files", {"filename": "pixel.png", "base64": PIXEL_PNG, "caption": "A pixel"})


def seed_console(service: Service) -> ConsoleSeeds:
    """A visitor at `departments` whose open chat has every operator-side kind, and one more whose chat may close."""
    run = uuid.uuid4().hex[:8]  # a new device, so a new visitor, on every seeding (an earlier one may be banned)
    main = service.new_visitor_with_chat(f"fuzz-console-main-{run}")["visitor"]
    wait_for(lambda: service.chat_has_operator(main), "the departments scenario's operator to join")
    service.act_as_operator(main)
    messages = service.visitor(main)["chat"]["messages"]
    return ConsoleSeeds(
        visitor=main,
        closable_visitor=service.new_visitor_with_chat(f"fuzz-console-closable-{run}")["visitor"],
        messages=[message["id"] for message in messages],
        file_guids=[
            message["data"]["file"]["desc"]["guid"] for message in messages if message["kind"] == "file_operator"
        ],
    )


def _widget_messages(widget: JSONClient, tab: str) -> list[dict]:
    return widget.call("GET", f"/api/tabs/{tab}/history?limit=100")["messages"]


def seed_widget(widget_url: str, service: Service) -> WidgetSeeds:
    """A tab at `manual` with a started chat, an operator (from the console) who sent text, a keyboard and a file."""
    widget = JSONClient(widget_url)
    tab = widget.call("POST", "/api/tabs", {"location": "manual"})["tabId"]
    greeting = f"Hello from the fuzz seed of tab {tab}"
    widget.call("POST", f"/api/tabs/{tab}/messages", {"text": greeting, "clientId": "fuzz-seed-0001"})

    def manual_visitor():
        for chat in service.console.call("GET", "/chats"):
            if any(message["text"] == greeting for message in (chat.get("chat") or {}).get("messages", [])):
                return chat["visitorId"]
        return None

    visitor = wait_for(manual_visitor, "the widget tab's chat to reach the service")
    service.act_as_operator(visitor)

    def complete_history():
        messages = _widget_messages(widget, tab)
        kinds = {message["type"] for message in messages}
        return messages if {"visitor", "operator", "keyboard", "fileFromOperator"} <= kinds else None

    messages = wait_for(complete_history, "the operator's messages to reach the widget tab")
    keyboard = next(message for message in messages if message["type"] == "keyboard")
    files = [message for message in messages if message["type"] == "fileFromOperator"]
    return WidgetSeeds(
        tab=tab,
        spare_tab=widget.call("POST", "/api/tabs", {"location": "manual"})["tabId"],
        messages=[message["id"] for message in messages],
        keyboard_message=keyboard["id"],
        button_ids=[button["id"] for row in keyboard["keyboard"]["buttons"] for button in row],
        file_guids=[file["guid"] for message in files for file in message["attachment"]["files"]],
    )


# --- Schemathesis settings ---------------------------------------------------------------------------------------


def _toml(value) -> str:
    """A TOML value (strings, numbers, booleans, lists, inline tables): all a Schemathesis config needs."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(key)} = {_toml(item)}" for key, item in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def _binding(dictionary: str, probability: float = 0.9) -> dict:
    """Most cases take a real value from `dictionary`; the rest stay generated (so 400/404 paths run too)."""
    return {"dictionary": dictionary, "probability": probability}


@dataclass
class RunSettings:
    """One Schemathesis run: what to test, how hard, with which real values."""

    name: str
    spec: Path
    base_url: str
    seed: int
    max_examples: int
    headers: dict[str, str] = field(default_factory=dict)
    #: `[auth]`: credentials by security scheme, so that checks know what to leave out when probing.
    auth: dict = field(default_factory=dict)
    dictionaries: dict[str, list] = field(default_factory=dict)
    parameters: dict[str, dict] = field(default_factory=dict)
    #: `[[operations]]` tables: an `include-name` (or other filter) and what it overrides.
    operations: list[dict] = field(default_factory=list)
    #: 5xx statuses the document promises for some operations (503 while the chat service is unreachable).
    documented_server_errors: dict[str, list[str]] = field(default_factory=dict)
    workers: int = 1
    stateful_steps: int = 10
    request_timeout: float = 10
    #: Keep testing an operation after its first failure (the full run counts them all; the bounded test stops early).
    continue_on_failure: bool = False
    checks: list[str] = field(default_factory=lambda: list(CHECKS))

    def toml(self) -> str:
        """The run's `schemathesis.toml` (the checks themselves are chosen on the command line)."""
        expected = ["2xx", "3xx", "4xx"]
        lines = [
            f"seed = {self.seed}",
            f"workers = {self.workers}",
            f"request-timeout = {self.request_timeout}",
            f"continue-on-failure = {_toml(self.continue_on_failure)}",
            # An event stream is judged by its first event (a tab's snapshot), then closed.
            "max-stream-events = 1",
            f"hooks = {_toml(str(HOOKS))}",
            f"headers = {_toml(self.headers)}",
            *([f"auth = {_toml(self.auth)}"] if self.auth else []),
            "[generation]",
            f"max-examples = {self.max_examples}",
            'database = "none"',
            "[phases.stateful]",
            f"max-steps = {max(2, self.stateful_steps)}",
        ]
        if self.parameters:
            lines += [
                "[parameters]",
                *[f"{json.dumps(key)} = {_toml(value)}" for key, value in self.parameters.items()],
            ]
        for name, values in self.dictionaries.items():
            lines += [f"[dictionaries.{json.dumps(name)}]", f"values = {_toml(values)}"]
        for operation in self.operations:
            lines += ["[[operations]]", *[f"{json.dumps(key)} = {_toml(value)}" for key, value in operation.items()]]
        for label, statuses in self.documented_server_errors.items():
            lines += [
                "[[operations]]",
                f"include-name = {_toml(label)}",
                f"checks = {_toml({'not_a_server_error': {'expected-statuses': expected + statuses}})}",
            ]
        return "\n".join(lines) + "\n"


def console_settings(service: Service, seeds: ConsoleSeeds, seed: int, max_examples: int) -> RunSettings:
    """The console API run: the bearer token, and real visitors, messages, files, locations and operators."""
    return RunSettings(
        name="console",
        spec=CONSOLE_SPEC,
        base_url=service.origin,
        seed=seed,
        max_examples=max_examples,
        # Both ways in carry the token (the page's cookie holds the token itself); the `ignored_auth` check then
        # sends each operation without it and with a wrong one.
        auth=(
            {"openapi": {"consoleBearer": {"bearer": service.token}, "consoleCookie": {"api_key": service.token}}}
            if service.token
            else {}
        ),
        # With a token, every operation is also sent without it and with a wrong one: each must be refused (401).
        checks=[*CHECKS, "ignored_auth"] if service.token else list(CHECKS),
        dictionaries={
            "messages": seeds.messages,
            "files": seeds.file_guids,
            "operators": seeds.operator_ids,
            "locations": seeds.locations,
            "departments": seeds.department_keys,
        },
        parameters={
            "path.visitor": seeds.visitor,
            "path.message": _binding("messages"),
            "path.guid": _binding("files"),
            "path.location": _binding("locations"),
            "path.key": _binding("departments"),
            "body.operatorId": _binding("operators", 0.8),
            "body.departmentKey": _binding("departments"),
            "body.messageId": _binding("messages"),
        },
        operations=[
            {
                "include-name": "POST /operator/api/visitors/{visitor}/close",
                "parameters": {"path.visitor": seeds.closable_visitor},
            },
            # Events come only when something changes: the stream is read for half a second, then closed.
            {"include-name": "GET /operator/api/events", "request-timeout": 0.5},
        ],
    )


def widget_settings(widget_url: str, seeds: WidgetSeeds, seed: int, max_examples: int) -> RunSettings:
    """The widget API run: a real tab, its messages, keyboard and files; a spare tab for `DELETE /api/tabs/{tab}`."""
    return RunSettings(
        name="widget",
        spec=WIDGET_SPEC,
        base_url=widget_url.rstrip("/"),
        seed=seed,
        max_examples=max_examples,
        dictionaries={
            "messages": seeds.messages,
            "keyboards": [seeds.keyboard_message],
            "buttons": seeds.button_ids,
            "files": seeds.file_guids,
            "locations": ["manual", "default", "departments", "files"],
            "static_files": ["openapi.yaml", "js/main.js", "css/theme.css"],
        },
        parameters={
            "path.tab": seeds.tab,
            "path.id": _binding("messages"),
            "path.guid": _binding("files"),
            "path.path": _binding("static_files", 0.5),
            "query.before": _binding("messages", 0.5),
            "body.messageId": _binding("keyboards"),
            "body.buttonId": _binding("buttons"),
            "body.quotedMessageId": _binding("messages", 0.5),
            "body.location": _binding("locations", 0.5),
        },
        operations=[{"include-name": "DELETE /api/tabs/{tab}", "parameters": {"path.tab": seeds.spare_tab}}],
        # The document's only promised 5xx: a tab whose session cannot start, or the server's tab limit.
        documented_server_errors={"POST /api/tabs": ["503"], "POST /api/tabs/{tab}": ["503"]},
    )


# --- Running and counting ----------------------------------------------------------------------------------------


@dataclass
class FuzzResult:
    """What one run did and found."""

    name: str
    seed: int
    exit_code: int
    seconds: float
    requests: int
    statuses: Counter
    operations: int
    operations_selected: int
    server_errors: int
    schema_mismatches: int
    failures: list[dict]
    errors: list[dict]
    output: str
    #: The first few 5xx answers as the hooks saw them (method, path, status, body).
    server_error_samples: list[dict]

    @property
    def ok(self) -> bool:
        """No 5xx (but a documented one), no mismatch, no other failure, and a run that finished."""
        return (
            self.exit_code == 0
            and self.server_errors == 0
            and self.schema_mismatches == 0
            and not self.failures
            and not self.errors
        )

    def summary(self) -> str:
        statuses = ", ".join(f"{status}: {count}" for status, count in sorted(self.statuses.items()))
        return (
            f"{self.name}: {self.requests} requests, {self.operations}/{self.operations_selected} operations, "
            f"{self.server_errors} server errors, {self.schema_mismatches} schema mismatches, "
            f"{len(self.errors)} run errors, seed {self.seed}, {self.seconds:.1f} s (statuses {statuses})"
        )

    def details(self) -> str:
        """The failures and errors, and Schemathesis' own report (its end), for an assertion message."""
        lines = [self.summary()]
        lines += [
            f"  failure {item['code']} {item['title']} ×{item['count']}: {item['operations']}" for item in self.failures
        ]
        lines += [f"  error {item['title']} ×{item['count']}" for item in self.errors]
        lines += [f"  5xx {sample}" for sample in self.server_error_samples]
        return "\n".join(lines) + "\n--- schemathesis output (end) ---\n" + self.output[-12000:]


def schemathesis_cli() -> str:
    """The `st` next to this interpreter (the venv's), else on PATH."""
    beside = Path(sys.executable).with_name("st")
    if beside.exists():
        return str(beside)
    found = shutil.which("st") or shutil.which("schemathesis")
    if found is None:
        raise AssertionError("schemathesis is not installed: pip install -r Tests/Browser/requirements.txt")
    return found


def run(settings: RunSettings, workdir: Path, timeout: float) -> FuzzResult:
    """Runs Schemathesis once (all phases) in `workdir` and reads its JSON report and the hooks' log."""
    workdir.mkdir(parents=True, exist_ok=True)
    config = workdir / "schemathesis.toml"
    log = workdir / "responses.jsonl"
    report = workdir / "report.json"
    config.write_text(settings.toml(), encoding="utf-8")
    log.write_text("", encoding="utf-8")
    command = [
        schemathesis_cli(),
        "--config-file",
        str(config),
        "run",
        str(settings.spec),
        "--url",
        settings.base_url,
        "--checks",
        ",".join(settings.checks),
        "--report",
        "json",
        "--report-json-path",
        str(report),
        "--no-color",
    ]
    environment = {**os.environ, "FUZZ_HOOKS_LOG": str(log), "PYTHONDONTWRITEBYTECODE": "1"}
    started = time.monotonic()
    completed = subprocess.run(
        command, cwd=workdir, env=environment, capture_output=True, text=True, timeout=timeout, check=False
    )
    seconds = time.monotonic() - started
    return _result(settings, completed, seconds, log, report)


def _result(settings: RunSettings, completed, seconds: float, log: Path, report_path: Path) -> FuzzResult:
    responses = [json.loads(line) for line in log.read_text(encoding="utf-8").split("\n") if line.strip()]
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.exists() else {}
    failures = report.get("failures", [])
    allowed = {
        label: {int(status) for status in statuses} for label, statuses in settings.documented_server_errors.items()
    }
    server_errors = [
        entry
        for entry in responses
        if entry["status"] >= 500 and entry["status"] not in allowed.get(entry["operation"], set())
    ]
    operations = report.get("operations") or {}
    return FuzzResult(
        name=settings.name,
        seed=settings.seed,
        exit_code=completed.returncode,
        seconds=seconds,
        requests=len(responses),
        statuses=Counter(entry["status"] for entry in responses),
        operations=operations.get("tested", 0),
        operations_selected=operations.get("selected", 0),
        # The hooks see every 5xx; the report's count covers a run whose hooks did not load.
        server_errors=max(
            len(server_errors), sum(item["count"] for item in failures if item["type"] in SERVER_ERROR_TYPES)
        ),
        schema_mismatches=sum(item["count"] for item in failures if item["type"] in SCHEMA_MISMATCH_TYPES),
        failures=failures,
        errors=report.get("errors", []) if report else [{"title": "no JSON report was written", "count": 1}],
        output=completed.stdout + completed.stderr,
        server_error_samples=server_errors[:5],
    )
