"""The group's collection from every source (``Store.owned_games``), games added and
removed by hand, ``scorepad collection`` and ``scorepad suggest`` (SQLite and PostgreSQL)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from bgg_export import COLUMNS, collection_csv
from store_sheets import azul

from scorepad.cli import main
from scorepad.store import StoreError

BGSTATS = Path(__file__).parent.parent / "data" / "bgstats" / "export.bgsplay"


def by_name(store):
    return {e["name"]: e for e in store.owned_games()}


def test_the_collection_gathers_bgg_bg_stats_and_games_added_by_hand(store):
    store.import_text(collection_csv(12), "collection.csv")
    bgg = [r for r in store.collection() if r["owned"]]
    store.import_text(BGSTATS.read_text(encoding="utf-8"), "export.bgsplay")
    store.add_owned("Cosmic Encounter", "39463", ("3", "5"), ("60", "120"), "2,5")

    listed = store.owned_games()
    sources = {}
    for entry in listed:
        for source in entry["sources"]:
            sources.setdefault(source, []).append(entry)
    # owned or wished for, as BGG's export lists them: 12 entries, two of them copies of
    # 7 Wonders Duel (one game, one row)
    assert len(sources["bgg"]) == 11
    assert sum(e["owned"] for e in sources["bgg"]) == len({r["bgg_id"] for r in bgg})
    names = {e["name"] for e in sources["bgstats"]}
    assert "Pylos" in names and "Azul: Crystal Mosaic" not in names  # an expansion
    cosmic = by_name(store)["Cosmic Encounter"]
    assert cosmic == {
        "collid": "hand-39463",
        "source": "hand",
        "bgg_id": 39463,
        "name": "Cosmic Encounter",
        "game": None,
        "players": [3, 5],
        "minutes": [60, 120],
        "weight": "2.5",
        "owned": True,
        "wishlist": False,
        "wishlist_priority": None,
        "plays": None,
        "collids": ["hand-39463"],
        "sources": ["hand"],
    }
    azul = [e for e in listed if e["bgg_id"] == 230802]  # BGG's and BG Stats': one game
    assert [(e["name"], e["game"], e["sources"], e["players"]) for e in azul] == [
        ("Azul", "azul", ["bgg", "bgstats"], [2, 4])
    ]
    assert [e["name"].casefold() for e in listed] == sorted(e["name"].casefold() for e in listed)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (("", "1", ("2", "4")), "name is missing"),
        (("X", "abc", ("2", "4")), 'BGG id "abc"'),
        (("X", "0", ("2", "4")), 'BGG id "0"'),
        (("X", "5", ("0", "4")), 'players "0"'),
        (("X", "5", ("2", "21")), 'players "21": a whole number from 1 to 20'),
        (("X", "5", ("4", "2")), "4 is more than 2"),
        (("X", "5", ("", "")), 'players ""'),
        (("X", "5", ("2", "4"), ("45", "an hour")), 'playing time "an hour"'),
        (("X", "5", ("2", "4"), ("90", "30")), "90 is more than 30"),
        (("X", "5", ("2", "4"), ("", ""), "6"), 'weight "6"'),
        (("X", "5", ("2", "4"), ("", ""), "2.12345"), "at most four decimals"),
        (("X", "5", ("2", "4"), ("", ""), "heavy"), 'weight "heavy"'),
    ],
)
def test_a_game_added_by_hand_is_checked_and_nothing_is_half_saved(store, fields, said):
    with pytest.raises(StoreError, match=said):
        store.add_owned(*fields)
    assert store.owned_games() == []


def test_a_game_twice_is_refused_and_removing_takes_each_source_out(store):
    store.add_owned("Heat", "366013", ("1", "6"))
    store.add_owned("Azul (German edition)", "230802", ("", "4"), ("45", ""))
    azul_de = by_name(store)["Azul (German edition)"]
    assert (azul_de["game"], azul_de["players"], azul_de["minutes"]) == ("azul", [4, 4], [45, 45])
    with pytest.raises(StoreError, match='already has "Heat"'):
        store.add_owned("Heat again", "366013", ("1", "6"))
    store.import_text(BGSTATS.read_text(encoding="utf-8"), "export.bgsplay")
    pylos = by_name(store)["Pylos"]["collid"]
    assert by_name(store)["Heat"]["game"] == "heat"  # the catalogue's, by its BGG id
    store.remove_owned("hand-366013")
    store.remove_owned(pylos)
    assert "Heat" not in by_name(store) and "Pylos" not in by_name(store)
    with pytest.raises(StoreError, match='no entry "hand-366013"'):
        store.remove_owned("hand-366013")
    with pytest.raises(StoreError, match="no entry"):
        store.remove_owned(pylos)
    # BG Stats' list itself is kept (an export writes it back), and a re-import keeps the
    # removed game out
    store.import_text(BGSTATS.read_text(encoding="utf-8"), "export.bgsplay")
    assert "Pylos" not in by_name(store)


def test_scorepad_collection_and_suggest(capsys, url, store):
    store.add_owned("Cosmic Encounter", "39463", ("3", "5"), ("60", "120"))
    store.add_owned("Azul", "230802", ("2", "4"), ("30", "45"))
    azul(store, "2025-01-02T20:00", {"Ana": 30, "Ben": 41})
    assert main(["collection", "--db", url, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(e["name"], e["source"], e["game"]) for e in listed] == [
        ("Azul", "hand", "azul"),
        ("Cosmic Encounter", "hand", None),
    ]
    assert main(["collection", "--db", url, "--lang", "de"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert "Herkunft" in table[0] and "von Hand" in table[3] and "3–5" in table[3]
    assert table[2].split()[:2] == ["230802", "Azul"] and "30–45" in table[2]

    assert main(["suggest", "--players", "3", "--minutes", "60", "--db", url, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    # Azul: owned, not played for months, its 30 to 45 minutes inside the hour
    assert found[0] == {"game": "azul", "name": "Azul", "players": [2, 4], "minutes": [30, 45]}
    games = {f["game"]: f for f in found}
    assert games["bgg-39463"] == {
        "game": "bgg-39463",
        "name": "Cosmic Encounter",
        "players": [3, 5],
        "minutes": [60, 120],
    }
    assert all(f["players"][0] <= 3 <= f["players"][1] for f in found)
    assert all(f["minutes"] is None or f["minutes"][0] <= 60 for f in found)
    assert "jaipur" not in games  # two players only
    assert main(["suggest", "--players", "3", "--db", url, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "in your collection" in out and "not played since January" in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--players", "0"], '--players "0": a whole number from 1 to 20'),
        (["--players", "three"], '--players "three"'),
        (["--players", "2", "--minutes", "-5"], '--minutes "-5"'),
    ],
)
def test_suggest_refuses_a_bad_number_in_one_line(capsys, url, argv, said):
    with pytest.raises(SystemExit) as stopped:
        main(["suggest", *argv, "--db", url, "--lang", "en"])
    assert stopped.value.code == 2
    assert said in capsys.readouterr().err


def bgg_csv(*games: tuple[int, str, bool]) -> str:
    """A BGG collection export of these games (BGG id, name, owned: else wished for)."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(COLUMNS)
    for n, (ident, name, owned) in enumerate(games):
        cells = dict.fromkeys(COLUMNS, "")
        cells.update(
            objectname=name,
            objectid=str(ident),
            own="1" if owned else "0",
            wishlist="0" if owned else "1",
            wishlistpriority="" if owned else "2",
            numplays="7",
            collid=str(77000000 + n),
            objecttype="thing",
            originalname=name,
            minplayers="2",
            maxplayers="2",
            avgweight="1.5",
            itemtype="standalone",
        )
        writer.writerow([cells[c] for c in COLUMNS])
    return out.getvalue()


