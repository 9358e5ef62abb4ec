"""The sheet's timer (``timer``): the time played, hours and minutes ("0:42", "1:05"),
a button to pause it for a break and resume it (``timer-pause``), and one to correct it
by hand (``timer-edit``: a field, ``timer-field``, taking minutes or h:mm, and
``timer-set``).

Cheap by design: the server does not tick a live sheet for every device. The draft keeps
when the sheet was started and its breaks (``sheet.timer``); each device's page wakes its
own timer only when the minute it shows changes (``TimerText``: a task started when the
text is on the page, ended when it leaves), which sends one small patch a minute to that
device alone. A pause, resume or correction is an edit of the sheet, shared with the other
devices like a value typed, and each shows it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import Callable

import flet as ft

from scorepad.core import ScorepadError
from scorepad.sheet.progress import SheetInProgress
from scorepad.sheet.timer import Clock, Timer, clock, read_time, shown, till_next_minute
from scorepad.ui.context import Context
from scorepad.ui.views.common import tid, typed_text


@ft.control
class TimerText(ft.Text):
    """A text that runs ``self.ticking`` (set by its owner) while it is on a page."""

    def did_mount(self) -> None:
        super().did_mount()
        start: Callable[[ft.Page], None] | None = getattr(self, "ticking", None)
        if start is not None:
            start(self.page)

    def will_unmount(self) -> None:
        stop: Callable[[], None] | None = getattr(self, "stopping", None)
        if stop is not None:
            stop()
        super().will_unmount()


_NOTHING_SHOWN = object()


class TimerPart:
    """The timer of ``model``'s sheet (None in a draft kept from before timers): a pause,
    resume or correction is made to the sheet (shared live), then ``changed`` (the
    sheet's) shows it; ``show`` sends what changed to this device."""

    def __init__(
        self,
        ctx: Context,
        model: SheetInProgress,
        changed: Callable[..., None],
        show: Callable[[list[ft.Control]], None],
        now: Clock = clock,
    ) -> None:
        self.ctx, self.model, self.changed, self.show, self.now = ctx, model, changed, show, now
        self.text = TimerText(size=18, weight=ft.FontWeight.BOLD)
        self.text.ticking = self.start_ticking  # type: ignore[attr-defined]
        self.text.stopping = self.stop_ticking  # type: ignore[attr-defined]
        self.pause_button = ft.IconButton(on_click=self.on_pause)
        self.edit_button = ft.IconButton(
            ft.Icons.EDIT, tooltip=ctx.t("app.timer_edit"), on_click=self.on_edit
        )
        self.field = ft.TextField(
            label=ctx.t("app.timer_field"),
            dense=True,
            expand=True,
            on_submit=self.on_set,
            on_change=lambda e: self._typed(typed_text(e)),
        )
        self.set_button = ft.OutlinedButton(ctx.t("app.timer_set"), on_click=self.on_set)
        self.editing = ft.Row(
            [tid("timer-field", self.field), tid("timer-set", self.set_button)], visible=False
        )
        self.wake: asyncio.Event | None = None
        self.waiting_on: Timer | None = None
        """The timer the ticking task waits by: a refresh wakes it only for another one
        (every value typed on the sheet refreshes the timer too)."""
        self.running = False
        self.shown_timer: object = _NOTHING_SHOWN
        self.shown_at: float = 0
        self.shown_until: float = 0
        """The timer the text shows, from when and until when (the next minute shown, on
        its clock): every value typed refreshes the timer too, and in that time it shows
        the same (a clock set back shows it again)."""
        self.refresh()

    def timer(self) -> Timer | None:
        return self.model.draft.timer

    def change(self, timer: Timer) -> None:
        self.model.set_timer(timer)
        self.changed(rebuilt=False)

    def controls(self) -> list[ft.Control]:
        icon = ft.Icon(ft.Icons.TIMER_OUTLINED, size=18, color=ft.Colors.ON_SURFACE_VARIANT)
        row = ft.Row(
            [
                icon,
                tid("timer", self.text),
                tid("timer-pause", self.pause_button),
                tid("timer-edit", self.edit_button),
            ],
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        return [row, self.editing]

    def refresh(self) -> list[ft.Control]:
        """Show the timer as it is now; returns the controls whose look changed."""
        timer = self.timer()
        now = self.now()
        if timer is self.shown_timer and self.shown_at <= now < self.shown_until:
            return []  # the same timer, in the same minute: shown as it is
        paused = timer is None or timer.paused
        elapsed = 0 if timer is None else timer.elapsed(now)
        text = "–:––" if timer is None else shown(elapsed)
        self.shown_timer, self.shown_at = timer, now
        self.shown_until = math.inf if paused else now + till_next_minute(elapsed)
        colour = ft.Colors.ON_SURFACE_VARIANT if paused else None
        icon = ft.Icons.PLAY_ARROW if paused else ft.Icons.PAUSE
        changed: list[ft.Control] = []
        if (self.text.value, self.text.color) != (text, colour):
            self.text.value, self.text.color = text, colour
            changed.append(self.text)
        if (self.pause_button.icon, self.pause_button.disabled) != (icon, timer is None):
            tip = self.ctx.t("app.timer_resume" if paused else "app.timer_pause")
            self.pause_button.icon, self.pause_button.tooltip = icon, tip
            self.pause_button.disabled = timer is None
            changed.append(self.pause_button)
        if self.wake is not None and timer != self.waiting_on:
            self.wake.set()  # the minute shown may change at another time now
        return changed

    # --- ticking, on this device's page only -----------------------------------------------
    def start_ticking(self, page: ft.Page) -> None:
        if self.running:
            return
        self.running = True
        self.ctx.leaving.append(self.stop_ticking)  # another screen, or the session over
        page.run_task(self.tick)

    def stop_ticking(self) -> None:
        self.running = False
        if self.wake is not None:
            self.wake.set()

    async def tick(self) -> None:
        """Redraw the timer when the minute it shows changes, until it leaves the page.
        While it is paused there is nothing to redraw: it waits for the next edit."""
        self.wake = asyncio.Event()
        while self.running:
            timer = self.waiting_on = self.timer()
            wait = (
                None
                if timer is None or timer.paused
                else till_next_minute(timer.elapsed(self.now()))
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), wait)
            self.wake.clear()
            if not self.running:
                break
            changed = self.refresh()
            self.wake.clear()  # refresh's own wake-up: nothing new to wait for
            if changed:
                self.show(changed)

    # --- the buttons -------------------------------------------------------------------------
    def on_pause(self) -> None:
        timer = self.timer()
        if timer is None:
            return
        at = self.now()
        self.change(timer.resume(at) if timer.paused else timer.pause(at))

    def on_edit(self) -> None:
        self.editing.visible = not self.editing.visible
        if self.editing.visible:
            timer = self.timer()
            self.field.value = "" if timer is None else shown(timer.elapsed(self.now()))
            self.field.error = None

    def _typed(self, text: str) -> None:
        self.field.value = text

    def on_set(self) -> None:
        """The time typed by hand: the timer goes on from it, or the field says why not."""
        try:
            minutes = read_time(self.field.value or "")
        except ScorepadError as problem:
            self.field.error = problem.message(self.ctx.lang)
            return
        self.field.error = None
        self.editing.visible = False
        at = self.now()
        timer = self.timer()
        if timer is None:  # a sheet from before timers: a paused one, from the time typed
            self.change(Timer(started=at, paused_at=at).set_to(minutes, at))
        else:
            self.change(timer.set_to(minutes, at))
