"""Markers that follow from what a test uses, so that a new test is marked without anyone
remembering to: ``browser`` for every test that asks for the ``browser`` fixture (Chromium
through Playwright, directly or through ``app``), ``postgres`` for every test that asks for
a PostgreSQL database (``pg_url``, ``pg_url_2``) or runs in a ``"postgresql"``
parametrisation of a fixture (the store's and the hardening tests' ``url``, the import
fuzzer's ``target``). ``slow`` is set by hand, on the modules that are slow as a whole.

``pytest -m "not browser and not postgres"`` is then the fast loop (see the README's
"Run the tests"); the markers are registered in pyproject.toml (``--strict-markers``).
"""

from __future__ import annotations

import pytest

BROWSER_FIXTURES = frozenset({"browser"})
POSTGRES_FIXTURES = frozenset({"pg_url", "pg_url_2"})
POSTGRES_PARAM = "postgresql"


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        if names & POSTGRES_FIXTURES or any(value == POSTGRES_PARAM for value in params):
            item.add_marker(pytest.mark.postgres)
