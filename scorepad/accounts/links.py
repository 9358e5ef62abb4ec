"""The server's public address, and the links made under it.

An invite's token rides in the link's fragment (``https://…/join#TOKEN``): a browser
never sends a fragment, so no proxy's or server's log ever holds it; the join page reads
it and hands it over in the body of its request.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from scorepad.accounts.errors import AccountError
from scorepad.core.errors import quote

JOIN_PATH = "/join"


def public_url(text: str) -> str:
    """``text`` as the server's public address: https (plain http only on this computer's
    own loopback, for trying it out), a host, no query or fragment; no slash at the end."""
    try:
        parts = urlsplit(text.strip())
        host = parts.hostname
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        host = None
    else:
        local = host is not None and (host == "localhost" or _loopback(host))
        secure = parts.scheme == "https" or (parts.scheme == "http" and local)
        if host and secure and not parts.query and not parts.fragment and not parts.username:
            return text.strip().rstrip("/")
    raise AccountError("accounts.bad_url", value=quote(text))


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def join_link(url: str, token: str) -> str:
    return f"{public_url(url)}{JOIN_PATH}#{token}"
