"""`scorepad template GAME` lists what the printed sheet shows: award lines marked as
such, the keys of points worked out between lines (a set rule's sets, a bonus) with their
rule, and what a co-operative or team game's sheet gives beside its lines."""

from __future__ import annotations

import json

import pytest

from scorepad.core.i18n import LANGS, tr


def rows(out: str) -> dict[str, str]:
    """The key table's rows by key (the first column), each as its whole line."""
    found = {}
    for line in out.splitlines():
        if line[:1].isalpha() or line[:1] == "_":
            found[line.split()[0]] = line
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_of_worked_out_points_are_listed_with_their_rule(cli, lang):
    status, out, err = cli("template", "yahtzee", "--lang", lang)
    assert (status, err) == (0, "")
    bonus = rows(out)["upper_bonus"]
    assert tr("text.worked_out", lang) in bonus
    assert "63" in bonus and "+35" in bonus
    status, out, err = cli("template", "7-wonders", "--lang", lang)
    sets = rows(out)["science_sets"]
    assert tr("text.worked_out", lang) in sets
    assert tr("hint.set_per_set", lang, points="7", size=3) in sets


def test_the_worked_out_keys_are_those_score_json_gives(cli, tmp_path):
    """Every key the listing marks as worked out is a key of ``score --json``'s lines."""
    sheet = {
        "game": "yahtzee",
        "players": [{"name": "Ana", "lines": {"ones": 3, "twos": 3, "threes": 3, "fours": 3}}],
    }
    path = tmp_path / "y.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    status, out, _ = cli("score", str(path), "--json")
    assert status == 0
    lines = json.loads(out)["players"][0]["lines"]
    _, listing, _ = cli("template", "yahtzee", "--lang", "en")
    worked_out = [k for k, row in rows(listing).items() if "worked out" in row]
    assert worked_out == ["upper_bonus"]
    assert set(worked_out) <= set(lines)


def test_an_award_line_is_marked_and_says_how_the_places_score(cli):
    _, out, _ = cli("template", "ticket-to-ride", "--lang", "en")
    path = rows(out)["longest_path"]
    assert "(award between players)" in path
    assert "10 to the longest, every tied player too" in path
    _, out, _ = cli("template", "sushi-go", "--lang", "es")
    maki = rows(out)["maki"]
    assert "(por ronda)" in maki and "(premio entre jugadores)" in maki
    assert "(premio entre jugadores)" not in rows(out)["tempura"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_co_operative_game_says_its_sheet_gives_the_outcome(cli, lang):
    status, out, err = cli("template", "pandemic", "--lang", lang)
    assert (status, err) == (0, "")
    assert tr("text.enter_outcome", lang) in out
    assert tr("text.no_tiebreaker_cooperative", lang) in out
    assert tr("text.no_tiebreaker", lang) not in out
    assert tr("text.key", lang) not in out  # no lines: no empty table


@pytest.mark.parametrize("lang", LANGS)
def test_a_team_game_says_its_sheet_gives_teams_and_the_winning_team(cli, lang):
    status, out, err = cli("template", "codenames", "--lang", lang)
    assert (status, err) == (0, "")
    assert tr("text.enter_team", lang) in out
    assert tr("text.enter_winning_team", lang) in out
    assert tr("text.enter_outcome", lang) not in out


def test_a_game_without_these_rules_lists_as_before(cli):
    _, out, _ = cli("template", "azul", "--lang", "en")
    assert "worked out" not in out and "award between players" not in out
    assert "A sheet file also gives" not in out
    assert "Key" in out and "Tie-breakers:" in out
