"""The app's own choices as kept in ``settings.json``."""

from __future__ import annotations

from scorepad.ui.settings import Settings, SettingsFile


def test_keeping_the_screen_on_is_a_setting_kept_on_disk(tmp_path):
    """On by default; turned off, it is read back off; a hand-edited file with a value
    that is not true or false falls back to the default rather than failing."""
    file = SettingsFile(tmp_path / "settings.json")
    assert file.load().keep_awake is True
    file.save(Settings().with_keep_awake(False))
    assert file.load() == Settings(keep_awake=False)
    (tmp_path / "settings.json").write_text('{"keep_awake": "no", "lang": "fr"}')
    assert file.load() == Settings(lang="fr", keep_awake=True)


def test_the_file_keeps_no_theme_and_takes_only_a_known_language(tmp_path):
    """A theme is each device's own (kept in its browser): one in a file written before
    is not read, and none is written; a language the app does not speak is dropped."""
    path = tmp_path / "settings.json"
    path.write_text('{"theme": "dark", "lang": "xx"}')
    file = SettingsFile(path)
    assert file.load() == Settings()
    file.save(Settings(lang="de", theme="dark"))
    assert "theme" not in path.read_text()
    assert file.current() == file.load() == Settings(lang="de")


def test_the_apps_choices_follow_the_file_when_it_changes_or_goes(tmp_path):
    """A served app reads the file again once it changed: edited by hand, or removed
    (the app's language is then ``--lang``'s again)."""
    path = tmp_path / "settings.json"
    file = SettingsFile(path)
    assert file.current() == Settings()
    file.save(Settings(lang="fr"))
    assert file.current().lang == "fr"
    path.write_text('{"lang": "de", "keep_awake": false}')
    assert file.current() == Settings(lang="de", keep_awake=False)
    path.unlink()
    assert file.current() == Settings()
