"""Printable A4 score sheets (PDF, reportlab).

Importing this package costs nothing: reportlab is loaded only when a sheet is drawn, so
the command line and the app start as fast without printing as with it. The drawing API
lives in ``scorepad.printing.document``: ``write_sheet``, ``write_played_sheet``,
``write_booklet`` and ``write_printables``.
"""
