"""The connection limits of issue 30, tried on the real binary from raw sockets: a request head sent slowly, and one
client address holding more connections than it may. Before the fix neither server ever hung up on either.

Each test gives the server the one limit it tries, short (`--header-timeout 1`, `--max-connections-per-client 4`);
each wait for the server to hang up is bounded far above it, so only a server that never does makes a test wait
that long.
"""

from __future__ import annotations

import socket
import urllib.parse

import pytest

#: Seconds a test waits for the server to hang up or answer.
PATIENCE = 10
HEALTH = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def _connect(url: str, source: str | None = None) -> socket.socket:
    parts = urllib.parse.urlsplit(url)
    connection = socket.create_connection(
        (parts.hostname, parts.port), timeout=PATIENCE, source_address=(source, 0) if source else None
    )
    connection.settimeout(PATIENCE)
    return connection


def _hung_up(connection: socket.socket) -> bool:
    """Whether the server closes the connection before PATIENCE passes (what it sends first is read and dropped)."""
    try:
        while connection.recv(4096):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.mark.parametrize("server_args", [["--header-timeout", "1"]], ids=["header-timeout"])
@pytest.mark.parametrize("which", ["widget", "service"])
def test_a_request_head_sent_slowly_is_cut_off(server, which):
    url = server.widget_url if which == "widget" else server.console_url
    connection = _connect(url)
    try:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert _hung_up(connection), f"the {which} kept a connection whose request head never ended"
    finally:
        connection.close()


@pytest.mark.parametrize("server_args", [["--max-connections-per-client", "4"]], ids=["cap"])
def test_a_client_past_its_cap_is_refused_and_another_address_is_not(server):
    held = []
    try:
        for _ in range(4):
            connection = _connect(server.widget_url)
            held.append(connection)
            connection.sendall(HEALTH)
            # Answered: the server has counted it before the next one comes.
            assert connection.recv(12) == b"HTTP/1.1 200"
        extra = _connect(server.widget_url)
        held.append(extra)
        assert _hung_up(extra), "a fifth connection from one address was kept"
        # Another client (a second loopback address) is not affected by the first one's connections.
        other = _connect(server.widget_url, source="127.0.0.2")
        held.append(other)
        other.sendall(HEALTH)
        assert other.recv(12) == b"HTTP/1.1 200"
    finally:
        for connection in held:
            connection.close()
