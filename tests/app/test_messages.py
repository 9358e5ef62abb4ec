"""Every screen speaks each language, French and German included: no message key and no
English sentence shows where a translation exists, and the built-in games' texts are in
the screen's language.

The screens are built without a browser over a real history file holding plays, a player
and a game of the user's own; every text a person can read on them (texts, labels, hints,
tooltips, button captions) is collected and checked against the catalogues.
"""

from __future__ import annotations

import dataclasses
import json
import re
import string

import flet as ft
import pytest
from ui_helpers import context, walk

from scorepad.core import PlayerSheet, builtin_games, find_game
from scorepad.core.i18n import LANGS, catalogue, pick, tr
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory

SHOWN = ("value", "label", "hint_text", "helper_text", "tooltip", "text", "title", "error")
KEY = re.compile(
    r"\b(app|manage|store|print|entry|sheet|template|hint|text|kind|type|share|result|"
    r"format|language|plain|file|join|wins|prefer|quick)\.[a-z_]+(\.[a-z_]+)*\b"
)


def shown_texts(root: object) -> list[str]:
    """Every string a person can read under ``root``, but what is typed in a field (the
    game editor holds each text in every language, English included, in its fields)."""
    found = []
    for control in walk(root):
        for name in (f.name for f in dataclasses.fields(control)):
            if name == "value" and isinstance(control, ft.TextField):
                continue
            if name in SHOWN or name == "content":
                value = getattr(control, name, None)
                if isinstance(value, str) and value.strip():
                    found.append(value)
    return found


def english_messages() -> dict[str, list[str]]:
    """Each English message's texts (both forms of a plural), read from the catalogue."""
    english = catalogue("en")
    out: dict[str, list[str]] = {}
    for entry, text in english._catalog.items():  # the compiled catalogue, read as is
        key = entry[0] if isinstance(entry, tuple) else entry
        if key:
            out.setdefault(key, []).append(text)
    return out


def pattern(template: str) -> re.Pattern[str] | None:
    """A message's text with its fields as wildcards; None when its words alone are too
    few to tell it from a translation ("{name}: {n}")."""
    parts = [literal for literal, *_ in string.Formatter().parse(template)]
    if sum(len(p.strip(" :;,.·()–#")) for p in parts) < 6:
        return None
    regex = ".+?".join(re.escape(p) for p in parts)
    return re.compile(regex, re.DOTALL)


def leaks(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """English messages whose translation differs, as patterns that must not match."""
    found = []
    for key, texts in english_messages().items():
        if key in ("format.decimal", "format.date", "language.name"):
            continue
        for form, text in enumerate(texts):
            translated = catalogue(lang)
            own = (
                translated.ngettext(key, key + ".plural", 1 if form == 0 else 5)
                if len(texts) > 1
                else translated.gettext(key)
            )
            compiled = pattern(text)
            if own != text and compiled is not None and not compiled.fullmatch(own):
                found.append((key, compiled))
    return found


def game_leaks(lang: str) -> set[str]:
    """The built-in games' English texts that read differently in ``lang``."""
    texts: set[str] = set()
    for game in builtin_games().values():
        labels = [game.name, *(line.label for line in game.lines)]
        labels += [tb.label for tb in game.tiebreakers] + [v.label for v in game.variants]
        for text in labels:
            if pick(text, lang) != text["en"]:
                texts.add(text["en"])
    return texts


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    store = opened.store
    store.save_play(
        find_game("glass-road"),
        None,
        [
            PlayerSheet("Ana", {"buildings": 12, "sand_left": {"count": 3, "rate": "start"}}),
            PlayerSheet("Ben", {"buildings": 14}),
        ],
        played_at="2026-03-31T20:00",
        location="Casa",
    )
    store.save_play(
        find_game("azul-sintra"),
        "B",
        [PlayerSheet("Ana", {"marker": 50}), PlayerSheet("Ben", {"marker": 50})],
        played_at="2026-04-01T20:00",
    )
    game = json.loads(json.dumps(_mine()))
    store.create_game(game)
    yield opened
    opened.close()


def _mine() -> dict[str, object]:
    """A game of the user's own written in English only: it reads English in any language."""
    return {
        "id": "mine",
        "name": {"en": "My own game"},
        "players": {"min": 2, "max": 4},
        "wins": "highest",
        "lines": [{"key": "coins", "kind": "points", "label": {"en": "Gold coins"}}],
    }


ROUTES = [
    "/",
    "/new",
    "/new/azul",
    "/quick?name=Cosmic",
    "/new/azul-sintra?variant=B&players=Ana,Ben",
    "/new/glass-road?players=Ana,Ben",
    "/settings",
    "/history",
    "/play/1",
    "/play/2",
    "/play/1/edit",
    "/stats",
    "/stats?player=Ana",
    "/ratings",
    "/ratings?player=Ana&game=azul",
    "/players",
    "/games",
    "/games/new",
    "/games/new?from=azul-sintra",
    "/games/edit/mine",
    "/nowhere",
    "/new/chess",
    "/nights",
    "/nights/1",
    "/seasons",
    "/collection",
    "/suggest?players=Ana,Ben",
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_reads_in_its_language(tmp_path, history, lang):
    """In French and German above all, the languages added last; English and Spanish are
    checked the same way (English has no translation to miss, so only keys count)."""
    patterns = leaks(lang)
    english_games = game_leaks(lang)
    problems = []
    for route in ROUTES:
        ctx, _ = context(tmp_path, history=history, lang=lang)
        ctx.route = route
        texts = shown_texts(view_for(ctx, route))
        assert texts, route
        for text in texts:
            if KEY.search(text):
                problems.append(f"{route}: a message key shows: {text!r}")
            if text in english_games:
                problems.append(f"{route}: a game's English text shows: {text!r}")
            for key, compiled in patterns:
                if compiled.fullmatch(text):
                    problems.append(f"{route}: English {key} shows: {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_screens_show_their_language_words_and_numbers(tmp_path, history, lang):
    ctx, _ = context(tmp_path, history=history, lang=lang)
    play = shown_texts(view_for(ctx, "/play/1"))
    assert tr("app.rematch", lang) in play
    assert any(pick(find_game("glass-road").name, lang) in text for text in play)
    half = "13.5" if lang == "en" else "13,5"  # Ana: 12 + 3 × ½
    assert any(half in text for text in play), play
    ctx, _ = context(tmp_path, history=history, lang=lang)
    settings = shown_texts(view_for(ctx, "/settings"))
    assert {"English", "Español", "Français", "Deutsch"} <= set(settings)
    ctx, _ = context(tmp_path, history=history, lang=lang)
    editor = shown_texts(view_for(ctx, "/games/edit/mine"))
    for code in LANGS:  # the name asked in the person's language; the others optional
        name = tr(f"manage.name_{code}", lang)
        assert (name if code == lang else tr("manage.optional", lang, label=name)) in editor
    assert "My own game" in editor


def test_a_view_names_no_missing_message(tmp_path, history):
    """A key missing from the catalogues is an error, never shown as the key itself."""
    ctx, _ = context(tmp_path, history=history, lang="de")
    with pytest.raises(KeyError):
        ctx.t("app.no_such_message")
    assert isinstance(view_for(ctx, "/"), ft.View)
