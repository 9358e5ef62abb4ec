"""A stepped line's + and − buttons (a quick sheet's +1 / +5 / +10): a tap adds to the
cell's sum, as if the player had typed it.

The cell keeps a sum ("5+1+10-1"), so the additions stay visible and can be corrected by
hand; the sheet shows its result. A tap is an ordinary text edit of the cell
(``edits.TextEdit``), so every device showing the sheet sees it as it sees typing. Before
the sum would pass the longest expression a cell reads (``numbers.MAX_LENGTH``), what it
holds is folded into its value and the tap added to that ("97+1"). Plain Python: tests
drive it without a page.
"""

from __future__ import annotations

from scorepad.core.errors import EntryError
from scorepad.core.numbers import MAX_LENGTH, Number, format_points, read_expression


def tapped(text: str, step: Number) -> str | None:
    """What a cell holding ``text`` holds once ``step`` (+5, or −1 for a − button) is
    tapped in: the step added at the end of the sum ("5" → "5+1"; an empty cell → "5" or
    "-1"), or the sum folded into its value first when the longer text would pass
    ``MAX_LENGTH``. None when ``text`` is not a number or a sum that reads (the player is
    fixing it: a stray tap never overwrites it) or when ``step`` is zero."""
    if step == 0:
        return None
    term = format_points(-step if step < 0 else step)
    sign = "-" if step < 0 else "+"
    held = text.strip()
    if not held:
        return term if step > 0 else f"-{term}"
    try:
        value = read_expression(held)
    except EntryError:
        return None
    added = f"{held}{sign}{term}"
    if len(added) <= MAX_LENGTH:
        return added
    return f"{format_points(value)}{sign}{term}"
