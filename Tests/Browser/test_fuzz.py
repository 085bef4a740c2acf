"""API fuzzing of both servers with Schemathesis: every operation of each OpenAPI document, seeded and bounded.

The widget API (`Public/openapi.yaml`) is fuzzed against the widget server, the operator console API
(`Public/operator/openapi.yaml`) against the embedded service, each on its own fresh server. Every answer must be no
server error (but a documented 503), have a documented status and content type, and match its schema; any of these
fails the test, whose message lists what Schemathesis found and how to reproduce it. The counts (requests,
operations, server errors, mismatches) are printed either way.

The seed and the number of examples are fixed, so a run repeats; the full run (over ten thousand requests per
server) is `Benchmarks/fuzz`. The servers run with `--no-rate-limits`, so that generated requests reach the routes
rather than the rate limiter (whose 429 the documents describe all the same). Ids come from real things made first
(`fuzzing.seed_widget`, `fuzzing.seed_console`), so the routes' deep paths run, not only their 404s.
"""

from __future__ import annotations

import pytest

import fuzzing

#: One fixed seed: the same cases every run.
SEED = 20261124
#: Generated cases per operation in the fuzzing phase (the coverage and stateful phases add their own).
WIDGET_EXAMPLES = 50
CONSOLE_EXAMPLES = 40
#: Seconds one Schemathesis run may take before the test gives up on it.
RUN_TIMEOUT = 150


@pytest.fixture
def server_args() -> list[str]:
    """No rate limits: fuzzing sends requests much faster than a person, and would mostly meet 429."""
    return ["--no-rate-limits"]


def report(capsys, result: fuzzing.FuzzResult) -> None:
    """Prints the counts to the terminal even when pytest captures output."""
    with capsys.disabled():
        print(f"\n[fuzz] {result.summary()}")


def test_widget_api_matches_its_document(server, tmp_path, capsys):
    service = fuzzing.Service(server.console_link)
    seeds = fuzzing.seed_widget(server.widget_url, service)
    settings = fuzzing.widget_settings(server.widget_url, seeds, SEED, WIDGET_EXAMPLES)

    result = fuzzing.run(settings, tmp_path / "widget", timeout=RUN_TIMEOUT)

    report(capsys, result)
    assert result.operations == result.operations_selected > 0, result.details()
    assert result.ok, result.details()


def test_console_api_matches_its_document(server, tmp_path, capsys):
    service = fuzzing.Service(server.console_link)
    seeds = fuzzing.seed_console(service)
    settings = fuzzing.console_settings(service, seeds, SEED, CONSOLE_EXAMPLES)

    result = fuzzing.run(settings, tmp_path / "console", timeout=RUN_TIMEOUT)

    report(capsys, result)
    assert result.operations == result.operations_selected > 0, result.details()
    assert result.ok, result.details()

