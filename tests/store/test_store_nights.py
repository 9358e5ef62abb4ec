"""Game nights' names, splits and merges and the seasons, kept in the history (revision
0016) by play uid, and carried by the history file (SQLite and PostgreSQL)."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from store_sheets import azul

from scorepad.club.nights import NightMark, history_nights, merged, renamed, split_before
from scorepad.club.seasons import Season
from scorepad.store import StoreError, open_store


def nights_of(store):
    return history_nights(store.facts(), store.settings(), store.night_marks())


def four_plays(store) -> list[int]:
    return [
        azul(store, "2024-05-02T20:00", {"Ana": 30, "Ben": 41}),
        azul(store, "2024-05-02T21:00", {"Ana": 50, "Cy": 41}),
        azul(store, "2024-05-02T22:00", {"Ben": 50, "Cy": 41}),
        azul(store, "2024-05-04T20:00", {"Ana": 50, "Cy": 41}),
    ]


def test_marks_kept_by_play_uid_survive_edits_and_deletions(store):
    a, b, c, d = four_plays(store)
    nights = nights_of(store)
    assert [[f.id for f in n.plays] for n in nights] == [[a, b, c], [d]]
    store.set_night_marks(renamed(nights[0], "Friday", store.night_marks()))
    store.set_night_marks(split_before(nights_of(store)[0], c, store.night_marks()))
    nights = nights_of(store)
    assert [([f.id for f in n.plays], n.name) for n in nights] == [
        ([a, b], "Friday"),
        ([c], None),
        ([d], None),
    ]
    store.set_night_marks(merged(nights, nights[1].key, store.night_marks()))
    assert [[f.id for f in n.plays] for n in nights_of(store)] == [[a, b], [c, d]]
    # an edit of the split play keeps its uid, so the split holds
    store.update_play(c, _edit(store, c, {"Ben": 10, "Cy": 11}))
    assert [[f.id for f in n.plays] for n in nights_of(store)] == [[a, b], [c, d]]
    store.delete_play(c)  # c's split is no longer met; the merge is on d ("joins the night
    # before it"), which is now a and b's
    assert [[f.id for f in n.plays] for n in nights_of(store)] == [[a, b, d]]
    store.delete_play(d)
    store.delete_play(a)  # the name was on a: the night keeps no name
    assert [([f.id for f in n.plays], n.name) for n in nights_of(store)] == [([b], None)]
    for play_id in (a, c, d):
        store.restore_play(play_id)
    assert [([f.id for f in n.plays], n.name) for n in nights_of(store)] == [
        ([a, b], "Friday"),
        ([c, d], None),
    ]


def _edit(store, play_id, scores):
    from store_sheets import edit

    from scorepad.core import PlayerSheet

    return edit(store, play_id, [PlayerSheet(n, {"marker": v}) for n, v in scores.items()])


def test_the_gap_and_the_points_are_the_history_s_settings(store):
    four_plays(store)
    store.set_setting("night_gap_hours", 1)
    assert [len(n.plays) for n in nights_of(store)] == [1, 1, 1, 1]
    store.set_setting("night_gap_hours", 48)
    store.set_setting("place_points", [10, 1])
    (night,) = nights_of(store)
    assert dict(night.tally) == {"Ana": 21, "Ben": 20, "Cy": 3}
    assert night.winners == ("Ana",)


def test_seasons_are_added_changed_listed_and_deleted(store):
    spring = Season("s-1", "Spring", date(2024, 3, 1), date(2024, 5, 31))
    winter = Season("s-2", "Winter", date(2024, 1, 1), date(2024, 2, 29))
    store.save_season(spring)
    store.save_season(winter)
    assert store.seasons() == [winter, spring]
    renamed_spring = Season("s-1", "Spring cup", date(2024, 3, 2), date(2024, 6, 1))
    store.save_season(renamed_spring)
    assert store.seasons() == [winter, renamed_spring]
    store.delete_season("s-2")
    assert store.seasons() == [renamed_spring]
    with pytest.raises(StoreError, match="s-2"):
        store.delete_season("s-2")


def test_the_history_file_carries_marks_and_seasons_and_brings_them_back(store, pg_or_file):
    b = four_plays(store)[1]
    nights = nights_of(store)
    store.set_night_marks(renamed(nights[0], "Ana's birthday — fête", store.night_marks()))
    store.set_night_marks(split_before(nights_of(store)[0], b, store.night_marks()))
    store.set_night_marks(merged(nights_of(store), nights_of(store)[-2].key, store.night_marks()))
    store.set_night_marks({"gone-play": NightMark("Forgotten", True)})
    store.save_season(Season("s-1", "Spring", date(2024, 3, 1), date(2024, 5, 31)))
    out = io.StringIO()
    store.export(out)
    text = out.getvalue()
    data = json.loads(text)
    assert data["seasons"] == [
        {"uid": "s-1", "name": "Spring", "first_day": "2024-03-01", "last_day": "2024-05-31"}
    ]
    assert {"play": "gone-play", "name": "Forgotten", "cut": "split"} in data["nights"]
    before = [([f.uid for f in n.plays], n.name) for n in nights_of(store)]
    assert len(before) == 2

    with open_store(pg_or_file) as other:
        other.import_text(text, "history.json")
        assert [([f.uid for f in n.plays], n.name) for n in nights_of(other)] == before
        assert other.seasons() == store.seasons()
        again = io.StringIO()
        other.export(again)
        assert again.getvalue() == text  # the round trip is exact
        # importing again changes nothing; a history's own marks are kept over the file's
        other.set_night_marks(renamed(nights_of(other)[0], "Ours", other.night_marks()))
        other.import_text(text, "history.json")
        assert nights_of(other)[0].name == "Ours"
        assert len(other.seasons()) == 1


@pytest.mark.parametrize(
    ("club", "where"),
    [
        ({"nights": {"play": "x"}}, "nights"),
        ({"nights": [{"play": ""}]}, "nights[0]"),
        ({"nights": [{"play": "x", "cut": "sideways"}]}, "nights[0]"),
        ({"nights": [{"play": "x", "colour": "red"}]}, "nights[0]"),
        (
            {
                "seasons": [
                    {"uid": "s", "name": "S", "first_day": "2024-05-01", "last_day": "2024-04-01"}
                ]
            },
            "seasons[0]",
        ),
        (
            {"seasons": [{"uid": "s", "name": "S", "first_day": "soon", "last_day": "2024-04-01"}]},
            "seasons[0]",
        ),
    ],
)
def test_a_bad_mark_or_season_in_a_file_names_it_and_nothing_is_imported(store, club, where):
    azul(store, "2024-05-02T20:00", {"Ana": 30, "Ben": 41})
    out = io.StringIO()
    store.export(out)
    data = json.loads(out.getvalue())
    data.update(club)
    data["plays"][0]["uid"] = "another-play"
    with pytest.raises(
        StoreError, match=rf"bad\.json: {where.replace('[', '.').replace(']', '.')}"
    ):
        store.import_text(json.dumps(data), "bad.json")
    assert len(store.facts()) == 1 and store.seasons() == []


def test_the_nights_command_lists_them_oldest_first(store, url, capsys):
    from scorepad.cli import main

    a, b, c, d = four_plays(store)
    tie = azul(store, "2024-06-01T20:00", {"Ana": 50, "Ben": 50})
    store.set_night_marks(renamed(nights_of(store)[0], "Friday", store.night_marks()))
    assert main(["nights", "--db", url, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found == [
        {
            "start": "2024-05-02T20:00",
            "end": "2024-05-02T22:00",
            "players": ["Ana", "Ben", "Cy"],
            "plays": [a, b, c],
            "winner": "Ben",
            "winners": ["Ben"],
            "tally": {"Ben": 6, "Ana": 5, "Cy": 4},
            "name": "Friday",
        },
        {
            "start": "2024-05-04T20:00",
            "end": "2024-05-04T20:00",
            "players": ["Ana", "Cy"],
            "plays": [d],
            "winner": "Ana",
            "winners": ["Ana"],
            "tally": {"Ana": 3, "Cy": 2},
        },
        {
            "start": "2024-06-01T20:00",
            "end": "2024-06-01T20:00",
            "players": ["Ana", "Ben"],
            "plays": [tie],
            "winner": None,
            "winners": ["Ana", "Ben"],
            "tally": {"Ana": 3, "Ben": 3},
        },
    ]
    assert main(["nights", "--db", url, "--json", "--gap", "0.5"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 5
    assert main(["nights", "--db", url, "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2024-05-02 20:00 · Friday · plays: 3 · Ana, Ben and Cy · Winner: Ben"
    assert lines[2].endswith("Co-winners: Ana and Ben")
    with pytest.raises(SystemExit):
        main(["nights", "--db", url, "--gap", "soon"])
    err = capsys.readouterr().err
    assert '"soon"' in err and "Traceback" not in err
