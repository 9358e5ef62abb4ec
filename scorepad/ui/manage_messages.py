"""The sentences of the screens that manage the history: Stats, Players, Custom games,
and Settings' export and import (kept apart from ``messages`` so each stays readable)."""

from __future__ import annotations

from scorepad.core.i18n import register

MESSAGES: dict[str, dict[str, str]] = {
    # --- shared ------------------------------------------------------------------------
    "manage.cancel": {"en": "Cancel", "es": "Cancelar"},
    "manage.undo": {"en": "Undo", "es": "Deshacer"},
    "manage.edit": {"en": "Edit", "es": "Editar"},
    "manage.copy": {"en": "Copy as a new game", "es": "Copiar como juego nuevo"},
    "manage.delete": {"en": "Delete", "es": "Borrar"},
    "manage.export": {"en": "Export", "es": "Exportar"},
    "manage.import": {"en": "Import", "es": "Importar"},
    "manage.remove": {"en": "Remove", "es": "Quitar"},
    "manage.move_up": {"en": "Move up", "es": "Subir"},
    "manage.cannot_write": {
        "en": "Cannot write {path}: {detail}",
        "es": "No se puede escribir {path}: {detail}",
    },
    "manage.cannot_read": {
        "en": "Cannot read {path}: {detail}",
        "es": "No se puede leer {path}: {detail}",
    },
    "manage.pasted": {"en": "pasted text", "es": "texto pegado"},
    # --- players -----------------------------------------------------------------------
    "manage.players": {"en": "Everyone", "es": "Todos"},
    "manage.player_name": {"en": "Name", "es": "Nombre"},
    "manage.new_name": {"en": "New name", "es": "Nombre nuevo"},
    "manage.add_player": {"en": "Add a player", "es": "Añadir un jugador"},
    "manage.add": {"en": "Add", "es": "Añadir"},
    "manage.rename": {"en": "Rename", "es": "Renombrar"},
    "manage.plays_n": {"en": "{n} plays", "es": "{n} partidas"},
    "manage.plays_one": {"en": "1 play", "es": "1 partida"},
    "manage.no_players": {
        "en": "No players yet: add one here or save a play.",
        "es": "Aún no hay jugadores: añade uno aquí o guarda una partida.",
    },
    "manage.name_needed": {"en": "Type a name first.", "es": "Escribe antes un nombre."},
    "manage.player_exists": {
        "en": "{name} is already a player.",
        "es": "{name} ya es un jugador.",
    },
    "manage.added": {"en": "{name} added.", "es": "{name} añadido."},
    "manage.renamed": {
        "en": "{old} is now {new}.",
        "es": "{old} ahora se llama {new}.",
    },
    "manage.merge_title": {"en": "Merge two profiles", "es": "Unir dos perfiles"},
    "manage.merge_help": {
        "en": "For one person saved under two names: the first profile's plays move "
        "to the second, then the first is removed.",
        "es": "Para una persona guardada con dos nombres: las partidas del primer perfil "
        "pasan al segundo y el primero desaparece.",
    },
    "manage.merge_from": {"en": "Profile to merge", "es": "Perfil que se une"},
    "manage.merge_into": {"en": "Into", "es": "Con"},
    "manage.merge": {"en": "Merge", "es": "Unir"},
    "manage.merge_choose": {
        "en": "Choose two different players to merge.",
        "es": "Elige dos jugadores distintos para unir.",
    },
    "manage.merge_confirm": {
        "en": "Merge {source} into {target}? All plays are kept: {source}'s plays will "
        "be {target}'s, and the name {source} disappears.",
        "es": "¿Unir {source} con {target}? Se conservan todas las partidas: las de "
        "{source} pasan a ser de {target} y el nombre {source} desaparece.",
    },
    "manage.merged": {
        "en": "{source} merged into {target}; every play kept.",
        "es": "{source} unido a {target}; se conservan todas las partidas.",
    },
    # --- stats -------------------------------------------------------------------------
    "manage.no_stats": {
        "en": "No plays saved yet: stats appear after the first saved play.",
        "es": "Aún no hay partidas guardadas: las estadísticas aparecen tras la primera.",
    },
    "manage.no_wins": {"en": "No wins yet.", "es": "Aún no hay victorias."},
    "manage.player": {"en": "Player", "es": "Jugador"},
    "manage.player_a": {"en": "Player", "es": "Jugador"},
    "manage.player_b": {"en": "Against", "es": "Contra"},
    "manage.by_player": {"en": "By player", "es": "Por jugador"},
    "manage.by_game": {"en": "By game", "es": "Por juego"},
    "manage.share_of_wins": {"en": "Share of wins", "es": "Reparto de victorias"},
    "manage.head_to_head": {"en": "Head to head", "es": "Cara a cara"},
    "manage.plays": {"en": "Plays", "es": "Partidas"},
    "manage.wins": {"en": "Wins", "es": "Victorias"},
    "manage.win_rate": {"en": "Win rate", "es": "% victorias"},
    "manage.average": {"en": "Average", "es": "Media"},
    "manage.best": {"en": "Best", "es": "Mejor"},
    "manage.last_played": {"en": "Last played", "es": "Última"},
    "manage.totals_over_time": {
        "en": "Totals, oldest to newest",
        "es": "Totales, de la más antigua a la más reciente",
    },
    "manage.wins_of": {"en": "{name}: {n}", "es": "{name}: {n}"},
    "manage.game_line": {
        "en": "{plays} plays · best {best} ({holders}) · average winning total {average}",
        "es": "{plays} partidas · mejor {best} ({holders}) · media del ganador {average}",
    },
    "manage.h2h_choose": {
        "en": "Choose two different players.",
        "es": "Elige dos jugadores distintos.",
    },
    "manage.h2h_none": {
        "en": "{a} and {b} have not played together yet.",
        "es": "{a} y {b} aún no han jugado juntos.",
    },
    # --- custom games ------------------------------------------------------------------
    "manage.new_game": {"en": "New game", "es": "Juego nuevo"},
    "manage.edit_game": {"en": "Edit game", "es": "Editar juego"},
    "manage.my_games": {"en": "My games", "es": "Mis juegos"},
    "manage.builtin_games": {"en": "Built-in games", "es": "Juegos incluidos"},
    "manage.no_games": {
        "en": "No games of your own yet: create one or import a game file.",
        "es": "Aún no tienes juegos propios: crea uno o importa un archivo de juego.",
    },
    "manage.lines_n": {"en": "{n} lines", "es": "{n} líneas"},
    "manage.import_game": {"en": "Import a game file", "es": "Importar un archivo de juego"},
    "manage.import_game_help": {
        "en": "The path of a game file (.json) on this computer, or its text pasted in. "
        "A game with the same id as one of yours replaces it.",
        "es": "La ruta de un archivo de juego (.json) en este ordenador, o su texto "
        "pegado. Un juego con el mismo id que uno tuyo lo sustituye.",
    },
    "manage.import_game_source": {
        "en": "File path or game text",
        "es": "Ruta del archivo o texto del juego",
    },
    "manage.import_game_empty": {
        "en": "Give a file path or paste a game file's text.",
        "es": "Indica la ruta de un archivo o pega el texto de un juego.",
    },
    "manage.imported_game": {"en": "{name} imported.", "es": "{name} importado."},
    "manage.exported_game": {"en": "Game saved to {path}", "es": "Juego guardado en {path}"},
    "manage.deleted_game": {"en": "{name} deleted.", "es": "{name} borrado."},
    "manage.restored_game": {"en": "Game restored.", "es": "Juego recuperado."},
    "manage.game_id": {
        "en": "Id (lowercase, digits, - and _)",
        "es": "Id (minúsculas, cifras, - y _)",
    },
    "manage.name_en": {"en": "Name in English", "es": "Nombre en inglés"},
    "manage.name_es": {"en": "Name in Spanish", "es": "Nombre en español"},
    "manage.description_en": {
        "en": "Description in English (optional)",
        "es": "Descripción en inglés (opcional)",
    },
    "manage.description_es": {
        "en": "Description in Spanish (optional)",
        "es": "Descripción en español (opcional)",
    },
    "manage.id": {"en": "Id", "es": "Id"},
    "manage.variants": {"en": "Variants", "es": "Variantes"},
    "manage.variants_help": {
        "en": "Optional: sides or modes (Sintra's side A and B). A play uses one of them; "
        "a line can belong to some only.",
        "es": "Opcional: caras o modos (cara A y B de Sintra). Una partida usa una de "
        "ellas; una línea puede ser solo de algunas.",
    },
    "manage.variant_n": {"en": "Variant {n}", "es": "Variante {n}"},
    "manage.add_variant": {"en": "Add a variant", "es": "Añadir una variante"},
    "manage.min_players": {"en": "Fewest players", "es": "Mínimo de jugadores"},
    "manage.max_players": {"en": "Most players", "es": "Máximo de jugadores"},
    "manage.wins_highest": {"en": "Highest total wins", "es": "Gana el total más alto"},
    "manage.wins_lowest": {"en": "Lowest total wins", "es": "Gana el total más bajo"},
    "manage.lines": {"en": "Lines of the sheet", "es": "Líneas de la hoja"},
    "manage.lines_help": {
        "en": 'Table values are separated by spaces or ";" ("0 0 3 6 10"); "Only in '
        'variants" takes variant ids ("A B").',
        "es": 'Los valores de una tabla se separan con espacios o ";" ("0 0 3 6 10"); '
        '"Solo en variantes" lleva ids de variante ("A B").',
    },
    "manage.line_n": {"en": "Line {n}", "es": "Línea {n}"},
    "manage.add_line": {"en": "Add a line", "es": "Añadir una línea"},
    "manage.key": {"en": "Key", "es": "Clave"},
    "manage.label_en": {"en": "Label in English", "es": "Etiqueta en inglés"},
    "manage.label_es": {"en": "Label in Spanish", "es": "Etiqueta en español"},
    "manage.hint_en": {"en": "Hint in English (optional)", "es": "Ayuda en inglés (opcional)"},
    "manage.hint_es": {"en": "Hint in Spanish (optional)", "es": "Ayuda en español (opcional)"},
    "manage.kind_points": {"en": "Points", "es": "Puntos"},
    "manage.kind_count": {"en": "Count", "es": "Cantidad"},
    "manage.kind_table": {"en": "Table", "es": "Tabla"},
    "manage.kind_check": {"en": "Yes/no", "es": "Sí/no"},
    "manage.kind_product": {"en": "Product", "es": "Producto"},
    "manage.kind_penalty": {"en": "Penalty", "es": "Penalización"},
    "manage.field_min": {"en": "Minimum", "es": "Mínimo"},
    "manage.field_max": {"en": "Maximum", "es": "Máximo"},
    "manage.field_per": {"en": "Points each", "es": "Puntos por unidad"},
    "manage.field_every": {"en": "For every", "es": "Por cada"},
    "manage.field_values": {"en": "Table values", "es": "Valores de la tabla"},
    "manage.field_points": {"en": "Points if yes", "es": "Puntos si sí"},
    "manage.factor_en": {"en": "Factor {n} in English", "es": "Factor {n} en inglés"},
    "manage.factor_es": {"en": "Factor {n} in Spanish", "es": "Factor {n} en español"},
    "manage.factor_max": {"en": "Max. factor {n}", "es": "Máx. factor {n}"},
    "manage.rates_help": {
        "en": "Rates (optional): each player chooses one on the sheet; they replace Points each.",
        "es": "Tarifas (opcional): cada jugador elige una en la hoja; sustituyen a "
        "Puntos por unidad.",
    },
    "manage.rate_n": {"en": "Rate {n}", "es": "Tarifa {n}"},
    "manage.add_rate": {"en": "Add a rate", "es": "Añadir una tarifa"},
    "manage.line_variants": {"en": "Only in variants", "es": "Solo en variantes"},
    "manage.not_added": {
        "en": "Not added to the total (tie-breaks only)",
        "es": "No se suma al total (solo desempata)",
    },
    "manage.halves": {"en": "Halves allowed", "es": "Admite medios puntos"},
    "manage.tiebreakers": {
        "en": "Tie-breakers, in order",
        "es": "Desempates, por orden",
    },
    "manage.tiebreakers_help": {
        "en": 'Terms are line keys, with a weight if not 1: "rows", "glass=1 broken=-1".',
        "es": 'Los términos son claves de línea, con un peso si no es 1: "rows", '
        '"glass=1 broken=-1".',
    },
    "manage.tiebreak_n": {"en": "Tie-breaker {n}", "es": "Desempate {n}"},
    "manage.add_tiebreak": {"en": "Add a tie-breaker", "es": "Añadir un desempate"},
    "manage.terms": {"en": "Terms", "es": "Términos"},
    "manage.prefer_more": {"en": "More wins", "es": "Gana quien tenga más"},
    "manage.prefer_fewer": {"en": "Fewer wins", "es": "Gana quien tenga menos"},
    "manage.reminders": {
        "en": "Reminders printed under the sheet",
        "es": "Recordatorios impresos bajo la hoja",
    },
    "manage.reminders_help": {
        "en": "Optional: what to keep in mind while scoring, in both languages.",
        "es": "Opcional: lo que conviene recordar al puntuar, en los dos idiomas.",
    },
    "manage.reminder_n": {"en": "Reminder {n}", "es": "Recordatorio {n}"},
    "manage.add_reminder": {"en": "Add a reminder", "es": "Añadir un recordatorio"},
    "manage.text_en": {"en": "Text in English", "es": "Texto en inglés"},
    "manage.text_es": {"en": "Text in Spanish", "es": "Texto en español"},
    "manage.preview": {"en": "Preview of the sheet", "es": "Vista previa de la hoja"},
    "manage.preview_waiting": {
        "en": "The preview appears once the game is complete and valid.",
        "es": "La vista previa aparece cuando el juego está completo y es válido.",
    },
    "manage.preview_tiebreak": {"en": "Tie: {label}", "es": "Empate: {label}"},
    "manage.save_game": {"en": "Save game", "es": "Guardar juego"},
    "manage.fix_first": {
        "en": "Fix the marked fields first.",
        "es": "Corrige antes los campos marcados.",
    },
    "manage.required": {"en": "a value is needed", "es": "hace falta un valor"},
    "manage.not_number": {"en": '"{value}" is not a number', "es": '"{value}" no es un número'},
    # --- settings: export and import ---------------------------------------------------
    "manage.history_at": {"en": "History: {label}", "es": "Historial: {label}"},
    "manage.export_history": {"en": "Export the history", "es": "Exportar el historial"},
    "manage.export_path": {"en": "Save as", "es": "Guardar como"},
    "manage.exported": {
        "en": "{n} plays exported to {path}",
        "es": "{n} partidas exportadas a {path}",
    },
    "manage.import_history": {"en": "Import plays", "es": "Importar partidas"},
    "manage.import_help": {
        "en": "A Scorepad history file (.json) or a BG Stats file (.bgsplay) on this computer.",
        "es": "Un archivo de historial de Scorepad (.json) o de BG Stats (.bgsplay) en "
        "este ordenador.",
    },
    "manage.import_path": {"en": "File to import", "es": "Archivo que importar"},
    "manage.import_needed": {
        "en": "Give the path of the file to import.",
        "es": "Indica la ruta del archivo que importar.",
    },
    "manage.imported": {
        "en": "Imported from {path}: {added} new plays, {skipped} already there.",
        "es": "Importado de {path}: {added} partidas nuevas, {skipped} que ya estaban.",
    },
    "manage.exporting": {
        "en": "Exporting to {path}…",
        "es": "Exportando a {path}…",
    },
    "manage.importing": {
        "en": "Importing {path}… (a big history takes a few seconds; the sheets on other "
        "devices go on meanwhile)",
        "es": "Importando {path}… (un historial grande tarda unos segundos; las hojas de "
        "otros dispositivos siguen mientras tanto)",
    },
    "manage.history_failed": {
        "en": "That did not work, and nothing was changed: {detail}",
        "es": "No ha funcionado y no se ha cambiado nada: {detail}",
    },
    # --- settings: backups of the history file -----------------------------------------
    "manage.backups": {"en": "Backups", "es": "Copias de seguridad"},
    "manage.backups_help": {
        "en": "Copies of the history file, made before every upgrade, once on each day "
        "the history is used, and when you ask. Restoring one keeps the current history "
        "as a copy first, so it can be undone.",
        "es": "Copias del archivo de historial, hechas antes de cada actualización, una vez "
        "cada día que se usa y cuando lo pides. Al recuperar una, el historial actual se "
        "guarda antes como copia, así que se puede deshacer.",
    },
    "manage.backups_folder": {"en": "Kept in {folder}", "es": "Guardadas en {folder}"},
    "manage.no_backups": {
        "en": "No backups yet: the first one is made on the next day of use, or now.",
        "es": "Aún no hay copias: la primera se hace el próximo día de uso, o ahora.",
    },
    "manage.backup_now": {"en": "Back up now", "es": "Hacer una copia ahora"},
    "manage.backed_up": {"en": "Copy made: {path}", "es": "Copia hecha: {path}"},
    "manage.backup_restore": {"en": "Restore", "es": "Recuperar"},
    "manage.backup_row": {
        "en": "{when} · {kind} · {size} · {plays}",
        "es": "{when} · {kind} · {size} · {plays}",
    },
    "manage.backup_unreadable": {"en": "cannot be read", "es": "no se puede leer"},
    "manage.backup_kind.daily": {"en": "daily", "es": "diaria"},
    "manage.backup_kind.upgrade": {"en": "before an upgrade", "es": "antes de actualizar"},
    "manage.backup_kind.manual": {"en": "by hand", "es": "manual"},
    "manage.backup_kind.restore": {"en": "before a restore", "es": "antes de recuperar"},
    "manage.backup_kind.rescued": {
        "en": "rescued (the file had disappeared)",
        "es": "rescatada (el archivo había desaparecido)",
    },
    "manage.backup_kind.damaged": {
        "en": "damaged file, kept as it was",
        "es": "archivo dañado, guardado tal cual",
    },
    "manage.restore_title": {"en": "Restore this copy?", "es": "¿Recuperar esta copia?"},
    "manage.restore_question": {
        "en": "The history will be replaced by the copy of {when} ({plays}). The history as "
        "it is now is kept as a copy first, so this can be undone.",
        "es": "El historial se sustituirá por la copia del {when} ({plays}). El historial "
        "tal como está ahora se guarda antes como copia, así que se puede deshacer.",
    },
    "manage.restored": {
        "en": "The copy of {when} is the history now; the one it replaced was kept as {kept}.",
        "es": "La copia del {when} es ahora el historial; el que sustituyó se guardó como {kept}.",
    },
    "manage.restored_nothing_kept": {
        "en": "The copy of {when} is the history now.",
        "es": "La copia del {when} es ahora el historial.",
    },
    "manage.recovered": {
        "en": "{n} plays saved after that copy were read back from the damaged file.",
        "es": "Se han recuperado del archivo dañado {n} partidas guardadas después de esa copia.",
    },
    "manage.backup_problem": {
        "en": "The last automatic copy failed: {problem}",
        "es": "La última copia automática falló: {problem}",
    },
}

register(MESSAGES)
