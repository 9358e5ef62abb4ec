"""How long a printed sheet takes, against drawing the same table by hand on a canvas.

The baseline below draws what our sheet shows (title, date and place, header, one row per
line with its label and hint, boxes for yes/no lines, by-hand, total and tie-breaker
rows, reminders, two copies and a cut line) with fixed sizes and direct canvas calls: no
model, no fitting, no wrapping of labels. Our code's text-fitting caches are cleared
before every run, as a fresh ``scorepad sheet`` process would start with them empty.

    python bench/bench_sheet.py [--runs N]

Target: within 1.5x the baseline. Last line: one JSON object with the figures.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from scorepad.core import GameTemplate, builtin_games
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.core.template import CheckLine, PenaltyLine
from scorepad.printing.document import all_pages, booklet_pdf, sheet_pdf
from scorepad.printing.draw import MARGIN, PAGE_HEIGHT, PAGE_WIDTH
from scorepad.printing.fonts import BOLD, REGULAR, _unit_width, fit, font_for, register_fonts

TARGET = 1.5


def baseline_copy(
    canvas: Canvas, template: GameTemplate, variant: str | None, lang: str, y0: float
) -> None:
    """One copy drawn straight onto the canvas, top edge at ``y0``: fixed sizes, and
    reportlab's own ``simpleSplit`` where a label needs two lines."""
    w = PAGE_WIDTH - 2 * MARGIN
    players = template.max_players
    canvas.setFont(BOLD, 14)
    canvas.drawString(MARGIN, y0 - 14, template.title(lang, variant))
    canvas.setFont(REGULAR, 8)
    canvas.drawString(MARGIN + w - 280, y0 - 18, tr("print.date", lang) + ":")
    canvas.line(MARGIN + w - 250, y0 - 19, MARGIN + w - 170, y0 - 19)
    canvas.drawString(MARGIN + w - 160, y0 - 18, tr("print.place", lang) + ":")
    canvas.line(MARGIN + w - 120, y0 - 19, MARGIN + w, y0 - 19)
    rows = [
        (pick(line.label, lang), line.describe(lang), line) for line in template.lines_for(variant)
    ]
    by_hand = (tr("print.by_hand", lang), tr("print.by_hand_hint", lang), None)
    rows += [by_hand, by_hand, (tr("text.total", lang), tr("wins." + template.wins, lang), None)]
    caption = tr("print.tiebreak_caption" if template.tiebreakers else "print.no_tiebreaker", lang)
    rows.append((caption, "", "caption"))
    rows += [
        (pick(tb.label, lang), tr("prefer." + tb.prefer, lang), None) for tb in template.tiebreakers
    ]
    row_h = min(24.0, 300 / (len(rows) + 1))
    xs = [MARGIN, MARGIN + 140, MARGIN + 230] + [
        MARGIN + 230 + (i + 1) * 74 for i in range(players)
    ]
    top = y0 - 28
    canvas.setFillGray(0.86)
    canvas.rect(xs[0], top - row_h, xs[-1] - xs[0], row_h, stroke=0, fill=1)
    canvas.setFillGray(0.1)
    canvas.setFont(BOLD, 9)
    canvas.drawString(xs[0] + 3, top - row_h + 5, tr("text.line", lang))
    canvas.drawString(xs[1] + 3, top - row_h + 5, tr("text.scores", lang))
    canvas.setFont(REGULAR, 5.5)
    for i in range(players):
        canvas.drawString(xs[i + 2] + 2, top - 6.5, str(i + 1))
    y = top - row_h
    for label, hint, line in rows:
        if line == "caption" or (line is not None and not line.counts):
            canvas.setFillGray(0.93)
            canvas.rect(xs[0], y - row_h, xs[-1] - xs[0], row_h, stroke=0, fill=1)
            canvas.setFillGray(0.1)
        for n, text in enumerate(simpleSplit(label, REGULAR, 9, 134)):
            canvas.setFont(REGULAR, 9)
            canvas.drawString(xs[0] + 3, y - 10 - n * 10, text)
        for n, text in enumerate(simpleSplit(hint, REGULAR, 7, 84)):
            canvas.setFont(REGULAR, 7)
            canvas.drawString(xs[1] + 3, y - 9 - n * 8, text)
        if isinstance(line, CheckLine):
            for i in range(players):
                canvas.rect((xs[i + 2] + xs[i + 3]) / 2 - 4, y - row_h / 2 - 4, 8, 8)
        if isinstance(line, PenaltyLine):
            for i in range(players):
                canvas.drawString(xs[i + 2] + 3, y - row_h / 2 - 3, "−")
        y -= row_h
    for x in xs:
        canvas.line(x, top, x, y)
    for i in range(len(rows) + 2):
        canvas.line(xs[0], top - i * row_h, xs[-1], top - i * row_h)
    canvas.setFont(REGULAR, 7)
    for reminder in template.reminders:
        for text in simpleSplit("• " + pick(reminder, lang), REGULAR, 7, w):
            y -= 8.3
            canvas.drawString(MARGIN, y, text)


