"""A deployment on loopback, run from the bundle `scripts/bundle` made (never the build tree): one chat service, widget
servers pointing at it, and nginx with the bundle's `deploy/nginx.conf`. Every process is stopped by its own PID."""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import signal
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

#: Seconds a process may take to print its URL or open its port (a cold start migrates fresh databases).
STARTUP_TIMEOUT = 60
#: Seconds any one answer or event may take.
WAIT_TIMEOUT = 15
#: Seconds a process may take to stop after SIGTERM (a widget server drains its streams first).
STOP_TIMEOUT = 30
#: The name the tests reach nginx by; the widget servers learn it from `--public-origin`.
PUBLIC_HOST = "chat.test"

#: A `Label:  URL` line, as `serve` and `service` print them, or `Console token file:  PATH`.
PRINTED_URL = re.compile(r"^([A-Za-z ]+):\s+(\S.*?)\s*$")
#: A line of deploy/nginx.conf's `webim_widget` access log.
ACCESS_LINE = re.compile(
    r'"(?P<method>\S+) (?P<uri>\S+) HTTP/[\d.]+" (?P<status>\d{3}) .* upstream=(?P<upstream>[^\s,]+(?:, [^\s,]+)*) '
)


def free_port() -> int:
    """A loopback port nothing listens on now (the kernel's pick for port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Child:
    """A child process whose printed `Label:  URL` lines are collected and whose standard error goes to a file."""

    def __init__(
        self, name: str, arguments: list[str], cwd: Path, log: Path, environment: dict[str, str] | None = None
    ):
        self.name = name
        self.log = log
        with open(log, "wb") as errors:
            self.process = subprocess.Popen(
                arguments,
                cwd=cwd,
                env=environment,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
                bufsize=1,
            )
        self.lines: queue.Queue = queue.Queue()
        self.printed: dict[str, str] = {}
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def url(self, label: str) -> str:
        """The URL (or path) printed after `label:`, waiting for its line."""
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while label not in self.printed:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{self.name} printed no {label!r} line in {STARTUP_TIMEOUT} s{self.tail()}")
            if line is None:
                status = self.process.wait()
                raise AssertionError(f"{self.name} exited ({status}) before printing {label!r}{self.tail()}")
            if match := PRINTED_URL.match(line):
                self.printed[match.group(1)] = match.group(2)
        return self.printed[label]

    def console_link(self) -> str:
        """The service's console link that signs in. Standard output is a pipe, so the service prints the console's
        URL without its token and the path of the file that holds it."""
        token = Path(self.url("Console token file")).read_text(encoding="utf-8").strip()
        return f"{self.url('Operator console')}?token={token}"

    def wait_for_line(self, text: str, timeout: float = STARTUP_TIMEOUT) -> str:
        """Waits until the process prints a line holding `text`, and returns it; fails when it exits first."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{self.name} printed no line with {text!r} in {timeout} s{self.tail()}")
            if line is None:
                raise AssertionError(f"{self.name} exited ({self.process.wait()}) before printing {text!r}{self.tail()}")
            if text in line:
                return line

    def tail(self, lines: int = 20) -> str:
        text = self.log.read_text(errors="replace").splitlines()[-lines:] if self.log.exists() else []
        return "\n" + "\n".join(text) if text else ""

    def stop(self) -> int | None:
        """SIGTERM to this process's own PID, then SIGKILL if it has not exited in `STOP_TIMEOUT`; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self):
        return json.loads(self.body)


@dataclass
class Cluster:
    """The running deployment: nginx on `port`, answering as `origin`."""

    root: Path
    bundle: Path
    port: int
    widgets: list[str] = field(default_factory=list)
    children: list[Child] = field(default_factory=list)
    access_log: Path | None = None

    @property
    def origin(self) -> str:
        return f"http://{PUBLIC_HOST}:{self.port}"

    @property
    def upstreams(self) -> list[str]:
        """The widget servers as nginx's access log names them (`127.0.0.1:PORT`)."""
        return [url.split("://", 1)[1].rstrip("/") for url in self.widgets]

    def call(
        self,
        method: str,
        path: str,
        body=None,
        headers: dict[str, str] | None = None,
        base: str | None = None,
        raw: bytes | None = None,
    ) -> Answer:
        """One request through nginx (or to `base`, a widget server itself) as the page would send it: the public
        `Host`, and for a change the public `Origin` and a JSON body."""
        host, port = ("127.0.0.1", self.port) if base is None else base.split("://", 1)[1].rstrip("/").split(":")
        all_headers = {"Host": f"{PUBLIC_HOST}:{self.port}"}
        if method not in ("GET", "HEAD"):
            all_headers["Origin"] = self.origin
        payload = raw
        if body is not None:
            payload = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        all_headers.update(headers or {})
        connection = http.client.HTTPConnection(host, int(port), timeout=WAIT_TIMEOUT)
        try:
            connection.request(method, path, body=payload, headers=all_headers)
            response = connection.getresponse()
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        finally:
            connection.close()

    def access(self) -> list[dict[str, str]]:
        """nginx's access log so far, one dict per request (method, uri, status, upstream)."""
        assert self.access_log is not None
        text = self.access_log.read_text(errors="replace") if self.access_log.exists() else ""
        return [match.groupdict() for line in text.splitlines() if (match := ACCESS_LINE.search(line))]

    def access_settled(self) -> list[dict[str, str]]:
        """nginx's access log with every request answered so far in it. nginx logs a request just after its answer
        has gone, so a client that reads the log at once may come first; but its one worker finishes that before it
        takes another request, so once one more request is answered, every earlier one is in the log."""
        assert self.call("GET", "/healthz?log-barrier").status == 200
        return self.access()

    def stop(self) -> None:
        for child in reversed(self.children):
            child.stop()


