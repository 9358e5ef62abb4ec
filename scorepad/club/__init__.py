"""Clubs: what a history says about its players over time.

Ratings, game nights, seasons and challenges, achievements and a year in review are all
worked out here from the history's facts (``club.facts``): one plain value per counted
play, oldest first, read by the store in one pass (``Store.facts``). This package is pure
Python like the core: no Flet, SQL or PDF import; the store reads, this package counts,
the views and the command line show.
"""
