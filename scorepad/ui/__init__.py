"""The Flet app: screens composed from small views over plain view-models.

Importing this package does not import Flet; ``scorepad.ui.app`` and ``scorepad.ui.views``
do, and only the ``app`` command loads them.
"""