def bgstats_with(*games: str) -> str:
    """The BG Stats export, its game list holding also these games, without a BGG id."""
    data = json.loads(BGSTATS.read_text(encoding="utf-8"))
    pylos = next(g for g in data["games"] if g["name"] == "Pylos")
    for n, name in enumerate(games, 1):
        data["games"].append(
            {
                **pylos,
                "id": 900 + n,
                "uuid": f"0b1c7d7e-0002-4000-8000-00000000090{n}",
                "name": name,
            }
        )
    return json.dumps(data)


def test_a_game_bg_stats_lists_without_a_bgg_id_and_bgg_lists_with_one_is_one_game(
    store, url, capsys
):
    store.import_text(bgstats_with(), "export.bgsplay")
    store.import_text(bgg_csv((1419, "PYLOS", True), (1419, "Pylos", False)), "c.csv")
    pylos = [e for e in store.owned_games() if e["name"].casefold() == "pylos"]
    assert len(pylos) == 1  # one row, however many sources list it
    one = pylos[0]
    assert one["bgg_id"] == 1419 and one["owned"] and one["wishlist"]
    assert one["sources"] == ["bgg", "bgstats"] and one["source"] == "bgg"
    assert len(one["collids"]) == 3 and one["collid"] == "77000000"
    assert one["minutes"] == [30, 60]  # BGG's entry had no playing time: BG Stats' fills in
    assert (one["weight"], one["plays"]) == ("1.5", 7)
    # the command line lists it once too, naming both sources
    assert main(["collection", "--db", url, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [e["collids"] for e in listed if e["name"].casefold() == "pylos"] == [one["collids"]]
    assert main(["collection", "--db", url, "--lang", "en"]) == 0
    table = capsys.readouterr().out
    assert sum("pylos" in line.casefold() for line in table.splitlines()) == 1
    assert "BGG + BG Stats" in table
    # removing it takes it out of every source, and a later import of BG Stats' list
    # does not bring it back
    store.remove_owned(one["collids"][-1])
    assert not [e for e in store.owned_games() if e["name"].casefold() == "pylos"]
    store.import_text(bgstats_with(), "export.bgsplay")
    assert not [e for e in store.owned_games() if e["name"].casefold() == "pylos"]


def test_your_games_in_the_picker_count_a_game_both_sources_make_whole(store):
    from scorepad.ui.views.picker import owned_ids

    # BGG knows the game by its id, only wished for there; BG Stats owns it under the
    # same name without an id (a name the catalogue does not know); its own Azul entry
    # lists a copy nobody owns. Together: the group owns Azul, listed once
    data = json.loads(bgstats_with("Azul (first edition)"))
    next(g for g in data["games"] if g["name"] == "Azul")["copies"] = [{"statusOwned": 0}]
    store.import_text(json.dumps(data), "export.bgsplay")
    store.import_text(bgg_csv((230802, "Azul (first edition)", False)), "c.csv")
    firsts = [e for e in store.owned_games() if e["name"] == "Azul (first edition)"]
    assert [(e["owned"], e["game"], e["bgg_id"], e["sources"]) for e in firsts] == [
        (True, "azul", 230802, ["bgstats", "bgg"])
    ]
    ctx = SimpleNamespace(services=SimpleNamespace(history=store))
    assert "azul" in owned_ids(ctx)  # type: ignore[arg-type]
