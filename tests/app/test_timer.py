"""The sheet's timer: the time played with breaks left out, paused and resumed, corrected
by hand (refused with a message in every language when it is not a time), kept in the
draft and shared live, saved with the play, shown on the play screen, in History and in
Stats, and corrected again in Edit. The clock is a list the test moves on: a two-hour play
takes no time. Views are built without a browser over a real history file."""

from __future__ import annotations

from datetime import datetime, timedelta

import flet as ft
import pytest
from ui_helpers import click, context, find, latest, run_async, type_into, walk

from scorepad.core import ScorepadError, find_game
from scorepad.core.play_limits import MAX_DURATION
from scorepad.core.scoring import PlayerSheet
from scorepad.sheet.draft import SheetDraft
from scorepad.sheet.edits import TimerEdit
from scorepad.sheet.progress import SheetInProgress, new_draft
from scorepad.sheet.timer import Timer, read_time, saved_time, shown, stopped_at, till_next_minute
from scorepad.ui.history import StoreHistory
from scorepad.ui.views.history import HistoryView
from scorepad.ui.views.play import play_view
from scorepad.ui.views.play_edit import edit_view
from scorepad.ui.views.sheet import SheetView
from scorepad.ui.views.stats import StatsView

AZUL = find_game("azul")
START = 1_767_000_000
"""Seconds since the epoch when the test's sheet is started."""


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self, at: int = START) -> None:
        self.at = at

    def __call__(self) -> int:
        return self.at

    def wait(self, minutes: int = 0, seconds: int = 0) -> None:
        self.at += minutes * 60 + seconds


@pytest.fixture
def history(tmp_path):
    plays = StoreHistory(str(tmp_path / "history.db"))
    yield plays
    plays.close()


def test_breaks_are_left_out_of_the_time_played():
    timer = Timer(started=START)
    assert (timer.elapsed(START), timer.paused) == (0, False)
    assert timer.elapsed(START + 42 * 60 + 59) == 42 * 60 + 59
    timer = timer.pause(START + 50 * 60)
    assert timer.paused and timer.elapsed(START + 80 * 60) == 50 * 60  # stopped meanwhile
    assert timer.pause(START + 70 * 60) == timer  # pausing twice changes nothing
    timer = timer.resume(START + 80 * 60)  # a 30 minute break
    assert not timer.paused and timer.breaks == 30 * 60
    assert timer.minutes(START + 95 * 60 + 30) == 65
    assert timer.resume(START + 99 * 60) == timer
    assert shown(timer.elapsed(START + 95 * 60)) == "1:05"
    assert shown(0) == "0:00" and shown(42 * 60 + 59) == "0:42" and shown(600 * 60) == "10:00"


def test_a_correction_by_hand_goes_on_from_the_time_typed_and_keeps_the_start():
    timer = Timer(started=START).pause(START + 600).resume(START + 900)
    corrected = timer.set_to(65, START + 1200)
    assert corrected.elapsed(START + 1200) == 65 * 60
    assert corrected.minutes(START + 1200 + 10 * 60) == 75  # it runs on
    assert corrected.started == START  # when the sheet was started is not rewritten
    paused = corrected.pause(START + 1500).set_to(30, START + 2000)
    assert paused.paused and paused.minutes(START + 9000) == 30  # stays paused at 30
    assert paused.resume(START + 9000).minutes(START + 9060) == 31
    assert Timer(started=START).set_to(0, START + 60).elapsed(START + 60) == 0
    assert stopped_at(85, START).minutes(START + 3600) == 85


def test_the_minute_shown_changes_when_the_next_tick_comes():
    assert till_next_minute(0) == 60
    assert till_next_minute(59) == 1
    assert till_next_minute(42 * 60 + 15) == 45


