"""Files and secrets private whatever the flags (issue 30): every folder the servers keep data in is 0700 and every
file 0600, with or without `--cluster-key-file` and in `service` mode, an older version's readable data is narrowed;
a key file its group or others may read is refused; the console token reaches standard output only on a terminal.

The real binary, as `deploy/README.md` runs it; no browser."""

from __future__ import annotations

import base64
import os
import pty
import select
import stat
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import REPO_ROOT, STARTUP_TIMEOUT, WAIT_TIMEOUT, _binary_path, split_console_link
from test_service_process import Process, call

SERVE = ("serve", "--port", "0", "--service-port", "0")
SERVICE = ("service", "--port", "0")


def make_key(path: Path, mode: int) -> Path:
    """A key file with `mode`: 32 random bytes in base64, which both options take (the visitor-fields key is text)."""
    path.write_bytes(base64.b64encode(os.urandom(32)))
    path.chmod(mode)
    return path


def open_entries(root: Path) -> list[str]:
    """Every folder under `root` (itself included) that is not 0700 and every file that is not 0600."""
    wrong = []
    for folder, folders, files in os.walk(root):
        for path in [Path(folder), *(Path(folder) / name for name in files)]:
            try:
                status = path.lstat()
            except FileNotFoundError:
                continue  # SQLite's `-shm` and atomic writes' temporary files come and go while the servers run.
            mode = stat.S_IMODE(status.st_mode)
            if (stat.S_ISDIR(status.st_mode) and mode != 0o700) or (stat.S_ISREG(status.st_mode) and mode != 0o600):
                wrong.append(f"{path.relative_to(root.parent)} {oct(mode)}")
    return wrong


def converse(widget: str, console_link: str) -> None:
    """A visitor's message through the widget server and an operator's file back: a tab folder, history rows and an
    uploaded file on disk."""
    console, token = split_console_link(console_link)
    tab = call(widget.rstrip("/") + "/api/tabs", "POST", {"location": "manual"})["tabId"]
    call(f"{widget.rstrip('/')}/api/tabs/{tab}/messages", "POST", {"text": "keep me private", "clientId": "private-1"})
    api = console + "/api"

    def visitor(_):
        return next((chat["visitorId"] for chat in call(api + "/chats", token=token) if chat.get("chat")), False)

    visitor_id = WebDriverWait(None, WAIT_TIMEOUT).until(visitor, "the service never listed the visitor's chat")
    call(f"{api}/visitors/{visitor_id}/join", "POST", {}, token=token)
    text = base64.b64encode(b"an operator's file").decode()
    upload = {"filename": "a.txt", "contentType": "text/plain", "base64": text}
    call(f"{api}/visitors/{visitor_id}/files", "POST", upload, token=token)


def start_deployment(kind: str, tmp_path: Path) -> tuple[list[Process], str, str, list[Path]]:
    """The processes of `kind`, the widget's URL, the console's sign-in link and the data folders to check."""
    if kind == "service + serve --account --cluster-key-file":
        key = make_key(tmp_path / "cluster.key", 0o600)
        service = Process(*SERVICE, "--data-dir", str(tmp_path / "service-data"))
        processes = [service]
        link = service.console_link()
        widget = Process(
            "serve", "--port", "0", "--account", service.url("Chat service"),
            "--data-dir", str(tmp_path / "widget-data"), "--cluster-key-file", str(key),
        )
        processes.append(widget)
        return processes, widget.url("Webim widget"), link, [tmp_path / "service-data", tmp_path / "widget-data"]
    extra = ["--cluster-key-file", str(make_key(tmp_path / "cluster.key", 0o600))] if "cluster" in kind else []
    server = Process(*SERVE, "--data-dir", str(tmp_path / "data"), *extra)
    return [server], server.url("Webim widget"), server.console_link(), [tmp_path / "data"]


KINDS = ["serve", "serve --cluster-key-file", "service + serve --account --cluster-key-file"]


