"""Game files: the built-in catalogue matches docs/design.md and docs/rules.md; broken files
are refused with a message naming the file, the place in it and the problem."""

from __future__ import annotations

import copy
import json
from decimal import Decimal

import pytest

from scorepad.core import TemplateError, builtin_games, load_template
from scorepad.core.catalogue import GAMES_FOLDER
from scorepad.core.combined import with_modules
from scorepad.core.errors import BadBounds, MissingField
from scorepad.core.i18n import LANGS

DESIGN_KEYS = {
    "7-wonders": [
        "military",
        "coins",
        "wonder",
        "civilian",
        "commercial",
        "guilds",
        "science_compass",
        "science_gear",
        "science_tablet",
    ],
    "7-wonders-duel": [
        "military",
        "civilian",
        "science",
        "commercial",
        "guilds",
        "wonders",
        "progress",
        "coins",
    ],
    "agricola": [
        "fields",
        "pastures",
        "grain",
        "vegetables",
        "sheep",
        "wild_boar",
        "cattle",
        "unused_spaces",
        "fenced_stables",
        "rooms",
        "people",
        "cards",
        "bonus",
        "begging",
        "building_resources",
    ],
    "ark-nova": ["appeal", "target", "projects"],
    "azul": ["marker", "rows", "columns", "colours"],
    "azul-queens-garden": ["marker", "jokers", "storage_left", "groups", "groups_of_6"],
    "concordia": [
        "sestertii",
        "jupiter",
        "saturnus",
        "mercurius",
        "mars",
        "minerva",
        "concordia",
        "praefectus",
    ],
    "dominion": ["cards", "gardens", "turns"],
    "everdell": [
        "cards",
        "tokens",
        "prosperity",
        "journey",
        "events",
        "events_achieved",
        "resources_left",
    ],
    "dune-imperium": ["vp", "spice", "solari", "water", "garrison"],
    "hanabi": ["white", "red", "blue", "yellow", "green"],
    "kingdomino": ["properties", "largest_property", "crowns"],
    "patchwork": ["buttons", "special_tile", "empty_spaces", "finished_first"],
    "quacks-of-quedlinburg": ["track", "coins", "rubies", "pot_filled"],
    "coloretto": [
        "plus_1",
        "plus_2",
        "plus_3",
        "minus_1",
        "minus_2",
        "minus_3",
        "minus_4",
        "plus_two_cards",
    ],
    "for-sale": ["cheques", "coins"],
    "no-thanks": ["cards", "counters"],
    "point-salad": ["point_cards", "turn_order"],
    "qwirkle": ["points", "went_out"],
    "qwixx": ["red", "yellow", "green", "blue", "misthrows"],
    "bohnanza": ["gold", "cards_in_hand"],
    "camel-up": ["pounds", "winner_bets", "loser_bets"],
    "kingdom-builder": ["card_1", "card_2", "card_3", "castles"],
    "small-world": ["coins", "race_tokens"],
    "splendor": ["cards", "nobles", "cards_bought"],
    "takenoko": ["plots", "gardener", "panda", "emperor"],
    "stone-age": [
        "track",
        "green_set_1",
        "green_set_2",
        "farmers",
        "tool_makers",
        "hut_builders",
        "shamans",
        "resources",
        "agriculture",
        "tool_value",
        "figures",
    ],
    "cascadia": [
        "bear",
        "elk",
        "salmon",
        "hawk",
        "fox",
        "mountain",
        "forest",
        "prairie",
        "wetland",
        "river",
        "majorities",
        "nature",
    ],
    "terraforming-mars": [
        "tr",
        "awards",
        "milestones",
        "greeneries",
        "cities",
        "cards",
        "megacredits",
    ],
    "catan": ["settlements", "cities", "longest_road", "largest_army", "vp_cards", "on_turn"],
    "carcassonne": ["track", "roads", "cities", "coats_of_arms", "monasteries", "fields"],
    "castles-of-burgundy": [
        "track",
        "goods_left",
        "silver",
        "workers",
        "monasteries",
        "empty_spaces",
        "bridge",
    ],
    "wingspan": [
        "birds",
        "bonus_cards",
        "goals",
        "eggs",
        "cached_food",
        "tucked_cards",
        "food_left",
    ],
    "azul-sintra": [
        "marker",
        "glass_left",
        "broken_glass",
        "broken_glass_resets",
        "ornament_1",
        "ornament_2",
        "ornament_3",
        "ornament_4",
        "windows",
    ],
    "azul-summer-pavilion": [
        "marker",
        "star_multicolour",
        "star_red",
        "star_blue",
        "star_yellow",
        "star_orange",
        "star_green",
        "star_purple",
        "all_1s",
        "all_2s",
        "all_3s",
        "all_4s",
        "tiles_left",
    ],
    "glass-road": ["buildings", "bonus_buildings", "glass_left", "bricks_left", "sand_left"],
    "sushi-go": ["maki", "tempura", "sashimi", "dumplings", "nigiri", "pudding"],
    "sushi-go-party": ["nigiri", "desserts"],
    "ticket-to-ride": [
        *(f"route_{n}" for n in range(1, 7)),
        "tickets_done",
        "tickets_failed",
        "longest_path",
        "tickets_done_count",
    ],
    "ticket-to-ride-europe": [
        *(f"route_{n}" for n in (1, 2, 3, 4, 6, 8)),
        "tickets_done",
        "tickets_failed",
        "stations_used",
        "longest_path",
        "tickets_done_count",
    ],
    "viticulture": ["vp", "lira", "wine_value", "grape_value"],
    "yahtzee": [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_kind",
        "four_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
        "yahtzee_bonus",
    ],
    "cartographers": [
        "spring_a",
        "spring_b",
        "spring_coins",
        "spring_monsters",
        "summer_b",
        "summer_c",
        "summer_coins",
        "summer_monsters",
        "fall_c",
        "fall_d",
        "fall_coins",
        "fall_monsters",
        "winter_d",
        "winter_a",
        "winter_coins",
        "winter_monsters",
    ],
    "calico": [
        "design_1",
        "design_2",
        "design_3",
        "cats_3",
        "cats_5",
        "cats_7",
        "cats_9",
        "cats_11",
        "buttons",
    ],
    "sagrada": [
        "public_1",
        "public_2",
        "public_3",
        "private",
        "favor",
        "open_spaces",
        "final_order",
    ],
    "everdell-farshore": [
        "cards",
        "prosperity",
        "tokens",
        "treasures",
        "maps",
        "ship",
        "ship_spaces",
        "map_tiles",
        "resources_left",
    ],
    "cartographers-heroes": [
        "spring_a",
        "spring_b",
        "spring_coins",
        "spring_monsters",
        "summer_b",
        "summer_c",
        "summer_coins",
        "summer_monsters",
        "fall_c",
        "fall_d",
        "fall_coins",
        "fall_monsters",
        "winter_d",
        "winter_a",
        "winter_coins",
        "winter_monsters",
    ],
    "earth": [
        "cards",
        "events",
        "compost",
        "sprouts",
        "growth",
        "terrain",
        "ecosystems",
        "fauna",
        "tableau_first",
        "soil",
        "hand",
        "growth_pieces",
    ],
    "wyrmspan": [
        "guild",
        "dragons",
        "end_game",
        "eggs",
        "cached",
        "tucked",
        "objectives",
        "coins",
        "items",
        "visible_dragons",
    ],
    "parks": [
        "parks",
        "photos",
        "year",
        "first_hiker",
        "parks_visited",
    ],
    "harmonies": [
        "trees",
        "mountains",
        "fields",
        "buildings",
        "river",
        "islands",
        "animals",
        "animal_cubes",
    ],
    "meadow": [
        "meadow",
        "surroundings",
        "bonus",
        "discovery",
    ],
    "the-crew": [
        "mission",
        "attempts",
        "distress",
    ],
    "forest-shuffle": [
        "trees",
        "top",
        "bottom",
        "left",
        "right",
        "cave",
    ],
    "blood-rage": [
        "glory",
        "stats_high",
        "stats_top",
    ],
    "tapestry": [
        "vp",
        "resources",
    ],
    "underwater-cities": [
        "track",
        "metropolis",
        "end_cards",
        "cities_0",
        "cities_1",
        "cities_2",
        "cities_3",
        "resources",
        "final_order",
    ],
    "heat": [
        "points",
        "final_place",
    ],
    "spirit-island": [
        "difficulty",
        "won",
        "invader_cards",
        "dahan",
        "blight",
    ],
    "brass-birmingham": [
        "canal_links",
        "canal_industries",
        "rail_links",
        "rail_industries",
        "income",
        "money",
    ],
    "great-western-trail": [
        "dollars",
        "buildings",
        "cities",
        "stations",
        "hazards",
        "cattle",
        "objectives",
        "station_masters",
        "workers",
        "disc_space",
        "job_market",
    ],
    "lords-of-waterdeep": [
        "track",
        "adventurers",
        "gold",
        "lord",
    ],
    "puerto-rico": [
        "vp_chips",
        "buildings",
        "guild_hall_small",
        "guild_hall_large",
        "residence",
        "residence_spaces",
        "fortress",
        "customs_house",
        "city_hall",
        "doubloons",
        "goods",
    ],
    "power-grid": [
        "powered",
        "connected",
        "money",
    ],
    "el-grande": [
        "track",
    ],
    "orleans": [
        "coins",
        "brocade",
        "wool",
        "wine",
        "cheese",
        "grain",
        "stations_citizens",
        "development",
    ],
    "istanbul": [
        "rubies",
        "lira",
        "goods",
        "bonus_cards",
    ],
    "gaia-project": [
        "track",
        "final_1",
        "final_2",
        "research",
        "resources",
    ],
    "caverna": [
        "animals",
        "missing_types",
        "grain",
        "vegetables",
        "rubies",
        "dwarfs",
        "unused_spaces",
        "tiles",
        "bonus",
        "gold",
        "begging",
        "writing_chamber",
    ],
    "a-feast-for-odin": [
        "whaling_boats",
        "knarrs",
        "longships",
        "emigrated_knarrs",
        "emigrated_longships",
        "exploration",
        "sheds",
        "stone_houses",
        "long_houses",
        "sheep",
        "pregnant_sheep",
        "cattle",
        "pregnant_cattle",
        "occupations",
        "silver",
        "income",
        "english_crown",
        "uncovered",
        "thing_penalties",
    ],
    "le-havre": [
        "buildings",
        "ships",
        "bonus",
        "cash",
        "storehouse",
        "loans",
    ],
    "five-tribes": [
        "gold",
        "viziers",
        "vizier_bonus",
        "elders",
        "djinns",
        "palm_trees",
        "palaces",
        "tiles",
        "merchandise",
    ],
    "lost-ruins-of-arnak": [
        "research",
        "temple_tiles",
        "idols",
        "idol_slots",
        "guardians",
        "cards",
        "fear_cards",
        "fear_tiles",
        "lost_temple",
    ],
    "maracaibo": [
        "track",
        "income_vp",
        "doubloon_income_vp",
        "projects",
        "influence_england",
        "influence_france",
        "influence_spain",
        "nobles_england",
        "nobles_france",
        "nobles_spain",
    ],
    "castles-of-mad-king-ludwig": [
        "track",
        "depleted",
        "favors",
        "bonus_cards",
        "money",
        "square_feet",
    ],
    "7-wonders-architects": [
        "wonder",
        "cat",
        "blue",
        "military",
        "progress",
        "stages",
    ],
    "railroad-ink": [
        "network_1",
        "network_2",
        "network_3",
        "network_4",
        "network_5",
        "network_6",
        "highway",
        "railway",
        "central",
        "errors",
    ],
    "acquire": [
        "cash",
        "bonuses",
        "stocks",
    ],
    "raiders-of-the-north-sea": [
        "track",
        "valkyrie_vp",
        "armoury_vp",
        "offerings",
        "crew",
        "gold",
        "iron",
        "livestock",
        "valkyrie",
        "armour",
    ],
    "architects-of-the-west-kingdom": [
        "buildings",
        "cathedral",
        "virtue_vp",
        "debts",
        "gold",
        "marble",
        "silver",
        "prison",
        "virtue",
    ],
    "clank": [
        "artifact",
        "artifact_2",
        "mastery",
        "tokens",
        "gold",
        "cards",
        "lost",
    ],
    "hansa-teutonica": [
        "track",
        "skills",
        "bonus_markers",
        "coellen",
        "cities",
        "network",
    ],
    "modern-art": [
        "money",
    ],
    "ra": [
        "tokens",
        "pharaoh",
        "nile",
        "flood",
        "god",
        "gold",
        "civilization",
        "monument_types",
        "monument_groups",
        "sun",
        "highest_disk",
    ],
    "village": [
        "track",
        "travel",
        "council_4",
        "council_3",
        "council_2",
        "church_6",
        "church_4",
        "church_3",
        "church_2",
        "chronicle",
        "customers",
        "coins",
        "served",
        "living",
    ],
    "lorenzo-il-magnifico": [
        "track",
        "territories",
        "characters",
        "ventures",
        "military",
        "resources",
        "excommunication",
        "turn_order",
    ],
    "champions-of-midgard": [
        "track",
        "destiny",
        "sets",
        "runes",
        "longship",
        "favor",
        "coins",
        "blame",
        "enemies",
    ],
    "notre-dame": [
        "prestige",
        "notre_dame",
        "gold",
        "influence",
    ],
    "troyes": [
        "tokens",
        "events",
        "activities",
        "cathedral",
        "characters",
    ],
    "trajan": [
        "track",
        "cards",
        "workers",
        "legionnaires",
        "trajan_tiles",
        "sets_3",
        "sets_4",
        "bonus",
        "senate",
    ],
    "bora-bora": [
        "track",
        "final_tasks",
        "gods",
        "fish",
        "jewelry",
        "tasks_9",
        "jewelry_6",
        "ceremony_full",
        "buildings_all",
        "huts_12",
        "people_12",
        "turn_order",
    ],
    "mombasa": [
        "cash",
        "mombasa",
        "cape_town",
        "saint_louis",
        "cairo",
        "diamonds",
        "bookkeeping",
    ],
    "welcome-to": [
        "plans",
        "parks",
        "pools",
        "temps",
        "estates",
        "bis",
        "refusals",
        "estates_1",
        "estates_2",
        "estates_3",
        "estates_4",
        "estates_5",
        "estates_6",
    ],
}
"""The built-in games and their line keys, as docs/design.md's contract gives them (a key
used on several variants, as Summer Pavilion's stars, is listed once)."""

