"""Language and theme are each device's own: kept in its browser, applied to its page only.

View-level: two sessions on one app (one set of services), each with the Settings screen
of its own; what a device's browser keeps is what ``Context.remember`` was handed, and
what it hands back on a visit goes through ``Shell.recall``.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import flet as ft
import pytest
from ui_helpers import context, find, run_async, walk

from scorepad.core.i18n import accepted_lang, tr
from scorepad.ui import app as app_module
from scorepad.ui.app import Shell, view_for
from scorepad.ui.context import Context
from scorepad.ui.heartbeat import link_script
from scorepad.ui.settings import LANG_KEY, THEME_KEY, Settings, own_choices
from scorepad.ui.share import AccessGate


def device(ctx: Context, *, host: bool) -> tuple[Context, dict[str, str]]:
    """Another session on the same app; the dict is what its browser keeps."""
    kept: dict[str, str] = {}
    other = Context(ctx.services, ctx.services.device_settings(), navigate=lambda r: None)
    other.host = lambda: host
    other.remember = kept.__setitem__
    return other, kept


def choose(ctx: Context, group: str, value: str) -> None:
    root = view_for(ctx, "/settings")
    control = find(root, group)
    control.value = value
    control.on_change(ft.Event(name="change", control=control, data=None))


def shown(ctx: Context) -> list[str]:
    return [c.value for c in walk(view_for(ctx, "/settings")) if isinstance(c, ft.Text) and c.value]


def test_a_phone_choosing_french_changes_no_other_device(tmp_path):
    ctx, _ = context(tmp_path)
    laptop, laptop_kept = device(ctx, host=True)
    phone, phone_kept = device(ctx, host=False)
    other, other_kept = device(ctx, host=False)
    choose(phone, "language", "fr")
    choose(phone, "theme", "dark")
    assert phone_kept == {LANG_KEY: "fr", THEME_KEY: "dark"}
    assert phone.lang == "fr" and "Langue" in shown(phone)
    for each, kept in ((laptop, laptop_kept), (other, other_kept)):
        assert each.lang == "en" and each.settings.theme == "system" and kept == {}
        assert "Language" in shown(each)
    assert ctx.services.settings_file.load() == Settings()  # the app's choices: untouched
    assert not (tmp_path / "settings.json").exists()


def test_the_hosts_language_is_the_one_of_every_device_that_chose_none(tmp_path):
    ctx, _ = context(tmp_path)
    laptop, laptop_kept = device(ctx, host=True)
    phone, _ = device(ctx, host=False)
    chooser, _ = device(ctx, host=False)
    choose(chooser, "language", "es")
    choose(laptop, "language", "de")
    choose(laptop, "theme", "light")
    assert laptop_kept == {LANG_KEY: "de", THEME_KEY: "light"}
    assert ctx.services.settings_file.load().lang == "de"
    assert phone.lang == "de" and phone.settings.theme == "system"  # the system's theme
    assert chooser.lang == "es"  # its own choice stands
    joining, _ = device(ctx, host=False)
    assert joining.lang == "de"


class Prefs:
    """A device's browser storage as Flet's SharedPreferences answers for it."""

    def __init__(self, kept: dict[str, object], *, hang: bool = False) -> None:
        self.kept = kept
        self.hang = hang

    async def get(self, key: str) -> object:
        if self.hang:
            await asyncio.sleep(3600)
        return self.kept.get(key)


def recalled(tmp_path, prefs: Prefs) -> Settings:
    ctx, _ = context(tmp_path)
    shell = Shell.__new__(Shell)
    shell.ctx = ctx
    shell.prefs = prefs  # type: ignore[assignment]
    run_async(shell.recall)  # a thread of its own: a browser test may run a loop here
    return ctx.settings


def test_a_visit_takes_back_what_the_device_chose(tmp_path):
    chosen = recalled(tmp_path, Prefs({LANG_KEY: "fr", THEME_KEY: "dark"}))
    assert (chosen.lang, chosen.theme) == ("fr", "dark")


@pytest.mark.parametrize(
    "kept",
    [
        {},
        {LANG_KEY: "xx", THEME_KEY: "neon"},
        {LANG_KEY: "FR", THEME_KEY: "Dark"},
        {LANG_KEY: "fr<script>", THEME_KEY: "dark;"},
        {LANG_KEY: 42, THEME_KEY: True},
        {LANG_KEY: ["fr"], THEME_KEY: ["dark"]},
        {LANG_KEY: "", THEME_KEY: None},
    ],
)
def test_what_a_browser_hands_back_is_taken_only_when_known(tmp_path, kept):
    chosen = recalled(tmp_path, Prefs(kept))
    assert (chosen.lang, chosen.theme) == (None, "system")
    assert own_choices(Settings(keep_awake=False), kept.get(LANG_KEY), None) == Settings(
        keep_awake=False
    )


def test_a_browser_that_does_not_answer_gets_the_defaults(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "RECALL_S", 0.05)
    chosen = recalled(tmp_path, Prefs({LANG_KEY: "fr"}, hang=True))
    assert (chosen.lang, chosen.theme) == (None, "system")


def test_the_page_words_follow_the_devices_own_language():
    script = link_script()
    assert '"flutter.scorepad.lang"' in script and "__LANG_KEY__" not in script


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "fr"),
        ("de-CH", "de"),
        ("en;q=0.5, es;q=0.9", "es"),
        ("ja, de;q=0.3", "de"),
        ("pt-BR, it", None),
        ("fr;q=0, de;q=0.1", "de"),
        ("fr;q=abc, es", "es"),
        ("*", None),
        ("", None),
        (None, None),
        ("fr;q=2", None),
    ],
)
def test_the_browsers_language_is_read_from_accept_language(header, lang):
    assert accepted_lang(header) == lang


def ask(gate: AccessGate, accept: str | None) -> tuple[dict[bytes, bytes], str]:
    headers = [(b"accept-language", accept.encode())] if accept is not None else []
    scope = {"type": "http", "client": ("192.0.2.7", 5000), "headers": headers}
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request"}

    async def send(message: dict) -> None:
        sent.append(message)

    async def app(scope: dict, receive: object, send: object) -> None:
        raise AssertionError("no code: the app is never reached")

    run_async(lambda: gate(scope, receive, send))
    return dict(sent[0]["headers"]), sent[1]["body"].decode()


@pytest.mark.parametrize(
    ("accept", "words"),
    [
        ("fr-FR,fr;q=0.9", ["Code d'accès", "Scannez le QR code", "Ouvrir"]),
        ("de-DE,de;q=0.9,en;q=0.8", ["Zugangscode", "Scanne den QR-Code", "Öffnen"]),
        ("es", ["Código de acceso", "Escanea el código QR", "Entrar"]),
        ("en-GB", ["Access code", "Scan the QR code", "Open"]),
    ],
)
def test_the_code_page_speaks_the_browsers_language(accept, words):
    gate = AccessGate(SimpleNamespace(), "MESA42", lang="en")  # type: ignore[arg-type]
    headers, page = ask(gate, accept)
    for word in words:
        assert word.replace("'", "&#x27;") in page
    lang = accept[:2]
    assert f"<html lang='{lang}'>" in page and headers[b"content-language"] == lang.encode()
    assert headers[b"vary"] == b"accept-language"
    others = {"en": "Scan the QR", "es": "Escanea", "fr": "Scannez", "de": "Scanne den"}
    assert all(text not in page for code, text in others.items() if code != lang)


def test_a_browser_asking_for_no_language_of_ours_gets_the_apps_and_english():
    gate = AccessGate(SimpleNamespace(), "MESA42", lang="de")  # type: ignore[arg-type]
    _, page = ask(gate, "ja-JP,ja")
    assert page.index("Scanne den QR-Code") < page.index("Scan the QR code")
    assert "Zugangscode" in page and "Scannez" not in page
    _, page = ask(gate, None)
    assert "Scanne den QR-Code" in page and "Scan the QR code" in page


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_settings_on_a_phone_wrap_the_switchs_sentence_and_give_fields_the_width(tmp_path, lang):
    from scorepad.ui.views.settings import SWITCH_LABEL_WIDTH

    ctx, _ = context(tmp_path, lang=lang, compact=True)
    root = view_for(ctx, "/settings")
    switch = find(root, "keep-awake")
    assert isinstance(switch, ft.Switch) and isinstance(switch.label, ft.Container)
    assert switch.label.width == SWITCH_LABEL_WIDTH
    assert isinstance(switch.label.content, ft.Text)
    assert switch.label.content.value == tr("app.keep_awake", lang)
    rows = [c for c in walk(root) if isinstance(c, ft.Row)]
    for ident in ("export-path", "import-path"):
        (row,) = [
            r for r in rows if any(getattr(c, "identifier", None) == ident for c in r.controls)
        ]
        assert len(row.controls) == 1, ident  # the field alone: the whole width
    wide, _ = context(tmp_path / "wide", lang=lang)
    switch = find(view_for(wide, "/settings"), "keep-awake")
    assert switch.label.width is None  # beside the switch, as wide as it needs
