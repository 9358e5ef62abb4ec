"""Boards: what a player's board shows, read as data, from which sheet lines are derived.

Each board is a pure model (standard library only), one module per board: ``azul_wall``
(the end-of-game wall of Azul, either side), ``azul_track`` (an Azul game tracked round by
round: placement points, floor line, score track), ``azul_sheet`` (the sheet file's
``"wall"``, ``"side"`` and ``"track"`` fields read into lines of the Azul sheet),
``pavilion`` (Summer Pavilion's stars, on a star layout given as data) and ``sintra``
(Stained Glass of Sintra's windows, for side B's product).
"""