ROUND_KEYS = {
    "skull-king": ["bid", "tricks", "bonus"],
    "wizard": ["bid", "tricks"],
    "flip-7": ["points"],
    "uno": ["points"],
    "lost-cities": ["himalayas", "rainforest", "desert", "volcano", "sea"],
    "jaipur": ["seal"],
    "love-letter": ["tokens"],
    "dixit": ["points"],
    "6-nimmt": ["bullheads"],
    "alhambra": ["buildings", "wall"],
}
"""The round games and their per-round line keys, as docs/design.md's contract gives them."""
RESULT_GAMES = {"mysterium": "cooperative", "pandemic": "cooperative", "codenames": "teams"}
"""The co-operative and team games: won or lost, without lines to fill in."""


def test_catalogue_has_the_design_ids_and_line_keys():
    games = builtin_games()
    assert list(games) == sorted([*DESIGN_KEYS, *ROUND_KEYS, *RESULT_GAMES])
    for game_id, kind in RESULT_GAMES.items():
        rule = games[game_id].result
        assert rule is not None and rule.kind == kind and games[game_id].lines == (), game_id
    for game_id, keys in DESIGN_KEYS.items():
        assert list(dict.fromkeys(line.key for line in games[game_id].lines)) == keys, game_id
        # rounds, and lines filled once at the end (desserts; Qwirkle's going out first;
        # the last race's place)
        is_round_game = game_id in ("sushi-go", "sushi-go-party", "qwirkle", "heat")
        assert (games[game_id].rounds is not None) == is_round_game, game_id
    sintra = games["azul-sintra"]
    assert [v.id for v in sintra.variants] == ["A", "B"]
    assert [line.key for line in sintra.lines_for("A")][-4:] == [
        "ornament_1",
        "ornament_2",
        "ornament_3",
        "ornament_4",
    ]
    assert "windows" not in sintra.keys_for("A")
    assert [line.key for line in sintra.lines_for("B")][-1] == "windows"
    assert not {"ornament_1", "ornament_4"} & sintra.keys_for("B")


