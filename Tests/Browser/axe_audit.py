"""Runs axe-core (from axe-selenium-python) on the current page and its frames, for the accessibility tests.

The rule set is test_console_accessibility.py's: WCAG 2.0/2.1 A and AA, and axe's best practices.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

#: The rule sets the audit runs.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"]

#: Runs axe on the whole document (frames included, where axe was injected too); a failure of axe itself comes back
#: as `{error}` instead of a timeout.
AXE_RUN = """
const [tags, done] = arguments;
axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: true })
  .then(done, (error) => done({ error: String(error) }));
"""

#: Impacts that fail an audit.
BLOCKING = ("serious", "critical")


def audit(driver, frames: str | None = None) -> dict:
    """axe's results for the current document; `frames` (a CSS selector) names iframes to audit with it."""
    axe = Axe(driver)
    source = Path(axe.script_url).read_text(encoding="utf-8")
    if frames is not None:
        for frame in driver.find_elements(By.CSS_SELECTOR, frames):
            driver.switch_to.frame(frame)
            try:
                driver.execute_script(source)
            finally:
                driver.switch_to.parent_frame()
    driver.execute_script(source)
    results = driver.execute_async_script(AXE_RUN, AXE_TAGS)
    assert "error" not in results, results.get("error")
    return results


def by_impact(results: dict) -> Counter:
    """How many violations (rules) of each impact."""
    return Counter(violation["impact"] for violation in results["violations"])


def blocking(results: dict) -> list[dict]:
    """The serious and critical violations."""
    return [violation for violation in results["violations"] if violation["impact"] in BLOCKING]


def report(violations: list[dict]) -> str:
    """A readable list: rule, impact, and each element with axe's explanation."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:8]:
            lines.append(f"    {' > '.join(map(str, node['target']))}: {node.get('failureSummary', '').strip()[:300]}")
    return "\n".join(lines)
