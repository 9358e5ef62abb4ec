"""The game editor made for a person in a hurry, built and driven without a browser over
a real SQLite history: the id and line keys follow the names, a blank line waits at the
end of the lines, tie-breakers are picked from the lines, texts are asked in the
person's language, Save shows the first problem, the preview shows what it can."""

from __future__ import annotations

import dataclasses

import flet as ft
import pytest
from test_manage import choose, texts
from ui_helpers import click, context, find, has, type_into, walk

from scorepad.ui.app import view_for
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.game_editor import GameEditorView


@pytest.fixture
def history(tmp_path):
    opened = StoreHistory(str(tmp_path / "history.db"))
    yield opened
    opened.close()


def test_the_id_and_the_line_keys_follow_the_names_until_typed(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    assert all(c.error is None for c in walk(root) if isinstance(c, ft.TextField))
    type_into(root, "game-name-en", "Café Crème 2")
    assert find(root, "game-id").value == "cafe-creme-2"
    type_into(root, "game-line-1-label-en", "Bonus cards")  # the blank line: it joins
    type_into(root, "game-line-2-label-en", "Bonus cards!")  # and a new blank one follows
    assert [find(root, f"game-line-{n}-key").value for n in (1, 2)] == [
        "bonus_cards",
        "bonus_cards_2",
    ]
    assert has(root, "game-line-3-label-en") and not has(root, "game-line-4-label-en")
    type_into(root, "game-id", "mine")
    type_into(root, "game-name-en", "Something else")
    assert find(root, "game-id").value == "mine"  # typed: it no longer follows
    click(root, "game-save")
    saved = history.store.template("mine")
    assert [ln.key for ln in saved.lines] == ["bonus_cards", "bonus_cards_2"]
    assert routes == ["/games?saved=mine"]


def test_a_tie_breaker_is_picked_from_the_lines(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-en", "Tie")
    type_into(root, "game-line-1-label-en", "Birds")
    type_into(root, "game-line-2-label-en", "Unused food")
    click(root, "game-tb-pick-2")
    click(root, "game-tb-pick-1")
    assert texts(find(root, "game-tb-1"))[0] == "1. Unused food"
    choose(root, "game-tb-1-prefer", "fewer")
    click(root, "game-tb-2-up")  # Birds first now
    type_into(root, "game-line-2-label-en", "Food left")  # its key and the tie-breaker follow
    click(root, "game-save")
    assert routes == ["/games?saved=tie"]
    saved = history.store.template("tie")
    assert [(dict(tb.terms), tb.prefer, tb.label) for tb in saved.tiebreakers] == [
        ({"birds": 1}, "more", {"en": "Birds"}),
        ({"food_left": 1}, "fewer", {"en": "Food left"}),
    ]


def test_a_person_writes_in_their_own_language_only(tmp_path, history):
    ctx, routes = context(tmp_path, history=history, lang="es")
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-es", "Aves")
    type_into(root, "game-line-1-label-es", "Pájaros")
    click(root, "game-save")
    assert routes == ["/games?saved=aves"]
    saved = history.store.template("aves")
    # English, which every file has, reads the Spanish until someone writes it.
    assert saved.name == {"en": "Aves", "es": "Aves"}
    assert saved.lines[0].label == {"en": "Pájaros", "es": "Pájaros"}
    assert saved.lines[0].key == "pajaros"


def test_a_refused_save_opens_the_fold_of_the_first_problem(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new?from=azul")
    form = ctx.screen["game-form"]
    opened = set(form.open)  # the folds with something set: Azul's lines have a hint
    assert "game-line-3-more" in opened
    click(root, "game-line-3-more")  # closed by hand
    assert "game-line-3-more" not in form.open
    type_into(root, "game-line-3-max", "-2")  # under line 3's "More options"
    click(root, "game-save")
    assert routes == []
    assert find(root, "game-line-3-max").error == "-2 cannot be below 0"
    assert form.open == opened  # opened again, the other folds as they were
    # The fold is shown now, and the next time the screen is built (another layout).
    shown = view_for(ctx, "/games/new?from=azul")
    assert "-2 cannot be below 0" in [c.error for c in walk(shown) if isinstance(c, ft.TextField)]


def test_the_preview_shows_the_sheet_with_its_faulty_lines_marked(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-en", "Half done")
    type_into(root, "game-line-1-label-en", "Birds")
    type_into(root, "game-line-2-label-en", "Eggs")
    click(root, "game-line-2-kind-check")  # yes/no: its points are still to be typed
    type_into(root, "game-line-3-label-en", "Cards")
    click(root, "game-line-3-kind-count")
    type_into(root, "game-line-3-per", "x")
    preview = texts(find(root, "game-preview"))
    assert "Half done" in preview and "Birds" in preview
    assert has(root, "game-preview-faulty-2") and has(root, "game-preview-faulty-3")
    assert not has(root, "game-preview-faulty-1")
    faulty = texts(find(root, "game-preview-faulty-3"))
    assert faulty == ["Cards", '"x" is not a number']
    type_into(root, "game-line-3-per", "2")
    type_into(root, "game-line-2-points", "4")
    assert not has(root, "game-preview-faulty-2") and not has(root, "game-preview-faulty-3")
    assert "Cards" in texts(find(root, "game-preview"))


def test_make_a_game_with_an_award_and_a_tally_line(tmp_path, history):
    """The kinds compared between players and counted by a table of points are offered in
    plain words; the award's places are on its card, the rest under "More options"; the
    preview says how each line scores."""
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-en", "Sushi night")
    type_into(root, "game-line-1-label-en", "Maki")
    kinds = texts(find(root, "game-line-1-kind"))
    assert "Most wins: most 6, second 3" in kinds
    assert "Points by how many: 1, 3, 6, 10, 15" in kinds
    click(root, "game-line-1-kind-award")
    assert find(root, "game-line-1-places").error is None  # not typed in yet
    type_into(root, "game-line-1-places", "6 x")
    assert find(root, "game-line-1-places").error == '"x" is not a number'
    type_into(root, "game-line-1-places", "6 3")
    assert find(root, "game-line-1-places").error is None
    form = ctx.screen["game-form"]
    type_into(root, "game-line-1-fewest", "-6 z")  # under "More options": Save opens it
    click(root, "game-save")
    assert routes == [] and form.open == {"game-line-1-more"}
    assert find(root, "game-line-1-fewest").error == '"z" is not a number'
    type_into(root, "game-line-1-fewest", "")
    assert "When players tie" in texts(root)
    click(root, "game-line-1-ties-skip")
    type_into(root, "game-line-1-zero-counts", False)
    type_into(root, "game-line-2-label-en", "Dumplings")
    click(root, "game-line-2-kind-tally")
    type_into(root, "game-line-2-values", "0 1 3 6 10 15")
    preview = texts(find(root, "game-preview"))
    maki = "place 1: 6 · place 2: 3 · ties: each gets the place, the next is skipped"
    assert preview[2:] == [
        "Maki",
        maki,
        "Dumplings",
        "1 → 1 · 2 → 3 · 3 → 6 · 4 → 10 · 5 or more → 15",
    ]
    assert not has(root, "game-preview-faulty-1") and not has(root, "game-preview-faulty-2")
    click(root, "game-save")
    assert routes == ["/games?saved=sushi-night"]
    assert has(view_for(ctx, "/games"), "games-edit-sushi-night")  # listed, to edit again
    saved = history.store.template("sushi-night")
    maki, dumplings = saved.lines
    assert (maki.kind, maki.places, maki.ties, maki.zero_counts) == ("award", (6, 3), "skip", False)
    assert (dumplings.kind, dumplings.values) == ("tally", (0, 1, 3, 6, 10, 15))


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de"])
def test_the_award_and_tally_settings_read_in_every_language(tmp_path, history, lang):
    """Sushi Go's copy in the editor: the kinds, an award's settings and the ways ties go
    in the person's language, no message key and no English where the language has its
    own."""
    from test_messages import KEY, leaks, shown_texts

    from scorepad.core import builtin_games
    from scorepad.core.i18n import tr

    history.store.create_game(builtin_games()["sushi-go"].source | {"id": "sg"})
    ctx, _ = context(tmp_path, history=history, lang=lang)
    shown = shown_texts(view_for(ctx, "/games/edit/sg"))
    award = tr("manage.kind_award_plain", lang) + ": " + tr("manage.kind_award_example", lang)
    assert award in shown
    assert tr("manage.kind_tally_plain", lang) + ": 1, 3, 6, 10, 15" in shown
    for key in ("award_ties", "award_ties_split", "award_ties_skip", "award_ties_full"):
        assert tr(f"manage.{key}", lang) in shown
    for key in ("award_zero_counts", "award_all_tied_nothing", "field_places", "field_fewest"):
        assert tr(f"manage.{key}", lang) in shown
    patterns = leaks(lang) if lang != "en" else []
    assert [t for t in shown if KEY.search(t)] == []
    assert [(k, t) for t in shown for k, p in patterns if p.fullmatch(t)] == []


# --- rules between lines: sets, bonuses, the floor -----------------------------------------
def dice_night(ctx):
    """A new game with two count lines and a points line, typed as a person does."""
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-en", "Dice night")
    for n, (label, per) in enumerate((("Ones", "1"), ("Twos", "2"), ("Chance", None)), 1):
        type_into(root, f"game-line-{n}-label-en", label)
        if per is not None:
            click(root, f"game-line-{n}-kind-count")
            type_into(root, f"game-line-{n}-per", per)
    return root


def test_make_a_game_with_a_bonus_a_set_and_a_floor(tmp_path, history):
    """Each rule in plain words with its example; its lines picked from the game's own
    (a set offers only the count lines); the preview has a row per rule; a line renamed
    takes its new key into the rules."""
    ctx, routes = context(tmp_path, history=history)
    root = dice_night(ctx)
    bonus, sets = find(root, "game-add-bonus"), find(root, "game-add-set")
    assert bonus.content == "Bonus when lines reach a total: 35 when ones…sixes reach 63"
    assert sets.content == "Sets of different kinds: 7 per complete set of science symbols"
    assert "For example 1: a score track with no space under 1." in " ".join(texts(root))
    click(root, "game-add-bonus")
    assert "Chance" in texts(find(root, "game-preview"))  # the bonus is left out until ready
    assert find(root, "game-bonus-1-reach").error is None  # not typed in yet
    assert not find(root, "game-bonus-1-lines-problem").content.visible
    assert texts(find(root, "game-bonus-1-lines")) == ["Ones", "Twos", "Chance"]
    type_into(root, "game-bonus-1-label-en", "Upper bonus")
    click(root, "game-bonus-1-line-1")
    click(root, "game-bonus-1-line-2")
    type_into(root, "game-bonus-1-reach", "x")
    assert find(root, "game-bonus-1-reach").error == '"x" is not a number'
    type_into(root, "game-bonus-1-reach", "10")
    type_into(root, "game-bonus-1-points", "35")
    assert texts(find(root, "game-preview-bonus-1")) == [
        "Upper bonus",
        "35 when the lines add up to 10 or more",
    ]
    click(root, "game-add-set")
    assert texts(find(root, "game-set-1-lines")) == ["Ones", "Twos"]  # count lines only
    type_into(root, "game-set-1-label-en", "Pairs")
    click(root, "game-set-1-line-1")
    click(root, "game-set-1-line-2")
    type_into(root, "game-set-1-per-set", "5")
    type_into(root, "game-set-1-squares", True)
    assert texts(find(root, "game-preview-set-1")) == [
        "Pairs",
        "each line scores its count squared · 5 per complete set of 2 different",
    ]
    assert find(root, "game-set-1-key").value == "pairs"  # follows its label until typed
    type_into(root, "game-set-1-key", "doubles")
    type_into(root, "game-set-1-label-en", "Pairs of dice")
    assert find(root, "game-set-1-key").value == "doubles"
    type_into(root, "game-floor", "0")
    assert texts(find(root, "game-preview-floor")) == ["The total never goes below 0."]
    type_into(root, "game-line-1-label-en", "Aces")  # its key follows, in the rules too
    assert find(root, "game-bonus-1-key").value == "upper_bonus"
    click(root, "game-save")
    assert routes == ["/games?saved=dice-night"]
    rules = history.store.template("dice-night").rules
    (pairs,) = rules.sets
    (bonus,) = rules.bonuses
    assert (pairs.key, pairs.lines, pairs.squares, pairs.per_set, pairs.size) == (
        "doubles",
        ("aces", "twos"),
        True,
        5,
        2,
    )
    assert (bonus.key, bonus.lines, bonus.reach, bonus.points) == (
        "upper_bonus",
        ("aces", "twos"),
        10,
        35,
    )
    assert rules.floor == 0


def test_a_rule_with_no_line_picked_is_refused_at_its_chips(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    dice_night(ctx)
    form = ctx.screen["game-form"]
    editor = GameEditorView(ctx, form)
    root = editor.build()
    click(root, "game-add-bonus")
    type_into(root, "game-bonus-1-label-en", "Bonus")
    type_into(root, "game-bonus-1-reach", "10")
    type_into(root, "game-bonus-1-points", "5")
    note = find(root, "game-bonus-1-lines-problem").content
    assert not note.visible  # the chips were not touched yet
    click(root, "game-save")
    assert routes == []
    assert (note.visible, note.value) == (True, "pick at least one line")
    assert editor.first_problem() == "bonus-0-lines"
    click(root, "game-bonus-1-line-3")
    assert not note.visible and editor.first_problem() is None
    click(root, "game-save")
    assert routes == ["/games?saved=dice-night"]
    assert history.store.template("dice-night").rules.bonuses[0].lines == ("chance",)


def test_a_refused_save_shows_a_rules_folded_field_first_in_screen_order(tmp_path, history):
    """Yahtzee's bonus key made a line's: the problem is under the bonus's "More options",
    which Save opens; a problem further down (the floor) comes after it."""
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new?from=yahtzee")
    form = ctx.screen["game-form"]
    type_into(root, "game-floor", "x")
    form.bonuses[0].key = "ones"
    editor = GameEditorView(ctx, form)
    root = editor.build()
    click(root, "game-save")
    assert routes == []
    assert editor.first_problem() == "floor"  # a number first: the core is asked after
    type_into(root, "game-floor", "1")
    click(root, "game-save")
    assert routes == [] and editor.first_problem() == "bonus-0-key"
    assert find(root, "game-bonus-1-key").error == 'the line key "ones" is used twice'
    assert "game-bonus-1-more" in form.open


def test_a_line_removed_leaves_the_rules_that_read_it(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new?from=yahtzee")
    assert texts(find(root, "game-bonus-1-lines"))[:2] == ["Ones", "Twos"]
    click(root, "game-line-1-remove")
    assert texts(find(root, "game-bonus-1-lines"))[0] == "Twos"
    click(root, "game-save")
    assert routes == ["/games?saved=yahtzee-mine"]
    bonus = history.store.template("yahtzee-mine").rules.bonuses[0]
    assert bonus.lines == ("twos", "threes", "fours", "fives", "sixes")


# --- made for a person in a hurry: folds closed, names labelled, play it now ---------------
def shown(root: object, ident: str) -> bool:
    """Whether the control ``ident`` is on the screen: it and everything above it visible."""

    def seek(control: object) -> bool:
        if not isinstance(control, ft.BaseControl) or getattr(control, "visible", True) is False:
            return False
        if isinstance(control, ft.Semantics) and control.identifier == ident:
            return True
        for name in (f.name for f in dataclasses.fields(control)):
            value = getattr(control, name, None) if not name.startswith("_") else None
            children = value if isinstance(value, list) else [value]
            if any(seek(child) for child in children if isinstance(child, ft.BaseControl)):
                return True
        return False

    assert has(root, ident), ident  # built, shown or not
    return seek(root)


def test_a_new_line_joins_the_game_with_its_more_options_closed(tmp_path, history):
    """Typing the blank line's name adds it: its kind and its "More options" button show,
    the dozen fields under that button stay folded until it is pressed."""
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-en", "Quick")
    for n, label in enumerate(("Birds", "Eggs", "Cards"), 1):
        type_into(root, f"game-line-{n}-label-en", label)
        assert shown(root, f"game-line-{n}-kind") and shown(root, f"game-line-{n}-more")
        for folded in ("key", "label-es", "hint-en", "min", "max", "variants", "counts"):
            assert not shown(root, f"game-line-{n}-{folded}"), (n, folded)
    assert ctx.screen["game-form"].open == set()
    click(root, "game-line-2-more")  # pressed: its fields show, the other lines' stay folded
    assert shown(root, "game-line-2-min") and shown(root, "game-line-2-hint-en")
    assert not shown(root, "game-line-1-min") and not shown(root, "game-line-3-min")


def test_a_game_read_opens_the_more_options_of_its_lines_with_options_set(tmp_path, history):
    """A line whose folded settings change how it scores opens with them shown; a line with
    only a hint and its names in other languages stays folded."""
    history.store.create_game(
        {
            "id": "mixed",
            "name": {"en": "Mixed", "fr": "Mélangé"},
            "players": {"min": 2, "max": 4},
            "lines": [
                {
                    "key": "plain",
                    "kind": "points",
                    "label": {"en": "Plain", "de": "Schlicht"},
                    "hint": {"en": "off the track"},
                },
                {"key": "track", "kind": "points", "label": {"en": "Track"}, "min": 0},
                {"key": "eggs", "kind": "count", "label": {"en": "Eggs"}, "per": 2, "every": 3},
                {"key": "ties", "kind": "points", "label": {"en": "Ties"}, "counts": False},
            ],
        }
    )
    ctx, _ = context(tmp_path, history=history)
    root = view_for(ctx, "/games/edit/mixed")
    assert ctx.screen["game-form"].open == {f"game-line-{n}-more" for n in (2, 3, 4)}
    assert not shown(root, "game-line-1-hint-en")
    assert shown(root, "game-line-2-min") and shown(root, "game-line-3-every")
    assert shown(root, "game-line-4-counts") and not shown(root, "game-id")


def test_a_refused_save_opens_every_fold_with_a_problem(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-en", "Two problems")
    type_into(root, "game-line-1-label-en", "Birds")
    type_into(root, "game-line-2-label-en", "Eggs")
    type_into(root, "game-line-1-max", "x")
    type_into(root, "game-line-2-min", "y")
    assert not shown(root, "game-line-1-max") and not shown(root, "game-line-2-min")
    click(root, "game-save")
    assert routes == []
    assert shown(root, "game-line-1-max") and shown(root, "game-line-2-min")
    assert find(root, "game-line-2-min").error == '"y" is not a number'


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de"])
def test_the_name_is_asked_in_ones_own_language_and_the_others_are_optional(
    tmp_path, history, lang
):
    """The name (and a line's, a reminder's) is needed in the person's language: that
    field never says "optional"; each other language's does, once (a description and a
    hint say it in every language, once)."""
    from scorepad.core.i18n import LANGS, tr

    optional = tr("manage.optional", lang, label="").strip()  # "(facultatif)"…
    ctx, _ = context(tmp_path, history=history, lang=lang)
    root = view_for(ctx, "/games/new")
    click(root, "game-add-reminder")
    type_into(root, f"game-line-1-label-{lang}", "X")
    for name, key in (("name", "name"), ("line-1-label", "label"), ("reminder-1-text", "text")):
        assert find(root, f"game-{name}-{lang}").label == tr(f"manage.{key}_{lang}", lang)
        for other in (o for o in LANGS if o != lang):
            plain = tr(f"manage.{key}_{other}", lang)
            assert optional not in plain, (key, other)  # every catalogue's name reads right
            label = find(root, f"game-{name}-{other}").label
            assert label == tr("manage.optional", lang, label=plain)
            assert label.count(optional) == 1
    for name in ("description", "line-1-hint"):
        for each in LANGS:
            assert find(root, f"game-{name}-{each}").label.count(optional) == 1, (name, each)


def test_save_offers_to_play_the_game_now(tmp_path, history):
    """Saved, the games say so with "Play it now", which opens New play for that game."""
    ctx, routes = context(tmp_path, history=history, lang="fr")
    root = view_for(ctx, "/games/new")
    type_into(root, "game-name-fr", "Soirée dés")
    type_into(root, "game-line-1-label-fr", "Dés")
    click(root, "game-save")
    assert routes == ["/games?saved=soiree-des"]
    games = view_for(ctx, routes[-1])
    assert "Soirée dés enregistré." in texts(find(games, "games-message"))
    assert shown(games, "games-play-now")
    click(games, "games-play-now")
    assert routes[-1] == "/new/soiree-des"
    new_play = view_for(ctx, routes[-1])
    assert has(new_play, "add-player") and "Soirée dés" in texts(new_play)
    plain = view_for(ctx, "/games")  # only after a Save
    assert not shown(plain, "games-play-now")


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "the points scored"),
        ("es", "los puntos obtenidos"),
        ("fr", "les points marqués"),
        ("de", "die erzielten Punkte"),
    ],
)
def test_a_custom_points_line_reads_in_plain_words(tmp_path, history, lang, hint):
    ctx, _ = context(tmp_path, history=history, lang=lang)
    root = view_for(ctx, "/games/new")
    type_into(root, f"game-name-{lang}", "Plain")
    type_into(root, f"game-line-1-label-{lang}", "Track")
    assert hint in texts(find(root, "game-preview"))


@pytest.mark.parametrize("lang", ["en", "es", "fr", "de"])
def test_a_label_too_long_for_half_a_phone_takes_its_whole_width(tmp_path, history, lang):
    """A field half a phone wide shows its label on one line: a longer label ("Le total
    ne descend jamais sous") would wrap, and once floating cross the field's border."""
    from scorepad.ui.views.game_parts import FITS_HALF, FITS_QUARTER

    ctx, _ = context(tmp_path, history=history, lang=lang)
    root = view_for(ctx, "/games/new?from=sushi-go")  # award lines: the longest labels
    click(root, "game-add-set")
    click(root, "game-add-bonus")
    boxes = {
        c.content.identifier: c.col
        for c in walk(root)
        if isinstance(c, ft.Container) and isinstance(c.content, ft.Semantics)
    }
    labels = {ident: find(root, ident).label for ident in boxes}
    half = [ident for ident, col in boxes.items() if col.get("xs") == 6]
    assert "game-min-players" in half and "game-max-players" in half  # short everywhere
    assert [(i, labels[i]) for i in half if len(labels[i]) > FITS_HALF] == []
    quarter = [i for i, col in boxes.items() if 3 in (col.get("md"), col.get("xl"))]
    assert [(i, labels[i]) for i in quarter if len(labels[i]) > FITS_QUARTER] == []
    if lang == "fr":  # "Le total ne descend jamais sous": too long for a quarter
        assert boxes["game-floor"] == {"xs": 12, "md": 6}