@pytest.mark.parametrize(
    ("typed", "minutes"),
    [
        ("42", 42),
        (" 1:05 ", 65),
        ("0:00", 0),
        ("0", 0),
        ("12:30", 750),
        (str(MAX_DURATION), MAX_DURATION),
    ],
)
def test_a_time_typed_by_hand_is_minutes_or_hours_and_minutes(typed, minutes):
    assert read_time(typed) == minutes


@pytest.mark.parametrize(
    ("typed", "lang", "said"),
    [
        ("abc", "en", '"abc" is not a time: type minutes (42) or hours and minutes (1:05)'),
        ("1:75", "es", '"1:75" no es un tiempo: escribe minutos (42) u horas y minutos (1:05)'),
        ("-5", "fr", '"-5" n\'est pas une durée'),
        ("", "de", '"" ist keine Zeit'),
        ("1:5", "en", '"1:5" is not a time'),
        ("1.5", "en", '"1.5" is not a time'),
        (str(MAX_DURATION + 1), "en", f"is more than {MAX_DURATION} minutes"),
        ("2000:00", "de", f"ist länger als {MAX_DURATION} Minuten"),
    ],
)
def test_a_time_that_is_not_one_is_refused_saying_what_was_typed(typed, lang, said):
    with pytest.raises(ScorepadError) as refused:
        read_time(typed)
    assert said in refused.value.message(lang)


def test_the_draft_keeps_the_timer_and_a_draft_from_before_timers_has_none():
    draft = new_draft(AZUL, None, ["Ana", "Ben"], now=lambda: START)
    assert draft.timer == Timer(started=START)
    TimerEdit(draft.timer.pause(START + 300).resume(START + 400).set_to(9, START + 500)).apply_to(
        draft
    )
    TimerEdit(draft.timer.pause(START + 600)).apply_to(draft)
    back = SheetDraft.from_dict(draft.to_dict())
    assert back.timer == draft.timer and back.timer.paused
    older = {k: v for k, v in draft.to_dict().items() if k != "timer"}
    assert SheetDraft.from_dict(older).timer is None
    assert saved_time(None, START) == {}
    for broken in ({"started": "soon"}, {"breaks": 3}, {"started": 1, "paused_at": True}, [1]):
        with pytest.raises((TypeError, KeyError)):
            SheetDraft.from_dict({**draft.to_dict(), "timer": broken})


def sheet(ctx, clock: Clock, names=("Ana", "Ben")) -> tuple[SheetView, object]:
    model = SheetInProgress(AZUL, new_draft(AZUL, None, list(names), now=clock))
    view = SheetView(ctx, model)
    view.timer.now = clock
    view.timer.refresh()  # as that clock says
    return view, view.build()


