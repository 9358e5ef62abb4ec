"""Stats, Players, Custom games and Settings' history part, built and driven without a
browser over a real SQLite history."""

from __future__ import annotations

import copy
import io
import json
import re
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import flet as ft
import pytest
from PIL import Image
from ui_helpers import click, context, find, has, texts, type_into, walk

from scorepad.core import (
    GameTemplate,
    PlayerSheet,
    builtin_games,
    find_game,
    load_template,
    score,
)
from scorepad.core.i18n import LANGS, pick, tr
from scorepad.editor.form import (
    BidsForm,
    FactorForm,
    GameForm,
    LineForm,
    RateForm,
    ReminderForm,
    TiebreakForm,
    VariantForm,
)
from scorepad.editor.problems import problem_text
from scorepad.store import backups
from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.stats_model import gather


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def save_azul(history: StoreHistory, scores: dict[str, int], when: str) -> int:
    sheets = [PlayerSheet(name, lines={"marker": points}) for name, points in scores.items()]
    return history.store.save_play(find_game("azul"), None, sheets, played_at=when)


def errors(form: GameForm, lang: str = "en") -> dict[str, str]:
    checked = form.check()
    return {
        f: problem_text(p, lang, lambda k, **kw: tr(k, lang, **kw))
        for f, p in checked.problems.items()
    }


def two_lines() -> GameForm:
    return GameForm(
        id="pairs",
        name_en="Pairs",
        name_es="Parejas",
        lines=[
            LineForm(key="cards", label_en="Cards", label_es="Cartas"),
            LineForm(key="sets", kind="count", per="5", max="3", label_en="Sets", label_es="Tríos"),
        ],
    )


# --- the game form ---------------------------------------------------------------------
def end_games() -> dict[str, GameTemplate]:
    """The built-in games filled in once, at the end."""
    return {g: t for g, t in builtin_games().items() if t.rounds is None}


def round_games() -> dict[str, GameTemplate]:
    """The built-in games played round by round (Sushi Go's awards and tallies included)."""
    return {g: t for g, t in builtin_games().items() if t.rounds is not None}


def test_every_builtin_game_survives_the_form_unchanged():
    """Everything a game file says (description, variants, rates and factors with their
    labels, hints, tie-breakers, reminders, every text in every language, and the checks,
    floor and default variant the form does not show) comes back."""
    assert {"azul", "azul-sintra", "azul-summer-pavilion", "glass-road"} <= set(end_games())
    for template in end_games().values():
        checked = GameForm.from_template(template, editing=False).check()
        assert checked.problems == {}, template.id
        assert checked.data == template.source, template.id
        again = checked.template
        assert again.reminders == template.reminders and again.reminders
        assert [ln.describe("es") for ln in again.lines] == [
            ln.describe("es") for ln in template.lines
        ]


def test_every_builtin_game_copied_and_saved_in_the_editor_is_the_same_game(tmp_path, history):
    """End-of-game and round games alike: a copy made from the picker's game is that game."""
    ctx, routes = context(tmp_path, history=history)
    assert set(round_games()) and set(end_games())
    for game, template in builtin_games().items():
        click(view_for(ctx, f"/games/new?from={game}"), "game-save")
        assert routes.pop() == f"/games?saved={game}-mine"
        assert history.store.template(f"{game}-mine").source == template.source | {
            "id": f"{game}-mine"
        }


def test_games_with_awards_and_tallies_are_edited_and_saved_unchanged():
    """Sushi Go (maki and pudding awards, dumplings tally) and Ticket to Ride (longest
    path, tied players each get 10, tie-breakers on its points) go through the form."""
    assert {"sushi-go", "ticket-to-ride"} <= set(end_games()) | set(round_games())
    for game in ("sushi-go", "ticket-to-ride"):
        template = builtin_games()[game]
        assert any(line.kind == "award" for line in template.lines)
        checked = GameForm.from_template(template, editing=False).check()
        assert checked.problems == {} and checked.data == template.source, game


def test_core_complaints_land_on_their_field_in_the_current_language():
    form = two_lines()
    form.lines[1].max = "-3"
    assert errors(form) == {"line-1-max": "-3 cannot be below 0"}
    assert errors(form, "es") == {"line-1-max": "-3 no puede ser menor que 0"}
    form.lines[1].max = "3"
    form.lines[0].label_es = ""
    assert errors(form) == {}  # a language but English left blank reads the English
    form.lines[0].label_en = ""
    assert list(errors(form)) == ["line-0-label-en"]
    assert errors(form, "es") == {"line-0-label-en": "el nombre necesita un texto en inglés"}
    form.lines[0].label_en, form.lines[0].label_es = "Cards", "Cartas"
    form.lines[1].per = "cinco"
    assert errors(form) == {"line-1-per": '"cinco" is not a number'}
    form.lines[1].per = "5"
    form.tiebreakers.append(TiebreakForm("more sets", "más tríos", "more", "zz"))
    assert list(errors(form)) == ["tb-0-terms"]
    form.tiebreakers[0].terms = "sets"
    form.min_players, form.max_players = "5", "2"
    assert list(errors(form)) == ["min-players"]
    form.min_players = "2"
    assert errors(form) == {}


def test_every_kind_of_line_becomes_the_template_it_says():
    form = GameForm(
        id="all-kinds",
        name_en="All",
        name_es="Todo",
        wins="lowest",
        variants=[VariantForm("A", "side A", "cara A"), VariantForm("B", "side B", "cara B")],
        lines=[
            LineForm(key="p", label_en="P", label_es="P", min="0", halves=True),
            LineForm(key="c", kind="count", label_en="C", label_es="C", per="1", every="3"),
            LineForm(
                key="r",
                kind="count",
                label_en="R",
                label_es="R",
                per="7",  # not written: the rates replace it
                rates=[
                    RateForm("start", "1", "start", "inicial"),
                    RateForm("up", "0,5", "up", "mejor"),
                ],
            ),
            LineForm(key="t", kind="table", label_en="T", label_es="T", values="0 0 3 6 10"),
            LineForm(key="k", kind="check", label_en="K", label_es="K", points="12", variants="A"),
            LineForm(
                key="x",
                kind="product",
                label_en="X",
                label_es="X",
                per="2",
                factors=[FactorForm("windows", "ventanas", "8"), FactorForm("pieces", "piezas")],
            ),
            LineForm(key="pen", kind="penalty", label_en="Pen", label_es="Pen", max="17"),
            LineForm(key="resets", kind="count", label_en="Re", label_es="Re", counts=False),
        ],
        tiebreakers=[TiebreakForm("less broken", "menos roto", "fewer", "pen resets=2")],
        reminders=[ReminderForm("Count twice.", "Cuenta dos veces.")],
    )
    checked = form.check()
    assert checked.problems == {}
    data = checked.data
    lines = {ln["key"]: ln for ln in data["lines"]}
    assert "per" not in lines["r"]
    assert lines["r"]["rates"][1] == {
        "id": "up",
        "per": Decimal("0.5"),
        "label": {"en": "up", "es": "mejor"},
    }
    assert lines["x"]["per"] == 2 and lines["x"]["factors"] == [
        {"label": {"en": "windows", "es": "ventanas"}, "max": 8},
        {"label": {"en": "pieces", "es": "piezas"}},
    ]
    assert lines["resets"]["counts"] is False and lines["k"]["variants"] == ["A"]
    assert data["variants"][1] == {"id": "B", "label": {"en": "side B", "es": "cara B"}}
    assert data["tiebreakers"][0]["terms"] == {"pen": 1, "resets": 2}
    assert data["reminders"] == [{"en": "Count twice.", "es": "Cuenta dos veces."}]
    template = checked.template
    assert template.wins == "lowest" and [v.id for v in template.variants] == ["A", "B"]
    assert [ln.key for ln in template.lines_for("B")] == ["p", "c", "r", "t", "x", "pen", "resets"]
    again = GameForm.from_template(template).check()
    assert again.problems == {} and again.data == data | {"version": 2}


