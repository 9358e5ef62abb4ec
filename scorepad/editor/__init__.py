"""The game editor's forms and checks, without Flet: what a person types into the editor
(every field kept as typed), the game file's data it makes, the core's complaints placed
under the fields they concern, and the sheet previewed while the game is not valid yet.

The views (``scorepad.ui.views.game_*``, the sheet's "Add a line") draw these forms and
take input into them; the core checks what they make. From the bottom up: ``words`` (a
text in each language), ``parts`` (a line, a variant, a tie-breaker…), ``rules`` (rules
between lines), ``problems`` (the field a complaint concerns), ``form`` (the whole game),
``salvage`` (the preview of a game with problems), ``kinds`` (the kinds of line offered,
in plain words).
"""
