"""The group server's tests: its histories on a real SQLite file and a real PostgreSQL
database (``tests.store.conftest``), and the HTTP pieces driven as ASGI apps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorepad.store import Store, open_store
from tests.store.conftest import fresh_database


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        with open_store(str(tmp_path / "history.sqlite3")) as opened:
            yield opened
        return
    with fresh_database() as url, open_store(url) as opened:
        yield opened