def award_and_tally() -> GameForm:
    return GameForm(
        id="market",
        name_en="Market",
        lines=[
            LineForm(key="maki", kind="award", label_en="Maki", places="6 3", zero_counts=False),
            LineForm(
                key="pudding",
                kind="award",
                label_en="Pudding",
                places="6",
                fewest="-6",
                ties="skip",
                fewest_from_players="3",
                all_tied_nothing=True,
                tiebreak_points=True,
                max="10",
            ),
            LineForm(key="dumplings", kind="tally", label_en="Dumplings", values="0 1 3 6 10 15"),
        ],
    )


def test_award_and_tally_lines_become_the_template_they_say():
    checked = award_and_tally().check()
    assert checked.problems == {}
    lines = {ln["key"]: ln for ln in checked.data["lines"]}
    assert lines["maki"] == {
        "key": "maki",
        "kind": "award",
        "places": [6, 3],
        "zero_counts": False,
        "label": {"en": "Maki"},
    }
    assert lines["pudding"] | {"label": None} == {
        "key": "pudding",
        "kind": "award",
        "places": [6],
        "fewest": [-6],
        "ties": "skip",
        "fewest_from_players": 3,
        "all_tied_nothing": True,
        "tiebreak_on": "points",
        "max": 10,
        "label": None,
    }
    assert lines["dumplings"]["values"] == [0, 1, 3, 6, 10, 15]
    pudding = checked.template.lines[1]
    assert (pudding.places, pudding.fewest, pudding.ties) == ((6,), (-6,), "skip")
    assert pudding.fewest_from_players == 3 and pudding.all_tied_nothing
    assert pudding.tiebreak_on == "points" and pudding.max == 10
    assert not checked.template.lines[0].zero_counts
    again = GameForm.from_template(checked.template).check()
    assert again.problems == {} and again.data == checked.data | {"version": 2}
    read = GameForm.from_template(checked.template)
    assert read.lines[1] == award_and_tally().lines[1]  # every field read back


@pytest.mark.parametrize(
    ("line", "name", "text", "field", "message"),
    [
        (0, "places", "6 x", "line-0-places", '"x" is not a number'),
        (0, "places", "", "line-0-places", "places"),
        (1, "fewest", "-6 y", "line-1-fewest", '"y" is not a number'),
        (1, "fewest_from_players", "0", "line-1-fewest-from-players", "0 cannot be below 1"),
        (1, "max", "-1", "line-1-max", "-1 cannot be below 0"),
        (2, "values", "", "line-2-values", "values"),
    ],
)
def test_a_refused_award_or_tally_setting_lands_on_its_field(line, name, text, field, message):
    form = award_and_tally()
    setattr(form.lines[line], name, text)
    found = errors(form)
    assert list(found) == [field] and message in found[field]


def rated_game() -> GameForm:
    return GameForm(
        id="g",
        name_en="G",
        name_es="G",
        variants=[VariantForm("A", "side A", "cara A")],
        lines=[
            LineForm(
                key="goods",
                kind="count",
                label_en="Goods",
                label_es="Bienes",
                rates=[
                    RateForm("start", "1", "start", "inicial"),
                    RateForm("up", "3", "up", "mejor"),
                ],
            ),
            LineForm(
                key="w",
                kind="product",
                label_en="W",
                label_es="W",
                factors=[FactorForm("a", "a"), FactorForm("b", "b")],
            ),
        ],
        reminders=[ReminderForm("Count twice.", "Cuenta dos veces.")],
    )


def only_in_a_then_add_b(form: GameForm) -> None:
    for line in form.lines:
        line.variants = "A"
    form.variants.append(VariantForm("B", "side B", "cara B"))


def blank(item: object, name: str, text: str = "") -> None:
    """Leaves ``item``'s text ``name`` blank in every language (one left blank in English
    only takes another language's)."""
    for lang in LANGS:
        setattr(item, f"{name}_{lang}", text)


@pytest.mark.parametrize(
    "change, field, message",
    [
        (
            lambda f: setattr(f.lines[0].rates[1], "per", ""),
            "line-0-rate-1-per",
            "a value is needed",
        ),
        (
            lambda f: setattr(f.lines[0].rates[1], "per", "x"),
            "line-0-rate-1-per",
            '"x" is not a number',
        ),
        (lambda f: setattr(f.lines[0].rates[1], "id", "start"), "line-0-rate-1-id", None),
        (lambda f: blank(f.lines[0].rates[0], "label", " "), "line-0-rate-0-label-en", None),
        (
            lambda f: blank(f.lines[1].factors[1], "label"),
            "line-1-factor-1-label-en",
            None,
        ),
        (
            lambda f: setattr(f.lines[1].factors[0], "max", "-1"),
            "line-1-factor-0-max",
            "-1 cannot be below 0",
        ),
        (lambda f: setattr(f.variants[0], "id", "a b"), "variant-0-id", None),
        (lambda f: blank(f.variants[0], "label"), "variant-0-label-en", None),
        (lambda f: f.variants.append(VariantForm("A", "again", "otra")), "variant-1-id", None),
        (only_in_a_then_add_b, "variant-1-id", 'the variant "B" has no lines'),
        (lambda f: blank(f.reminders[0], "text"), "reminder-0-text-en", None),
        (lambda f: blank(f, "name"), "name-en", None),
    ],
)
def test_a_problem_in_a_rate_factor_variant_or_reminder_lands_on_its_field(change, field, message):
    form = rated_game()
    assert errors(form) == {}
    change(form)
    found = errors(form)
    assert list(found) == [field]
    assert message is None or found[field] == message


