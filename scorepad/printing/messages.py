"""The printing layer's sentences, in every language, registered with the core catalogue."""

from __future__ import annotations

from scorepad.core.i18n import register

MESSAGES: dict[str, dict[str, str]] = {
    "print.booklet": {"en": "Scorepad: every score sheet", "es": "Scorepad: todas las hojas"},
    "print.date": {"en": "Date", "es": "Fecha"},
    "print.place": {"en": "Place", "es": "Lugar"},
    "print.by_hand": {"en": "by hand:", "es": "a mano:"},
    "print.by_hand_hint": {"en": "points as agreed", "es": "puntos acordados"},
    "print.tiebreak_caption": {
        "en": "Tie-breaker: not added to the total, only used when totals are tied",
        "es": "Desempate: no se suma al total, solo se usa si hay empate",
    },
    "print.no_tiebreaker": {
        "en": "Tie: no tie-breaker; tied players share the victory.",
        "es": "Empate: sin desempate; los empatados comparten la victoria.",
    },
    "print.reuses_line": {
        "en": "use the “{line}” line above: nothing more to write",
        "es": "usa la línea «{line}» de arriba: no hay que anotar nada más",
    },
    "print.unknown_game": {
        "en": "unknown game {value}; choose one of {choices}, or give a game file (.json)",
        "es": (
            "juego desconocido {value}; elige uno de {choices}, "
            "o indica un archivo de juego (.json)"
        ),
    },
    "print.too_many_names": {
        "en": "{count} names given for {players} players; give at most {players} names",
        "es": "{count} nombres para {players} jugadores; indica como mucho {players} nombres",
    },
    "print.empty_name": {
        "en": "name {position} in --names is empty",
        "es": "el nombre {position} de --names está vacío",
    },
    "print.bad_name": {
        "en": "name {position} in --names: {problem}",
        "es": "el nombre {position} de --names: {problem}",
    },
    "print.unwritable": {
        "en": "{path}: cannot write the PDF there ({detail})",
        "es": "{path}: no se puede escribir el PDF ahí ({detail})",
    },
    "print.need_game": {
        "en": "name a game (e.g. scorepad sheet azul), or use --all",
        "es": "indica un juego (p. ej. scorepad sheet azul), o usa --all",
    },
    "print.play_and_game": {
        "en": "--play prints a saved play as it was played: "
        "give no game, variant, players or names with it",
        "es": "--play imprime una partida guardada tal como se jugó: "
        "no indiques juego, variante, jugadores ni nombres",
    },
    "print.all_and_game": {
        "en": "--all writes every game with its default columns; give only -o with it",
        "es": "--all escribe todos los juegos con sus columnas por defecto; úsalo solo con -o",
    },
}

register(MESSAGES)
