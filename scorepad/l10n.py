"""Numbers and dates as each language writes them, through Babel (Unicode CLDR data).

It sits above the core, which stays standard-library only: the core writes points itself
with its catalogue's decimal mark (``scorepad.core.i18n.decimal_mark``, checked against
Babel's by the tests). Babel is imported on first use, so importing this module costs
nothing until a date or a size is written.
"""

from __future__ import annotations

import datetime as dt

from scorepad.core.i18n import tr


def date_text(value: dt.date, lang: str) -> str:
    """A date as printed on a sheet: "2026-03-31", "31/03/2026", "31.03.2026"; the pattern
    is the catalogue's ``format.date``, so each translation chooses its own."""
    from babel.dates import format_date

    return format_date(value, tr("format.date", lang), locale=lang)


def decimal_text(value: float, lang: str, digits: int = 1) -> str:
    """A measure with ``digits`` decimals, no grouping: "1.4" in English, "1,4" in German."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(value, pattern, locale=lang, group_separator=False)
