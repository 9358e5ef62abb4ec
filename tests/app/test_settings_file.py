"""The Settings screen's choices as kept in ``settings.json``."""

from __future__ import annotations

from scorepad.ui.settings import Settings, SettingsFile


def test_keeping_the_screen_on_is_a_setting_kept_on_disk(tmp_path):
    """On by default; turned off, it is read back off; a hand-edited file with a value
    that is not true or false falls back to the default rather than failing."""
    file = SettingsFile(tmp_path / "settings.json")
    assert file.load().keep_awake is True
    file.save(Settings().with_keep_awake(False))
    assert file.load() == Settings(keep_awake=False)
    (tmp_path / "settings.json").write_text('{"keep_awake": "no", "theme": "dark"}')
    assert file.load() == Settings(theme="dark", keep_awake=True)
