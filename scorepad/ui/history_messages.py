"""The sentences of History, the play screen and the store's parts of other screens.

Kept apart from ``messages.py`` so that screens built in parallel do not edit one dict.
"""

from __future__ import annotations

from scorepad.core.i18n import register

MESSAGES: dict[str, dict[str, str]] = {
    # --- history ------------------------------------------------------------------------
    "app.history_empty": {
        "en": "No saved play matches these filters.",
        "es": "Ninguna partida guardada coincide con estos filtros.",
    },
    "app.load_more": {"en": "Load more", "es": "Cargar más"},
    "app.filter": {"en": "Filter", "es": "Filtrar"},
    "app.clear_filters": {"en": "Clear", "es": "Quitar filtros"},
    "app.any_game": {"en": "Any game", "es": "Cualquier juego"},
    "app.game": {"en": "Game", "es": "Juego"},
    "app.player": {"en": "Player", "es": "Jugador"},
    "app.since": {"en": "From", "es": "Desde"},
    "app.until": {"en": "To", "es": "Hasta"},
    "app.date_hint": {"en": "YYYY-MM-DD", "es": "AAAA-MM-DD"},
    "app.notes_text": {"en": "Text in the notes", "es": "Texto en las notas"},
    "app.bad_date": {
        "en": "{value} is not a date (write it as 2026-03-31)",
        "es": "{value} no es una fecha (escríbela así: 2026-03-31)",
    },
    "app.won_by": {"en": "Won by {names}", "es": "Gana {names}"},
    "app.shown_n": {"en": "{n} plays shown", "es": "{n} partidas mostradas"},
    # --- one play -----------------------------------------------------------------------
    "app.play_n": {"en": "Play {id}", "es": "Partida {id}"},
    "app.played_on": {"en": "Played on {when}", "es": "Jugada el {when}"},
    "app.edit": {"en": "Edit", "es": "Editar"},
    "app.delete": {"en": "Delete", "es": "Borrar"},
    "app.undo": {"en": "Undo", "es": "Deshacer"},
    "app.deleted": {"en": "Play {id} deleted.", "es": "Partida {id} borrada."},
    "app.restored": {"en": "Play {id} is back.", "es": "La partida {id} ha vuelto."},
    "app.rematch": {"en": "Rematch", "es": "Revancha"},
    "app.rematch_of": {"en": "Rematch: {title}", "es": "Revancha: {title}"},
    "app.print_play": {"en": "Print (PDF)", "es": "Imprimir (PDF)"},
    "app.sheet_gone": {
        "en": "This sheet was saved or thrown away on another device: changes here are "
        "no longer kept. A saved play is in History.",
        "es": "Esta hoja se guardó o se descartó en otro dispositivo: lo que cambies aquí "
        "ya no se guarda. Una partida guardada está en el Historial.",
    },
    "app.print_blank": {"en": "Blank sheet (PDF)", "es": "Hoja en blanco (PDF)"},
    "app.pdf_ready": {"en": "{name} is ready.", "es": "{name} está listo."},
    "app.editing": {
        "en": "Editing play {id}: Save replaces it.",
        "es": "Editando la partida {id}: Guardar la sustituye.",
    },
    "app.cancel_edit": {"en": "Back to the play", "es": "Volver a la partida"},
    "app.points_of": {"en": "{value} ({points} pts)", "es": "{value} ({points} ptos.)"},
    # --- store helpers on other screens -------------------------------------------------
    "app.saved_players": {"en": "Saved players", "es": "Jugadores guardados"},
    "app.used_labels": {"en": "Used before:", "es": "Usadas antes:"},
}

register(MESSAGES)