def test_catalogue_values_follow_the_rules():
    games = builtin_games()
    azul = games["azul"]
    assert (azul.min_players, azul.max_players) == (2, 4)
    assert [azul.line(k).per for k in ("rows", "columns", "colours")] == [2, 7, 10]
    assert azul.line("marker").min == 0
    assert [(tb.prefer, tb.terms) for tb in azul.tiebreakers] == [("more", (("rows", 1),))]
    sintra = games["azul-sintra"]
    assert (sintra.line("glass_left").per, sintra.line("glass_left").every) == (1, 3)
    assert sintra.line("broken_glass").max == 17
    assert sintra.line("broken_glass_resets").counts is False
    assert sintra.line("ornament_3").values == (0, 0, 3, 6, 10)
    assert sintra.line("windows").factors[0].max == 8
    assert sintra.line("windows").factors[1].max == 16  # 8 windows of 2 frame spaces
    assert sintra.line("glass_left").max == 32  # 8 strips, at most 4 pieces left on each
    assert [(tb.prefer, tb.terms) for tb in sintra.tiebreakers] == [
        ("fewer", (("broken_glass", 1), ("broken_glass_resets", 18)))
    ]
    pavilion = games["azul-summer-pavilion"]
    stars = {k: pavilion.line(k).points for k in DESIGN_KEYS["azul-summer-pavilion"][1:12]}
    assert stars == {
        "star_multicolour": 12,
        "star_red": 14,
        "star_blue": 15,
        "star_yellow": 16,
        "star_orange": 17,
        "star_green": 18,
        "star_purple": 20,
        "all_1s": 4,
        "all_2s": 8,
        "all_3s": 12,
        "all_4s": 16,
    }
    assert pavilion.line("tiles_left").per == -1
    assert pavilion.line("tiles_left").max == 4  # the 4 corner spaces
    assert pavilion.rules is not None and pavilion.rules.floor == 1
    assert [v.id for v in pavilion.variants] == ["A", "B"]
    assert pavilion.lines_for(None) == pavilion.lines_for("A")
    side_b = {line.key: line for line in pavilion.lines_for("B")}
    assert {k: side_b[k].per for k in DESIGN_KEYS["azul-summer-pavilion"][1:8]} == {
        k: v for k, v in stars.items() if k.startswith("star_")
    }
    assert pavilion.tiebreakers == ()
    road = games["glass-road"]
    assert (road.min_players, road.max_players) == (1, 4)
    rates = {
        k: {r.id: r.per for r in road.line(k).rates}
        for k in ("glass_left", "bricks_left", "sand_left")
    }
    assert rates == {
        "glass_left": {"start": 1, "upgraded": 3, "forest_hut": 0},
        "bricks_left": {"start": 1, "upgraded": 3, "house_of_the_brotherhood": 0},
        "sand_left": {"start": Decimal("0.5"), "upgraded": 1, "artists_colony": 0},
    }
    assert all(road.line(k).max == 7 and road.line(k).rate_required for k in rates)
    assert road.tiebreakers == ()


