"""A game beyond a game's limits (``core/limits.py``) pasted into Custom games is refused
with the limit named and nothing added; the largest game allowed, at the most players,
opens as a sheet that takes values and adds them up."""

from __future__ import annotations

import json

from ui_helpers import click, context, find, fire, type_into, walk

from scorepad.core.limits import MAX_ALL_RATES, MAX_LINES, MAX_RATES, MAX_VARIANTS
from scorepad.editor.form import GameForm
from scorepad.ui.app import view_for
from scorepad.ui.views.game_editor import GameEditorView


def lines(count: int) -> list[dict]:
    return [{"key": f"l{i}", "kind": "points", "label": {"en": f"Line {i}"}} for i in range(count)]


def test_a_pasted_game_of_5000_lines_is_refused_and_not_added(tmp_path):
    ctx, _ = context(tmp_path)
    root = view_for(ctx, "/games")
    huge = {"id": "huge", "name": {"en": "Huge"}, "players": {"min": 1, "max": 4}}
    type_into(root, "games-import-source", json.dumps({**huge, "lines": lines(5000)}))
    click(root, "games-import")
    said = find(root, "games-message").value
    assert said == "pasted text: lines: 5000 entries; at most 100 are allowed"
    assert "huge" not in ctx.services.history.games()
    type_into(root, "games-import-source", json.dumps({**huge, "lines": lines(MAX_LINES)}))
    click(root, "games-import")
    assert find(root, "games-message").value == "Huge imported."
    assert len(ctx.services.history.games()["huge"].lines) == MAX_LINES


def test_the_largest_game_allowed_opens_at_twenty_players_and_adds_up(tmp_path):
    ctx, _ = context(tmp_path)
    rated = MAX_ALL_RATES // MAX_RATES
    game = {
        "id": "largest",
        "name": {"en": "Largest"},
        "players": {"min": 1, "max": 20},
        "lines": [
            *(
                {
                    "key": f"c{i}",
                    "kind": "count",
                    "label": {"en": f"Count {i}"},
                    "rates": [
                        {"id": f"r{j}", "per": j + 1, "label": {"en": f"Rate {j}"}}
                        for j in range(MAX_RATES)
                    ],
                }
                for i in range(rated)
            ),
            *lines(MAX_LINES - rated),
        ],
    }
    ctx.services.history.store.create_game(game)
    players = ",".join(f"P{n}" for n in range(1, 21))
    root = view_for(ctx, f"/new/largest?players={players}")
    controls = sum(1 for _ in walk(root))
    # a few controls per field: well within what a browser draws, nothing like the
    # hundreds of thousands a game of thousands of lines made
    assert controls < 20 * (MAX_LINES + MAX_ALL_RATES) * 6, controls
    last = f"line-l{MAX_LINES - rated - 1}-20"
    type_into(root, last, "7")
    type_into(root, "line-l0-20", "5")
    assert find(root, "total-20").value == "12"
    assert find(root, "total-1").value == "0"


def test_the_game_editor_adds_no_more_lines_or_variants_than_a_game_may_have(tmp_path):
    ctx, _ = context(tmp_path)
    view = GameEditorView(ctx, GameForm())
    root = view.build()

    def typed(name: str, text: str) -> None:  # as ``type_into``, without walking the screen
        view.fields[name].value = text
        fire(view.fields[name], "change", text)

    typed("name-en", "Largest")
    for n in range(MAX_LINES):
        typed(f"line-{n}-label-en", f"Line {n}")  # the blank line joins, another follows
    typed(f"line-{MAX_LINES}-label-en", "One more")  # stays the blank one: none follows
    assert f"line-{MAX_LINES + 1}-label-en" not in view.fields
    assert len(view.form.lines) == MAX_LINES
    said = find(root, "game-problem").value
    assert f"{MAX_LINES + 1} entries; at most {MAX_LINES} are allowed" in said, said
    for _ in range(MAX_VARIANTS + 3):
        click(root, "game-add-variant")
    assert len(view.form.variants) == MAX_VARIANTS
    said = find(root, "game-problem").value
    assert f"at most {MAX_VARIANTS} are allowed" in said, said
