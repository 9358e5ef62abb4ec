"""Registries filled by the modules of a package: each layer keeps its part of a kind (the
core's board kinds, the sheet's, the app's views, the printer's drawings) in one module
per kind that registers itself on import, and asks ``import_modules`` for its package
before it reads its registry. So no list of kinds is kept by hand: a new kind is a new
module.
"""

from __future__ import annotations

import importlib
import pkgutil

_IMPORTED: set[str] = set()
"""The packages whose modules are all imported."""


def import_modules(package: str) -> bool:
    """Imports every module of ``package`` (its dotted name), in the order of their names,
    the first time it is asked; True then, False once they were imported before."""
    if package in _IMPORTED:
        return False
    found = importlib.import_module(package)
    for module in sorted(m.name for m in pkgutil.iter_modules(found.__path__)):
        importlib.import_module(f"{package}.{module}")
    _IMPORTED.add(package)
    return True