@pytest.mark.parametrize("kind", KINDS)
def test_every_data_folder_is_0700_and_every_file_0600(kind, tmp_path):
    processes, widget, link, roots = start_deployment(kind, tmp_path)
    try:
        converse(widget, link)
        # While they run: SQLite's `-wal` and `-shm` exist only now.
        widget_data = roots[-1] / "widget"
        assert (widget_data / "history.sqlite-wal").exists()
        assert [entry for root in roots for entry in open_entries(root)] == []
    finally:
        for process in reversed(processes):
            process.stop()
    assert [entry for root in roots for entry in open_entries(root)] == []
    service_data = roots[0] / "service"
    for made in ("service.sqlite", "console-token", "visitor-fields.key", "files"):
        assert (service_data / made).exists(), made
    assert any((service_data / "files").iterdir()), "the operator's file was never stored"
    assert any(folder.is_dir() for folder in (widget_data / "tabs").iterdir()), "no tab folder was made"


def test_an_older_versions_readable_data_is_narrowed_at_start(tmp_path):
    data = tmp_path / "data"
    server = Process(*SERVE, "--data-dir", str(data))
    try:
        converse(server.url("Webim widget"), server.console_link())
    finally:
        server.stop()
    # What a version that kept the umask's modes left behind.
    for folder, _, files in os.walk(data):
        Path(folder).chmod(0o755)
        for name in files:
            (Path(folder) / name).chmod(0o644)
    server = Process(*SERVE, "--data-dir", str(data))
    try:
        server.console_link()
        assert open_entries(data / "widget") + open_entries(data / "service") == []
    finally:
        server.stop()


@pytest.mark.parametrize("mode", [0o640, 0o604], ids=["group", "others"])
@pytest.mark.parametrize(
    "command, option",
    [(SERVE, "--cluster-key-file"), (SERVE, "--visitor-fields-key-file"), (SERVICE, "--visitor-fields-key-file")],
    ids=["serve-cluster-key", "serve-visitor-fields-key", "service-visitor-fields-key"],
)
def test_a_key_file_others_may_read_is_refused(command, option, mode, tmp_path):
    key = make_key(tmp_path / "key", mode)
    finished = subprocess.run(
        [str(_binary_path()), *command, "--data-dir", str(tmp_path / "data"), option, str(key)],
        cwd=REPO_ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=STARTUP_TIMEOUT,
    )
    assert finished.returncode != 0
    assert f"{option} {key}: permissions 0{mode:o} are too open" in finished.stderr
    # Left as it was: whoever gave it must learn that it was exposed, not find it quietly fixed.
    assert stat.S_IMODE(key.stat().st_mode) == mode


@pytest.mark.parametrize("command", [SERVE, SERVICE], ids=["serve", "service"])
def test_a_pipe_gets_the_token_files_path_never_the_token(command, tmp_path):
    process = Process(*command, "--data-dir", str(tmp_path / "data"))
    try:
        console = process.url("Operator console")
        assert "token=" not in console
        token_file = Path(process.url("Console token file"))
        assert token_file == (tmp_path / "data" / "service" / "console-token").resolve()
        token = token_file.read_text(encoding="utf-8").strip()
        assert all(token not in printed for printed in process.printed.values())
        # The file's token signs in.
        assert isinstance(call(console.replace("/operator", "/operator/api/chats"), token=token), list)
    finally:
        process.stop()


@pytest.mark.parametrize("command", [SERVE, SERVICE], ids=["serve", "service"])
def test_a_terminal_gets_the_sign_in_link(command, tmp_path):
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        [str(_binary_path()), *command, "--data-dir", str(tmp_path / "data")],
        cwd=REPO_ROOT,
        stdin=subprocess.DEVNULL,
        stdout=terminal,
        stderr=subprocess.DEVNULL,
    )
    os.close(terminal)
    try:
        text = ""
        while "Operator console:" not in text or not text.endswith("\n"):
            ready, _, _ = select.select([controller], [], [], STARTUP_TIMEOUT)
            assert ready, f"nothing printed to the terminal within {STARTUP_TIMEOUT} s: {text!r}"
            text += os.read(controller, 4096).decode().replace("\r\n", "\n")
        token = (tmp_path / "data" / "service" / "console-token").read_text(encoding="utf-8").strip()
        assert f"/operator?token={token}\n" in text
        assert "Console token file" not in text
    finally:
        process.terminate()
        process.wait(timeout=30)
        os.close(controller)
