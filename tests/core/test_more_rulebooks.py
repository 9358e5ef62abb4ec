"""docs/rules.md's values for the nature, card-drafting and co-operative games added to the
catalogue: players, the limits the components give, the tie-breakers and how each game is
won (co-operative games by their outcome). The worked sheets in tests/core/sheets/ score
them; these pin the data the rulebooks give."""

from __future__ import annotations

from scorepad.core import builtin_games
from scorepad.core.combined import with_modules


def players(game_id: str) -> tuple[int, int]:
    game = builtin_games()[game_id]
    return (game.min_players, game.max_players)


def tiebreakers(game_id: str) -> list[tuple[str, tuple[tuple[str, object], ...]]]:
    return [(tb.prefer, tb.terms) for tb in builtin_games()[game_id].tiebreakers]


def test_co_operative_games_are_won_or_lost_together():
    games = builtin_games()
    for game_id in ("mysterium", "the-crew", "spirit-island"):
        result = games[game_id].result
        assert result is not None and result.kind == "cooperative", game_id
        assert games[game_id].tiebreakers == (), game_id
    assert games["mysterium"].lines == ()
    assert players("mysterium") == (2, 7)  # a Ghost and up to 6 Psychics
    crew = games["the-crew"]
    assert players("the-crew") == (2, 5)
    assert (crew.line("mission").max, crew.line("mission").counts) == (50, False)
    assert crew.line("distress").points == 1  # one more attempt in the logbook


def test_spirit_island_scores_a_victory_and_a_defeat_as_the_rulebook_does():
    spirit = builtin_games()["spirit-island"]
    assert players("spirit-island") == (1, 4)
    assert [v.id for v in spirit.variants] == ["victory", "defeat"]
    victory = {line.key: line for line in spirit.lines_for("victory")}
    defeat = {line.key: line for line in spirit.lines_for("defeat")}
    assert (victory["difficulty"].per, defeat["difficulty"].per) == (5, 2)
    assert victory["won"].points == 10 and "won" not in defeat
    assert (victory["invader_cards"].per, defeat["invader_cards"].per) == (2, 1)
    assert victory["invader_cards"].max == defeat["invader_cards"].max == 12
    assert (victory["dahan"].per, victory["blight"].per) == (1, -1)


def test_everdell_farshore_maps_ship_and_tie_breakers():
    farshore = builtin_games()["everdell-farshore"]
    assert players("everdell-farshore") == (1, 4)
    assert [f.max for f in farshore.line("maps").factors] == [12, 6]  # 6 Map types, 2 at most
    assert (farshore.line("ship").min, farshore.line("ship").max) == (0, 60)
    assert farshore.line("treasures").per == 2
    assert tiebreakers("everdell-farshore") == [
        ("more", (("ship_spaces", 1),)),
        ("more", (("map_tiles", 1),)),
        ("more", (("treasures", 1),)),
        ("more", (("resources_left", 1),)),
    ]


def test_cartographers_heroes_scores_each_season_as_cartographers():
    games = builtin_games()
    heroes, first = games["cartographers-heroes"], games["cartographers"]
    assert players("cartographers-heroes") == (1, 20)
    assert [(line.key, line.kind) for line in heroes.lines] == [
        (line.key, line.kind) for line in first.lines
    ]
    assert tiebreakers("cartographers-heroes") == [
        ("fewer", tuple((f"{s}_monsters", 1) for s in ("spring", "summer", "fall", "winter"))),
    ]


def test_earth_wyrmspan_parks_and_meadow_limits_and_ties():
    games = builtin_games()
    assert players("earth") == (1, 5)
    assert games["earth"].line("tableau_first").points == 7
    assert [tb[1][0][0] for tb in tiebreakers("earth")] == [
        "soil",
        "hand",
        "growth_pieces",
        "sprouts",
        "compost",
    ]
    wyrmspan = games["wyrmspan"]
    assert players("wyrmspan") == (2, 5)
    assert wyrmspan.line("coins").max == 9  # discard down to 9 coins, 9 cards, 9 resources
    assert (wyrmspan.line("items").every, wyrmspan.line("items").max) == (4, 18)
    assert wyrmspan.line("visible_dragons").max == 12
    assert tiebreakers("wyrmspan") == [("more", (("visible_dragons", 1),))]
    parks = games["parks"]
    assert players("parks") == (1, 5)
    assert (parks.line("photos").max, parks.line("year").max) == (28, 3)
    assert parks.line("first_hiker").points == 1
    assert tiebreakers("parks") == [("more", (("parks_visited", 1),))]
    assert players("meadow") == (1, 4)
    assert tiebreakers("meadow") == [("more", (("discovery", 1),))]


def test_harmonies_sides_tokens_and_the_spirit_module():
    harmonies = builtin_games()["harmonies"]
    assert players("harmonies") == (1, 4)
    assert [v.id for v in harmonies.variants] == ["A", "B"]
    assert "river" in harmonies.keys_for("A") and "islands" not in harmonies.keys_for("A")
    assert "islands" in harmonies.keys_for("B") and "river" not in harmonies.keys_for("B")
    assert (harmonies.line("fields").per, harmonies.line("fields").max) == (5, 9)  # 19 yellow
    assert (harmonies.line("buildings").per, harmonies.line("buildings").max) == (5, 15)  # red
    assert harmonies.rules is not None and len(harmonies.rules.checks) == 1  # an island
    spirit = with_modules(harmonies, ["nature-spirit"])
    assert [line.key for line in spirit.lines][-1] == "spirit"
    assert tiebreakers("harmonies") == [("more", (("animal_cubes", 1),))]


def test_forest_shuffle_blood_rage_tapestry_underwater_cities_and_heat():
    games = builtin_games()
    assert players("forest-shuffle") == (2, 5)
    assert games["forest-shuffle"].tiebreakers == ()  # a shared victory
    assert games["forest-shuffle"].line("cave").per == 1
    assert players("blood-rage") == (2, 4)
    blood = games["blood-rage"]
    assert (blood.line("stats_high").per, blood.line("stats_top").per) == (10, 20)
    assert players("tapestry") == (1, 5)
    assert tiebreakers("tapestry") == [("more", (("resources", 1),))]
    cities = games["underwater-cities"]
    assert players("underwater-cities") == (1, 4)
    assert [cities.line(f"cities_{n}").per for n in range(4)] == [2, 3, 4, 6]
    assert cities.line("resources").every == 4
    assert tiebreakers("underwater-cities") == [("fewer", (("final_order", 1),))]
    heat = games["heat"]
    assert players("heat") == (1, 6)
    assert heat.rounds is not None and heat.rounds.fixed is None  # 3 or 4 races a season
    assert heat.line("points").per_round and not heat.line("final_place").per_round
    assert tiebreakers("heat") == [("fewer", (("final_place", 1),))]