def test_texts_in_other_languages_are_carried_through_the_form():
    data = copy.deepcopy(find_game("glass-road").source)
    data["name"]["it"] = "La strada del vetro"
    data["lines"][2]["rates"][1]["label"]["it"] = "migliorato"
    data["reminders"][0]["nl"] = "Kies het tarief van elke speler."
    template = load_template(data, "glass-road.json")
    form = GameForm.from_template(template, editing=False)
    form.lines[2].rates[1].label_es = "mejorada"
    out = form.check().data
    assert out["name"] == {
        "en": "Glass Road",
        "es": "Glass Road",
        "fr": "Glass Road",
        "de": "Die Glasstraße",
        "it": "La strada del vetro",
    }
    assert out["lines"][2]["rates"][1]["label"] == {
        "en": "upgraded: Glassworks",
        "es": "mejorada",
        "fr": "amélioré : Verrerie",
        "de": "ausgebaut: Glashütte",
        "it": "migliorato",
    }
    assert out["reminders"][0]["nl"] == "Kies het tarief van elke speler."


def test_only_english_is_required_and_a_blank_language_is_left_out():
    """A game written in English only is a game; a text left blank in a language is not
    written, and reads the English there (a game saved before a language existed, or
    shared by someone who speaks only some of them, stays valid)."""
    form = two_lines()
    form.name_es = form.lines[0].label_es = form.lines[1].label_es = ""
    form.lines[1].label_de = "Sätze"
    checked = form.check()
    assert checked.problems == {}
    assert checked.data["name"] == {"en": "Pairs"}
    assert [line["label"] for line in checked.data["lines"]] == [
        {"en": "Cards"},
        {"en": "Sets", "de": "Sätze"},
    ]
    template = checked.template
    assert pick(template.lines[1].label, "de") == "Sätze"
    assert pick(template.lines[1].label, "fr") == "Sets"
    again = GameForm.from_template(template, editing=False)
    assert (again.lines[1].label_de, again.lines[1].label_fr) == ("Sätze", "")
    assert again.check().data == checked.data


