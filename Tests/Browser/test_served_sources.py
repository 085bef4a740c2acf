"""What the server sends of Public/: scripts and stylesheets without comments, still valid, line for line."""

from __future__ import annotations

import shutil
import subprocess
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PUBLIC = REPO_ROOT / "Public"


def served(server, relative: Path) -> str:
    with urllib.request.urlopen(f"{server.widget_url.rstrip('/')}/static/{relative.as_posix()}", timeout=10) as response:
        return response.read().decode("utf-8")


def test_every_served_script_parses_and_keeps_its_lines(server, tmp_path):
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "node is missing: scripts/test installs the Debian nodejs package"
    scripts = sorted(path for path in PUBLIC.rglob("*.js") if path.is_file())
    assert scripts, f"no scripts under {PUBLIC}"
    problems = []
    for path in scripts:
        relative = path.relative_to(PUBLIC)
        source = path.read_text(encoding="utf-8")
        text = served(server, relative)
        if len(text) >= len(source):
            problems.append(f"{relative}: served as written ({len(text)} bytes), comments and indentation kept")
        # A stack trace or a console message must point at the line of the file in Public/.
        if text.count("\n") != source.count("\n"):
            problems.append(f"{relative}: {source.count(chr(10))} lines in Public/, {text.count(chr(10))} served")
        module = tmp_path / relative.with_suffix(".mjs")
        module.parent.mkdir(parents=True, exist_ok=True)
        module.write_text(text, encoding="utf-8")
        check = subprocess.run([node, "--check", str(module)], capture_output=True, text=True, timeout=30)
        if check.returncode != 0:
            problems.append(f"{relative}: the served script does not parse:\n{check.stderr.strip()}")
    assert problems == [], "\n".join(problems)


def test_served_stylesheets_keep_their_rules(server):
    for path in sorted(PUBLIC.rglob("*.css")):
        relative = path.relative_to(PUBLIC)
        source = path.read_text(encoding="utf-8")
        text = served(server, relative)
        assert "/*" not in text, f"{relative}: a comment was served"
        assert text.count("\n") == source.count("\n"), f"{relative}: lines moved"
        # Every rule is still there: as many braces and declarations as in the file.
        for mark in "{};":
            assert text.count(mark) == source.count(mark) - _count_in_comments(source, mark), f"{relative}: {mark!r}"


def _count_in_comments(source: str, mark: str) -> int:
    count, start = 0, source.find("/*")
    while start != -1:
        end = source.find("*/", start + 2)
        end = len(source) if end == -1 else end
        count += source[start:end].count(mark)
        start = source.find("/*", end + 2)
    return count
