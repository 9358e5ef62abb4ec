"""Player names in any script print with the shipped font and read back unchanged."""

from __future__ import annotations

import subprocess
import sys

import pdfplumber
import pypdf
import pytest
from pdfcheck import blank_grids, cell_text

from scorepad.core import builtin_games
from scorepad.printing.fonts import BOLD, CHINESE, FONT_DIR, JAPANESE, KOREAN, font_for
from scorepad.printing.model import blank_sheet

NAMES = ["Zoë", "Łukasz", "Ørsted", "Çağrı"]
MORE_NAMES = ["Αλέξης", "Дмитрий", "Zoë", "Ørsted"]


@pytest.mark.parametrize("names", [NAMES, MORE_NAMES])
def test_unicode_names_extract_unchanged(cli, in_tmp, names):
    status, _, err = cli("sheet", "azul", "--names", ",".join(names), "-o", "names.pdf")
    assert (status, err) == (0, "")
    model = blank_sheet(builtin_games()["azul"], None, "en", names=names)
    with pdfplumber.open("names.pdf") as pdf:
        page = pdf.pages[0]
        for grid in blank_grids(model):
            assert [cell_text(page, grid, 2 + i, 0) for i in range(4)] == names
    text = pypdf.PdfReader("names.pdf").pages[0].extract_text()
    for name in names:
        assert text.count(name) >= 2 * names.count(name)


def test_the_font_is_shipped_and_embedded(cli, in_tmp):
    assert (FONT_DIR / "DejaVuSans.ttf").is_file()
    assert (FONT_DIR / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (FONT_DIR / "LICENSE").read_text(encoding="utf-8")
    cli("sheet", "azul", "--names", "Łukasz,Дмитрий", "-o", "fonts.pdf")
    fonts = subprocess.run(
        ["pdffonts", "fonts.pdf"], capture_output=True, text=True, check=True
    ).stdout
    dejavu = [line for line in fonts.splitlines() if "DejaVuSans" in line]
    assert dejavu, fonts
    assert all(" yes " in line for line in dejavu), fonts  # embedded (and subset)
    assert "Helvetica" not in fonts and "Times" not in fonts


def test_cjk_names_use_cid_fonts_and_extract():
    assert font_for("山田太郎") == CHINESE
    assert font_for("さくら") == JAPANESE
    assert font_for("김민준") == KOREAN
    assert font_for("Дмитрий", bold=True) == BOLD


def test_cjk_names_print_and_extract(cli, in_tmp):
    names = ["山田太郎", "さくら", "김민준", "Ana 李"]
    status, _, _ = cli("sheet", "glass-road", "--names", ",".join(names), "-o", "cjk.pdf")
    assert status == 0
    model = blank_sheet(builtin_games()["glass-road"], None, "en", names=names)
    with pdfplumber.open("cjk.pdf") as pdf:
        page = pdf.pages[0]
        used = {char["text"]: char["fontname"] for char in page.chars if char["text"] in "山さ김"}
        assert used["山"].startswith("STSong")
        assert used["さ"].startswith("Heise")  # reportlab's PDF name for HeiseiKakuGo-W5
        assert used["김"].startswith("HYSMyeongJo")
        for grid in blank_grids(model):
            assert [cell_text(page, grid, 2 + i, 0) for i in range(4)] == names


def test_reportlab_is_not_imported_at_start_up():
    code = (
        "import sys, scorepad.cli, scorepad.core, scorepad.cli.printing;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'reportlab'))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"
