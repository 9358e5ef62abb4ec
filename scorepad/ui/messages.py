"""Every sentence of the app, in English and Spanish, registered with the core's catalogue."""

from __future__ import annotations

from scorepad.core.i18n import register

MESSAGES: dict[str, dict[str, str]] = {
    # --- starting the app -------------------------------------------------------------
    "app.serving": {
        "en": "Scorepad is running at {url} (press Ctrl+C to stop)",
        "es": "Scorepad está en marcha en {url} (pulsa Ctrl+C para pararlo)",
    },
    "app.port_taken": {
        "en": "port {port} is taken; using {free}",
        "es": "el puerto {port} está ocupado; se usa el {free}",
    },
    "app.no_free_port": {
        "en": "no free port from {port} to {last} on {host}",
        "es": "no hay ningún puerto libre del {port} al {last} en {host}",
    },
    "app.bad_port": {
        "en": "--port must be between 1 and 65535, not {value}",
        "es": "--port debe estar entre 1 y 65535, no {value}",
    },
    "app.no_window": {
        "en": "No desktop window: {reason}. Serving in the browser instead.",
        "es": "Sin ventana de escritorio: {reason}. Se sirve en el navegador.",
    },
    "app.no_window.client": {
        "en": "Flet's desktop client is not installed on this machine "
        "(Scorepad never downloads it)",
        "es": "el cliente de escritorio de Flet no está instalado en este equipo "
        "(Scorepad nunca lo descarga)",
    },
    "app.no_window.display": {
        "en": "there is no display to open it on",
        "es": "no hay pantalla donde abrirla",
    },
    "app.stopped": {"en": "Scorepad stopped.", "es": "Scorepad se ha parado."},
    # --- sharing with phones on the local network -------------------------------------
    "share.serving": {
        "en": "Phones on this network: scan the QR code or open {url}",
        "es": "Móviles en esta red: escanead el código QR o abrid {url}",
    },
    "share.no_network": {
        "en": "this computer has no local-network address: only this computer can open the app",
        "es": "este equipo no tiene dirección en la red local: solo este equipo puede abrir la app",
    },
    "share.bad_code": {
        "en": "--code must be 4 to 64 letters, digits, - or _",
        "es": "--code debe tener de 4 a 64 letras, cifras, - o _",
    },
    "share.ask_code": {
        "en": "Scan the QR code shown on the computer running Scorepad, or type its "
        "access code here.",
        "es": "Escanea el código QR que muestra el equipo donde corre Scorepad, o escribe "
        "aquí su código de acceso.",
    },
    "share.wrong_code": {
        "en": "That access code is not right.",
        "es": "Ese código de acceso no es correcto.",
    },
    "share.code": {"en": "Access code", "es": "Código de acceso"},
    "share.home": {
        "en": "Phones at the table: scan this code, or open {url}",
        "es": "Móviles en la mesa: escanead este código o abrid {url}",
    },
    # --- shared -----------------------------------------------------------------------
    "app.title": {"en": "Scorepad", "es": "Scorepad"},
    "app.home": {"en": "Home", "es": "Inicio"},
    "app.settings": {"en": "Settings", "es": "Ajustes"},
    "app.history": {"en": "History", "es": "Historial"},
    "app.stats": {"en": "Stats", "es": "Estadísticas"},
    "app.players": {"en": "Players", "es": "Jugadores"},
    "app.games": {"en": "Custom games", "es": "Juegos propios"},
    "app.play": {"en": "Play", "es": "Partida"},
    "app.players_range": {"en": "{low}–{high} players", "es": "{low}–{high} jugadores"},
    "app.players_one": {"en": "1 player", "es": "1 jugador"},
    "app.players_n": {"en": "{n} players", "es": "{n} jugadores"},
    "app.coming": {
        "en": "This screen arrives with the history: saved plays, stats, players and "
        "custom games are on their way.",
        "es": "Esta pantalla llega con el historial: las partidas guardadas, las "
        "estadísticas, los jugadores y los juegos propios están en camino.",
    },
    "app.not_found": {
        "en": "There is no screen at {route}.",
        "es": "No hay ninguna pantalla en {route}.",
    },
    "app.no_sheet": {
        "en": "There is no sheet in progress called {value}: it was saved or thrown away.",
        "es": "No hay ninguna hoja a medias llamada {value}: se guardó o se descartó.",
    },
    "app.unknown_game": {
        "en": "There is no game called {value}.",
        "es": "No hay ningún juego llamado {value}.",
    },
    # --- home ---------------------------------------------------------------------------
    "app.new_game": {"en": "New game", "es": "Nueva partida"},
    "app.in_progress": {"en": "Sheets in progress", "es": "Hojas a medias"},
    "app.continue": {"en": "Continue", "es": "Seguir"},
    "app.discard_sheet": {"en": "Throw this sheet away", "es": "Descartar esta hoja"},
    "app.sheet_discarded": {
        "en": "The sheet of {players} was thrown away.",
        "es": "Se descartó la hoja de {players}.",
    },
    "app.recent": {"en": "Recent plays", "es": "Partidas recientes"},
    "app.recent_loading": {
        "en": "Opening the history…",
        "es": "Abriendo el historial…",
    },
    "app.recent_empty": {"en": "No saved plays yet.", "es": "Aún no hay partidas guardadas."},
    "app.recent_coming": {
        "en": "Saved plays will be listed here once the history is available.",
        "es": "Las partidas guardadas aparecerán aquí cuando el historial esté disponible.",
    },
    # --- game picker --------------------------------------------------------------------
    "app.pick_game": {"en": "Choose a game", "es": "Elige un juego"},
    "app.search": {"en": "Search games", "es": "Buscar juegos"},
    "app.no_match": {
        "en": "No game matches {value}.",
        "es": "Ningún juego coincide con {value}.",
    },
    # --- new play -----------------------------------------------------------------------
    "app.player_n": {"en": "Player {n}", "es": "Jugador {n}"},
    "app.add_player": {"en": "Add a player", "es": "Añadir jugador"},
    "app.remove_player": {"en": "Remove player {n}", "es": "Quitar jugador {n}"},
    "app.move_up": {"en": "Move player {n} up", "es": "Subir jugador {n}"},
    "app.move_down": {"en": "Move player {n} down", "es": "Bajar jugador {n}"},
    "app.variant": {"en": "Variant", "es": "Variante"},
    "app.location": {"en": "Location (optional)", "es": "Lugar (opcional)"},
    "app.start": {"en": "Start the sheet", "es": "Empezar la hoja"},
    "app.name_missing": {"en": "Write a name", "es": "Escribe un nombre"},
    "app.name_repeated": {
        "en": "{value} is already playing",
        "es": "{value} ya está jugando",
    },
    "app.draft_waiting": {
        "en": "A sheet of this game is in progress:",
        "es": "Hay una hoja de este juego a medias:",
    },
    "app.drafts_waiting": {
        "en": "{count} sheets of this game are in progress:",
        "es": "Hay {count} hojas de este juego a medias:",
    },
    "app.continue_with": {"en": "Continue ({players})", "es": "Seguir ({players})"},
    "app.start_beside": {
        "en": "Starting makes a new sheet; these stay as they are.",
        "es": "Si empiezas, se crea una hoja nueva; estas siguen como están.",
    },
    # --- the sheet ----------------------------------------------------------------------
    "app.line": {"en": "Line", "es": "Línea"},
    "app.total": {"en": "Total", "es": "Total"},
    "app.rank": {"en": "Rank", "es": "Puesto"},
    "app.rank_n": {"en": "#{rank}", "es": "{rank}.º"},
    "app.one_less": {"en": "One less", "es": "Uno menos"},
    "app.one_more": {"en": "One more", "es": "Uno más"},
    "app.invalid": {"en": "invalid", "es": "no vale"},
    "app.not_counted": {
        "en": "{player}: {problem} (not counted)",
        "es": "{player}: {problem} (no se cuenta)",
    },
    "app.by_hand": {"en": "By hand", "es": "A mano"},
    "app.new_line_label": {"en": "Name of a new line", "es": "Nombre de una línea nueva"},
    "app.add_line": {"en": "Add a line", "es": "Añadir línea"},
    "app.remove_line": {"en": "Remove the line {label}", "es": "Quitar la línea {label}"},
    "app.line_label": {"en": "Line name", "es": "Nombre de la línea"},
    "app.enter_values": {
        "en": "Enter what each player reads off their board.",
        "es": "Anota lo que cada jugador lee en su tablero.",
    },
    "app.save": {"en": "Save", "es": "Guardar"},
    "app.save_blocked": {
        "en": "Fix the marked values to save.",
        "es": "Corrige los valores marcados para guardar.",
    },
    "app.history_unavailable": {
        "en": "The history is not available yet: the sheet stays here, nothing is lost.",
        "es": "El historial aún no está disponible: la hoja se queda aquí, no se pierde nada.",
    },
    "app.saved": {"en": "Play saved.", "es": "Partida guardada."},
    "app.at_location": {"en": "at {location}", "es": "en {location}"},
    "app.no_draft": {
        "en": "There is no sheet in progress for this game: start one.",
        "es": "No hay ninguna hoja a medias de este juego: empieza una.",
    },
    # --- settings -----------------------------------------------------------------------
    "app.language": {"en": "Language", "es": "Idioma"},
    "app.theme": {"en": "Theme", "es": "Tema"},
    "app.theme.system": {"en": "As the system", "es": "Como el sistema"},
    "app.theme.light": {"en": "Light", "es": "Claro"},
    "app.theme.dark": {"en": "Dark", "es": "Oscuro"},
    "app.history_where": {"en": "History", "es": "Historial"},
    "app.history_db": {"en": "Database: {url}", "es": "Base de datos: {url}"},
    "app.history_default": {
        "en": "Database: the default one (start with --db URL or SCOREPAD_DB for another)",
        "es": "Base de datos: la predeterminada (arranca con --db URL o SCOREPAD_DB para otra)",
    },
    "app.data_folder": {
        "en": "Drafts and settings: {folder}",
        "es": "Borradores y ajustes: {folder}",
    },
}

register(MESSAGES)
