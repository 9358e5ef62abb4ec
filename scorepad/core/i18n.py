"""The translation layer: every sentence a person reads comes from here.

Game data carries its own labels as ``{"en": ..., "es": ...}`` mappings (``Text``); the
app's own sentences live in ``MESSAGES`` below, keyed by a stable id, and are filled in
with ``str.format`` fields. A test checks that every message exists in every language with
the same fields.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

LANGS: tuple[str, ...] = ("en", "es")
DEFAULT_LANG = "en"

Text = Mapping[str, str]
"""A label in every language: ``{"en": "Complete rows", "es": "Filas completas"}``."""


def pick(text: Text, lang: str) -> str:
    """The text in ``lang``, falling back to English, then to any language present."""
    return text.get(lang) or text.get(DEFAULT_LANG) or next(iter(text.values()), "")


def tr(key: str, lang: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang`` with its fields filled in."""
    return pick(MESSAGES[key], lang).format(**fields)


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add a layer's own messages (store, printing, app) to the one catalogue.

    Each layer keeps its sentences beside its code and registers them on import; a key
    may be registered once, and every message must exist in every language.
    """
    for key, texts in messages.items():
        if key in MESSAGES:
            raise ValueError(f"message {key!r} is registered twice")
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {key!r} has no text in {', '.join(missing)}")
        MESSAGES[key] = dict(texts)


def choose_lang(requested: str | None = None) -> str:
    """``requested`` if given, else SCOREPAD_LANG, else the locale (LANG), else English."""
    for candidate in (requested, os.environ.get("SCOREPAD_LANG"), os.environ.get("LANG")):
        if candidate:
            code = candidate.split("_")[0].split(".")[0].lower()
            if code in LANGS:
                return code
    return DEFAULT_LANG


def join_words(words: Sequence[str], lang: str) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Carla" (and "y" in Spanish)."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {tr('and', lang)} {words[-1]}"


MESSAGES: dict[str, dict[str, str]] = {
    "and": {"en": "and", "es": "y"},
    # --- the result sentence of a scored sheet -------------------------------------
    "result.solo": {"en": "{name} scores {points}.", "es": "{name} suma {points}."},
    "result.total": {
        "en": "{name} wins with {points}.",
        "es": "{name} gana con {points}.",
    },
    "result.total_lowest": {
        "en": "{name} wins with the lowest total, {points}.",
        "es": "{name} gana con el total más bajo, {points}.",
    },
    "result.tiebreak": {
        "en": "Tie on {total}: {name} wins on {rule}, {value} to {others}.",
        "es": "Empate a {total}: gana {name} por {rule}, {value} a {others}.",
    },
    "result.tiebreak_after": {
        "en": "Tie on {total}, and still on {tied}: {name} wins on {rule}, {value} to {others}.",
        "es": "Empate a {total}, y también en {tied}: gana {name} por {rule}, {value} a {others}.",
    },
    "result.shared": {
        "en": "Shared victory on {total}: {names}.",
        "es": "Victoria compartida con {total}: {names}.",
    },
    "result.shared_after": {
        "en": "Shared victory on {total}, still tied on {tied}: {names}.",
        "es": "Victoria compartida con {total}, con empate también en {tied}: {names}.",
    },
    "result.points": {"en": "{points} points", "es": "{points} puntos"},
    "result.point": {"en": "1 point", "es": "1 punto"},
    # --- problems with what was entered -----------------------------------------------
    "entry.where": {
        "en": '{player}, line "{line}" ({label}): {problem}',
        "es": '{player}, línea "{line}" ({label}): {problem}',
    },
    "entry.where_extra": {
        "en": "{player}, by-hand line {position}: {problem}",
        "es": "{player}, línea a mano {position}: {problem}",
    },
    "entry.where_player": {"en": "{player}: {problem}", "es": "{player}: {problem}"},
    "entry.not_number": {
        "en": "{value} is not a number",
        "es": "{value} no es un número",
    },
    "entry.not_whole": {
        "en": "{value} is not a whole number",
        "es": "{value} no es un número entero",
    },
    "entry.not_half": {
        "en": "{value} is not a whole number or a half",
        "es": "{value} no es un número entero ni acaba en ,5",
    },
    "entry.below_min": {
        "en": "{value} is below the minimum, {limit}",
        "es": "{value} está por debajo del mínimo, {limit}",
    },
    "entry.above_max": {
        "en": "{value} is above the maximum, {limit}",
        "es": "{value} está por encima del máximo, {limit}",
    },
    "entry.too_large": {
        "en": "{value} is too large for a score",
        "es": "{value} es demasiado grande para una puntuación",
    },
    "entry.not_yes_no": {
        "en": "{value} is not yes or no (write true or false)",
        "es": "{value} no es sí o no (escribe true o false)",
    },
    "entry.not_pair": {
        "en": "{value} is not a pair of whole numbers such as [4, 5]",
        "es": "{value} no es un par de números enteros como [4, 5]",
    },
    "entry.factor": {
        "en": "{factor}: {problem}",
        "es": "{factor}: {problem}",
    },
    "entry.not_rated": {
        "en": '{value} is not a count with a rate such as {{"count": 3, "rate": "{rate}"}}',
        "es": '{value} no es una cantidad con tarifa como {{"count": 3, "rate": "{rate}"}}',
    },
    "entry.unknown_rate": {
        "en": "unknown rate {value}; choose {choices}",
        "es": "tarifa desconocida {value}; elige {choices}",
    },
    "entry.unknown_line": {
        "en": "unknown line {value}; this sheet has {choices}",
        "es": "línea desconocida {value}; esta hoja tiene {choices}",
    },
    "entry.line_not_in_variant": {
        "en": "line {value} is not on {variant}",
        "es": "la línea {value} no está en {variant}",
    },
    "entry.extra_label": {
        "en": "a by-hand line needs a label",
        "es": "una línea a mano necesita un nombre",
    },
    "entry.extra_shape": {
        "en": '{value} is not a by-hand line such as {{"label": "Bonus", "points": 3}}',
        "es": '{value} no es una línea a mano como {{"label": "Bonus", "points": 3}}',
    },
    # --- problems with the sheet as a whole -----------------------------------------------
    "sheet.not_json": {
        "en": "{source}: not a valid JSON file (line {line}, column {column})",
        "es": "{source}: no es un archivo JSON válido (línea {line}, columna {column})",
    },
    "sheet.number_too_long": {
        "en": "{source}: a number in the file has too many digits",
        "es": "{source}: un número del archivo tiene demasiadas cifras",
    },
    "sheet.duplicate_key": {
        "en": "{source}: the key {value} appears twice in one object; keep only one",
        "es": "{source}: la clave {value} aparece dos veces en un mismo objeto; deja solo una",
    },
    "sheet.too_deep": {
        "en": "{source}: lists and objects are nested too deeply to be a sheet or a game",
        "es": "{source}: hay listas y objetos anidados demasiado hondo para una hoja o un juego",
    },
    "sheet.total_too_large": {
        "en": "{player}: the points add up beyond ±{limit}, more than any sheet holds",
        "es": "{player}: los puntos suman más allá de ±{limit}, más de lo que cabe en una hoja",
    },
    "sheet.not_object": {
        "en": '{source}: a sheet file is a JSON object with "game" and "players"',
        "es": '{source}: un archivo de hoja es un objeto JSON con "game" y "players"',
    },
    "sheet.unknown_field": {
        "en": "{source}: unknown field {value}; a sheet has {choices}",
        "es": "{source}: campo desconocido {value}; una hoja tiene {choices}",
    },
    "sheet.no_game": {
        "en": '{source}: no "game"; choose one of {choices}',
        "es": '{source}: falta "game"; elige uno de {choices}',
    },
    "sheet.unknown_game": {
        "en": "unknown game {value}; choose one of {choices}",
        "es": "juego desconocido {value}; elige uno de {choices}",
    },
    "sheet.no_variant": {
        "en": "{game} needs a variant: {choices}",
        "es": "{game} necesita una variante: {choices}",
    },
    "sheet.unknown_variant": {
        "en": "{game} has no variant {value}; choose {choices}",
        "es": "{game} no tiene la variante {value}; elige {choices}",
    },
    "sheet.variant_not_expected": {
        "en": "{game} has no variants, but the sheet names {value}",
        "es": "{game} no tiene variantes, pero la hoja indica {value}",
    },
    "sheet.players_not_list": {
        "en": '{source}: "players" is a list of players',
        "es": '{source}: "players" es una lista de jugadores',
    },
    "sheet.player_count": {
        "en": "{game} is for {low} to {high} players, not {count}",
        "es": "{game} es para {low} a {high} jugadores, no {count}",
    },
    "sheet.player_not_object": {
        "en": 'player {position}: {value} is not a player such as {{"name": "Ana", "lines": {{}}}}',
        "es": 'jugador {position}: {value} no es un jugador como {{"name": "Ana", "lines": {{}}}}',
    },
    "sheet.player_field": {
        "en": "player {position}: unknown field {value}; a player has {choices}",
        "es": "jugador {position}: campo desconocido {value}; un jugador tiene {choices}",
    },
    "sheet.player_name": {
        "en": "player {position}: a player needs a name",
        "es": "jugador {position}: cada jugador necesita un nombre",
    },
    "sheet.duplicate_name": {
        "en": "two players are called {value}; give each a different name",
        "es": "hay dos jugadores llamados {value}; dales nombres distintos",
    },
    "sheet.lines_not_object": {
        "en": '"lines" is an object of line keys and values, not {value}',
        "es": '"lines" es un objeto de claves de línea y valores, no {value}',
    },
    "sheet.extra_not_list": {
        "en": '"extra" is a list of by-hand lines, not {value}',
        "es": '"extra" es una lista de líneas a mano, no {value}',
    },
    "file.not_found": {"en": "no such file", "es": "no existe"},
    "file.denied": {"en": "permission denied", "es": "permiso denegado"},
    "file.is_folder": {"en": "it is a folder", "es": "es una carpeta"},
    "file.not_utf8": {"en": "not UTF-8 text", "es": "no es texto UTF-8"},
    "sheet.unreadable": {
        "en": "{source}: cannot be read ({detail})",
        "es": "{source}: no se puede leer ({detail})",
    },
    # --- problems with a game template ----------------------------------------------------
    "template.where": {
        "en": "{source}: {path}: {problem}",
        "es": "{source}: {path}: {problem}",
    },
    "template.missing": {"en": "missing {value}", "es": "falta {value}"},
    "template.unknown_field": {
        "en": "unknown field {value}; allowed here: {choices}",
        "es": "campo desconocido {value}; aquí se admite: {choices}",
    },
    "template.wrong_type": {
        "en": "{value} should be {expected}",
        "es": "{value} debería ser {expected}",
    },
    "template.unknown_kind": {
        "en": "unknown kind {value}; choose {choices}",
        "es": "tipo desconocido {value}; elige {choices}",
    },
    "template.duplicate_key": {
        "en": "the line key {value} is used twice",
        "es": "la clave de línea {value} está repetida",
    },
    "template.duplicate_variant": {
        "en": "the variant {value} is declared twice",
        "es": "la variante {value} está repetida",
    },
    "template.duplicate_rate": {
        "en": "the rate {value} is declared twice",
        "es": "la tarifa {value} está repetida",
    },
    "template.bad_key": {
        "en": "{value} is not a valid key (lower-case letters, digits, _ and -)",
        "es": "{value} no es una clave válida (minúsculas, cifras, _ y -)",
    },
    "template.missing_line": {
        "en": "names the line {value}, which this game does not have",
        "es": "menciona la línea {value}, que este juego no tiene",
    },
    "template.unknown_variant": {
        "en": "names the variant {value}, which this game does not declare",
        "es": "menciona la variante {value}, que este juego no declara",
    },
    "template.empty_variant": {
        "en": "the variant {value} has no lines",
        "es": "la variante {value} no tiene líneas",
    },
    "template.empty_table": {
        "en": "the table of values is empty",
        "es": "la tabla de valores está vacía",
    },
    "template.empty": {"en": "{value} is empty", "es": "{value} está vacío"},
    "template.bad_bounds": {
        "en": "the minimum {low} is above the maximum {high}",
        "es": "el mínimo {low} es mayor que el máximo {high}",
    },
    "template.negative": {
        "en": "{value} cannot be below {limit}",
        "es": "{value} no puede ser menor que {limit}",
    },
    "template.not_half": {
        "en": "{value} is not a whole number or a half",
        "es": "{value} no es un número entero ni acaba en ,5",
    },
    "template.no_label": {
        "en": "the label needs an English and a Spanish text",
        "es": "el nombre necesita un texto en inglés y otro en español",
    },
    "template.bad_lang": {
        "en": '{value} is not a language code such as "en" or "es"',
        "es": '{value} no es un código de idioma como "en" o "es"',
    },
    "template.no_counting_line": {
        "en": "no line is added to the total",
        "es": "ninguna línea se suma al total",
    },
    "template.valid": {
        "en": "{source}: a valid game, {name} (lines: {lines})",
        "es": "{source}: juego válido, {name} (líneas: {lines})",
    },
    # --- how a line scores, when its game file gives no hint of its own -----------------
    "hint.points": {"en": "points as read", "es": "puntos tal cual"},
    "hint.times": {"en": "× {per}", "es": "× {per}"},
    "hint.each": {"en": "{per} each", "es": "{per} cada uno"},
    "hint.every": {"en": "{per} per {every}", "es": "{per} por cada {every}"},
    "hint.check": {"en": "{points} if done", "es": "{points} si se logra"},
    "hint.product": {"en": "{a} × {b}", "es": "{a} × {b}"},
    "hint.penalty": {"en": "subtracted", "es": "se resta"},
    "hint.not_counted": {
        "en": "not added: only breaks ties",
        "es": "no se suma: solo desempata",
    },
    "hint.rates": {"en": "{choices}", "es": "{choices}"},
    # --- text tables -------------------------------------------------------------------------
    "text.line": {"en": "Line", "es": "Línea"},
    "text.total": {"en": "Total", "es": "Total"},
    "text.rank": {"en": "Rank", "es": "Puesto"},
    "text.by_hand": {"en": "by hand", "es": "a mano"},
    "text.tiebreak": {"en": "tie-break", "es": "desempate"},
    "text.game": {"en": "Game", "es": "Juego"},
    "text.id": {"en": "Id", "es": "Id"},
    "text.players": {"en": "Players", "es": "Jugadores"},
    "text.variants": {"en": "Variants", "es": "Variantes"},
    "text.scores": {"en": "How it scores", "es": "Cómo puntúa"},
    "text.key": {"en": "Key", "es": "Clave"},
    "text.tiebreakers": {"en": "Tie-breakers", "es": "Desempates"},
    "text.no_tiebreaker": {
        "en": "No tie-breaker: tied players share the victory.",
        "es": "Sin desempate: los empatados comparten la victoria.",
    },
    "text.reminders": {"en": "Reminders", "es": "Recordatorios"},
    "text.winner": {"en": "winner", "es": "ganador"},
    # --- words for listings -----------------------------------------------------------------
    "wins.highest": {"en": "highest total wins", "es": "gana el total más alto"},
    "wins.lowest": {"en": "lowest total wins", "es": "gana el total más bajo"},
    "prefer.more": {"en": "more is better", "es": "más es mejor"},
    "prefer.fewer": {"en": "fewer is better", "es": "menos es mejor"},
    "kind.points": {"en": "points", "es": "puntos"},
    "kind.count": {"en": "count", "es": "cantidad"},
    "kind.table": {"en": "table", "es": "tabla"},
    "kind.check": {"en": "yes / no", "es": "sí / no"},
    "kind.product": {"en": "product", "es": "producto"},
    "kind.penalty": {"en": "penalty", "es": "penalización"},
    "type.object": {"en": "an object", "es": "un objeto"},
    "type.list": {"en": "a list", "es": "una lista"},
    "type.text": {"en": "a text", "es": "un texto"},
    "type.whole": {"en": "a whole number", "es": "un número entero"},
    "type.number": {"en": "a number", "es": "un número"},
    "type.bool": {"en": "true or false", "es": "true o false"},
    "type.wins": {"en": '"highest" or "lowest"', "es": '"highest" o "lowest"'},
    "type.prefer": {"en": '"more" or "fewer"', "es": '"more" o "fewer"'},
}
