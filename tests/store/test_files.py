"""scorepad.files: every file written whole or not at all, with nothing left behind."""

from __future__ import annotations

import os
import stat

import pytest

from scorepad.files import replacing, staged, write_atomic


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_text_and_bytes_replace_the_file_whole(tmp_path):
    target = tmp_path / "settings.json"
    target.write_text("old", encoding="utf-8")
    assert write_atomic(target, "ünïcödé → ½") == target
    assert target.read_text(encoding="utf-8") == "ünïcödé → ½"
    write_atomic(target, b"%PDF-1.4")
    assert target.read_bytes() == b"%PDF-1.4"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644  # not a temporary file's 0o600
    assert leftovers(tmp_path) == []


def test_a_failure_half_way_keeps_the_old_file_and_leaves_no_temporary_one(tmp_path):
    target = tmp_path / "export.json"
    target.write_text("the previous export", encoding="utf-8")
    with pytest.raises(RuntimeError), replacing(target, newline="") as out:
        out.write("half of the new one")
        raise RuntimeError("disk full")
    assert target.read_text(encoding="utf-8") == "the previous export"
    assert leftovers(tmp_path) == []


def test_a_staged_path_is_renamed_only_when_the_block_ends_well(tmp_path):
    target = tmp_path / "history.sqlite3"
    with staged(target) as partial:
        assert partial.parent == tmp_path and partial.exists() and not target.exists()
        partial.write_bytes(b"copy")
    assert target.read_bytes() == b"copy"
    with pytest.raises(OSError), staged(target) as partial:
        partial.write_bytes(b"broken")
        raise OSError("no space left on device")
    assert target.read_bytes() == b"copy"
    assert leftovers(tmp_path) == []


def test_two_writers_of_one_file_never_share_a_temporary_file(tmp_path):
    target = tmp_path / "draft.json"
    with replacing(target) as first, replacing(target) as second:
        assert first.name != second.name
        first.write("first")
        second.write("second")
    assert target.read_text(encoding="utf-8") == "first"  # the last one to finish wins
    assert leftovers(tmp_path) == []


def test_a_folder_that_cannot_be_written_raises_oserror(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(OSError):
            write_atomic(folder / "settings.json", "{}")
    finally:
        folder.chmod(0o700)


def test_only_text_or_binary_writing_modes():
    with pytest.raises(ValueError, match="'a'"), replacing("x", "a"):
        pass
