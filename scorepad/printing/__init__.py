"""Printable A4 score sheets (PDF, reportlab).

Importing this package costs nothing: reportlab is loaded only when a sheet is drawn, so
the command line and the app start as fast without printing as with it. The drawing API
lives in ``scorepad.printing.document``:

- ``sheet_pdf(template, variant, lang, players=None, names=()) -> bytes`` and
  ``write_sheet(path, ...)``: a blank sheet, two copies on one A4 page;
- ``played_sheet_pdf(sheet, lang, played_on=None, place=None) -> bytes`` and
  ``write_played_sheet(path, sheet, lang, played_on=None, place=None) -> Path``: a saved
  play filled in (``sheet`` is a ``scorepad.core.ScoredSheet``);
- ``booklet_pdf(pages, lang)``, ``write_printables(folder)``, and ``write_pdf(path, data)``,
  which writes whole or not at all and raises ``PrintError`` naming the path.
"""