def substitute(text: str, pattern: str, replacement: str, expected: int = 1) -> str:
    """`text` with `pattern` replaced, failing unless it matched exactly `expected` times: a changed deploy/nginx.conf
    must fail here, not test something else."""
    result, count = re.subn(pattern, replacement, text, flags=re.MULTILINE)
    assert count == expected, f"deploy/nginx.conf: {pattern!r} matched {count} times, not {expected}"
    return result


def nginx_site(template: str, port: int, upstreams: list[str], access_log: Path) -> str:
    """deploy/nginx.conf with the places its comments mark EDIT filled in for this test, its access log in
    `access_log` and its error log beside it."""
    servers = re.findall(r"^\s*server 127\.0\.0\.1:\d+ ([^;]*);$", template, flags=re.MULTILINE)
    assert len(servers) >= 1, "deploy/nginx.conf lists no `server 127.0.0.1:PORT …;` line"
    lines = "".join(f"    server {upstream} {servers[0]};\n" for upstream in upstreams)
    site = substitute(template, r"^\s*server 127\.0\.0\.1:\d+ [^;]*;\n", "", expected=len(servers))
    site = substitute(site, r"^(upstream webim_widgets \{\n)", r"\g<1>" + lines.replace("\\", "\\\\"))
    site = substitute(site, r"^(\s*)listen 80;$", rf"\g<1>listen 127.0.0.1:{port};")
    site = substitute(site, r"^\s*listen \[::\]:80;\n", "")
    site = substitute(site, r"^(\s*)server_name \S+;$", rf"\g<1>server_name {PUBLIC_HOST};")
    site = substitute(site, r"access_log /var/log/nginx/\S+ ", f"access_log {access_log} ")
    site = substitute(site, r"error_log /var/log/nginx/\S+ ", f"error_log {access_log.parent / 'webim-widget.error.log'} ")
    return site


def nginx_main(prefix: Path, site: Path) -> str:
    """A whole nginx.conf that runs unprivileged from `prefix` (pid, logs and temporary files inside it) and holds
    the site inside its `http {}` block, as Debian's /etc/nginx/nginx.conf holds conf.d/*.conf."""
    # As root, nginx's workers would switch to `nobody`, who cannot enter the test's private temporary folder.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    temporary = "".join(
        f"    {kind}_temp_path {prefix / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {prefix / 'nginx.pid'};\nerror_log {prefix / 'error.log'} info;\n"
        # Also on its standard output, which the test reads: "start worker processes" says it listens.
        "error_log /dev/stdout notice;\n"
        "events { worker_connections 1024; }\n"
        f"http {{\n{temporary}    include {site};\n}}\n"
    )
