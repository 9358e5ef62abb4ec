"""A round game's sheet: it opens on round 1, a round counts once something is typed in
it (a bid game's once every bid and trick is in), each round shows the cards it deals and
who deals, and a bonus on a missed bid is said not to count. Without a browser."""

from __future__ import annotations

from ui_helpers import click, context, error_boxes, find, shown, type_into

from scorepad.core import builtin_games
from scorepad.core.i18n import tr
from scorepad.printing.model import played_sheet
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.ui.views.sheet import SheetView

SKULL_KING = builtin_games()["skull-king"]


def skull_king(players: list[str]) -> SheetInProgress:
    return SheetInProgress(SKULL_KING, new_draft(SKULL_KING, None, players))


def fill(model: SheetInProgress, number: int, bids: list[str], tricks: list[str]) -> str:
    rid = model.draft.rounds[number - 1].id
    for player, (bid, took) in enumerate(zip(bids, tricks, strict=True)):
        model.set_round_text(rid, "bid", player, bid)
        model.set_round_text(rid, "tricks", player, took)
    return rid


# --- the model ---------------------------------------------------------------------------
def test_a_round_game_opens_on_round_1_and_a_game_without_rounds_has_none():
    for game in ("skull-king", "wizard", "uno", "flip-7", "sushi-go", "lost-cities"):
        template = builtin_games()[game]
        draft = new_draft(template, None, ["Ana", "Ben", "Cy"])
        assert len(draft.rounds) == 1, game
        assert set(draft.rounds[0].texts) == {line.key for line in template.lines if line.per_round}
    assert new_draft(builtin_games()["azul"], None, ["Ana", "Ben"]).rounds == []


def test_an_untouched_round_scores_nothing_and_is_not_saved():
    """A blank bid is not a met bid of zero: an untouched round gave everyone +10."""
    model = skull_king(["Ana", "Ben"])
    state = model.state
    assert [p.total for p in state.scored.players] == [0, 0]
    assert state.scored.played_rounds == 0 and state.empty and not state.missing
    fill(model, 1, ["1", "0"], ["1", "0"])
    model.add_round()  # round 2, left untouched
    state = model.state
    assert [p.total for p in state.scored.players] == [20, 10]
    assert state.counted_rounds == 1 and state.scored.played_rounds == 1
    assert state.can_save
    assert [p.lines["bid"] for p in state.entered] == [[1], [0]]  # what Save keeps


def test_a_partly_typed_round_names_its_missing_cells_and_waits():
    model = skull_king(["Ana", "Ben", "Cy"])
    rid = model.draft.rounds[0].id
    model.set_round_text(rid, "bid", 0, "1")
    model.set_round_text(rid, "bid", 1, "0")
    state = model.state
    assert state.missing[rid] == ((2, "bid"), (0, "tricks"), (1, "tricks"), (2, "tricks"))
    assert state.counted_rounds == 0 and not state.can_save
    assert [p.total for p in state.scored.players] == [0, 0, 0]  # no −10 for a blank trick
    fill(model, 1, ["1", "0", "0"], ["1", "0", "0"])
    assert not model.state.missing and model.state.can_save


def test_a_blank_round_before_a_round_with_values_is_missing_too():
    model = skull_king(["Ana", "Ben"])
    first = model.draft.rounds[0].id
    model.add_round()
    fill(model, 2, ["1", "1"], ["1", "0"])
    state = model.state
    assert set(state.missing[first]) == {
        (p, key) for p in (0, 1) for key in ("bid", "tricks", "bonus")
    }
    assert not state.can_save


def test_a_bonus_on_a_missed_bid_is_not_counted_and_said():
    model = skull_king(["Ana", "Ben"])
    rid = fill(model, 1, ["1", "1"], ["1", "0"])
    model.set_round_text(rid, "bonus", 0, "30")
    state = model.set_round_text(rid, "bonus", 1, "30")
    assert state.bonus_lost == {(rid, 1)}
    assert [p.total for p in state.scored.players] == [50, -10]


def test_the_deal_rotates_from_the_seat_before_the_first_player():
    model = skull_king(["Ana", "Ben", "Cy"])
    assert [model.round_deal(n) for n in (1, 2, 3, 4)] == [
        (1, "Ana"),
        (2, "Ben"),
        (3, "Cy"),
        (4, "Ana"),
    ]
    model.set_first_player("Ana")  # Ana leads round 1: Cy, on her right, deals it
    assert [model.round_deal(n)[1] for n in (1, 2)] == ["Cy", "Ana"]
    uno = builtin_games()["uno"]
    assert SheetInProgress(uno, new_draft(uno, None, ["Ana", "Ben"])).round_deal(5) == (7, None)


