"""Boards: what a player's board shows, read as data, from which sheet lines are derived.

Each board is a pure model (standard library only), one module per board: ``azul_wall``
(the end-of-game wall of Azul, either side), ``azul_track`` (an Azul game tracked round by
round: placement points, floor line, score track), ``pavilion`` (Summer Pavilion's stars,
on a star layout given as data), ``sintra`` (Stained Glass of Sintra's windows, for side
B's product) and ``kingdom`` (Kingdomino's kingdom).

Each kind of board a sheet file takes is one more module that registers itself in
``kinds.BOARD_KINDS`` (``azul_sheet``, ``pavilion_sheet``, ``sintra_sheet``,
``kingdom_sheet``); a game file names its kind (``"board"``), and ``sheet_boards`` reads a
player's board through the registry. No list of kinds is kept by hand.
"""
