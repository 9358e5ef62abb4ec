"""How wrong tries are slowed: the one policy for the table's access code (``ui.share``)
and a group server's sign-ins (``accounts.slowing``).

A few wrong tries are free; after them each answer waits twice as long as the one before,
from half a second up to ``MAX_DELAY``. Tries are counted by network address, an IPv6
address by its /64 (one machine holds a whole /64).
"""

from __future__ import annotations

import ipaddress

FREE_TRIES = 3
"""Wrong tries allowed before the answers are slowed down."""
MAX_DELAY = 30.0
"""Seconds: the longest a try is made to wait."""


def delay(wrong: int) -> float:
    """How long the try after ``wrong`` wrong ones waits (0 for the first few)."""
    over = wrong - FREE_TRIES
    return 0.0 if over <= 0 else min(MAX_DELAY, 0.5 * 2 ** min(over - 1, 16))


def network_key(address: str | None) -> str:
    """What counts as one network address: an IPv4 address, an IPv6 /64."""
    if not address:
        return ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
