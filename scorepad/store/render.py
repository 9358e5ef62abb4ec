"""The head-to-head sentence, said by both the app's Stats screen and ``scorepad stats``.

What only the command line prints (tables, JSON) lives in ``scorepad.cli``.
"""

from __future__ import annotations

from scorepad.core.i18n import tr
from scorepad.store.records import HeadToHead


def render_h2h(h2h: HeadToHead, lang: str) -> str:
    """Who finished ahead and who won in the plays each played for themselves, then the
    co-operative plays apart, won or lost together (only the parts there are plays for)."""
    apart = h2h.plays - h2h.coop_plays
    said = []
    if apart or not h2h.coop_plays:
        said.append(
            tr(
                "store.stats.h2h",
                lang,
                a=h2h.a,
                b=h2h.b,
                plays=apart,
                a_ahead=h2h.a_ahead,
                b_ahead=h2h.b_ahead,
                level=h2h.level,
                a_wins=h2h.a_wins,
                b_wins=h2h.b_wins,
            )
        )
    if h2h.coop_plays:
        said.append(
            tr(
                "store.stats.h2h_coop",
                lang,
                a=h2h.a,
                b=h2h.b,
                plays=h2h.coop_plays,
                won=h2h.coop_wins,
                lost=h2h.coop_plays - h2h.coop_wins,
            )
        )
    return " ".join(said)
