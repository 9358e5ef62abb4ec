"""The Material icons font a page downloads holds every icon the app and Flutter draw."""

from __future__ import annotations

import io
import re
from pathlib import Path

from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

from scorepad.ui.web_files import flet_web_dir
from scorepad.ui.web_icons import APP, FRAMEWORK, ICONS_FONT, code_points, glyph_name, icons_font

PACKAGE = Path(__file__).resolve().parents[2] / "scorepad"
WHOLE = flet_web_dir() / ICONS_FONT


def test_the_list_names_every_icon_the_apps_code_uses():
    used = set()
    for source in PACKAGE.rglob("*.py"):
        used |= set(re.findall(r"\bIcons\.([A-Z0-9_]+)", source.read_text(encoding="utf-8")))
    assert used == set(APP), (
        f"add to web_icons.APP: {sorted(used - set(APP))}; take out: {sorted(set(APP) - used)}"
    )


def test_every_kept_icon_has_its_glyph_in_flets_font():
    found = code_points(WHOLE, [*APP, *FRAMEWORK])
    # An alias (Flutter's Icons.copy is content_copy) has no glyph of its own name: the
    # app names the icon by its glyph's name.
    assert set(found) == {*APP, *FRAMEWORK}, sorted({*APP, *FRAMEWORK} - set(found))
    assert found["ADD"] == 0xE047 and found["CONTENT_COPY_OUTLINED"] == 0xEF7F
    assert (glyph_name("ADD"), glyph_name("EDIT_OUTLINED"), glyph_name("_10K")) == (
        "add_baseline",
        "edit_outlined",
        "_10k_baseline",
    )


def test_the_cut_font_holds_those_glyphs_only_and_draws_them_as_the_whole_does():
    cut = TTFont(io.BytesIO(icons_font(WHOLE)))
    whole = TTFont(str(WHOLE))
    wanted = code_points(WHOLE, [*APP, *FRAMEWORK])
    kept = cut.getBestCmap()
    assert set(kept) == set(wanted.values())
    assert len(icons_font(WHOLE)) < 0.02 * WHOLE.stat().st_size
    cut_glyphs, whole_glyphs = cut.getGlyphSet(), whole.getGlyphSet()
    for icon, point in wanted.items():  # the same outline, point for point
        ours, theirs = RecordingPen(), RecordingPen()
        cut_glyphs[kept[point]].draw(ours)
        whole_glyphs[whole.getBestCmap()[point]].draw(theirs)
        assert ours.value == theirs.value and ours.value, icon
