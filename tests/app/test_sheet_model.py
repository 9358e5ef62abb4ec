"""The sheet's view-model: typed text in, the core's verdict out, nothing typed lost."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scorepad.core import find_game
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import (
    CheckEdit,
    Edit,
    ExtraLabelEdit,
    ExtraLinesEdit,
    ExtraPointsEdit,
    PairEdit,
    RateEdit,
    TextEdit,
)
from scorepad.sheet.progress import LABEL, SheetInProgress, new_draft
from scorepad.ui.drafts import FileDraftStore


def sheet(game: str, players: list[str], variant: str | None = None) -> SheetInProgress:
    template = find_game(game)
    return SheetInProgress(template, new_draft(template, variant, players))


def test_typed_values_score_through_the_core():
    model = sheet("azul", ["Hugo", "Ana"])
    for key, values in {"marker": ["60", "62"], "rows": ["2", "1"]}.items():
        for player, text in enumerate(values):
            model.set_text(key, player, text)
    state = model.state
    assert [p.total for p in state.scored.players] == [64, 64]
    assert state.scored.decided_by == "tiebreak"
    assert state.scored.explanation("en") == (
        "Tie on 64: Hugo wins on complete horizontal rows, 2 to 1."
    )
    assert state.can_save and not state.empty


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", '"abc" is not a number'),
        ("6", "6 is above the maximum, 5"),
        ("-1", "-1 is below the minimum, 0"),
        ("2,5", "2.5 is not a whole number"),
    ],
)
def test_a_refused_value_is_marked_kept_and_not_counted(text, message):
    model = sheet("azul", ["Ana", "Ben"])
    model.set_text("marker", 0, "40")
    state = model.set_text("rows", 0, text)
    assert str(state.problem("rows", 0)) == message
    assert state.scored.players[0].total == 40
    assert not state.can_save
    assert model.draft.texts["rows"][0] == text


def test_spanish_decimal_comma_and_halves_on_glass_road():
    model = sheet("glass-road", ["Ana", "Ben"])
    model.set_text("buildings", 0, "10")
    state = model.set_text("sand_left", 0, "3")
    assert state.scored.players[0].total == Decimal("11.5")
    model.next_rate("sand_left", 0)
    assert model.draft.rates["sand_left"][0] == "upgraded"
    assert model.state.scored.players[0].total == 13
    state = model.set_text("buildings", 1, "-2,5")
    assert str(state.problem("buildings", 1)) == "-2.5 is not a whole number"


def test_steppers_stay_within_the_line_and_leave_a_bad_value_alone():
    model = sheet("azul-sintra", ["Ana", "Ben"], "A")
    model.step("ornament_1", 0, 1)
    assert model.draft.texts["ornament_1"][0] == "1"
    for _ in range(6):
        model.step("ornament_1", 0, 1)
    assert model.draft.texts["ornament_1"][0] == "4"  # a table of five values: 0..4
    model.step("broken_glass", 1, -1)
    assert model.draft.texts["broken_glass"][1] == "0"
    model.set_text("glass_left", 0, "x")
    model.step("glass_left", 0, 1)
    assert model.draft.texts["glass_left"][0] == "x"


def test_product_lines_check_each_number():
    model = sheet("azul-sintra", ["Pilar", "Tomás"], "B")
    model.set_pair("windows", 0, "a", "4")
    state = model.set_pair("windows", 0, "b", "5")
    assert state.scored.players[0].lines["windows"] == 20
    state = model.set_pair("windows", 1, "a", "9")
    assert str(state.problem("windows", 1, "a")) == "9 is above the maximum, 8"
    assert state.problem("windows", 1, "b") is None


def test_a_product_with_both_numbers_wrong_shows_each_under_its_own_number():
    model = sheet("azul-sintra", ["Quima", "Rafel"], "B")
    model.set_pair("windows", 0, "a", "9")
    state = model.set_pair("windows", 0, "b", "x")
    assert str(state.problem("windows", 0, "a")) == "9 is above the maximum, 8"
    assert str(state.problem("windows", 0, "b")) == '"x" is not a number'
    state = model.set_pair("windows", 0, "a", "3")  # one left wrong: shown alone
    assert state.problem("windows", 0, "a") is None
    assert str(state.problem("windows", 0, "b")) == '"x" is not a number'


def test_by_hand_lines_need_a_label_and_take_halves():
    model = sheet("azul", ["Ana", "Ben"])
    model.set_text("marker", 0, "10")  # a value besides the line: the sheet is not empty
    model.add_extra("House rule")
    state = model.set_extra_points(0, 1, "3,5")
    assert state.scored.players[1].total == Decimal("3.5")
    state = model.set_extra_label(0, " ")
    assert state.problem("extra:0", LABEL) is not None
    assert not state.can_save
    model.remove_extra(0)
    assert model.state.can_save


def test_a_blank_line_counts_as_zero_even_where_zero_cannot_be_typed():
    model = sheet("azul-summer-pavilion", ["Ana", "Ben"])
    assert not model.state.problems  # nothing refused; not savable only while all blank
    # blanks count as 0, and the total stands on the score track's floor of 1
    assert [p.total for p in model.state.scored.players] == [1, 1]
    state = model.set_text("marker", 1, "0")
    assert str(state.problem("marker", 1)) == "0 is below the minimum, 1"
    assert not state.can_save
    model.set_text("marker", 0, "40")
    state = model.set_text("marker", 1, "30")
    assert state.can_save
    assert state.scored.explanation("en") == "Ana wins with 40 points."


def test_drafts_round_trip_through_files(tmp_path):
    store = FileDraftStore(tmp_path / "drafts")
    model = sheet("glass-road", ["Ana", "Ben"])
    model.set_text("buildings", 0, "1x")
    model.next_rate("glass_left", 1)
    model.add_extra("Bonus")
    store.save(model.draft)
    again = store.load(model.draft.sheet_id)
    assert again == model.draft
    assert [d.game_id for d in store.all()] == ["glass-road"]
    store.discard(model.draft.sheet_id)
    assert store.load(model.draft.sheet_id) is None


def test_a_broken_draft_file_is_ignored_not_fatal(tmp_path):
    store = FileDraftStore(tmp_path)
    (tmp_path / "azul.json").write_text('{"game": "azul", "players": 3}', encoding="utf-8")
    (tmp_path / "glass-road.json").write_text("{not json", encoding="utf-8")
    assert store.load("azul") is None
    assert store.load("glass-road") is None
    assert store.load("../etc/passwd") is None
    assert store.all() == []


def test_a_draft_is_kept_only_under_a_plain_sheet_id(tmp_path):
    """A sheet id with a trailing newline (which `$` in a pattern lets through) names no file."""
    import dataclasses

    store = FileDraftStore(tmp_path)
    draft = sheet("azul", ["Ana", "Ben"]).draft
    for bad in ("azul\n", "../azul", "", "-azul", "a" * 65):
        with pytest.raises(ValueError, match="not a sheet id"):
            store.save(dataclasses.replace(draft, sheet_id=bad))
    assert list(tmp_path.iterdir()) == []
    store.save(draft)
    assert [p.name for p in tmp_path.iterdir()] == [f"{draft.sheet_id}.json"]


def test_only_a_draft_named_after_its_sheet_id_is_listed(tmp_path):
    """A file not named ``<its sheet id>.json`` is not one this store wrote: ``load`` and
    ``discard`` would never find it, so Home does not offer it either; it stays on disk."""
    draft = sheet("azul", ["Ana", "Ben"]).draft
    store = FileDraftStore(tmp_path)
    store.save(draft)
    text = (tmp_path / f"{draft.sheet_id}.json").read_text(encoding="utf-8")
    (tmp_path / "azul.json").write_text(text, encoding="utf-8")
    assert store.all() == [draft]
    store.discard(draft.sheet_id)
    assert store.all() == [] and store.load(draft.sheet_id) is None
    assert [p.name for p in tmp_path.iterdir()] == ["azul.json"]


@pytest.mark.parametrize("every", [None, 60.0])
def test_a_games_sheets_are_found_among_every_tables(tmp_path, every):
    """A phone joining its table looks among its game's sheets only, kept in memory (a
    coalescing store) or read from their files (a store that did not write them)."""
    from scorepad.sheet.keeper import of_game

    store = FileDraftStore(tmp_path, every=every) if every else FileDraftStore(tmp_path)
    azul = [sheet("azul", [f"A{n}", f"B{n}"]).draft for n in range(3)]
    road = sheet("glass-road", ["Ana", "Ben"]).draft
    for draft in [*azul, road]:
        store.save(draft)
    assert of_game(store, "glass-road") == [road]
    assert sorted(d.sheet_id for d in of_game(store, "azul")) == sorted(d.sheet_id for d in azul)
    assert len(store.all()) == 4
    store.flush()
    other = FileDraftStore(tmp_path)  # another process's store: it reads the files
    assert of_game(other, "glass-road") == [road] and len(of_game(other, "azul")) == 3
    assert of_game(other, "sushi-go") == []


def test_draft_json_is_plain_data():
    model = sheet("azul", ["Ana", "Ben"])
    model.set_text("marker", 0, "12")
    data = json.loads(json.dumps(model.draft.to_dict()))
    assert SheetDraft.from_dict(data) == model.draft


def test_every_change_is_a_typed_edit_that_makes_the_same_change_to_a_copy():
    """What the live sheet sends to the other devices: made to a copy of the draft as it
    was, each edit gives the same draft."""
    model = sheet("glass-road", ["Ana", "Ben"])
    twin = SheetDraft.from_dict(json.loads(json.dumps(model.draft.to_dict())))
    edits: list[Edit] = []
    model.on_change = edits.append
    model.set_text("buildings", 0, "7")
    model.next_rate("glass_left", 1)
    model.add_extra("Bonus")
    model.set_extra_label(0, "Bonus!")
    model.set_extra_points(0, 1, "2")
    model.remove_extra(0)
    sintra = sheet("azul-sintra", ["Ana", "Ben"], variant="B")
    sintra_twin = SheetDraft.from_dict(json.loads(json.dumps(sintra.draft.to_dict())))
    sintra.on_change = edits.append
    sintra.set_pair("windows", 1, "b", "4")
    summer = sheet("azul-summer-pavilion", ["Ana", "Ben"])
    summer_twin = SheetDraft.from_dict(json.loads(json.dumps(summer.draft.to_dict())))
    summer.on_change = edits.append
    summer.set_check("star_red", 0, True)
    assert [type(e) for e in edits] == [
        TextEdit,
        RateEdit,
        ExtraLinesEdit,
        ExtraLabelEdit,
        ExtraPointsEdit,
        ExtraLinesEdit,
        PairEdit,
        CheckEdit,
    ]
    assert edits[1] == RateEdit("glass_left", 1, "upgraded")
    for edit in edits[:6]:
        edit.apply_to(twin)
    edits[6].apply_to(sintra_twin)
    edits[7].apply_to(summer_twin)
    assert (twin, sintra_twin, summer_twin) == (model.draft, sintra.draft, summer.draft)
    assert sintra.draft.pairs["windows"][1] == ["", "4"]
    assert summer.draft.checks["star_red"] == [True, False]


def test_every_broken_check_comes_from_the_core_at_once_not_a_score_per_problem(monkeypatch):
    """Every player's broken check is marked from one answer of the core (``check_sheet``):
    the sheet is scored twice at most (once refused, once without what is in trouble),
    not once more per problem found, and no problem is matched by its message key."""
    import scorepad.core.problems as core_problems
    import scorepad.sheet.progress as progress

    model = sheet("azul", ["Hugo", "Ana", "Cai", "Dee"])
    calls: list[int] = []
    real = core_problems.score

    def counted(*args, **options):
        calls.append(1)
        return real(*args, **options)

    monkeypatch.setattr(core_problems, "score", counted)
    monkeypatch.setattr(progress, "score", counted, raising=False)  # where it scored itself
    for player in range(4):
        model.set_text("rows", player, "5")
    calls.clear()
    state = model.evaluate()
    assert len(calls) <= 2
    for player in range(4):
        for key in ("rows", "columns", "colours"):
            assert "means a full wall" in str(state.problem(key, player)), (key, player)


def _counting(monkeypatch) -> tuple[list[str], list[str], list[str]]:
    """Count the core's scoring calls (``score``), the sheet's questions to the core
    (``check_sheet``) and, by the module asking, every reading of an entry by a line
    (``Line.read``) from here on."""
    import sys

    import scorepad.core.problems as core_problems
    import scorepad.sheet.progress as progress
    from scorepad.core.template import Line

    scores: list[str] = []
    checks: list[str] = []
    readers: list[str] = []
    classes = [Line]
    for cls in classes:
        classes.extend(cls.__subclasses__())

    def noted(real):
        def read(self, raw):
            readers.append(sys._getframe(1).f_globals.get("__name__", ""))
            return real(self, raw)

        return read

    for cls in {c for c in classes if "read" in vars(c)}:
        monkeypatch.setattr(cls, "read", noted(vars(cls)["read"]))
    real_score, real_check = core_problems.score, progress.check_sheet

    def score(*args, **options):
        scores.append("score")
        return real_score(*args, **options)

    def check(*args, **options):
        checks.append("check_sheet")
        return real_check(*args, **options)

    monkeypatch.setattr(core_problems, "score", score)
    monkeypatch.setattr(progress, "check_sheet", check)
    return scores, checks, readers


def test_every_entry_and_by_hand_problem_comes_from_one_answer_of_the_core(monkeypatch):
    """Entry problems (a word, a value past the line's bound), a by-hand line's points and
    a broken check, on every player at once: one ``check_sheet`` per change, the core
    scoring twice at most, no cell read by the sheet itself (the core reads them all),
    every problem on its own cell in the reader's language, and
    what is fine still scored."""
    model = sheet("azul", ["Hugo", "Ana", "Cai", "Dee"])
    scores, checks, readers = _counting(monkeypatch)
    model.add_extra("House rule")
    for player in range(4):
        model.set_text("marker", player, "10")
        model.set_extra_points(0, player, "1/3")
    for player in (0, 1):
        model.set_text("rows", player, "abc")
        model.set_text("columns", player, "9")
    for player in (2, 3):
        model.set_text("rows", player, "5")
    scores.clear()
    checks.clear()
    readers.clear()
    state = model.set_text("colours", 0, "2+2")
    assert (len(checks), len(scores)) == (1, 2)
    assert readers and "scorepad.sheet.progress" not in readers  # every cell read by the core
    for player in (0, 1):
        assert "is not a number" in state.problem("rows", player).message("en")
        assert "above the maximum, 5" in state.problem("columns", player).message("en")
        assert "n'est pas un nombre" in state.problem("rows", player).message("fr")
    for player in (2, 3):
        for key in ("rows", "columns", "colours"):
            assert "means a full wall" in str(state.problem(key, player)), (key, player)
    for player in range(4):
        assert "1 ÷ 3" in state.problem("extra:0", player).message("en")
        assert state.problem("marker", player) is None
    assert state.problem("colours", 0) is None
    assert [p.total for p in state.scored.players] == [10 + 4 * 10, 10, 10, 10]
    assert state.entered[0].lines == {"marker": 10, "colours": "2+2"}  # refused left out
    assert not state.empty and not state.can_save


def test_every_round_entry_problem_comes_from_one_answer_of_the_core(monkeypatch):
    """A round game with a refused entry in every round of every player: one question to
    the core per change, the cells read by the core alone, each problem under its round's
    cell, the rest scored (Flip 7: everyone scores in a round)."""
    template = find_game("flip-7")
    model = SheetInProgress(template, new_draft(template, None, ["Hugo", "Ana", "Cai"]))
    scores, checks, readers = _counting(monkeypatch)
    model.add_round()
    model.add_round()
    ids = [played.id for played in model.draft.rounds]
    for number, rid in enumerate(ids):
        for player in range(3):
            text = "abc" if (number + player) % 2 else str(10 * (number + 1))
            model.set_round_text(rid, "points", player, text)
    scores.clear()
    checks.clear()
    readers.clear()
    state = model.evaluate()
    assert (len(checks), len(scores)) == (1, 2)
    assert readers and "scorepad.sheet.progress" not in readers  # every cell read by the core
    for number, rid in enumerate(ids):
        for player in range(3):
            problem = state.problem(f"round:{rid}:points", player)
            if (number + player) % 2:
                assert problem is not None and "is not a number" in problem.message("en")
                assert "no es un número" in problem.message("es")
            else:
                assert problem is None, (number, player)
    assert [p.rounds for p in state.scored.players] == [(10, 10, 40), (0, 20, 20), (10, 10, 40)]


def test_a_broken_check_is_marked_on_its_cells_and_typing_goes_on():
    """Azul: 5 complete rows means a full wall, so columns and colours are 5 too. Typing the
    5 in rows first marks the three cells with the rulebook's reason (nothing raised, the
    other player still scored, Save refused); finishing the wall clears the marks."""
    model = sheet("azul", ["Hugo", "Ana"])
    model.set_text("marker", 0, "80")
    model.set_text("marker", 1, "50")
    model.set_text("rows", 0, "5")
    state = model.state
    why = "cannot be as entered: 5 complete rows, columns or colours means a full wall"
    for key in ("rows", "columns", "colours"):
        assert why in str(state.problem(key, 0)), key
        assert state.problem(key, 1) is None
    assert not state.can_save
    assert [p.total for p in state.scored.players] == [80, 50]  # the wall left out meanwhile
    model.set_text("columns", 0, "5")
    model.set_text("colours", 0, "5")
    state = model.state
    assert state.can_save
    assert state.scored.players[0].total == 80 + 5 * 2 + 5 * 7 + 5 * 10