def test_the_timer_is_paused_corrected_saved_and_shown_everywhere(tmp_path, history):
    ctx, routes = context(tmp_path, history=history)
    clock = Clock()
    view, root = sheet(ctx, clock)
    assert find(root, "timer").value == "0:00"
    clock.wait(minutes=42, seconds=10)
    view.show(view.refresh())
    assert find(root, "timer").value == "0:42"
    click(root, "timer-pause")
    assert latest(ctx.services.drafts, "azul").timer.paused  # on disk: survives a restart
    assert find(root, "timer-pause").tooltip == "Resume the timer"
    clock.wait(minutes=20)  # a break
    view.show(view.refresh())
    assert find(root, "timer").value == "0:42"
    click(root, "timer-pause")
    clock.wait(minutes=3)
    view.show(view.refresh())
    assert find(root, "timer").value == "0:45"
    click(root, "timer-edit")
    assert find(root, "timer-field").value == "0:45"
    type_into(root, "timer-field", "1h")
    click(root, "timer-set")
    assert find(root, "timer-field").error.startswith('"1h" is not a time')
    assert view.model.draft.timer.minutes(clock()) == 45  # nothing changed
    type_into(root, "timer-field", "1:05")
    click(root, "timer-set")
    assert find(root, "timer-field").error is None and find(root, "timer").value == "1:05"
    assert latest(ctx.services.drafts, "azul").timer.minutes(clock()) == 65
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "30")
    click(root, "save")
    play = int(routes[-1].rsplit("/", 1)[1])
    summary = history.store.get_play(play).summary
    # 65 min played (corrected by hand) and a 20 min break, saved 65 min 10 s after the
    # sheet opened: play began 19 min 50 s before it, so start, end and time agree
    began = datetime.fromtimestamp(START - 19 * 60 - 50)
    assert (summary.duration, summary.started_at) == (65, began)
    shown_play = play_view(ctx, str(play))
    assert find(shown_play, "play-duration").value == "65 min"
    started = f"Started {began:%Y-%m-%d %H:%M}"
    assert find(shown_play, "play-started").value == started
    listed = [t.value for t in walk(HistoryView(ctx).build()) if isinstance(t, ft.Text)]
    assert any(str(v).startswith("Azul · ") and str(v).endswith(" · 65 min") for v in listed)
    stats = StatsView(ctx).build()
    assert find(stats, "stats-duration-azul").value == "Average time per play: 65 min"

    editing = edit_view(ctx, str(play))  # the saved time, paused, to correct by hand
    assert find(editing, "timer").value == "1:05"
    assert find(editing, "timer-pause").tooltip == "Resume the timer"
    click(editing, "timer-edit")
    type_into(editing, "timer-field", "70")
    click(editing, "timer-set")
    click(editing, "save")
    summary = history.store.get_play(play).summary
    assert (summary.duration, summary.started_at) == (70, began)  # 70 fit: start kept
    editing = edit_view(ctx, str(play))
    click(editing, "timer-edit")
    type_into(editing, "timer-field", "90")  # more than fits since the start: it moves back
    click(editing, "timer-set")
    click(editing, "save")
    summary = history.store.get_play(play).summary
    assert summary.duration == 90
    assert summary.started_at == summary.played_at - timedelta(minutes=90)


def test_a_play_without_a_duration_is_edited_without_one(tmp_path, history):
    ctx, _ = context(tmp_path, history=history)
    two = [PlayerSheet("Ana", {"marker": 40}), PlayerSheet("Ben", {"marker": 30})]
    play = history.store.save_play(AZUL, None, two)  # as the command line saves one
    editing = edit_view(ctx, str(play))
    assert find(editing, "timer").value == "–:––"
    assert find(editing, "timer-pause").disabled
    click(editing, "save")
    assert history.store.get_play(play).summary.duration is None


def test_every_device_on_a_live_sheet_sees_the_same_time(tmp_path, history):
    from scorepad.ui.app import view_for
    from scorepad.ui.context import Context
    from scorepad.ui.settings import Settings

    ctx, _ = context(tmp_path, history=history)
    other = Context(ctx.services, Settings(), navigate=lambda route: None)
    sent: list[object] = []
    other.update = lambda *controls: sent.extend(controls)
    here = view_for(ctx, "/new/azul?players=Ana,Ben")
    there = view_for(other, "/sheet/azul")
    assert find(there, "timer").value == "0:00"
    click(here, "timer-pause")
    assert find(there, "timer-pause").tooltip == "Resume the timer"
    assert find(there, "timer-pause") in sent  # sent to that device's browser
    click(here, "timer-edit")
    type_into(here, "timer-field", "1:30")
    click(here, "timer-set")
    assert find(there, "timer").value == "1:30"
    joining = view_for(Context(ctx.services, Settings(), navigate=print), "/sheet/azul")
    assert find(joining, "timer").value == "1:30"  # a device joining later, or a reload


