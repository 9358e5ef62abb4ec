"""The accounts' refusals: a message id and its fields, said in the reader's language.

A refused sign-in never says which part was wrong (the group, the name or the password).
"""

from __future__ import annotations

from scorepad.core.errors import ScorepadError


class AccountError(ScorepadError):
    """A request about groups, members, invites or sessions that cannot be done as asked."""


class SignInRefused(AccountError):
    """A wrong group, name or password, said alike for each."""

    def __init__(self) -> None:
        super().__init__("accounts.sign_in_refused")


class SlowedDown(AccountError):
    """Too many wrong sign-ins lately: the next try is taken in ``seconds``."""

    def __init__(self, seconds: int) -> None:
        super().__init__("accounts.slowed", seconds=seconds)
        self.seconds = seconds
