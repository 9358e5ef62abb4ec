"""Wrong sign-ins slowed as wrong access codes are at the table (``core.slowing``: a few
free tries, then twice as long each time, up to half a minute), but counted in the
history so that every process of a server sees the same count.

Tries are counted for the member tried (``member:ID``) and for the network they came from
(``address:NETWORK``). A try is counted *before* its password is checked, and given back
when it was right: tries sent at once, to one process or to several, cannot pass the
count. While a key waits, a try under it is refused without its password being looked at.
A right password clears its member's count, not its address's (a guesser's own account
does not wipe out their guesses at others'). A count left alone for ``FORGET_AFTER`` is
forgotten.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from scorepad.accounts.errors import SlowedDown
from scorepad.core.slowing import delay, network_key
from scorepad.store import AccountRows

FORGET_AFTER = timedelta(hours=1)


def keys(member_id: int | None, address: str | None) -> list[str]:
    found = [f"address:{network_key(address)}"]
    if member_id is not None:
        found.append(f"member:{member_id}")
    return found


def count_try(rows: AccountRows, tried: list[str], now: datetime) -> None:
    """Refuse the try if one of ``tried`` waits, else count it as a wrong one (for now)."""
    held = rows.lock_slowing(tried, now)
    waits = [until for _, _, until in held.values() if until is not None and now < until]
    if waits:
        raise SlowedDown(max(1, math.ceil((max(waits) - now).total_seconds())))
    for key in tried:
        failures, last, _ = held[key]
        failures = 1 if now - last > FORGET_AFTER else failures + 1
        wait = delay(failures)
        rows.set_slowing(key, failures, now, now + timedelta(seconds=wait) if wait else None)


def right(rows: AccountRows, member_key: str, address_key: str, now: datetime) -> None:
    """The try was right: its member's count goes, and its address's counted try is
    given back (the address was not waiting, or the try would not have been made)."""
    rows.clear_slowing([member_key])
    failures, _, _ = rows.slowing([address_key]).get(address_key, (0, now, None))
    if failures <= 1:
        rows.clear_slowing([address_key])
    else:
        rows.set_slowing(address_key, failures - 1, now, None)
