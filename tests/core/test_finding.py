"""Finding a game among the catalogue: words (case and accents ignored, names in every
language), the players at the table, and the games played lately and often first."""

from __future__ import annotations

from datetime import datetime

from scorepad.core import builtin_games
from scorepad.core.finding import Played, find_games, fold, matches, seats, sort_name

GAMES = builtin_games()


def ids(games) -> list[str]:
    return [g.id for g in games]


def test_fold_ignores_case_and_accents():
    assert fold("Código SECRETO") == fold("codigo secreto") == "codigo secreto"
    assert fold("Ñandú") == "nandu" and fold("Straße") == "strasse"


def test_every_word_is_found_in_the_id_or_a_name_in_any_language():
    codenames = GAMES["codenames"]
    for words in ("codenames", "CÓDIGO", "secreto codigo", "code", "SECRETO"):
        assert matches(codenames, words), words
    assert not matches(codenames, "codigo azul")
    assert matches(GAMES["azul-summer-pavilion"], "pavilion azul")
    assert ids(find_games(GAMES.values(), "summer pav")) == ["azul-summer-pavilion"]
    assert find_games(GAMES.values(), "no such game") == []


def test_players_at_the_table_keep_the_games_that_seat_them():
    assert seats(GAMES["splendor"], 2) and seats(GAMES["splendor"], 4)
    assert not seats(GAMES["splendor"], 1) and not seats(GAMES["splendor"], 5)
    for players in (1, 2, 7, 12):
        found = find_games(GAMES.values(), players=players)
        assert found, players
        expected = [g for g in GAMES.values() if g.min_players <= players <= g.max_players]
        assert sorted(ids(found)) == sorted(ids(expected))
    assert "yahtzee" in ids(find_games(GAMES.values(), players=1))
    assert ids(find_games(GAMES.values(), players=99)) == []


def test_games_played_come_first_the_last_played_first_then_by_name():
    played = {
        "splendor": Played(1, datetime(2026, 3, 1, 20, 0)),
        "kingdomino": Played(9, datetime(2026, 2, 1, 20, 0)),
        "uno": Played(3, datetime(2026, 2, 1, 20, 0)),  # the same evening: the most played
    }
    found = ids(find_games(GAMES.values(), played=played))
    assert found[:3] == ["splendor", "kingdomino", "uno"]
    rest = [GAMES[g].name["en"] for g in found[3:]]
    assert rest == sorted(rest, key=str.casefold)


def test_the_others_follow_the_names_of_the_language_asked_for():
    pair = [GAMES["splendor"], GAMES["ticket-to-ride"]]
    assert ids(find_games(pair, lang="en")) == ["splendor", "ticket-to-ride"]
    # ¡Aventureros al tren! is filed under A, Zug um Zug under Z
    assert ids(find_games(pair, lang="es")) == ["ticket-to-ride", "splendor"]
    assert ids(find_games(pair, lang="de")) == ["splendor", "ticket-to-ride"]
    assert sort_name("¡Aventureros al tren!") == "aventureros al tren!"
