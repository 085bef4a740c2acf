"""Schemathesis hooks for `fuzzing.py`: one JSON line per answered request, so the run can be counted.

Schemathesis' own report counts test cases, not requests (a stateful scenario sends several, shrinking repeats
some), and not their statuses. These hooks see every call the CLI makes and append `{operation, status}` (plus the
request as curl and the start of the answer for a 5xx, to reproduce it) to the file named by `FUZZ_HOOKS_LOG`. A
transport failure (timeout, reset connection: a crashed server) is logged with status 0. With `FUZZ_HOOKS_DEBUG=1`
every line also carries the case (path, query, headers, cookies, body) and the answer, to see where cases end up.
"""

from __future__ import annotations

import json
import os
import threading

import schemathesis

_LOG = os.environ.get("FUZZ_HOOKS_LOG")
_DEBUG = bool(os.environ.get("FUZZ_HOOKS_DEBUG"))
_LOCK = threading.Lock()


def _append(entry: dict) -> None:
    """Writes one line (ASCII JSON, so no character in a body can split it); workers are threads, hence the lock."""
    if not _LOG:
        return
    line = json.dumps(entry, default=repr) + "\n"
    with _LOCK, open(_LOG, "a", encoding="utf-8") as log:
        log.write(line)


def _answer(response) -> str:
    return response.content[:300].decode("utf-8", errors="replace")


def _case(case) -> dict:
    """What was sent, for `FUZZ_HOOKS_DEBUG`."""
    return {
        "path": case.path_parameters,
        "query": case.query,
        "headers": case.headers,
        "cookies": case.cookies,
        "body": case.body,
        "phase": getattr(getattr(case.meta, "phase", None), "name", None),
    }


@schemathesis.hook
def after_call(context, case, response) -> None:
    """Logs the answer; a 5xx also keeps the request to reproduce it."""
    entry = {"operation": case.operation.label, "status": response.status_code}
    if response.status_code >= 500:
        entry |= {"curl": case.as_curl_command(), "body": _answer(response)}
    if _DEBUG:
        entry |= {"case": _case(case), "answer": _answer(response)}
    _append(entry)


@schemathesis.hook
def after_network_error(context, case, request) -> None:
    """Logs a request that got no answer at all."""
    _append({"operation": case.operation.label, "status": 0, "curl": case.as_curl_command()})
