"""deploy/prometheus.yml and deploy/webim-widget.rules.yml as Prometheus itself reads them: `promtool check config`,
`promtool check rules`, and `promtool test rules` on webim-widget.rules.test.yml beside this file, which feeds each
alert series that must fire it and series that must not. A weakened rule must fail those unit tests. Skipped only
when promtool is not installed (scripts/test installs Debian's `prometheus`, which ships it)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
RULES_TEST = Path(__file__).resolve().parent / "webim-widget.rules.test.yml"
PROMTOOL = shutil.which("promtool")

if PROMTOOL is None:
    pytest.skip("promtool is not installed (Debian: apt-get install prometheus)", allow_module_level=True)

#: The token file deploy/prometheus.yml names: promtool requires it to exist, so the test points it at its own.
CREDENTIALS_FILE = re.compile(r"^(\s*credentials_file:) /etc/prometheus/webim-widget-metrics\.token$", re.MULTILINE)


def promtool(*arguments: str | Path, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PROMTOOL, *map(str, arguments)], cwd=cwd, capture_output=True, text=True, timeout=120)


def copy_of_the_deployment(root: Path) -> Path:
    """deploy/prometheus.yml and its rules in `root/deploy/`, the token file it names replaced by one in `root`
    (the file is the deployment's own, outside the repository); returns the configuration's path."""
    (root / "deploy").mkdir()
    token = root / "metrics.token"
    token.write_text("not-a-real-token\n")
    token.chmod(0o600)
    config, replaced = CREDENTIALS_FILE.subn(rf"\g<1> {token}", (DEPLOY / "prometheus.yml").read_text())
    assert replaced == 1, "deploy/prometheus.yml names no credentials_file /etc/prometheus/webim-widget-metrics.token"
    shutil.copy(DEPLOY / "webim-widget.rules.yml", root / "deploy")
    (root / "deploy" / "prometheus.yml").write_text(config)
    return root / "deploy" / "prometheus.yml"


def test_promtool_accepts_the_scrape_configuration_and_the_rules_it_loads(tmp_path):
    config = copy_of_the_deployment(tmp_path)
    checked = promtool("check", "config", config)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # The rule file is found beside the configuration and checked with it, not skipped.
    assert "webim-widget.rules.yml" in checked.stdout and "SUCCESS: 10 rules found" in checked.stdout, checked.stdout


def test_promtool_refuses_the_configuration_without_its_token_file(tmp_path):
    """The check above is not vacuous: promtool reads what the configuration names."""
    config = copy_of_the_deployment(tmp_path)
    (tmp_path / "metrics.token").unlink()
    checked = promtool("check", "config", config)
    assert checked.returncode != 0
    assert "metrics.token" in checked.stdout + checked.stderr


def test_the_scrape_job_reaches_every_server_nginx_sends_tabs_to_with_the_token():
    config = (DEPLOY / "prometheus.yml").read_text()
    nginx_servers = re.findall(r"^\s*server (\d+\.\d+\.\d+\.\d+:\d+) ", (DEPLOY / "nginx.conf").read_text(), re.MULTILINE)
    targets = re.findall(r"^\s*- (\d+\.\d+\.\d+\.\d+:\d+)$", config, re.MULTILINE)
    assert nginx_servers and targets == nginx_servers
    assert re.search(r"^\s*scrape_interval: 15s$", config, re.MULTILINE)
    assert re.search(r"^\s*type: Bearer$", config, re.MULTILINE) and CREDENTIALS_FILE.search(config)
    assert re.search(r"^rule_files:\n\s*- webim-widget\.rules\.yml$", config, re.MULTILINE)


def test_promtool_accepts_the_rules():
    checked = promtool("check", "rules", DEPLOY / "webim-widget.rules.yml")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "SUCCESS: 10 rules found" in checked.stdout


def test_each_alert_fires_on_its_series_and_on_no_others():
    tested = promtool("test", "rules", RULES_TEST.name, cwd=RULES_TEST.parent)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "SUCCESS" in tested.stdout


@pytest.mark.parametrize(
    ("rule_text", "weakened"),
    [
        # Fires at once: a restart's few seconds of draining would page.
        ("for: 2m", "for: 0s"),
        # The visitor's own failures counted against the server.
        ('code!~"file_too_large|', 'code!~"nothing_excluded|'),
        # No minimum traffic.
        ("* 300 >= 20", "* 300 >= 0"),
        # The action queue's retries counted with the long poll's.
        ('webim_core_backoff_seconds_total{loop="delta"}', "webim_core_backoff_seconds_total"),
        # Limits alerted only when nearly full.
        ("instance:webim_widget_tabs_used:ratio > 0.9", "instance:webim_widget_tabs_used:ratio > 0.99"),
    ],
)
def test_the_unit_tests_fail_when_a_rule_is_weakened(tmp_path, rule_text, weakened):
    rules = (DEPLOY / "webim-widget.rules.yml").read_text()
    assert rule_text in rules, f"deploy/webim-widget.rules.yml no longer holds {rule_text!r}: update this test"
    # The same layout as the repository's, so that the unit tests' `../../deploy/…` finds the weakened copy.
    (tmp_path / "deploy").mkdir()
    (tmp_path / "deploy" / "webim-widget.rules.yml").write_text(rules.replace(rule_text, weakened))
    (tmp_path / "Tests" / "Deploy").mkdir(parents=True)
    shutil.copy(RULES_TEST, tmp_path / "Tests" / "Deploy")
    tested = promtool("test", "rules", RULES_TEST.name, cwd=tmp_path / "Tests" / "Deploy")
    assert tested.returncode != 0, f"the unit tests passed with {weakened!r} for {rule_text!r}"
    assert "FAILED" in tested.stdout + tested.stderr

