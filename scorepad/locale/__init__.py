"""The app's message catalogues: ``<lang>/LC_MESSAGES/scorepad.po`` (compiled beside it to
``scorepad.mo``, which is what ``scorepad.core.i18n`` reads).

Each message id is a stable key (``app.save``). The English catalogue is the source: its
``msgstr`` is the English text, and ``scorepad.pot`` is made from it by
``pybabel extract -F babel.cfg`` (see ``extract.py``), carrying the English text to every
other catalogue as a comment a translator sees beside each key.
docs/develop/translations.md gives the commands.
"""
