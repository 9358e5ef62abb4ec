"""Every file the app reads at run time ships in the wheel and in the bundle (both take
pyproject.toml's package-data): a file left out works from a checkout and fails installed."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {".py", ".pyc", ".po", ".pot"}  # code, and the catalogues' sources (the .mo files ship)


def test_every_file_of_the_package_is_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["package-data"]["scorepad"]
    package = ROOT / "scorepad"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    data = {
        path
        for path in package.rglob("*")
        if path.is_file() and path.suffix not in SOURCES and "__pycache__" not in path.parts
    }
    assert package / "games" / "azul.json" in data
    assert data - shipped == set(), "add these to [tool.setuptools.package-data]"
