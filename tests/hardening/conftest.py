"""Histories for the hardening tests: a real SQLite file, and a real PostgreSQL database
when $SCOREPAD_TEST_PG reaches a server (skipped with the reason otherwise), as the store's
own tests do."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.store.conftest import fresh_database


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "history.sqlite3")
        return
    with fresh_database() as found:
        yield found
