"""Portable save files: a game's file (`savefile` is its format, `game_files` exports and imports it), a
campaign's (`campaign_files`), the one parser of every imported file (`parser`), and the seal that keeps an
unfinished file's seed secret (`sealing`, `seal_key`).

May import what app.shelf may.
"""
