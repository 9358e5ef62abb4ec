"""The picker's cards say how many play a game (and best at), how long it takes and how
heavy it is, in the reader's language, for the built-in games and the user's own; a
game whose file gives none of them shows none."""

from __future__ import annotations

from decimal import Decimal

import flet as ft
from ui_helpers import context, find, walk

from scorepad.ui.history import StoreHistory
from scorepad.ui.views.picker import PickerView


def card_text(root: object, game: str) -> str:
    return " ".join(c.value for c in walk(find(root, f"game-{game}")) if isinstance(c, ft.Text))


def opened(ctx) -> object:
    view = PickerView(ctx)
    root = view.build()
    view._add_cards(view._more_cards())  # every card, not only the first screenful
    return root


def test_a_card_shows_the_best_player_counts_the_playing_time_and_the_weight(tmp_path):
    ctx, _ = context(tmp_path)
    root = opened(ctx)
    assert "2–4 players (best 2) · 30–45 min · weight 1.76/5" in card_text(root, "azul")
    assert "4–20 players (best 6) · 15 min · weight 1.26/5" in card_text(root, "codenames")
    assert card_text(root, "jaipur").startswith("Jaipur 2 players · 30 min · weight 1.47/5")
    # a game BoardGameGeek's figures were not confirmed for shows only its players
    assert "min" not in card_text(root, "glass-road") and "weight" not in card_text(
        root, "glass-road"
    )


def test_the_facts_read_in_the_readers_language(tmp_path):
    for lang, expected in (
        ("de", "2–4 Spieler (am besten 2) · 30–45 Min. · Gewicht 1,76/5"),
        ("fr", "2 à 4 joueurs (idéal 2) · 30–45 min · poids 1,76/5"),
        ("es", "2–4 jugadores (mejor 2) · 30–45 min · peso 1,76/5"),
    ):
        ctx, _ = context(tmp_path / lang, lang=lang)
        assert expected in card_text(opened(ctx), "azul"), lang


def test_a_users_game_shows_its_own_facts(tmp_path):
    history = StoreHistory(str(tmp_path / "history.db"))
    history.store.create_game(
        {
            "id": "darts",
            "name": {"en": "Pub darts"},
            "players": {"min": 2, "max": 6},
            "players_best": [2, 3, 4],
            "minutes": [20, 40],
            "weight": Decimal("1.5"),
            "lines": [{"key": "points", "kind": "points", "label": {"en": "Points"}}],
        }
    )
    ctx, _ = context(tmp_path, history=history)
    assert "2–6 players (best 2–4) · 20–40 min · weight 1.50/5" in card_text(opened(ctx), "darts")
