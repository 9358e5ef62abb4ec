"""The store's sentences (English and Spanish).

Registered with the core's catalogue on import (``errors`` imports this module), so a
``StoreError`` renders in whichever language the CLI or the app asks for.
"""

from __future__ import annotations

from scorepad.core.i18n import register

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
    # --- faults of the disk or the server, each saying that nothing was saved --------
    "store.disk_full": {
        "en": "the disk holding {path} is full: nothing was saved; free some space, "
        "then save again",
        "es": "el disco donde está {path} está lleno: no se ha guardado nada; libera espacio "
        "y vuelve a guardar",
    },
    "store.read_only_folder": {
        "en": "the folder {path} is read-only: Scorepad cannot save the history in it; "
        "nothing was changed",
        "es": "la carpeta {path} es de solo lectura: Scorepad no puede guardar el historial "
        "en ella; no se ha cambiado nada",
    },
    "store.read_only_disk": {
        "en": "the disk holding {path} has turned read-only (the system found an error on "
        "it): nothing was saved",
        "es": "el disco donde está {path} ha pasado a solo lectura (el sistema encontró un "
        "error en él): no se ha guardado nada",
    },
    "store.io_error": {
        "en": "the disk holding {path} failed to read or write (disk I/O error): nothing "
        "was saved; {remedy}",
        "es": "el disco donde está {path} ha fallado al leer o escribir (error de E/S): "
        "no se ha guardado nada; {remedy}",
    },
    "store.gone": {
        "en": "the history file {path} has disappeared (deleted or moved while Scorepad was "
        "running): Scorepad saves nothing until it is back; {remedy}",
        "es": "el archivo de historial {path} ha desaparecido (borrado o movido mientras "
        "Scorepad estaba abierto): Scorepad no guarda nada hasta que vuelva; {remedy}",
    },
    "store.damaged": {
        "en": "the history file {path} is damaged ({detail}): Scorepad saves nothing into "
        "it; {remedy}",
        "es": "el archivo de historial {path} está dañado ({detail}): Scorepad no guarda "
        "nada en él; {remedy}",
    },
    "store.unreachable": {
        "en": "the history database {path} cannot be reached ({detail}): nothing was saved; "
        "save again once it is back",
        "es": "no se puede llegar a la base de datos del historial {path} ({detail}): no se "
        "ha guardado nada; vuelve a guardar cuando esté de nuevo disponible",
    },
    "store.remedy_backup": {
        "en": "Settings → Backups can put back the copy of {when} ({copy})",
        "es": "en Ajustes → Copias de seguridad puedes recuperar la copia del {when} ({copy})",
    },
    "store.remedy_rescued": {
        "en": "its last contents were copied to {copy}: Settings → Backups can put them back",
        "es": "su último contenido se copió en {copy}: en Ajustes → Copias de seguridad "
        "puedes recuperarlo",
    },
    "store.remedy_none": {
        "en": "there is no backup of it to put back",
        "es": "no hay ninguna copia de seguridad que recuperar",
    },
    # --- backups ----------------------------------------------------------------------
    "store.backup_failed": {
        "en": "cannot back up {path}: {detail}",
        "es": "no se puede hacer la copia de seguridad de {path}: {detail}",
    },
    "store.backup_damaged": {
        "en": "cannot back up {path}: the file is damaged ({detail})",
        "es": "no se puede hacer la copia de seguridad de {path}: el archivo está dañado "
        "({detail})",
    },
    "store.backup_unusable": {
        "en": "{path} is not a backup Scorepad can put back ({detail}); nothing was changed",
        "es": "{path} no es una copia que Scorepad pueda recuperar ({detail}); no se ha "
        "cambiado nada",
    },
    "store.backup_unknown": {
        "en": "there is no backup {path}; nothing was changed",
        "es": "no existe la copia {path}; no se ha cambiado nada",
    },
    "store.backups_sqlite_only": {
        "en": "backups are made for history files (SQLite); {path} is a database server: "
        "back it up with the server's own tools (pg_dump)",
        "es": "las copias de seguridad son para archivos de historial (SQLite); {path} es un "
        "servidor de bases de datos: cópialo con sus propias herramientas (pg_dump)",
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
