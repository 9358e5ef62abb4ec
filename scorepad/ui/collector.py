"""Python's cycle collector kept off the screens the devices show.

Every device on the app holds its screen as a few thousand Flet controls, for as long as
it stays connected: on a game night, most of the server's memory, nearly all of it
long-lived. Python's generational collector still walks all of it now and then (a full
collection, once what survived the younger collections comes to a quarter of the old
objects). Measured with ``bench/bench_live.py`` on a 2-core machine: each full collection
took 0.4-0.7 s at 40 tables and up to 1.6 s at 120, a pause for every table at once, and
the joining (the heap growing) set off a dozen of them, about a third of the server's time
per device joining.

So once a device's first screen is sent (``joined``), the objects alive then are moved out
of the collector's reach (``gc.freeze``), after a collection of the youngest generation so
that little fresh garbage goes with them. A frozen object is still freed as soon as
nothing refers to it; only garbage held in reference cycles waits: when a session ends
(``left``) everything frozen is given back to the collector (``gc.unfreeze``), and its
next full collection takes that session's screens with it.

Only the app's server does this (``serve`` turns it on): tests that build screens in their
own process leave the collector as Python has it.
"""

from __future__ import annotations

import gc

_on = False


def turn_on() -> None:
    """Keep long-lived screens out of the collector's walks from now on (the server)."""
    global _on
    _on = True
    settled()


def settled() -> None:
    """What is alive now lives on (a device's screen sent, the warm-up done): out of the
    collector's walks, after the youngest generation's garbage is collected."""
    if _on:
        gc.collect(0)
        gc.freeze()


joined = settled
"""A device's first screen is sent."""


def left() -> None:
    """A session is over: everything frozen goes back to the collector, so that its next
    full collection frees the screens of the session gone (and anything else in cycles)."""
    if _on:
        gc.unfreeze()


def turn_off() -> None:
    """Back to Python's own collecting (everything frozen given back)."""
    global _on
    if _on:
        gc.unfreeze()
    _on = False
