"""The play screen's Share and Copy as text, without a browser: Share hands the device
the play's card (a PNG named after the game, the day and the play) through
``Context.share_file`` and says so; a refusal is said, not raised; a deleted play has no
Share."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from ui_helpers import context, find, has, run_async

from scorepad.core import PlayerSheet, find_game
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.play import play_view

AZUL = find_game("azul")


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def saved(history: StoreHistory) -> int:
    return history.store.save_play(
        AZUL,
        None,
        [PlayerSheet("Ottilie", {"marker": 50}), PlayerSheet("Pelle", {"marker": 45})],
        "2026-10-03T19:00",
        colours=("orange", "green"),
    )


def test_share_hands_the_card_to_the_device_and_says_so(tmp_path, history):
    ctx, _ = context(tmp_path, history=history, lang="de")
    handed: list[tuple[str, bytes, str]] = []

    async def share_file(name: str, data: bytes, mime: str) -> str:
        handed.append((name, data, mime))
        return "done"

    ctx.share_file = share_file
    play = saved(history)
    root = play_view(ctx, str(play))
    assert find(root, "share-play").action is None  # no page here: nothing to copy to
    run_async(find(root, "share-play").on_click)
    [(name, data, mime)] = handed
    assert (name, mime) == (f"azul-2026-10-03-{play}.png", "image/png")
    with Image.open(io.BytesIO(data)) as card:
        assert card.format == "PNG" and card.width == 1080
    said = find(root, "play-message").value
    assert said.startswith(f"Ergebniskarte azul-2026-10-03-{play}.png übergeben")
    assert said.endswith("Das Ergebnis ist als Text kopiert: fügen Sie es in einen Chat ein.")


def test_a_refused_share_is_said_and_a_dismissed_one_too(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    answers = iter(["dismissed"])

    async def share_file(name: str, data: bytes, mime: str) -> str:
        answer = next(answers, None)
        if answer is None:
            raise RuntimeError("NotAllowedError")
        return answer

    ctx.share_file = share_file
    root = play_view(ctx, str(saved(history)))
    run_async(find(root, "share-play").on_click)
    assert find(root, "play-message").value.startswith("Not shared.")
    run_async(find(root, "share-play").on_click)
    message = find(root, "play-message")
    assert message.value == "The result card could not be handed over: NotAllowedError"
    assert message.color == "error"


def test_a_deleted_play_has_no_share(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    play = saved(history)
    assert has(play_view(ctx, str(play)), "share-text")
    history.store.delete_play(play)
    shown = play_view(ctx, str(play))
    assert not has(shown, "share-play") and not has(shown, "share-text")