def test_two_player_and_deck_building_games_follow_their_rulebooks():
    """docs/rules.md's values for 7 Wonders Duel, Patchwork, Lost Cities and Dominion."""
    games = builtin_games()
    duel = games["7-wonders-duel"]
    assert (duel.min_players, duel.max_players) == (2, 2)
    assert (duel.line("military").min, duel.line("military").max) == (0, 10)
    assert (duel.line("coins").per, duel.line("coins").every) == (1, 3)
    assert [(tb.prefer, tb.terms) for tb in duel.tiebreakers] == [("more", (("civilian", 1),))]
    patchwork = games["patchwork"]
    assert (patchwork.min_players, patchwork.max_players) == (2, 2)
    assert patchwork.line("special_tile").points == 7
    assert patchwork.line("empty_spaces").per == -2
    assert not patchwork.line("finished_first").counts
    assert [(tb.prefer, tb.terms) for tb in patchwork.tiebreakers] == [
        ("more", (("finished_first", 1),))
    ]
    cities = games["lost-cities"]
    assert (cities.min_players, cities.max_players) == (2, 2)
    assert cities.rounds is not None and cities.rounds.fixed == 3 and cities.rounds.ending is None
    assert {(line.min, line.max) for line in cities.lines} == {(-80, 156)}
    assert cities.tiebreakers == ()
    dominion = games["dominion"]
    assert (dominion.min_players, dominion.max_players) == (2, 4)
    assert dominion.line("gardens").factors[0].max == 12  # 12 Gardens with 3 or 4 players
    assert [(tb.prefer, tb.terms) for tb in dominion.tiebreakers] == [("fewer", (("turns", 1),))]


def test_newer_catalogue_games_follow_their_rulebooks():
    """docs/rules.md's values for Everdell, Azul: Queen's Garden, Sushi Go Party! and The
    Castles of Burgundy."""
    games = builtin_games()
    everdell = games["everdell"]
    assert (everdell.min_players, everdell.max_players) == (1, 4)
    assert {everdell.line(k).min for k in DESIGN_KEYS["everdell"][:5]} == {0}
    assert not everdell.line("events_achieved").counts
    assert not everdell.line("resources_left").counts
    assert [(tb.prefer, tb.terms) for tb in everdell.tiebreakers] == [
        ("more", (("events_achieved", 1),)),
        ("more", (("resources_left", 1),)),
    ]
    garden = games["azul-queens-garden"]
    assert (garden.min_players, garden.max_players) == (2, 4)
    assert garden.line("marker").min == 0
    assert [garden.line(k).per for k in ("jokers", "groups_of_6")] == [1, 6]
    assert garden.line("storage_left").kind == "penalty"
    assert garden.tiebreakers == ()
    party = games["sushi-go-party"]
    assert (party.min_players, party.max_players) == (2, 8)
    assert party.rounds is not None and party.rounds.fixed == 3
    assert [(tb.prefer, tb.terms) for tb in party.tiebreakers] == [("more", (("desserts", 1),))]
    assert len(party.modules) == 18  # every card the Card Guide scores, nigiri in every game
    menu = with_modules(party, [m.id for m in party.modules])
    assert (menu.line("maki").places, menu.line("maki_6_8").places) == ((6, 3), (6, 4, 2))
    assert {menu.line(k).ties for k in ("maki", "maki_6_8", "temaki", "pudding")} == {"full"}
    assert (menu.line("temaki").fewest, menu.line("temaki").fewest_from_players) == ((-4,), 3)
    assert (menu.line("pudding").fewest, menu.line("pudding").fewest_from_players) == ((-6,), 3)
    assert menu.line("eel").values == (0, -3, 7)
    assert menu.line("tofu").values == (0, 2, 6, 0)
    assert menu.line("pineapple").values == (-2, 0, 1, 3, 6, 10)
    assert (menu.line("ice_cream").per, menu.line("ice_cream").every) == (12, 4)
    burgundy = games["castles-of-burgundy"]
    assert (burgundy.min_players, burgundy.max_players) == (2, 4)
    assert [burgundy.line(k).max for k in ("goods_left", "silver", "workers")] == [42, 24, 26]
    assert (burgundy.line("workers").per, burgundy.line("workers").every) == (1, 2)
    assert burgundy.line("empty_spaces").max == 37  # the hex spaces of a duchy
    assert [(tb.prefer, tb.terms) for tb in burgundy.tiebreakers] == [
        ("fewer", (("empty_spaces", 1),)),
        ("more", (("bridge", 1),)),
    ]
    assert [m.id for m in burgundy.modules] == ["shields"]


def test_carcassonne_follows_its_rulebook():
    """docs/rules.md's values for Carcassonne."""
    carcassonne = builtin_games()["carcassonne"]
    assert (carcassonne.min_players, carcassonne.max_players) == (2, 5)  # 5 meeple colours
    assert carcassonne.line("track").min == 0
    per = {k: carcassonne.line(k).per for k in DESIGN_KEYS["carcassonne"][1:]}
    assert per == {"roads": 1, "cities": 1, "coats_of_arms": 1, "monasteries": 1, "fields": 3}
    assert carcassonne.tiebreakers == ()  # the highest score wins; a tie is shared


def test_quacks_of_quedlinburg_follows_its_rulebook():
    """docs/rules.md's values for The Quacks of Quedlinburg."""
    quacks = builtin_games()["quacks-of-quedlinburg"]
    assert (quacks.min_players, quacks.max_players) == (2, 4)
    assert quacks.line("track").min == 0
    coins, rubies = quacks.line("coins"), quacks.line("rubies")
    assert (coins.per, coins.every, rubies.per, rubies.every) == (1, 5, 1, 2)
    assert rubies.max == 20  # the box's 20 rubies
    assert quacks.line("pot_filled").max == 33  # the last space of the pot
    assert not quacks.line("pot_filled").counts
    assert [(tb.prefer, tb.terms) for tb in quacks.tiebreakers] == [("more", (("pot_filled", 1),))]


def test_stone_age_follows_its_rulebook():
    """docs/rules.md's values for Stone Age."""
    stone_age = builtin_games()["stone-age"]
    assert (stone_age.min_players, stone_age.max_players) == (2, 4)
    assert stone_age.line("track").min is None  # a score may be negative
    squares = tuple(n * n for n in range(9))  # 2 sets of 8 different green cards
    assert stone_age.line("green_set_1").values == stone_age.line("green_set_2").values == squares
    products = ("farmers", "tool_makers", "hut_builders", "shamans")
    assert [[f.max for f in stone_age.line(k).factors] for k in products] == [
        [None, None],
        [None, 12],  # three Tool tiles of value 4 at most
        [None, 28],  # the box's 28 Building tiles
        [None, 10],  # 10 figures of each colour
    ]
    assert stone_age.line("resources").per == 1
    assert [(tb.prefer, tb.terms) for tb in stone_age.tiebreakers] == [
        ("more", (("agriculture", 1), ("tool_value", 1), ("figures", 1))),
    ]


