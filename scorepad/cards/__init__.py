"""Cards: PNG pictures drawn with Pillow to keep or to share.

A play's result (``scorepad share``) and a year in review (``scorepad review --png``):
drawn from the store's records and the club's figures, in the user's language, with the
fonts the app ships. Nothing here reads the history or the screen.
"""
