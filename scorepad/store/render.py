"""The head-to-head sentence, said by both the app's Stats screen and ``scorepad stats``.

What only the command line prints (tables, JSON) lives in ``scorepad.cli``.
"""

from __future__ import annotations

from scorepad.core.i18n import tr
from scorepad.store.records import HeadToHead


def render_h2h(h2h: HeadToHead, lang: str) -> str:
    return tr(
        "store.stats.h2h",
        lang,
        a=h2h.a,
        b=h2h.b,
        plays=h2h.plays,
        a_ahead=h2h.a_ahead,
        b_ahead=h2h.b_ahead,
        level=h2h.level,
        a_wins=h2h.a_wins,
        b_wins=h2h.b_wins,
    )