def test_takenoko_follows_its_rulebook():
    """docs/rules.md's values for Takenoko."""
    takenoko = builtin_games()["takenoko"]
    assert (takenoko.min_players, takenoko.max_players) == (2, 4)
    assert {takenoko.line(k).kind for k in DESIGN_KEYS["takenoko"]} == {"points"}
    assert {takenoko.line(k).min for k in DESIGN_KEYS["takenoko"]} == {0}
    assert [(tb.prefer, tb.terms) for tb in takenoko.tiebreakers] == [("more", (("panda", 1),))]


def test_terraforming_mars_follows_its_rulebook():
    """docs/rules.md's values for Terraforming Mars."""
    mars = builtin_games()["terraforming-mars"]
    assert (mars.min_players, mars.max_players) == (1, 5)  # 2-5, and the solo variant
    assert (mars.line("milestones").per, mars.line("milestones").max) == (5, 3)
    assert mars.line("awards").max == 15  # 3 funded awards, 5 at most each
    assert [mars.line(k).per for k in ("greeneries", "cities")] == [1, 1]
    assert mars.line("cards").min is None  # an event card may take a VP off
    assert not mars.line("megacredits").counts
    assert [(tb.prefer, tb.terms) for tb in mars.tiebreakers] == [("more", (("megacredits", 1),))]


def test_ticket_to_ride_europe_follows_its_rulebook():
    """docs/rules.md's values for Ticket to Ride Europe."""
    europe = builtin_games()["ticket-to-ride-europe"]
    assert (europe.min_players, europe.max_players) == (2, 5)
    routes = {n: europe.line(f"route_{n}").per for n in (1, 2, 3, 4, 6, 8)}
    assert routes == {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}
    assert europe.line("stations_used").values == (12, 8, 4, 0)  # 4 per station kept
    assert europe.line("longest_path").places == (10,)
    assert [(tb.prefer, tb.terms) for tb in europe.tiebreakers] == [
        ("more", (("tickets_done_count", 1),)),
        ("fewer", (("stations_used", 1),)),
        ("more", (("longest_path", 1),)),
    ]


def test_viticulture_follows_its_rulebook():
    """docs/rules.md's values for Viticulture."""
    viticulture = builtin_games()["viticulture"]
    assert (viticulture.min_players, viticulture.max_players) == (1, 6)  # and the Automa
    assert (viticulture.line("vp").min, viticulture.line("vp").max) == (-5, None)
    assert [(tb.prefer, tb.terms) for tb in viticulture.tiebreakers] == [
        ("more", (("lira", 1),)),
        ("more", (("wine_value", 1),)),
        ("more", (("grape_value", 1),)),
    ]


def test_dune_imperium_follows_its_rulebook():
    """docs/rules.md's values for Dune: Imperium."""
    dune = builtin_games()["dune-imperium"]
    assert (dune.min_players, dune.max_players) == (1, 4)  # and the Rivals of House Hagal
    assert dune.line("vp").min == 0
    assert dune.line("garrison").max == 12  # 12 troops each
    assert [(tb.prefer, tb.terms) for tb in dune.tiebreakers] == [
        ("more", (("spice", 1),)),
        ("more", (("solari", 1),)),
        ("more", (("water", 1),)),
        ("more", (("garrison", 1),)),
    ]


def test_agricola_follows_its_rulebook():
    """docs/rules.md's values for Agricola (revised edition)."""
    farm = builtin_games()["agricola"]
    assert (farm.min_players, farm.max_players) == (1, 4)
    tables = {k: farm.line(k).values for k in ("fields", "pastures", "grain", "vegetables")}
    assert tables == {
        "fields": (-1, -1, 1, 2, 3, 4),
        "pastures": (-1, 1, 2, 3, 4),
        "grain": (-1, 1, 1, 1, 2, 2, 3, 3, 4),
        "vegetables": (-1, 1, 2, 3, 4),
    }
    animals = {k: farm.line(k).values for k in ("sheep", "wild_boar", "cattle")}
    assert animals == {
        "sheep": (-1, 1, 1, 1, 2, 2, 3, 3, 4),  # 1/4/6/8 sheep
        "wild_boar": (-1, 1, 1, 2, 2, 3, 3, 4),  # 1/3/5/7 wild boar
        "cattle": (-1, 1, 2, 2, 3, 3, 4),  # 1/2/4/6 cattle
    }
    assert farm.line("fenced_stables").values == (0, 1, 2, 3, 4)
    assert (farm.line("unused_spaces").per, farm.line("unused_spaces").max) == (-1, 13)
    assert {r.id: r.per for r in farm.line("rooms").rates} == {"wood": 0, "clay": 1, "stone": 2}
    assert farm.line("rooms").rate_required
    per = {k: farm.line(k).per for k in ("people", "begging")}
    assert per == {"people": 3, "begging": -3}
    assert farm.line("people").max == 5
    assert not farm.line("building_resources").counts
    assert [(tb.prefer, tb.terms) for tb in farm.tiebreakers] == [
        ("more", (("building_resources", 1),))
    ]


def test_hanabi_follows_its_rulebook():
    """docs/rules.md's values for Hanabi: co-operative, the table's score the highest card
    of each firework (5 at most) added up, the multicolor suit a sixth firework."""
    hanabi = builtin_games()["hanabi"]
    assert (hanabi.min_players, hanabi.max_players) == (2, 5)
    assert hanabi.result is not None and hanabi.result.kind == "cooperative"
    assert {(line.per, line.every, line.max) for line in hanabi.lines} == {(1, 1, 5)}
    assert hanabi.tiebreakers == ()
    assert [m.id for m in hanabi.modules] == ["multicolor"]
    six = with_modules(hanabi, ["multicolor"])
    assert [line.key for line in six.lines][-1] == "multicolor"
    assert (six.line("multicolor").per, six.line("multicolor").max) == (1, 5)


def test_ark_nova_follows_its_rulebook():
    """docs/rules.md's values for Ark Nova: appeal minus the Target Number, ties on the most
    Conservation Projects supported."""
    ark = builtin_games()["ark-nova"]
    assert (ark.min_players, ark.max_players) == (1, 4)
    assert (ark.line("appeal").kind, ark.line("appeal").min) == ("points", 0)
    assert ark.line("target").kind == "penalty"  # taken off the appeal
    assert not ark.line("projects").counts
    assert [(tb.prefer, tb.terms) for tb in ark.tiebreakers] == [("more", (("projects", 1),))]