def test_the_saved_summary_counts_bids_made_not_bids_added_up():
    model = skull_king(["Ana", "Ben"])
    fill(model, 1, ["1", "1"], ["1", "0"])  # one trick in round 1, two in round 2
    model.add_round()
    rid = fill(model, 2, ["2", "0"], ["2", "0"])
    model.set_round_text(rid, "bonus", 0, "20")
    sheet = played_sheet(model.state.scored, "en")
    rows = {row.label: [c.value for c in row.cells] for row in sheet.rows}
    assert rows["Bids made"] == ["2 of 2", "1 of 2"]
    assert rows["Bid points"] == ["60", "10"]  # 20 + 40; a bid missed by one −10, then a zero 20
    assert rows["Bonus counted"] == ["20", "0"]
    assert "Bid" not in rows and "Tricks taken" not in rows


# --- the view ----------------------------------------------------------------------------
def test_the_round_block_shows_the_deal_the_gaps_and_the_bonus_word(tmp_path):
    ctx, _ = context(tmp_path, compact=True)
    view = SheetView(ctx, skull_king(["Ana", "Ben"]))
    root = view.build()
    assert find(root, "result").value == ctx.t("app.hint_bids")
    deal = find(root, "dealer").value
    assert ctx.t("app.round_cards", n=1) in deal and ctx.t("app.round_dealer", player="Ana") in deal
    type_into(root, "round-1-bid-1", "1")
    assert shown(root, "round-1-missing")
    missing = find(root, "round-1-missing").value
    assert "Ben" in missing and tr("app.round_blank", ctx.lang) != missing
    assert find(root, "round-1-total-1").value == ""  # not counted yet
    click(root, "save")
    assert find(root, "save-message").value == ctx.t("app.save_rounds_missing", rounds="1")
    for ident, text in [("round-1-bid-2", "1"), ("round-1-tricks-1", "1")]:
        type_into(root, ident, text)
    type_into(root, "round-1-tricks-2", "0")
    type_into(root, "round-1-bonus-2", "20")
    assert not shown(root, "round-1-missing")
    assert find(root, "round-1-total-2").value == "-10"
    assert shown(root, "round-1-bonus-lost")
    assert "Ben" in find(root, "round-1-bonus-lost").value
    assert find(root, "round-1-bonus-2").helper == ctx.t("app.not_counted_word")
    assert find(root, "round-1-bonus-1").helper is None
    click(root, "next-round")
    assert "Ben" in find(root, "dealer").value  # the deal passed on
    assert ctx.t("app.round_cards", n=2) in find(root, "dealer").value
    assert "Ana" in find(root, "round-1-deal").value
    assert error_boxes(root) == []


def test_the_missing_cells_read_in_the_languages_own_way(tmp_path):
    """French puts a space before a colon: "Annonce : Ben", not "Annonce: Ben"."""
    for lang, line in [("fr", "Annonce : Ben"), ("de", "Ansage: Ben"), ("en", "Bid: Ben")]:
        ctx, _ = context(tmp_path / lang, lang=lang)
        root = SheetView(ctx, skull_king(["Ana", "Ben"])).build()
        type_into(root, "round-1-bid-1", "1")
        type_into(root, "round-1-tricks-1", "1")
        type_into(root, "round-1-tricks-2", "0")
        assert find(root, "round-1-missing").value == ctx.t("app.round_missing", cells=line)


def test_a_round_check_between_players_names_them_once_and_counts_nothing(tmp_path):
    """Both players took the round's one trick: the sentence under each one's cells names
    the players once (not "Ana: Ana, Ben, round 1 …"), and the round adds nothing."""
    from test_messages import shown_texts

    ctx, _ = context(tmp_path)
    root = SheetView(ctx, skull_king(["Ana", "Ben"])).build()
    for ident, text in [("round-1-bid-1", "1"), ("round-1-tricks-1", "1")]:
        type_into(root, ident, text)
    for ident, text in [("round-1-bid-2", "0"), ("round-1-tricks-2", "1")]:
        type_into(root, ident, text)
    said = [t for t in shown_texts(root) if "Ana, Ben, round 1" in t]
    assert said and all(t.startswith("Ana, Ben, round 1") for t in said), said
    assert all(t.endswith("(not counted)") for t in said)
    assert [find(root, f"total-{n}").value for n in (1, 2)] == ["0", "0"]