def baseline_pdf(pages: list[tuple[GameTemplate, str | None]], lang: str) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE_WIDTH, PAGE_HEIGHT), invariant=1, pageCompression=1)
    for template, variant in pages:
        baseline_copy(canvas, template, variant, lang, PAGE_HEIGHT - MARGIN)
        baseline_copy(canvas, template, variant, lang, PAGE_HEIGHT / 2 - 14)
        canvas.setDash(4, 3)
        canvas.line(MARGIN, PAGE_HEIGHT / 2, PAGE_WIDTH - MARGIN, PAGE_HEIGHT / 2)
        canvas.setDash()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def ours_all() -> int:
    pages = all_pages()
    size = 0
    for lang in LANGS:
        size += sum(len(sheet_pdf(t, v, lang)) for t, v in pages)
        size += len(booklet_pdf(pages, lang))
    return size


def baseline_all() -> int:
    pages = all_pages()
    size = 0
    for lang in LANGS:
        size += sum(len(baseline_pdf([page], lang)) for page in pages)
        size += len(baseline_pdf(pages, lang))
    return size


def cold(work: Callable[[], object]) -> Callable[[], object]:
    def run() -> object:
        fit.cache_clear()
        font_for.cache_clear()
        _unit_width.cache_clear()
        return work()

    return run


def paired_ms(
    ours: Callable[[], object], baseline: Callable[[], object], runs: int
) -> tuple[float, float]:
    """Median milliseconds of each, run in alternation so that machine noise hits both."""
    ours()
    baseline()  # warm: font files parsed, modules imported
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for work, into in ((ours, times[0]), (baseline, times[1])):
            start = time.perf_counter()
            work()
            into.append(time.perf_counter() - start)
    return statistics.median(times[0]) * 1000, statistics.median(times[1]) * 1000


def start_up() -> dict[str, object]:
    code = "import sys, time; t = time.perf_counter(); import scorepad.cli; " + (
        "print(time.perf_counter() - t, any(m.startswith('reportlab') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    seconds, loaded = out.stdout.split()
    return {
        "cli_import_ms": round(float(seconds) * 1000, 1),
        "reportlab_at_start": loaded == "True",
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs
    register_fonts()
    azul = builtin_games()["azul-sintra"]
    page_ours, page_base = paired_ms(
        cold(lambda: sheet_pdf(azul, "A", "en")), lambda: baseline_pdf([(azul, "A")], "en"), runs
    )
    all_ours, all_base = paired_ms(cold(ours_all), baseline_all, max(5, runs // 4))
    figures = {
        "page_ms": round(page_ours, 2),
        "page_baseline_ms": round(page_base, 2),
        "page_ratio": round(page_ours / page_base, 2),
        "all_printables_ms": round(all_ours, 1),
        "all_printables_baseline_ms": round(all_base, 1),
        "all_printables_ratio": round(all_ours / all_base, 2),
        "target_ratio": TARGET,
        "runs": runs,
        **start_up(),
    }
    figures["within_target"] = (
        figures["page_ratio"] <= TARGET and figures["all_printables_ratio"] <= TARGET
    )
    print(f"one page (Sintra side A, two copies): {page_ours:.2f} ms, baseline {page_base:.2f} ms")
    print(f"all printables (12 PDFs, 20 pages):   {all_ours:.1f} ms, baseline {all_base:.1f} ms")
    page_ratio, all_ratio = figures["page_ratio"], figures["all_printables_ratio"]
    print(f"ratios: page {page_ratio}x, all {all_ratio}x (target {TARGET}x)")
    cli_ms, loaded = figures["cli_import_ms"], figures["reportlab_at_start"]
    print(f"import scorepad.cli: {cli_ms} ms, reportlab loaded: {loaded}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