def test_concordia_follows_its_rulebook():
    """docs/rules.md's values for Concordia: each god's points times its cards."""
    concordia = builtin_games()["concordia"]
    assert (concordia.min_players, concordia.max_players) == (2, 5)
    assert [v.id for v in concordia.variants] == ["imperium", "italia"]
    vesta = concordia.line("sestertii")
    assert (vesta.per, vesta.every) == (1, 10)  # 1 VP per full 10 sestertii
    gods = {}
    for board in ("imperium", "italia"):
        for line in concordia.lines_for(board):
            if line.kind == "product":
                gods[(board, line.key)] = (line.per, line.factors[1].max)
    assert gods == {
        ("imperium", "jupiter"): (1, 15),
        ("imperium", "saturnus"): (1, 12),
        ("imperium", "mercurius"): (2, 5),
        ("imperium", "mars"): (2, 6),
        ("italia", "jupiter"): (1, 15),
        ("italia", "saturnus"): (1, 11),
        ("italia", "mercurius"): (2, 5),
        ("italia", "mars"): (2, 6),
    }
    assert concordia.line("concordia").points == 7
    assert concordia.line("minerva").min == 0
    assert not concordia.line("praefectus").counts
    assert [(tb.prefer, tb.terms) for tb in concordia.tiebreakers] == [
        ("fewer", (("praefectus", 1),))
    ]


def test_every_label_hint_and_reminder_is_in_every_language():
    for game in builtin_games().values():
        texts = [
            game.name,
            *(v.label for v in game.variants),
            *game.reminders,
            *(tb.label for tb in game.tiebreakers),
        ]
        if game.description is not None:
            texts.append(game.description)
        if game.bids is not None:
            texts.append(game.bids.label)
        for line in game.lines:
            texts += [line.label]
            texts += [line.hint] if line.hint is not None else []
            texts += [r.label for r in getattr(line, "rates", ())]
            texts += [f.label for f in getattr(line, "factors", ())]
        for text in texts:
            assert all(text.get(lang, "").strip() for lang in LANGS), (game.id, text)


def test_every_end_of_game_line_has_a_hint_and_every_game_its_reminders():
    games = [g for g in builtin_games().values() if g.rounds is None]
    assert {g.id for g in games} >= set(DESIGN_KEYS) - {
        "sushi-go",
        "sushi-go-party",
        "qwirkle",
        "heat",
    }  # rounds
    for game in games:
        for line in game.lines:
            assert line.hint is not None, f"{game.id}.{line.key} has no hint"
        assert game.reminders, game.id


def test_every_round_line_has_a_hint_or_is_read_by_the_bid_rule_and_every_round_game_a_description():
    """What a round game's player writes each round is said on the line, or by the bid
    rule that scores its bid, tricks and bonus (its description gives the rule in words)."""
    games = [g for g in builtin_games().values() if g.rounds is not None]
    assert {g.id for g in games} >= set(ROUND_KEYS)
    for game in games:
        assert game.description is not None, game.id
        read = {game.bids.bid, game.bids.tricks, game.bids.bonus} if game.bids else set()
        for line in game.lines:
            assert line.hint is not None or line.key in read, f"{game.id}.{line.key} has no hint"
        assert read <= set(game.keys_for(None)) | {None}, game.id


def test_azul_reminders_carry_the_floor_line_and_placement_rules():
    reminders = " ".join(r["en"] for r in builtin_games()["azul"].reminders)
    assert "−1 −1 −2 −2 −2 −3 −3" in reminders
    assert "horizontal run plus the length of its vertical run" in reminders


def test_built_in_files_are_one_json_file_per_game():
    files = {p.name for p in GAMES_FOLDER.glob("*") if not p.is_dir()}
    games = {f"{g}.json" for g in [*DESIGN_KEYS, *ROUND_KEYS, *RESULT_GAMES]}
    assert files == games | {"index.jsonl"}  # the listing of them all: test_game_index.py
    assert not [p.name for p in GAMES_FOLDER.glob("*") if p.is_dir()]


def test_round_games_keep_the_contract_ids_and_keys():
    games = builtin_games()
    for game_id, keys in ROUND_KEYS.items():
        template = games[game_id]
        assert [line.key for line in template.lines] == keys
        assert all(line.per_round for line in template.lines)
        assert template.rounds is not None
        assert isinstance(template.source["bgg_id"], int) and template.source["source"]
    assert games["skull-king"].rounds.limit(5) == 10
    assert [games["wizard"].rounds.limit(n) for n in (3, 4, 5, 6)] == [20, 15, 12, 10]
    assert games["flip-7"].rounds.target == 200 and games["uno"].rounds.target == 500


# --- broken game files -------------------------------------------------------------------

GOOD = json.loads((GAMES_FOLDER / "azul.json").read_text(encoding="utf-8"))


def broken(change) -> dict:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


