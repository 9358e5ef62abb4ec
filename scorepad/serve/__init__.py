"""A group's server over HTTP (``scorepad serve``): the pieces in front of the app that
know who a request is from.

- ``forwarded``: the address and scheme a request came with, taken from the reverse
  proxy's headers, and only when the proxy itself sent it;
- ``gate``: the member's session cookie on every request and websocket, the sign-in,
  join and account pages and what their forms send;
- ``pages``: those pages' HTML, in the reader's language.

No Flet here: ``scorepad.ui.server`` puts these in front of the app. Everything about
accounts (passwords, invites, sessions, slowing, the audit log) is ``scorepad.accounts``.
"""
