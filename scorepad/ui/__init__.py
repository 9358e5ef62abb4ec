"""The Flet app: screens composed from small views over plain view-models.

Importing this package does not import Flet; ``scorepad.ui.app`` and ``scorepad.ui.views``
do, and only the ``app`` command loads them.
"""

DEFAULT_PORT = 8550
"""The port the app is served on unless ``--port`` says another (``launch.free_port``
takes the next free one when it is taken). Here, so that the command line's options read
it without loading the app's server."""
