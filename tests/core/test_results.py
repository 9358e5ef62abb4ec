"""Co-operative and team results, and modules: worked examples from the rulebooks (Pandemic,
Codenames) and two test games (tests/core/games/) for what no shipped game has yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorepad.cli import main
from scorepad.core import (
    PlayerSheet,
    SheetError,
    TemplateError,
    builtin_games,
    load_template,
    read_sheet,
    score,
)
from scorepad.core.i18n import LANGS

GAMES = Path(__file__).parent / "games"


def game(name: str):
    return load_template((GAMES / f"{name}.json").read_text(encoding="utf-8"), f"{name}.json")


def sheet(data: dict, games=None):
    games = games or dict(builtin_games())
    return read_sheet(json.dumps(data), "t.json", games).score()


PANDEMIC = {"game": "pandemic", "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]}
CODENAMES = {
    "game": "codenames",
    "winning_team": "blue",
    "players": [
        {"name": "Ana", "team": "Red"},
        {"name": "Ben", "team": "Blue"},
        {"name": "Cy", "team": "red"},
        {"name": "Di", "team": "Blue"},
    ],
}


def test_pandemic_and_codenames_carry_their_bgg_id_and_rulebook():
    games = builtin_games()
    assert games["pandemic"].source["bgg_id"] == 30549
    assert games["codenames"].source["bgg_id"] == 178900
    assert (games["pandemic"].min_players, games["pandemic"].max_players) == (2, 4)
    assert "rulebook" in games["pandemic"].source["source"]
    assert "rulebook" in games["codenames"].source["source"]


@pytest.mark.parametrize("outcome", ["won", "lost"])
def test_a_pandemic_play_is_won_or_lost_by_the_whole_table(outcome):
    """Rulebook, Game End: the players win together when all 4 cures are found, and all
    lose together otherwise."""
    scored = sheet({**PANDEMIC, "outcome": outcome})
    won = outcome == "won"
    assert [(p.rank, p.winner) for p in scored.players] == [(1, won)] * 3
    assert scored.winners == (("Ana", "Ben", "Cy") if won else ())
    assert scored.decided_by == "outcome"
    data = scored.to_json("en")
    assert (data["result"], data["outcome"], data["score"]) == ("cooperative", outcome, None)
    expected = "Everyone wins together" if won else "The game wins: everyone loses together"
    assert data["explanation"].startswith(expected)
    sentences = {scored.explanation(lang) for lang in LANGS}
    assert len(sentences) == len(LANGS)


def test_a_co_operative_score_is_the_tables():
    scored = sheet(
        {
            "game": "coop-score",
            "outcome": "won",
            "players": [{"name": "Ana", "lines": {"score": 23}}, {"name": "Ben"}],
        },
        {"coop-score": game("coop-score")},
    )
    data = scored.to_json("es")
    assert data["score"] == 23
    assert data["explanation"] == "Todos ganan juntos contra el juego, con una puntuación de 23."


def test_a_codenames_play_is_won_by_the_team_named_and_every_member_shares_it():
    scored = sheet(CODENAMES)
    assert [(p.name, p.rank, p.winner) for p in scored.players] == [
        ("Ana", 2, False),
        ("Ben", 1, True),
        ("Cy", 2, False),
        ("Di", 1, True),
    ]
    assert [(t.name, t.members, t.rank) for t in scored.teams] == [
        ("Red", ("Ana", "Cy"), 2),
        ("Blue", ("Ben", "Di"), 1),
    ]
    data = scored.to_json("en")
    assert data["explanation"] == "Blue wins (Ben and Di)."
    assert data["winning_team"] == "Blue"
    assert [p["team"] for p in data["players"]] == ["Red", "Blue", "Red", "Blue"]
    assert data["teams"][1] == {
        "name": "Blue",
        "players": ["Ben", "Di"],
        "total": None,
        "tiebreak": [],
        "rank": 1,
        "winner": True,
    }


def test_team_totals_are_the_sums_of_their_members_and_ties_break_on_summed_values():
    games = {"team-dice": game("team-dice")}
    players = [
        {"name": "Ana", "team": "A", "lines": {"points": 10, "sixes": 1}},
        {"name": "Ben", "team": "B", "lines": {"points": 12, "sixes": 2}},
        {"name": "Cy", "team": "A", "lines": {"points": 5, "sixes": 3}},
        {"name": "Di", "team": "B", "lines": {"points": 3}},
    ]
    scored = sheet({"game": "team-dice", "players": players}, games)
    assert [(t.name, t.total, t.tiebreak, t.rank) for t in scored.teams] == [
        ("A", 15, (4,), 1),
        ("B", 15, (2,), 2),
    ]
    assert scored.decided_by == "tiebreak"
    assert scored.winners == ("Ana", "Cy")
    assert scored.explanation("en") == "Tie on 15: A wins on more sixes, 4 to 2."
    players[3]["lines"] = {"points": 4}
    scored = sheet({"game": "team-dice", "players": players}, games)
    assert scored.decided_by == "total"
    assert scored.explanation("en") == "B wins with 16 points."
    assert [p.rank for p in scored.players] == [2, 1, 2, 1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": [{"name": "Ana", "team": "Red"}, {"name": "Ben"}] * 1}, "no_team"),
        ({"winning_team": "Green"}, "winning_team"),
        ({"outcome": "won"}, "outcome_not_expected"),
    ],
)
def test_a_team_sheet_is_refused_when_its_teams_or_winner_do_not_fit(change, message):
    data = {**CODENAMES, **change}
    if "players" in change:
        data["players"] = [*change["players"], {"name": "Cy", "team": "Red"}, {"name": "Di"}]
    with pytest.raises(SheetError) as found:
        sheet(data)
    assert found.value.key == f"sheet.{message}"


def test_three_teams_are_refused_where_the_game_has_two():
    players = [{"name": n, "team": n} for n in ("A", "B", "C", "D")]
    with pytest.raises(SheetError) as found:
        sheet({**CODENAMES, "players": players, "winning_team": "A"})
    assert found.value.key == "sheet.team_count"
    assert "2 to 2 teams, not 4" in str(found.value)


def test_outcome_and_teams_are_refused_where_the_game_takes_none():
    azul = {"game": "azul", "players": [{"name": "Ana"}, {"name": "Ben"}]}
    with pytest.raises(SheetError, match="outcome"):
        read_sheet(json.dumps({**azul, "outcome": "won"}), "t.json").score()
    azul["players"][0]["team"] = "Red"
    with pytest.raises(SheetError, match="not played in teams"):
        read_sheet(json.dumps(azul), "t.json").score()
    with pytest.raises(SheetError, match="outcome"):
        sheet({**PANDEMIC, "outcome": "draw"})
    with pytest.raises(SheetError, match="outcome"):
        sheet(PANDEMIC)


def test_modules_add_lines_and_replace_values_and_are_kept_with_the_play():
    template = game("team-dice")
    assert [m.id for m in template.modules] == ["bonus", "capped"]
    players = [
        PlayerSheet("Ana", {"points": 10, "bonus": 3}, team="A"),
        PlayerSheet("Ben", {"points": 12}, team="B"),
    ]
    scored = score(template, None, players, modules=["bonus"])
    assert [p.total for p in scored.players] == [16, 12]
    assert scored.modules == ("bonus",)
    assert scored.template.base is template
    assert scored.to_json()["modules"] == ["bonus"]
    other = [players[1], players[1]._replace(name="Cy", team="C")]
    assert score(template, None, other).modules == ()
    with pytest.raises(SheetError, match="above the maximum, 10"):
        score(template, None, players, modules=["capped", "bonus"])
    with pytest.raises(SheetError) as found:  # the module's line, without the module
        score(template, None, players)
    assert found.value.key == "entry.where_player" and '"bonus"' in str(found.value)
    with pytest.raises(SheetError) as found:
        score(template, None, players, modules=["expansion"])
    assert found.value.key == "sheet.unknown_module"
    with pytest.raises(SheetError) as found:
        score(template, None, players, modules=["bonus", "bonus"])
    assert found.value.key == "sheet.duplicate_module"


@pytest.mark.parametrize(
    ("module", "problem"),
    [
        ({"id": "x", "label": {"en": "X"}}, "neither adds lines"),
        (
            {"id": "x", "label": {"en": "X"}, "lines": [{"key": "points", "kind": "check"}]},
            'key "points"',
        ),
        ({"id": "x", "label": {"en": "X"}, "replace": {"points": {"kind": "count"}}}, "kind"),
        ({"id": "x", "label": {"en": "X"}, "replace": {"points": {"max": "ten"}}}, "modules[2]"),
    ],
)
def test_a_broken_module_is_refused_with_its_place(module, problem):
    data = json.loads((GAMES / "team-dice.json").read_text(encoding="utf-8"))
    data["modules"].append(module)
    with pytest.raises(TemplateError) as found:
        load_template(data, "td.json")
    assert problem in str(found.value)


def test_the_command_line_scores_and_refuses_result_sheets(tmp_path, capsys):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({**PANDEMIC, "outcome": "won"}), encoding="utf-8")
    assert main(["score", str(path), "--lang", "en"]) == 0
    assert "Everyone wins together against the game." in capsys.readouterr().out
    path.write_text(json.dumps(PANDEMIC), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["score", str(path), "--lang", "en"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "co-operative" in err
    assert main(["score", "examples/codenames.json", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winning_team"] == "Red"


def test_the_command_line_shows_teams_modules_and_how_a_game_is_won(capsys):
    assert main(["score", "examples/codenames.json", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "TOTAL" not in out  # a game only won or lost has no total to show
    assert "Team  Red  Red  Blue  Blue" in out
    td = str(GAMES / "team-dice.json")
    assert main(["template", td, "--module", "bonus", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Team dice + Bonus dice · 2–8 players · played in 2–3 teams")
    assert "✓ bonus: Bonus dice" in out and "· capped: Capped points" in out
    assert "bonus   Bonus dice  × 2" in out
    assert main(["template", "pandemic", "--lang", "es"]) == 0
    assert "cooperativo: se gana o se pierde juntos" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        main(["template", td, "--module", "nope"])
    assert stop.value.code == 2
    assert 'no module "nope"' in capsys.readouterr().err