BROKEN = [
    (
        "unknown kind",
        lambda d: d["lines"][1].update(kind="counter"),
        'my.json: lines.rows: unknown kind "counter"; choose "points", "count", "table", '
        '"check", "product", "penalty", "award", "tally"',
    ),
    (
        "duplicate key",
        lambda d: d["lines"][2].update(key="rows"),
        'my.json: lines.rows: the line key "rows" is used twice',
    ),
    (
        "tie-breaker names a missing line",
        lambda d: d["tiebreakers"][0].update(terms={"rowz": 1}),
        'my.json: tiebreakers[0].terms: names the line "rowz", which this game does not have',
    ),
    (
        "empty table",
        lambda d: d["lines"].append(
            {"key": "t", "kind": "table", "values": [], "label": {"en": "T", "es": "T"}}
        ),
        "my.json: lines.t.values: the table of values is empty",
    ),
    (
        "min above max",
        lambda d: d["lines"][0].update(min=10, max=5),
        "my.json: lines.marker: the minimum 10 is above the maximum 5",
    ),
    (
        "player bounds",
        lambda d: d.update(players={"min": 4, "max": 2}),
        "my.json: players: the minimum 4 is above the maximum 2",
    ),
    (
        "negative count max",
        lambda d: d["lines"][1].update(max=-1),
        "my.json: lines.rows.max: -1 cannot be below 0",
    ),
    (
        "typo in a field",
        lambda d: d["lines"][1].update(pre=2),
        'my.json: lines.rows: unknown field "pre"; allowed here: "key", "kind", "label", "hint", '
        '"counts", "variants", "per_round", "per", "every", "max", "rates"',
    ),
    (
        "label without English",
        lambda d: d["lines"][1].update(label={"es": "Filas"}),
        "my.json: lines.rows.label: the label needs an English text",
    ),
    (
        "text where a number goes",
        lambda d: d["lines"][1].update(per="2"),
        'my.json: lines.rows.per: "2" should be a number',
    ),
    (
        "quarter points",
        lambda d: d["lines"][1].update(per=0.25),
        "my.json: lines.rows.per: 0.25 is not a whole number or a half",
    ),
    (
        "bad key",
        lambda d: d["lines"][1].update(key="Rows!"),
        'my.json: lines[1].key: "Rows!" is not a valid key (lower-case letters, digits, _ and -)',
    ),
    ("no lines", lambda d: d.update(lines=[]), 'my.json: lines: "lines" is empty'),
    ("missing id", lambda d: d.pop("id"), 'my.json: game: missing "id"'),
    (
        "unknown wins",
        lambda d: d.update(wins="most"),
        'my.json: wins: "most" should be "highest" or "lowest"',
    ),
    (
        "unknown prefer",
        lambda d: d["tiebreakers"][0].update(prefer="less"),
        'my.json: tiebreakers[0].prefer: "less" should be "more" or "fewer"',
    ),
    (
        "line in an unknown variant",
        lambda d: d["lines"][1].update(variants=["A"]),
        'my.json: lines.rows.variants: names the variant "A", which this game does not declare',
    ),
    (
        "nothing counts",
        lambda d: [line.update(counts=False) for line in d["lines"]],
        "my.json: lines: no line is added to the total",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"), [(c, m) for _, c, m in BROKEN], ids=[name for name, _, _ in BROKEN]
)
def test_broken_game_files_are_refused_with_file_place_and_problem(change, message):
    with pytest.raises(TemplateError) as error:
        load_template(json.dumps(broken(change)), "my.json")
    assert error.value.message("en") == message


def test_a_missing_field_and_bounds_the_wrong_way_round_are_errors_of_their_own():
    """The game editor places these on a field by their class, not by their message."""
    with pytest.raises(TemplateError) as error:
        load_template(json.dumps(broken(lambda d: d["lines"][1].pop("label"))), "my.json")
    assert isinstance(error.value.fields["problem"], MissingField)
    assert error.value.fields["problem"].name == "label"
    assert error.value.message("en") == 'my.json: lines.rows: missing "label"'
    with pytest.raises(TemplateError) as error:
        load_template(json.dumps(broken(lambda d: d["lines"][0].update(min=4, max=2))), "my.json")
    assert isinstance(error.value.fields["problem"], BadBounds)
    assert error.value.message("fr") == (
        "my.json\u00a0: lines.marker\u00a0: le minimum 4 est supérieur au maximum 2"
    )


def test_template_errors_read_in_spanish_too():
    with pytest.raises(TemplateError) as error:
        load_template(json.dumps(broken(lambda d: d["lines"][2].update(key="rows"))), "mi.json")
    assert (
        error.value.message("es") == 'mi.json: lines.rows: la clave de línea "rows" está repetida'
    )
    with pytest.raises(TemplateError) as error:
        load_template("{", "mi.json")
    assert error.value.message("es") == "mi.json: no es un archivo JSON válido (línea 1, columna 2)"


# --- broken round games ------------------------------------------------------------------

SKULL_KING = json.loads((GAMES_FOLDER / "skull-king.json").read_text("utf-8"))


def broken_rounds(change) -> dict:
    data = copy.deepcopy(SKULL_KING)
    change(data)
    return data


def _drop_rounds_keep_lines(d):
    del d["rounds"]
    del d["bids"]
    d.pop("deal", None)


BROKEN_ROUNDS = [
    (
        "per-round line in a game without rounds",
        _drop_rounds_keep_lines,
        'my.json: lines.bid.per_round: a line per round needs the game\'s "rounds"',
    ),
    (
        "rounds without a per-round line",
        lambda d: [line.update(per_round=False) for line in d["lines"]],
        'my.json: rounds: a game played in rounds needs at least one line with "per_round": true',
    ),
    (
        "both count and by_players",
        lambda d: d["rounds"].update(by_players={"2": 10}),
        'my.json: rounds: give either "count" or "by_players", not both',
    ),
    (
        "zero rounds",
        lambda d: d["rounds"].update(count=0),
        "my.json: rounds.count: 0 cannot be below 1",
    ),
    (
        "a player count missing from by_players",
        lambda d: d.update(rounds={"by_players": {str(n): 10 for n in range(2, 6)}}),
        'my.json: rounds.by_players: missing "6"',
    ),
    (
        "a player count the game does not allow",
        lambda d: d.update(rounds={"by_players": {str(n): 10 for n in range(2, 10)}}),
        'my.json: rounds.by_players: unknown field "9"; allowed here: '
        '"2", "3", "4", "5", "6", "7", "8"',
    ),
    (
        "two endings",
        lambda d: d.update(ends={"reach": 500, "fall_to": 0}),
        'my.json: ends: give exactly one of "reach" and "fall_to"',
    ),
    (
        "ends without rounds in a co-operative game",
        lambda d: [
            _drop_rounds_keep_lines(d),
            [line.pop("per_round") for line in d["lines"]],
            [line.update(counts=True) for line in d["lines"]],
            d.update(ends={"reach": 100}, result={"kind": "cooperative"}),
        ],
        'my.json: ends: "ends" without "rounds" cannot go with "result" (a co-operative '
        'game\'s target is "result.won_at")',
    ),
    (
        "a bid rule naming a points line",
        lambda d: d["bids"].update(bid="bonus"),
        'my.json: bids.bid: "bonus" must be a count line played per round',
    ),
    (
        "bid and tricks the same line",
        lambda d: d["bids"].update(tricks="bid"),
        "my.json: bids.tricks: the bid and the tricks must be two different lines",
    ),
    (
        "a bonus line that counts by itself",
        lambda d: d["lines"][2].update(counts=True),
        'my.json: bids.bonus: "bonus" must be a line played per round with "counts": false: '
        "the rule adds its points only with a met bid",
    ),
    (
        "a bid rule taking a line's key",
        lambda d: d["bids"].update(key="bid"),
        'my.json: bids.key: the line key "bid" is used twice',
    ),
    (
        "a typo in hit",
        lambda d: d["bids"]["hit"].update(per_trik=20),
        'my.json: bids.hit: unknown field "per_trik"; allowed here: "base", "per_trick", '
        '"zero_per_round"',
    ),
    (
        "rounds won outside a round game",
        lambda d: [
            _drop_rounds_keep_lines(d),
            [line.pop("per_round") for line in d["lines"]],
            [line.update(counts=True) for line in d["lines"]],
            d.update(tiebreakers=[{"label": {"en": "x"}, "prefer": "more", "rounds_won": True}]),
        ],
        'my.json: tiebreakers[0].rounds_won: "rounds_won" needs the game\'s "rounds"',
    ),
    (
        "rounds won and terms",
        lambda d: d.update(
            tiebreakers=[
                {"label": {"en": "x"}, "prefer": "more", "rounds_won": True, "terms": {"bid": 1}}
            ]
        ),
        'my.json: tiebreakers[0]: give either "terms" or "rounds_won": true, not both',
    ),
    (
        "a deal outside a round game",
        lambda d: [
            _drop_rounds_keep_lines(d),
            [line.pop("per_round") for line in d["lines"]],
            [line.update(counts=True) for line in d["lines"]],
            d.update(deal={"dealer": "rotates"}),
        ],
        'my.json: deal: "deal" needs the game\'s "rounds"',
    ),
    (
        "a deal saying nothing",
        lambda d: d.update(deal={}),
        'my.json: deal: give "cards", "dealer" or both',
    ),
    (
        "a dealer that does not rotate",
        lambda d: d.update(deal={"dealer": "winner"}),
        'my.json: deal.dealer: "winner" should be "rotates"',
    ),
    (
        "a deal of no cards",
        lambda d: d.update(deal={"cards": {"first": 0}}),
        "my.json: deal.cards.first: 0 cannot be below 1",
    ),
    (
        "a growing deal in open rounds",
        lambda d: d.update(rounds={}, deal={"cards": {"first": 1, "step": 1}}),
        'my.json: deal.cards.step: a deal that grows each round needs a number of rounds ("count" or "by_players")',
    ),
    (
        "a deal past the most cards",
        lambda d: d.update(deal={"cards": {"first": 995, "step": 1}}),
        "my.json: deal.cards.step: the last round would deal 1004 cards each; at most 1000",
    ),
    (
        "an unknown field in a deal",
        lambda d: d.update(deal={"cards": {"first": 1, "each": 2}}),
        'my.json: deal.cards: unknown field "each"; allowed here: "first", "step", "deck"',
    ),
    (
        "a deck too small for the most players",
        lambda d: d.update(deal={"cards": {"first": 1, "step": 1, "deck": 5}}),
        "my.json: deal.cards.deck: 5 cannot be below 8",
    ),
    (
        "a source that is not text",
        lambda d: d.update(source=7),
        "my.json: source: 7 should be a text",
    ),
    (
        "a bgg id that is not whole",
        lambda d: d.update(bgg_id="150145"),
        'my.json: bgg_id: "150145" should be a number',
    ),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [(c, m) for _, c, m in BROKEN_ROUNDS],
    ids=[name for name, _, _ in BROKEN_ROUNDS],
)
def test_broken_round_games_are_refused_with_file_place_and_problem(change, message):
    with pytest.raises(TemplateError) as error:
        load_template(json.dumps(broken_rounds(change)), "my.json")
    assert error.value.message("en") == message
    for lang in LANGS:
        assert error.value.message(lang)


def test_sagrada_follows_its_rulebook():
    """docs/rules.md's values for Sagrada."""
    sagrada = builtin_games()["sagrada"]
    assert (sagrada.min_players, sagrada.max_players) == (2, 4)
    assert [sagrada.line(k).min for k in ("public_1", "public_2", "public_3", "private")] == [
        0,
        0,
        0,
        0,
    ]
    assert (sagrada.line("favor").per, sagrada.line("favor").max) == (1, 6)  # difficulty 3-6
    assert sagrada.line("open_spaces").per == -1
    assert not sagrada.line("final_order").counts
    assert [(tb.prefer, tb.terms) for tb in sagrada.tiebreakers] == [
        ("more", (("private", 1),)),
        ("more", (("favor", 1),)),
        ("more", (("final_order", 1),)),  # reverse player order: the later place wins
    ]


def test_calico_follows_its_rulebook():
    """docs/rules.md's values for Calico."""
    calico = builtin_games()["calico"]
    assert (calico.min_players, calico.max_players) == (1, 4)
    assert [calico.line(f"design_{i}").min for i in (1, 2, 3)] == [0, 0, 0]
    cats = ["cats_3", "cats_5", "cats_7", "cats_9", "cats_11"]
    assert [calico.line(key).per for key in cats] == [3, 5, 7, 9, 11]
    assert calico.line("buttons").per == 3  # the rainbow button too
    assert [(tb.prefer, tb.terms) for tb in calico.tiebreakers] == [
        ("more", tuple((key, 1) for key in cats)),
        ("more", (("buttons", 1),)),
    ]


def test_cartographers_follows_its_rulebook():
    """docs/rules.md's values for Cartographers: the map sheet's boxes, season by season."""
    game = builtin_games()["cartographers"]
    assert (game.min_players, game.max_players) == (1, 20)  # no most in the rulebook
    seasons = {"spring": "ab", "summer": "bc", "fall": "cd", "winter": "da"}
    for season, edicts in seasons.items():
        assert [game.line(f"{season}_{e}").min for e in edicts] == [0, 0]
        assert game.line(f"{season}_coins").per == 1
        assert game.line(f"{season}_monsters").per == -1
    assert [(tb.prefer, tb.terms) for tb in game.tiebreakers] == [
        ("fewer", tuple((f"{season}_monsters", 1) for season in seasons)),
    ]


def test_the_family_card_games_follow_their_rulebooks():
    games = builtin_games()
    qwixx = games["qwixx"]
    # the score pad: 1, 3, 6, … 78 for 1 to 12 crosses (the lock counted), 4 misthrows of −5
    for row in ("red", "yellow", "green", "blue"):
        assert qwixx.line(row).values == tuple(n * (n + 1) // 2 for n in range(13))
    assert (qwixx.line("misthrows").per, qwixx.line("misthrows").max) == (-5, 4)
    coloretto = games["coloretto"]
    sides = {"brown": (0, 1, 3, 6, 10, 15, 21), "violet": (0, 1, 4, 8, 7, 6, 5)}
    for side, values in sides.items():
        lines = {line.key: line for line in coloretto.lines_for(side)}
        assert lines["plus_3"].values == values
        assert lines["minus_4"].values == tuple(-v for v in values)
    assert (games["no-thanks"].wins, games["6-nimmt"].wins) == ("lowest", "lowest")
    assert games["no-thanks"].line("counters").per == -1
    assert games["6-nimmt"].rounds.target == 66
    assert games["6-nimmt"].line("bullheads").max == 171  # the bullheads on the 104 cards
    jaipur = games["jaipur"]
    assert (jaipur.rounds.limit(2), jaipur.rounds.target) == (3, 2)  # 3 seals, 2 win
    assert games["alhambra"].rounds.limit(4) == 3  # three scoring rounds
    assert games["small-world"].line("coins").max == 30 * 10 + 24 * 5 + 20 * 3 + 35
    assert [tb.terms for tb in games["for-sale"].tiebreakers] == [(("coins", 1),)]
    assert [tb.terms for tb in games["point-salad"].tiebreakers] == [(("turn_order", 1),)]
    assert games["qwirkle"].line("went_out").points == 6