def test_a_page_redraws_its_timer_when_the_minute_shown_changes(tmp_path):
    """The tick waits for the next minute on this device only: one second here."""
    ctx, _ = context(tmp_path)
    clock = Clock()
    view, root = sheet(ctx, clock)
    clock.wait(seconds=59)
    part = view.timer
    shown_then: list[str] = []

    def show(controls: list[object]) -> None:
        shown_then.append(find(root, "timer").value)
        ctx.leave()  # another screen, or the session over: the page stops ticking

    part.show = show

    async def run() -> None:
        import asyncio

        tasks: list[asyncio.Task[None]] = []

        class Page:  # what the text's page does with the task it is handed
            def run_task(self, work):
                tasks.append(asyncio.create_task(work()))

        part.start_ticking(Page())
        part.start_ticking(Page())  # mounted again: still one task
        assert len(tasks) == 1
        ticking = tasks[0]
        await asyncio.sleep(0.2)
        clock.wait(seconds=1)  # the minute turns while the page waits for it
        await asyncio.wait_for(ticking, 5)

    run_async(run)
    assert shown_then == ["0:01"] and not part.running


def test_a_ticking_page_wakes_for_a_new_timer_not_for_every_value_typed(tmp_path):
    """Every value typed refreshes the sheet, the timer with it: the page's ticking task
    is woken only when the timer itself changed (paused, resumed, corrected)."""
    ctx, _ = context(tmp_path)
    view, root = sheet(ctx, Clock())
    part = view.timer

    async def run() -> None:
        import asyncio

        tasks: list[asyncio.Task[None]] = []

        class Page:
            def run_task(self, work):
                tasks.append(asyncio.create_task(work()))

        part.start_ticking(Page())
        await asyncio.sleep(0.05)  # the task waits for the next minute
        assert part.wake is not None and not part.wake.is_set()
        type_into(root, "line-marker-1", "12")
        assert not part.wake.is_set()
        part.on_pause()
        assert part.wake.is_set()  # waits for nothing now: paused
        await asyncio.sleep(0.05)
        assert not part.wake.is_set() and part.waiting_on == part.timer()
        ctx.leave()
        await asyncio.wait_for(tasks[0], 5)

    run_async(run)
    assert not part.running


def test_a_refresh_in_the_same_minute_changes_nothing_and_the_next_minute_shows(tmp_path):
    """Every value typed refreshes the timer: within the minute shown it is left as it is;
    once the minute turns, or the timer or the clock changed, it shows the time again."""
    ctx, _ = context(tmp_path)
    clock = Clock()
    view, root = sheet(ctx, clock)
    part = view.timer
    clock.wait(minutes=5, seconds=10)
    assert part.refresh() == [part.text] and find(root, "timer").value == "0:05"
    clock.wait(seconds=49)
    assert part.refresh() == [] and find(root, "timer").value == "0:05"
    clock.wait(seconds=1)
    assert part.refresh() == [part.text] and find(root, "timer").value == "0:06"
    clock.at -= 3 * 60  # the machine's clock set back
    assert part.refresh() == [part.text] and find(root, "timer").value == "0:03"
    part.on_pause()  # a new timer: shown at once, and while paused it stays
    assert find(root, "timer").value == "0:03"
    clock.wait(minutes=30)
    assert part.refresh() == [] and find(root, "timer").value == "0:03"


def test_start_end_and_time_played_agree_after_a_correction(tmp_path, history):
    """The issue's play: opened at 16:30, set to 45 minutes and saved at once. It says it
    began 45 minutes before it was saved, not when the sheet was opened."""
    ctx, routes = context(tmp_path, history=history)
    clock = Clock()
    _, root = sheet(ctx, clock)
    clock.wait(minutes=1)
    click(root, "timer-edit")
    type_into(root, "timer-field", "45")
    click(root, "timer-set")
    type_into(root, "line-marker-1", "40")
    type_into(root, "line-marker-2", "30")
    click(root, "save")
    summary = history.store.get_play(int(routes[-1].rsplit("/", 1)[1])).summary
    assert summary.duration == 45
    assert summary.played_at == datetime.fromtimestamp(START + 60)
    assert summary.started_at == summary.played_at - timedelta(minutes=45)