# --- the editor screen and the custom games list ---------------------------------------
def test_create_a_game_in_the_editor_and_it_is_offered_and_playable(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    assert "The preview appears once the game is complete and valid." in texts(root)
    for ident, text in [
        ("game-id", "pairs"),
        ("game-name-en", "Pairs"),
        ("game-name-es", "Parejas"),
    ]:
        type_into(root, ident, text)
    click(root, "game-add-line")
    click(root, "game-add-line")
    type_into(root, "game-line-1-key", "cards")
    type_into(root, "game-line-1-label-en", "Cards")
    type_into(root, "game-line-1-label-es", "Cartas")
    type_into(root, "game-line-2-key", "sets")
    type_into(root, "game-line-2-label-en", "Sets")
    type_into(root, "game-line-2-label-es", "Tríos")
    click(root, "game-line-2-kind-count")
    assert find(root, "game-line-2-kind-count").selected
    type_into(root, "game-line-2-per", "x")
    assert find(root, "game-line-2-per").error == '"x" is not a number'
    click(root, "game-save")
    assert routes == [] and not history.store.custom_games()
    type_into(root, "game-line-2-per", "5")
    assert find(root, "game-line-2-per").error is None
    assert "Sets" in texts(find(root, "game-preview"))
    click(root, "game-save")
    assert routes == ["/games?saved=pairs"]
    assert "pairs" in ctx.services.history.games()
    listing = view_for(ctx, "/games")
    assert has(listing, "games-edit-pairs") and not has(listing, "games-edit-azul")
    assert has(view_for(ctx, "/new"), "game-pairs")
    sheet = view_for(ctx, "/new/pairs?players=Ana,Ben")
    type_into(sheet, "line-cards-1", "7")
    type_into(sheet, "line-sets-1", "1")
    type_into(sheet, "line-cards-2", "11")
    assert find(sheet, "total-1").value == "12" and find(sheet, "total-2").value == "11"
    assert find(sheet, "result").value == "Ana wins with 12 points."


def test_edit_export_delete_undo_and_import_a_game(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    store = history.store
    store.create_game(two_lines().check().data)
    editor = view_for(ctx, "/games/edit/pairs")
    assert find(editor, "game-id").disabled
    type_into(editor, "game-name-en", "Pairs!")
    click(editor, "game-save")
    assert routes == ["/games?saved=pairs"] and store.template("pairs").name["en"] == "Pairs!"
    listing = view_for(ctx, "/games")
    click(listing, "games-export-pairs")
    exported = tmp_path / "exports" / "pairs.json"
    assert json.loads(exported.read_text())["name"]["en"] == "Pairs!"
    assert find(listing, "games-message").value == f"Game saved to {exported}"
    click(listing, "games-delete-pairs")
    assert "pairs" not in ctx.services.history.games()
    assert find(listing, "games-message").value == "Pairs! deleted."
    click(listing, "games-undo")
    assert "pairs" in ctx.services.history.games()
    store.delete_game("pairs")
    type_into(listing, "games-import-source", str(exported))
    click(listing, "games-import")
    assert find(listing, "games-message").value == "Pairs! imported."
    assert "pairs" in ctx.services.history.games()
    type_into(listing, "games-import-source", '{"id": "bad"}')
    click(listing, "games-import")
    message = find(listing, "games-message")
    assert message.value.startswith("pasted text:") and message.color == ft.Colors.ERROR


# --- round games in the editor -----------------------------------------------------------
def choose(root: object, ident: str, value: str) -> None:
    """Pick ``value`` in the radio group ``ident``, as a tap on its radio does."""
    group = find(root, ident)
    group.value = value
    group.on_change(ft.Event(name="change", control=group, data=value))


def pick_from(root: object, ident: str, value: str) -> None:
    """Pick ``value`` in the menu ``ident``, as a tap on its option does."""
    menu = find(root, ident)
    assert value in [o.key for o in menu.options], [o.key for o in menu.options]
    menu.value = value
    menu.on_select(ft.Event(name="select", control=menu, data=value))


def start_game(root: object, game: str = "race") -> None:
    type_into(root, "game-id", game)
    type_into(root, "game-name-en", game.title())
    click(root, "game-add-line")
    type_into(root, "game-line-1-key", "points")
    type_into(root, "game-line-1-label-en", "Points this round")


def test_every_round_game_survives_the_form_unchanged():
    """Rounds (fixed, by players, open), endings, per-round lines, the bid rule, and the
    fields the editor does not show (bgg_id, source) come back as they were."""
    assert {"flip-7", "skull-king", "uno", "wizard"} <= set(round_games())
    for template in round_games().values():
        checked = GameForm.from_template(template, editing=False).check()
        assert checked.problems == {}, template.id
        assert checked.data == template.source, template.id
        again = checked.template
        assert again.rounds == template.rounds and again.bids == template.bids
        assert [ln.per_round for ln in again.lines] == [ln.per_round for ln in template.lines]


def test_every_round_game_saved_in_the_editor_unchanged_is_the_same_game(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    for game, template in round_games().items():
        data = copy.deepcopy(template.source) | {"id": f"{game}-mine"}
        history.store.create_game(data)
        root = view_for(ctx, f"/games/edit/{game}-mine")
        click(root, "game-save")
        assert routes.pop() == f"/games?saved={game}-mine", game
        assert history.store.template(f"{game}-mine").source == data | {"version": 2}


def test_a_new_game_opens_without_errors_and_shows_them_once_typed_in_or_saved(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    boxes = [c for c in walk(root) if isinstance(c, ft.TextField)]
    assert boxes and all(box.error is None for box in boxes)
    type_into(root, "game-id", "a b")
    assert find(root, "game-id").error.startswith('"a b" is not a valid key')
    type_into(root, "game-id", "ab")
    type_into(root, "game-name-en", "Ab")
    click(root, "game-add-line")
    type_into(root, "game-line-1-key", "p")
    type_into(root, "game-line-1-label-es", "Puntos")  # a text in one language touches it
    assert find(root, "game-line-1-label-en").error is None  # its English reads the Spanish
    type_into(root, "game-line-1-label-es", "")
    assert find(root, "game-line-1-label-en").error == "the label needs an English text"
    type_into(root, "game-line-1-label-en", "Points")
    type_into(root, "game-max-players", "")
    assert find(root, "game-min-players").error is None  # only the field typed in
    click(root, "game-save")
    assert routes == [] and find(root, "game-max-players").error == "a value is needed"


def test_make_a_game_of_a_fixed_number_of_rounds(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    start_game(root)
    assert not has(root, "game-line-1-per-round") and not has(root, "game-ends")
    choose(root, "game-rounds-mode", "count")
    assert find(root, "game-rounds-count").error is None  # not typed in yet
    type_into(root, "game-line-1-per-round", True)
    type_into(root, "game-rounds-count", "0")
    assert find(root, "game-rounds-count").error == "0 cannot be below 1"
    type_into(root, "game-rounds-count", "1001")
    assert "1000" in find(root, "game-rounds-count").error
    type_into(root, "game-rounds-count", "3")
    click(root, "game-add-line")  # an end-of-game line
    type_into(root, "game-line-2-key", "pudding")
    type_into(root, "game-line-2-label-en", "Pudding")
    preview = texts(find(root, "game-preview"))
    assert "3 rounds · ends after the last round" in preview
    each, end = preview.index("Each round"), preview.index("At the end of the game")
    assert each < preview.index("Points this round") < end < preview.index("Pudding")
    click(root, "game-save")
    assert routes == ["/games?saved=race"]
    saved = history.store.template("race")
    assert saved.rounds.fixed == 3 and saved.rounds.ending is None
    assert [(ln.key, ln.per_round) for ln in saved.lines] == [("points", True), ("pudding", False)]
    assert "per_round" not in saved.source["lines"][1]


def test_make_a_game_whose_rounds_depend_on_the_player_count(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    start_game(root, "deal")
    choose(root, "game-rounds-mode", "by_players")
    type_into(root, "game-min-players", "3")
    type_into(root, "game-max-players", "5")
    assert [has(root, f"game-rounds-players-{n}") for n in (2, 3, 4, 5, 6)] == [
        False,
        True,
        True,
        True,
        False,
    ]
    type_into(root, "game-line-1-per-round", True)
    for n, rounds in ((3, "20"), (4, "15"), (5, "12")):
        type_into(root, f"game-rounds-players-{n}", rounds)
    type_into(root, "game-max-players", "6")  # one more player count, one more field
    assert has(root, "game-rounds-players-6")
    assert find(root, "game-rounds-players-5").value == "12"
    click(root, "game-save")
    assert routes == [] and find(root, "game-rounds-players-6").error == "a value is needed"
    type_into(root, "game-rounds-players-6", "10")
    assert "rounds by players: 3 → 20 · 4 → 15 · 5 → 12 · 6 → 10" in " ".join(
        texts(find(root, "game-preview"))
    )
    click(root, "game-save")
    assert routes == ["/games?saved=deal"]
    saved = history.store.template("deal")
    assert saved.rounds.by_players == ((3, 20), (4, 15), (5, 12), (6, 10))
    assert saved.source["rounds"] == {"by_players": {"3": 20, "4": 15, "5": 12, "6": 10}}


def test_make_an_open_round_game_to_a_target_with_most_rounds_won(tmp_path, history):
    ctx, routes = context(tmp_path, history=history, lang="es")
    root = view_for(ctx, "/games/new")
    start_game(root, "to-500")
    choose(root, "game-rounds-mode", "open")
    assert find(root, "game-rounds-problem").content.visible  # no per-round line yet
    type_into(root, "game-line-1-per-round", True)
    assert not find(root, "game-rounds-problem").content.visible
    choose(root, "game-ends", "reach")
    type_into(root, "game-ends-target", "quinientos")
    assert find(root, "game-ends-target").error == '"quinientos" no es un número'
    type_into(root, "game-ends-target", "500")
    click(root, "game-add-tiebreak")
    type_into(root, "game-tb-1-label-en", "most rounds won")
    assert has(root, "game-tb-1-terms")
    type_into(root, "game-tb-1-rounds-won", True)
    assert not has(root, "game-tb-1-terms")  # the rounds won are compared, not lines
    preview = texts(find(root, "game-preview"))
    assert "rondas abiertas · termina tras la ronda en que alguien llega a 500" in preview
    assert "Empate: most rounds won" in preview
    click(root, "game-save")
    assert routes == ["/games?saved=to-500"]
    saved = history.store.template("to-500")
    assert saved.source["rounds"] == {} and saved.source["ends"] == {"reach": 500}
    assert saved.tiebreakers[0].rounds_won and saved.tiebreakers[0].prefer == "more"
    assert saved.source["tiebreakers"][0] == {
        "label": {"en": "most rounds won"},
        "prefer": "more",
        "rounds_won": True,
    }


def test_a_game_ending_when_someone_falls_to_a_limit_and_back_to_no_rounds(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    start_game(root, "hearts")
    choose(root, "game-rounds-mode", "open")
    type_into(root, "game-line-1-per-round", True)
    choose(root, "game-ends", "fall_to")
    type_into(root, "game-ends-target", "-100")
    assert any("falls to -100" in t for t in texts(find(root, "game-preview")))
    choose(root, "game-rounds-mode", "none")  # not a round game after all
    assert not has(root, "game-line-1-per-round") and not has(root, "game-ends")
    choose(root, "game-rounds-mode", "open")
    assert find(root, "game-line-1-per-round").value is True  # kept meanwhile
    click(root, "game-save")
    assert routes == ["/games?saved=hearts"]
    saved = history.store.template("hearts")
    assert saved.rounds.ending == "fall_to" and saved.rounds.target == -100


def test_make_a_trick_taking_game_with_a_bid_rule(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    type_into(root, "game-id", "tricks")
    type_into(root, "game-name-en", "Tricks")
    choose(root, "game-rounds-mode", "count")
    type_into(root, "game-rounds-count", "10")
    for n, key in ((1, "bid"), (2, "tricks")):
        click(root, "game-add-line")
        type_into(root, f"game-line-{n}-key", key)
        type_into(root, f"game-line-{n}-label-en", key.title())
        click(root, f"game-line-{n}-kind-count")
        type_into(root, f"game-line-{n}-per-round", True)
        type_into(root, f"game-line-{n}-counts", True)  # ticked: not added to the total
    type_into(root, "game-bids", True)
    assert find(root, "game-bids-key").value == "score"
    type_into(root, "game-bids-label-en", "Round score")
    assert [o.text for o in find(root, "game-bids-tricks").options] == [
        "Bid (bid)",
        "Tricks (tricks)",
    ]
    assert find(root, "game-bids-bonus").value == "-"  # no bonus line
    pick_from(root, "game-bids-bid", "bid")
    pick_from(root, "game-bids-tricks", "bid")
    assert find(root, "game-bids-tricks").error_text == (
        "the bid and the tricks must be two different lines"
    )
    pick_from(root, "game-bids-tricks", "tricks")
    assert find(root, "game-bids-tricks").error_text is None
    type_into(root, "game-line-2-key", "taken")  # the menus follow the lines
    assert [o.key for o in find(root, "game-bids-tricks").options] == ["bid", "taken"]
    pick_from(root, "game-bids-tricks", "taken")
    type_into(root, "game-bids-hit-base", "20")
    type_into(root, "game-bids-hit-per-trick", "10")
    type_into(root, "game-bids-miss-per-off", "x")
    assert find(root, "game-bids-miss-per-off").error == '"x" is not a number'
    type_into(root, "game-bids-miss-per-off", "-10")
    preview = texts(find(root, "game-preview"))
    assert "Round score" in preview
    click(root, "game-save")
    assert routes == ["/games?saved=tricks"]
    saved = history.store.template("tricks")
    assert saved.source["bids"] == {
        "key": "score",
        "label": {"en": "Round score"},
        "bid": "bid",
        "tricks": "taken",
        "hit": {"base": 20, "per_trick": 10},
        "miss": {"per_off": -10},
    }
    sheet = [
        PlayerSheet("Ana", {"bid": [1, 0], "taken": [1, 2]}),
        PlayerSheet("Ben", {"bid": [0, 1], "taken": [0, 1]}),
    ]
    assert [p.total for p in score(saved, None, sheet).players] == [30 - 20, 20 + 30]


@pytest.mark.parametrize("lang", LANGS)
def test_the_round_settings_read_in_every_language(tmp_path, history, lang):
    """A round game's settings, its bid rule and its preview, built in each language: no
    message key and no English sentence where the language has its own."""
    from test_messages import KEY, leaks, shown_texts

    data = copy.deepcopy(builtin_games()["skull-king"].source) | {"id": "sk"}
    data["rounds"] = {"by_players": {str(n): 10 for n in range(2, 9)}}
    data["ends"] = {"reach": 500}
    data["tiebreakers"] = [{"label": {"en": "won"}, "prefer": "more", "rounds_won": True}]
    history.store.create_game(data)
    ctx, _ = context(tmp_path, history=history, lang=lang)
    shown = shown_texts(view_for(ctx, "/games/edit/sk"))
    assert tr("manage.rounds_with", lang, n=6) in shown and tr("manage.bids_use", lang) in shown
    assert tr("manage.rounds_won", lang) in shown and tr("manage.per_round", lang) in shown
    assert tr("manage.preview_each_round", lang) in shown
    menu = find(view_for(ctx, "/games/edit/sk"), "game-bids-bid")
    lines = builtin_games()["skull-king"].lines
    assert [o.text for o in menu.options] == [f"{pick(ln.label, lang)} ({ln.key})" for ln in lines]
    patterns = leaks(lang)
    assert [t for t in shown if KEY.search(t)] == []
    assert [(k, t) for t in shown for k, p in patterns if p.fullmatch(t)] == []


def test_a_round_settings_problem_lands_on_its_field():
    form = GameForm(
        id="r",
        name_en="R",
        rounds="count",
        rounds_count="5",
        lines=[LineForm(key="p", label_en="P", per_round=True)],
    )
    assert errors(form) == {}
    form.rounds_count = ""
    assert errors(form) == {"rounds-count": "a value is needed"}
    form.rounds, form.ends, form.ends_target = "open", "reach", "1.25"
    assert list(errors(form)) == ["ends-target"]
    form.ends_target = "500"
    form.lines[0].per_round = False
    assert list(errors(form)) == ["rounds"]
    form.lines[0].per_round = True
    form.bids = BidsForm(bid="p", tricks="p", label_en="Score")
    assert list(errors(form)) == ["bids-bid"]  # a points line is no bid
    form.lines.append(LineForm(key="q", kind="count", label_en="Q", per_round=True))
    form.lines[0].kind = "count"
    form.bids.tricks = "q"
    assert errors(form) == {}
    form.bids.key = "q"
    assert list(errors(form)) == ["bids-key"]
    form.bids.key, form.bids.label_en = "score", ""
    assert list(errors(form)) == ["bids-label-en"]
    form.bids.label_en, form.bids.bonus = "Score", "q"
    assert list(errors(form)) == ["bids-bonus"]
    form.bids.bonus, form.bids.hit_zero = "", "0.3"
    assert list(errors(form)) == ["bids-hit-zero"]


# --- players ---------------------------------------------------------------------------
def test_add_rename_and_merge_players(tmp_path, history):
    ctx, _ = context(tmp_path, history=history, lang="es")
    save_azul(history, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    save_azul(history, {"Anita": 70, "Ben": 40}, "2026-01-02 20:00")
    root = view_for(ctx, "/players")
    assert "2 partidas" in texts(find(root, "player-row-3"))  # Ana, Anita, Ben by name
    type_into(root, "players-new", "Carla")
    click(root, "players-add")
    assert [p.name for p in history.store.players()] == ["Ana", "Anita", "Ben", "Carla"]
    type_into(root, "players-new", "carla")
    click(root, "players-add")
    assert find(root, "players-message").value == "carla ya es un jugador."
    click(root, "players-rename-4")
    type_into(root, "players-rename-name", "Carlota")
    click(root, "players-rename")
    assert find(root, "players-message").value == "Carla ahora se llama Carlota."
    find(root, "players-merge-from").value = "Anita"
    find(root, "players-merge-into").value = "Ana"
    click(root, "players-merge")
    question = find(root, "players-merge-question").value
    assert "Se conservan todas las partidas" in question
    click(root, "players-merge-confirm")
    assert {p.name: p.plays for p in history.store.players()} == {
        "Ana": 2,
        "Ben": 2,
        "Carlota": 0,
    }
    find(root, "players-merge-from").value = "Ana"
    find(root, "players-merge-into").value = "Ben"
    click(root, "players-merge")
    click(root, "players-merge-confirm")  # they played together: refused, nothing changes
    assert find(root, "players-message").color == ft.Colors.ERROR
    assert len(history.store.players()) == 3


# --- stats -----------------------------------------------------------------------------
def test_stats_empty_then_figures_charts_and_head_to_head(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    assert has(view_for(ctx, "/stats"), "stats-empty")
    save_azul(history, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    save_azul(history, {"Ana": 40, "Ben": 70}, "2026-01-02 20:00")
    save_azul(history, {"Ana": 81, "Ben": 20}, "2026-01-03 20:00")
    data = gather(history.store, "ana")
    assert [p.total for p in data.totals] == [60, 40, 81] and data.wins == [("Ana", 2), ("Ben", 1)]
    root = view_for(ctx, "/stats?player=Ana")
    figures = {
        k: find(root, f"stats-player-{k}").value
        for k in ("plays", "wins", "rate", "average", "best", "last")
    }
    assert figures == {
        "plays": "3",
        "wins": "2",
        "rate": "67 %",
        "average": "60.3",
        "best": "81",
        "last": "2026-01-03",
    }
    chart = find(root, "stats-chart-totals").content
    assert [p.y for p in chart.data_series[0].points] == [60, 40, 81]
    pie = find(root, "stats-chart-wins").controls[0].content
    assert [s.value for s in pie.sections] == [2, 1]
    game = texts(find(root, "stats-game-azul"))
    assert "Plays: 3 · best 81 (Ana) · average winning total 70.3" in game
    assert find(root, "stats-h2h").value == (
        "Ana vs Ben: 3 plays together; Ana ahead 2, Ben ahead 1, tied 0; wins 2–1"
    )
    chooser = find(root, "stats-player")
    chooser.value = "Ben"
    chooser.on_select(ft.Event(name="select", control=chooser, data=None))
    assert find(root, "stats-player-wins").value == "1"


# --- settings --------------------------------------------------------------------------
def test_settings_shows_the_history_and_exports_and_imports_it(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    save_azul(history, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    root = view_for(ctx, "/settings")
    assert find(root, "history-where").value == f"History: {tmp_path / 'history.db'}"
    click(root, "export")
    out = tmp_path / "exports" / "scorepad-history.json"
    assert find(root, "history-message").value == f"1 plays exported to {out}"
    formats = find(root, "export-format")
    formats.value = "csv"
    formats.on_change(ft.Event(name="change", control=formats, data=None))
    assert find(root, "export-path").value.endswith("scorepad-history.csv")
    other = StoreHistory(str(tmp_path / "other.db"))
    try:
        ctx2, _ = context(tmp_path / "two", history=other)
        (tmp_path / "two").mkdir()
        root2 = view_for(ctx2, "/settings")
        type_into(root2, "import-path", str(out))
        click(root2, "import")
        assert find(root2, "history-message").value == (
            f"Imported from {out}: 1 new plays, 0 already there."
        )
        click(root2, "import")
        assert find(root2, "history-message").value.endswith("0 new plays, 1 already there.")
        type_into(root2, "import-path", str(tmp_path / "nope.json"))
        click(root2, "import")
        assert find(root2, "history-message").color == ft.Colors.ERROR
    finally:
        other.close()


def test_an_import_runs_off_the_event_loop_and_says_so_meanwhile(tmp_path, history):
    """Every device on the app shares one event loop: the import waits in a worker, the
    section says what it is doing, and takes no second click until it is done."""
    save_azul(history, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    out = tmp_path / "plays.json"
    history.store.export_file(out)
    other = StoreHistory(str(tmp_path / "other.db"))
    try:
        (tmp_path / "two").mkdir()
        ctx, _ = context(tmp_path / "two", history=other)
        jobs: list[tuple[object, object]] = []
        ctx.later = lambda load, then: jobs.append((load, then))
        sent: list[object] = []
        ctx.update = lambda *controls: sent.extend(controls)
        root = view_for(ctx, "/settings")
        type_into(root, "import-path", str(out))
        click(root, "import")
        assert find(root, "history-message").value.startswith(f"Importing {out}…")
        assert find(root, "import").disabled and find(root, "export").disabled
        assert find(root, "history-message") in sent  # shown at once, not after the import
        click(root, "import")
        assert len(jobs) == 1 and other.store.list_plays().plays == ()  # nothing yet
        load, then = jobs.pop()
        outcome = threading_result(load)
        then(outcome)
        assert find(root, "history-message").value.endswith("1 new plays, 0 already there.")
        assert not find(root, "import").disabled and not find(root, "export").disabled
        assert len(other.store.list_plays().plays) == 1
        type_into(root, "import-path", str(tmp_path / "nope.json"))
        click(root, "import")
        load, then = jobs.pop()
        then(threading_result(load))
        assert find(root, "history-message").color == ft.Colors.ERROR
        assert "nope.json" in find(root, "history-message").value
        assert not find(root, "import").disabled
        click(root, "import")  # and off to Home before it is done
        view_for(ctx, "/")
        shown: list[object] = []
        ctx.show_dialog = shown.append
        load, then = jobs.pop(0)  # the import's (Home may have asked for its own since)
        then(threading_result(load))
        assert "nope.json" in shown[0].content.value  # said over Home
    finally:
        other.close()


def threading_result(load):
    """``load()`` run in another thread, as the served app runs it."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(load).result()


def test_settings_backs_up_now_and_restores_a_copy_after_asking(tmp_path, history):
    ctx, _ = context(tmp_path, history=history, lang="es")
    first = save_azul(history, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    root = view_for(ctx, "/settings")
    assert find(root, "backup-none").value.startswith("Aún no hay copias")
    click(root, "backup-now")
    made = find(root, "backup-message").value
    assert made.startswith(f"Copia hecha: {tmp_path / 'backups' / 'history.db.'}")
    assert made.endswith(".manual.sqlite3")
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d · manual · \d+ KB · 1 partida",
        find(root, "backup-1").controls[0].value,
    )
    second = save_azul(history, {"Ana": 61, "Ben": 51}, "2026-01-02 20:00")
    shown: list[ft.DialogControl] = []
    ctx.show_dialog = shown.append
    click(root, "backup-restore-1")
    assert "(1 partida)" in find(shown[0], "backup-confirm-question").value
    click(shown[0], "backup-cancel")  # asked, and said no: nothing changes
    assert [p.id for p in history.store.list_plays().plays] == [second, first]
    click(root, "backup-restore-1")
    click(shown[1], "backup-confirm")
    assert find(root, "backup-message").value.startswith("La copia del ")
    assert [p.id for p in history.store.list_plays().plays] == [first]
    # the history it replaced was kept first: restoring that copy undoes the restore
    assert " · antes de recuperar · " in find(root, "backup-1").controls[0].value
    click(root, "backup-restore-1")
    click(shown[2], "backup-confirm")
    assert [p.id for p in history.store.list_plays().plays] == [second, first]
    ctx.settings = ctx.settings.with_lang("en")
    english = view_for(ctx, "/settings")
    assert " · before a restore · " in find(english, "backup-1").controls[0].value
    assert not has(english, "backup-problem")


def test_settings_says_how_many_photos_a_restore_could_not_put_back(tmp_path, history):
    ctx, _ = context(tmp_path, history=history, lang="de")
    play = save_azul(history, {"Ana": 60, "Ben": 50}, "2026-01-01 20:00")
    picture = io.BytesIO()
    Image.new("RGB", (64, 48), (30, 90, 160)).save(picture, "JPEG")
    (photo,) = history.store.add_photos(play, [("tisch.jpg", picture.getvalue())])
    root = view_for(ctx, "/settings")
    click(root, "backup-now")
    history.store.delete_play(play)
    history.store.purge_play(play)
    path = tmp_path / "history.db"
    (backups.shared_photos_of(path) / f"{photo.digest}.jpg").unlink()  # lost from the copy
    shown: list[ft.DialogControl] = []
    ctx.show_dialog = shown.append
    click(root, "backup-restore-1")
    click(shown[0], "backup-confirm")
    said = find(root, "backup-message").value
    assert said.startswith("Die Kopie vom ")
    assert "Fotos vom Tisch, die nicht zurückgeholt werden konnten" in said
    assert "(in dieser Kopie fehlend oder beschädigt): 1." in said
    assert [p.id for p in history.store.list_plays().plays] == [play]


def test_settings_says_a_database_server_keeps_its_own_backups(tmp_path):
    server = StoreHistory("postgresql://scorepad:secret@127.0.0.1:1/nowhere")  # no server
    try:
        ctx, _ = context(tmp_path, history=server)
        root = view_for(ctx, "/settings")
        text = find(root, "backup-sqlite-only").value
        assert text.startswith("backups are made for history files (SQLite);")
        assert "pg_dump" in text and "secret" not in text and not has(root, "backup-now")
        where = find(root, "history-where").value
        assert where.startswith("the history database postgresql+psycopg://scorepad:***@")
        assert "cannot be reached" in where
    finally:
        server.close()


def test_tiebreakers_are_added_ordered_and_removed_in_the_editor(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new?from=azul")
    click(root, "game-add-tiebreak")
    type_into(root, "game-tb-2-label-en", "more columns")
    type_into(root, "game-tb-2-label-es", "más columnas")
    type_into(root, "game-tb-2-terms", "columns")
    prefer = find(root, "game-tb-2-prefer")
    prefer.value = "fewer"
    prefer.on_change(ft.Event(name="change", control=prefer, data=None))
    click(root, "game-tb-2-up")
    type_into(root, "game-tb-1-terms", "nope")
    assert "nope" in find(root, "game-tb-1-terms").error
    type_into(root, "game-tb-1-terms", "columns")
    click(root, "game-tb-2-remove")
    click(root, "game-save")
    saved = history.store.template("azul-mine")
    assert [(tb.prefer, dict(tb.terms)) for tb in saved.tiebreakers] == [("fewer", {"columns": 1})]


def test_an_unreadable_history_keeps_the_built_in_games_and_says_why(tmp_path):
    (tmp_path / "a-file").write_text("not a folder")
    broken = StoreHistory(str(tmp_path / "a-file" / "history.db"))
    ctx, _ = context(tmp_path, history=broken)
    assert set(ctx.services.history.games()) == set(builtin_games())
    assert has(view_for(ctx, "/new"), "game-azul")
    message = "cannot open the history at"
    assert any(message in t for t in texts(view_for(ctx, "/stats")))
    assert any(message in t for t in texts(view_for(ctx, "/games")))
    assert any(message in t for t in texts(view_for(ctx, "/players")))
    assert message in find(view_for(ctx, "/settings"), "history-where").value


def test_a_rebuilt_screen_keeps_what_was_typed_and_leaving_it_forgets(tmp_path, history):
    """A change of layout (phone/desktop) or of language rebuilds the screen shown: the
    game being edited, the players being chosen and the history filters stay."""
    ctx, _ = context(tmp_path, history=history)
    editor = view_for(ctx, "/games/new?from=azul")
    type_into(editor, "game-line-2-max", "-3")
    ctx.compact = True
    again = view_for(ctx, "/games/new?from=azul")
    assert find(again, "game-line-2-max").value == "-3"
    assert find(again, "game-line-2-max").error == "-3 cannot be below 0"

    new_play = view_for(ctx, "/new/azul")
    type_into(new_play, "player-1", "Zoë")
    assert find(view_for(ctx, "/new/azul"), "player-1").value == "Zoë"

    listing = view_for(ctx, "/history")
    type_into(listing, "filter-player", "Ana")
    click(listing, "filter")
    assert find(view_for(ctx, "/history"), "filter-player").value == "Ana"

    fresh = view_for(ctx, "/games/new?from=azul")
    assert find(fresh, "game-line-2-max").value == "5"
    assert find(fresh, "game-line-2-max").error is None
    assert find(view_for(ctx, "/new/azul"), "player-1").value == ""


def test_rates_factors_and_variants_get_a_label_in_each_language_in_the_editor(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    for ident, text in [
        ("game-id", "market"),
        ("game-name-en", "Market"),
        ("game-name-es", "Mercado"),
    ]:
        type_into(root, ident, text)
    click(root, "game-add-variant")
    click(root, "game-add-variant")
    for n, (vid, en, es) in enumerate([("A", "day", "día"), ("B", "night", "noche")], 1):
        type_into(root, f"game-variant-{n}-id", vid)
        type_into(root, f"game-variant-{n}-label-en", en)
        type_into(root, f"game-variant-{n}-label-es", es)
    click(root, "game-add-line")
    type_into(root, "game-line-1-key", "fish")
    type_into(root, "game-line-1-label-en", "Fish left")
    type_into(root, "game-line-1-label-es", "Pescado sobrante")
    click(root, "game-line-1-kind-count")
    assert has(root, "game-line-1-per") and not has(root, "game-line-1-rate-1-id")
    click(root, "game-line-1-add-rate")
    click(root, "game-line-1-add-rate")
    click(root, "game-line-1-add-rate")
    assert not has(root, "game-line-1-per")  # the rates say what a fish is worth
    click(root, "game-line-1-rate-1-remove")
    type_into(root, "game-line-1-rate-1-id", "fresh")
    type_into(root, "game-line-1-rate-1-per", "2")
    type_into(root, "game-line-1-rate-1-label-en", "fresh")
    assert find(root, "game-line-1-rate-2-per").error is None  # not typed in yet
    click(root, "game-save")  # refused: now every field says what it needs
    assert routes == [] and find(root, "game-line-1-rate-2-per").error == "a value is needed"
    type_into(root, "game-line-1-rate-2-id", "salted")
    type_into(root, "game-line-1-rate-2-per", "0,5")
    type_into(root, "game-line-1-rate-2-label-en", "salted")
    type_into(root, "game-line-1-rate-2-label-es", "salado")
    assert find(root, "game-line-1-rate-1-label-es").error is None  # only English is needed
    type_into(root, "game-line-1-rate-1-label-en", "")
    assert find(root, "game-line-1-rate-1-label-en").error == "the label needs an English text"
    type_into(root, "game-line-1-rate-1-label-en", "fresh")
    type_into(root, "game-line-1-rate-1-label-es", "fresco")
    click(root, "game-line-1-rate-2-up")  # salted first: the rate a sheet starts on
    click(root, "game-add-line")
    type_into(root, "game-line-2-key", "stalls")
    type_into(root, "game-line-2-label-en", "Stalls")
    type_into(root, "game-line-2-label-es", "Puestos")
    type_into(root, "game-line-2-variants", "B")
    click(root, "game-line-2-kind-product")
    for n, (en, es) in enumerate([("stalls", "puestos"), ("lamps", "farolillos")], 1):
        type_into(root, f"game-line-2-factor-{n}-label-en", en)
        type_into(root, f"game-line-2-factor-{n}-label-es", es)
    type_into(root, "game-line-2-factor-1-max", "6")
    preview = texts(find(root, "game-preview"))
    assert "Stalls (night)" in preview and "salted / fresh" in preview
    assert "stalls × lamps" in preview
    click(root, "game-save")
    assert routes == ["/games?saved=market"]
    saved = history.store.template("market")
    assert [(v.id, v.label) for v in saved.variants] == [
        ("A", {"en": "day", "es": "día"}),
        ("B", {"en": "night", "es": "noche"}),
    ]
    fish, stalls = saved.lines
    assert [(r.id, r.per, r.label) for r in fish.rates] == [
        ("salted", Decimal("0.5"), {"en": "salted", "es": "salado"}),
        ("fresh", 2, {"en": "fresh", "es": "fresco"}),
    ]
    assert [(f.label, f.max) for f in stalls.factors] == [
        ({"en": "stalls", "es": "puestos"}, 6),
        ({"en": "lamps", "es": "farolillos"}, None),
    ]
    ctx.change_settings(ctx.settings.with_lang("es"))
    preview = texts(find(view_for(ctx, "/games/edit/market"), "game-preview"))
    assert "Puestos (noche)" in preview and "salado / fresco" in preview


def test_editing_a_game_keeps_its_description_hints_and_reminders_and_edits_them(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    data = copy.deepcopy(find_game("glass-road").source) | {"id": "road"}
    history.store.create_game(data)
    root = view_for(ctx, "/games/edit/road")
    assert find(root, "game-description-es").value == data["description"]["es"]
    assert find(root, "game-line-5-hint-es").value == data["lines"][4]["hint"]["es"]
    assert (
        find(root, "game-line-5-rate-1-label-es").value
        == data["lines"][4]["rates"][0]["label"]["es"]
    )
    assert find(root, "game-reminder-2-text-es").value == data["reminders"][1]["es"]
    assert "• " + data["reminders"][1]["en"] in texts(find(root, "game-preview"))
    type_into(root, "game-name-en", "Glass Road (ours)")
    click(root, "game-save")
    assert routes == ["/games?saved=road"]
    assert history.store.template("road").source == data | {
        "name": data["name"] | {"en": "Glass Road (ours)"},
        "version": 2,
    }

    root = view_for(ctx, "/games/edit/road")
    type_into(root, "game-reminder-3-text-es", "Empate: se comparte.")
    click(root, "game-reminder-1-remove")
    click(root, "game-add-reminder")
    type_into(root, "game-reminder-3-text-es", "La arena vale medio.")
    # Left blank in English, it reads the Spanish there: no problem to show.
    assert find(root, "game-reminder-3-text-en").error is None
    assert GameForm.from_template(history.store.template("road")).reminders  # not saved yet
    type_into(root, "game-reminder-3-text-en", "Sand is worth half.")
    type_into(root, "game-description-en", "")
    click(root, "game-save")
    saved = history.store.template("road")
    assert saved.reminders == (
        data["reminders"][1],
        data["reminders"][2] | {"es": "Empate: se comparte."},
        {"en": "Sand is worth half.", "es": "La arena vale medio."},
    )
    # A description (like a hint) left blank in English takes the first other language
    # given as its English.
    assert saved.description == data["description"] | {"en": data["description"]["es"]}
    assert [ln.hint for ln in saved.lines] == [ln["hint"] for ln in data["lines"]]
