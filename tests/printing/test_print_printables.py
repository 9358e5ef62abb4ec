"""printables/ must be exactly what the generator makes today."""

from __future__ import annotations

from pathlib import Path

import pypdf

from scorepad.core import GameTemplate
from scorepad.core.i18n import LANGS, pick
from scorepad.printing.document import all_pages, page_name, write_printables
from scorepad.printing.rounds import blank_round_sheet, copies_per_page

COMMITTED = Path(__file__).resolve().parents[2] / "printables"
REGENERATE = "run `scorepad sheet --all -o printables/` and commit the result"


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def test_committed_printables_match_the_generator(tmp_path):
    written = write_printables(tmp_path)
    fresh = sorted(p.name for p in written)
    committed = sorted(p.name for p in COMMITTED.glob("*.pdf"))
    assert committed == fresh, REGENERATE
    for path in written:
        kept = COMMITTED / path.name
        if kept.read_bytes() == path.read_bytes():
            continue  # the same file, so the same texts: nothing to read (half a minute)
        # another file may still read the same (another PDF library's bytes): its texts decide
        assert page_texts(kept) == page_texts(path), f"{path.name}: {REGENERATE}"


def test_every_game_and_variant_in_every_language_and_a_booklet():
    expected = {page_name(t, v, lang) for t, v in all_pages() for lang in LANGS}
    expected |= {f"all-games.{lang}.pdf" for lang in LANGS}
    assert {p.name for p in COMMITTED.glob("*.pdf")} == expected
    for lang in LANGS:
        booklet = pypdf.PdfReader(COMMITTED / f"all-games.{lang}.pdf")
        titles = [t.title(lang, v) for t, v in all_pages()]
        assert [item.title for item in booklet.outline] == titles
        assert len(booklet.pages) == len(titles)
        copies = [copies_on_a_page(t, v, lang) for t, v in all_pages()]
        assert 1 in copies and 2 in copies  # a round game's rounds may fill the page alone
        named = [
            sum(pick(line.label, lang) == t.title(lang, v) for line in t.lines_for(v))
            for t, v in all_pages()
        ]  # Yahtzee's "Yahtzee" line
        for page, title, count, lines_named in zip(
            booklet.pages, titles, copies, named, strict=True
        ):
            # text read back from a PDF has plain spaces where French writes no-break ones;
            # a title on a line of its own (Skull King's reminders name the Skull King too)
            lines = [line.strip() for line in page.extract_text().splitlines()]
            assert lines.count(title.replace("\xa0", " ")) == count * (1 + lines_named), title


def copies_on_a_page(template: GameTemplate, variant: str | None, lang: str) -> int:
    """Two copies of an end-of-game sheet; a round game's as many as its rounds allow."""
    if template.rounds is None:
        return 2
    return copies_per_page(blank_round_sheet(template, variant, lang))


def test_generation_is_byte_for_byte_repeatable(tmp_path):
    first = write_printables(tmp_path / "one", ["en"])
    second = write_printables(tmp_path / "two", ["en"])
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
