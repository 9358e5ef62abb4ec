"""The store's sentences (English and Spanish) and its error type.

Registered with the core's catalogue on import, so a ``StoreError`` renders in whichever
language the CLI or the app asks for.
"""

from __future__ import annotations

from scorepad.core.errors import ScorepadError
from scorepad.core.i18n import register


class StoreError(ScorepadError):
    """A history that cannot be opened, read or changed as asked, or a bad import record."""


MESSAGES: dict[str, dict[str, str]] = {
    "store.not_database": {
        "en": "{path} is not a Scorepad history file (not an SQLite database); "
        "it was left as it is",
        "es": "{path} no es un archivo de historial de Scorepad (no es una base SQLite); "
        "no se ha tocado",
    },
    "store.read_only": {
        "en": "{path} is read-only: Scorepad cannot save to it; nothing was changed",
        "es": "{path} es de solo lectura: Scorepad no puede guardar en él; no se ha cambiado nada",
    },
    "store.cannot_open": {
        "en": "cannot open the history at {path}: {detail}",
        "es": "no se puede abrir el historial en {path}: {detail}",
    },
    "store.newer": {
        "en": "{path} was written by a newer Scorepad (schema {revision}); "
        "update Scorepad to open it",
        "es": "{path} lo escribió un Scorepad más reciente (esquema {revision}); "
        "actualiza Scorepad para abrirlo",
    },
    "store.busy": {
        "en": "the history at {path} stayed busy (another program is writing); try again",
        "es": "el historial en {path} sigue ocupado (otro programa está escribiendo); "
        "inténtalo de nuevo",
    },
    "store.no_play": {
        "en": "there is no play {value} in the history",
        "es": "no hay ninguna partida {value} en el historial",
    },
    "store.no_player": {
        "en": "there is no player called {value} in the history",
        "es": "no hay ningún jugador llamado {value} en el historial",
    },
    "store.no_game": {
        "en": "there is no game {value}; known games: {choices}",
        "es": "no hay ningún juego {value}; juegos conocidos: {choices}",
    },
    "store.player_exists": {
        "en": "a player called {value} already exists; merge the two profiles instead",
        "es": "ya existe un jugador llamado {value}; fusiona los dos perfiles en su lugar",
    },
    "store.bad_name": {
        "en": "a player's name cannot be empty",
        "es": "el nombre de un jugador no puede estar vacío",
    },
    "store.merge_same": {
        "en": "{value} cannot be merged into itself",
        "es": "{value} no se puede fusionar consigo mismo",
    },
    "store.merge_same_play": {
        "en": "{a} and {b} both played in play {play}: they are different people",
        "es": "{a} y {b} jugaron los dos en la partida {play}: son personas distintas",
    },
    "store.builtin_game": {
        "en": "{value} is a built-in game; give your game another id",
        "es": "{value} es un juego incluido; da a tu juego otro id",
    },
    "store.game_exists": {
        "en": "a game with id {value} already exists",
        "es": "ya existe un juego con id {value}",
    },
    "store.not_custom": {
        "en": "{value} is not one of your own games",
        "es": "{value} no es uno de tus juegos",
    },
    "store.bad_date": {
        "en": "{value} is not a date (use YYYY-MM-DD or YYYY-MM-DDTHH:MM)",
        "es": "{value} no es una fecha (usa AAAA-MM-DD o AAAA-MM-DDTHH:MM)",
    },
    "store.bad_duration": {
        "en": "the duration {value} must be a whole number of minutes from 0 to {limit}",
        "es": "la duración {value} debe ser un número entero de minutos de 0 a {limit}",
    },
    "store.bad_text": {
        "en": "{field}: {problem}",
        "es": "{field}: {problem}",
    },
    "store.bad_player_name": {
        "en": "a player's name: {problem}",
        "es": "nombre de jugador: {problem}",
    },
    "store.bad_uid": {
        "en": "the play id {value} must be 1 to {limit} characters of plain text",
        "es": "el identificador de partida {value} debe tener de 1 a {limit} caracteres de "
        "texto normal",
    },
    "store.import_unreadable": {
        "en": "{source}: not a file Scorepad can import ({detail}); nothing was imported",
        "es": "{source}: no es un archivo que Scorepad pueda importar ({detail}); "
        "no se importó nada",
    },
    "store.import_record": {
        "en": "{source}: {record}: {problem}; nothing was imported",
        "es": "{source}: {record}: {problem}; no se importó nada",
    },
    "store.import_field": {
        "en": "{field} is missing or not {expected}",
        "es": "falta {field} o no es {expected}",
    },
    "store.import_total": {
        "en": "{player}'s total {given} does not match the sheet ({computed})",
        "es": "el total de {player}, {given}, no coincide con la hoja ({computed})",
    },
    "store.import_template": {
        "en": "the play uses template {value}, which the file does not contain",
        "es": "la partida usa la plantilla {value}, que el archivo no contiene",
    },
    "store.import_ref": {
        "en": "{field} {value} is not in the file",
        "es": "{field} {value} no está en el archivo",
    },
    "store.imported": {
        "en": "imported {plays} plays ({skipped} already in the history) from {source}",
        "es": "importadas {plays} partidas ({skipped} ya estaban en el historial) desde {source}",
    },
    "store.exported": {
        "en": "exported {plays} plays to {path}",
        "es": "exportadas {plays} partidas a {path}",
    },
    "store.saved": {
        "en": "saved as play {play} in {path}",
        "es": "guardada como partida {play} en {path}",
    },
    "store.cannot_write": {
        "en": "cannot write {path}: {detail}",
        "es": "no se puede escribir {path}: {detail}",
    },
    "store.no_plays": {
        "en": "no plays yet",
        "es": "todavía no hay partidas",
    },
    "store.bgstats_score": {
        "en": "BG Stats score",
        "es": "Puntos de BG Stats",
    },
    "store.bgstats_won": {
        "en": "Marked as winner in BG Stats",
        "es": "Marcado como ganador en BG Stats",
    },
    "store.bad_score": {
        "en": "the score {value} is not a number",
        "es": "la puntuación {value} no es un número",
    },
    # --- the words of history and stats tables --------------------------------------
    "store.col.date": {"en": "Date", "es": "Fecha"},
    "store.col.game": {"en": "Game", "es": "Juego"},
    "store.col.players": {"en": "Players (total)", "es": "Jugadores (total)"},
    "store.col.winner": {"en": "Winner", "es": "Ganador"},
    "store.stats.player": {
        "en": "{name}: {plays} plays, {wins} wins ({rate}), average {average}, best {best}, "
        "last played {last}",
        "es": "{name}: {plays} partidas, {wins} victorias ({rate}), media {average}, mejor {best}, "
        "última partida {last}",
    },
    "store.stats.game": {
        "en": "{name}: {plays} plays, best total {best} by {holders}, average winning total "
        "{average}",
        "es": "{name}: {plays} partidas, mejor total {best} de {holders}, total ganador medio "
        "{average}",
    },
    "store.stats.h2h": {
        "en": "{a} vs {b}: {plays} plays together; {a} ahead {a_ahead}, {b} ahead {b_ahead}, "
        "level {level}; wins {a_wins}–{b_wins}",
        "es": "{a} contra {b}: {plays} partidas juntos; {a} por delante {a_ahead}, {b} por "
        "delante {b_ahead}, empatados {level}; victorias {a_wins}–{b_wins}",
    },
    "store.stats.distribution": {"en": "Totals", "es": "Totales"},
}

register(MESSAGES)
