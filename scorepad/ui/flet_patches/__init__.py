"""Every function of Flet's own that Scorepad replaces, in one place, each with the change
in Flet that would let it go.

Flet is pinned (``FLET_VERSION``, pyproject.toml) because these replacements copy or
stand in for private parts of it: for speed on a live sheet, ``events`` (what Flet works
out for every event a browser sends, and for every control new on a page) and ``sender``
(several controls' changes sent as one message); and ``session_start`` (a device that
leaves while its first screen is drawn ends its session without a traceback on the
host). ``REPLACEMENTS`` lists them as data: what each replaces, Flet's own function and
ours, the Flet functions whose shape it relies on with a digest of their source in the
pinned Flet, and the upstream change that would make it unneeded.
``tests/app/test_flet_patches.py`` checks the digests against the installed Flet (a Flet
whose function changed fails there, naming the replacement to look at again) and that
each replacement is installed where Flet looks it up; the tests beside it
(``test_flet_patches_events.py``, ``test_flet_patches_sender.py``,
``test_session_start.py``) hold each replacement to the answers of Flet's own, and the
browser tests run them for real.

To move to a new Flet: for each replacement whose digest no longer matches, read Flet's
new function; if the upstream change named below has landed, remove the replacement
(and its entry); else bring ours in line with Flet's new code and record the new digest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scorepad.ui.flet_patches import events, sender, session_start
from scorepad.ui.flet_patches.events import remember_event_types
from scorepad.ui.flet_patches.sender import Sender, count_rebuilds
from scorepad.ui.flet_patches.session_start import keep_the_starting_session

__all__ = [
    "FLET_VERSION",
    "REPLACEMENTS",
    "Replacement",
    "Sender",
    "keep_the_starting_session",
    "remember_event_types",
]

FLET_VERSION = "1.0.5"
"""The Flet these replacements were written against (``flet==`` in pyproject.toml)."""


@dataclass(frozen=True)
class Replacement:
    name: str
    where: tuple[Any, str]
    """The object and the attribute Flet looks the function up by, and that ours replaces
    (a module's global name or a class's method)."""
    flets: Callable[..., Any]
    """Flet's own function, as Flet defines it (kept before ours took its place)."""
    ours: Callable[..., Any]
    install: Callable[[], None]
    """Puts ours in its place (again: changes nothing)."""
    pinned: Mapping[str, str]
    """The Flet functions ours copies or relies on (dotted name, a method by its class) →
    the first 16 hex digits of the SHA-256 of their source in ``FLET_VERSION``."""
    upstream: str
    """The change in Flet that would let the replacement go."""


REPLACEMENTS: tuple[Replacement, ...] = (
    Replacement(
        name="event types remembered per control class and event",
        where=(events.base_control, "get_event_field_type"),
        flets=events.flets_own,
        ours=events.event_type,
        install=remember_event_types,
        pinned={
            "flet.controls.control_event.get_event_field_type": "071056c2f4bf7c1c",
            "flet.controls.base_control.BaseControl._trigger_event": "afe9ec009b324ff7",
        },
        upstream=(
            "Flet resolves each control class's event types once (when ``@control`` "
            "builds the class, or ``get_event_field_type`` memoised per class and field "
            "name) instead of evaluating the class's annotations for every event."
        ),
    ),
    Replacement(
        name="a handler's parameters counted once per function",
        where=(events.base_control, "get_param_count"),
        flets=events.flets_param_count,
        ours=events.param_count,
        install=remember_event_types,
        pinned={
            "flet.utils.object_model.get_param_count": "3977171a897596a2",
            "flet.controls.base_control.BaseControl._trigger_event": "afe9ec009b324ff7",
        },
        upstream=(
            "Flet's ``_trigger_event`` keeps a handler's parameter count (per function "
            "code) instead of calling ``inspect.signature`` on every event."
        ),
    ),
    Replacement(
        name="a control class's field types remembered for the values a browser sends",
        where=(events.object_model, "get_type_hints"),
        flets=events.flets_type_hints,
        ours=events.type_hints,
        install=remember_event_types,
        pinned={"flet.utils.object_model.patch_dataclass": "e5520c284a9b8487"},
        upstream=(
            "Flet's ``patch_dataclass`` resolves a class's field types once per class "
            "(and resolves a text field's without failing into its fallback) instead of "
            "``typing.get_type_hints`` for every value a browser sends."
        ),
    ),
    Replacement(
        name="new controls prepared from a plan per class, plain values passed over",
        where=(events.DiffBuilder, "_configure_dataclass"),
        flets=events.flets_configure,
        ours=events.configure,
        install=remember_event_types,
        pinned={"flet.controls.object_patch.DiffBuilder._configure_dataclass": "fbbb21ab0ef5bcaa"},
        upstream=(
            "Flet's ``DiffBuilder._configure_dataclass`` skips plain values (None, text, "
            "numbers, booleans) before making a generator for them, and walks a "
            "control's own non-default values (``_values``) instead of every field."
        ),
    ),
    Replacement(
        name="several controls' changes sent as one message",
        where=(sender.Session, "patch_control"),
        flets=sender.flets_patch_control,
        ours=sender.counting_patch_control,
        install=count_rebuilds,
        pinned={
            "flet.messaging.session.Session.patch_control": "870102dfe8f9e97c",
            "flet.messaging.session.Session._Session__send_message": "d66f68b58bb8b865",
            "flet.controls.object_patch.ObjectPatch.to_message": "3ef894520f6f8b80",
            "flet.controls.object_patch.DiffBuilder._compare_dataclasses": "0bc5db79c8c1f61b",
        },
        upstream=(
            "Flet's ``page.update(a, b, c)`` sends the changes of all the controls given "
            "as one ``PatchControl`` message (one patch from a common ancestor) instead "
            "of one message per control; ``Sender`` then becomes ``page.update``, and "
            "Flet's own updates need no counting."
        ),
    ),
    Replacement(
        name="a session's first screen handed to the session it was drawn for",
        where=(session_start.FletApp, "_FletApp__on_session_created"),
        flets=session_start.flets_on_session_created,
        ours=session_start.on_session_created,
        install=keep_the_starting_session,
        pinned={
            "flet_web.fastapi.flet_app.FletApp._FletApp__on_session_created": "fd5835cf878077ca",
        },
        upstream=(
            "Flet's ``FletApp.__on_session_created`` reads ``self.__session`` once into a "
            "local before awaiting ``main``, so that a device leaving meanwhile (which sets "
            "``self.__session`` to None) no longer makes its last ``after_event`` raise."
        ),
    ),
)
"""Flet's functions replaced, in the order they are looked up on a live sheet."""
