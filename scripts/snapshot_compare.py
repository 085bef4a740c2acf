"""Pixel comparison of a snapshot with its baseline, and the HTML report of a run (see snapshots.py).

A pixel counts as changed when any of its red, green, blue or alpha channels differs by more than
`PIXEL_TOLERANCE` (of 255): that absorbs rounding in blended edges, and still sees a colour moved by a few steps.
A snapshot differs when more than `CHANGED_SHARE` of its pixels changed, or when its size changed. Renders on the
same kind of machine with the same fonts are identical, so both bounds are tight: a 1-px border around a 16×16
icon is 64 pixels, more than the share allows at either size (27 pixels at 390×700, 48 at 800×600).
"""

from __future__ import annotations

import html
import shutil
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

#: Largest difference in one channel (0–255) that still counts as the same pixel.
PIXEL_TOLERANCE = 8
#: Largest share of changed pixels that still counts as the same snapshot: 0.01 %.
CHANGED_SHARE = 0.0001
#: The difference image: the new render faded to this share of its contrast, changed pixels in magenta.
FADE = 0.25
HIGHLIGHT = (255, 0, 200, 255)

THRESHOLD_SENTENCE = (
    f"A pixel is changed when a channel differs by more than {PIXEL_TOLERANCE}/255; a snapshot differs when more "
    f"than {CHANGED_SHARE:.2%} of its pixels changed or its size changed."
)


@dataclass
class Comparison:
    """How a render compares with its baseline."""

    changed_pixels: int
    total_pixels: int
    size_changed: bool = False
    #: 255 where a pixel changed, else 0; None when the sizes differ.
    mask: Image.Image | None = None
    #: Changed pixels in magenta over the faded render; None when the sizes differ.
    difference: Image.Image | None = None

    def changed_box(self) -> tuple[int, int, int, int] | None:
        """The bounding box (left, top, right, bottom) of the changed pixels; None when none changed."""
        return self.mask.getbbox() if self.mask is not None else None

    @property
    def share(self) -> float:
        return self.changed_pixels / self.total_pixels if self.total_pixels else 1.0

    @property
    def differs(self) -> bool:
        return self.size_changed or self.share > CHANGED_SHARE

    def summary(self) -> str:
        if self.size_changed:
            return "size changed"
        return f"{self.changed_pixels} px changed ({self.share:.4%})"


def compare(baseline: Image.Image, render: Image.Image) -> Comparison:
    """Compares two images pixel by pixel within the tolerance."""
    baseline, render = baseline.convert("RGBA"), render.convert("RGBA")
    total = render.width * render.height
    if baseline.size != render.size:
        return Comparison(changed_pixels=total, total_pixels=total, size_changed=True)
    delta = ImageChops.difference(baseline, render)
    # The largest channel difference of each pixel, then 255 where it passes the tolerance, else 0.
    channels = delta.split()
    largest = channels[0]
    for channel in channels[1:]:
        largest = ImageChops.lighter(largest, channel)
    mask = largest.point(lambda value: 255 if value > PIXEL_TOLERANCE else 0, mode="L")
    changed = mask.histogram()[255]
    faded = Image.blend(Image.new("RGBA", render.size, (255, 255, 255, 255)), render, FADE)
    faded.paste(Image.new("RGBA", render.size, HIGHLIGHT), mask=mask)
    return Comparison(changed_pixels=changed, total_pixels=total, mask=mask, difference=faded)


def save_png(image: Image.Image, path: Path) -> None:
    """A small PNG: RGB (the page is opaque), optimized."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image.convert("RGB").save(path, format="PNG", optimize=True)


@dataclass
class Row:
    """One snapshot's line of the report."""

    name: str
    verdict: str  # "same", "written" (--update), "differs", "missing", "failed"
    detail: str
    baseline: Path | None = None
    render: Path | None = None
    difference: Path | None = None


def write_report(rows: list[Row], folder: Path, command: str) -> Path:
    """The report: a summary line per snapshot, and before, after and difference side by side for every change.
    Images are copied into `folder` so the report stays whole when a baseline is later updated."""
    folder.mkdir(parents=True, exist_ok=True)
    counts = {verdict: sum(row.verdict == verdict for row in rows)
              for verdict in ("same", "written", "differs", "missing", "failed")}
    lines = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Visual snapshots</title><style>",
        "body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse}td,th{padding:.2rem .6rem;"
        "text-align:left;border-bottom:1px solid #ddd}.same,.written{color:#157f3b}.differs,.missing,.failed{color:#b00020;"
        "font-weight:600}figure{display:inline-block;margin:0 1rem 1rem 0;vertical-align:top}img{border:1px solid #999;"
        "max-width:100%}section{margin:2rem 0}</style></head><body>",
        "<h1>Visual snapshots</h1>",
        f"<p>{html.escape(THRESHOLD_SENTENCE)}</p>",
        f"<p>{counts['same']} same, {counts['written']} baselines written, {counts['differs']} differ, {counts['missing']} without a baseline, "
        f"{counts['failed']} failed to render. Command: <code>{html.escape(command)}</code></p>",
        "<table><tr><th>snapshot</th><th>result</th><th>detail</th></tr>",
    ]
    for row in rows:
        shown = row.verdict not in ("same", "written")
        anchor = f"<a href='#{html.escape(row.name)}'>{html.escape(row.name)}</a>" if shown else html.escape(row.name)
        lines.append(f"<tr><td>{anchor}</td><td class='{row.verdict}'>{row.verdict}</td><td>{html.escape(row.detail)}</td></tr>")
    lines.append("</table>")
    for row in rows:
        if row.verdict in ("same", "written"):
            continue
        lines.append(f"<section id='{html.escape(row.name)}'><h2>{html.escape(row.name)}: {row.verdict}</h2>"
                     f"<p>{html.escape(row.detail)}</p>")
        for caption, source in (("before (baseline)", row.baseline), ("after (this run)", row.render),
                                ("difference", row.difference)):
            if source is None or not source.exists():
                continue
            target = folder / "images" / f"{row.name}.{caption.split()[0]}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.resolve() != target.resolve():
                shutil.copyfile(source, target)
            lines.append(f"<figure><figcaption>{caption}</figcaption>"
                         f"<img src='images/{html.escape(target.name)}' alt='{caption}'></figure>")
        lines.append("</section>")
    lines.append("</body></html>")
    report = folder / "report.html"
    report.write_text("\n".join(lines), encoding="utf-8")
    return report
