"""Markers that follow from what a test uses, so that a new test is marked without anyone
remembering to: ``browser`` for every test that asks for the ``browser`` fixture (Chromium
through Playwright, directly or through ``app``), ``postgres`` for every test that asks for
a PostgreSQL database (``pg_url``, ``pg_url_2``) or runs in a ``"postgresql"``
parametrisation of a fixture (the store's and the hardening tests' ``url``, the import
fuzzer's ``target``).
``slow`` is set by hand, on the modules that are slow as a whole.

``pytest -m "not browser and not postgres"`` is then the fast loop (see
docs/develop/testing.md); the markers are registered in pyproject.toml (``--strict-markers``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).with_name("app")))  # the app's test helpers, below
import bundle_build

settings.register_profile("scorepad", deadline=None)
settings.load_profile("scorepad")
"""Property tests are judged on what they find, never on the time an example took: a
machine busy with other work (a CI runner, the browser tests' servers) once took 461 ms
over a 200 ms deadline on a sum of a few rounds. Speed is the benches' business."""

BROWSER_FIXTURES = frozenset({"browser"})
POSTGRES_FIXTURES = frozenset({"pg_url", "pg_url_2"})
POSTGRES_PARAM = "postgresql"
LONG_MARKERS = ("browser", "slow")


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
    # The long tests first, the short ones after (each kind in its own order): with
    # ``pytest -n`` the processes take the tests in this order, so the run ends on short
    # tests, not on one process finishing a minute-long one while the other waits.
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONG_MARKERS))


SESSION_BUILD = pytest.StashKey["bundle_build.BundleBuild | None"]()


def pytest_configure(config: pytest.Config) -> None:
    """With ``pytest -n`` (pytest-xdist) the bundle's build starts here, once, before the
    workers do (``bundle_build.start_for_workers``)."""
    several = getattr(config.option, "numprocesses", None)
    if several and not hasattr(config, "workerinput"):
        config.stash[SESSION_BUILD] = bundle_build.start_for_workers(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    build = config.stash.get(SESSION_BUILD, None)
    if build is not None:
        build.close()  # after every worker has ended
